"""The rule book: every rule id a verdict, a refusal, an event or a settlement reason can name, declared once.

Each :class:`Rule` has its id, a short title in Chinese and English, and where it comes from: ``switch`` names
the rule-set switch that varies it (its seed citation is then the rule set's), otherwise ``source`` is where
every family states it. Verdicts (:mod:`gouji_teach.rules.verdicts`), the engine's refusals and events
(:mod:`gouji_teach.rules.events`), settlement (:mod:`gouji_teach.rules.settlement`) and the teaching layer all read this
one table; nothing adds to it at import time.

>>> RULES["compare.rank"].en
'same size: the higher rank wins'
>>> RULES["tribute.men"].switch, "tribute.men" in SETTLEMENT_RULES, "compare.rank" in SETTLEMENT_RULES
('men_cards', True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .rulesets import Source, seed

__all__ = ["RULES", "SETTLEMENT_RULES", "Rule"]


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule of the game with an id. ``switch`` names the rule-set switch that varies it (its source is
    then the rule set's); otherwise ``source`` is where every family states it."""

    id: str
    zh: str
    en: str
    switch: str | None = None
    source: Source | None = None


#: Cards, plays, comparison and 够级 (what a :class:`~gouji_teach.rules.verdicts.Verdict` decides).
_CARDS = (
    Rule("play.shape", "一手牌：除2和花外点数相同", "a play: one rank, plus 2s and jokers",
         source=seed("002", "§2 牌型/一手牌", "两张以上(含两张)点数相同的牌")),
    Rule("play.tieqian", "贴钱：2凑张数，按同点算", "贴钱: 2s fill a set and count as its rank", switch="tieqian"),
    Rule("compare.size", "同样张数才能比较", "only plays of the same size compare",
         source=seed("002", "§3 单张和一手牌的大小比较", "同样张数的牌才允许比较大小")),
    Rule("compare.rank", "张数相同，点数大的大", "same size: the higher rank wins",
         source=seed("002", "§3 单张和一手牌的大小比较", "同样张数的牌才允许比较大小，点数大的即大")),
    Rule("compare.aspects", "挂花要两方面都大", "a 挂花 play must be beaten in both aspects", switch="joker_model"),
    Rule("compare.cover", "挂花要逐张压住", "a 挂花 play must be covered card by card", switch="joker_model"),
    Rule("compare.kill", "两个大花灭一个大花", "two 大花 kill one 大花", switch="big_joker_kill"),
    Rule("gouji.jokers", "挂花的牌都是够级牌", "every play with a joker is 够级",
         source=seed("002", "§2 够级牌", "当任何一手牌挂花时，也算作“够级牌”")),
    Rule("gouji.twos", "几张2算够级牌", "how many 2s are 够级", switch="gouji_min_twos"),
    Rule("gouji.threshold", "够级牌的最低张数", "the smallest 够级 play of each rank",
         source=seed("002", "§2 够级牌", "2张A，2张K，3张Q，4张J，5张10为最低级别")),
    Rule("gouji.pure", "纯够级牌：不带2、不挂花", "pure 够级: no 2, no joker",
         source=seed("000", "part 3 第8条", "不包括点数“2”和大、小王的够级牌称为纯够级牌")),
    Rule("kaidian.play", "哪些够级牌能开点", "which 够级 plays can 开点", switch="kaidian_pure_only"),
    Rule("deck.limit", "一手牌里的某种牌不能比几副牌里的还多", "no play holds more copies of a card than the packs",
         source=seed("002", "§1 基本规则", "四幅牌，共216张牌")),
)

#: Turns, 开点, burns, 闷, revolution and the other rules of play (the engine's refusals and events).
_PLAY = (
    Rule("action.syntax", "步骤的写法", "how a step is written", source=seed("002", "§5 其他规则", "")),
    Rule(
        "turn.order",
        "逆时针由下家上牌",
        "answers go counter-clockwise, 下家 first",
        source=seed("002", "§5 上牌", "总是由逆时针下家对前面出的牌上牌"),
    ),
    Rule("turn.over", "这一局已经结束", "the hand is over", source=seed("002", "§6 游戏名次", "")),
    Rule(
        "seat.gone",
        "走了、革命、被闷或烧失败的人不再出牌",
        "a seat that went out, revolted, was 闷ed or failed a burn plays no more",
        source=seed("002", "§5 烧牌", "烧牌失败的玩家本局不能再出牌"),
    ),
    Rule("hand.cards", "只能出手里有的牌", "a seat plays only cards it holds", source=seed("002", "§2 牌型", "")),
    Rule(
        "lead.must",
        "发牌的人必须出牌",
        "the leader must lead a play",
        source=seed("002", "§5 发牌", "新的一轮里由上一轮最后一个出牌的人出牌"),
    ),
    Rule(
        "answer.beat",
        "上牌要大过前面的牌",
        "an answer must beat the play before it",
        source=seed("002", "§5 上牌", "自己出的一手牌大过前面的人的一手牌，称为顺牌"),
    ),
    Rule("pass.rule", "过牌后能否再上牌", "whether a seat that passed may play again", switch="pass_rule"),
    Rule(
        "gouji.duitou",
        "打够级：只有对头能上牌，别人只能烧",
        "a 够级 play is answered by the 对头 only",
        source=seed("002", "§5 打够级牌", "一旦有人出了够级牌，则除了烧牌外，只有对头可以上牌"),
    ),
    Rule(
        "gouji.sisi",
        "够死级：没人能接，除非烧",
        "够死级: nobody answers it except by burning",
        source=seed("002", "§5 够死级", "有两种情况可以产生够死级"),
    ),
    Rule(
        "gouji.sisi_last",
        "头科、二科的够级底牌被对头上了：这手是够死级",
        "the 对头's answer to the 够级 play 头科 or 二科 went out with is 够死级",
        switch="sisi_last_play",
    ),
    Rule(
        "yield.when",
        "让牌：对头的非够级牌，上两家都过了",
        "让牌: on the 对头's non-够级 play after the two before passed",
        source=seed("000", "part 3 第12条", "玩家对于对家发出的非够级牌，在上二家均已过牌的情况下"),
    ),
    Rule(
        "yield.duitou",
        "让牌后下两家上的牌，只有其对头能上",
        "after a 让牌, a play of the next two seats is answered by its 对头 only",
        switch="yield_duitou_only",
    ),
    Rule("biesan", "憋三：3只能最后出", "憋三: 3s only as the last play", switch="bie_san"),
    Rule(  # what 闷 is: every family defines it (the families' own words in their citations); where several 闷ed
        # seats place is the switch men_first_is_daluo (place.men)
        "men",
        "被闷：最后的3之前那手牌被人上了",
        "闷: the play before the last 3s was beaten",
        source=seed("002", "§4 闷贡", "“憋三”打法时，最后走3之前的一手牌被人上牌，称为“被闷”"),
    ),
    Rule("fours", "没开点时发4", "leading 4s before 开点", switch="fours_before_kaidian"),
    Rule(
        "fours.discard",
        "不能再开点时，没开点的人把4扔掉",
        "once nobody may 开点, a seat that has not opened throws its 4s away",
        switch="discard_dead_fours",
    ),
    Rule("fasi", "开点后接着发4", "after 开点 the next lead is 4s", switch="fasi"),
    Rule("fasi.lapse", "开点后没发4，开点作废", "a 开点 not followed by 4s lapses", switch="fasi_lapses"),
    Rule(
        "kaidian",
        "开点：够级牌没人接，自己得到发牌权",
        "开点: a 够级 play nobody answers wins the lead",
        source=seed("002", "§5 开点", "如果一方打出的够级牌，无人接牌，使得自己获得出牌权，则该玩家开点"),
    ),
    Rule(
        "kaidian.deadline",
        "走两科后不再开点",
        "no 开点 after two seats are gone",
        source=seed("000", "part 3 第25条", "走两“科”后（成功“革命者”视为走科），不再开点"),
    ),
    Rule(
        "kaidian.duitou", "对头走了不能再开点", "no 开点 once the 对头 is gone", switch="kaidian_needs_duitou"
    ),
    Rule("natural_point", "自然点", "自然点: no pure 够级 play in the hand", switch="natural_point"),
    Rule(
        "burn.gouji",
        "只能烧够级牌",
        "only a 够级 play waiting for its 对头 can be burned",
        source=seed("002", "§5 烧牌", "当任意一人发够级牌时，一般情况下由其对头出牌"),
    ),
    Rule("burn.kaidian", "开点后才能烧", "burning needs 开点", switch="burn_needs_kaidian"),
    Rule("burn.passed", "过牌后不能烧", "a seat that passed may not burn", switch="pass_rule"),
    Rule(
        "burn.joker", "烧牌后每手都要挂花", "after a burn every play carries a joker", switch="burn_last_exempt"
    ),
    Rule(
        "burn.priority",
        "烧牌优先：发够级牌者的联邦先烧，同帮按出牌顺序",
        "burn priority: the victim's team first, then play order",
        source=seed("002", "§5 烧牌", "发够级牌者的联邦可先于其他人烧牌，若烧牌者均为一方，则按发牌顺序进行"),
    ),
    Rule(
        "burn.lifted",
        "解烧：烧牌人的牌被人压上",
        "解烧: the burner's play is beaten",
        source=seed("002", "§5 烧牌", "如果中间对头压牌或其他人烧此烧牌者，则算解烧"),
    ),
    Rule(
        "burn.special",
        "特殊解烧：被烧人的同门只解烧；烧牌人的同家解烧并替他烧",
        "special 解烧: the victim's teammate only lifts the burn; the burner's teammate takes the burn over",
        switch="special_jieshao",
    ),
    Rule(
        "burn.counter",
        "反烧：被烧的人烧回烧牌人",
        "反烧: the victim burns the burner back",
        source=seed("003", "§十一 反烧", "被烧人被烧后，如果其能再度压上烧牌人发出的那栋烧牌"),
    ),
    Rule(
        "luanchan",
        "四户乱缠：走两家后不再按够级、过牌、让牌、烧牌的规矩",
        "四户乱缠: once two are gone, no 够级, passing, 让牌 or burning rules",
        source=seed("002", "§5 四户乱缠", "头科、二科产生后，其余四人不再按够级、过牌、让牌、烧牌等规则进行"),
    ),
    Rule(
        "jiefeng",
        "接风：走科后的牌没人要，下家发牌",
        "接风: nobody beats the last play of a seat that went out",
        source=seed("000", "part 3 第15条", "接风"),
    ),
    Rule("buy", "买三/买四", "buying a 3 or a 4", switch="buy_threes"),
    Rule(
        "revolt.when",
        "革命要在出牌前",
        "a revolution is declared before the first lead",
        source=seed("003", "§十二 革命", "若玩家在出牌前（进贡后）没有钱（2）没有花（王），则有权放弃本场够级"),
    ),
    Rule(
        "revolt.cards",
        "有钱或花不能革命",
        "a seat with a 2 or a joker may not revolt",
        source=seed("002", "§5 革命", "如果大花、小花、钱均没有时，可声明革命"),
    ),
    Rule(
        "revolt.two",
        "两家革命，这局作废",
        "two revolutions void the hand",
        source=seed("002", "§5 革命", "如同时出现2个(含2个)以上革命者，则该局作废"),
    ),
    Rule(
        "revolt.duel",
        "革命后的三手够级牌（冲点）",
        "the three 够级 plays after a revolution (冲点)",
        switch="revolution_duel",
    ),
    Rule(
        "revolt.points",
        "革命后的三手牌定下两家开不开点",
        "the three plays after a revolution decide both seats' 开点",
        switch="duel_decides_points",
    ),
    Rule(
        "revolt.handover",
        "革命时把钱和花交给对家",
        "a revolutionary hands its 2s and jokers to its 对头",
        switch="revolution_hands_over",
    ),
    Rule(
        "revolt.lead",
        "革命后的发牌顺序",
        "who leads after the three plays of a revolution",
        switch="revolution_lead",
    ),
    Rule(
        "revolt.auto",
        "买不到3又没钱没花：自动革命",
        "no 3 to be had and no 2 or joker: an automatic revolution",
        switch="auto_revolution",
    ),
    Rule("revolt.point", "革命算认点", "a revolution concedes the point", switch="revolution_concedes_point"),
    Rule(
        "head.choice",
        "革命后对头选要头或无头",
        "after a revolution its 对头 chooses 要头 or 无头",
        switch="revolution_head_choice",
    ),
    Rule(
        "head.failed",
        "革命失败：对家仍然有头",
        "a failed revolution leaves its 对头 有头",
        source=seed("000", "part 3 第49条", "革命失败即视为对家有头"),
    ),
    Rule(
        "head.men",
        "憋三留头：被闷的人视为没走，它的对家仍然有头",
        "憋三留头: a 闷ed seat counts as still there, its 对头 keeps its head",
        switch="men_keeps_head",
    ),
    Rule(
        "revolt.fours",
        "革命失败后，对家先发4",
        "after a failed revolution its 对头 leads 4s first",
        switch="failed_revolution_fours",
    ),
    Rule(
        "kaidian.peace",
        "和平局：第一局的第一手纯够级牌直接开点",
        "和平局: a seat's first pure 够级 play in the first hand opens at once",
        switch="peace_first_hand",
    ),
    Rule(
        "buy.give",
        "没钱没花买不了3：有3的人必须给一张",
        "no 2 and no joker to pay with: a seat with a 3 to spare must give one",
        switch="must_give_three",
    ),
    Rule(
        "buy.twos",
        "买三买四只能用钱（2），没有钱由同帮相助",
        "3s and 4s are bought with 2s only; a seat without one is helped by its teammates",
        switch="buy_with_jokers",
    ),
    Rule(
        "buy.order",
        "买三买四先用钱（2）付，没有2才用花",
        "a 2 pays for a 3 or a 4 first, a joker only where there is no 2",
        source=seed("000", "part 1 买三/要三", "则要用一张2或王（2优先）向对家“买3”"),
    ),
    Rule(
        "burn.resumed",
        "解烧失败：烧牌人又盖过解烧的牌，烧牌继续",
        "the 解烧 fails: the burner beats the lifting play and its burn goes on",
        switch="jieshao_recover",
    ),
    Rule(
        "burn.counter_late",
        "被烧人过后再烧烧牌人：算普通烧牌，不算反烧",
        "the victim burning a later play of the burner: an ordinary burn, not a 反烧",
        switch="counter_burn_at_once",
    ),
    Rule(
        "burn.counter_any",
        "反烧：除烧牌人的对家外，谁烧烧牌人都算反烧",
        "反烧: any seat but the burner's 对家 that burns the burner burns back",
        switch="counter_burn_by_others",
    ),
    Rule(
        "lead.duitou",
        "对头不要够级牌：由对头发牌",
        "the 对头 passed the 够级 play: the 对头 leads",
        switch="duitou_pass_leads",
    ),
    Rule(
        "wutou",
        "无头：谁的牌都能接",
        "无头: anyone answers and is answered",
        source=seed("002", "§5 要头/无头", "此时玩家出的牌任何玩家都可以接"),
    ),
    Rule(
        "xuandian.when",
        "宣点要在出牌前",
        "宣点 is declared before the first lead",
        source=seed("000", "part 3 第23条", "是指在“大落”开始发牌之前"),
    ),
    Rule("first_leader", "谁先发牌", "who leads first", switch="first_leader"),
)

#: Places, scores and tributes (settlement).
_SETTLEMENT = (
    Rule("place.order", "名次按走完的先后", "places follow the order the seats went out",
         source=seed("002", "§6 游戏名次", "头科：游戏中第一个走科的人")),
    Rule("place.revolution", "革命者的名次", "where a revolutionary places", switch="revolution_third_with_top_two"),
    Rule("place.revolution_failed", "革命失败者为大落", "a failed revolutionary is 大落",
         switch="failed_revolution_last"),
    Rule("place.men", "被闷的名次", "where 闷ed seats place", switch="men_first_is_daluo"),
    Rule("place.failed_burn", "烧牌失败者为大落", "a failed burner is 大落", switch="failed_burn_last"),
    Rule("place.zhashao", "因诈烧被闷的为自由人", "a seat 闷ed by a failed burn is a free seat",
         switch="zhashao_men_free"),
    Rule("place.unordered", "没走完的几家顺序不影响结算", "the order of seats that never went out does not matter",
         source=seed("000", "part 3 第42条", "被圈三家（串三户）的一同帮须商定大落")),
    Rule("place.sweep", "串三户（圈）", "串三户 (圈): one team takes 头科, 二科 and 三科",
         source=seed("002", "§5 串三户", "如果一方获得头科、二科、三科……称之为串三户")),
    Rule("score.place", "名次得分", "points per place, summed per team", switch="place_points"),
    Rule("score.sweep", "串三户得分翻倍", "串三户 doubles the scores", switch="sweep_doubles_score"),
    Rule("tribute.first_hand", "第一局不进贡", "nothing is paid before the first hand", switch="first_hand_free"),
    Rule("tribute.void", "该局作废", "a voided hand settles to nothing",
         source=seed("002", "§5 革命", "如同时出现2个(含2个)以上革命者，则该局作废")),
    Rule("tribute.order", "进贡的顺序", "the order of the tributes", switch="tribute_order"),
    Rule("tribute.dian", "点贡", "点贡", switch="dian_table"),
    Rule("tribute.dian.escalation", "点贡逐局加码", "点贡 grows over consecutive hands", switch="dian_escalation"),
    Rule("tribute.dian.revolution", "革命算认点", "a revolution concedes the point",
         switch="revolution_concedes_point"),
    Rule("tribute.shao", "烧贡", "烧贡", switch="burn_cards"),
    Rule("tribute.shao.counter", "反烧的烧贡", "烧贡 after 反烧", switch="counter_burn_growth"),
    Rule("tribute.shao.failed", "烧牌失败的贡", "the tribute of a failed burn", switch="failed_burn_tribute"),
    Rule("tribute.shao.cancelled", "解烧不进贡", "a burn lifted by 解烧 costs nothing",
         source=seed("002", "§5 烧牌", "如果中间对头压牌或其他人烧此烧牌者，则算解烧")),
    Rule("tribute.men", "闷贡", "闷贡", switch="men_cards"),
    Rule("tribute.men.zhashao", "因诈烧被闷不进闷贡", "no 闷贡 for a 闷 by a failed burn", switch="zhashao_men_free"),
    Rule("tribute.luo", "落贡", "落贡", switch="luo_cards"),
    Rule("tribute.sweep", "串三户（圈）后的进贡", "tribute after a 串三户", switch="sweep_tribute"),
    Rule("tribute.huiwu", "汇五", "汇五", switch="sweep_huiwu"),
    Rule("tribute.restart", "连圈重新开局", "repeated 圈 restarts the series", switch="sweep_restart_after"),
    Rule("tribute.same_team", "同帮之间的贡", "tribute between teammates", switch="same_team_pays"),
    Rule("tribute.cards", "进哪些牌", "which cards are paid", switch="tribute_cards"),
    Rule("tribute.kanggong", "抗贡", "抗贡", switch="kanggong"),
    Rule("tribute.return", "回牌", "returned cards", switch="returns_cards"),
)

#: The rule book by id, in the order above (a rule set's switch is first named by its play rule).
RULES: Mapping[str, Rule] = MappingProxyType({r.id: r for r in (*_CARDS, *_PLAY, *_SETTLEMENT)})

#: The settlement rules by id (the reasons of :mod:`gouji_teach.rules.settlement` name only these).
SETTLEMENT_RULES: Mapping[str, Rule] = MappingProxyType({r.id: r for r in _SETTLEMENT})

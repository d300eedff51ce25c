"""Rule sets: the four regional families of 够级 as data.

A :class:`Ruleset` is a frozen bag of named switches. Every switch of every preset carries a
:class:`Source`: the seed file and section it comes from, with the deciding sentence, or an explicit
"seed silent, default chosen because ..." note. The engine reads switches; it never asks for a name.

>>> from gouji_teach.rules.rulesets import find_ruleset
>>> find_ruleset("tongsu").tieqian
False
>>> find_ruleset("QingDao").name
'qingdao'
>>> find_ruleset("beijing")
Traceback (most recent call last):
...
gouji_teach.rules.errors.UnknownRulesetError: 未知规则集 'beijing'... / unknown rule set 'beijing' (choose from: ...)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from types import MappingProxyType
from typing import Any

from .errors import RulesetError, UnknownRulesetError

__all__ = [
    "CHOICES",
    "LINYI",
    "PRESETS",
    "QINGDAO",
    "SEEDS",
    "TONGSU",
    "ZAOZHUANG",
    "CounterBurnGrowth",
    "FirstLeader",
    "FoursBeforeKaidian",
    "JokerModel",
    "PassRule",
    "RevolutionDuel",
    "Ruleset",
    "Source",
    "SweepTribute",
    "SwitchChoice",
    "TributeCards",
    "TributeKind",
    "add_house",
    "all_rulesets",
    "allowed",
    "club_note",
    "describe",
    "en_citation",
    "find_ruleset",
    "house_rulesets",
    "ruleset_from_json",
    "switch_table",
    "switches",
    "unknown_switch",
]

#: Short names of the seed files in ``shared/seeds/``.
SEEDS: Mapping[str, str] = MappingProxyType(
    {
        "000": "000_a25df5c604da1d59.txt",
        "002": "002_7f7cb6e6f3a2271d.txt",
        "003": "003_40c309e126def456.txt",
    }
)


#: The seeds' section titles (and the parts of a title split by ``/``) in English, for citations on English
#: pages; the game terms the course keeps in Chinese (开点, 烧贡 ...) stay as they are.
SECTION_TITLES_EN: Mapping[str, str] = MappingProxyType({
    "基本规则": "Basic rules", "够级牌": "够级 cards", "牌型": "Kinds of play", "一手牌": "Sets",
    "挂花": "挂花", "贴钱": "贴钱", "单张和一手牌的大小比较": "Comparing singles and sets",
    "挂花的大小比较": "Comparing 挂花 plays", "进贡": "Tribute", "点贡": "点贡", "烧贡": "烧贡", "落贡": "落贡",
    "闷贡": "闷贡", "上牌": "Playing on", "上班": "The first lead", "串三户": "串三户", "买三": "Buying 3s",
    "要三": "Asking for 3s", "买四": "Buying 4s", "要四": "Asking for 4s", "其他规则": "Other rules",
    "发牌": "Leading", "四户乱缠": "四户乱缠", "够死级": "够死级", "宣点": "宣点", "开点": "开点",
    "打够级牌": "Answering 够级 plays", "烧牌": "Burning", "要头": "要头", "无头": "无头", "让牌": "Yielding",
    "过牌": "Passing", "革命": "Revolution", "游戏名次": "Places", "游戏积分计算规则": "Scoring",
    "导论": "Introduction", "出牌": "Playing the cards", "普通解烧": "Ordinary 解烧", "憋三": "憋三", "点": "The point",
    "特殊解烧": "Special 解烧", "反烧": "反烧", "清（闷）": "闷", "落": "Last places", "冲点": "冲点",
    "游戏介绍": "The game", "结算说明": "Settling a hand", "规则介绍": "Rules", "注": "note",
})

_NUMERALS = "一二三四五六七八九"


@cache
def _citation_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """An article of 000 part 3 and a section of 002/003 with its title (compiled on first use, not at import)."""
    return (re.compile(r"(part \d )?第(\d+)(?:[-–](\d+))?条"),
            re.compile(r"(?:§([一二三四五六七八九十]+|\d+)|(part 1))(?: ([\u4e00-\u9fff（）/]+))?"))


def _number(numeral: str) -> int:
    """A Chinese section number (一 ... 十九) or a digit string as an int."""
    if numeral.isdigit():
        return int(numeral)
    tens, _, units = numeral.rpartition("十")
    return (10 * (_NUMERALS.index(tens) + 1 if tens else 1) if "十" in numeral else 0) + (
        _NUMERALS.index(units) + 1 if units else 0)


def en_citation(text: str) -> str:
    """``text`` with every seed section in it said in English: articles of 000 part 3 by number, the sections of
    003 by digits, section titles in English (:data:`SECTION_TITLES_EN`).

    >>> en_citation("000 part 3 第15条"), en_citation("002 §3 挂花的大小比较"), en_citation("003 §十四 注")
    ('000 part 3, article 15', '002 §3 Comparing 挂花 plays', '003 §14, note')
    >>> en_citation("default: 000 part 1 is silent; as 002 §5 上牌 and 003 §十二")
    'default: 000 part 1 is silent; as 002 §5 Playing on and 003 §12'
    """

    def article(m: re.Match[str]) -> str:
        part = f"{m.group(1).rstrip()}, " if m.group(1) else ""
        return f"{part}article {m.group(2)}" if not m.group(3) else f"{part}articles {m.group(2)}–{m.group(3)}"

    def section(m: re.Match[str]) -> str:
        head = f"§{_number(m.group(1))}" if m.group(1) else m.group(2)
        if not m.group(3):
            return head
        title = "/".join(SECTION_TITLES_EN.get(part, part) for part in m.group(3).split("/"))
        return f"{head}{', ' if title == 'note' else ' '}{title}"

    articles, sections = _citation_patterns()
    return sections.sub(section, articles.sub(article, text))


@dataclass(frozen=True, slots=True)
class Source:
    """Where a switch's value comes from: a seed sentence, a default chosen where the seeds are silent, or a club's
    own note (a house rule: ``club`` names the rule set, ``section`` is the note in Chinese, ``quote`` in English).
    """

    seed: str | None  # "000", "002", "003" or None for a chosen default or a club's note
    section: str
    quote: str = ""  # the deciding sentence (short), or why the default was chosen; a club's note in English
    club: str = ""  # the house rule set whose note this is
    #: the parts of the value the seed does not give, placed by the course (e.g. the kinds of tribute an order
    #: holds that the seed's order leaves out); the rule book says so beside the rule
    placed: tuple[str, ...] = ()

    @property
    def is_default(self) -> bool:
        return self.seed is None and not self.club

    def cite(self) -> str:
        """One-line citation, e.g. ``002 §3 挂花的大小比较``; a club's note as ``myclub: its note``."""
        if self.club:
            return f"{self.club}: {self.quote or self.section}"
        if self.seed is None:
            return f"default: {self.section}"
        return f"{self.seed} {self.section}"

    def __str__(self) -> str:
        if self.club:
            return self.cite()
        if self.seed is None:
            return f"seed silent, default chosen: {self.section}" + (f" — {self.quote}" if self.quote else "")
        return f"{SEEDS[self.seed]} {self.section}" + (f": “{self.quote}”" if self.quote else "")


def seed(file: str, section: str, quote: str = "", placed: tuple[str, ...] = ()) -> Source:
    """A source in a seed file (``file`` is the short name ``000``, ``002`` or ``003``); ``placed``: the parts of
    the value the seed does not give (see :attr:`Source.placed`)."""
    if file not in SEEDS:
        raise ValueError(f"unknown seed file {file!r}")
    return Source(file, section, quote, placed=placed)


def default(why: str, quote: str = "") -> Source:
    """A value chosen where the seed is silent; ``why`` says why."""
    return Source(None, why, quote)


def club_note(club: str, zh: str, en: str = "") -> Source:
    """A house rule's source: the note of the club whose rule set ``club`` is (Chinese and English; one note in one
    language only is shown on both pages)."""
    return Source(None, zh or en, en or zh, club=club)


# The choice-valued switches: one StrEnum each (it equals and prints as its value, as records and rule files
# write it), whose members carry their words on a page: said once, here (tables, wrong answers, descriptions).

class SwitchChoice(StrEnum):
    """A value of a choice-valued switch: its id (what records and rule files write) and its words on a Chinese
    and an English page.

    >>> PassRule.EXCEPT_DUITOU, PassRule.EXCEPT_DUITOU.zh, PassRule("free").en
    (<PassRule.EXCEPT_DUITOU: 'except_duitou'>, '只能上对头的牌', 'freely')
    """

    zh: str
    en: str

    def __new__(cls, value: str, zh: str = "", en: str = "") -> SwitchChoice:
        member = str.__new__(cls, value)
        member._value_ = value
        member.zh, member.en = zh or value, en or value
        return member


class JokerModel(SwitchChoice):
    """Values of ``joker_model``: how a 挂花 play is beaten."""

    ASPECTS = "aspects", "两方面都大", "bigger in both aspects"
    COVER = "cover", "逐张压住", "every card covered"


class CounterBurnGrowth(SwitchChoice):
    """Values of ``counter_burn_growth``: what a 烧贡 is worth after k 反烧."""

    ONE = "one", "1张", "1 card"
    PLUS_ONE = "plus_one", "k+1张", "k+1 cards"
    DOUBLE = "double", "2^k张", "2^k cards"


class SweepTribute(SwitchChoice):
    """Values of ``sweep_tribute``: tribute after a 串三户."""

    NONE = "none", "不进贡", "none"
    DIAN = "dian", "输方各进一张点贡", "one 点贡 from each loser"
    QUAN = "quan", "只进圈贡", "only 圈贡"
    NORMAL = "normal", "照常", "as usual"


class TributeCards(SwitchChoice):
    """Values of ``tribute_cards``: which cards a tribute takes."""

    BIGGEST = "biggest", "手里最大的牌", "the biggest in hand"
    NATURAL_JOKERS_TWOS = "natural_jokers_twos", "只进自然抓到的王和2", "only naturally dealt jokers and 2s"


class FirstLeader(SwitchChoice):
    """Values of ``first_leader``: who leads first."""

    SUIT_FOURS = "suit_fours", "同花色4最多", "most 4s of one suit"
    FIRST_THREE = "first_three", "最先摸到3", "the first 3 dealt"
    DRAWN_CARD = "drawn_card", "翻牌定人", "a drawn card"


class PassRule(SwitchChoice):
    """Values of ``pass_rule``: whether a seat that passed may play again."""

    FINAL = "final", "不能", "never"
    EXCEPT_DUITOU = "except_duitou", "只能上对头的牌", "only on its 对头's play"
    FREE = "free", "可以", "freely"


class FoursBeforeKaidian(SwitchChoice):
    """Values of ``fours_before_kaidian``: leading 4s before 开点."""

    FREE = "free", "可以", "allowed"
    CONCEDE = "concede", "视为认点", "concedes the point"
    FORBIDDEN = "forbidden", "不许", "forbidden"


class RevolutionDuel(SwitchChoice):
    """Values of ``revolution_duel``: the plays after a revolution."""

    NONE = "none", "没有", "none"
    CHONGDIAN = "chongdian", "冲点（对家全打死才开点）", "冲点 (the 对家 opens only by killing all three)"
    THREE_PLAYS = "three_plays", "必须三手纯够级牌", "three required pure 够级 plays"


#: The choice-valued switches and their vocabularies.
CHOICES: Mapping[str, type[SwitchChoice]] = MappingProxyType({
    "joker_model": JokerModel,
    "counter_burn_growth": CounterBurnGrowth,
    "sweep_tribute": SweepTribute,
    "tribute_cards": TributeCards,
    "first_leader": FirstLeader,
    "pass_rule": PassRule,
    "fours_before_kaidian": FoursBeforeKaidian,
    "revolution_duel": RevolutionDuel,
})


class TributeKind(StrEnum):
    """A kind of tribute (进贡), as a rule set names it in ``tribute_order`` and ``failed_burn_tribute`` and a
    settlement in each :class:`~gouji_teach.rules.settlement.Tribute`. The values are ASCII ids (pinyin); ``zh`` and
    ``en`` name the kind on a page. English pages keep the Chinese term, as they keep 开点: the course's glossary
    teaches it. The Chinese name is accepted wherever a kind is read (records written before the ids were ASCII).

    >>> TributeKind("点贡") is TributeKind.DIAN
    True
    >>> TributeKind.ZHASHAO, TributeKind.ZHASHAO.zh, TributeKind.ZHASHAO.en
    (<TributeKind.ZHASHAO: 'zhashao'>, '诈烧贡', '诈烧贡')
    """

    DIAN = "dian"  # 点贡: for not opening (开点)
    SHAO = "shao"  # 烧贡: for being burned
    MEN = "men"  # 闷贡: for being 闷ed
    LUO = "luo"  # 落贡: of the last two places
    QUAN = "quan"  # 圈贡: of a team swept by 串三户
    ZHASHAO = "zhashao"  # 诈烧贡: of a failed burner (zaozhuang)

    @property
    def zh(self) -> str:
        """The name on a Chinese page."""
        return _TRIBUTE_NAMES[self]

    @property
    def en(self) -> str:
        """The name on an English page: the game term itself."""
        return _TRIBUTE_NAMES[self]

    @classmethod
    def _missing_(cls, value: object) -> TributeKind | None:
        return next((kind for kind, name in _TRIBUTE_NAMES.items() if name == value), None)


_TRIBUTE_NAMES: Mapping[TributeKind, str] = MappingProxyType(
    {
        TributeKind.DIAN: "点贡",
        TributeKind.SHAO: "烧贡",
        TributeKind.MEN: "闷贡",
        TributeKind.LUO: "落贡",
        TributeKind.QUAN: "圈贡",
        TributeKind.ZHASHAO: "诈烧贡",
    }
)


def _switch(zh: str, en: str) -> Any:
    """A rule-set field that is a switch, with its meaning in both languages."""
    return field(metadata={"zh": zh, "en": en})


@dataclass(frozen=True, kw_only=True, slots=True)
class Ruleset:
    """One regional family of rules. Build presets with keyword arguments only; every switch needs a source."""

    name: str
    title_zh: str
    title_en: str

    # -- the deal -------------------------------------------------------------------------------
    packs: int = _switch("几副牌", "number of packs in the deck")

    # -- plays and how they count ------------------------------------------------------------------
    tieqian: bool = _switch("可以贴钱（2补足张数，按底牌点数算）", "2s may fill a set (贴钱) and count as its rank")
    downgrade_mixed_jokers: bool = _switch(
        "大花与小花同出时，大花当小花算", "a play mixing 大花 and 小花 counts all its jokers as 小花"
    )

    # -- comparison ----------------------------------------------------------------------------------
    joker_model: JokerModel = _switch(  # noqa: RUF009 (a dataclass field, as _switch returns)
        "挂花比较方式", "how 挂花 is beaten"
    )
    big_joker_kill: bool = _switch("两个大花灭一个大花（多出一张）", "two 大花 kill one 大花 (one card longer)")

    # -- 够级 and 开点 --------------------------------------------------------------------------------
    gouji_min_twos: int = _switch("几张2算够级牌", "how many 2s make a 够级 play")
    kaidian_pure_only: bool = _switch(
        "只有纯够级牌（不带2、不挂花）才能开点",
        "only pure 够级 plays (no 2, no joker) can 开点; otherwise all but jokers and a single 2",
    )

    # -- settlement ---------------------------------------------------------------------------------
    place_points: tuple[int, ...] = _switch(
        "名次得分：头科、二科、三科、四科、二落、大落（每人得本帮三人之和）",
        "points of 头科 ... 大落; each player scores the sum of the team's three",
    )
    sweep_doubles_score: bool = _switch(
        "串三户（圈）得分翻倍", "a 串三户 (one team takes 头科, 二科, 三科) doubles the scores"
    )
    revolution_third_with_top_two: bool = _switch(
        "革命者算四科；本帮得头科、二科时算三科", "a revolutionary is 四科, or 三科 when the team takes 头科 and 二科"
    )
    failed_revolution_last: bool = _switch("革命失败者为大落", "a failed revolutionary is 大落")
    failed_burn_last: bool = _switch(
        "烧牌失败（诈烧）者为大落，本局不再出牌",
        "a failed burner (诈烧) is 大落 and plays no more; otherwise it owes tribute and plays on",
    )
    zhashao_men_free: bool = _switch(
        "因诈烧被闷的不算落，为自由人（三科或四科），不进闷贡",
        "a seat 闷ed by a failed burn is a free seat (三科 or 四科) and pays no 闷贡",
    )
    tribute_order: tuple[TributeKind, ...] = _switch("进贡的顺序", "the order in which the kinds of tribute are paid")
    first_hand_free: bool = _switch("每个系列的第一局不进贡", "nothing is paid before the first hand of a series")
    dian_table: Mapping[str, int] = _switch(
        "点贡张数，按“自己/对家”是否宣点（X）、开点（K）查表",
        "点贡 a seat pays its 对家, keyed 'self/对家' with X for 宣点 and K for 开点 (missing: 0)",
    )
    dian_escalation: tuple[int, ...] = _switch(
        "连续没过点时每份点贡的张数（0：毕业，重新轮回）",
        "点贡 multiplier for the 1st, 2nd ... consecutive hand without 开点 (0: graduated, the cycle restarts)",
    )
    burn_cards: int = _switch("烧贡张数", "cards of a 烧贡")
    failed_burn_tribute: TributeKind | None = _switch(  # noqa: RUF009 (a dataclass field, as _switch returns)
        "烧牌失败时烧牌者向被烧者进的贡（空：不进）", "the tribute a failed burner pays the seat burned (empty: none)"
    )
    counter_burn_growth: CounterBurnGrowth = _switch(  # noqa: RUF009 (a dataclass field, as _switch returns)
        "k次反烧后的烧贡张数", "烧贡 after k 反烧"
    )
    men_cards: int = _switch("闷贡张数", "cards of a 闷贡")
    luo_cards: tuple[int, int] = _switch(
        "落贡：大落进头科、二落进二科的张数", "落贡: cards 大落 pays 头科, and 二落 pays 二科"
    )
    sweep_tribute: SweepTribute = _switch(  # noqa: RUF009 (a dataclass field, as _switch returns)
        "串三户（圈）后的进贡", "tribute after a 串三户"
    )
    sweep_huiwu: bool = _switch("被圈的一帮下一局汇五", "after a 圈 the swept team opens the next hand with 汇五")
    sweep_restart_after: int = _switch(
        "同一帮连续被圈几局后重新开局（0：不会）",
        "after this many 圈 of one team in a row the series restarts (0: never)",
    )
    same_team_pays: bool = _switch("同帮之间也要进贡", "tribute is paid between teammates too")
    tribute_cards: TributeCards = _switch(  # noqa: RUF009 (a dataclass field, as _switch returns)
        "进贡进哪些牌（不足的免除）", "which cards a tribute takes (any shortfall excused)"
    )
    kanggong: bool = _switch(
        "抗贡：自然抓到4个大王抗本帮的贡，4个小王抗本人的贡",
        "抗贡: four dealt big jokers excuse the team's tribute, four small jokers one's own",
    )
    returns_cards: bool = _switch(
        "吃贡后回牌（张数相同，不能回贡牌）", "the receiver returns as many cards of its choice, not the tribute cards"
    )

    # -- play ------------------------------------------------------------------------------------------
    keep_threes: int = _switch("牌里只留几张3（0：全留）", "how many 3s the deck keeps (0: all of them)")
    bie_san: bool = _switch("憋三：3只能作最后一手牌出", "憋三: 3s may only be the last play of a hand")
    first_leader: FirstLeader = _switch(  # noqa: RUF009 (a dataclass field, as _switch returns)
        "谁先发牌", "who leads first"
    )
    pass_rule: PassRule = _switch(  # noqa: RUF009 (a dataclass field, as _switch returns)
        "过牌后能否再上牌", "after passing, may a seat play again this round"
    )
    fasi: bool = _switch("开点后接着发4", "after 开点 the seat's next lead is its 4s")
    fasi_lapses: bool = _switch(
        "开点后下一手没发4，开点作废，要重新开点", "a 开点 whose next lead is not 4s lapses: the seat must open again"
    )
    fours_before_kaidian: FoursBeforeKaidian = _switch(  # noqa: RUF009 (a dataclass field, as _switch returns)
        "没开点时发4", "leading 4s before 开点"
    )
    natural_point: bool = _switch(
        "自然点：没有一手最小纯够级牌即自然开点", "自然点: a hand with no pure 够级 play opens at once"
    )
    kaidian_needs_duitou: bool = _switch("对头走了就不能再开点", "no 开点 once the seat's 对头 has gone out")
    buy_threes: bool = _switch("买三/要三", "a seat without a 3 buys one (买三)")
    buy_fours: bool = _switch("买四/要四", "a seat without a 4 buys one (买四)")
    auto_revolution: bool = _switch(
        "买不到3又没有钱和花：自动革命", "a seat left without a 3 and with no 2 or joker revolts automatically"
    )
    burn_needs_kaidian: bool = _switch("开点后才能烧牌", "only a seat that has 开点ed may burn (烧牌)")
    burn_last_exempt: bool = _switch(
        "烧牌后最后一手可以不挂花", "after a burn, the burner's last play need not carry a joker"
    )
    revolution_concedes_point: bool = _switch("革命算认点：对头开点", "a revolution concedes the point: its 对头 opens")
    revolution_head_choice: bool = _switch(
        "革命后对头可选要头/无头", "after a revolution its 对头 chooses 要头 or 无头"
    )
    men_first_is_daluo: bool = _switch("先清为落：第一个被闷的是大落", "the first seat 闷ed is 大落 (先清为落)")
    revolution_lead: bool = _switch(
        "革命后发牌顺序：成功则革命者发3、对家扔4；失败则对家先发（发4）",
        "after the three plays: on success the revolutionary leads its 3s and its 对头 throws its 4s away; on "
        "failure the 对头 leads first (its 4s, where it opened)",
    )
    sisi_last_play: bool = _switch(
        "头科、二科的底牌是够级牌时，对头上牌得一次够死级",
        "when 头科 or 二科 goes out with a 够级 play, its 对头's answer to that play is 够死级 (once)",
    )
    yield_duitou_only: bool = _switch(
        "让牌后下两家上的牌，只有出牌人的对头能上",
        "after a 让牌, a play of one of the next two seats is answered by that seat's 对头 only",
    )
    special_jieshao: bool = _switch(
        "特殊解烧：被烧人的同门压住烧牌只算解烧；烧牌人的同家压住烧牌，解烧并替他烧被烧人",
        "special 解烧: the victim's teammate beating a burn only lifts it; the burner's teammate lifts it and "
        "takes the burn over",
    )
    discard_dead_fours: bool = _switch(
        "不能再开点时，没开点的人把4扔掉（自然点除外）",
        "once nobody may 开点 any more, a seat that has not opened throws its 4s away",
    )
    revolution_duel: RevolutionDuel = _switch(  # noqa: RUF009 (a dataclass field, as _switch returns)
        "革命后的三手够级牌", "three 够级 plays after a revolution"
    )
    failed_revolution_fours: bool = _switch(
        "革命失败后，无论对家是否开点，都由对家发4",
        "after a failed revolution its 对头 leads 4s first, opened or not",
    )
    duel_decides_points: bool = _switch(
        "革命后的三手牌定下两家这局开不开点：没在三手牌里开点的，这局不再开点",
        "the three plays after a revolution decide both seats' 开点: a seat they did not open opens no more this hand",
    )
    revolution_hands_over: bool = _switch(
        "革命时手里还有钱（2）或花，交给对家再革命",
        "a seat still holding 2s or jokers may revolt by handing them to its 对头",
    )
    peace_first_hand: bool = _switch(
        "和平局：系列第一局不买三买四，对家的第一手纯够级牌直接开点",
        "和平局: in the first hand of a series nobody buys 3s or 4s, and a seat's first pure 够级 play opens at once",
    )
    men_keeps_head: bool = _switch(
        "憋三留头：被闷的人视为没走，它的对家仍然有头",
        "憋三留头: a 闷ed seat counts as still there, so its 对头 keeps its head",
    )
    must_give_three: bool = _switch(
        "既没钱又没花的人买不了3：有3的人（不论哪帮）必须给一张",
        "a seat with no 2 and no joker cannot buy a 3: anyone with a 3 to spare, of either team, must give one",
    )
    duitou_pass_leads: bool = _switch(
        "对头不要够级牌时，新的一轮由对头发牌（否则由出牌人发牌）",
        "when the 对头 passes a 够级 play, the 对头 leads the next round (otherwise the seat that played it)",
    )
    counter_burn_by_others: bool = _switch(
        "除烧牌人的对家外，谁压住烧牌人的烧牌都算反烧（烧贡照反烧算），不只是解烧",
        "any seat but the burner's 对家 that burns the burner's play makes a 反烧 (the 烧贡 grows), not a mere 解烧",
    )
    buy_with_jokers: bool = _switch(
        "买三买四可以用钱（2）或花付", "a 3 or a 4 may be paid for with a 2 or a joker"
    )
    jieshao_recover: bool = _switch(
        "解烧的牌又被烧牌人盖过：解烧失败，烧牌继续",
        "when the burner beats the play that lifted its burn (解烧), the 解烧 fails and the burn goes on",
    )
    counter_burn_at_once: bool = _switch(
        "只有刚被烧时压住烧牌才算反烧；之后再烧烧牌人的牌算普通烧牌（并解烧）",
        "only a burn of the burning play itself is a 反烧; the victim burning a later play of the burner makes an "
        "ordinary burn (and lifts the first)",
    )

    sources: Mapping[str, Source]
    #: Where this family's own seed states a rule every family shares (rule id -> source); a rule not listed
    #: cites the rule book's source (see :data:`gouji_teach.rules.rulebook.RULES`).
    citations: Mapping[str, Source] = field(default_factory=dict)
    #: The family (a preset's name) this rule set changes; a preset's is its own name (the default).
    base: str = ""

    def __post_init__(self) -> None:
        if not self.base:
            object.__setattr__(self, "base", self.name)
        names = set(switches())
        missing = sorted(names - set(self.sources))
        extra = sorted(set(self.sources) - names)
        if missing or extra:
            raise RulesetError(
                self.name, "sources", f"缺少出处 {missing}，多余出处 {extra}",
                f"switches without a source {missing}, unknown sources {extra}",
            )
        for name in names:
            value = _checked(self.name, name, getattr(self, name))
            object.__setattr__(self, name, value)
        object.__setattr__(self, "sources", MappingProxyType(dict(self.sources)))
        object.__setattr__(self, "citations", MappingProxyType(dict(self.citations)))

    def source(self, switch: str) -> Source:
        """The source of one switch's value in this rule set."""
        return self.sources[switch]

    def replace(self, **changes: Any) -> Ruleset:
        """A copy with some switches changed, of the same family. Give ``sources`` entries for them (a club's
        note), or a default saying the user changed them is cited. Unless ``name`` (and ``title_zh``,
        ``title_en``) are given, a changed rule set is named by its family and how many switches differ from it
        (``qingdao+2 changes``); no change at all gives the family itself.

        >>> QINGDAO.replace(place_points=(8, 4, 0, 0, -4, -8), tieqian=False).name
        'qingdao+2 changes'
        >>> QINGDAO.replace(tieqian=True) is QINGDAO
        True
        """
        given = dict(changes.pop("sources", None) or {})
        naming = {k: changes.pop(k) for k in ("name", "title_zh", "title_en") if k in changes}
        known = switches()
        sources = dict(self.sources)
        for key in changes:
            if key not in known:
                raise unknown_switch(self.name, key)
            sources[key] = given.pop(key, default(f"changed from the {self.base} preset by the user"))
        sources.update(given)
        changed = dataclasses.replace(self, sources=sources, **changes, **naming)
        if "name" in naming:
            return changed
        family = PRESETS.get(self.base)
        count = len(changed.changes())
        if family is not None and count == 0:
            return family
        if family is None:
            return changed
        plural = "" if count == 1 else "s"
        return dataclasses.replace(changed, name=f"{family.name}+{count} change{plural}",
                                   title_zh=naming.get("title_zh", f"{family.title_zh}（改了{count}条）"),
                                   title_en=naming.get("title_en", f"{family.title_en} + {count} change{plural}"))

    def changes(self) -> dict[str, Any]:
        """The switches on which this rule set differs from its family, with its values (every switch for a rule
        set of no family).

        >>> LINYI.changes(), sorted(LINYI.replace(packs=6, bie_san=False).changes().items())
        ({}, [('bie_san', False), ('packs', 6)])
        """
        family = PRESETS.get(self.base)
        return {name: getattr(self, name) for name in switches()
                if family is None or getattr(self, name) != getattr(family, name)}

    @property
    def key(self) -> str:
        """The rule set as one word that :func:`find_ruleset` reads back: a family's name, then each changed
        switch (``linyi+packs=6+bie_san=no``). Drill ids and page addresses carry it.

        >>> LINYI.key, LINYI.replace(packs=6, bie_san=False).key
        ('linyi', 'linyi+packs=6+bie_san=no')
        >>> find_ruleset("linyi+packs=6+bie_san=no").packs
        6
        """
        return "+".join((self.base, *(f"{k}={_word(v)}" for k, v in self.changes().items())))

    @property
    def ref(self) -> str:
        """The word a page address names this rule set by: its name where :func:`find_ruleset` finds it by name (a
        family, a house rule set made known), else its :attr:`key`.

        >>> LINYI.ref, LINYI.replace(packs=6).ref
        ('linyi', 'linyi+packs=6')
        """
        if (self.name in PRESETS and PRESETS[self.name] == self) or _HOUSE.get(self.name) == self:
            return self.name
        return self.key

    def to_json(self) -> str | dict[str, Any]:
        """The rule set as a record, a scenario file or a page keeps it: a preset by its name; any other by its
        name, titles, family and changed switches, with the club's notes (the citations of its changes), so that
        :func:`ruleset_from_json` gives the same rule set back.

        >>> QINGDAO.to_json()
        'qingdao'
        >>> mine = QINGDAO.replace(place_points=(8, 4, 0, 0, -4, -8))
        >>> mine.to_json()["changes"], ruleset_from_json(mine.to_json()) == mine
        ({'place_points': [8, 4, 0, 0, -4, -8]}, True)
        """
        changes = self.changes()
        if self.name == self.base and self.base in PRESETS and not changes:
            return self.name
        data: dict[str, Any] = {"name": self.name, "title_zh": self.title_zh, "title_en": self.title_en}
        if self.base in PRESETS:
            data["base"] = self.base
        data["changes"] = {k: _plain(v) for k, v in changes.items()}
        notes = {k: {"zh": s.section, "en": s.quote} for k, s in self.sources.items() if k in changes and s.club}
        if notes:
            data["notes"] = notes
        return data

    def __repr__(self) -> str:
        return f"Ruleset({self.name!r})"


_NOT_SWITCHES = {"name", "title_zh", "title_en", "sources", "citations", "base"}


def switches() -> Mapping[str, dataclasses.Field[Any]]:
    """The switch fields of :class:`Ruleset`, in declaration order (read once: every rule set's checks ask)."""
    global _SWITCHES
    if _SWITCHES is None:
        _SWITCHES = MappingProxyType({f.name: f for f in dataclasses.fields(Ruleset) if f.name not in _NOT_SWITCHES})
    return _SWITCHES


_SWITCHES: Mapping[str, dataclasses.Field[Any]] | None = None


def describe(name: str, *, ids: bool = True) -> tuple[str, str]:
    """What the switch ``name`` decides, in Chinese and English; a choice-valued switch's words list its values
    (with their ids, unless ``ids`` is false: a table's cells name them).

    >>> describe("pass_rule")[0]
    '过牌后能否再上牌：不能（final）、只能上对头的牌（except_duitou）、可以（free）'
    >>> describe("pass_rule", ids=False)[1]
    "after passing, may a seat play again this round: never, only on its 对头's play, or freely"
    >>> describe("tieqian")[1]
    '2s may fill a set (贴钱) and count as its rank'
    """
    meaning = switches()[name].metadata
    if name not in CHOICES:
        return meaning["zh"], meaning["en"]
    values = list(CHOICES[name])
    zh = "、".join(f"{v.zh}（{v.value}）" if ids else v.zh for v in values)
    en = ", ".join(v.en for v in values[:-1]) + f"{',' if len(values) > 2 else ''} or {values[-1].en}"
    return f"{meaning['zh']}：{zh}", f"{meaning['en']}: {en}"


_AT_LEAST_ONE = {"packs", "gouji_min_twos"}
_TRIBUTE_CHOICES = ", ".join(f"{k} ({k.zh})" for k in TributeKind)
_LENGTHS = {"place_points": 6, "luo_cards": 2}


def allowed(name: str) -> tuple[str, str]:
    """What the switch ``name`` allows, in Chinese and English (a mistake's message and a rule file's comments
    say it).

    >>> allowed("pass_rule")[1], allowed("packs")[1]
    ('choose from final, except_duitou, free', 'a whole number of at least 1')
    """
    kind = switches()[name].type
    if name in CHOICES:
        values = ", ".join(CHOICES[name])
        return f"可选 {values}", f"choose from {values}"
    if kind == "bool":
        return "只能是 true 或 false", "true or false"
    if kind == "int":
        least = 1 if name in _AT_LEAST_ONE else 0
        return f"不小于{least}的整数", f"a whole number of at least {least}"
    if kind == "TributeKind | None":
        return f"可选 none 或 {_TRIBUTE_CHOICES}", f"none or one of {_TRIBUTE_CHOICES}"
    if kind == "tuple[TributeKind, ...]":
        return f"一组贡：{_TRIBUTE_CHOICES}", f"a list of {_TRIBUTE_CHOICES}"
    if kind.startswith("tuple[int"):
        n = _LENGTHS.get(name)
        size_zh, size_en = (f"{n}个", f"{n} ") if n else ("", "")
        sign_zh, sign_en = ("", "") if name == "place_points" else ("非负", "non-negative ")
        return f"一组{size_zh}{sign_zh}整数", f"a list of {size_en}{sign_en}whole numbers"
    return "键是“自己/对家”的代码（如 X-/-K），值是张数", "keys are 'self/对家' codes like X-/-K, values counts"


def _is_dian_key(key: str) -> bool:
    """A key of ``dian_table`` (``'XK/-K'``): for the seat, then its 对家, X or - (宣点 or not), K or - (开点 or
    not); the check ``[-X][-K]/[-X][-K]`` without a regex at import."""
    return len(key) == 5 and key[0] in "-X" and key[1] in "-K" and key[2] == "/" and key[3] in "-X" and key[4] in "-K"


def _checked(ruleset: str, name: str, value: Any) -> Any:
    """The value of switch ``name``, converted (a choice to its :class:`StrEnum`, a table to a read-only one)
    and validated; raises :class:`~gouji_teach.rules.errors.RulesetError` naming the field and what it allows.

    >>> _checked("mine", "pass_rule", "free") is PassRule.FREE
    True
    >>> _checked("mine", "pass_rule", "fre")
    Traceback (most recent call last):
    ...
    gouji_teach.rules.errors.RulesetError: 规则集 'mine' 的 pass_rule 不能是 'fre'：可选 final, ...
    """
    kind = switches()[name].type

    def bad(zh: str, en: str) -> RulesetError:
        return RulesetError(ruleset, name, f"不能是 {value!r}：{zh}", f"{value!r} is not allowed: {en}")

    if name in CHOICES:
        try:
            return CHOICES[name](value)
        except ValueError:
            raise bad(*allowed(name)) from None
    if kind == "bool":
        if not isinstance(value, bool):
            raise bad(*allowed(name))
        return value
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int) or value < (1 if name in _AT_LEAST_ONE else 0):
            raise bad(*allowed(name))
        return value
    if kind == "TributeKind | None":  # failed_burn_tribute ("" was its "none" before it was a TributeKind)
        if value is None or value == "" or value == "none":
            return None
        try:
            return TributeKind(value)
        except ValueError:
            raise bad(*allowed(name)) from None
    if kind == "tuple[TributeKind, ...]":  # tribute_order
        try:
            if not isinstance(value, tuple) or not value:
                raise ValueError(value)
            return tuple(TributeKind(v) for v in value)
        except ValueError:
            raise bad(*allowed(name)) from None
    if kind.startswith("tuple[int"):
        n = _LENGTHS.get(name)
        if (
            not isinstance(value, tuple)
            or not value
            or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
            or (n is not None and len(value) != n)
            or (name != "place_points" and any(v < 0 for v in value))
        ):
            raise bad(*allowed(name))
        if name == "dian_escalation" and value[0] == 0:
            raise bad("第一局的点贡不能是0", "the first hand's 点贡 cannot be 0")
        return value
    # dian_table: 'self/对家' codes to a count of cards
    if not isinstance(value, Mapping) or any(
        not isinstance(k, str) or not _is_dian_key(k) or isinstance(v, bool) or not isinstance(v, int)
        or v < 0 for k, v in value.items()
    ):
        raise bad(*allowed(name))
    return MappingProxyType(dict(value))


QINGDAO = Ruleset(
    name="qingdao",
    title_zh="青岛够级",
    title_en="Qingdao",
    packs=4,
    tieqian=True,
    downgrade_mixed_jokers=True,
    joker_model=JokerModel.ASPECTS,
    big_joker_kill=False,
    gouji_min_twos=1,
    kaidian_pure_only=False,
    place_points=(4, 2, 0, 0, -2, -4),
    sweep_doubles_score=True,
    revolution_third_with_top_two=True,
    failed_revolution_last=True,
    failed_burn_last=True,
    zhashao_men_free=False,
    tribute_order=(TributeKind.MEN, TributeKind.SHAO, TributeKind.DIAN, TributeKind.LUO),
    first_hand_free=True,
    dian_table=MappingProxyType(
        {"--/--": 1, "--/-K": 1, "--/X-": 2, "--/XK": 3, "X-/--": 1, "X-/-K": 3, "XK/-K": 2,
         "X-/X-": 2, "X-/XK": 4, "XK/XK": 2}
    ),
    dian_escalation=(1,),
    burn_cards=1,
    failed_burn_tribute=None,
    counter_burn_growth=CounterBurnGrowth.ONE,
    men_cards=1,
    luo_cards=(2, 1),
    sweep_tribute=SweepTribute.NONE,
    sweep_huiwu=False,
    sweep_restart_after=0,
    same_team_pays=False,
    tribute_cards=TributeCards.BIGGEST,
    kanggong=False,
    returns_cards=True,
    keep_threes=0,
    bie_san=True,
    first_leader=FirstLeader.SUIT_FOURS,
    pass_rule=PassRule.EXCEPT_DUITOU,
    fasi=False,
    fasi_lapses=False,
    fours_before_kaidian=FoursBeforeKaidian.FREE,
    natural_point=False,
    kaidian_needs_duitou=False,
    buy_threes=True,
    auto_revolution=True,
    buy_fours=False,
    burn_needs_kaidian=False,
    burn_last_exempt=True,
    revolution_concedes_point=True,
    revolution_head_choice=True,
    revolution_duel=RevolutionDuel.NONE,
    men_first_is_daluo=True,
    revolution_lead=False,
    sisi_last_play=True,
    yield_duitou_only=True,
    special_jieshao=False,
    discard_dead_fours=False,
    failed_revolution_fours=False,
    duel_decides_points=False,
    revolution_hands_over=False,
    peace_first_hand=False,
    men_keeps_head=False,
    must_give_three=False,
    duitou_pass_leads=False,
    counter_burn_by_others=False,
    buy_with_jokers=True,
    jieshao_recover=False,
    counter_burn_at_once=False,
    citations={
        "buy.order": default(
            "the Qingdao text pays for a 3 with a 2 or a joker and does not say which first; as 003 §五 憋三 and 000 "
            "part 1 (a 2 first)"
        ),
        "action.syntax": default("how this program writes a step (seat 1 plays AA): no rule of the game"),
        "gouji.pure": default(
            "002 has no word for it: §5 开点 only lists the 够级 plays that do not open (挂花, a single 2); the name "
            "纯够级 is 000 part 3 第8条's"
        ),
        "yield.when": seed("002", "§5 让牌", "持牌人对上两家过牌的对头牌……可声明让牌"),
        "kaidian.deadline": seed(
            "002", "§5 四户乱缠", "头科、二科产生后，其余四人不再按够级……规则进行 (no 打够级 after that, so no 开点)"
        ),
        "burn.counter": default(
            "002 §5 烧牌 has no 反烧 of its own: a burn of the burner counts as 解烧; "
            "the name 反烧 comes from 003 §十一"
        ),
        "jiefeng": default(
            "002 is silent on who leads after the last play of a seat that went out; as 000 part 3 第15条"
        ),
        "revolt.when": default("002 §5 革命 names no moment; before the first lead, as 003 §十二"),
        "head.failed": default("002 has no failed revolution; as 000 part 3 第49条"),
        "xuandian.when": seed("002", "§5 宣点", "游戏开始后，用户可选择是否宣点 (at the start, before the first lead)"),
        "place.unordered": default(
            "002 §6 places seats by when they go out and is silent on seats still holding cards; as 000 part 3 第13条"
        ),
    },
    sources={
        "failed_revolution_fours": default("002 has no plays after a revolution, so none fails"),
        "duel_decides_points": default("002 has no plays after a revolution, so none decides a point"),
        "revolution_hands_over": seed("002", "§5 革命", "如果大花、小花、钱均没有时，可声明革命"),
        "peace_first_hand": default(
            "002 §4 frees only the first hand of a game from tribute; buying and 开点 as in any hand"
        ),
        "men_keeps_head": default(
            "002 is silent on the 对头 of a 闷ed seat; a seat that plays no more leaves it 无头, as going out does"
        ),
        "must_give_three": seed("002", "§5 买三", "如果买不到3，则向自己的联邦要3 (only the own 联邦 gives)"),
        "duitou_pass_leads": seed(
            "002",
            "§5 发牌",
            "新的一轮里由上一轮最后一个出牌的人出牌 (and §5 开点 使得自己获得出牌权; against §5 打够级牌 由对头发牌)",
        ),
        "counter_burn_by_others": seed(
            "002", "§5 烧牌", "如果中间对头压牌或其他人烧此烧牌者，则算解烧 (a burn of the burner lifts the burn)"
        ),
        "buy_with_jokers": seed("002", "§5 买三", "发牌以后如果没有3，则要用一张2或王向对家“买3”"),
        "jieshao_recover": seed("002", "§5 烧牌", "如果中间对头压牌或其他人烧此烧牌者，则算解烧 (at once)"),
        "counter_burn_at_once": default("002 §5 has no 反烧 of its own; a burn of the burner at any time counts"),
        "revolution_lead": default("002 has no plays after a revolution: the usual leader leads"),
        "sisi_last_play": seed(
            "002",
            "§5 够死级",
            "底牌是够级牌的，其对头如果上牌，则可以取得一次够死级的机会 (under 憋三 the 底牌 is all 3s, never 够级: "
            "the case needs 002's non-憋三 play)",
        ),
        "yield_duitou_only": seed("002", "§5 让牌", "对让牌人顺的牌，唯有对头才有上牌权"),
        "special_jieshao": seed(
            "002", "§5 烧牌", "如果中间对头压牌或其他人烧此烧牌者，则算解烧 (beating the burner is a burn of its own)"
        ),
        "discard_dead_fours": default("002 never ties 4s to 开点, so no 4 becomes useless"),
        "auto_revolution": seed("002", "§5 买三", "如果自己没有3，又没有钱、大花、小花，则算做自动革命"),
        "revolution_duel": default("002 §5 革命 has the revolutionary sit out at once: no plays of its own"),
        "keep_threes": default("002 §1 deals all 216 cards"),
        "bie_san": seed("002", "§5 买三", "够级游戏“憋3”打法中，最后一手牌必须全是3"),
        "first_leader": seed("002", "§5 上班", "亮出同花色4(2个以上)多的人为第一个发牌者"),
        "pass_rule": seed("002", "§5 过牌", "如果过牌后，如果不是对头的牌，是不允许再上牌的"),
        "fasi": default("002 never ties leading 4s to 开点; its 4s matter only for 上班"),
        "fasi_lapses": default("002 has no 发四, so nothing of it can lapse"),
        "fours_before_kaidian": default("002 puts no limit on leading 4s"),
        "natural_point": default("002 has no 自然点 (only 000 part 3 第24条 has)"),
        "kaidian_needs_duitou": default(
            "002 §5 开点 only asks that nobody answers; 四户乱缠 ends 开点 after two are gone"
        ),
        "buy_threes": seed("002", "§5 买三", "发牌以后如果没有3，则要用一张2或王向对家“买3”"),
        "buy_fours": default("002 buys only 3s"),
        "burn_needs_kaidian": seed(
            "002", "§5 烧牌", "首先用能盖住所发够级牌的牌将其灭掉 (the conditions name no 开点)"
        ),
        "burn_last_exempt": seed("002", "§5 烧牌", "每次所发牌中必须挂至少一个小花或大花，但最后一次发牌可除外"),
        "revolution_concedes_point": seed("002", "§5 革命", "革命算自动认点，即自己不开点，对头开点"),
        "revolution_head_choice": seed("002", "§5 要头/无头", "革命后，对头可宣布要头或无头"),
        "men_first_is_daluo": default(
            "002 is silent on several 闷; 000 part 3 第37条 (the first seat 闷ed is 大落) and 003 §十三 "
            "agree"
        ),
        "packs": seed("002", "§1 基本规则", "四幅牌，共216张牌"),
        "tieqian": seed("002", "§2 牌型/贴钱", "2可以和其它的单张或一手牌一起出，2转换为对应点数的牌"),
        "downgrade_mixed_jokers": seed("002", "§2 牌型/挂花", "大花+小花+2+同点的牌，此时大花当做小花"),
        "joker_model": seed("002", "§3 挂花的大小比较", "必须在两个方面都大过此牌"),
        "big_joker_kill": default(
            "002 says nothing of killing a 大花; §3 lets only plays of the same size compare"
        ),
        "gouji_min_twos": seed("002", "§2 够级牌", "1张大、小花及2……为最低级别、最少数量的够级牌"),
        "kaidian_pure_only": seed(
            "002", "§5 开点", "以下牌型的够级牌不开点：任意张大花，小花或者挂花的牌;单张的2"
        ),
        "place_points": seed(
            "002", "§6 游戏积分计算规则", "头科：+4分 二科：+2分 三科：0分 四科：0分 二落：-2分 大落：-4分"
        ),
        "sweep_doubles_score": seed("002", "§6 游戏积分计算规则", "如果串三户，则双方积分翻倍"),
        "revolution_third_with_top_two": seed(
            "002", "§5 革命", "革命者通常视为四科(但如果自己联邦成为头科和二科，则算做三科，即串三户)"
        ),
        "failed_revolution_last": default("002 has no failed revolution; as 000 part 3 第47条"),
        "failed_burn_last": seed(
            "002", "§5 烧牌", "则算烧失败，算大落。这种情况烧牌失败的玩家本局不能再出牌"
        ),
        "zhashao_men_free": default("002 has no 诈烧 exemption; only 000 part 3 第32条 frees the seat"),
        "tribute_order": seed("002", "§4 进贡", "进贡和还贡的类型和顺序：闷贡>烧贡>点贡>落贡"),
        "first_hand_free": seed("002", "§4 进贡", "每局第一回合没有进贡"),
        "dian_table": seed("002", "§4 进贡/点贡", "双方都宣点的情况……双方都不宣点的情况……自己宣点对家不宣点的情况"),
        "dian_escalation": default("002 has one 点贡 table and no escalation over hands"),
        "burn_cards": seed("002", "§4 进贡/烧贡", "被烧者要向烧牌者进1张烧贡"),
        "failed_burn_tribute": default("002 §5 makes a failed burner 大落 and names no tribute for it"),
        "counter_burn_growth": default(
            "002 §5 counts a burn of the burner as 解烧 and as a burn of its own; nothing doubles"
        ),
        "men_cards": seed("002", "§4 进贡/闷贡", "在进贡时要进1张闷贡"),
        "luo_cards": seed("002", "§4 进贡/落贡", "大落向头科进2张落贡，二落向二科进1张落贡"),
        "sweep_tribute": seed("002", "§5 串三户", "串三户分数翻一倍，同时不再进贡"),
        "sweep_huiwu": default("汇五 is only in 000 part 3 第44条"),
        "sweep_restart_after": default("002 never restarts a series for repeated 串三户"),
        "same_team_pays": default(
            "002 is silent; a tribute inside a team changes nothing, and 000 part 1 waives 烧贡 within a 联邦"
        ),
        "tribute_cards": seed("002", "§4 进贡", "进贡时要进手里最大的牌"),
        "kanggong": default("抗贡 is only in 000 part 3 第17条"),
        "returns_cards": seed(
            "002", "§4 进贡", "进贡和还贡的类型和顺序 (还贡 exists; one card back per card, as 003 §十四)"
        ),
    },
)

LINYI = Ruleset(
    name="linyi",
    title_zh="临沂够级（憋三发四）",
    title_en="Linyi (憋三发四)",
    packs=4,
    tieqian=True,
    downgrade_mixed_jokers=True,
    joker_model=JokerModel.ASPECTS,
    big_joker_kill=True,
    gouji_min_twos=1,
    kaidian_pure_only=True,
    place_points=(4, 2, 0, 0, -2, -4),
    sweep_doubles_score=True,
    revolution_third_with_top_two=True,
    failed_revolution_last=True,
    failed_burn_last=True,
    zhashao_men_free=False,
    tribute_order=(TributeKind.DIAN, TributeKind.SHAO, TributeKind.MEN, TributeKind.LUO),
    first_hand_free=True,
    dian_table=MappingProxyType(
        {"--/--": 1, "--/-K": 1, "--/X-": 2, "--/XK": 3, "X-/--": 1, "X-/-K": 3, "XK/-K": 2,
         "X-/X-": 2, "X-/XK": 4, "XK/XK": 2}
    ),
    dian_escalation=(1,),
    burn_cards=1,
    failed_burn_tribute=None,
    counter_burn_growth=CounterBurnGrowth.ONE,
    men_cards=1,
    luo_cards=(2, 1),
    sweep_tribute=SweepTribute.DIAN,
    sweep_huiwu=False,
    sweep_restart_after=0,
    same_team_pays=False,
    tribute_cards=TributeCards.BIGGEST,
    kanggong=False,
    returns_cards=True,
    keep_threes=0,
    bie_san=True,
    first_leader=FirstLeader.SUIT_FOURS,
    pass_rule=PassRule.EXCEPT_DUITOU,
    fasi=True,
    fasi_lapses=True,
    fours_before_kaidian=FoursBeforeKaidian.CONCEDE,
    natural_point=False,
    kaidian_needs_duitou=False,
    buy_threes=True,
    auto_revolution=False,
    buy_fours=True,
    burn_needs_kaidian=True,
    burn_last_exempt=True,
    revolution_concedes_point=False,
    revolution_head_choice=True,
    revolution_duel=RevolutionDuel.CHONGDIAN,
    men_first_is_daluo=True,
    revolution_lead=False,
    sisi_last_play=False,
    yield_duitou_only=True,
    special_jieshao=False,
    discard_dead_fours=False,
    failed_revolution_fours=False,
    duel_decides_points=False,
    revolution_hands_over=False,
    peace_first_hand=False,
    men_keeps_head=False,
    must_give_three=False,
    duitou_pass_leads=False,
    counter_burn_by_others=False,
    buy_with_jokers=True,
    jieshao_recover=False,
    counter_burn_at_once=False,
    citations={
        "men": seed("000", "part 1 闷贡", "最后走3之前的一手牌被人上牌，称为“被闷”（被憋3）"),
        "compare.size": seed("000", "part 1 规则介绍", "同样张数牌点数大的即大"),
        "compare.rank": seed("000", "part 1 规则介绍", "同样张数牌点数大的即大"),
        "gouji.threshold": seed("000", "part 1 规则介绍/够级牌", "2张A，2张K，3张Q，4张J，5张10为最低级别"),
        "gouji.jokers": seed("000", "part 1 规则介绍/够级牌", "当任何一手牌挂花时，也算作“够级牌”"),
        "gouji.sisi": seed("000", "part 1 够死级", "前三次自己的够级牌是无人可应的，称为够死级"),
        "action.syntax": default("how this program writes a step (seat 1 plays AA): no rule of the game"),
        "play.shape": seed("000", "part 1 规则介绍", "一手牌：两张以上（含两张）点数相同的牌"),
        "gouji.pure": seed("000", "part 1 开点", "纯够级牌才能开点，即够级牌中仅含有A、K、Q、J、10中的一种"),
        "turn.order": default(
            "000 part 1 does not say who answers next; as 002 §5 上牌 (the next seat "
            "counterclockwise)"
        ),
        "turn.over": seed("000", "part 1 结算说明", "其他人都出玩牌，最后剩下的玩家称为“大落”"),
        "seat.gone": default("000 part 1 does not say that a seat out of play plays no more; as 002 §5 烧牌, §5 革命"),
        "hand.cards": default("000 part 1 takes it for granted; as 002 §2 牌型"),
        "lead.must": default("000 part 1 does not say how a round is led; as 002 §5 发牌"),
        "answer.beat": default("000 part 1 gives the order of plays, not the word 上牌; as 002 §5 上牌"),
        "gouji.duitou": default(
            "000 part 1 only implies it (a 够级 play its 对家 cannot beat opens a point); as 002 §5 打够级牌"
        ),
        "yield.when": default("000 part 1 names 让牌 without describing it; as 000 part 3 第12条"),
        "kaidian": seed("000", "part 1 开点", "如果有一方的够级牌对家无法大过，那么此玩家就称为开点"),
        "kaidian.deadline": seed("000", "part 1 开点", "走科两个玩家以后（包括革命者）未开点的玩家不能再开点"),
        "burn.gouji": seed("000", "part 1 烧牌", "用能盖住所发够级牌的牌将其灭掉"),
        "burn.priority": default("000 part 1 does not say who burns first; as 002 §5 烧牌 (own 联邦 first)"),
        "burn.lifted": seed("000", "part 1 烧牌", "如果中间对家压牌或其他人烧此烧牌者，则算“解烧”"),
        "burn.counter": seed("000", "part 1 规则介绍/烧贡", "自己联邦可以反烧"),
        "luanchan": seed("000", "part 1 四户乱缠", "剩余四人为四户乱缠，不再按够级打牌、过牌、让牌、烧牌等规则进行"),
        "jiefeng": default("000 part 1 is silent on who leads after a seat goes out; as 000 part 3 第15条"),
        "revolt.when": seed("000", "part 1 规则介绍", "买四（要四）—明点—革命—发牌 (革命 comes before the first lead)"),
        "revolt.cards": default("000 part 1 does not say who may revolt; as 002 §5 革命 (no jokers, no 2s)"),
        "revolt.two": default("000 part 1 is silent on two revolutions; as 002 §5 革命"),
        "head.failed": default("000 part 1 has no failed revolution; as 000 part 3 第49条"),
        "wutou": seed("000", "part 1 要头/无头", "其他持牌人按发牌对无头者所发的任何牌都可灭之"),
        "xuandian.when": seed(
            "000", "part 1 规则介绍", "买四（要四）—明点—革命—发牌 (明点 comes before the first lead)"
        ),
        "place.order": seed("000", "part 1 结算说明", "头科：第一个出完手中所有牌的玩家"),
        "place.unordered": default("000 part 1 is silent on seats still holding cards; as 000 part 3 第13条"),
        "place.sweep": default("000 part 1 names 串三户 without defining it; as 002 §5 串三户"),
        "tribute.void": default("000 part 1 is silent on a voided hand; as 002 §5 革命"),
        "tribute.shao.cancelled": seed(
            "000", "part 1 规则介绍/烧牌", "则算“解烧”。烧牌成功者可以获得1个“烧贡” (only a burn that succeeds)"
        ),
        "deck.limit": seed("000", "part 1 游戏介绍", "由6人用4副扑克进行"),
    },
    sources={
        "failed_revolution_fours": default("000 part 1 冲点 always succeeds: a revolution there never fails"),
        "duel_decides_points": default("000 part 1 冲点 says who opens by the three plays, not that none opens later"),
        "revolution_hands_over": default("000 part 1 does not say who may revolt; as 002 §5 革命 (no jokers, no 2s)"),
        "peace_first_hand": default("000 part 1 frees only the first hand at a table from tribute"),
        "men_keeps_head": default("000 part 1 is silent on the 对头 of a 闷ed seat; as 002"),
        "must_give_three": default("000 part 1 names 要三 without saying who gives; as 002 §5 (the own 联邦)"),
        "duitou_pass_leads": default("000 part 1 is silent on who leads a new round; as 002 §5 发牌"),
        "counter_burn_by_others": seed(
            "000", "part 1 烧牌", "如果中间对家压牌或其他人烧此烧牌者，则算“解烧” (only the own 联邦's 反烧 is named)"
        ),
        "buy_with_jokers": seed("000", "part 1 买三/要三", "则要用一张2或王（2优先）向对家“买3”"),
        "jieshao_recover": seed("000", "part 1 烧牌", "如果中间对家压牌或其他人烧此烧牌者，则算“解烧” (at once)"),
        "counter_burn_at_once": default(
            "000 part 1 says only that one's own 联邦 may 反烧, not when; at any time, as 002"
        ),
        "revolution_lead": default("000 part 1 冲点 names no leader after it: the usual leader leads"),
        "sisi_last_play": seed(
            "000", "part 1 够死级", "对家革命后，自己选择有头，则前三次自己的够级牌是无人可应的 (its only case)"
        ),
        "yield_duitou_only": default("000 part 1 names 让牌 without describing it; 002 §5 让牌 is the closest family"),
        "special_jieshao": seed("000", "part 1 烧牌", "如果中间对家压牌或其他人烧此烧牌者，则算解烧 (as 002)"),
        "discard_dead_fours": seed("000", "part 1 开点", "没开点即发4视为认点即不开点 (unopened 4s are still led)"),
        "auto_revolution": default("000 part 1 says nothing of a seat that can neither buy nor be given a 3"),
        "revolution_duel": seed("000", "part 1 冲点", "革命者有出3套够级牌冲点的机会"),
        "keep_threes": default("000 part 1 deals all 216 cards"),
        "bie_san": seed("000", "part 1 规则介绍", "每个玩家出的最后一手牌的牌点必须都是3，不是最后一手牌时不允许出3"),
        "first_leader": default(
            "000 part 1 is silent on the first leader; 002 §5 上班 (憋三: most 4s of a suit) is closest"
        ),
        "pass_rule": default("000 part 1 is silent on passing; 002 §5 过牌 is the closest family"),
        "fasi": seed("000", "part 1 开点", "开点后必须发4"),
        "fasi_lapses": seed("000", "part 1 开点", "开点后未发4视为不开点，需要重新开点"),
        "fours_before_kaidian": seed("000", "part 1 开点", "没开点即发4视为认点即不开点"),
        "natural_point": default("000 part 1 has no 自然点"),
        "kaidian_needs_duitou": default("000 part 1 ends 开点 only when two players have gone out"),
        "buy_threes": seed("000", "part 1 买三/要三", "若开牌后没有3，则要用一张2或王（2优先）向对家“买3”"),
        "buy_fours": seed("000", "part 1 买四/要四", "若发完牌后玩家手中没有4，则需要买四或要四"),
        "burn_needs_kaidian": seed("000", "part 1 烧牌", "玩家满足下面的条件时，可以进行烧牌，玩家已经开点"),
        "burn_last_exempt": seed("000", "part 1 烧牌", "每次所发牌中必须挂至少一个小花或大花，但最后一次发牌除外"),
        "revolution_concedes_point": seed(
            "000", "part 1 冲点", "如果选择打，三套够级牌全打死后革命者不开点，对家开点 (冲点 decides)"
        ),
        "revolution_head_choice": seed("000", "part 1 要头/无头", "玩家选择革命后，其对家可选择要头/无头"),
        "men_first_is_daluo": default(
            "000 part 1 is silent on several 闷; 000 part 3 第37条 (the first seat 闷ed is 大落) is "
            "closest"
        ),
        "packs": seed("000", "part 1 游戏介绍", "由6人用4副扑克进行"),
        "tieqian": seed("000", "part 1 规则介绍/挂花", "1大花+1小花+2个2+4个五，当做2个小花带6个五"),
        "downgrade_mixed_jokers": seed("000", "part 1 规则介绍/挂花", "1大花+1小花+2个2+4个五，当做2个小花带6个五"),
        "joker_model": default(
            "000 part 1 does not say how a 挂花 play is beaten; as 002 §3 (beaten on both counts, which the "
            "scrambled part 2 of 000 repeats: a confirmation, not a source)"
        ),
        "big_joker_kill": seed("000", "part 1 规则介绍", "两大花拍一个大花"),
        "gouji_min_twos": seed("000", "part 1 规则介绍/够级牌", "1张大、小花及2……为最低级别"),
        "kaidian_pure_only": seed("000", "part 1 规则介绍/开点", "纯够级牌才能开点"),
        "place_points": default("000 part 1 ranks players but scores no points per hand; the table of 002 §6"),
        "sweep_doubles_score": default("000 part 1 is silent; as 002 §6"),
        "revolution_third_with_top_two": seed(
            "000", "part 1 结算说明", "如果革命者的联邦获得头科和二科，则革命者算三科"
        ),
        "failed_revolution_last": default("000 part 1 has no failed revolution; as part 3 第47条"),
        "failed_burn_last": default("000 part 1 is silent on a failed burn; as 002 §5"),
        "zhashao_men_free": default("000 part 1 has no 诈烧 exemption; only part 3 第32条 frees the seat"),
        "tribute_order": seed("000", "part 1 游戏介绍", "点、烧、轻、落（la）"),
        "first_hand_free": seed("000", "part 1 规则介绍/进贡", "每桌第一局牌没有进贡"),
        "dian_table": default("000 part 1 has 宣点 but no table; the table of 002 §4"),
        "dian_escalation": default("000 part 1 has no escalation over hands"),
        "burn_cards": seed("000", "part 1 规则介绍/烧贡", "被烧者要向烧牌者进1张烧贡"),
        "failed_burn_tribute": default("000 part 1 names no tribute for a failed burn; as 002"),
        "counter_burn_growth": default(
            "000 part 1 says a 反烧 waives the 烧贡 of a burn within the 联邦, not what a 反烧 is worth; as 002 "
            "(nothing doubles)"
        ),
        "men_cards": seed("000", "part 1 规则介绍/闷贡", "下一局在进贡时要进1张闷贡"),
        "luo_cards": seed("000", "part 1 规则介绍/落贡", "大落向头科进2张落贡；二落向二科进1张落贡"),
        "sweep_tribute": seed("000", "part 1 规则介绍/点贡", "串三户时输方三家需向赢方三家各进一张点贡"),
        "sweep_huiwu": default("汇五 is only in 000 part 3 第44条"),
        "sweep_restart_after": default("000 part 1 never restarts a series for repeated 串三户"),
        "same_team_pays": default(
            "000 part 1 waives only the 烧贡 inside a 联邦; every tribute inside a "
            "team is waived, as 000 part 3 第17条"
        ),
        "tribute_cards": seed("000", "part 1 规则介绍/进贡", "进贡时要进手里最大的牌"),
        "kanggong": default("抗贡 is only in 000 part 3 第17条"),
        "returns_cards": default("000 part 1 copies the 进贡 text of 002; 002 §4 has 还贡"),
    },
)

TONGSU = Ruleset(
    name="tongsu",
    title_zh="山东够级通俗规则",
    title_en="Shandong standard rules (通俗规则)",
    packs=4,
    tieqian=False,
    downgrade_mixed_jokers=False,
    joker_model=JokerModel.ASPECTS,
    big_joker_kill=True,
    gouji_min_twos=2,
    kaidian_pure_only=True,
    place_points=(4, 2, 0, 0, -2, -4),
    sweep_doubles_score=True,
    revolution_third_with_top_two=True,
    failed_revolution_last=True,
    failed_burn_last=True,
    zhashao_men_free=True,
    tribute_order=(
        TributeKind.QUAN, TributeKind.DIAN, TributeKind.SHAO, TributeKind.ZHASHAO, TributeKind.MEN, TributeKind.LUO
    ),
    first_hand_free=True,
    dian_table=MappingProxyType(
        {"--/--": 1, "--/-K": 1, "--/X-": 1, "--/XK": 2, "X-/--": 1, "X-/-K": 1, "X-/X-": 1, "X-/XK": 2}
    ),
    dian_escalation=(1,),
    burn_cards=1,
    failed_burn_tribute=TributeKind.ZHASHAO,
    counter_burn_growth=CounterBurnGrowth.DOUBLE,
    men_cards=1,
    luo_cards=(2, 1),
    sweep_tribute=SweepTribute.QUAN,
    sweep_huiwu=True,
    sweep_restart_after=3,
    same_team_pays=False,
    tribute_cards=TributeCards.NATURAL_JOKERS_TWOS,
    kanggong=True,
    returns_cards=False,
    keep_threes=0,
    bie_san=True,
    first_leader=FirstLeader.DRAWN_CARD,
    pass_rule=PassRule.FINAL,
    fasi=True,
    fasi_lapses=False,
    fours_before_kaidian=FoursBeforeKaidian.FORBIDDEN,
    natural_point=True,
    kaidian_needs_duitou=False,
    buy_threes=True,
    auto_revolution=False,
    buy_fours=True,
    burn_needs_kaidian=True,
    burn_last_exempt=False,
    revolution_concedes_point=False,
    revolution_head_choice=False,
    revolution_duel=RevolutionDuel.THREE_PLAYS,
    men_first_is_daluo=True,
    revolution_lead=True,
    sisi_last_play=False,
    yield_duitou_only=False,
    special_jieshao=False,
    discard_dead_fours=True,
    failed_revolution_fours=True,
    duel_decides_points=True,
    revolution_hands_over=True,
    peace_first_hand=True,
    men_keeps_head=True,
    must_give_three=False,
    duitou_pass_leads=False,
    counter_burn_by_others=True,
    buy_with_jokers=False,
    jieshao_recover=True,
    counter_burn_at_once=False,
    citations={
        "buy.order": default("000 part 3 第7条 pays with 2s only: there is no joker to pay after them"),
        "men": seed("000", "part 3 第5条", "否则“3”就将被留在手里，成为一手“死牌”，称之为“憋三”，亦即被“闷”"),
        "compare.size": seed("000", "part 3 第2条", "发牌后须按此张数依次由下家出牌"),
        "compare.rank": seed("000", "part 3 第2条", "点数从大到小为大王（红色）、小王（黑色）、2、A、老K、Q、J、10～3"),
        "gouji.threshold": seed("000", "part 3 第8条", "至少有5张“10”、4张“J”、3张“Q”、2张“K”、2张“A”"),
        "gouji.jokers": seed("000", "part 3 第8条", "“挂花”为够级牌"),
        "action.syntax": default("how this program writes a step (seat 1 plays AA): no rule of the game"),
        "play.shape": seed("000", "part 3 第3条", "将大、小王和“2”同其他被“挂”或“贴”的牌一起发出"),
        "turn.order": seed("000", "part 3 第1条", "各玩家按逆时针顺序抓牌、出牌"),
        "turn.over": seed("000", "part 3 第13条", "根据各玩家发出全部手中牌完结的先后顺序，结果排名"),
        "seat.gone": default(
            "000 part 3 has no one sentence for it (第5条: a 闷ed seat's 3s are dead cards; 第32条: a 诈烧 seat is "
            "大落); as 002 §5 烧牌"
        ),
        "hand.cards": default("000 part 3 takes it for granted; as 002 §2 牌型"),
        "lead.must": default("000 part 3 第2条 leaves the size of a lead free; as 002 §5 发牌"),
        "answer.beat": seed("000", "part 3 第3条", "同时其他牌亦要大于上家牌"),
        "gouji.duitou": seed("000", "part 3 第9条", "玩家发出够级牌，对家必须响应，其他人响应则为“烧（捎）”牌"),
        "gouji.sisi": default(
            "000 part 3 第49条 forbids 够死级 in the first three plays; only 002 §5 够死级 defines it"
        ),
        "kaidian": seed("000", "part 3 第9条", "对家如不响应，则玩家发牌 (the play wins the lead: 第22条 开点)"),
        "burn.gouji": seed("000", "part 3 第9条", "其他人响应则为“烧（捎）”牌"),
        "burn.priority": seed("000", "part 3 第33条", "设定同帮烧（捎）牌优先……按出牌顺序烧（捎）牌"),
        "burn.lifted": seed("000", "part 3 第30条", "烧（捎）牌的玩家所发的任何一手牌，对家都可以随时出牌压住"),
        "burn.counter": seed(
            "000", "part 3 第31条", "被烧（捎）牌的玩家和其他未过牌的玩家都可以随时……进行“反烧（捎）”"
        ),
        "luanchan": seed("000", "part 3 第14条", "剩余四家不再受过牌、让牌、点四、烧牌、够级响应等规则的限制"),
        "revolt.when": seed("000", "part 3 第46条", "在通过进贡……、“买三买四”等形式手中已无大、小王和“2”的牌"),
        "revolt.cards": seed("000", "part 3 第46条", "手中已无大、小王和“2”的牌（如仍有，须交给对家）"),
        "revolt.two": seed("000", "part 3 第50条", "如有两个玩家均要“革命”，则游戏重新开局"),
        "wutou": seed("000", "part 3 第10条", "“无头”的玩家发出的够级牌，或对于其他玩家的够级牌不受够级响应限制"),
        "place.order": seed("000", "part 3 第13条", "根据各玩家发出全部手中牌完结的先后顺序，结果排名为“头科”"),
        "place.unordered": seed("000", "part 3 第13条", "如果“大落”、“二落”为一同帮且未能排名的，需要该同帮商定“大落”"),
        "place.sweep": seed("000", "part 3 第42条", "指够级游戏中一个同帮全部获得前三科的情形"),
        "tribute.void": seed("000", "part 3 第50条", "则游戏重新开局"),
        "tribute.shao.cancelled": seed("000", "part 3 第28条", "进给“烧（捎）牌”成功的玩家"),
        "deck.limit": seed("000", "part 3 第1条", "够级游戏应有扑克四副"),
    },
    sources={
        "duel_decides_points": seed(
            "000", "part 3 第47条", "对家所打三手牌中只要有一手为纯够级牌，则对家开点，否则双方都不开点"
        ),
        "revolution_hands_over": seed("000", "part 3 第46条", "手中已无大、小王和“2”的牌（如仍有，须交给对家）"),
        "failed_revolution_fours": seed(
            "000",
            "part 3 第48条",
            "如果革命失败，无论对家是否开点，皆由对家发4 (written for this case; it overrides 第6条's 4s after 开点)",
        ),
        "peace_first_hand": seed(
            "000", "part 3 第20条", "该首局无需进贡，无需买三买四……且第一局对家的首手纯够级牌直接开点"
        ),
        "men_keeps_head": seed("000", "part 3 第5条", "被憋三玩家视为并未走人，称为憋三留头"),
        "must_give_three": seed("000", "part 3 第7条", "如仍无，则由同帮相赠……则由同帮购买、相助 (only teammates)"),
        "duitou_pass_leads": seed("000", "part 3 第9条", "对家如不响应，则玩家发牌，对家阖牌"),
        "counter_burn_by_others": seed(
            "000", "part 3 第31条", "除对家外，被烧（捎）牌的玩家和其他未过牌的玩家都可以随时……进行“反烧（捎）”"
        ),
        "buy_with_jokers": seed(
            "000", "part 3 第7条", "须用“钱”即“2”……购买……如果玩家没有自然抓到“2”或不足时，则由同帮购买、相助"
        ),
        "jieshao_recover": seed(
            "000", "part 3 第30条", "所出“解烧（捎）”的牌又被玩家继续盖过，则“解烧（捎）”失败，烧（捎）牌成功"
        ),
        "counter_burn_at_once": seed("000", "part 3 第31条", "都可以随时按照“烧（捎）牌”规则进行“反烧（捎）”"),
        "revolution_lead": seed(
            "000", "part 3 第48条", "如果革命成功……皆由革命玩家发3，对家扔4；如果革命失败……皆由对家发4"
        ),
        "sisi_last_play": seed("000", "part 3 第49条", "本规则禁止……前三手够死级等各种规定"),
        "yield_duitou_only": seed("000", "part 3 第12条", "如下二家有出牌，则视为玩家过牌 (and nothing more)"),
        "special_jieshao": seed(
            "000", "part 3 第31条", "除对家外，被烧牌的玩家和其他未过牌的玩家都可以随时按照烧牌规则进行反烧"
        ),
        "discard_dead_fours": seed("000", "part 3 第6条", "如不再开点，4即作废，须扔掉 (自然点情形除外)"),
        "auto_revolution": default("000 part 3 第7条 has teammates help with buying; no automatic revolution"),
        "revolution_duel": seed("000", "part 3 第47条", "玩家“革命”后，向对家发出第一手够级牌后"),
        "keep_threes": default("第7条 only recommends the variant that keeps six 3s; 第1条 deals four packs"),
        "bie_san": seed(
            "000", "part 3 第5条", "点数“3”作为最后一手牌需顺利发出的玩法 (a play with a joker or a 2 is not 3s)"
        ),
        "first_leader": seed("000", "part 3 第19条", "由抓到该正面放置的点数牌的玩家首先发牌"),
        "pass_rule": seed("000", "part 3 第11条", "一旦过牌，即丧失出牌权"),
        "fasi": seed("000", "part 3 第22条", "只有纯够级牌才能开点，然后发“4”"),
        "fasi_lapses": default(
            "000 part 3 第22条 and 第6条 only put the 4s after 开点; no article says a 开点 lapses"
        ),
        "fours_before_kaidian": seed("000", "part 3 第6条", "“4”仅在开点之后才能被发出"),
        "natural_point": seed("000", "part 3 第24条", "无任何一手最低张数的纯够级牌，则玩家本局为自然开点"),
        "kaidian_needs_duitou": seed("000", "part 3 第25条", "走两“科”后…不再开点 (the only deadline it names)"),
        "buy_threes": seed("000", "part 3 第7条", "须用“钱”即“2”从有多余“3”或“4”的对方玩家“购买”"),
        "buy_fours": seed("000", "part 3 第7条", "须用“钱”即“2”从有多余“3”或“4”的对方玩家“购买”"),
        "burn_needs_kaidian": seed("000", "part 3 第29条", "玩家烧牌须在开点之后（含自然点）"),
        "burn_last_exempt": seed("000", "part 3 第29条", "除第一手“放火”牌外，其余各手…必须每手出现大、小王牌"),
        "revolution_concedes_point": seed(
            "000", "part 3 第47条", "对家如不打，则“革命”成功且开点 (the three plays decide)"
        ),
        "revolution_head_choice": seed("000", "part 3 第49条", "本规则禁止“革命”对家主观声明是否“要头”"),
        "men_first_is_daluo": seed("000", "part 3 第37条", "应以第一个被闷（清）的玩家为大落"),
        "packs": seed("000", "part 3 第1条", "够级游戏应有扑克四副"),
        "tieqian": seed("000", "part 3 第3条", "本规则亦规定实行不“贴钱”的玩法"),
        "downgrade_mixed_jokers": default(
            "article 3 says jokers decide a 挂花 play's strength and never weakens a 大花",
            "“挂花”时牌力以大、小王为准",
        ),
        "joker_model": seed("000", "part 3 第3条", "“挂花”时牌力以大、小王为准，同时其他牌亦要大于上家牌"),
        "big_joker_kill": seed("000", "part 3 第4条", "本规则仅认同“两大灭一大”（二杀一）的玩法"),
        "gouji_min_twos": seed("000", "part 3 第8条", "2张“2”和各1张大、小王牌为够级牌"),
        "kaidian_pure_only": seed("000", "part 3 第22条", "只有纯够级牌才能开点"),
        "place_points": default("000 part 3 scores no points; the table of 002 §6"),
        "sweep_doubles_score": default("000 part 3 is silent on points; as 002 §6"),
        "revolution_third_with_top_two": seed(
            "000", "part 3 第42条", "包括成功革命者的同帮争得头、二科，该革命者即为第三科"
        ),
        "failed_revolution_last": seed("000", "part 3 第47条", "则革命失败，玩家为大落且不开点"),
        "failed_burn_last": seed(
            "000", "part 3 第32条", "烧牌玩家则不能继续烧牌，为诈烧（捎），直接被判为大落 (it plays no more)"
        ),
        "zhashao_men_free": seed("000", "part 3 第32条", "如果因诈烧（捎）被闷（清）的，不算落科，为自由人"),
        "tribute_order": seed(  # 第16条 orders four kinds; 圈贡 (第17条) and 诈烧贡 (第32条) are placed by this project
            "000", "part 3 第16条/第17条/第32条", "规定进贡的顺序为点贡、烧（捎）贡、闷（清、净）贡、落贡"
            " (第16条's four; 圈贡 first, as a swept team pays only it, 第17条; the 诈烧贡 of 第32条 after 烧贡: the"
            " project's placement)", placed=("quan", "zhashao"),
        ),
        "first_hand_free": seed("000", "part 3 第20条", "该首局无需进贡"),
        "dian_table": seed("000", "part 3 第23条", "如宣点成功，则点贡翻倍 (failed 宣点: 本规则不做规定, plain 点贡)"),
        "dian_escalation": seed("000", "part 3 第22条", "点贡通常为一张，进给对家"),
        "burn_cards": seed("000", "part 3 第28条", "烧（捎）贡通常为一张"),
        "failed_burn_tribute": seed("000", "part 3 第32条", "直接被判为大落，并进一张诈烧（捎）贡"),
        "counter_burn_growth": seed("000", "part 3 第31条", "每反烧（捎）一次，烧（捎）贡翻倍"),
        "men_cards": seed("000", "part 3 第35条", "闷（清、净）贡为一张"),
        "luo_cards": seed("000", "part 3 第40条", "大落贡为两张，进给头科；二落贡为一张，进给二科"),
        "sweep_tribute": seed("000", "part 3 第17条", "该同帮玩家只需进圈贡，其他进贡免除"),
        "sweep_huiwu": seed("000", "part 3 第44条", "被圈三家的一同帮将手中全部点数5的牌摆出汇总"),
        "sweep_restart_after": seed("000", "part 3 第45条", "仍然出现连圈三局的极端情况，那么够级游戏重新开局"),
        "same_team_pays": seed("000", "part 3 第17条", "同帮之间可以不进任何贡"),
        "tribute_cards": seed("000", "part 3 第16条", "玩家自然抓到的……大、小王和2为贡牌"),
        "kanggong": seed("000", "part 3 第17条", "自然抓到4个大王牌时抗掉本同帮所有进贡"),
        "returns_cards": seed("000", "part 3 第16条", "受进贡的玩家无需回贡"),
    },
)

ZAOZHUANG = Ruleset(
    name="zaozhuang",
    title_zh="枣庄够级",
    title_en="Zaozhuang",
    packs=6,
    tieqian=True,
    downgrade_mixed_jokers=False,
    joker_model=JokerModel.COVER,
    big_joker_kill=True,
    gouji_min_twos=1,
    kaidian_pure_only=True,
    place_points=(4, 2, 0, 0, -2, -4),
    sweep_doubles_score=False,
    revolution_third_with_top_two=False,
    failed_revolution_last=True,
    failed_burn_last=False,
    zhashao_men_free=False,
    tribute_order=(TributeKind.DIAN, TributeKind.SHAO, TributeKind.MEN, TributeKind.LUO),
    first_hand_free=True,
    dian_table=MappingProxyType(
        {"--/--": 1, "--/-K": 1, "--/X-": 2, "--/XK": 2, "X-/--": 1, "X-/-K": 2, "XK/-K": 2,
         "X-/X-": 2, "X-/XK": 2, "XK/XK": 2}
    ),
    dian_escalation=(1, 2, 3, 0),
    burn_cards=1,
    failed_burn_tribute=TributeKind.SHAO,
    counter_burn_growth=CounterBurnGrowth.PLUS_ONE,
    men_cards=1,
    luo_cards=(2, 1),
    sweep_tribute=SweepTribute.NORMAL,
    sweep_huiwu=False,
    sweep_restart_after=0,
    same_team_pays=True,
    tribute_cards=TributeCards.BIGGEST,
    kanggong=False,
    returns_cards=True,
    keep_threes=6,
    bie_san=True,
    first_leader=FirstLeader.FIRST_THREE,
    pass_rule=PassRule.FREE,
    fasi=False,
    fasi_lapses=False,
    fours_before_kaidian=FoursBeforeKaidian.FREE,
    natural_point=False,
    kaidian_needs_duitou=True,
    buy_threes=True,
    auto_revolution=False,
    buy_fours=False,
    burn_needs_kaidian=False,
    burn_last_exempt=False,
    revolution_concedes_point=True,
    revolution_head_choice=True,
    revolution_duel=RevolutionDuel.NONE,
    men_first_is_daluo=True,
    revolution_lead=False,
    sisi_last_play=False,
    yield_duitou_only=False,
    special_jieshao=True,
    discard_dead_fours=False,
    failed_revolution_fours=False,
    duel_decides_points=False,
    revolution_hands_over=False,
    peace_first_hand=False,
    men_keeps_head=False,
    must_give_three=True,
    duitou_pass_leads=False,
    counter_burn_by_others=False,
    buy_with_jokers=True,
    jieshao_recover=False,
    counter_burn_at_once=True,
    citations={
        "buy.order": seed("003", "§五 憋三", "有钱（2）的必须用钱（2）买，没钱才能用花（王）买"),
        "men": seed("003", "§十三 清（闷）", "玩家的倒数第2栋牌被别人摁上了，即手里只剩下3了"),
        "compare.size": seed("003", "§三 出牌", "别人出几张，你就出几张"),
        "gouji.threshold": seed("003", "§四 够级牌", "5个10、4个J、3个Q、2个K、2个A、1个2（钱）"),
        "gouji.jokers": seed("003", "§四 够级牌", "但凡有带/挂着花的那套扑克即变成够级牌"),
        "action.syntax": default("how this program writes a step (seat 1 plays AA): no rule of the game"),
        "play.shape": seed("003", "§四 够级牌", "你可以拿出1个钱（2）和4个10放在一起，则可当5个10使用"),
        "compare.rank": default("003 gives no order of the ranks; as 002 §3 (big joker > small joker > 2 > A > … > 3)"),
        "gouji.pure": seed("003", "§四 够级牌", "必须是纯级牌过点，即不得添钱（2）挂花（王）"),
        "turn.order": default(
            "003 does not say who answers next (§三 lets anyone play below 够级); as 002 §5 上牌 (the next seat "
            "counterclockwise)"
        ),
        "turn.over": seed("003", "§十四 落", "六个玩家，有大科……六科"),
        "seat.gone": seed(
            "003", "§十二 革命", "革命者在本场扑克进行中就不能再出牌了 (and §十三: a 闷ed seat 走不成了)"
        ),
        "hand.cards": default("003 takes it for granted; as 002 §2 牌型"),
        "lead.must": default("003 does not say how a round is led; as 002 §5 发牌"),
        "answer.beat": seed("003", "§三 出牌", "1个小花需要用1个大花压 (an answer 压s the play before it)"),
        "gouji.duitou": seed("003", "§八 烧牌", "出牌人出级牌，本应该其对门（家）出牌/压牌"),
        "gouji.sisi": seed("003", "§十二 革命", "选有头……此对家可以任发3栋级牌 (only a burn beats them)"),
        "yield.when": default("003 has no 让牌; as 000 part 3 第12条"),
        "kaidian": seed("003", "§六 点", "如果玩家发的一栋（套）级牌，对家（门）没能管上，即为过点"),
        "kaidian.deadline": seed("003", "§六 点", "如果玩家在对家已走或六个玩家已走两人前没能过点"),
        "burn.gouji": seed("003", "§八 烧牌", "本应该其对门（家）出牌/压牌，而你却抢先出牌、压牌了，则你烧出牌人的牌"),
        "burn.priority": default("003 does not say who burns first; as 002 §5 烧牌 (own 联邦 first)"),
        "burn.lifted": seed("003", "§九 普通解烧", "只要他的这栋（套）牌被他人任何一栋（套）牌压上，则为解烧"),
        "luanchan": seed("003", "§三 出牌", "六个玩家中两家已走，其余玩家也可以任意出牌"),
        "jiefeng": default("003 is silent on who leads after a seat goes out; as 000 part 3 第15条"),
        "revolt.cards": seed("003", "§十二 革命", "没有钱（2）没有花（王），则有权放弃本场够级"),
        "revolt.two": default("003 is silent on two revolutions; as 002 §5 革命"),
        "head.failed": default("003 has no failed revolution; as 000 part 3 第49条"),
        "wutou": seed("003", "§十二 革命", "此对家可以压另外4家的任何一栋（套）牌，同样另外4家也可如此压此对家"),
        "xuandian.when": seed("003", "§七 宣点", "一场扑克开始前，玩家公然宣布其对头（即对家）不能过点"),
        "place.order": seed("003", "§十四 落", "有大科（即头科或一科）、二科、三科、四科、五科、六科"),
        "place.unordered": default("003 is silent on seats still holding cards; as 000 part 3 第13条"),
        "place.sweep": default("003 knows no 串三户; as 002 §5 串三户"),
        "tribute.void": default("003 is silent on a voided hand; as 002 §5 革命"),
        "tribute.shao.cancelled": seed("003", "§九 普通解烧", "不再追究该烧牌人在上一栋牌的烧牌行为"),
        "deck.limit": seed("003", "§一 导论", "六人六封扑克"),
    },
    sources={
        "failed_revolution_fours": default("003 §十二 has no plays after a revolution, so none fails"),
        "duel_decides_points": default("003 §十二 has no plays after a revolution, so none decides a point"),
        "revolution_hands_over": seed("003", "§十二 革命", "没有钱（2）没有花（王），则有权放弃本场够级"),
        "peace_first_hand": default("003 has no first hand of its own"),
        "men_keeps_head": default(
            "003 §十三 only says a 闷ed seat cannot go out; its 对头 is 无头 as in 002. It has not gone out, "
            "so 开点 stays open to its 对头 (§六)"
        ),
        "must_give_three": seed("003", "§五 憋三", "既没钱（2）又没花（王），有3的必须给一张"),
        "duitou_pass_leads": default("003 is silent on who leads a new round; as 002 §5 发牌"),
        "counter_burn_by_others": seed(
            "003", "§十一 反烧", "被烧人被烧后，如果其能再度压上烧牌人发出的那栋烧牌……成为反烧 (the victim only)"
        ),
        "buy_with_jokers": seed("003", "§五 憋三", "有钱（2）的必须用钱（2）买，没钱才能用花（王）买"),
        "jieshao_recover": seed("003", "§九 普通解烧", "只要他的这栋（套）牌被他人任何一栋（套）牌压上，则为解烧"),
        "counter_burn_at_once": seed(
            "003", "§十一 反烧", "若被烧人在刚刚被烧的情况下不能解烧，在之后的过程中对烧牌人发的牌实行烧牌……定性为烧牌"
        ),
        "revolution_lead": default("003 §十二 has no plays after a revolution: the usual leader leads"),
        "sisi_last_play": default("003 has no 够死级"),
        "yield_duitou_only": seed("003", "§三 出牌", "对于级牌以下的牌，六个玩家可以任意出牌"),
        "special_jieshao": seed(
            "003", "§十 特殊解烧", "若被烧人的其他对家（即烧牌人的同家）解烧，则此解烧有两个功能：1、解烧；2、烧牌"
        ),
        "discard_dead_fours": default("003 says nothing of 4s"),
        "auto_revolution": seed(
            "003", "§五 憋三", "既没钱（2）又没花（王），有3的必须给一张 (the seat is given a 3: must_give_three)"
        ),
        "revolution_duel": default("003 §十二 has the revolutionary sit out at once, as 四科"),
        "keep_threes": seed("003", "§五 憋三", "六封扑克共选出6张3"),
        "bie_san": seed("003", "§五 憋三", "必须最后出3。即：一场牌中玩家最后发（出）的一栋（套）牌必须是3"),
        "first_leader": seed("003", "§三 出牌", "最先摸到3并且亮出来的玩家最先出牌"),
        "pass_rule": seed("003", "§三 出牌", "对于级牌以下的牌，六个玩家可以任意出牌"),
        "fasi": default("003 has no 发四: it says nothing of 4s"),
        "fasi_lapses": default("003 has no 发四, so nothing of it can lapse"),
        "fours_before_kaidian": default("003 puts no limit on leading 4s"),
        "natural_point": default("003 has no 自然点"),
        "kaidian_needs_duitou": seed(
            "003", "§六 点", "如果玩家在对家已走或六个玩家已走两人前没能过点，则定性为被对家摁点"
        ),
        "buy_threes": seed("003", "§五 憋三", "没有摸到3的，可以向同门索要，也可以用钱（2）或用花（王）买"),
        "buy_fours": default("003 buys only 3s"),
        "burn_needs_kaidian": default("003 §八 names no condition for burning but a joker on every later play"),
        "burn_last_exempt": seed("003", "§八 烧牌", "烧牌人烧牌后发/出的每一栋（套）牌必须带/挂花（王）"),
        "revolution_concedes_point": seed("003", "§十二 革命", "革命者革命时就主动认点贡"),
        "revolution_head_choice": seed("003", "§十二 革命", "革命者革命后，其的对家可有两种选择：1、选无头；2、选有头"),
        "men_first_is_daluo": seed("003", "§十三 清（闷）", "其中第1个被闷的玩家为大落"),
        "packs": seed("003", "§一 导论", "六人六封扑克"),
        "tieqian": seed("003", "§四 够级牌", "钱：即2，可以当成（替代）除了花（王）之外的任何一个牌"),
        "downgrade_mixed_jokers": default(
            "003 never weakens a 大花; its cover rule compares joker against joker", ""
        ),
        "joker_model": seed("003", "§三 出牌", "1个小花需要用1个大花压；2个小花用2个大花压"),
        "big_joker_kill": seed("003", "§三 出牌", "1个大花需用2个大花压；2个大花需用4个大花压"),
        "gouji_min_twos": seed("003", "§四 够级牌", "1个2（钱）"),
        "kaidian_pure_only": seed("003", "§四 够级牌", "必须是纯级牌过点，即不得添钱（2）挂花（王）"),
        "place_points": default("003 scores no points; the table of 002 §6"),
        "sweep_doubles_score": default("003 knows no 串三户, so nothing doubles"),
        "revolution_third_with_top_two": seed("003", "§十二 革命", "直接晋级4科"),
        "failed_revolution_last": default("003 has no failed revolution; as 000 part 3 第47条"),
        "failed_burn_last": default(
            "003 §八 has a failed burner pay the seat it burned and says nothing "
            "of its place: it plays on and keeps the place it earns"
        ),
        "zhashao_men_free": default("003 has no 诈烧 exemption; only 000 part 3 第32条 frees the seat"),
        "tribute_order": seed("003", "§二 进贡", "先后顺序：点、烧、清（闷）、落"),
        "first_hand_free": default("003 is silent; no hand comes before the first"),
        "dian_table": seed(
            "003",
            "§七 宣点",
            "对家需向玩家进双倍点贡；相反……玩家需要……向对家进双倍点贡 (a 宣点 doubles the one 点贡: 2, never 3 or 4)",
        ),
        "dian_escalation": seed(
            "003", "§六 点", "第一次被摁点，进1个点贡；连续两次……进2个点贡；连续三次……进3个点贡；第四场……即为毕业"
        ),
        "burn_cards": seed("003", "§八 烧牌", "被烧人需要在下一场扑克开始前向烧牌人进贡1张"),
        "failed_burn_tribute": seed("003", "§八 烧牌", "烧牌人反而需要在下一场扑克开始钱向被烧人进贡1张"),
        "counter_burn_growth": seed(
            "003", "§十一 反烧", "烧牌人需要……进贡2张……若烧牌人再次反烧，则被烧人需要……进3个贡"
        ),
        "men_cards": seed("003", "§十三 清（闷）", "被清的玩家需要在下一场扑克开始前向清的玩家进1张清贡"),
        "luo_cards": seed("003", "§十四 落", "大落向大科进2个落贡；二落向二科进1个落贡"),
        "sweep_tribute": default("003 knows no 串三户", "注：任何人都必须进贡"),
        "sweep_huiwu": default("汇五 is only in 000 part 3 第44条"),
        "sweep_restart_after": default("003 knows no 串三户"),
        "same_team_pays": default(
            "003 §十四 注 says nobody is excused from tribute, and 003 names no exemption for "
            "teammates: a tribute owed inside a team is paid too"
        ),
        "tribute_cards": default("003 is silent on which card; the biggest, as 002 §4"),
        "kanggong": seed("003", "§十四 落", "注：任何人都必须进贡"),
        "returns_cards": seed("003", "§十四 落", "进贡后回牌可以回相同的牌但不能回贡牌"),
    },
)

#: The presets by name; ``qingdao`` is the default.
PRESETS: Mapping[str, Ruleset] = MappingProxyType({r.name: r for r in (QINGDAO, LINYI, TONGSU, ZAOZHUANG)})
#: The house rule sets this process knows by name (read from rule files: :func:`gouji_teach.rules.house.load`).
_HOUSE: dict[str, Ruleset] = {}


def add_house(rules: Ruleset) -> Ruleset:
    """Make a house rule set known by its name (and its :attr:`~Ruleset.key`) to :func:`find_ruleset`, so that a
    page address, a drill id or a record naming it finds it, with its club's notes."""
    if rules.name in PRESETS:
        raise RulesetError(rules.name, "name", "是一种规则的名字，自家规则要另起名字",
                           "is the name of a family: a house rule set needs a name of its own")
    _HOUSE[rules.name] = rules
    return rules


def house_rulesets() -> tuple[Ruleset, ...]:
    """The house rule sets :func:`add_house` made known, in the order they came."""
    return tuple(_HOUSE.values())


def all_rulesets() -> tuple[Ruleset, ...]:
    """The four families, then the house rule sets made known: what a page offers and compares."""
    return (*PRESETS.values(), *_HOUSE.values())


def find_ruleset(name: str | Mapping[str, Any] | Ruleset | None = None) -> Ruleset:
    """The rule set called ``name``: a preset (case-insensitive), a house rule set made known by its name, a
    rule set's :attr:`~Ruleset.key` (``linyi+packs=6``), or its JSON (:meth:`Ruleset.to_json`); ``None`` gives
    the default, ``qingdao``."""
    if isinstance(name, Ruleset):
        return name
    if name is None:
        return QINGDAO
    if isinstance(name, Mapping):
        return ruleset_from_json(name)
    text = str(name).strip()
    key = text.lower()
    if key in PRESETS:
        return PRESETS[key]
    if text in _HOUSE:
        return _HOUSE[text]
    if "+" in text and text.split("+", 1)[0].lower() in PRESETS:
        return _from_key(text)
    raise UnknownRulesetError(name, (*PRESETS, *_HOUSE))


def _plain(value: Any) -> Any:
    """A switch's value as JSON holds it."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return dict(value)
    return str(value) if isinstance(value, StrEnum) else value


def _word(value: Any) -> str:
    """A switch's value as a rule set's key writes it: ``yes``/``no``, a number, a choice, ``none``, a list with
    commas (``8,4,0,0,-4,-8``), the 点贡 table as ``code:cards`` items (``X-.-K:2``: ``.`` for the ``/``, which
    separates the parts of a drill id)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return ",".join(_word(v) for v in value)
    if isinstance(value, Mapping):
        return ",".join(f"{k.replace('/', '.')}:{v}" for k, v in sorted(value.items()))
    return str(value)


def _unword(switch: str, text: str) -> Any:
    """The value of ``switch`` a key writes as ``text`` (checked afterwards, as every switch's value is)."""
    kind = switches()[switch].type
    if kind == "bool":
        return {"yes": True, "no": False}.get(text.lower(), text)
    if kind == "int":
        return int(text) if re.fullmatch(r"-?[0-9]{1,6}", text) else text
    if kind.startswith("tuple[int"):
        items = text.split(",")
        return tuple(int(v) for v in items) if all(re.fullmatch(r"-?[0-9]{1,6}", v) for v in items) else text
    if kind.startswith("tuple"):
        return tuple(text.split(","))
    if kind == "TributeKind | None":
        return None if text == "none" else text
    if kind.startswith("Mapping"):
        table = {}
        for item in text.split(",") if text else ():
            code, _, cards = item.partition(":")
            table[code.replace(".", "/")] = int(cards) if cards.isdigit() else cards
        return table
    return text


def _from_key(text: str) -> Ruleset:
    """A rule set from its key: ``family+switch=value+…``."""
    family, *items = text.split("+")
    base = PRESETS[family.lower()]
    changes: dict[str, Any] = {}
    for item in items:
        switch, sep, value = item.partition("=")
        if not sep or switch not in switches():
            raise unknown_switch(text, switch)
        changes[switch] = _unword(switch, value)
    rules = base.replace(**changes)
    return next((r for r in _HOUSE.values() if r.key == rules.key), rules)  # a house rule set's, with its notes


def unknown_switch(ruleset: str, switch: str) -> RulesetError:
    """The error for a switch that is none, naming the nearest switch and all of them."""
    known = list(switches())
    import difflib  # only for this error's hint: not at import

    near = difflib.get_close_matches(switch, known, n=1)
    hint_zh, hint_en = (f"（是不是 {near[0]}？）", f" (did you mean {near[0]}?)") if near else ("", "")
    return RulesetError(ruleset, switch, f"不是开关{hint_zh}：开关有 {', '.join(known)}",
                        f"no such switch{hint_en}; the switches: {', '.join(known)}")


_JSON_KEYS = ("name", "title_zh", "title_en", "base", "changes", "notes")


def ruleset_from_json(data: Any) -> Ruleset:
    """A rule set from its JSON (:meth:`Ruleset.to_json`): a name :func:`find_ruleset` knows, or an object with
    ``base`` (a family) and ``changes`` (switch: value; without a family, every switch), and optionally ``name``,
    ``title_zh``, ``title_en`` and ``notes`` (switch: the club's note, text or ``{"zh": …, "en": …}``). A
    mistake raises :class:`RulesetError` naming the switch and what it allows."""
    if isinstance(data, str):
        return find_ruleset(data)
    if not isinstance(data, Mapping):
        raise RulesetError("?", "rules", f"要写规则的名字或对象，不能是 {type(data).__name__}",
                           f"must be a rule set's name or an object, not {type(data).__name__}")
    name = data.get("name")
    label = str(name or data.get("base") or "?")
    for key in data:
        if key not in _JSON_KEYS:
            raise RulesetError(label, str(key), f"不认识（可用：{', '.join(_JSON_KEYS)}）",
                               f"unknown key (known: {', '.join(_JSON_KEYS)})")
    for key in ("name", "title_zh", "title_en"):
        if key in data and (not isinstance(data[key], str) or not data[key].strip()):
            raise RulesetError(label, key, "要写一段文字", "must be some text")
    changes, notes = data.get("changes", {}), data.get("notes", {})
    for key, value in (("changes", changes), ("notes", notes)):
        if not isinstance(value, Mapping):
            raise RulesetError(label, key, "要写成 开关: 值", "must map switches to values")
    for switch in (*changes, *notes):
        if switch not in switches():
            raise unknown_switch(label, str(switch))
    values: dict[str, Any] = {k: tuple(_from_plain(v) for v in value) if isinstance(value, list) else value
                              for k, value in changes.items()}
    sources = {k: club_note(str(name or label), *_note(label, k, note)) for k, note in notes.items()}
    naming = {k: data[k] for k in ("name", "title_zh", "title_en") if k in data}
    if "base" not in data:
        missing = [k for k in switches() if k not in values]
        if missing:
            raise RulesetError(label, "base", f"没有写；不写的话每个开关都要写（缺 {', '.join(missing)}）",
                               f"is missing; without a family every switch is given (missing {', '.join(missing)})")
        for k in values:
            sources.setdefault(k, default(f"given in the rule set {label}"))
        return Ruleset(name=str(name or "custom"), title_zh=str(data.get("title_zh", name or "custom")),
                       title_en=str(data.get("title_en", name or "custom")), sources=sources, **values)
    base = data["base"]
    if not isinstance(base, str) or base.strip().lower() not in PRESETS:
        raise RulesetError(label, "base", f"不能是 {base!r}：要写 {'、'.join(PRESETS)} 之一",
                           f"{base!r} is not a family: choose one of {', '.join(PRESETS)}")
    return PRESETS[base.strip().lower()].replace(**values, sources=sources, **naming)


def _from_plain(value: Any) -> Any:
    return tuple(_from_plain(v) for v in value) if isinstance(value, list) else value


def _note(label: str, switch: str, note: Any) -> tuple[str, str]:
    """A club's note as (Chinese, English): one text, or ``{"zh": …, "en": …}`` (either may be left out)."""
    if isinstance(note, str) and note.strip():
        return note.strip(), note.strip()
    if isinstance(note, Mapping) and set(note) <= {"zh", "en"} and note and all(
            isinstance(v, str) and v.strip() for v in note.values()):
        zh, en = note.get("zh", ""), note.get("en", "")
        return (zh or en).strip(), (en or zh).strip()
    raise RulesetError(label, f"notes.{switch}", "要写一段说明，或 {zh: …, en: …}",
                       "must be a note: some text, or {zh: …, en: …}")


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return ""
    if isinstance(value, TributeKind):
        return value.zh
    if isinstance(value, tuple) and value and isinstance(value[0], TributeKind):
        return str(tuple(k.zh for k in value))
    return str(value)


def switch_table(rulesets: tuple[Ruleset, ...] | None = None, *, sources: bool = True) -> list[dict[str, str]]:
    """The switches of several rule sets side by side: one row a switch.

    Each row has ``switch``, ``zh``, ``en`` and, per rule set, its value and (with ``sources``) the citation
    under the key ``<name> source``.

    >>> rows = switch_table()
    >>> [row["switch"] for row in rows][:3]
    ['packs', 'tieqian', 'downgrade_mixed_jokers']
    >>> rows[1]["tongsu"], rows[1]["tongsu source"]
    ('no', '000 part 3 第3条')
    """
    rulesets = rulesets or tuple(PRESETS.values())
    rows = []
    for name in switches():
        zh, en = describe(name)
        row = {"switch": name, "zh": zh, "en": en}
        for r in rulesets:
            row[r.name] = _show(getattr(r, name))
            if sources:
                row[f"{r.name} source"] = r.source(name).cite()
        rows.append(row)
    return rows

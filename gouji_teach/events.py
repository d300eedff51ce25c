"""Actions, events and refusals of the play engine, and the play rules they cite.

An :class:`Action` is what a seat does (play, pass, 让牌, burn, ...); an :class:`Event` is what happened, a
frozen record with a sentence in Chinese and English that the teaching layer can narrate. A refused action
raises :class:`IllegalActionError`, whose ``rule`` is the id of the rule that forbids it; the rule ids live
in the shared rule book (:data:`gouji_teach.verdicts.RULES`) with their seed sources.

>>> Action.parse("seat 2 plays 99 9")
Action(seat=2, kind='play', cards='999')
>>> Action.parse("座位4 烧 DX99")
Action(seat=4, kind='burn', cards='DX99')
>>> str(Action.parse("seat 0 passes"))
'seat 0 passes'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .cards import format_cards, parse_cards
from .errors import GoujiError, NotationError
from .plays import Play
from .rulesets import Ruleset, seed
from .verdicts import RULES, Rule, cite

__all__ = ["ACTION_KINDS", "Action", "Event", "IllegalActionError", "refusal"]

#: Action kinds and the verbs that write them (English, then Chinese aliases).
ACTION_KINDS: dict[str, tuple[str, ...]] = {
    "play": ("plays", "play", "出", "出牌", "上牌"),
    "pass": ("passes", "pass", "过", "过牌", "不要"),
    "yield": ("yields", "yield", "让", "让牌"),
    "burn": ("burns", "burn", "烧", "烧牌"),
    "revolt": ("revolts", "revolt", "革命"),
    "xuandian": ("declares", "xuandian", "宣点"),
    "yaotou": ("yaotou", "要头"),
    "wutou": ("wutou", "无头"),
}
_VERB = {alias.lower(): kind for kind, aliases in ACTION_KINDS.items() for alias in aliases}
_WITH_CARDS = frozenset({"play", "burn"})
_ACTION_RE = re.compile(r"^\s*(?:seat|座位|座)\s*([0-5])\s*(\S+)\s*(.*?)\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Action:
    """One action of one seat. ``cards`` is notation (strongest first) for ``play`` and ``burn``, else ``None``."""

    seat: int
    kind: str
    cards: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in ACTION_KINDS:
            raise ValueError(f"unknown action kind {self.kind!r}")
        if not 0 <= self.seat <= 5:
            raise ValueError(f"seats are 0-5, not {self.seat}")
        if (self.cards is not None) != (self.kind in _WITH_CARDS):
            raise ValueError(f"{self.kind} {'needs' if self.kind in _WITH_CARDS else 'takes no'} cards")
        if self.cards is not None:
            object.__setattr__(self, "cards", format_cards(parse_cards(self.cards)))

    @classmethod
    def of(cls, seat: int, kind: str, play: Play | str) -> Action:
        """A ``play`` or ``burn`` of a counted play, or of notation already as :attr:`Play.notation` writes it
        (nothing to parse)."""
        return cls.many(seat, kind, (play if isinstance(play, str) else play.notation,))[0]

    @classmethod
    def many(cls, seat: int, kind: str, notations: Iterable[str]) -> list[Action]:
        """:meth:`of` for each notation, built in one loop (the engine lists hundreds of leads at once).

        >>> Action.many(2, "play", ["99", "D"])
        [Action(seat=2, kind='play', cards='99'), Action(seat=2, kind='play', cards='D')]
        """
        if kind not in _WITH_CARDS:
            raise ValueError(f"{kind} takes no cards")
        new, actions = object.__new__, []
        for cards in notations:
            action = new(cls)
            _SET_SEAT(action, seat)  # the slots' own setters: the frozen __setattr__ is bypassed, and fast
            _SET_KIND(action, kind)
            _SET_CARDS(action, cards)
            actions.append(action)
        return actions

    @classmethod
    def parse(cls, text: str) -> Action:
        """``'seat N VERB [CARDS]'`` (or ``'座位N 出 CARDS'``). Raises :class:`IllegalActionError` on bad text."""
        m = _ACTION_RE.match(text)
        kind = _VERB.get(m.group(2).lower()) if m else None
        if m is None or kind is None:
            raise IllegalActionError(
                f"看不懂这一步：{text!r}（写法：seat N plays CARDS / passes / yields / burns CARDS / revolts / "
                "declares / yaotou / wutou）",
                f"cannot read the step {text!r} (write: seat N plays CARDS / passes / yields / burns CARDS / "
                "revolts / declares / yaotou / wutou)",
                rule="action.syntax",
            )
        rest = m.group(3)
        if kind in _WITH_CARDS and not rest:
            raise IllegalActionError(f"“{text}”缺少牌", f"{text!r} names no cards", rule="action.syntax")
        if kind not in _WITH_CARDS and rest:
            raise IllegalActionError(f"“{text}”多了“{rest}”", f"{text!r} has extra text {rest!r}", rule="action.syntax")
        try:
            return cls(int(m.group(1)), kind, rest or None)
        except NotationError as e:
            raise IllegalActionError(e.zh, e.en, rule="action.syntax") from e

    def __str__(self) -> str:
        verb = ACTION_KINDS[self.kind][0]
        return f"seat {self.seat} {verb}" + (f" {self.cards}" if self.cards else "")

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "cards": self.cards}


_SET_SEAT, _SET_KIND, _SET_CARDS = (Action.__dict__[name].__set__ for name in ("seat", "kind", "cards"))


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in a hand.

    ``kind`` is a short id (``lead``, ``play``, ``pass``, ``yield``, ``burn``, ``counter_burn``, ``jieshao``,
    ``burn_success``, ``burn_failed``, ``kaidian``, ``fasi``, ``kaidian_lapsed``, ``concede``, ``natural_point``,
    ``round``, ``out``, ``jiefeng``, ``men``, ``luanchan``, ``buy``, ``revolt``, ``auto_revolt``, ``duel``,
    ``duel_end``, ``yaotou``, ``wutou``, ``youtou``, ``discard_fours``, ``revolt_lead``,
    ``xuandian``, ``first_leader``, ``void``, ``end``); ``rule`` the id of the rule it illustrates (a 够级 lead
    or answer has ``gouji.duitou``, a 够死级 one ``gouji.sisi`` or ``gouji.sisi_last``); ``seat`` the seat it is
    about, ``other`` a second seat (the victim of a burn, the seat that 闷ed, the seller of a 3),
    ``cards`` notation. A special 解烧 (003 §十) is a ``play`` or a ``burn`` whose rule is ``burn.special``.
    """

    kind: str
    seat: int | None
    zh: str
    en: str
    other: int | None = None
    cards: str | None = None
    rule: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "seat": self.seat,
            "other": self.other,
            "cards": self.cards,
            "rule": self.rule,
            "zh": self.zh,
            "en": self.en,
        }


class IllegalActionError(GoujiError):
    """An action the rules forbid now; ``rule`` names the rule, the message says why in both languages."""


def _play_rule(
    id_: str, zh: str, en: str, *, switch: str | None = None, src: tuple[str, str, str] | None = None
) -> Rule:
    return Rule(id_, zh, en, switch=switch, source=seed(*src) if src else None)


#: The play rules, added to the shared rule book so that every refusal and event can cite its source.
PLAY_RULES: dict[str, Rule] = {
    r.id: r
    for r in (
        _play_rule("action.syntax", "步骤的写法", "how a step is written", src=("002", "§5 其他规则", "")),
        _play_rule(
            "turn.order",
            "逆时针由下家上牌",
            "answers go counter-clockwise, 下家 first",
            src=("002", "§5 上牌", "总是由逆时针下家对前面出的牌上牌"),
        ),
        _play_rule("turn.over", "这一局已经结束", "the hand is over", src=("002", "§6 游戏名次", "")),
        _play_rule(
            "seat.gone",
            "走了、革命、被闷或烧失败的人不再出牌",
            "a seat that went out, revolted, was 闷ed or failed a burn plays no more",
            src=("002", "§5 烧牌", "烧牌失败的玩家本局不能再出牌"),
        ),
        _play_rule("hand.cards", "只能出手里有的牌", "a seat plays only cards it holds", src=("002", "§2 牌型", "")),
        _play_rule(
            "lead.must",
            "发牌的人必须出牌",
            "the leader must lead a play",
            src=("002", "§5 发牌", "新的一轮里由上一轮最后一个出牌的人出牌"),
        ),
        _play_rule(
            "answer.beat",
            "上牌要大过前面的牌",
            "an answer must beat the play before it",
            src=("002", "§5 上牌", "自己出的一手牌大过前面的人的一手牌，称为顺牌"),
        ),
        _play_rule("pass.rule", "过牌后能否再上牌", "whether a seat that passed may play again", switch="pass_rule"),
        _play_rule(
            "gouji.duitou",
            "打够级：只有对头能上牌，别人只能烧",
            "a 够级 play is answered by the 对头 only",
            src=("002", "§5 打够级牌", "一旦有人出了够级牌，则除了烧牌外，只有对头可以上牌"),
        ),
        _play_rule(
            "gouji.sisi",
            "够死级：没人能接，除非烧",
            "够死级: nobody answers it except by burning",
            src=("002", "§5 够死级", "有两种情况可以产生够死级"),
        ),
        _play_rule(
            "gouji.sisi_last",
            "头科、二科的够级底牌被对头上了：这手是够死级",
            "the 对头's answer to the 够级 play 头科 or 二科 went out with is 够死级",
            switch="sisi_last_play",
        ),
        _play_rule(
            "yield.when",
            "让牌：对头的非够级牌，上两家都过了",
            "让牌: on the 对头's non-够级 play after the two before passed",
            src=("000", "part 3 第12条", "玩家对于对家发出的非够级牌，在上二家均已过牌的情况下"),
        ),
        _play_rule(
            "yield.duitou",
            "让牌后下两家上的牌，只有其对头能上",
            "after a 让牌, a play of the next two seats is answered by its 对头 only",
            switch="yield_duitou_only",
        ),
        _play_rule("biesan", "憋三：3只能最后出", "憋三: 3s only as the last play", switch="bie_san"),
        _play_rule(
            "men",
            "被闷：最后的3之前那手牌被人上了",
            "闷: the play before the last 3s was beaten",
            switch="men_first_is_daluo",
        ),
        _play_rule("fours", "没开点时发4", "leading 4s before 开点", switch="fours_before_kaidian"),
        _play_rule(
            "fours.discard",
            "不能再开点时，没开点的人把4扔掉",
            "once nobody may 开点, a seat that has not opened throws its 4s away",
            switch="discard_dead_fours",
        ),
        _play_rule("fasi", "开点后必须发4", "after 开点 the next lead is 4s", switch="fasi"),
        _play_rule(
            "kaidian",
            "开点：够级牌没人接，自己得到发牌权",
            "开点: a 够级 play nobody answers wins the lead",
            src=("002", "§5 开点", "如果一方打出的够级牌，无人接牌，使得自己获得出牌权，则该玩家开点"),
        ),
        _play_rule(
            "kaidian.deadline",
            "走两科后不再开点",
            "no 开点 after two seats are gone",
            src=("000", "part 3 第25条", "走两“科”后（成功“革命者”视为走科），不再开点"),
        ),
        _play_rule(
            "kaidian.duitou", "对头走了不能再开点", "no 开点 once the 对头 is gone", switch="kaidian_needs_duitou"
        ),
        _play_rule("natural_point", "自然点", "自然点: no pure 够级 play in the hand", switch="natural_point"),
        _play_rule(
            "burn.gouji",
            "只能烧够级牌",
            "only a 够级 play waiting for its 对头 can be burned",
            src=("002", "§5 烧牌", "当任意一人发够级牌时，一般情况下由其对头出牌"),
        ),
        _play_rule("burn.kaidian", "开点后才能烧", "burning needs 开点", switch="burn_needs_kaidian"),
        _play_rule("burn.passed", "过牌后不能烧", "a seat that passed may not burn", switch="pass_rule"),
        _play_rule(
            "burn.joker", "烧牌后每手都要挂花", "after a burn every play carries a joker", switch="burn_last_exempt"
        ),
        _play_rule(
            "burn.priority",
            "烧牌优先：发够级牌者的联邦先烧，同帮按出牌顺序",
            "burn priority: the victim's team first, then play order",
            src=("002", "§5 烧牌", "发够级牌者的联邦可先于其他人烧牌，若烧牌者均为一方，则按发牌顺序进行"),
        ),
        _play_rule(
            "burn.lifted",
            "解烧：烧牌人的牌被人压上",
            "解烧: the burner's play is beaten",
            src=("002", "§5 烧牌", "如果中间对头压牌或其他人烧此烧牌者，则算解烧"),
        ),
        _play_rule(
            "burn.special",
            "特殊解烧：被烧人的同门只解烧；烧牌人的同家解烧并替他烧",
            "special 解烧: the victim's teammate only lifts the burn; the burner's teammate takes the burn over",
            switch="special_jieshao",
        ),
        _play_rule(
            "burn.counter",
            "反烧：被烧的人烧回烧牌人",
            "反烧: the victim burns the burner back",
            src=("003", "§十一 反烧", "被烧人被烧后，如果其能再度压上烧牌人发出的那栋烧牌"),
        ),
        _play_rule(
            "luanchan",
            "四户乱缠：走两家后不再按够级、过牌、让牌、烧牌的规矩",
            "四户乱缠: once two are gone, no 够级, passing, 让牌 or burning rules",
            src=("002", "§5 四户乱缠", "头科、二科产生后，其余四人不再按够级、过牌、让牌、烧牌等规则进行"),
        ),
        _play_rule(
            "jiefeng",
            "接风：走科后的牌没人要，下家发牌",
            "接风: nobody beats the last play of a seat that went out",
            src=("000", "part 3 第15条", "接风"),
        ),
        _play_rule("buy", "买三/买四", "buying a 3 or a 4", switch="buy_threes"),
        _play_rule(
            "revolt.when",
            "革命要在出牌前",
            "a revolution is declared before the first lead",
            src=("003", "§十二 革命", "若玩家在出牌前（进贡后）没有钱（2）没有花（王），则有权放弃本场够级"),
        ),
        _play_rule(
            "revolt.cards",
            "有钱或花不能革命",
            "a seat with a 2 or a joker may not revolt",
            src=("002", "§5 革命", "如果大花、小花、钱均没有时，可声明革命"),
        ),
        _play_rule(
            "revolt.two",
            "两家革命，这局作废",
            "two revolutions void the hand",
            src=("002", "§5 革命", "如同时出现2个(含2个)以上革命者，则该局作废"),
        ),
        _play_rule(
            "revolt.duel",
            "革命后的三手够级牌（冲点）",
            "the three 够级 plays after a revolution (冲点)",
            switch="revolution_duel",
        ),
        _play_rule(
            "revolt.lead",
            "革命后的发牌顺序",
            "who leads after the three plays of a revolution",
            switch="revolution_lead",
        ),
        _play_rule(
            "revolt.auto",
            "买不到3又没钱没花：自动革命",
            "no 3 to be had and no 2 or joker: an automatic revolution",
            switch="auto_revolution",
        ),
        _play_rule("revolt.point", "革命算认点", "a revolution concedes the point", switch="revolution_concedes_point"),
        _play_rule(
            "head.choice",
            "革命后对头选要头或无头",
            "after a revolution its 对头 chooses 要头 or 无头",
            switch="revolution_head_choice",
        ),
        _play_rule(
            "head.failed",
            "革命失败：对家仍然有头",
            "a failed revolution leaves its 对头 有头",
            src=("000", "part 3 第49条", "革命失败即视为对家有头"),
        ),
        _play_rule(
            "head.men",
            "憋三留头：被闷的人视为没走，它的对家仍然有头",
            "憋三留头: a 闷ed seat counts as still there, its 对头 keeps its head",
            switch="men_keeps_head",
        ),
        _play_rule(
            "revolt.fours",
            "革命失败后，对家先发4",
            "after a failed revolution its 对头 leads 4s first",
            switch="failed_revolution_fours",
        ),
        _play_rule(
            "kaidian.peace",
            "和平局：第一局的第一手纯够级牌直接开点",
            "和平局: a seat's first pure 够级 play in the first hand opens at once",
            switch="peace_first_hand",
        ),
        _play_rule(
            "buy.give",
            "没钱没花买不了3：有3的人必须给一张",
            "no 2 and no joker to pay with: a seat with a 3 to spare must give one",
            switch="must_give_three",
        ),
        _play_rule(
            "lead.duitou",
            "对头不要够级牌：由对头发牌",
            "the 对头 passed the 够级 play: the 对头 leads",
            switch="duitou_pass_leads",
        ),
        _play_rule(
            "wutou",
            "无头：谁的牌都能接",
            "无头: anyone answers and is answered",
            src=("002", "§5 要头/无头", "此时玩家出的牌任何玩家都可以接"),
        ),
        _play_rule(
            "xuandian.when",
            "宣点要在出牌前",
            "宣点 is declared before the first lead",
            src=("000", "part 3 第23条", "是指在“大落”开始发牌之前"),
        ),
        _play_rule("first_leader", "谁先发牌", "who leads first", switch="first_leader"),
    )
}
RULES.update(PLAY_RULES)


def refusal(rule: str, rules: Ruleset, zh: str, en: str) -> IllegalActionError:
    """An :class:`IllegalActionError` for ``rule`` whose message ends with the rule's id and seed citation."""
    return IllegalActionError(f"{zh}【{rule}, {cite(rule, rules, 'zh')}】", f"{en} [{rule}, {cite(rule, rules)}]",
                              rule=rule)

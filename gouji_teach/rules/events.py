"""Actions, events and refusals of the play engine, and the play rules they cite.

An :class:`Action` is what a seat does (play, pass, 让牌, burn, ...); an :class:`Event` is what happened, a
frozen record with a sentence in Chinese and English that the teaching layer can narrate. A refused action
raises :class:`IllegalActionError`, whose ``rule`` is the id of the rule that forbids it; the rule ids live
in the rule book (:data:`gouji_teach.rules.rulebook.RULES`) with their seed sources.

>>> Action.parse("seat 2 plays 99 9")
Action(seat=2, kind='play', cards='999')
>>> Action.parse("座位4 烧 DX99")
Action(seat=4, kind='burn', cards='DX99')
>>> str(Action.parse("seat 0 passes"))
'seat 0 passes'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from .cards import format_cards, parse_cards
from .errors import GoujiError, NotationError
from .plays import Play
from .rulesets import Ruleset
from .verdicts import cite

__all__ = ["ACTION_KINDS", "Action", "ActionKind", "Event", "EventKind", "IllegalActionError", "refusal"]


class ActionKind(StrEnum):
    """What a seat does, in the order :meth:`~gouji_teach.rules.engine.Game.may_act` lists them."""

    PLAY = "play"
    BURN = "burn"  # 烧牌
    PASS = "pass"  # 过牌
    YIELD = "yield"  # 让牌
    REVOLT = "revolt"  # 革命
    XUANDIAN = "xuandian"  # 宣点
    YAOTOU = "yaotou"  # 要头
    WUTOU = "wutou"  # 无头


#: Action kinds and the verbs that write them (English, then Chinese aliases).
ACTION_KINDS: Mapping[ActionKind, tuple[str, ...]] = MappingProxyType(
    {
        ActionKind.PLAY: ("plays", "play", "出", "出牌", "上牌"),
        ActionKind.BURN: ("burns", "burn", "烧", "烧牌"),
        ActionKind.PASS: ("passes", "pass", "过", "过牌", "不要"),
        ActionKind.YIELD: ("yields", "yield", "让", "让牌"),
        ActionKind.REVOLT: ("revolts", "revolt", "革命"),
        ActionKind.XUANDIAN: ("declares", "xuandian", "宣点"),
        ActionKind.YAOTOU: ("yaotou", "要头"),
        ActionKind.WUTOU: ("wutou", "无头"),
    }
)
_VERB = {alias.lower(): kind for kind, aliases in ACTION_KINDS.items() for alias in aliases}
_WITH_CARDS = frozenset({ActionKind.PLAY, ActionKind.BURN})
#: A step as text (``seat N VERB [CARDS]``); the pattern is compiled on first use (``re``'s cache), not at import.
_ACTION = r"^\s*(?:seat|座位|座)\s*([0-5])\s*(\S+)\s*(.*?)\s*$"


@dataclass(frozen=True, slots=True)
class Action:
    """One action of one seat. ``kind`` is an :class:`ActionKind` (its value is accepted too); ``cards`` is
    notation (strongest first) for ``play`` and ``burn``, else ``None``. A bad seat, kind or cards raises
    :class:`IllegalActionError` (rule ``action.syntax``)."""

    seat: int
    kind: ActionKind
    cards: str | None = None

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "kind", ActionKind(self.kind))
        except ValueError:
            kinds = ", ".join(ActionKind)
            raise IllegalActionError(f"没有“{self.kind}”这种动作（可选：{kinds}）",
                                     f"unknown action kind {self.kind!r} (choose from: {kinds})",
                                     rule="action.syntax") from None
        if isinstance(self.seat, bool) or not isinstance(self.seat, int) or not 0 <= self.seat <= 5:
            raise IllegalActionError(f"座位是0到5，不是{self.seat!r}", f"seats are 0-5, not {self.seat!r}",
                                     rule="action.syntax")
        if (self.cards is not None) != (self.kind in _WITH_CARDS):
            raise _cards_error(self.kind)
        if self.cards is not None:
            object.__setattr__(self, "cards", format_cards(parse_cards(self.cards)))

    @classmethod
    def of(cls, seat: int, kind: ActionKind | str, play: Play | str) -> Action:
        """A ``play`` or ``burn`` of a counted play, or of notation already as :attr:`Play.notation` writes it
        (nothing to parse)."""
        return cls.many(seat, kind, (play if isinstance(play, str) else play.notation,))[0]

    @classmethod
    def many(cls, seat: int, kind: ActionKind | str, notations: Iterable[str]) -> list[Action]:
        """:meth:`of` for each notation, built in one loop (the engine lists hundreds of leads at once).

        >>> Action.many(2, "play", ["99", "D"])
        [Action(seat=2, kind='play', cards='99'), Action(seat=2, kind='play', cards='D')]
        """
        kind = ActionKind(kind)
        if kind not in _WITH_CARDS:
            raise _cards_error(kind)
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
        m = re.match(_ACTION, text, re.IGNORECASE)
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

    def __repr__(self) -> str:
        return f"Action(seat={self.seat!r}, kind={self.kind.value!r}, cards={self.cards!r})"

    def __str__(self) -> str:
        verb = ACTION_KINDS[self.kind][0]
        return f"seat {self.seat} {verb}" + (f" {self.cards}" if self.cards else "")

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "cards": self.cards}


def _cards_error(kind: ActionKind) -> IllegalActionError:
    if kind in _WITH_CARDS:
        return IllegalActionError(f"“{kind}”这一步要写出牌", f"{kind} needs cards", rule="action.syntax")
    return IllegalActionError(f"“{kind}”这一步不带牌", f"{kind} takes no cards", rule="action.syntax")


_SET_SEAT, _SET_KIND, _SET_CARDS = (Action.__dict__[name].__set__ for name in ("seat", "kind", "cards"))


class EventKind(StrEnum):
    """What an :class:`Event` records. The values are the ids records and JSON have always written.

    >>> EventKind("men"), EventKind.MEN == "men"
    (<EventKind.MEN: 'men'>, True)
    """

    PEACE = "peace"  # 和平局：系列第一局不买三买四
    FIRST_LEADER = "first_leader"  # 谁先发牌
    BUY = "buy"  # 买三、买四
    NATURAL_POINT = "natural_point"  # 自然点（天开）
    AUTO_REVOLT = "auto_revolt"  # 自动革命
    REVOLT = "revolt"  # 革命
    DUEL = "duel"  # 革命后的三手够级牌开始
    NO_CHONGDIAN = "no_chongdian"  # 不冲点：革命者不发三手牌，对家无头
    DUEL_END = "duel_end"  # 三手够级牌打完：革命成败
    POINT_CLOSED = "point_closed"  # 三手牌定了：这局不再开点
    HAND_OVER = "hand_over"  # 革命时把钱和花交给对家
    REVOLT_LEAD = "revolt_lead"  # 革命后发牌
    YAOTOU = "yaotou"  # 要头
    WUTOU = "wutou"  # 无头
    YOUTOU = "youtou"  # 有头
    XUANDIAN = "xuandian"  # 宣点
    VOID = "void"  # 这局作废
    LEAD = "lead"  # 发牌
    PLAY = "play"  # 上牌（压牌）
    PASS = "pass"  # 过牌、不烧
    YIELD = "yield"  # 让牌
    BURN = "burn"  # 烧牌
    COUNTER_BURN = "counter_burn"  # 反烧
    JIESHAO = "jieshao"  # 解烧
    BURN_RESUMED = "burn_resumed"  # 解烧失败，烧牌继续
    BURN_SUCCESS = "burn_success"  # 烧成
    BURN_FAILED = "burn_failed"  # 烧失败
    KAIDIAN = "kaidian"  # 开点
    FASI = "fasi"  # 发四
    KAIDIAN_LAPSED = "kaidian_lapsed"  # 开点作废
    CONCEDE = "concede"  # 认点
    DUITOU_LEADS = "duitou_leads"  # 对头不要：由对头发牌
    ROUND = "round"  # 一轮结束
    OUT = "out"  # 走科
    JIEFENG = "jiefeng"  # 接风
    MEN = "men"  # 闷
    LUANCHAN = "luanchan"  # 四户乱缠
    DISCARD_FOURS = "discard_fours"  # 扔4
    END = "end"  # 一局结束


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in a hand.

    ``kind`` is an :class:`EventKind` (its value is accepted too, an unknown one is refused: only the engine
    makes events); ``rule`` the id of the rule it illustrates (a 够级 lead
    or answer has ``gouji.duitou``, a 够死级 one ``gouji.sisi`` or ``gouji.sisi_last``); ``seat`` the seat it is
    about, ``other`` a second seat (the victim of a burn, the seat that 闷ed, the seller of a 3),
    ``cards`` notation. A special 解烧 (003 §十) is a ``play`` or a ``burn`` whose rule is ``burn.special``.
    """

    kind: EventKind
    seat: int | None
    zh: str
    en: str
    other: int | None = None
    cards: str | None = None
    rule: str | None = None

    def __post_init__(self) -> None:
        if type(self.kind) is not EventKind:
            object.__setattr__(self, "kind", EventKind(self.kind))  # ValueError: no such event (an engine bug)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "seat": self.seat,
            "other": self.other,
            "cards": self.cards,
            "rule": self.rule,
            "zh": self.zh,
            "en": self.en,
        }


class IllegalActionError(GoujiError):
    """An action the rules forbid now; ``rule`` names the rule, the message says why in both languages."""


def refusal(rule: str, rules: Ruleset, zh: str, en: str) -> IllegalActionError:
    """An :class:`IllegalActionError` for ``rule`` whose message ends with the rule's id and seed citation."""
    return IllegalActionError(f"{zh}【{rule}, {cite(rule, rules, 'zh')}】", f"{en} [{rule}, {cite(rule, rules)}]",
                              rule=rule)

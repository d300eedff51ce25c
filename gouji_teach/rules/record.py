"""The game record: what happened in one finished hand, as the play engine writes it and settlement reads it.

A record is plain JSON (an object; a series of hands is a list of them). Seats are 0-5 in play order
(``shared/notes/rules.md``); JSON object keys that are seats are strings (``"3"``).

==================  ===========================================  ==================================================
key                 JSON type                                    meaning
==================  ===========================================  ==================================================
``rules``           string or object                             the rule set played: a family's name (qingdao, linyi,
                                                                 tongsu, zaozhuang), or the rule set itself as
                                                                 :meth:`~gouji_teach.rules.rulesets.Ruleset.to_json`
                                                                 writes it (``{"name": …, "base": "linyi",
                                                                 "changes": {switch: value}, "notes": …}``), so
                                                                 that the hand settles under the rules played
``first_hand``      bool                                         this hand starts a series: nothing is paid before it
``finish_order``    list of seats                                seats in the order they went out (played their last
                                                                 card), then, optionally, the seats that never did
                                                                 (the last one holding cards, the 闷ed, failed
                                                                 burners): settlement ranks 闷ed seats and failed
                                                                 burners by the rule set, not by their position
``revolution``      list of seats (0 or 1)                       the seat that declared 革命 (it does not play)
``kaidian``         list of seats                                seats that 开点ed (过点) this hand
``xuandian``        list of seats                                seats that declared 宣点 against their 对家
``burns``           list of ``{"burner", "victim", "outcome"}``  every 烧牌, in the order they happened; outcome
                                                                 ``success``, ``failed`` (烧失败/诈烧), ``counter``
                                                                 (answered by a 反烧, which is a later burn of its
                                                                 own whose victim is this burner) or ``cancelled``
                                                                 (解烧; such burns may also be left out, so a
                                                                 ``counter`` with no later 反烧 ended in 解烧)
``men``             list of ``{"by", "victim"}``                 every 闷 (清), in order: ``victim`` is left with its
                                                                 3s (never goes out), ``by`` played over it
==================  ===========================================  ==================================================

Optional keys: ``void`` (true: the hand was voided, e.g. by two revolutionaries, and settles to nothing),
``revolution_failed`` (seats whose 革命 failed, 000 part 3 第47条; each also in ``revolution``) and ``hands``
(``{"0": "DX22AA...", ...}``: the cards each seat was dealt for this hand, before any tribute; settlement pays
the previous hand's tribute from them). Any other key is an error, so that a typo never passes silently.

A chain of 反烧 is a run of burns: ``{"burner": 1, "victim": 4, "outcome": "counter"}`` then
``{"burner": 4, "victim": 1, "outcome": "success"}`` says seat 4 burned back and won; the rule set decides what
the chain is worth (``counter_burn_growth``).

>>> record = GameRecord.from_json({"rules": "qingdao", "first_hand": True, "finish_order": [0, 1, 2, 3, 4, 5],
...     "revolution": [], "kaidian": [0, 1, 2, 3], "xuandian": [], "burns": [], "men": []})
>>> record.finish_order, record.kaidian
((0, 1, 2, 3, 4, 5), frozenset({0, 1, 2, 3}))
>>> GameRecord.from_json(record.to_json()) == record
True
>>> GameRecord.from_json({**record.to_json(), "finish_order": [0, 1, 7]})
Traceback (most recent call last):
...
gouji_teach.rules.errors.RecordError: finish_order[2]：座位7不存在（座位是0-5） / finish_order[2]: seat 7 ...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from .cards import Hand, format_cards
from .errors import GoujiError, RecordError, UnknownRulesetError
from .rulesets import Ruleset, ruleset_from_json

__all__ = ["OUTCOMES", "SEATS", "Burn", "BurnOutcome", "GameRecord", "Men", "records_from_json"]

#: The six seats, in play order.
SEATS = range(6)


class BurnOutcome(StrEnum):
    """How a burn (烧牌) ended; the value is what a record's JSON says.

    >>> BurnOutcome("counter") is BurnOutcome.COUNTER, BurnOutcome.SUCCESS == "success"
    (True, True)
    """

    SUCCESS = "success"  # the victim pays 烧贡
    FAILED = "failed"  # 烧失败 / 诈烧: the burner could not keep the burn going
    COUNTER = "counter"  # answered by a 反烧, recorded as a later burn whose victim is this burner
    CANCELLED = "cancelled"  # 解烧: nobody owes anything


#: Outcomes of a burn (烧牌), as a record writes them.
OUTCOMES = tuple(BurnOutcome)

_REQUIRED = ("rules", "first_hand", "finish_order", "revolution", "kaidian", "xuandian", "burns", "men")
_OPTIONAL = ("void", "revolution_failed", "hands")


def team(seat: int) -> int:
    """The team of a seat: 0 for seats 0, 2, 4 and 1 for seats 1, 3, 5.

    >>> team(4), team(3)
    (0, 1)
    """
    return seat % 2


def opposite(seat: int) -> int:
    """The 对家 (对头) of a seat: the seat facing it, always an opponent.

    >>> opposite(1), opposite(5)
    (4, 2)
    """
    return (seat + 3) % 6


def _check_seat(value: int, where: str) -> None:
    if value not in SEATS:
        raise RecordError(where, f"座位{value}不存在（座位是0-5）", f"seat {value} is not a seat 0-5")


def _check_seats(values: Sequence[int], where: str) -> None:
    seen: set[int] = set()
    for i, seat in enumerate(values):
        _check_seat(seat, f"{where}[{i}]")
        if seat in seen:
            raise RecordError(f"{where}[{i}]", f"座位{seat}重复出现", f"seat {seat} appears twice")
        seen.add(seat)


@dataclass(frozen=True, slots=True)
class Burn:
    """One 烧牌: ``burner`` played over ``victim``'s 够级 play out of turn.

    ``outcome``: ``success`` (the victim pays 烧贡), ``failed`` (烧失败 / 诈烧: the burner could not keep the
    burn going), ``counter`` (answered by a 反烧, recorded as a later burn whose victim is this burner; if
    there is none, that 反烧 was lifted by 解烧 and left out) or ``cancelled`` (解烧: nobody owes anything).
    """

    burner: int
    victim: int
    outcome: BurnOutcome

    def _check(self, where: str) -> None:
        _check_seat(self.burner, f"{where}.burner")
        _check_seat(self.victim, f"{where}.victim")
        if self.burner == self.victim:
            raise RecordError(f"{where}.victim", "不能烧自己的牌", "a seat cannot burn itself")
        if self.outcome not in OUTCOMES:
            raise RecordError(f"{where}.outcome", f"“{self.outcome}”不是{'、'.join(OUTCOMES)}之一",
                              f"{self.outcome!r} is not one of {', '.join(OUTCOMES)}")
        object.__setattr__(self, "outcome", BurnOutcome(self.outcome))

    def to_json(self) -> dict[str, Any]:
        return {"burner": self.burner, "victim": self.victim, "outcome": str(self.outcome)}


@dataclass(frozen=True, slots=True)
class Men:
    """One 闷 (清): ``by`` played over ``victim``'s last play before its 3s, so the victim never goes out."""

    by: int
    victim: int

    def to_json(self) -> dict[str, int]:
        return {"by": self.by, "victim": self.victim}


@dataclass(frozen=True, kw_only=True, slots=True)
class GameRecord:
    """What happened in one finished hand (see the module docs for the JSON). Checked when built: a bad
    field raises :class:`~gouji_teach.rules.errors.RecordError` naming it. ``rules`` is the rule set played (a
    name or its JSON is read as :func:`~gouji_teach.rules.rulesets.ruleset_from_json` reads it)."""

    rules: Ruleset
    first_hand: bool
    finish_order: tuple[int, ...]
    revolution: tuple[int, ...] = ()
    revolution_failed: tuple[int, ...] = ()
    kaidian: frozenset[int] = frozenset()
    xuandian: frozenset[int] = frozenset()
    burns: tuple[Burn, ...] = ()
    men: tuple[Men, ...] = ()
    hands: Mapping[int, Hand] | None = None
    void: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", _ruleset(self.rules))
        _check_seats(self.finish_order, "finish_order")
        _check_seats(self.revolution, "revolution")
        if len(self.revolution) > 1 and not self.void:
            raise RecordError("revolution", "两人以上革命，该局作废（002 §5 革命）：请写 \"void\": true",
                              'two revolutionaries void the hand (002 §5 Revolution): write "void": true')
        _check_seats(self.revolution_failed, "revolution_failed")
        for i, seat in enumerate(self.revolution_failed):
            if seat not in self.revolution:
                raise RecordError(f"revolution_failed[{i}]", f"座位{seat}没有革命", f"seat {seat} is not in revolution")
        for i, seat in enumerate(self.revolution):
            if seat in self.finish_order:
                raise RecordError(f"revolution[{i}]", f"革命者{seat}不出牌，不能在finish_order里",
                                  f"revolutionary {seat} does not play, so it cannot be in finish_order")
        _check_seats(sorted(self.kaidian), "kaidian")
        _check_seats(sorted(self.xuandian), "xuandian")
        for i, burn in enumerate(self.burns):
            burn._check(f"burns[{i}]")
        victims: set[int] = set()
        for i, men in enumerate(self.men):
            where = f"men[{i}]"
            _check_seat(men.by, f"{where}.by")
            _check_seat(men.victim, f"{where}.victim")
            if men.by == men.victim:
                raise RecordError(f"{where}.victim", "不能闷自己", "a seat cannot 闷 itself")
            if men.victim in victims:
                raise RecordError(f"{where}.victim", f"座位{men.victim}已经被闷过",
                                  f"seat {men.victim} was already 闷ed")
            if men.victim in self.revolution:
                raise RecordError(f"{where}.victim", f"革命者{men.victim}不出牌，不会被闷",
                                  f"revolutionary {men.victim} does not play and cannot be 闷ed")
            victims.add(men.victim)
        if self.hands is not None:
            for seat in self.hands:
                _check_seat(seat, f"hands.{seat}")
            object.__setattr__(self, "hands", MappingProxyType(dict(sorted(self.hands.items()))))

    def __repr__(self) -> str:
        """The record with its rule set by :attr:`~gouji_teach.rules.rulesets.Ruleset.key` (``rules='qingdao'``):
        what seeds the drills asked about it, so one record asks the same drill wherever it comes from."""
        rest = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self) if f.name != "rules")
        return f"GameRecord(rules={self.rules.key!r}, {rest})"

    def burn_chains(self) -> tuple[tuple[int, ...], ...]:
        """The burns grouped into 反烧 chains, as indices into ``burns``: a burn with outcome ``counter`` is
        answered by the first later burn, not yet an answer, whose victim is its burner (a chain may end in a
        ``counter`` whose 反烧 was lifted by 解烧 and left out).

        >>> r = GameRecord(rules="zaozhuang", first_hand=False, finish_order=(0, 1, 2, 3, 4, 5), burns=(
        ...     Burn(1, 4, BurnOutcome.COUNTER), Burn(0, 3, BurnOutcome.SUCCESS), Burn(4, 1, BurnOutcome.SUCCESS)))
        >>> r.burn_chains()
        ((0, 2), (1,))
        """
        answered: dict[int, int] = {}
        claimed: set[int] = set()
        for i, burn in enumerate(self.burns):
            if burn.outcome != BurnOutcome.COUNTER:
                continue
            for j in range(i + 1, len(self.burns)):
                if j not in claimed and self.burns[j].victim == burn.burner:
                    answered[i] = j
                    claimed.add(j)
                    break
        chains = []
        for i in range(len(self.burns)):
            if i in claimed:
                continue
            chain = [i]
            while chain[-1] in answered:
                chain.append(answered[chain[-1]])
            chains.append(tuple(chain))
        return tuple(chains)

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """A record from parsed JSON (a dict). Raises :class:`RecordError` naming the first bad field."""
        if not isinstance(data, Mapping):
            raise RecordError("record", "记录必须是JSON对象", f"a record must be a JSON object, not {_kind(data)}")
        for key in data:
            if key not in _REQUIRED and key not in _OPTIONAL:
                raise RecordError(str(key), "未知的键", f"unknown key (known: {', '.join(_REQUIRED + _OPTIONAL)})")
        for key in _REQUIRED:
            if key not in data:
                raise RecordError(key, "缺少这个键", "missing")
        rules = data["rules"]
        if not isinstance(rules, str | Mapping):
            raise RecordError("rules", "必须是规则集的名称或规则集本身（对象）",
                              f"must be a rule set's name or the rule set (an object), not {_kind(rules)}")
        return cls(
            rules=_ruleset(rules),
            first_hand=_bool(data, "first_hand"),
            finish_order=_seat_list(data, "finish_order"),
            revolution=_seat_list(data, "revolution"),
            revolution_failed=_seat_list(data, "revolution_failed"),
            kaidian=frozenset(_seat_list(data, "kaidian", distinct=True)),
            xuandian=frozenset(_seat_list(data, "xuandian", distinct=True)),
            burns=tuple(_burn(item, f"burns[{i}]") for i, item in enumerate(_list(data, "burns"))),
            men=tuple(Men(*_ints(item, f"men[{i}]", ("by", "victim"))) for i, item in enumerate(_list(data, "men"))),
            hands=_hands(data["hands"]) if "hands" in data else None,
            void=_bool(data, "void"),
        )

    def to_json(self) -> dict[str, Any]:
        """The record as plain JSON-serialisable data (``from_json(to_json())`` gives it back)."""
        data: dict[str, Any] = {
            "rules": self.rules.to_json(),
            "finish_order": list(self.finish_order),
            "revolution": list(self.revolution),
            "kaidian": sorted(self.kaidian),
            "xuandian": sorted(self.xuandian),
            "burns": [burn.to_json() for burn in self.burns],
            "men": [men.to_json() for men in self.men],
            "first_hand": self.first_hand,
        }
        if self.void:
            data["void"] = True
        if self.revolution_failed:
            data["revolution_failed"] = list(self.revolution_failed)
        if self.hands is not None:
            data["hands"] = {str(seat): format_cards(hand, sep=" ") for seat, hand in self.hands.items()}
        return data


def records_from_json(data: Any) -> tuple[GameRecord, ...]:
    """One record (a JSON object) or a series (a list of them); errors in a series name the record:
    ``[2].finish_order[3]``."""
    if isinstance(data, list):
        if not data:
            raise RecordError("[]", "系列里没有记录", "a series needs at least one record")
        records = []
        for i, item in enumerate(data):
            try:
                records.append(GameRecord.from_json(item))
            except RecordError as e:
                raise e.within(f"[{i}].") from None
        return tuple(records)
    return (GameRecord.from_json(data),)


def _ruleset(rules: Any) -> Ruleset:
    """The rule set a record names or carries; one naming a rule set it does not carry is refused."""
    if isinstance(rules, Ruleset):
        return rules
    try:
        return ruleset_from_json(rules)
    except UnknownRulesetError as e:
        raise RecordError("rules", f"{e.zh}；记录里也没有它的开关：要写 {{\"base\": \"qingdao\", \"changes\": {{…}}}}",
                          f"{e.en}, and the record does not carry its switches: write "
                          '{"base": "qingdao", "changes": {…}}') from None
    except GoujiError as e:
        raise RecordError("rules", e.zh, e.en) from None


def _kind(value: Any) -> str:
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list",
            dict: "an object", type(None): "null"}.get(type(value), type(value).__name__)


def _bool(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise RecordError(key, "必须是true或false", f"must be true or false, not {_kind(value)}")
    return value


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise RecordError(key, "必须是列表", f"must be a list, not {_kind(value)}")
    return value


def _seat_value(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(where, "座位必须是0-5的整数", f"a seat must be a whole number 0-5, not {_kind(value)}")
    return value


def _seat_list(data: Mapping[str, Any], key: str, *, distinct: bool = False) -> tuple[int, ...]:
    seats = tuple(_seat_value(v, f"{key}[{i}]") for i, v in enumerate(_list(data, key)))
    if distinct:
        _check_seats(seats, key)
    return seats


def _ints(item: Any, where: str, keys: tuple[str, ...], optional: tuple[str, ...] = ()) -> list[int]:
    if not isinstance(item, Mapping):
        raise RecordError(where, "必须是JSON对象", f"must be an object with keys {', '.join(keys)}")
    for key in item:
        if key not in keys and key not in optional:
            raise RecordError(f"{where}.{key}", "未知的键", f"unknown key (known: {', '.join(keys + optional)})")
    for key in keys:
        if key not in item:
            raise RecordError(f"{where}.{key}", "缺少这个键", "missing")
    return [_seat_value(item[key], f"{where}.{key}") for key in keys]


def _burn(item: Any, where: str) -> Burn:
    burner, victim = _ints(item, where, ("burner", "victim"), ("outcome",))
    outcome = item.get("outcome")
    if not isinstance(outcome, str):
        raise RecordError(f"{where}.outcome", f"必须是{'、'.join(OUTCOMES)}之一",
                          f"must be one of {', '.join(OUTCOMES)}, not {_kind(outcome)}")
    return Burn(burner, victim, outcome)  # type: ignore[arg-type]  # Burn._check makes it a BurnOutcome


def _hands(value: Any) -> dict[int, Hand]:
    if not isinstance(value, Mapping):
        raise RecordError("hands", "必须是JSON对象：座位→牌", f"must be an object seat -> cards, not {_kind(value)}")
    hands = {}
    for key, text in value.items():
        where = f"hands.{key}"
        if not (isinstance(key, str) and key.isdigit() and int(key) in SEATS):
            raise RecordError(where, "键必须是座位\"0\"-\"5\"", "keys must be seats \"0\"-\"5\"")
        if not isinstance(text, str):
            raise RecordError(where, "牌必须写成字符串", f"cards must be a string of notation, not {_kind(text)}")
        try:
            hands[int(key)] = Hand.parse(text) if text.strip() else Hand()
        except GoujiError as e:
            raise RecordError(where, e.zh, e.en) from None
    return hands

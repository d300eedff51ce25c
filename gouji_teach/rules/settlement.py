"""Settlement of a finished hand: places, scores and tribute (进贡), under a rule set, over a series of hands.

Everything here is a pure function of a :class:`~gouji_teach.rules.record.GameRecord`, a
:class:`~gouji_teach.rules.rulesets.Ruleset` and, inside a series, the :class:`SeriesState` the previous hand left.
Every place, score and tribute carries a :class:`Reason`: the rule id and, in both languages, why, ending with
the seed citation of the rule-set switch that decided it.

Tribute works across hands: the outcome of hand *n* decides what is owed (:attr:`Settlement.tributes`), and
that is paid at the start of hand *n + 1*, from the cards dealt for it (:attr:`Settlement.paid`). So the
first hand of a series pays nothing, and the tribute the last hand of a series owes is never paid.

The 青岛 seed's own scoring example (002 §6): a team with 头科, 三科 and 二落 scores 4 + 0 - 2 = 2 each.

>>> from gouji_teach.rules.record import GameRecord
>>> record = GameRecord(rules="qingdao", first_hand=False, finish_order=(0, 1, 2, 3, 4, 5),
...                     kaidian=frozenset({0, 1, 2, 3}))
>>> s = settle(record)
>>> s.places.name(2), s.places.name(4), s.scores.points
('三科', '二落', (2, -2, 2, -2, 2, -2))
>>> [(t.kind.zh, t.payer, t.receiver, t.count) for t in s.tributes]
[('点贡', 4, 1, 1), ('点贡', 5, 2, 1), ('落贡', 5, 0, 2), ('落贡', 4, 1, 1)]
>>> print(s.tributes[2].reason.text_en)
seat 5 is 大落 and pays 头科 (seat 0) 2 落贡 [tribute.luo, 002 §4 Tribute/落贡]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import Card, Hand, Rank, format_cards, parse_cards
from .errors import CardError, RecordError
from .events import IllegalActionError, refusal
from .record import SEATS, BurnOutcome, GameRecord, opposite, team
from .rulebook import SETTLEMENT_RULES
from .rulesets import CounterBurnGrowth, Ruleset, SweepTribute, TributeCards, TributeKind, find_ruleset
from .verdicts import en_citation, source_of, zh_citation

__all__ = [
    "PLACES_EN",
    "PLACES_ZH",
    "SETTLEMENT_RULES",
    "GiveBack",
    "Payment",
    "Places",
    "Reason",
    "Scores",
    "SeriesState",
    "Settlement",
    "Tribute",
    "TributeKind",
    "Waiver",
    "give_back",
    "pay_tributes",
    "place_seats",
    "score",
    "settle",
    "settle_series",
]

#: The places, from the first seat out to the last.
PLACES_ZH = ("头科", "二科", "三科", "四科", "二落", "大落")
PLACES_EN = ("first (头科)", "second (二科)", "third (三科)", "fourth (四科)", "fifth (二落)", "last (大落)")

#: Kinds of tribute (the failed-burn tribute is named by the rule set: 烧贡 or 诈烧贡).
DIAN, SHAO, MEN, LUO, QUAN = "点贡", "烧贡", "闷贡", "落贡", "圈贡"

@dataclass(frozen=True, slots=True)
class Reason:
    """Why: the rule id, the explanation in Chinese and English, and the seed citation (``source``, as the
    rule set writes it; :attr:`text_zh` and :attr:`text_en` say it in their language)."""

    rule: str
    zh: str
    en: str
    source: str

    @property
    def text_zh(self) -> str:
        return f"{self.zh}【{self.rule}, {zh_citation(self.source)}】"

    @property
    def text_en(self) -> str:
        return f"{self.en} [{self.rule}, {en_citation(self.source)}]"

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule, "zh": self.text_zh, "en": self.text_en, "source": self.source}


def _why(rules: Ruleset, rule_id: str, zh: str, en: str) -> Reason:
    return Reason(rule_id, zh, en, source_of(rule_id, rules).cite())


def _seats_zh(seats: Iterable[int]) -> str:
    return "、".join(f"座位{s}" for s in seats)


def _seats_en(seats: Iterable[int]) -> str:
    return ", ".join(f"seat {s}" for s in seats)


# -- places --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Places:
    """The places of a hand: ``order`` lists the seats from 头科 to 大落; ``sweep_team`` is the team (0 for
    seats 0, 2, 4; 1 for seats 1, 3, 5) that took 头科, 二科 and 三科 (串三户 / 圈), else ``None``."""

    order: tuple[int, ...]
    sweep_team: int | None
    reasons: tuple[Reason, ...]

    def of(self, seat: int) -> int:
        """The place of a seat: 0 for 头科 ... 5 for 大落."""
        return self.order.index(seat)

    def name(self, seat: int) -> str:
        return PLACES_ZH[self.of(seat)]

    def to_json(self) -> dict[str, str]:
        return {str(seat): self.name(seat) for seat in SEATS}


def _failed_burns(record: GameRecord) -> list[tuple[int, int]]:
    """(burner, victim) of every burn that failed, in record order."""
    return [(b.burner, b.victim) for b in record.burns if b.outcome == BurnOutcome.FAILED]


def _zhashao_free(record: GameRecord, rules: Ruleset) -> list[int]:
    """Seats 闷ed by a burner whose burn failed (诈烧), where the rule set frees them."""
    if not rules.zhashao_men_free:
        return []
    failed = set(_failed_burns(record))
    return [m.victim for m in record.men if (m.by, m.victim) in failed]


def place_seats(record: GameRecord, rules: Ruleset | str | None = None) -> Places:
    """The places of a finished hand (not of a voided one).

    Seats that went out take the places in order; seats that never did come after them; the rule set then
    sends failed revolutionaries, failed burners and 闷ed seats to the bottom and puts a revolutionary at
    四科, or at 三科 when its team took 头科 and 二科.

    >>> r = GameRecord(rules="qingdao", first_hand=False, finish_order=(3, 5, 0, 2, 4), revolution=(1,))
    >>> p = place_seats(r)
    >>> p.name(1), p.sweep_team
    ('三科', 1)
    """
    rules = find_ruleset(record.rules if rules is None else rules)
    reasons: list[Reason] = []
    failed_revs = [s for s in record.revolution_failed if rules.failed_revolution_last]
    free_revs = [s for s in record.revolution if s not in failed_revs]
    bottom: list[int] = list(failed_revs)  # lowest first
    for s in failed_revs:
        reasons.append(_why(rules, "place.revolution_failed", f"座位{s}革命失败，为大落",
                            f"seat {s}'s revolution failed: it is 大落"))
    if rules.failed_burn_last:
        for burner, _ in _failed_burns(record):
            if burner not in bottom:
                bottom.append(burner)
                reasons.append(_why(rules, "place.failed_burn", f"座位{burner}烧牌失败，算大落",
                                    f"seat {burner}'s burn failed: it counts as 大落"))
    # Each seat takes one place: a failure (a failed revolution or burn) places it first, then a revolution, then
    # being 闷ed by a 诈烧 (free), then being 闷ed.
    free_revs = [s for s in free_revs if s not in bottom]
    free_men = [s for s in dict.fromkeys(_zhashao_free(record, rules)) if s not in bottom and s not in free_revs]
    victims = list(dict.fromkeys(m.victim for m in record.men
                                 if m.victim not in free_men and m.victim not in bottom and m.victim not in free_revs))
    if victims:
        ranked = victims if rules.men_first_is_daluo else victims[::-1]
        bottom += ranked
        if len(victims) > 1:
            how_zh = "先清为落：先被闷的排在后面" if rules.men_first_is_daluo else "越闷越深：后被闷的排在后面"
            how_en = ("先清为落: the first seat 闷ed ranks lowest" if rules.men_first_is_daluo
                      else "越闷越深: the last seat 闷ed ranks lowest")
            reasons.append(_why(rules, "place.men", f"{_seats_zh(victims)}先后被闷，走不了：{how_zh}",
                                f"{_seats_en(victims)} were 闷ed in that order and never went out: {how_en}"))
        else:
            reasons.append(_why(rules, "place.men", f"座位{victims[0]}被闷，走不了，排在没被闷的后面",
                                f"seat {victims[0]} was 闷ed and never went out: it ranks below the others"))
    ruled = set(bottom) | set(free_men)  # placed by rule, wherever finish_order lists them
    went_out = [s for s in record.finish_order if s not in ruled]
    leftover = [s for s in SEATS if s not in went_out and s not in ruled and s not in free_revs]
    order = went_out + leftover + bottom[::-1]
    if went_out:
        reasons.insert(0, _why(rules, "place.order", f"按走完的先后排名：{_seats_zh(went_out)}",
                               f"places follow the order seats went out: {_seats_en(went_out)}"))
    # free seats: revolutionaries, and seats 闷ed by a 诈烧 (000 part 3 第32条)
    targets = []
    for s in free_revs:
        third = rules.revolution_third_with_top_two and team(order[0]) == team(order[1]) == team(s)
        targets.append((2 if third else 3, s))
        reasons.append(_why(rules, "place.revolution",
                            f"座位{s}革命，算{'三科：本帮得了头科和二科' if third else '四科'}",
                            f"seat {s} revolted and counts as "
                            f"{'三科, its team having taken 头科 and 二科' if third else '四科'}"))
    for s in free_men:
        third = team(order[0]) == team(s)
        targets.append((2 if third else 3, s))
        reasons.append(_why(rules, "place.zhashao",
                            f"座位{s}因诈烧被闷，不算落，为自由人：{'三科' if third else '四科'}",
                            f"seat {s} was 闷ed by a failed burn (诈烧): not 落 but a free seat, "
                            f"{'三科 (its team has 头科)' if third else '四科'}"))
    last = -1
    for target, s in sorted(targets):
        last = max(target, last + 1)
        order.insert(last, s)
    sweep = team(order[0]) if team(order[0]) == team(order[1]) == team(order[2]) else None
    unordered_ok = sweep is not None and rules.sweep_tribute in (SweepTribute.NONE, SweepTribute.QUAN)
    if len(leftover) > 1 and not unordered_ok:
        raise RecordError("finish_order",
                          f"{_seats_zh(leftover)}都没有走完，也没有被闷：请按走完的先后写进finish_order",
                          f"{_seats_en(leftover)} neither went out nor were 闷ed: list them in finish_order "
                          "in the order they went out")
    if len(leftover) > 1:
        reasons.append(_why(rules, "place.unordered",
                            f"{_seats_zh(leftover)}没有走完，顺序按座位号；被圈的一帮自己商定大落，不影响得分和进贡",
                            f"{_seats_en(leftover)} never went out and are ranked by seat number; "
                            "the swept team picks its 大落, which changes neither scores nor tribute"))
    if sweep is not None:
        reasons.append(_why(rules, "place.sweep", f"{_seats_zh(order[:3])}一帮得头科、二科、三科：串三户（圈）",
                            f"{_seats_en(order[:3])} (one team) took 头科, 二科 and 三科: 串三户 (圈)"))
    return Places(tuple(order), sweep, tuple(reasons))


# -- scores ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Scores:
    """Points of each seat for one hand (``points[seat]``), with the reasons."""

    points: tuple[int, ...]
    reasons: tuple[Reason, ...]

    def to_json(self) -> dict[str, int]:
        return {str(seat): self.points[seat] for seat in SEATS}


def score(places: Places, rules: Ruleset | str | None = None) -> Scores:
    """Each seat scores the sum of its team's place points, doubled for a 串三户 where the rule set says so.

    >>> r = GameRecord(rules="qingdao", first_hand=False, finish_order=(0, 2, 4, 1, 3, 5))
    >>> score(place_seats(r)).points
    (12, -12, 12, -12, 12, -12)
    """
    rules = find_ruleset(rules)
    per_place = rules.place_points
    totals = [0, 0]
    for place, seat in enumerate(places.order):
        totals[team(seat)] += per_place[place]
    reasons = [
        _why(rules, "score.place",
             f"{_seats_zh(t for t in SEATS if team(t) == k)}一帮：" + "+".join(
                 f"{PLACES_ZH[places.of(t)]}{per_place[places.of(t)]}" for t in SEATS if team(t) == k)
             + f" = {totals[k]}，每人得{totals[k]}分",
             f"{_seats_en(t for t in SEATS if team(t) == k)}: " + " + ".join(
                 f"{PLACES_ZH[places.of(t)]} {per_place[places.of(t)]}" for t in SEATS if team(t) == k)
             + f" = {totals[k]}, each scores {totals[k]}")
        for k in (0, 1)
    ]
    if places.sweep_team is not None and rules.sweep_doubles_score:
        totals = [2 * t for t in totals]
        reasons.append(_why(rules, "score.sweep", f"串三户，双方得分翻倍：{totals[0]}与{totals[1]}",
                            f"串三户: both teams' scores double, to {totals[0]} and {totals[1]}"))
    return Scores(tuple(totals[team(s)] for s in SEATS), tuple(reasons))


# -- tribute ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tribute:
    """A tribute owed for the next hand: ``count`` cards of ``kind`` from ``payer`` to ``receiver``. ``kind``
    may be given by its id or its Chinese name (``"dian"`` or ``"点贡"``); it is kept as a :class:`TributeKind`."""

    kind: TributeKind
    payer: int
    receiver: int
    count: int
    reason: Reason

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", TributeKind(self.kind))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "kind_zh": self.kind.zh, "kind_en": self.kind.en, "from": self.payer,
                "to": self.receiver, "cards": self.count,
                "rule": self.reason.rule, "reason_zh": self.reason.text_zh, "reason_en": self.reason.text_en,
                "source": self.reason.source}


@dataclass(frozen=True, slots=True)
class Waiver:
    """A tribute the rules would ask for but waive (串三户, teammates ...), and why."""

    tribute: Tribute
    reason: Reason

    def to_json(self) -> dict[str, Any]:
        return {**self.tribute.to_json(), "waived_rule": self.reason.rule, "waived_zh": self.reason.text_zh,
                "waived_en": self.reason.text_en}


@dataclass(frozen=True, slots=True)
class Payment:
    """A tribute paid at the start of a hand: the ``cards`` handed over (``None`` when the payer's dealt hand
    is not known) and how many cards the receiver gives back (``returned``, its own choice)."""

    tribute: Tribute
    cards: tuple[Card, ...] | None
    returned: int
    reasons: tuple[Reason, ...]

    def to_json(self) -> dict[str, Any]:
        t = self.tribute
        return {"kind": t.kind.value, "kind_zh": t.kind.zh, "kind_en": t.kind.en, "from": t.payer,
                "to": t.receiver, "owed": t.count,
                "paid": None if self.cards is None else format_cards(self.cards, sep=" "),
                "returned": self.returned, "reasons": [r.to_json() for r in self.reasons]}


@dataclass(frozen=True, slots=True)
class SeriesState:
    """What a series carries from one hand to the next: each seat's run of hands without 开点 (for an
    escalating 点贡), the team swept (圈) in the last hands and how many in a row, and the tribute owed."""

    streaks: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    swept_team: int | None = None
    sweeps: int = 0
    owed: tuple[Tribute, ...] = ()


def _growth(rules: Ruleset, counters: int) -> int:
    """How many times a 烧贡 counts after ``counters`` 反烧 in a row."""
    return {
        CounterBurnGrowth.ONE: 1,
        CounterBurnGrowth.PLUS_ONE: counters + 1,
        CounterBurnGrowth.DOUBLE: int(2**counters),  # int ** int is Any to mypy (a negative power is a float)
    }[rules.counter_burn_growth]


def _side(xuan: bool, kai: bool) -> tuple[str, str, str]:
    """A seat's code in ``dian_table`` and its description in both languages."""
    code = ("X" if xuan else "-") + ("K" if kai else "-")
    zh = f"{'宣点' if xuan else '没宣点'}、{'开点' if kai else '没开点'}"
    en = f"{'declared 宣点' if xuan else 'no 宣点'}, {'开点ed' if kai else 'no 开点'}"
    return code, zh, en


def _dian(record: GameRecord, places: Places, rules: Ruleset, state: SeriesState
          ) -> tuple[list[Tribute], list[Reason], tuple[int, ...]]:
    """点贡 of every seat, notes, and the new runs of hands without 开点."""
    notes: list[Reason] = []
    kai = set(record.kaidian)
    if rules.revolution_concedes_point:
        for s in record.revolution:
            kai.discard(s)
            kai.add(opposite(s))
            notes.append(_why(rules, "tribute.dian.revolution",
                              f"座位{s}革命，算认点：自己没开点，对家座位{opposite(s)}开点",
                              f"seat {s} revolted, which concedes the point: it did not 开点, its 对家 "
                              f"seat {opposite(s)} did"))
    escalation = rules.dian_escalation
    streaks, levels = [], []
    for s in SEATS:
        run = state.streaks[s] % len(escalation)
        level = escalation[run]
        if level == 0:
            kai.add(s)
            notes.append(_why(rules, "tribute.dian.escalation",
                              f"座位{s}连续{run}局没过点，这一局毕业：不用过点，也不进点贡",
                              f"seat {s} went {run} hands in a row without 开点 and graduates this hand: "
                              "it needs no 开点 and pays no 点贡"))
            streaks.append((run + 1) % len(escalation))
            levels.append(0)
        elif s in kai:
            streaks.append(0)
            levels.append(escalation[0])
        else:
            streaks.append((run + 1) % len(escalation))
            levels.append(level)
    out: list[Tribute] = []
    if places.sweep_team is not None and rules.sweep_tribute == SweepTribute.DIAN:
        for s in SEATS:
            if team(s) != places.sweep_team:
                out.append(Tribute(TributeKind.DIAN, s, opposite(s), 1, _why(
                    rules, "tribute.sweep", f"串三户：输方每家进一张点贡，座位{s}进对家座位{opposite(s)}",
                    f"串三户: each loser pays one 点贡; seat {s} pays its 对家 seat {opposite(s)}")))
        return out, notes, tuple(streaks)
    for s in SEATS:
        o = opposite(s)
        mine, mine_zh, mine_en = _side(s in record.xuandian, s in kai)
        theirs, theirs_zh, theirs_en = _side(o in record.xuandian, o in kai)
        count = rules.dian_table.get(f"{mine}/{theirs}", 0) * levels[s]
        if count == 0:
            continue
        zh = f"座位{s}{mine_zh}，对家座位{o}{theirs_zh}：座位{s}进{count}张点贡"
        en = f"seat {s} ({mine_en}) against its 对家 seat {o} ({theirs_en}): seat {s} pays {count} 点贡"
        if levels[s] > 1:
            run = state.streaks[s] % len(escalation) + 1
            out.append(Tribute(TributeKind.DIAN, s, o, count, _why(
                rules, "tribute.dian.escalation", f"{zh}（连续第{run}局没过点，每份点贡算{levels[s]}张）",
                f"{en} (its hand no. {run} in a row without 开点: each 点贡 counts {levels[s]})")))
        else:
            out.append(Tribute(TributeKind.DIAN, s, o, count, _why(rules, "tribute.dian", zh, en)))
    return out, notes, tuple(streaks)


def _shao(record: GameRecord, rules: Ruleset) -> tuple[list[Tribute], list[Reason]]:
    """烧贡 of every chain of burns (a burn and the 反烧 that answered it)."""
    out: list[Tribute] = []
    notes: list[Reason] = []
    for chain in record.burn_chains():
        last = record.burns[chain[-1]]
        counters = len(chain) - 1
        b, v = last.burner, last.victim
        if last.outcome == BurnOutcome.SUCCESS and counters == 0:
            out.append(Tribute(TributeKind.SHAO, v, b, rules.burn_cards, _why(
                rules, "tribute.shao", f"座位{b}烧座位{v}成功：被烧者进{rules.burn_cards}张烧贡",
                f"seat {b} burned seat {v} and won: the seat burned pays {rules.burn_cards} 烧贡")))
        elif last.outcome == BurnOutcome.SUCCESS:
            count = rules.burn_cards * _growth(rules, counters)
            first = record.burns[chain[0]]
            out.append(Tribute(TributeKind.SHAO, v, b, count, _why(
                rules, "tribute.shao.counter",
                f"座位{first.burner}烧座位{first.victim}，经{counters}次反烧，最后座位{b}烧成：座位{v}进{count}张烧贡",
                f"seat {first.burner} burned seat {first.victim}; after {counters} 反烧 seat {b} won the burn: "
                f"seat {v} pays {count} 烧贡")))
        elif last.outcome == BurnOutcome.FAILED and rules.failed_burn_tribute:
            kind = rules.failed_burn_tribute
            out.append(Tribute(kind, b, v, rules.burn_cards, _why(
                rules, "tribute.shao.failed", f"座位{b}烧座位{v}失败：烧牌者反进{rules.burn_cards}张{kind.zh}",
                f"seat {b}'s burn of seat {v} failed: the burner pays {rules.burn_cards} {kind.en}")))
        elif last.outcome == BurnOutcome.CANCELLED:
            notes.append(_why(rules, "tribute.shao.cancelled", f"座位{b}烧座位{v}被解烧：不进烧贡",
                              f"seat {b}'s burn of seat {v} was lifted (解烧): no 烧贡"))
        elif last.outcome == BurnOutcome.COUNTER:
            notes.append(_why(rules, "tribute.shao.cancelled", f"座位{v}反烧座位{b}，反烧又被解烧：不进烧贡",
                              f"seat {v} burned back seat {b}, and that 反烧 was lifted (解烧): no 烧贡"))
    return out, notes


def _sort(tributes: list[Tribute], rules: Ruleset) -> list[Tribute]:
    order = rules.tribute_order
    return sorted(tributes, key=lambda t: order.index(t.kind) if t.kind in order else len(order))


def _owed(record: GameRecord, places: Places, rules: Ruleset, state: SeriesState
          ) -> tuple[list[Tribute], list[Waiver], list[Reason], SeriesState]:
    """What this hand's outcome owes for the next hand, what is waived, notes, and the state to carry."""
    tributes, notes, streaks = _dian(record, places, rules, state)
    shao, shao_notes = _shao(record, rules)
    tributes += shao
    notes += shao_notes
    free = set(_zhashao_free(record, rules))
    for m in record.men:
        if m.victim in free:
            notes.append(_why(rules, "tribute.men.zhashao", f"座位{m.victim}因诈烧被闷：不进闷贡",
                              f"seat {m.victim} was 闷ed by a failed burn (诈烧): no 闷贡"))
        else:
            tributes.append(Tribute(TributeKind.MEN, m.victim, m.by, rules.men_cards, _why(
                rules, "tribute.men", f"座位{m.victim}被座位{m.by}闷了：进{rules.men_cards}张闷贡",
                f"seat {m.by} 闷ed seat {m.victim}: seat {m.victim} pays {rules.men_cards} 闷贡")))
    order = places.order
    for loser, winner, count in ((order[5], order[0], rules.luo_cards[0]), (order[4], order[1], rules.luo_cards[1])):
        tributes.append(Tribute(TributeKind.LUO, loser, winner, count, _why(
            rules, "tribute.luo", f"座位{loser}是{PLACES_ZH[places.of(loser)]}，进{PLACES_ZH[places.of(winner)]}"
            f"（座位{winner}）{count}张落贡", f"seat {loser} is {PLACES_ZH[places.of(loser)]} and pays "
            f"{PLACES_ZH[places.of(winner)]} (seat {winner}) {count} 落贡")))
    sweep = places.sweep_team
    if sweep is not None and rules.sweep_tribute == SweepTribute.QUAN:
        for s in SEATS:
            if team(s) != sweep:
                tributes.append(Tribute(TributeKind.QUAN, s, opposite(s), 1, _why(
                    rules, "tribute.sweep", f"被圈：座位{s}向对家座位{opposite(s)}进一张圈贡",
                    f"swept (圈): seat {s} pays its 对家 seat {opposite(s)} one 圈贡")))
    tributes = _sort(tributes, rules)

    swept = None if sweep is None else 1 - sweep
    sweeps = state.sweeps + 1 if swept is not None and swept == state.swept_team else int(swept is not None)
    restart = bool(rules.sweep_restart_after) and sweeps >= rules.sweep_restart_after
    kept: list[Tribute] = []
    waived: list[Waiver] = []
    for t in tributes:
        if restart:
            why = _why(rules, "tribute.restart", f"连圈{sweeps}局：重新开局，不进贡",
                       f"swept {sweeps} hands in a row: the series restarts and nobody pays")
        elif sweep is not None and rules.sweep_tribute == SweepTribute.NONE:
            why = _why(rules, "tribute.sweep", "串三户：不再进贡，直接开始新的一局",
                       "串三户: no tribute, the next hand starts at once")
        elif (sweep is not None and rules.sweep_tribute == SweepTribute.QUAN and team(t.payer) != sweep
              and t.kind != TributeKind.QUAN):
            why = _why(rules, "tribute.sweep", f"座位{t.payer}一帮被圈：只进圈贡，其他的贡免除",
                       f"seat {t.payer}'s team was swept (圈): it pays only 圈贡, its other tribute is waived")
        elif not rules.same_team_pays and team(t.payer) == team(t.receiver):
            why = _why(rules, "tribute.same_team", f"座位{t.payer}和座位{t.receiver}同帮：不进贡",
                       f"seats {t.payer} and {t.receiver} are teammates: no tribute between them")
        else:
            kept.append(t)
            continue
        waived.append(Waiver(t, why))
    if sweep is not None and rules.sweep_huiwu:
        notes.append(_why(rules, "tribute.huiwu", "下一局大落发牌前，被圈的一帮汇五：把所有的5摆出来作第一手牌",
                          "before the next hand's first lead the swept team pools all its 5s as the opening "
                          "play (汇五)"))
    if kept:
        notes.append(_why(rules, "tribute.order", f"进贡顺序：{'、'.join(k.zh for k in rules.tribute_order)}",
                          f"tribute is paid in this order: {', '.join(k.en for k in rules.tribute_order)}"))
    if restart:
        return kept, waived, notes, SeriesState()
    return kept, waived, notes, SeriesState(streaks, swept, sweeps, tuple(kept))


def pay_tributes(owed: Sequence[Tribute], hands: Mapping[int, Hand] | None,
                 rules: Ruleset | str | None = None) -> tuple[Payment, ...]:
    """Pay ``owed`` in order from the hands just dealt (before any tribute): the biggest cards, or only the
    naturally dealt jokers and 2s where the rule set says so; 抗贡 and shortfalls excuse what they excuse.

    >>> from gouji_teach.rules.record import GameRecord
    >>> t = settle(GameRecord(rules="tongsu", first_hand=False, finish_order=(0, 1, 2, 3, 4, 5),
    ...                       kaidian=frozenset(range(6)))).tributes
    >>> [(p.tribute.payer, format_cards(p.cards)) for p in pay_tributes(t, {5: Hand.parse("AAA 2 3"),
    ...                                                                     4: Hand.parse("X KK")}, "tongsu")]
    [(5, '2'), (4, 'X')]
    """
    rules = find_ruleset(rules)
    hands = hands or {}
    natural = rules.tribute_cards == TributeCards.NATURAL_JOKERS_TWOS
    given: dict[int, list[Card]] = {s: [] for s in SEATS}
    received: dict[int, list[Card]] = {s: [] for s in SEATS}
    kang_team, kang_self = set(), set()
    if rules.kanggong:
        kang_team = {team(s) for s, h in hands.items() if h.count(Rank.BIG_JOKER) >= 4}
        kang_self = {s for s, h in hands.items() if h.count(Rank.SMALL_JOKER) >= 4}
    out: list[Payment] = []
    for t in owed:
        p = t.payer
        if team(p) in kang_team or p in kang_self:
            who = p if p in kang_self else next(s for s, h in hands.items()
                                                if team(s) == team(p) and h.count(Rank.BIG_JOKER) >= 4)
            big = p not in kang_self
            out.append(Payment(t, (), 0, (_why(
                rules, "tribute.kanggong",
                f"座位{who}自然抓到4个{'大王，抗掉本帮' if big else '小王，抗掉本人'}的贡：座位{p}不进这份{t.kind.zh}",
                f"seat {who} was dealt four "
                f"{'big jokers and excuses its team' if big else 'small jokers and excuses itself'}"
                f" (抗贡): seat {p} pays no {t.kind.en}"),)))
            continue
        if p not in hands:
            out.append(Payment(t, None, t.count if rules.returns_cards else 0, (_why(
                rules, "tribute.cards", f"不知道座位{p}抓的牌：进{t.count}张，牌未知",
                f"seat {p}'s dealt hand is not known: {t.count} cards, which ones is unknown"),)))
            continue
        dealt = hands[p]
        if natural:
            pool = Hand([c for c in dealt if c.rank >= Rank.TWO]) - given[p]
        else:
            pool = Hand([*dealt, *received[p]]) - given[p]
        cards = pool.cards[: t.count]
        given[p] += cards
        received[t.receiver] += cards
        shown = format_cards(cards, sep=" ") or "—"
        if natural:
            reasons = [_why(rules, "tribute.cards", f"座位{p}进自然抓到的最大的王和2：{shown}",
                            f"seat {p} pays its biggest naturally dealt jokers and 2s: {shown}")]
        else:
            reasons = [_why(rules, "tribute.cards", f"座位{p}进手里最大的牌：{shown}",
                            f"seat {p} pays the biggest cards in hand: {shown}")]
        if len(cards) < t.count:
            short = t.count - len(cards)
            reasons.append(_why(rules, "tribute.cards",
                                f"{'自然抓到的王和2' if natural else '手里的牌'}不够，少{short}张，不足部分免除",
                                f"{'naturally dealt jokers and 2s' if natural else 'cards in hand'} run short: "
                                f"{short} excused"))
        returned = len(cards) if rules.returns_cards else 0
        if returned:
            reasons.append(_why(rules, "tribute.return",
                                f"座位{t.receiver}回{returned}张牌给座位{p}（自选，不能回贡牌）",
                                f"seat {t.receiver} gives {returned} card{'s' * (returned > 1)} of its choice back "
                                f"to seat {p} "
                                "(not the tribute cards)"))
        out.append(Payment(t, tuple(cards), returned, tuple(reasons)))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class GiveBack:
    """What the receiver of a paid tribute gives back (回牌, 还贡), as :func:`give_back` finds it: ``count`` cards
    (one per card received; none where the rule set has no 回牌), any of ``allowed``, which is the receiver's
    ``hand`` without the ``tribute`` cards it got. A card of its own like a tribute card may go back (003 §十四
    "可以回相同的牌但不能回贡牌"): under several packs identical cards are normal.

    >>> from gouji_teach.rules.record import GameRecord
    >>> [t] = settle(GameRecord(rules="zaozhuang", first_hand=False, finish_order=(0, 1, 2, 3, 4, 5),
    ...                         kaidian=frozenset(range(6)))).tributes[1:2]
    >>> [paid] = pay_tributes([t], {4: Hand.parse("2♠ 9 3")}, "zaozhuang")
    >>> g = give_back(paid, Hand.parse("2♠ 2♥ K 5 4"), "zaozhuang")
    >>> g.count, g.allowed, format_cards(g.take("2"))
    (1, Hand('2♥ K 5 4'), '2♥')
    >>> (paid.tribute.payer, paid.tribute.receiver), g.why_not("5") is None
    ((4, 1), True)
    >>> print(g.why_not("2♠").en)
    2♠ is a tribute card: it does not go back (a card of your own like it may) [tribute.return, 003 §14 Last places]
    >>> print(g.why_not("A").zh)
    座位1手里没有A【tribute.return, 003 §十四 落】
    """

    payment: Payment
    hand: Hand
    tribute: tuple[Card, ...]
    count: int
    allowed: Hand
    rules: Ruleset

    def why_not(self, cards: str | Iterable[Card]) -> IllegalActionError | None:
        """``None`` if ``cards`` (notation, or cards; a card without a suit stands for any copy of its rank) may
        go back, else the refusal, naming the rule: the wrong number of cards, a card not held, a tribute card."""
        chosen = _chosen(cards)
        r, p, n = self.payment.tribute.receiver, self.payment.tribute.payer, self.count
        if len(chosen) != n:
            if not self.rules.returns_cards:
                return refusal("tribute.return", self.rules, f"吃贡后不回牌：座位{r}不回牌给座位{p}",
                               f"no cards go back after tribute: seat {r} gives seat {p} nothing")
            return refusal("tribute.return", self.rules,
                           f"座位{r}要回{n}张牌给座位{p}（进几张回几张），选了{len(chosen)}张",
                           f"seat {r} gives back {n} card{'s' * (n != 1)} to seat {p} (one per card received), "
                           f"not {len(chosen)}")
        for pool, held in ((self.hand, True), (self.allowed, False)):
            for card in chosen:
                try:
                    pool = pool - (card,)
                except CardError:
                    if held:
                        return refusal("tribute.return", self.rules, f"座位{r}手里没有{card.notation}",
                                       f"seat {r} does not hold {card.notation}")
                    return refusal("tribute.return", self.rules,
                                   f"{card.notation}是贡牌，不能回（自己原有的相同的牌可以回）",
                                   f"{card.notation} is a tribute card: it does not go back "
                                   "(a card of your own like it may)")
        return None

    def take(self, cards: str | Iterable[Card]) -> tuple[Card, ...]:
        """The cards that go back, as the hand holds them (a suitless card resolved to a copy the receiver may
        give); raises the refusal of :meth:`why_not`."""
        chosen = _chosen(cards)
        problem = self.why_not(chosen)
        if problem is not None:
            raise problem
        return (self.allowed - (self.allowed - chosen)).cards


def _chosen(cards: str | Iterable[Card]) -> tuple[Card, ...]:
    """Cards as given: notation (blank: none) or cards."""
    if isinstance(cards, str):
        return parse_cards(cards) if cards.strip() else ()
    return tuple(cards)


def give_back(payment: Payment, hand: Hand, rules: Ruleset | str | None = None, *,
              tribute: Iterable[Card] | None = None) -> GiveBack:
    """What the receiver of ``payment`` may give back from ``hand`` (its hand now, holding the payment's cards).
    ``tribute`` is every tribute card it holds (default: this payment's), none of which goes back."""
    rules = find_ruleset(rules)
    got = tuple(payment.cards or ()) if tribute is None else tuple(tribute)
    return GiveBack(payment, hand, got, payment.returned, hand - got, rules)


# -- a hand, a series ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Settlement:
    """A settled hand: places and scores; ``paid``, the tribute paid at its start (owed by the hand before);
    ``tributes``, what its outcome owes at the start of the next hand, in paying order; ``waived``; ``notes``;
    and ``state``, what the series carries on. A voided hand has no places and scores nothing."""

    rules: Ruleset
    record: GameRecord
    places: Places | None
    scores: Scores
    paid: tuple[Payment, ...]
    tributes: tuple[Tribute, ...]
    waived: tuple[Waiver, ...]
    notes: tuple[Reason, ...]
    state: SeriesState = field(repr=False)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON: ``places`` and ``scores`` keyed by seat strings, ``tributes`` in paying order."""
        places = self.places
        return {
            "rules": self.rules.name,
            "first_hand": self.record.first_hand,
            "void": self.record.void,
            "places": places.to_json() if places else {},
            "order": list(places.order) if places else [],
            "sweep": None if places is None or places.sweep_team is None else [s for s in SEATS
                                                                               if team(s) == places.sweep_team],
            "scores": self.scores.to_json(),
            "paid": [p.to_json() for p in self.paid],
            "tributes": [t.to_json() for t in self.tributes],
            "waived": [w.to_json() for w in self.waived],
            "notes": [r.to_json() for r in (*(places.reasons if places else ()), *self.scores.reasons, *self.notes)],
        }


def settle(record: GameRecord, rules: Ruleset | str | None = None, state: SeriesState | None = None) -> Settlement:
    """Settle one hand. ``rules`` overrides the record's rule set; ``state`` is what the previous hand of the
    series left (:attr:`Settlement.state`), or nothing for a hand on its own.

    >>> first = settle(GameRecord(rules="zaozhuang", first_hand=True, finish_order=(0, 1, 2, 3, 4, 5),
    ...                           kaidian=frozenset({0, 1, 2})))
    >>> [(t.payer, t.count) for t in first.tributes if t.kind == TributeKind.DIAN]
    [(3, 1), (4, 1), (5, 1)]
    >>> second = settle(GameRecord(rules="zaozhuang", first_hand=False, finish_order=(0, 1, 2, 3, 4, 5),
    ...                            kaidian=frozenset({0, 1, 2})), state=first.state)
    >>> [(t.payer, t.count) for t in second.tributes if t.kind == TributeKind.DIAN]
    [(3, 2), (4, 2), (5, 2)]
    """
    rules = find_ruleset(record.rules if rules is None else rules)
    state = SeriesState() if state is None else state
    if record.void:
        why = _why(rules, "tribute.void", "该局作废：没有名次、得分和进贡，下一局照旧进上一局欠的贡",
                   "the hand is void: no places, scores or tribute; the next hand pays what was owed before it")
        return Settlement(rules, record, None, Scores((0,) * 6, ()), (), (), (), (why,), state)
    notes: list[Reason] = []
    paid: tuple[Payment, ...] = ()
    if record.first_hand and rules.first_hand_free:
        notes.append(_why(rules, "tribute.first_hand", "这是一个系列的第一局：开始前不进贡",
                          "the first hand of a series: nothing is paid before it"))
    else:
        paid = pay_tributes(state.owed, record.hands, rules)
    if record.first_hand:
        state = SeriesState()
    places = place_seats(record, rules)
    owed, waived, owed_notes, new_state = _owed(record, places, rules, state)
    return Settlement(rules, record, places, score(places, rules), paid, tuple(owed), tuple(waived),
                      tuple(notes + owed_notes), new_state)


def settle_series(records: Sequence[GameRecord], rules: Ruleset | str | None = None) -> tuple[Settlement, ...]:
    """Settle hand after hand, each with the state the one before left. Errors name the record: ``[2].men[0]``.
    Every record of a series must name the same rule set (unless ``rules`` overrides them all)."""
    out: list[Settlement] = []
    state = SeriesState()
    for i, record in enumerate(records):
        if rules is None and record.rules != records[0].rules:
            raise RecordError(f"[{i}].rules", f"一个系列只用一种规则：第0局是{records[0].rules.name}",
                              f"a series uses one rule set: record 0 uses {records[0].rules.name}")
        try:
            settled = settle(record, rules, state)
        except RecordError as e:
            raise e.within(f"[{i}].") from None
        out.append(settled)
        state = settled.state
    return tuple(out)

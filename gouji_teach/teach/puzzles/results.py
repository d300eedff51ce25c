"""Puzzles about a finished hand, asked from its record: places and scores, the tribute that follows, the 点贡
between a seat that declared 宣点 and its 对家. Settlement computes every answer.

The drills: ``tribute`` and ``places`` come from small hands played to the end by computer players: plain at
``easy``, with a seat 闷ed at ``medium``, with a burn (else two seats 闷ed) at ``hard``. ``xuandian`` (宣点, stage
14): ``easy`` the 宣点 came true (the 对家 did not open, the declarer did); ``medium`` it did not (the 对家 opened,
or the declarer itself did not); ``hard`` both 对家 declared 宣点.

>>> from gouji_teach.teach.drills import make_drill
>>> p = make_drill("xuandian", 7, level="easy", rules="qingdao")
>>> right = [c for c in p.choices if p.check(c.key).correct]
>>> len(right), p.solution().correct
(1, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, fields, replace
from functools import cached_property, partial

from ...rules.engine import Game, Phase, opposite
from ...rules.errors import GoujiError, OptionError, SetupError
from ...rules.record import BurnOutcome, GameRecord
from ...rules.rulebook import RULES
from ...rules.rulesets import PRESETS, Ruleset, TributeKind, find_ruleset
from ...rules.settlement import PLACES_EN, PLACES_ZH, Places, Tribute, place_seats, score, settle
from ...rules.verdicts import cite
from ...rules.words import Lang
from ...show.i18n import register, t
from ...show.markup import SvgImage
from ...show.pictures import SeatView, TableView, finish_svg, table_svg, tribute_svg
from .base import SEP_EN, SEP_ZH, Choice, Feedback, Puzzle, both, feedback, seat_names, tagged
from .choices import PRESET_RULESETS, Candidate, ChoicePuzzle, draw_options, elsewhere
from .kinds import declare
from .positions import SeatsPuzzle, played_position

__all__ = ["PlacesPuzzle", "RecordPuzzle", "TributePuzzle", "TributeToPuzzle", "XuandianPuzzle", "result_text",
           "xuandian_puzzle"]

register({
    "puzzle.tribute.q": ("这一局的结果：{result}。接下来要进什么贡？",
                         "The result of this hand: {result}. What tribute follows?"),
    "puzzle.tribute.none": ("不进贡", "no tribute"),
    "puzzle.tribute_to.q": ("这一局的结果：{result}。座位{seat}下一局要给谁进贡？选出收它的贡的座位（可能不止一家）。",
                            "The result of this hand: {result}. Whom does seat {seat} pay tribute to in the next "
                            "hand? Pick every seat that receives from it (there may be more than one)."),
    "puzzle.tribute_to.in": ("座位{seat}：{kind}{n}张（{why}）", "seat {seat}: {n} × {kind} ({why})"),
    "puzzle.tribute_to.self": ("座位{seat}就是进贡的这一家，不给自己进贡", "seat {seat} is the payer itself"),
    "puzzle.tribute_to.back": ("方向反了：是座位{seat}给座位{payer}进贡，不是座位{payer}给它",
                               "the wrong way round: seat {seat} pays seat {payer}, not seat {payer} seat {seat}"),
    "puzzle.tribute_to.out": ("座位{seat}不收座位{payer}的贡", "seat {seat} receives nothing from seat {payer}"),
    "puzzle.tribute.item": ("座位{payer}给座位{receiver}{kind}{n}张", "seat {payer} pays seat {receiver} {n} × {kind}"),
    "puzzle.tribute.under": ("这是{rules}的进贡", "that is the tribute under {rules}"),
    "puzzle.places.q.place": ("这一局的结果：{result}。座位{seat}是第几名？",
                              "The result of this hand: {result}. Which place is seat {seat}?"),
    "puzzle.places.q.points": ("这一局的结果：{result}。座位{seat}这一帮每人得几分？",
                               "The result of this hand: {result}. How many points does each seat of seat "
                               "{seat}'s team score?"),
    "puzzle.places.is": ("{place}是座位{seat}。", "{place} is seat {seat}. "),
    "puzzle.points.under": ("这是{rules}的得分", "that is the score under {rules}"),
    "puzzle.points.sweep": ("串三户的翻倍算错了", "it gets the 串三户 doubling wrong"),
    "puzzle.points.own": ("只算了这个座位自己的名次分，没加上同帮的",
                          "it counts this seat's own place only, not its team's"),
    "puzzle.points.team": ("先找出这个座位是哪一帮（隔一个座位是同帮），再把这一帮三人的名次分加起来",
                           "first find this seat's team (every other seat), then add up its three seats' "
                           "place points"),
    "puzzle.points.men": ("把被闷（或烧失败）的座位当成按顺序走完了",
                          "it counts a 闷ed seat (or a failed burner) as if it had gone out in turn"),
    "puzzle.result.out": ("走完的顺序：{seats}", "went out in this order: {seats}"),
    "puzzle.result.kaidian": ("开点：{seats}", "开点: {seats}"),
    "puzzle.result.revolution": ("革命：{seats}", "revolted: {seats}"),
    "puzzle.result.burn": ("座位{burner}烧座位{victim}（{outcome}）", "seat {burner} burned seat {victim} ({outcome})"),
    "puzzle.result.men": ("座位{victim}被座位{by}闷", "seat {victim} 闷ed by seat {by}"),
    "puzzle.result.success": ("烧成", "succeeded"),
    "puzzle.result.failed": ("烧失败", "failed"),
    "puzzle.result.counter": ("被反烧", "burned back"),
    "sit.xd.q": ("这一局：{declared}；开点：{opened}；走完的顺序：{order}。座位{s}和对家座位{o}之间进多少点贡？",
                 "This hand: {declared}; 开点: {opened}; finishing order: {order}. What 点贡 passes between seat "
                 "{s} and its 对家, seat {o}?"),
    "sit.xd.mark": ("宣点", "宣点 declared"),
    "sit.xd.place": ("第{n}个走完", "out {n}."),
    "sit.xd.declared": ("{seats}宣点", "{seats} declared 宣点"),
    "sit.xd.pays": ("座位{payer}给座位{receiver}点贡{n}张", "seat {payer} pays seat {receiver} {n} × 点贡"),
    "sit.xd.none": ("不进点贡", "no 点贡"),
    "sit.xd.swapped": ("“{choice}”方向反了：点贡总是由没做到的一方给做到的一方",
                       "“{choice}” goes the wrong way: 点贡 goes from the side that failed to the side that did not"),
    "sit.xd.misread.open": ("“{choice}”是座位{k}没开点时的点贡；再看看座位{k}开没开点",
                            "“{choice}” is the 点贡 if seat {k} had not opened; look again whether seat {k} opened"),
    "sit.xd.misread.closed": ("“{choice}”是座位{k}开了点时的点贡；再看看座位{k}开没开点",
                              "“{choice}” is the 点贡 if seat {k} had opened; look again whether seat {k} opened"),
    "sit.xd.forgot": ("“{choice}”是没人宣点时的点贡；宣了点，点贡按宣点算",
                      "“{choice}” is the 点贡 when nobody declares 宣点; a 宣点 changes it"),
})


def result_text(record: GameRecord) -> tuple[str, str]:
    """A finished hand's record in words (what the tribute and places puzzles show).

    >>> from gouji_teach.rules.record import GameRecord
    >>> result_text(GameRecord(rules="qingdao", first_hand=False, finish_order=(0, 1, 2, 3, 4, 5),
    ...                        kaidian=frozenset({0, 3})))[1]
    'went out in this order: seat 0, seat 1, seat 2, seat 3, seat 4, seat 5; 开点: seat 0, seat 3'
    """
    def names(seats: Iterable[int]) -> tuple[str, str]:
        seats = list(seats)
        return "、".join(f"座位{s}" for s in seats), ", ".join(f"seat {s}" for s in seats)

    parts = [(t("puzzle.result.out", "zh", seats=names(record.finish_order)[0]),
              t("puzzle.result.out", "en", seats=names(record.finish_order)[1]))]
    parts.append((t("puzzle.result.kaidian", "zh", seats=seat_names(record.kaidian)[0]),
                  t("puzzle.result.kaidian", "en", seats=seat_names(record.kaidian)[1])))
    if record.revolution:
        parts.append((t("puzzle.result.revolution", "zh", seats=names(record.revolution)[0]),
                      t("puzzle.result.revolution", "en", seats=names(record.revolution)[1])))
    for b in record.burns:
        outcome = both(f"puzzle.result.{b.outcome}")
        parts.append((t("puzzle.result.burn", "zh", burner=b.burner, victim=b.victim, outcome=outcome[0]),
                      t("puzzle.result.burn", "en", burner=b.burner, victim=b.victim, outcome=outcome[1])))
    parts += [both("puzzle.result.men", victim=m.victim, by=m.by) for m in record.men]
    return SEP_ZH.join(p[0] for p in parts), SEP_EN.join(p[1] for p in parts)


@dataclass(frozen=True)
class RecordPuzzle(Puzzle):
    """Base of the puzzles about a finished hand, asked from its :class:`~gouji_teach.rules.record.GameRecord` (and,
    optionally, the finished ``game`` it records) under ``rules`` (default: the record's rule set); settlement
    computes the answers."""

    record: GameRecord
    game: Game | None = field(default=None, compare=False, repr=False)

    def _own_rules(self) -> Ruleset:
        return find_ruleset(self.record.rules)

    def picture(self, lang: Lang | None = None, scale: float = 1.0) -> SvgImage:
        """How the hand ended: the seats in the order they went out, 闷, failed burns, 革命, 开点 and burns."""
        r = self.record
        return finish_svg(r.finish_order, men=[(m.victim, m.by) for m in r.men], revolution=r.revolution,
                          failed=[b.burner for b in r.burns if b.outcome == BurnOutcome.FAILED], kaidian=r.kaidian,
                          burns=[(b.burner, b.victim) for b in r.burns], asked=self._asked(), lang=lang,
                          scale=scale)

    def _asked(self) -> int | None:
        """The seat the question is about, ringed in the picture."""
        return None

    def _result(self) -> tuple[str, str]:
        return result_text(self.record)

    def _others(self) -> Iterator[Ruleset]:
        """The other preset rule sets, for wrong answers that are right elsewhere."""
        return (r for r in PRESETS.values() if r.name != self.rules.name)


_Transfer = tuple[TributeKind, int, int, int]  # kind, payer, receiver, cards
_Mistake = tuple[str, str, str]  # what a wrong option gets wrong: zh, en, and the rule it breaks


def _transfers(tributes: Iterable[Tribute]) -> frozenset[_Transfer]:
    """Tribute as a set of transfers: the order of payment is not part of the answer."""
    return frozenset((x.kind, x.payer, x.receiver, x.count) for x in tributes)


def _named(transfer: _Transfer) -> tuple[str, int, int, int]:
    """A transfer with the kind by its Chinese name: what orders and seeds the choices (as stored outputs
    were made)."""
    return (transfer[0].zh, *transfer[1:])


def _transfers_text(transfers: Iterable[_Transfer]) -> tuple[str, str]:
    transfers = sorted(transfers, key=lambda x: (x[1], x[2], x[0].zh, x[3]))
    if not transfers:
        return both("puzzle.tribute.none")
    items = [(t("puzzle.tribute.item", "zh", kind=k.zh, payer=p, receiver=r, n=n),
              t("puzzle.tribute.item", "en", kind=k.en, payer=p, receiver=r, n=n)) for k, p, r, n in transfers]
    return SEP_ZH.join(i[0] for i in items), SEP_EN.join(i[1] for i in items)


def _reverse(kind: TributeKind) -> Callable[[frozenset[_Transfer]], frozenset[_Transfer]]:
    """The mistake "who pays whom the other way round" for the transfers of ``kind``."""
    return lambda ts: frozenset((k, r, p, n) if k == kind else (k, p, r, n) for k, p, r, n in ts)


def _swap_luo(part: int) -> Callable[[frozenset[_Transfer]], frozenset[_Transfer]]:
    """The mistakes of the two 落贡: ``part`` 2 pairs 大落 with 二科 and 二落 with 头科; ``part`` 3 swaps their
    numbers of cards."""
    def apply(ts: frozenset[_Transfer]) -> frozenset[_Transfer]:
        luo = sorted((x for x in ts if x[0] is TributeKind.LUO), key=lambda x: -x[3])
        if len(luo) != 2:
            return ts
        a, b = luo
        swapped = (((a[0], a[1], b[2], a[3]), (b[0], b[1], a[2], b[3])) if part == 2 else
                   ((a[0], a[1], a[2], b[3]), (b[0], b[1], b[2], a[3])))
        return (ts - {a, b}) | frozenset(swapped)
    return apply


def _recount(kind: TributeKind) -> Callable[[frozenset[_Transfer]], frozenset[_Transfer]]:
    """The mistake "one card for two" (or two for one) in the transfers of ``kind``."""
    return lambda ts: frozenset((k, p, r, 3 - n if k == kind and n in (1, 2) else n) for k, p, r, n in ts)


_K = TributeKind
#: Mistakes learners make about tribute, grouped by the kind of tribute they touch: (kind, change, zh, en, rule).
_TRIBUTE_MISTAKES = (
    (_K.LUO, _swap_luo(2), "落贡谁进给谁配错了", "it pairs the wrong seats for 落贡", "tribute.luo"),
    (_K.LUO, _swap_luo(3), "大落和二落各进几张弄反了", "it mixes up how many cards 大落 and 二落 pay", "tribute.luo"),
    (_K.LUO, _reverse(_K.LUO), "落贡的方向反了", "its 落贡 goes the wrong way", "tribute.luo"),
    (_K.MEN, _reverse(_K.MEN), "闷贡的方向反了", "its 闷贡 goes the wrong way", "tribute.men"),
    (_K.MEN, _recount(_K.MEN), "闷贡的张数不对", "it counts the 闷贡 cards wrongly", "tribute.men"),
    (_K.SHAO, _reverse(_K.SHAO), "烧贡的方向反了", "its 烧贡 goes the wrong way", "tribute.shao"),
    (_K.SHAO, _recount(_K.SHAO), "烧贡的张数不对", "it counts the 烧贡 cards wrongly", "tribute.shao"),
    (_K.DIAN, _reverse(_K.DIAN), "点贡的方向反了", "its 点贡 goes the wrong way", "tribute.dian"),
)


@dataclass(frozen=True)
class TributePuzzle(RecordPuzzle, kind="tribute", hint=("先看谁没开点（点贡），再看烧、闷和落。",
                                                     "Check 点贡 first, then burns, 闷 and the last places.")):
    """What tribute follows this result? The choices are sets of transfers (drawn as arrows between the six
    seats): the settlement's, and the same with mistakes learners make (落贡 paired or counted wrongly, a
    tribute paid the wrong way, …): two independent mistakes and both together, so that no choice is the
    "centre" of the others. Where fewer than two mistakes apply, other rule sets' tribute fills in. Compared as
    sets: the order of payment is not asked.

    >>> from gouji_teach.rules.record import GameRecord
    >>> p = TributePuzzle(GameRecord(rules="qingdao", first_hand=False, finish_order=(0, 1, 2, 3, 4, 5),
    ...                              kaidian=frozenset({0, 1, 2, 3})))
    >>> right = [c for c in p.choices if p.check(c.key).correct]
    >>> right[0].en
    'seat 4 pays seat 1 1 × 点贡; seat 4 pays seat 1 1 × 落贡; seat 5 pays seat 0 2 × 落贡; seat 5 pays seat 2 1 × 点贡'
    >>> len(p.choices)
    4
    """

    def _right(self) -> tuple[Tribute, ...]:
        return settle(self.record, self.rules).tributes

    def draw_options(self) -> list[tuple[frozenset[_Transfer], _Mistake | None]]:
        """The right set first (``None``), then wrong ones with what each gets wrong."""
        return list(self._options)

    @cached_property
    def _options(self) -> tuple[tuple[frozenset[_Transfer], _Mistake | None], ...]:
        """The options, settled once (under the four rule sets) for the choices, their pictures and the checks."""
        right = _transfers(self._right())
        rng = random.Random(f"{self.record}{self.rules.name}")
        kinds = sorted({x[0] for x in right}, key=lambda k: k.zh)
        rng.shuffle(kinds)
        changes = []
        for kind in kinds:  # one mistake per kind of tribute, the first two kinds where one changes something
            found = [m for m in _TRIBUTE_MISTAKES if m[0] == kind and m[1](right) != right]
            if found:
                changes.append(rng.choice(found))
        options: list[tuple[frozenset[_Transfer], _Mistake | None]] = [(right, None)]
        if len(changes) >= 2:
            (_, one, *why1), (_, two, *why2) = changes[:2]
            together = (f"{why1[0]}，{why2[0]}", f"{why1[1]}, and {why2[1]}", why1[2])
            options += [(one(right), tuple(why1)), (two(right), tuple(why2)), (two(one(right)), together)]
        elif changes:
            options.append((changes[0][1](right), tuple(changes[0][2:])))
        for other in self._others():
            try:
                theirs = _transfers(settle(self.record, other).tributes)
            except (GoujiError, ValueError):
                continue
            options.append((theirs, (t("puzzle.tribute.under", "zh", rules=other.title_zh),
                                     t("puzzle.tribute.under", "en", rules=other.title_en), self.rule_ids()[0])))
        unique: list[tuple[frozenset[_Transfer], _Mistake | None]] = []
        for transfers, why in options:
            if all(transfers != u[0] for u in unique) and len(unique) < 4:
                unique.append((transfers, why))
        return tuple(unique)

    def transfers(self) -> dict[str, frozenset[_Transfer]]:
        """Each choice's transfers by its key (what the choice pictures draw)."""
        return {str(i): o[0] for i, o in enumerate(self.draw_options())}

    def choice_picture(self, key: str, lang: Lang | None = None) -> SvgImage:
        """The choice as the six seats with an arrow (kind and number of cards) for each payment."""
        text = next(c.text(lang) for c in self.choices if c.key == key)
        return tribute_svg(self.transfers()[key], lang=lang, label=text)

    @property
    def choices(self) -> tuple[Choice, ...]:
        options = [o[0] for o in self.draw_options()]
        order = sorted(options, key=lambda o: random.Random(f"{sorted(map(_named, o))}{self.record}").random())
        return tuple(Choice(str(options.index(o)), *_transfers_text(o)) for o in order)

    def question(self) -> tuple[str, str]:
        zh, en = self._result()
        return t("puzzle.tribute.q", "zh", result=zh), t("puzzle.tribute.q", "en", result=en)

    def rule_ids(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(x.reason.rule for x in self._right())) or ("tribute.luo",)

    def _explain(self) -> tuple[str, str]:
        done = settle(self.record, self.rules)
        paid = [(x.reason.text_zh, x.reason.text_en) for x in done.tributes]
        waived = [(f"{w.tribute.reason.text_zh}（{w.reason.text_zh}）",
                   f"{w.tribute.reason.text_en} ({w.reason.text_en})") for w in done.waived]
        parts = paid + waived or [both("puzzle.tribute.none")]
        return SEP_ZH.join(p[0] for p in parts), SEP_EN.join(p[1] for p in parts)

    def check(self, answer: str) -> Feedback:
        options = self.draw_options()
        if answer not in [str(i) for i in range(len(options))]:
            return self._bad(answer)
        if answer == "0":
            return self.solution()
        _, (zh, en, rule) = options[int(answer)]
        return self._wrong(None, rule=rule,
                           why=(f"{zh}。{self._rule_line(rule)[0]}", f"{en}. {self._rule_line(rule)[1]}"))

    def solution(self) -> Feedback:
        return feedback(True, *self._explain(), rule_ids=self.rule_ids())


@dataclass(frozen=True)
class TributeToPuzzle(RecordPuzzle, SeatsPuzzle, kind="tribute_to",
                      hint=("先看它和对家谁开了点（点贡），再看它的名次（落贡）、它烧了谁、闷了谁。",
                            "Check 点贡 with its 对家 first, then its place (落贡), burns and 闷.")):
    """Whom does seat ``seat`` pay tribute to after this hand? Answered by picking the receivers among the six
    seats under the picture of how the hand ended (the seat asked about ringed); settlement computes them. The
    drills ask about a seat that pays.

    >>> from gouji_teach.rules.record import GameRecord
    >>> p = TributeToPuzzle(GameRecord(rules="qingdao", first_hand=False, finish_order=(0, 1, 2, 3, 4, 5),
    ...                                kaidian=frozenset({0, 1, 2, 3})), seat=5)
    >>> sorted(p.answer_seats()), p.check("0,2").correct, p.check("0").correct
    ([0, 2], True, False)
    >>> p.check("5").en.split(" [")[0]
    '“seat 5” is not it. Seat 5 is the payer itself. The rule that decides: the order of the tributes'

    """

    seat: int = 0
    rule = "tribute.order"

    def _tributes(self) -> tuple[Tribute, ...]:
        return settle(self.record, self.rules).tributes

    def _paid(self, receiver: int | None = None) -> list[Tribute]:
        return [x for x in self._tributes() if x.payer == self.seat and receiver in (None, x.receiver)]

    def answer_seats(self) -> frozenset[int]:
        return frozenset(x.receiver for x in self._paid())

    def _asked(self) -> int | None:
        return self.seat

    def question(self) -> tuple[str, str]:
        zh, en = self._result()
        return (t("puzzle.tribute_to.q", "zh", result=zh, seat=self.seat),
                t("puzzle.tribute_to.q", "en", result=en, seat=self.seat))

    def _why_in(self, seat: int) -> tuple[str, str, str]:
        paid = self._paid(seat)
        zh = SEP_ZH.join(t("puzzle.tribute_to.in", "zh", seat=seat, kind=x.kind.zh, n=x.count, why=x.reason.text_zh)
                         for x in paid)
        en = SEP_EN.join(t("puzzle.tribute_to.in", "en", seat=seat, kind=x.kind.en, n=x.count, why=x.reason.text_en)
                         for x in paid)
        return zh, en, paid[0].reason.rule

    def _why_out(self, seat: int) -> tuple[str, str, str]:
        if seat == self.seat:
            return *both("puzzle.tribute_to.self", seat=seat), self.rule
        waived = next((w for w in settle(self.record, self.rules).waived
                       if w.tribute.payer == self.seat and w.tribute.receiver == seat), None)
        if waived is not None:  # owed, but waived (teammates, 串三户 ...): why
            return waived.reason.text_zh, waived.reason.text_en, waived.reason.rule
        back = next((x for x in self._tributes() if x.payer == seat and x.receiver == self.seat), None)
        if back is not None:
            return *both("puzzle.tribute_to.back", seat=seat, payer=self.seat), back.reason.rule
        return *both("puzzle.tribute_to.out", seat=seat, payer=self.seat), self.rule_ids()[0]


@dataclass(frozen=True)
class PlacesPuzzle(RecordPuzzle, kind="places", hint=("名次按走完的先后，被闷、烧失败的排到最后。",
                                                   "Places follow the order seats went out; 闷ed seats and failed "
                                                   "burners go last.")):
    """Places and scores of a hand: ``ask="place"`` (which place is ``seat``? six choices) or ``ask="points"``
    (how many points does each seat of ``seat``'s team score? the score and up to three wrong ones).

    >>> from gouji_teach.rules.record import GameRecord, Men
    >>> r = GameRecord(rules="tongsu", first_hand=False, finish_order=(0, 1, 2, 3, 4, 5), men=(Men(2, 5),))
    >>> p = PlacesPuzzle(r, ask="place", seat=5)
    >>> [c.zh for c in p.choices if p.check(c.key).correct]
    ['大落']
    """

    ask: str = "place"
    seat: int = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.ask not in ("place", "points"):
            raise OptionError("ask", self.ask, "名次题问 place（名次）或 points（得分）",
                              "a places puzzle asks for a 'place' or 'points'")
        if isinstance(self.seat, bool) or self.seat not in range(6):
            raise SetupError(f"名次题问的是座位0到5，不能是 {self.seat!r}",
                             f"a places puzzle asks about a seat 0 to 5, not {self.seat!r}")

    def _asked(self) -> int | None:
        return self.seat

    def _places(self, rules: Ruleset | None = None) -> Places:
        return place_seats(self.record, rules or self.rules)

    def _points(self, rules: Ruleset) -> int:
        return score(self._places(rules), rules).points[self.seat]

    def _point_options(self) -> list[tuple[int, _Mistake | None]]:
        """The right score first (``None``), then up to three scores that learners' mistakes give, each with what
        it gets wrong, drawn at random (seeded by the hand) from the mistakes that give a score of their own."""
        rules, places = self.rules, self._places()
        right = self._points(rules)
        mistakes: list[tuple[int, _Mistake]] = []

        def mistake(points: int, key: str, rule: str) -> None:
            mistakes.append((points, (*both(f"puzzle.points.{key}"), rule)))

        for other in self._others():
            try:
                mistakes.append((self._points(other), (t("puzzle.points.under", "zh", rules=other.title_zh),
                                                       t("puzzle.points.under", "en", rules=other.title_en),
                                                       "score.place")))
            except (GoujiError, ValueError):
                continue
        plain = sum(rules.place_points[places.of(s)] for s in range(6) if s % 2 == self.seat % 2)
        if places.sweep_team is not None:  # 串三户: forgetting the doubling, or doubling where it is not done
            mistake(plain if rules.sweep_doubles_score else 2 * plain, "sweep", "score.sweep")
        mistake(rules.place_points[places.of(self.seat)], "own", "score.place")
        mistake(-right, "team", "score.place")
        if self.record.men or self.record.burns:  # a 闷ed seat (or a failed burner) counted as gone out in turn
            try:
                plain_record = replace(self.record, men=(), burns=())
                mistake(score(place_seats(plain_record, rules), rules).points[self.seat], "men", "place.men")
            except (GoujiError, ValueError):
                pass
        rng = random.Random(f"{self.record}{rules.name}{self.seat}")
        rng.shuffle(mistakes)
        options: list[tuple[int, _Mistake | None]] = [(right, None)]
        for points, why in mistakes:
            if all(points != o[0] for o in options) and len(options) < 4:
                options.append((points, why))
        return options

    @property
    def choices(self) -> tuple[Choice, ...]:
        if self.ask == "place":
            return tuple(Choice(str(i), PLACES_ZH[i], PLACES_EN[i]) for i in range(6))
        points = [p for p, _ in self._point_options()]
        order = sorted(points, key=lambda p: random.Random(f"{p}{self.record}").random())
        return tuple(Choice(str(p), str(p), str(p)) for p in order)

    def question(self) -> tuple[str, str]:
        zh, en = self._result()
        key = f"puzzle.places.q.{self.ask}"
        return t(key, "zh", result=zh, seat=self.seat), t(key, "en", result=en, seat=self.seat)

    def rule_ids(self) -> tuple[str, ...]:
        places = self._places()
        reasons = places.reasons if self.ask == "place" else score(places, self.rules).reasons
        return tuple(dict.fromkeys(r.rule for r in reasons)) or ("place.order",)

    def _explain(self) -> tuple[str, str]:
        places = self._places()
        reasons = places.reasons if self.ask == "place" else score(places, self.rules).reasons
        zh = SEP_ZH.join(r.text_zh for r in reasons)
        en = SEP_EN.join(r.text_en for r in reasons)
        if self.ask == "place":
            name = places.name(self.seat)
            return (f"座位{self.seat}是{name}。{zh}",
                    f"seat {self.seat} is {PLACES_EN[PLACES_ZH.index(name)]}. {en}")
        return zh, en

    def check(self, answer: str) -> Feedback:
        keys = [c.key for c in self.choices]
        if answer not in keys:
            return self._bad(answer)
        chosen = int(answer)
        if self.ask == "place":
            places = self._places()
            if chosen == places.of(self.seat):
                return self.solution()
            holder = places.order[chosen]  # who holds the place the learner chose: built from their choice
            counter = (t("puzzle.places.is", "zh", place=PLACES_ZH[chosen], seat=holder),
                       t("puzzle.places.is", "en", place=PLACES_EN[chosen], seat=holder))
            rule = next((r.rule for r in places.reasons if f"seat {self.seat}" in r.text_en), "place.order")
            line = self._rule_line(rule)
            if PLACES_ZH[places.of(self.seat)] in RULES[rule].zh:  # a title such as "烧牌失败者为大落" would say it
                line = (t("puzzle.wrong.rule_only", "zh", where=f"{rule}, {cite(rule, self.rules, 'zh')}"),
                        t("puzzle.wrong.rule_only", "en", where=f"{rule}, {cite(rule, self.rules)}"))
            return self._wrong(self._chosen(answer), rule=rule, why=line, counter=counter)
        options = dict(self._point_options())
        if options.get(chosen, 0) is None:
            return self.solution()
        zh, en, rule = options[chosen]  # type: ignore[misc]  # a None option returned above
        line = self._rule_line(rule)
        return self._wrong(self._chosen(answer), rule=rule, why=(f"{zh}。{line[0]}", f"{en}. {line[1]}"))

    def solution(self) -> Feedback:
        return feedback(True, *self._explain(), rule_ids=self.rule_ids())


def _finished(rng: random.Random, level: str, rules: Ruleset) -> tuple[GameRecord, Game]:
    """A small hand played to the end by computer players, and its record: plain at ``easy``; with a seat
    闷ed at ``medium``; with a burn (else two seats 闷ed) at ``hard``."""
    def over(g: Game) -> bool:
        return g.phase == Phase.OVER

    def men(g: Game) -> bool:
        return over(g) and bool(g.men())

    def plain(g: Game) -> bool:
        return over(g) and not g.men() and not g.game_record().burns

    def burns(g: Game) -> bool:
        return over(g) and bool(g.game_record().burns)

    def two_men(g: Game) -> bool:
        return over(g) and len(g.men()) > 1

    tests = {"easy": (plain, over), "medium": (men, over), "hard": (burns, two_men, men, over)}[level]
    game = played_position(rng, rules, level, tests)
    return game.game_record(), game


def _tribute(rng: random.Random, level: str, rules: Ruleset) -> TributePuzzle:
    record, game = _finished(rng, level, rules)
    return TributePuzzle(record, game, rules=rules)


def _tribute_to(rng: random.Random, level: str, rules: Ruleset) -> TributeToPuzzle:
    """A finished hand and one of the seats that pay tribute after it, any of them alike."""
    for _ in range(50):
        record, game = _finished(rng, level, rules)
        payers = sorted({x.payer for x in settle(record, rules).tributes})
        if payers:
            return TributeToPuzzle(record, game, rules=rules, seat=rng.choice(payers))
    raise SetupError("puzzle", "没有找到要进贡的一局", "no hand with a tribute was found")


def _places(rng: random.Random, level: str, rules: Ruleset) -> PlacesPuzzle:
    record, game = _finished(rng, level, rules)
    # any seat, so that every place is as often the answer (the seats 闷ed or burned out of their turn go last:
    # asking about them more often would make 大落 and 二落 a guess)
    seat = rng.randrange(6)
    return PlacesPuzzle(record, game, rules=rules, ask="points" if level == "medium" else "place", seat=seat)



# -- 宣点 ------------------------------------------------------------------------------------------------------


class XuandianPuzzle(ChoicePuzzle, kind="xuandian", hint=("看两边：谁宣了点，谁开了点，再查点贡表。",
                                                       "Look at both sides: who declared 宣点, who opened; then the "
                                                       "点贡 table.")):
    """The 点贡 between a seat that declared 宣点 and its 对家."""


def _dian_between(record: GameRecord, rules: Ruleset, pair: tuple[int, int]) -> tuple[tuple[int, int, int], ...]:
    tributes = settle(record, rules).tributes
    return tuple(sorted((x.payer, x.receiver, x.count) for x in tributes
                        if x.kind is TributeKind.DIAN and {x.payer, x.receiver} == set(pair)))


def _dian_text(value: tuple[tuple[int, int, int], ...]) -> tuple[str, str]:
    if not value:
        return both("sit.xd.none")
    items = [both("sit.xd.pays", payer=p, receiver=r, n=n) for p, r, n in value]
    return SEP_ZH.join(i[0] for i in items), SEP_EN.join(i[1] for i in items)


def _xuandian_level(record: GameRecord, s: int) -> str:
    o = opposite(s)
    if o in record.xuandian:
        return "hard"
    return "easy" if s in record.kaidian and o not in record.kaidian else "medium"


def _xuandian(rng: random.Random, level: str, rules: Ruleset) -> XuandianPuzzle:
    for _ in range(200):
        s = rng.randrange(6)
        o = opposite(s)
        order = list(range(6))
        rng.shuffle(order)
        kaidian = {k for k in range(6) if rng.random() < 0.5}
        declared = {s, o} if level == "hard" else {s}
        if level == "easy":
            kaidian = (kaidian | {s}) - {o}
        record = GameRecord(rules=rules, first_hand=False, finish_order=tuple(order),
                            kaidian=frozenset(kaidian), xuandian=frozenset(declared))
        if _xuandian_level(record, s) == level:
            break
    return _xuandian_puzzle(rng, record, s, rules)


def xuandian_puzzle(record: GameRecord, seat: int, rules: Ruleset | str | None = None, *,
                    seed: int = 0) -> XuandianPuzzle:
    """The 宣点 question about ``seat`` and its 对家 after a finished hand; ``seed`` draws the wrong choices."""
    return _xuandian_puzzle(random.Random(seed), record, seat, find_ruleset(rules or record.rules))


def _xuandian_puzzle(rng: random.Random, record: GameRecord, s: int, rules: Ruleset) -> XuandianPuzzle:
    o = opposite(s)
    kaidian, declared, order = set(record.kaidian), set(record.xuandian), list(record.finish_order)
    pair = (s, o)
    value = _dian_between(record, rules, pair)
    pool: list[Candidate] = []
    relevant = ("dian_table", "dian_escalation")
    for other in PRESET_RULESETS:
        v = _dian_between(GameRecord(**{**_record_fields(record), "rules": other}), other, pair)
        text = _dian_text(v)
        pool.append((v, text, elsewhere(text, rules, other, (other.title_zh, other.title_en), relevant)))
    swapped = tuple(sorted((r, p, n) for p, r, n in value))
    if swapped != value:
        text = _dian_text(swapped)
        pool.append((swapped, text, (t("sit.xd.swapped", "zh", choice=text[0]),
                                     t("sit.xd.swapped", "en", choice=text[1]), "tribute.dian")))
    plain = GameRecord(**{**_record_fields(record), "xuandian": frozenset()})
    v = _dian_between(plain, rules, pair)
    text = _dian_text(v)
    pool.append((v, text, (t("sit.xd.forgot", "zh", choice=text[0]), t("sit.xd.forgot", "en", choice=text[1]),
                           "xuandian.when")))
    for k in pair:  # misreading whether a seat opened
        misread = GameRecord(**{**_record_fields(record), "kaidian": frozenset(set(kaidian) ^ {k})})
        v = _dian_between(misread, rules, pair)
        text = _dian_text(v)
        key = "sit.xd.misread.open" if k in kaidian else "sit.xd.misread.closed"
        pool.append((v, text, (t(key, "zh", choice=text[0], k=k), t(key, "en", choice=text[1], k=k),
                               "tribute.dian")))
    if value:
        pool.append(((), both("sit.xd.none"), (t("sit.xd.forgot", "zh", choice=both("sit.xd.none")[0]),
                                                 t("sit.xd.forgot", "en", choice=both("sit.xd.none")[1]),
                                                 "tribute.dian")))
    reasons = [x.reason for x in settle(record, rules).tributes
               if x.kind is TributeKind.DIAN and {x.payer, x.receiver} == {s, o}]
    what = _dian_text(value)
    if reasons:
        why_zh = SEP_ZH.join(r.text_zh for r in reasons)
        why_en = SEP_EN.join(r.text_en for r in reasons)
    else:
        why_zh, why_en = tagged(*what, "tribute.dian", rules)
    q = (t("sit.xd.q", "zh", declared=t("sit.xd.declared", "zh", seats=seat_names(declared)[0]),
           opened=seat_names(kaidian)[0], order="、".join(f"座位{k}" for k in order), s=s, o=o),
         t("sit.xd.q", "en", declared=t("sit.xd.declared", "en", seats=seat_names(declared)[1]),
           opened=seat_names(kaidian)[1], order=", ".join(f"seat {k}" for k in order), s=s, o=o))
    rule_ids = tuple(dict.fromkeys(r.rule for r in reasons)) or ("tribute.dian",)
    return XuandianPuzzle(*q, draw_options(rng, (value, what), pool), f"{what[0]}。{why_zh}", f"{what[1]}. {why_en}",
                          ("xuandian.when", *rule_ids), level=_xuandian_level(record, s), rules=rules,
                          draw=partial(_result_picture, record))


def _result_picture(record: GameRecord, lang: Lang | None, scale: float) -> SvgImage:
    """A finished hand on the table: each seat's finishing place, 开点 and 宣点."""
    order = list(record.finish_order)
    seats = tuple(SeatView(seat=k, kaidian=k in record.kaidian,
                           last_action=t("sit.xd.mark", lang) if k in record.xuandian else None,
                           finished=t("sit.xd.place", lang, n=order.index(k) + 1) if k in order else None)
                  for k in range(6))
    return table_svg(TableView(seats=seats, rules=record.rules.name), lang=lang, scale=scale)


def _record_fields(record: GameRecord) -> dict[str, object]:
    return {f.name: getattr(record, f.name) for f in fields(record)}


def _record_level(puzzle: RecordPuzzle) -> str:
    """A finished hand: ``hard`` with a burn or two seats 闷ed; ``medium`` with one 闷; ``easy`` plain."""
    record = puzzle.record
    if record.burns or len(record.men) >= 2:
        return "hard"
    return "medium" if record.men else "easy"


declare(XuandianPuzzle, _xuandian, level=lambda p: p.level, redraw=False,
        stages={"jingong": ("easy", "medium", "hard"), "quiz": ("medium",)})
declare(TributeToPuzzle, _tribute_to, level=_record_level, stages={"jingong": ("easy", "medium")})
declare(TributePuzzle, _tribute, level=_record_level,
        stages={"jingong": ("easy", "medium", "hard"), "quiz": ("hard",)})
declare(PlacesPuzzle, _places, level=_record_level,
        stages={"luanchan": ("easy",), "scores": ("easy", "medium", "hard"), "quiz": ("hard",)})

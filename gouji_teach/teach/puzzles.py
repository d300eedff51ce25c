"""Puzzles whose answers the engine computes, checked by pure functions.

A puzzle shows a question and, for choice puzzles, its choices; the answer stays in this Python object (in
the kernel), never in a widget. ``check(answer)`` takes the learner's answer as untrusted input and returns
:class:`Feedback`. A right answer gets the full explanation with the deciding rule and its seed citation (the
same as ``solution()``). A wrong answer gets why *that* answer is wrong, the rule it breaks with its citation,
and a counter-example built from the learner's answer (the nearest position where it *would* be right), never
the right answer. An empty or unreadable answer is ``valid=False``: not an attempt. ``hint()`` names what to
look at and the rule.

>>> from gouji_teach import Play
>>> p = BeatsPuzzle(Play.parse("XX999"), Play.parse("XX888"))
>>> [c.key for c in p.choices]
['yes', 'no']
>>> fb = p.check("yes")
>>> fb.correct
False
>>> fb.en.split(" [")[0]
'“Yes, it beats” is not it. The rule that decides: a 挂花 play must be beaten in both aspects'
>>> fb.counter_en.split(" [")[0]
'Compare: 3 small jokers with two 9s beat 2 small jokers with three 8s: bigger in both aspects, ...'
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace

from ..rules.cards import BASE_RANKS, Card, Hand, Rank, parse_cards
from ..rules.compare import beats
from ..rules.engine import Game, KaidianState, SeatStatus, opposite
from ..rules.errors import GoujiError, OptionError, SetupError
from ..rules.events import ACTION_KINDS, Action, ActionKind, Event, EventKind
from ..rules.gouji import can_kaidian, is_gouji
from ..rules.options import beating_plays
from ..rules.plays import Play
from ..rules.record import BurnOutcome, GameRecord
from ..rules.rulesets import PRESETS, Ruleset, TributeKind, find_ruleset
from ..rules.settlement import PLACES_EN, PLACES_ZH, Places, Tribute, place_seats, score, settle
from ..rules.verdicts import RULES, Verdict, cite
from ..show.i18n import pick, register, t
from ..show.markup import Markup, SvgImage
from ..show.pictures import finish_svg, tribute_svg

__all__ = [
    "BeatsPuzzle",
    "CanActPuzzle",
    "Choice",
    "CountPuzzle",
    "Feedback",
    "GamePuzzle",
    "GoujiPuzzle",
    "PickPuzzle",
    "PlacesPuzzle",
    "Puzzle",
    "RecordPuzzle",
    "SeatsPuzzle",
    "TributePuzzle",
    "WhoIsMenPuzzle",
    "WhoMayActPuzzle",
    "WhoOpenedPuzzle",
    "nearest_play",
    "parse_seats",
    "result_text",
    "seats_key",
]

register({
    "puzzle.yes": ("能大过", "Yes, it beats"),
    "puzzle.no": ("大不过", "No, it does not"),
    "puzzle.beats.q": ("{ch}能大过{tg}吗？", "Can {ch} beat {tg}?"),
    "puzzle.count.q": ("{cards}算作什么？", "How does {cards} count?"),
    "puzzle.gouji.q": ("{cards}是够级牌吗？能开点吗？", "Is {cards} 够级? Can it 开点?"),
    "puzzle.gouji.not": ("不是够级牌", "Not 够级"),
    "puzzle.gouji.gouji": ("是够级牌，但不能开点", "够级, but it cannot 开点"),
    "puzzle.gouji.kaidian": ("是够级牌，能开点", "够级, and it can 开点"),
    "puzzle.pick.q": ("从手里选出能大过{tg}的一手牌", "Pick from your hand a play that beats {tg}"),
    "puzzle.right": ("对了！", "Right!"),
    "puzzle.wrong.choice": ("“{choice}”不对。", "“{choice}” is not it. "),
    "puzzle.wrong.this": ("这个选项不对：", "This choice is not it: "),
    "puzzle.wrong.rule": ("要看的规则：{title}【{where}】", "The rule that decides: {title} [{where}]"),
    "puzzle.wrong.rule_only": ("要看的规则在这里：【{where}】", "The rule that decides is here: [{where}]"),
    "puzzle.pick.near": ("对照：换成{play}（手里没有），", "Compare: with {play} (not in your hand), "),
    "puzzle.wrong": ("不对。", "Not quite."),
    "puzzle.compare": ("对照：", "Compare: "),
    "puzzle.count.as": ("“{choice}”是{cards}的算法。", "“{choice}” is how {cards} counts."),
    "puzzle.count.under": ("（那是{rules}的算法）", " (under the {rules} rules)"),
    "puzzle.pick.one": ("比如：{play}（{text}）能大过。", "For example {play} ({text}) beats it."),
    "puzzle.pick.notinhand": ("你手里没有这些牌：{cards}", "Your hand does not hold these cards: {cards}"),
    "puzzle.pick.empty": ("先选几张牌。", "Select some cards first."),
    "puzzle.bad_answer": ("无法识别的答案：{answer}", "Unrecognised answer: {answer}"),
    "puzzle.hint.beats": ("先看张数是否相同，再看有没有挂花。",
                          "First check the sizes, then whether the target has jokers."),
    "puzzle.hint.count": ("2贴钱时按同点算；大花小花同出时看规则。", "A 2 filling a set counts as its rank; check "
                          "what the rules say about mixing 大花 and 小花."),
    "puzzle.hint.gouji": ("最少够级：5个10、4个J、3个Q、2个K、2个A、2或花。",
                          "Smallest 够级: five 10s, four Js, three Qs, two Ks, two As, 2s or a joker."),
    "puzzle.hint.pick": ("你的牌要和{tg}一样多张（{n}张）。", "Your play needs as many cards as {tg}: {n}."),
    "puzzle.hint.rule": ("规则：{title}", "Rule: {title}"),
})


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer a learner can pick; the key is what the widget sends back (it reveals nothing)."""

    key: str
    zh: str
    en: str

    def text(self, lang: str | None = None) -> str:
        return pick(self.zh, self.en, lang)


@dataclass(frozen=True, slots=True)
class Feedback:
    """The result of checking an answer.

    * right: ``zh``/``en`` are the full explanation with the deciding rule and its seed citation (as
      :meth:`Puzzle.solution` gives it);
    * wrong: ``zh``/``en`` say why *that* answer is wrong (the rule it breaks) and ``counter_zh``/``counter_en``
      give a counter-example built from the learner's own answer; neither states the right answer;
    * ``valid=False``: the answer was empty or unreadable; the text says what is wrong with it, and it is not
      counted as an attempt.
    """

    correct: bool
    zh: str
    en: str
    counter_zh: str = ""
    counter_en: str = ""
    rule_ids: tuple[str, ...] = ()
    #: ``False`` for an empty or unreadable answer: it is not an attempt (no star lost, nothing stored).
    valid: bool = True

    def text(self, lang: str | None = None) -> str:
        return pick(self.zh, self.en, lang)

    def counter(self, lang: str | None = None) -> str:
        return pick(self.counter_zh, self.counter_en, lang)


def _both(key: str, **values: object) -> tuple[str, str]:
    return t(key, "zh", **values), t(key, "en", **values)


def _verdict_feedback(correct: bool, verdict: Verdict, counter: tuple[str, str] = ("", "")) -> Feedback:
    return Feedback(correct, verdict.reason_zh, verdict.reason_en, counter[0], counter[1], (verdict.rule,))


def _variants(play: Play) -> Iterator[list[Card]]:
    """Plays near ``play``, nearest first: another base rank, one joker swapped, a 2 or a joker traded."""
    cards = list(play.cards)
    ranks = [c.rank for c in cards]
    base = play.rank if play.rank in BASE_RANKS else None
    if base is not None:
        for step in (1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6):
            new = Rank(base + step) if Rank.THREE <= base + step <= Rank.ACE else None
            if new is not None:
                yield [Card(new) if c.rank == base else Card(c.rank) for c in cards]
    for old, new in ((Rank.SMALL_JOKER, Rank.BIG_JOKER), (Rank.BIG_JOKER, Rank.SMALL_JOKER)):
        if old in ranks:
            i = ranks.index(old)
            yield [Card(new) if j == i else Card(c.rank) for j, c in enumerate(cards)]
    filler = base or Rank.ACE
    for old, new in ((Rank.TWO, filler), (filler, Rank.TWO), (filler, Rank.SMALL_JOKER), (filler, Rank.BIG_JOKER),
                     (Rank.SMALL_JOKER, filler), (Rank.BIG_JOKER, filler), (Rank.BIG_JOKER, Rank.TWO)):
        if old in ranks:
            i = ranks.index(old)
            yield [Card(new) if j == i else Card(c.rank) for j, c in enumerate(cards)]


def nearest_play(play: Play, wanted: Callable[[Play], bool], *, steps: int = 3) -> Play | None:
    """The play nearest to ``play`` (same size, same rule set, at most the rule set's packs) for which
    ``wanted`` holds: one change away if possible, else two, up to ``steps``.

    >>> from gouji_teach import Play, is_gouji
    >>> nearest_play(Play.parse("JJJ"), lambda p: bool(is_gouji(p)))
    QQQ
    """
    packs = play.rules.packs
    seen = {play.cards}
    layer = [play]
    for _ in range(steps):
        next_layer = []
        for current in layer:
            for cards in _variants(current):
                counts: dict[Rank, int] = {}
                for c in cards:
                    counts[c.rank] = counts.get(c.rank, 0) + 1
                if any(n > (packs if r.is_joker else 4 * packs) for r, n in counts.items()):
                    continue
                try:
                    candidate = Play(cards, play.rules)
                except GoujiError:
                    continue
                if candidate.cards in seen:
                    continue
                seen.add(candidate.cards)
                if wanted(candidate):
                    return candidate
                next_layer.append(candidate)
        layer = next_layer
    return None


@dataclass(frozen=True)
class Puzzle:
    """Base of all puzzles: an id (e.g. ``beats-hard-4711``) and the rule set it is asked under."""

    rules: Ruleset = field(default=None, kw_only=True)  # type: ignore[assignment]
    puzzle_id: str = field(default="", kw_only=True)

    kind = "puzzle"

    def __post_init__(self) -> None:
        if self.rules is None:  # default: the rule set the puzzle's plays were counted under
            object.__setattr__(self, "rules", self._own_rules())

    def _own_rules(self) -> Ruleset:
        raise NotImplementedError

    @property
    def choices(self) -> tuple[Choice, ...]:
        """The answers to pick from (empty for puzzles answered by selecting cards)."""
        return ()

    def question(self) -> tuple[str, str]:
        raise NotImplementedError

    def rule_ids(self) -> tuple[str, ...]:
        """The rules this question exercises (for the mastery map)."""
        raise NotImplementedError

    def check(self, answer: str) -> Feedback:
        raise NotImplementedError

    def solution(self) -> Feedback:
        """The answer with its explanation, as the presenter reveals it."""
        raise NotImplementedError

    def picture(self, lang: str | None = None, scale: float = 1.0) -> Markup:
        """A picture the question shows besides its cards (HTML or SVG built by :mod:`gouji_teach.show.markup`, as
        the widget shows it; empty: none). It must not give the answer away."""
        return Markup()

    def choice_picture(self, key: str, lang: str | None = None) -> Markup:
        """A picture of the choice ``key`` (empty: none). When a puzzle's choices have pictures, the widget
        shows them side by side, lettered A, B, C ..., with buttons labelled by letter."""
        return Markup()

    def hint(self) -> tuple[str, str]:
        own = _both(f"puzzle.hint.{self.kind}", **self._hint_values())
        title = RULES[self.rule_ids()[0]]
        rule = (t("puzzle.hint.rule", "zh", title=title.zh), t("puzzle.hint.rule", "en", title=title.en))
        return f"{own[0]} {rule[0]}", f"{own[1]} {rule[1]}"

    def _hint_values(self) -> dict[str, object]:
        return {}

    def _bad(self, answer: object) -> Feedback:
        zh, en = _both("puzzle.bad_answer", answer=str(answer)[:40])
        return Feedback(False, zh, en, valid=False)

    def _rule_line(self, rule_id: str) -> tuple[str, str]:
        """The rule ``rule_id`` by title, with its id and its seed citation under the puzzle's rule set."""
        rule = RULES[rule_id]
        return (t("puzzle.wrong.rule", "zh", title=rule.zh, where=f"{rule_id}, {cite(rule_id, self.rules, 'zh')}"),
                t("puzzle.wrong.rule", "en", title=rule.en, where=f"{rule_id}, {cite(rule_id, self.rules)}"))

    def _cited(self, zh: str, en: str) -> tuple[str, str]:
        """``zh``/``en`` with the citation of each rule of :meth:`rule_ids` they do not cite yet: after the rule's
        title where they name it in brackets already (its first time), else at the end with its title, so that
        each rule is named once.

        >>> from gouji_teach.rules.engine import Game
        >>> g = Game.from_hands({0: "KK 5", 1: "QQ 4", 2: "9", 3: "AA 6", 4: "8", 5: "7"}, leader=0)
        >>> _ = g.act("seat 0 plays KK")
        >>> WhoMayActPuzzle(g).solution().zh.count("只有对头")
        1
        """
        for rule_id in self.rule_ids():
            if f"{rule_id}," not in en:
                rule = RULES[rule_id]
                cited_zh = f"（{rule.zh}【{rule_id}, {cite(rule_id, self.rules, 'zh')}】）"
                cited_en = f" ({rule.en} [{rule_id}, {cite(rule_id, self.rules)}])"
                named_zh, named_en = f"（{rule.zh}）", f" ({rule.en})"
                zh = zh.replace(named_zh, cited_zh, 1) if named_zh in zh else zh + cited_zh
                en = en.replace(named_en, cited_en, 1) if named_en in en else en + cited_en
        return zh, en

    def _wrong(self, chosen: tuple[str, str] | None, *, rule: str | None = None, why: tuple[str, str] | None = None,
               counter: tuple[str, str] = ("", "")) -> Feedback:
        """The feedback on a wrong answer ``chosen`` (its text in Chinese and English): that it is not it, ``why``
        (by default the ``rule`` it breaks with its citation) and a ``counter``-example built from the learner's
        answer. Never the right answer: the tests check every kind for that. Its ``rule_ids`` (for the mastery
        map) are ``(rule,)``, or the puzzle's."""
        ids = (rule,) if rule else self.rule_ids()
        why = why or self._rule_line(ids[0])
        if chosen is None:  # a choice too long to quote (a list of payments): "this choice"
            lead = _both("puzzle.wrong.this")
        else:
            lead = (t("puzzle.wrong.choice", "zh", choice=chosen[0]), t("puzzle.wrong.choice", "en", choice=chosen[1]))
        return _feedback(False, lead[0] + why[0], lead[1] + why[1][:1].upper() + why[1][1:], *counter, ids)

    def _chosen(self, key: str) -> tuple[str, str]:
        """The text of the choice ``key`` in Chinese and English."""
        choice = next(c for c in self.choices if c.key == key)
        return choice.zh, choice.en


@dataclass(frozen=True)
class BeatsPuzzle(Puzzle):
    """Can ``challenger`` beat ``target``? Answer ``'yes'`` or ``'no'``."""

    challenger: Play
    target: Play

    kind = "beats"

    def _own_rules(self) -> Ruleset:
        return self.target.rules

    @property
    def choices(self) -> tuple[Choice, ...]:
        return Choice("yes", *_both("puzzle.yes")), Choice("no", *_both("puzzle.no"))

    def question(self) -> tuple[str, str]:
        return (t("puzzle.beats.q", "zh", ch=self.challenger.text_zh, tg=self.target.text_zh),
                t("puzzle.beats.q", "en", ch=self.challenger.text_en, tg=self.target.text_en))

    def _verdict(self) -> Verdict:
        return beats(self.challenger, self.target, self.rules)

    def rule_ids(self) -> tuple[str, ...]:
        return (self._verdict().rule,)

    def check(self, answer: str) -> Feedback:
        if answer not in ("yes", "no"):
            return self._bad(answer)
        verdict = self._verdict()
        said = answer == "yes"
        if said == verdict.ok:
            return self.solution()
        # the play nearest to the challenger for which the learner's answer holds (never the target itself)
        near = nearest_play(self.challenger, lambda p: p.notation != self.target.notation
                            and bool(beats(p, self.target, self.rules)) == said)
        counter: tuple[str, str] = ("", "")
        if near is not None:
            other, lead = beats(near, self.target, self.rules), _both("puzzle.compare")
            counter = (lead[0] + other.reason_zh, lead[1] + other.reason_en)
        return self._wrong(self._chosen(answer), rule=verdict.rule, counter=counter)

    def solution(self) -> Feedback:
        return _verdict_feedback(True, self._verdict())


@dataclass(frozen=True)
class GoujiPuzzle(Puzzle):
    """Is ``play`` 够级, and can it 开点? Answer ``'not'``, ``'gouji'`` or ``'kaidian'``."""

    play: Play

    kind = "gouji"

    def _own_rules(self) -> Ruleset:
        return self.play.rules

    @property
    def choices(self) -> tuple[Choice, ...]:
        return tuple(Choice(k, *_both(f"puzzle.gouji.{k}")) for k in ("not", "gouji", "kaidian"))

    def question(self) -> tuple[str, str]:
        return _both("puzzle.gouji.q", cards=self.play.notation)

    @staticmethod
    def classify(play: Play) -> str:
        """``'not'``, ``'gouji'`` or ``'kaidian'`` for a play."""
        if not is_gouji(play):
            return "not"
        return "kaidian" if can_kaidian(play) else "gouji"

    def _verdict(self) -> Verdict:
        return can_kaidian(self.play) if is_gouji(self.play) else is_gouji(self.play)

    def rule_ids(self) -> tuple[str, ...]:
        first = is_gouji(self.play).rule
        return (first,) if self.classify(self.play) == "not" else (first, "kaidian.play")

    def check(self, answer: str) -> Feedback:
        if answer not in ("not", "gouji", "kaidian"):
            return self._bad(answer)
        right = self.classify(self.play)
        if answer == right:
            return self.solution()
        # the rule the answer breaks: whether it is 够级 at all, or whether this 够级 play opens
        rule = is_gouji(self.play).rule if "not" in (answer, right) else can_kaidian(self.play).rule
        near = nearest_play(self.play, lambda p: self.classify(p) == answer)
        counter: tuple[str, str] = ("", "")
        if near is not None:
            other = can_kaidian(near) if is_gouji(near) else is_gouji(near)
            lead = _both("puzzle.compare")
            counter = (f"{lead[0]}{near.notation}：{other.reason_zh}", f"{lead[1]}{near.notation}: {other.reason_en}")
        return self._wrong(self._chosen(answer), rule=rule, counter=counter)

    def solution(self) -> Feedback:
        return _verdict_feedback(True, self._verdict())


@dataclass(frozen=True)
class CountPuzzle(Puzzle):
    """How is ``play`` counted (算作)? ``options`` are plays whose counted texts are the choices; one of them
    counts like ``play`` (it may be ``play`` itself)."""

    play: Play
    options: tuple[Play, ...]

    kind = "count"

    def _own_rules(self) -> Ruleset:
        return self.play.rules

    def __post_init__(self) -> None:
        super().__post_init__()
        texts = [self.counted(o)[0] for o in self.options]
        if len(set(texts)) != len(texts) or self.counted(self.play)[0] not in texts:
            raise SetupError("数张数的题要几个不同的选项，其中一个是对的张数",
                             "a counting puzzle needs distinct options, one of them the right count")

    @staticmethod
    def counted(play: Play) -> tuple[str, str]:
        """How ``play`` counts, as a choice reads: its count without the note of how many 2s fill it (that note
        would mark the choices that use 贴钱)."""
        return play.text_zh.split("（")[0], play.text_en.split(" (")[0]

    @property
    def choices(self) -> tuple[Choice, ...]:
        return tuple(Choice(str(i), *self.counted(o)) for i, o in enumerate(self.options))

    def question(self) -> tuple[str, str]:
        return _both("puzzle.count.q", cards=self.play.notation)

    def rule_ids(self) -> tuple[str, ...]:
        ids = []
        if self.play.twos and self.play.rank not in (Rank.TWO, None):
            ids.append("play.tieqian")
        ids.append("play.shape")
        return tuple(ids)

    def _explain(self) -> tuple[str, str]:
        p = self.play
        return f"{p.notation}算作{p.text_zh}", f"{p.notation} counts as {p.text_en}"

    def check(self, answer: str) -> Feedback:
        keys = [c.key for c in self.choices]
        if answer not in keys:
            return self._bad(answer)
        chosen = self.options[keys.index(answer)]
        if self.counted(chosen) == self.counted(self.play):
            return self.solution()
        where = chosen.rules.name != self.rules.name
        counter = (t("puzzle.count.as", "zh", choice=chosen.text_zh, cards=chosen.notation)
                   + (t("puzzle.count.under", "zh", rules=chosen.rules.title_zh) if where else ""),
                   t("puzzle.count.as", "en", choice=chosen.text_en, cards=chosen.notation)
                   + (t("puzzle.count.under", "en", rules=chosen.rules.title_en) if where else ""))
        return self._wrong(self._chosen(answer), counter=counter)

    def solution(self) -> Feedback:
        return Feedback(True, *self._cited(*self._explain()), rule_ids=self.rule_ids())


@dataclass(frozen=True)
class PickPuzzle(Puzzle):
    """Pick from ``hand`` a play that beats ``target``; any correct play is accepted (the engine checks).

    The answer is card notation (what the learner selected)."""

    hand: Hand
    target: Play

    kind = "pick"

    def _own_rules(self) -> Ruleset:
        return self.target.rules

    def question(self) -> tuple[str, str]:
        return (t("puzzle.pick.q", "zh", tg=self.target.text_zh), t("puzzle.pick.q", "en", tg=self.target.text_en))

    def rule_ids(self) -> tuple[str, ...]:
        first = self.example()
        return (beats(first, self.target, self.rules).rule,) if first else ("compare.rank",)

    def example(self) -> Play | None:
        """The cheapest play of the hand that beats the target (``None`` if there is none)."""
        plays = beating_plays(self.hand, self.target, self.rules)
        return plays[0] if plays else None

    def _example_text(self) -> tuple[str, str]:
        ex = self.example()
        if ex is None:
            return "", ""
        return (t("puzzle.pick.one", "zh", play=ex.notation, text=ex.text_zh),
                t("puzzle.pick.one", "en", play=ex.notation, text=ex.text_en))

    def check(self, answer: str) -> Feedback:
        try:
            cards = parse_cards(answer) if answer.strip() else ()
        except GoujiError as e:
            return Feedback(False, e.zh, e.en, valid=False)
        if not cards:
            return Feedback(False, *_both("puzzle.pick.empty"), valid=False)
        if not self.hand.contains(cards):
            return Feedback(False, *_both("puzzle.pick.notinhand", cards=answer), valid=False)
        try:
            play = Play(cards, self.rules)
        except GoujiError as e:  # not a play: the rule it breaks is the answer's own
            return Feedback(False, e.zh, e.en, rule_ids=(e.rule or "play.shape",))
        verdict = beats(play, self.target, self.rules)
        if verdict.ok:
            return _verdict_feedback(True, verdict)
        # the play nearest to the learner's that would beat, if the hand does not hold it (else it would be
        # an answer given away)
        near = nearest_play(play, lambda p: bool(beats(p, self.target, self.rules)) and not self.hand.contains(p.cards))
        counter: tuple[str, str] = ("", "")
        if near is not None:
            other = beats(near, self.target, self.rules)
            counter = (t("puzzle.pick.near", "zh", play=near.notation) + other.reason_zh,
                       t("puzzle.pick.near", "en", play=near.notation) + other.reason_en)
        return _verdict_feedback(False, verdict, counter)

    def solution(self) -> Feedback:
        ex = self.example()
        if ex is None:
            return Feedback(True, "", "", rule_ids=self.rule_ids())
        verdict = beats(ex, self.target, self.rules)
        zh, en = self._example_text()
        return Feedback(True, f"{zh}{verdict.reason_zh}", f"{en} {verdict.reason_en}", rule_ids=self.rule_ids())

    def _hint_values(self) -> dict[str, object]:
        return {"tg": self.target.notation, "n": self.target.size}


# -- puzzles about a position of the engine or a finished hand -------------------------------------------------

register({
    "puzzle.seats.none": ("没有人", "nobody"),
    "puzzle.seats.answer": ("{seats}。", "{seats}. "),
    "puzzle.seats.missing": ("还少了座位。", "A seat is missing. "),
    "puzzle.seats.not_in": ("座位{seat}不在其中", "seat {seat} does not belong"),
    "puzzle.seats.bad": ("请选座位0到5（例如 1,4）：{answer}", "Pick seats 0 to 5 (e.g. 1,4): {answer}"),
    "puzzle.who_may_act.q": ("现在谁能出牌（或过、烧、让）？选出所有能行动的座位。",
                             "Who may act now (play, pass, burn or yield)? Pick every seat that may."),
    "puzzle.who_opened.q": ("这一轮之后，哪些座位开点了？", "After this round, which seats have 开点ed?"),
    "puzzle.who_is_men.q": ("这一轮之后，谁被闷了？", "After this round, who is 闷ed?"),
    "puzzle.may.kinds": ("座位{seat}可以：{kinds}", "seat {seat} may: {kinds}"),
    "puzzle.may.example": ("比如座位{seat}{action}：{events}", "For example seat {seat} {action}: {events}"),
    "puzzle.may.other": ("能行动的是{seats}。", "The seats that may act: {seats}. "),
    "puzzle.open.not": ("座位{seat}还没开点：它还没有一手够级牌没人接、赢下一轮",
                        "seat {seat} has not 开点ed: no 够级 play of its has gone unanswered and won a round"),
    "puzzle.open.pending": ("座位{seat}开了点，但还没发四：要发了四才算开点",
                            "seat {seat} opened but has not led its 4s yet: the point stands only after 发四"),
    "puzzle.men.not": ("座位{seat}没有被闷：{why}", "seat {seat} is not 闷ed: {why}"),
    "puzzle.men.active": ("它手里还有3以外的牌，或者它最后那手牌没被压住",
                          "it still holds cards other than 3s, or its last play was not beaten"),
    "puzzle.men.gone": ("它已经不出牌了（走了、革命或烧失败）",
                        "it plays no more (it went out, revolted or failed a burn)"),
    "puzzle.can.q": ("座位{seat}现在能{action}吗？", "May seat {seat} {action} now?"),
    "puzzle.can.yes": ("能", "Yes, it may"),
    "puzzle.can.no": ("不能", "No, it may not"),
    "puzzle.can.legal": ("能：{action}。接下来：{events}", "Yes: {action}. Then: {events}"),
    "puzzle.can.instead": ("座位{seat}能做的比如：{action}", "What seat {seat} may do instead: {action}"),
    "puzzle.hint.who_may_act": ("先看桌上的牌是不是够级牌、谁是对头，再看谁已经过牌、谁能烧。",
                                "Is the play on the table 够级? Who is its 对头? Who passed, who may burn?"),
    "puzzle.hint.who_opened": ("够级牌没人接、自己赢下这一轮，才开点。",
                               "A seat 开点s when its 够级 play wins the round unanswered."),
    "puzzle.hint.who_is_men": ("只剩3的人，最后那手牌被人压住，就被闷了。",
                               "A seat left with only 3s whose last play is beaten is 闷ed."),
    "puzzle.hint.can_act": ("想想轮到谁、桌上是什么牌、这一步合不合规矩。",
                            "Whose turn is it, what is on the table, and is this move allowed?"),
    "puzzle.tribute.q": ("这一局的结果：{result}。接下来要进什么贡？",
                         "The result of this hand: {result}. What tribute follows?"),
    "puzzle.tribute.none": ("不进贡", "no tribute"),
    "puzzle.tribute.item": ("座位{payer}给座位{receiver}{kind}{n}张", "seat {payer} pays seat {receiver} {n} × {kind}"),
    "puzzle.tribute.under": ("这是{rules}的进贡", "that is the tribute under the {rules} rules"),
    "puzzle.places.q.place": ("这一局的结果：{result}。座位{seat}是第几名？",
                              "The result of this hand: {result}. Which place is seat {seat}?"),
    "puzzle.places.q.points": ("这一局的结果：{result}。座位{seat}这一帮每人得几分？",
                               "The result of this hand: {result}. How many points does each seat of seat "
                               "{seat}'s team score?"),
    "puzzle.places.is": ("{place}是座位{seat}。", "{place} is seat {seat}. "),
    "puzzle.points.under": ("这是{rules}的得分", "that is the score under the {rules} rules"),
    "puzzle.points.sweep": ("串三户的翻倍算错了", "it gets the 串三户 doubling wrong"),
    "puzzle.points.own": ("只算了这个座位自己的名次分，没加上同帮的",
                          "it counts this seat's own place only, not its team's"),
    "puzzle.points.team": ("这是另一帮的得分", "that is the other team's score"),
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
    "puzzle.hint.tribute": ("先看谁没开点（点贡），再看烧、闷和落。",
                            "Check 点贡 first, then burns, 闷 and the last places."),
    "puzzle.hint.places": ("名次按走完的先后，被闷、烧失败的排到最后。",
                           "Places follow the order seats went out; 闷ed seats and failed burners go last."),
})

def _feedback(correct: bool, zh: str, en: str, counter_zh: str = "", counter_en: str = "",
              rule_ids: tuple[str, ...] = (), *, valid: bool = True) -> Feedback:
    """Feedback whose texts (engine narration, refusals and settlement reasons with their seed citations) use
    typographic quotes: they read the same in the HTML the widget shows as in the kernel."""
    zh, en, counter_zh, counter_en = (x.replace("'", "’").replace('"', "”") for x in (zh, en, counter_zh, counter_en))
    return Feedback(correct, zh, en, counter_zh, counter_en, rule_ids, valid)


_SEP_ZH, _SEP_EN = "；", "; "
_SEAT_LIST = re.compile(r"[0-5](?:\s*[,，、;；\s]\s*[0-5])*")


def parse_seats(answer: str) -> frozenset[int] | None:
    """The seats of a learner's answer such as ``"1,4"`` (``"-"`` or nothing: no seat), or ``None`` when the
    answer is not a list of seats 0-5 (browser values are untrusted input).

    >>> sorted(parse_seats("4, 1"))
    [1, 4]
    >>> parse_seats("-"), parse_seats("7"), parse_seats("1; drop")
    (frozenset(), None, None)
    """
    text = str(answer).strip()
    if text in ("", "-"):
        return frozenset()
    if len(text) > 40 or not _SEAT_LIST.fullmatch(text):
        return None
    return frozenset(int(c) for c in text if c.isdigit())


def seats_key(seats: Iterable[int]) -> str:
    """The answer text of a set of seats, as the seat-picking widget sends it: ``"1,4"``, or ``"-"`` for none."""
    return ",".join(str(s) for s in sorted(set(seats))) or "-"


def _seat_names(seats: Iterable[int]) -> tuple[str, str]:
    seats = sorted(set(seats))
    if not seats:
        return _both("puzzle.seats.none")
    return "、".join(f"座位{s}" for s in seats), ", ".join(f"seat {s}" for s in seats)


def _narrate(events: Iterable[Event]) -> tuple[str, str]:
    events = list(events)
    return _SEP_ZH.join(e.zh for e in events), _SEP_EN.join(e.en for e in events)


def _action_words(action: Action, *, base: bool = False) -> tuple[str, str]:
    """How an action reads after "seat N": (``出 AA``, ``plays AA``; with ``base``, ``play AA``)."""
    verbs = ACTION_KINDS[action.kind]
    zh = next(v for v in verbs if not v.isascii())
    en = verbs[1] if base and verbs[1].isascii() else verbs[0]
    cards = f" {action.cards}" if action.cards else ""
    return zh + cards, en + cards


def _last_round_start(game: Game) -> Game:
    """A copy of ``game`` as it stood when its last round began (before its lead), or the game itself if no
    play has been made."""
    before = game.copy()
    if before.history:
        before.undo()
        while before.top is not None and before.history:
            before.undo()
    return before


@dataclass(frozen=True)
class GamePuzzle(Puzzle):
    """Base of the puzzles about a position of the engine. The puzzle keeps its own copy of ``game``;
    ``position`` (the hands when play began and the actions since) makes puzzles about the same position
    compare equal."""

    game: Game = field(compare=False, repr=False)
    position: tuple[str, ...] = field(init=False, default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "game", self.game.copy())
        object.__setattr__(self, "position", (*(str(h) for h in self.game.initial_hands), "|",
                                              *(str(a) for a in self.game.history)))
        super().__post_init__()

    def _own_rules(self) -> Ruleset:
        return self.game.rules


@dataclass(frozen=True)
class SeatsPuzzle(GamePuzzle):
    """Base of the puzzles about a position of the engine answered by a set of seats (``"1,4"``; ``"-"`` for
    nobody).

    ``choices`` offer a few sets of seats (the engine's and plausible mistakes) for a plain choice widget;
    ``check`` accepts any set, as the seat-picking widget sends it.
    """

    #: The rule a question of this kind is about (when no seat's explanation names another).
    rule = "turn.order"

    @property
    def play(self) -> Play | None:
        """The play on the table, or else the last play made (what the question is about), if any."""
        return self.game.top[1] if self.game.top is not None else _last_play(self.game)

    def before(self) -> Game:
        """The position the question shows: by default the game as it stands."""
        return self.game

    def answer_seats(self) -> frozenset[int]:
        """The engine's answer."""
        raise NotImplementedError

    def _why_in(self, seat: int) -> tuple[str, str, str]:
        """Why ``seat`` belongs to the answer: (zh, en, rule id)."""
        raise NotImplementedError

    def _why_out(self, seat: int) -> tuple[str, str, str]:
        """Why ``seat`` does not belong to the answer: (zh, en, rule id)."""
        raise NotImplementedError

    def rule_ids(self) -> tuple[str, ...]:
        ids = [self._why_in(s)[2] for s in sorted(self.answer_seats())]
        return tuple(dict.fromkeys(ids)) or (self.rule,)

    def check(self, answer: str) -> Feedback:
        seats = parse_seats(answer)
        if seats is None:
            return _feedback(False, *_both("puzzle.seats.bad", answer=str(answer)[:40]), valid=False)
        right = self.answer_seats()
        if seats == right:
            return self.solution()
        extra, missing = sorted(seats - right), sorted(right - seats)
        chosen = _seat_names(seats)
        if extra:  # why that seat is wrong: its own story if it names no seat left out, else the rule's words
            seat = extra[0]
            zh, en, rule = self._why_out(seat)
            line = self._rule_line(rule)
            if any(n[1] in en or n[0] in zh for n in (_seat_names([s]) for s in missing)):
                zh, en = _both("puzzle.seats.not_in", seat=seat)
            why = (f"{zh}。{line[0]}", f"{en}. {line[1]}") if f"{rule}," not in en else (zh, en)
            return self._wrong(chosen, rule=rule, why=why)
        rule = self._why_in(missing[0])[2]
        why = self._rule_line(rule)
        lead = _both("puzzle.seats.missing")
        return self._wrong(chosen, rule=rule, why=(lead[0] + why[0], lead[1] + why[1]))

    def solution(self) -> Feedback:
        right = sorted(self.answer_seats())
        names = _seat_names(right)
        whys = [self._why_in(s) for s in right]
        zh = t("puzzle.seats.answer", "zh", seats=names[0]) + _SEP_ZH.join(w[0] for w in whys)
        en = t("puzzle.seats.answer", "en", seats=names[1]) + _SEP_EN.join(w[1] for w in whys)
        return _feedback(True, *self._cited(zh, en), rule_ids=self.rule_ids())


_PLAY_EVENTS = frozenset({EventKind.LEAD, EventKind.PLAY, EventKind.BURN, EventKind.COUNTER_BURN})


def _last_play(game: Game) -> Play | None:
    """The last play made in ``game`` (``None`` before the first lead)."""
    cards = next((e.cards for e in reversed(game.events) if e.cards and e.kind in _PLAY_EVENTS), None)
    return None if cards is None else Play.parse(cards, game.rules)

_KIND_WORDS = {"play": ("出牌", "play"), "pass": ("过", "pass"), "yield": ("让牌", "yield (让牌)"),
               "burn": ("烧", "burn"), "revolt": ("革命", "revolt"), "xuandian": ("宣点", "declare 宣点"),
               "yaotou": ("要头", "要头"), "wutou": ("无头", "无头")}


def _tried_action(game: Game, seat: int) -> Action:
    """What a seat would most likely try now: its cheapest play over the table (or its lowest card to lead),
    else a pass."""
    hand = game.hands[seat]
    if game.top is None:
        return Action(seat, "play", hand.cards[-1].notation) if hand else Action(seat, "pass")
    answers = game.answers(seat)
    return Action.of(seat, "play", answers[0]) if answers else Action(seat, "pass")


def _try(game: Game, action: Action) -> tuple[str, str]:
    """What ``action`` would cause, played on a copy of ``game``."""
    return _narrate(game.copy().apply(action))


@dataclass(frozen=True)
class WhoMayActPuzzle(SeatsPuzzle):
    """Who may act now? The engine's answer: every seat with a legal action (:meth:`Game.may_act`).

    >>> from gouji_teach.rules.engine import Game
    >>> g = Game.from_hands({0: "KK 5", 1: "QQ 4", 2: "9", 3: "AA 6", 4: "8", 5: "7"}, leader=0)
    >>> _ = g.act("seat 0 plays KK")
    >>> p = WhoMayActPuzzle(g)
    >>> p.check("3").correct
    True
    >>> fb = p.check("1,3")
    >>> fb.en.split(" [")[0]
    '“seat 1, seat 3” is not it. Only the 对头 (seat 3) answers a 够级 play; seat 1 may only burn it'
    >>> p.check("1").en.split(" [")[0]  # seat 1's refusal would name seat 3, left out: the rule instead
    '“seat 1” is not it. Seat 1 does not belong. The rule that decides: a 够级 play is answered by the 对头 only'
    """

    kind = "who_may_act"

    def answer_seats(self) -> frozenset[int]:
        return frozenset(self.game.may_act())

    def _why_in(self, seat: int) -> tuple[str, str, str]:
        game = self.game
        kinds = game.may_act()[seat]
        zh = t("puzzle.may.kinds", "zh", seat=seat, kinds="、".join(_KIND_WORDS[k][0] for k in kinds))
        en = t("puzzle.may.kinds", "en", seat=seat, kinds=", ".join(_KIND_WORDS[k][1] for k in kinds))
        rule = self._deciding_rule(seat, kinds)
        title = RULES[rule]
        return f"{zh}（{title.zh}）", f"{en} ({title.en})", rule

    def _deciding_rule(self, seat: int, kinds: list[str]) -> str:
        """The id of the rule that lets ``seat`` take the actions ``kinds`` now."""
        game = self.game
        top = game.top
        if ActionKind.BURN in kinds:
            return "burn.priority"
        if top is not None and top[1].is_gouji and seat == opposite(top[0]) and not game.luanchan:
            return "gouji.duitou"
        if ActionKind.PLAY not in kinds and ActionKind.PASS not in kinds:
            return "revolt.when" if ActionKind.REVOLT in kinds else "xuandian.when"
        return "lead.must" if top is None else "turn.order"

    def _why_out(self, seat: int) -> tuple[str, str, str]:
        refusal = self.game.why_not(_tried_action(self.game, seat))
        if refusal is None:  # not reached: a seat with a legal action is in the answer
            raise AssertionError(f"seat {seat} may act")
        return refusal.zh, refusal.en, refusal.rule or self.rule

    def question(self) -> tuple[str, str]:
        return _both("puzzle.who_may_act.q")


@dataclass(frozen=True)
class WhoOpenedPuzzle(SeatsPuzzle):
    """After a round: which seats have 开点ed (:meth:`Game.kaidian_seats`: under 发四 rules, a seat whose 4s
    are still due has not yet)? The question shows the table as the round began and the round's plays."""

    kind = "who_opened"
    rule = "kaidian"

    def answer_seats(self) -> frozenset[int]:
        return frozenset(self.game.kaidian_seats())

    def before(self) -> Game:
        return _last_round_start(self.game)

    def _last_event(self, seat: int, kinds: tuple[str, ...]) -> Event | None:
        return next((e for e in reversed(self.game.events) if e.seat == seat and e.kind in kinds), None)

    def _why_in(self, seat: int) -> tuple[str, str, str]:
        event = self._last_event(seat, (EventKind.KAIDIAN, EventKind.FASI, EventKind.NATURAL_POINT))
        if event is None:
            return *_seat_names([seat]), "kaidian"
        return event.zh, event.en, event.rule or "kaidian"

    def _why_out(self, seat: int) -> tuple[str, str, str]:
        state = self.game.kaidian(seat)
        if state is KaidianState.PENDING:
            return *_both("puzzle.open.pending", seat=seat), "fasi"
        event = self._last_event(seat, (EventKind.CONCEDE, EventKind.KAIDIAN_LAPSED))
        if event is not None and state is not KaidianState.OPEN:
            return event.zh, event.en, event.rule or "kaidian"
        return *_both("puzzle.open.not", seat=seat), "kaidian"

    def question(self) -> tuple[str, str]:
        return _both("puzzle.who_opened.q")


@dataclass(frozen=True)
class WhoIsMenPuzzle(SeatsPuzzle):
    """After a round: which seats are 闷ed (left with only 3s, their last play beaten)? The explanation names
    who 闷ed each. The question shows the table as the round began and the round's plays."""

    kind = "who_is_men"
    rule = "men"

    def answer_seats(self) -> frozenset[int]:
        return frozenset(v for v, _ in self.game.men())

    def before(self) -> Game:
        return _last_round_start(self.game)

    def _why_in(self, seat: int) -> tuple[str, str, str]:
        event = next(e for e in self.game.events if e.kind == EventKind.MEN and e.seat == seat)
        return event.zh, event.en, "men"

    def _why_out(self, seat: int) -> tuple[str, str, str]:
        why = "puzzle.men.active" if self.game.status(seat) is SeatStatus.ACTIVE else "puzzle.men.gone"
        zh, en = _both(why)
        return t("puzzle.men.not", "zh", seat=seat, why=zh), t("puzzle.men.not", "en", seat=seat, why=en), "men"

    def question(self) -> tuple[str, str]:
        return _both("puzzle.who_is_men.q")


@dataclass(frozen=True)
class CanActPuzzle(GamePuzzle):
    """May this seat do this now (a scenario's "can seat N ..." or "what if ..." checkpoint)? Answer ``'yes'`` or
    ``'no'``; the explanation is the engine's refusal naming the rule, or what the action would cause.

    >>> from gouji_teach.rules.engine import Game
    >>> from gouji_teach.rules.events import Action
    >>> g = Game.from_hands({0: "KK 5", 1: "QQ 4", 2: "9", 3: "AA 6", 4: "8", 5: "7"}, leader=0)
    >>> _ = g.act("seat 0 plays KK")
    >>> p = CanActPuzzle(g, Action.parse("seat 1 plays QQ"))
    >>> p.check("no").correct, p.solution().rule_ids
    (True, ('gouji.duitou',))
    """

    action: Action

    kind = "can_act"

    @property
    def play(self) -> Play | None:
        """The play on the table, if any."""
        return self.game.top[1] if self.game.top is not None else None

    @property
    def choices(self) -> tuple[Choice, ...]:
        return Choice("yes", *_both("puzzle.can.yes")), Choice("no", *_both("puzzle.can.no"))

    def question(self) -> tuple[str, str]:
        seat = self.action.seat
        return (t("puzzle.can.q", "zh", seat=seat, action=_action_words(self.action)[0]),
                t("puzzle.can.q", "en", seat=seat, action=_action_words(self.action, base=True)[1]))

    def rule_ids(self) -> tuple[str, ...]:
        refusal = self.game.why_not(self.action)
        return (refusal.rule or "turn.order",) if refusal is not None else ("turn.order",)

    def solution(self) -> Feedback:
        refusal = self.game.why_not(self.action)
        if refusal is not None:
            return _feedback(True, refusal.zh, refusal.en, rule_ids=self.rule_ids())
        zh, en = _try(self.game, self.action)
        return _feedback(True, t("puzzle.can.legal", "zh", action=_action_words(self.action)[0], events=zh),
                        t("puzzle.can.legal", "en", action=str(self.action), events=en), rule_ids=self.rule_ids())

    def check(self, answer: str) -> Feedback:
        if answer not in ("yes", "no"):
            return self._bad(answer)
        legal = self.game.why_not(self.action) is None
        if (answer == "yes") == legal:
            return self.solution()
        counter = ("", "")
        seat = self.action.seat
        actions = self.game.legal_actions(seat)
        if not legal and actions:  # "yes" for a refused move: what the seat may do instead
            zh, en = _action_words(actions[0])
            counter = (t("puzzle.can.instead", "zh", seat=seat, action=zh),
                       t("puzzle.can.instead", "en", seat=seat, action=en))
        return self._wrong(self._chosen(answer), counter=counter)


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
    parts.append((t("puzzle.result.kaidian", "zh", seats=_seat_names(record.kaidian)[0]),
                  t("puzzle.result.kaidian", "en", seats=_seat_names(record.kaidian)[1])))
    if record.revolution:
        parts.append((t("puzzle.result.revolution", "zh", seats=names(record.revolution)[0]),
                      t("puzzle.result.revolution", "en", seats=names(record.revolution)[1])))
    for b in record.burns:
        outcome = _both(f"puzzle.result.{b.outcome}")
        parts.append((t("puzzle.result.burn", "zh", burner=b.burner, victim=b.victim, outcome=outcome[0]),
                      t("puzzle.result.burn", "en", burner=b.burner, victim=b.victim, outcome=outcome[1])))
    parts += [_both("puzzle.result.men", victim=m.victim, by=m.by) for m in record.men]
    return _SEP_ZH.join(p[0] for p in parts), _SEP_EN.join(p[1] for p in parts)


@dataclass(frozen=True)
class RecordPuzzle(Puzzle):
    """Base of the puzzles about a finished hand, asked from its :class:`~gouji_teach.rules.record.GameRecord` (and,
    optionally, the finished ``game`` it records) under ``rules`` (default: the record's rule set); settlement
    computes the answers."""

    record: GameRecord
    game: Game | None = field(default=None, compare=False, repr=False)

    def _own_rules(self) -> Ruleset:
        return find_ruleset(self.record.rules)

    def picture(self, lang: str | None = None, scale: float = 1.0) -> SvgImage:
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

    def hint(self) -> tuple[str, str]:
        own = _both(f"puzzle.hint.{self.kind}")
        title = RULES[self.rule_ids()[0]]
        return (f"{own[0]} {t('puzzle.hint.rule', 'zh', title=title.zh)}",
                f"{own[1]} {t('puzzle.hint.rule', 'en', title=title.en)}")

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
        return _both("puzzle.tribute.none")
    items = [(t("puzzle.tribute.item", "zh", kind=k.zh, payer=p, receiver=r, n=n),
              t("puzzle.tribute.item", "en", kind=k.en, payer=p, receiver=r, n=n)) for k, p, r, n in transfers]
    return _SEP_ZH.join(i[0] for i in items), _SEP_EN.join(i[1] for i in items)


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
class TributePuzzle(RecordPuzzle):
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

    kind = "tribute"

    def _right(self) -> tuple[Tribute, ...]:
        return settle(self.record, self.rules).tributes

    def _options(self) -> list[tuple[frozenset[_Transfer], _Mistake | None]]:
        """The right set first (``None``), then wrong ones with what each gets wrong."""
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
            both = (f"{why1[0]}，{why2[0]}", f"{why1[1]}, and {why2[1]}", why1[2])
            options += [(one(right), tuple(why1)), (two(right), tuple(why2)), (two(one(right)), both)]
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
                unique.append((transfers, why))  # type: ignore[arg-type]
        return unique

    def transfers(self) -> dict[str, frozenset[_Transfer]]:
        """Each choice's transfers by its key (what the choice pictures draw)."""
        return {str(i): o[0] for i, o in enumerate(self._options())}

    def choice_picture(self, key: str, lang: str | None = None) -> SvgImage:
        """The choice as the six seats with an arrow (kind and number of cards) for each payment."""
        text = next(c.text(lang) for c in self.choices if c.key == key)
        return tribute_svg(self.transfers()[key], lang=lang, label=text)

    @property
    def choices(self) -> tuple[Choice, ...]:
        options = [o[0] for o in self._options()]
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
        parts = paid + waived or [_both("puzzle.tribute.none")]
        return _SEP_ZH.join(p[0] for p in parts), _SEP_EN.join(p[1] for p in parts)

    def check(self, answer: str) -> Feedback:
        options = self._options()
        if answer not in [str(i) for i in range(len(options))]:
            return self._bad(answer)
        if answer == "0":
            return self.solution()
        _, (zh, en, rule) = options[int(answer)]
        return self._wrong(None, rule=rule,
                           why=(f"{zh}。{self._rule_line(rule)[0]}", f"{en}. {self._rule_line(rule)[1]}"))

    def solution(self) -> Feedback:
        return _feedback(True, *self._explain(), rule_ids=self.rule_ids())


@dataclass(frozen=True)
class PlacesPuzzle(RecordPuzzle):
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

    kind = "places"

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
            mistakes.append((points, (*_both(f"puzzle.points.{key}"), rule)))

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
        zh = _SEP_ZH.join(r.text_zh for r in reasons)
        en = _SEP_EN.join(r.text_en for r in reasons)
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
        zh, en, rule = options[chosen]  # type: ignore[misc]
        line = self._rule_line(rule)
        return self._wrong(self._chosen(answer), rule=rule, why=(f"{zh}。{line[0]}", f"{en}. {line[1]}"))

    def solution(self) -> Feedback:
        return _feedback(True, *self._explain(), rule_ids=self.rule_ids())

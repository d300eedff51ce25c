"""Puzzles whose answers the engine computes, checked by pure functions.

A puzzle shows a question and, for choice puzzles, its choices; the answer stays in this Python object (in
the kernel), never in a widget. ``check(answer)`` takes the learner's answer as untrusted input and returns
:class:`Feedback`: right or wrong, the explanation naming the rule, and on a wrong answer a concrete
counter-example (the nearest position where the learner's answer *would* be right).

>>> from gouji_teach import Play
>>> p = BeatsPuzzle(Play.parse("XX999"), Play.parse("XX888"))
>>> [c.key for c in p.choices]
['yes', 'no']
>>> fb = p.check("yes")
>>> fb.correct
False
>>> fb.en.split(" [")[0]
'2 small jokers with three 9s does not beat 2 small jokers with three 8s: its jokers are not bigger: ...'
>>> fb.counter_en.split(" [")[0]
'Compare: 3 small jokers with two 9s beats 2 small jokers with three 8s: bigger in both aspects, ...'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from ..cards import BASE_RANKS, Card, Hand, Rank, parse_cards
from ..compare import beats
from ..errors import GoujiError
from ..gouji import can_kaidian, is_gouji
from ..options import beating_plays
from ..plays import Play
from ..rulesets import Ruleset
from ..verdicts import RULES, Verdict
from .i18n import pick, register, t

__all__ = [
    "BeatsPuzzle",
    "Choice",
    "CountPuzzle",
    "Feedback",
    "GoujiPuzzle",
    "PickPuzzle",
    "Puzzle",
    "nearest_play",
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
    """The result of checking an answer: right or wrong, why (naming the rule), and a counter-example."""

    correct: bool
    zh: str
    en: str
    counter_zh: str = ""
    counter_en: str = ""
    rule_ids: tuple[str, ...] = ()

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

    def hint(self) -> tuple[str, str]:
        own = _both(f"puzzle.hint.{self.kind}", **self._hint_values())
        title = RULES[self.rule_ids()[0]]
        rule = (t("puzzle.hint.rule", "zh", title=title.zh), t("puzzle.hint.rule", "en", title=title.en))
        return f"{own[0]} {rule[0]}", f"{own[1]} {rule[1]}"

    def _hint_values(self) -> dict[str, object]:
        return {}

    def _bad(self, answer: object) -> Feedback:
        zh, en = _both("puzzle.bad_answer", answer=str(answer)[:40])
        return Feedback(False, zh, en)


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
        correct = (answer == "yes") == verdict.ok
        counter: tuple[str, str] = ("", "")
        if not correct:
            near = nearest_play(self.challenger, lambda p: bool(beats(p, self.target, self.rules)) != verdict.ok)
            if near is not None:
                other = beats(near, self.target, self.rules)
                lead = _both("puzzle.compare")
                counter = (lead[0] + other.reason_zh, lead[1] + other.reason_en)
        return _verdict_feedback(correct, verdict, counter)

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
        correct = answer == self.classify(self.play)
        counter: tuple[str, str] = ("", "")
        if not correct:
            near = nearest_play(self.play, lambda p: self.classify(p) == answer)
            if near is not None:
                other = can_kaidian(near) if is_gouji(near) else is_gouji(near)
                lead = _both("puzzle.compare")
                counter = (f"{lead[0]}{near.notation}：{other.reason_zh}",
                           f"{lead[1]}{near.notation}: {other.reason_en}")
        return _verdict_feedback(correct, self._verdict(), counter)

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
        texts = [o.text_zh for o in self.options]
        if len(set(texts)) != len(texts) or self.play.text_zh not in texts:
            raise ValueError("a counting puzzle needs distinct options, one of them the right count")

    @property
    def choices(self) -> tuple[Choice, ...]:
        return tuple(Choice(str(i), o.text_zh, o.text_en) for i, o in enumerate(self.options))

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
        correct = chosen.text_zh == self.play.text_zh
        counter = ("", "")
        if not correct:
            where = chosen.rules.name != self.rules.name
            counter = (t("puzzle.count.as", "zh", choice=chosen.text_zh, cards=chosen.notation)
                       + (t("puzzle.count.under", "zh", rules=chosen.rules.title_zh) if where else ""),
                       t("puzzle.count.as", "en", choice=chosen.text_en, cards=chosen.notation)
                       + (t("puzzle.count.under", "en", rules=chosen.rules.title_en) if where else ""))
        return Feedback(correct, *self._explain(), *counter, self.rule_ids())

    def solution(self) -> Feedback:
        zh, en = self._explain()
        return Feedback(True, zh, en, rule_ids=self.rule_ids())


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
            return Feedback(False, e.zh, e.en)
        if not cards:
            return Feedback(False, *_both("puzzle.pick.empty"))
        if not self.hand.contains(cards):
            return Feedback(False, *_both("puzzle.pick.notinhand", cards=answer))
        try:
            play = Play(cards, self.rules)
        except GoujiError as e:
            return Feedback(False, e.zh, e.en, *self._example_text(), (e.rule or "play.shape",))
        verdict = beats(play, self.target, self.rules)
        return _verdict_feedback(verdict.ok, verdict, ("", "") if verdict.ok else self._example_text())

    def solution(self) -> Feedback:
        zh, en = self._example_text()
        return Feedback(True, zh, en, rule_ids=self.rule_ids())

    def _hint_values(self) -> dict[str, object]:
        return {"tg": self.target.notation, "n": self.target.size}

"""Puzzles about cards and plays: does one card or play beat another, how does a play count (算作), is it 够级
and can it 开点, which play of a hand beats the one on the table. The engine's verdicts are the answers.

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
'3 small jokers with two 9s beat 2 small jokers with three 8s: bigger in both aspects, ...'

The drills (levels: :func:`~gouji_teach.teach.dealing.cards_level` and its kin): ``card`` compares single cards
only (stage 2 comes before sets): plain cards, a 2, a joker. ``beats``: ``easy`` plain sets; ``medium`` 2s as
fillers (贴钱) and single 2s; ``hard`` 挂花 with 贴钱, and 大花 kills where the rule set has them. ``count``
(:func:`~gouji_teach.teach.dealing.count_level`): one special card, several of one kind, two kinds; under every rule
set (without 贴钱 the special cards are jokers). ``gouji`` (:func:`~gouji_teach.teach.dealing.gouji_level`): plain
sets clearly above or below the 够级 threshold; plain sets at it or one card short, or 2s clearly; 2s at it or one
short, or a joker (so hard ones do not always have the same answer). ``pick``: a hand of 8, 12 or 16 cards. The
generators choose the answer they want first (e.g. half the comparisons beat) and keep drawing until the engine
agrees: authors and generators never write answers, the engine computes them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ...rules.cards import BASE_RANKS, CARD_RANKS, Card, Hand, Rank, build_deck, deck_limits, parse_cards
from ...rules.compare import beats
from ...rules.errors import GoujiError, SetupError
from ...rules.gouji import can_kaidian, is_gouji
from ...rules.options import beating_plays
from ...rules.plays import Play
from ...rules.rulesets import Ruleset
from ...rules.verdicts import Verdict
from ...show.i18n import register, t
from ..dealing import cards_level, count_level, gouji_level, random_play
from .base import AnsweredBy, Choice, Feedback, Puzzle, both
from .kinds import declare, evenly

__all__ = ["BeatsPuzzle", "CountPuzzle", "GoujiPuzzle", "HandPuzzle", "PickPuzzle", "nearest_play", "picked_play"]

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
    "puzzle.pick.near": ("换成{play}（手里没有），", "with {play} (not in your hand), "),
    "puzzle.count.as": ("“{choice}”是{cards}的算法。", "“{choice}” is how {cards} counts."),
    "puzzle.count.under": ("（那是{rules}的算法）", " (under {rules})"),
    "puzzle.pick.one": ("比如：{play}（{text}）能大过。", "For example {play} ({text}) beats it."),
    "puzzle.pick.notinhand": ("你手里没有这些牌：{cards}", "Your hand does not hold these cards: {cards}"),
    "puzzle.pick.empty": ("先选几张牌。", "Select some cards first."),
})

_BIG, _SMALL, _TWO = Card(Rank.BIG_JOKER), Card(Rank.SMALL_JOKER), Card(Rank.TWO)


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
class BeatsPuzzle(Puzzle, kind="beats", hint=("先看张数是否相同，再看有没有挂花。",
                                             "First check the sizes, then whether the target has jokers.")):
    """Can ``challenger`` beat ``target``? Answer ``'yes'`` or ``'no'``."""

    challenger: Play
    target: Play

    def _own_rules(self) -> Ruleset:
        return self.target.rules

    @property
    def choices(self) -> tuple[Choice, ...]:
        return Choice("yes", *both("puzzle.yes")), Choice("no", *both("puzzle.no"))

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
            other = beats(near, self.target, self.rules)
            counter = (other.reason_zh, other.reason_en)
        return self._wrong(self._chosen(answer), rule=verdict.rule, counter=counter)

    def solution(self) -> Feedback:
        return _verdict_feedback(True, self._verdict())


@dataclass(frozen=True)
class GoujiPuzzle(Puzzle, kind="gouji", hint=("最少够级：5个10、4个J、3个Q、2个K、2个A、2或花。",
                                             "Smallest 够级: five 10s, four Js, three Qs, two Ks, two As, 2s or a "
                                             "joker.")):
    """Is ``play`` 够级, and can it 开点? Answer ``'not'``, ``'gouji'`` or ``'kaidian'``."""

    play: Play

    def _own_rules(self) -> Ruleset:
        return self.play.rules

    @property
    def choices(self) -> tuple[Choice, ...]:
        return tuple(Choice(k, *both(f"puzzle.gouji.{k}")) for k in ("not", "gouji", "kaidian"))

    def question(self) -> tuple[str, str]:
        return both("puzzle.gouji.q", cards=self.play.notation)

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
            counter = (f"{near.notation}：{other.reason_zh}", f"{near.notation}: {other.reason_en}")
        return self._wrong(self._chosen(answer), rule=rule, counter=counter)

    def solution(self) -> Feedback:
        return _verdict_feedback(True, self._verdict())


@dataclass(frozen=True)
class CountPuzzle(Puzzle, kind="count", hint=("2贴钱时按同点算；大花小花同出时看规则。",
                                             "A 2 filling a set counts as its rank; check what the rules say "
                                             "about mixing 大花 and 小花.")):
    """How is ``play`` counted (算作)? ``options`` are plays whose counted texts are the choices; one of them
    counts like ``play`` (it may be ``play`` itself)."""

    play: Play
    options: tuple[Play, ...]

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
        return both("puzzle.count.q", cards=self.play.notation)

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


def picked_play(hand: Hand, answer: str, rules: Ruleset) -> Play | Feedback:
    """The play a learner picked from ``hand`` (card notation, untrusted), or the feedback that says why it is
    none: unreadable, empty or not in the hand (not an attempt), or not a play (an attempt: the rule it breaks).

    >>> from gouji_teach.rules.rulesets import QINGDAO
    >>> picked_play(Hand.parse("KK 5"), "kk", QINGDAO).notation
    'KK'
    >>> picked_play(Hand.parse("KK 5"), "AA", QINGDAO).valid
    False
    """
    try:
        cards = parse_cards(answer) if answer.strip() else ()
    except GoujiError as e:
        return Feedback(False, e.zh, e.en, valid=False)
    if not cards:
        return Feedback(False, *both("puzzle.pick.empty"), valid=False)
    if not hand.contains(cards):
        return Feedback(False, *both("puzzle.pick.notinhand", cards=answer[:40]), valid=False)
    try:
        return Play(cards, rules)
    except GoujiError as e:  # not a play: the rule it breaks is the answer's own
        return Feedback(False, e.zh, e.en, rule_ids=(e.rule or "play.shape",))


@dataclass(frozen=True)
class HandPuzzle(Puzzle, answered_by=AnsweredBy.CARDS):
    """Base of the puzzles answered by picking a play from the learner's ``hand`` (a subclass gives it: a field,
    or a property of its position); any right play is accepted (the engine checks)."""

    def right_plays(self) -> list[Play]:
        """Every play of the hand that is a right answer, cheapest first."""
        raise NotImplementedError

    def example(self) -> Play | None:
        """The cheapest right play (``None`` if there is none)."""
        return next(iter(self.right_plays()), None)


@dataclass(frozen=True)
class PickPuzzle(HandPuzzle, kind="pick",
                 hint=("你的牌要和{tg}一样多张（{n}张）。", "Your play needs as many cards as {tg}: {n}.")):
    """Pick from ``hand`` a play that beats ``target``; any correct play is accepted (the engine checks).

    The answer is card notation (what the learner selected)."""

    hand: Hand
    target: Play

    def _own_rules(self) -> Ruleset:
        return self.target.rules

    def question(self) -> tuple[str, str]:
        return (t("puzzle.pick.q", "zh", tg=self.target.text_zh), t("puzzle.pick.q", "en", tg=self.target.text_en))

    def rule_ids(self) -> tuple[str, ...]:
        first = self.example()
        return (beats(first, self.target, self.rules).rule,) if first else ("compare.rank",)

    def right_plays(self) -> list[Play]:
        """Every play of the hand that beats the target, cheapest first."""
        return beating_plays(self.hand, self.target, self.rules)

    def _example_text(self) -> tuple[str, str]:
        ex = self.example()
        if ex is None:
            return "", ""
        return (t("puzzle.pick.one", "zh", play=ex.notation, text=ex.text_zh),
                t("puzzle.pick.one", "en", play=ex.notation, text=ex.text_en))

    def check(self, answer: str) -> Feedback:
        play = picked_play(self.hand, answer, self.rules)
        if isinstance(play, Feedback):
            return play
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


# -- the drills -------------------------------------------------------------------------------------------------


def _beats(rng: random.Random, level: str, rules: Ruleset) -> BeatsPuzzle:
    want = rng.random() < 0.5
    sizes = (1, 2, 3, 4, 5) if level == "easy" else (1, 2, 3, 4, 5, 6)
    for _ in range(200):
        size = rng.choice(sizes)
        target = random_play(rng, size, rules, level=level)
        longer = level == "hard" and rules.big_joker_kill and target.big_jokers and rng.random() < 0.5
        challenger = random_play(rng, size + (1 if longer else 0), rules, level=level)
        if bool(beats(challenger, target, rules)) == want:
            return BeatsPuzzle(challenger, target, rules=rules)
    return BeatsPuzzle(challenger, target, rules=rules)


def _gouji_play(rng: random.Random, level: str, rules: Ruleset) -> GoujiPuzzle | None:
    """A play of 1 to 6 cards near the thresholds, if it is of the level (:func:`gouji_level`)."""
    near = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
    play = random_play(rng, rng.choice((1, 2, 3, 4, 5, 6)), rules, level=level, ranks=near)
    return GoujiPuzzle(play, rules=rules) if gouji_level(play) == level else None


#: A play of the level, its answer (not 够级 / 够级 / 开点) drawn evenly among the answers the level allows
#: under the rule set.
_gouji = evenly(_gouji_play, lambda p: GoujiPuzzle.classify(p.play))


def _count_options(play: Play, rng: random.Random) -> tuple[Play, ...]:
    """The right count and the three ways of misreading one kind of special card in it (the 2s, or the jokers,
    as the seed decides), each shown as a play that counts that way, in a random order.

    A 2 that fills a set counts as the set's rank (贴钱), a joker counts as a joker (挂花). Each special card can
    be read as a card of the rank, as a joker, as both or as neither: the right reading and the three mistakes
    are the corners of a square (counted in the rank or not × counted as a joker or not), so that every choice
    shares its joker part with one other and its number of cards with one other: none is the "centre" of the
    others, as a choice built by changing the right one would be."""
    rules, rank = play.rules, play.rank
    twos = [c for c in play.cards if c.rank == Rank.TWO] if rank not in (Rank.TWO, None) else []
    jokers = [c for c in play.cards if c.rank.is_joker] if rank is not None and not rank.is_joker else []
    kinds = [k for k in (twos, jokers) if k]
    if not kinds:
        return (play,)
    special = rng.choice(kinds)
    rest = [c for c in play.cards if c not in special] if special is jokers else \
        [c for c in play.cards if c.rank != Rank.TWO]
    n = len(special)
    # (ignore below: kinds is empty unless the play has a base rank)
    as_rank, as_joker = [Card(rank)] * n, [_SMALL] * n if special is twos else special  # type: ignore[arg-type]
    readings = [rest + as_rank + as_joker, rest + as_joker, rest + as_rank, rest]  # both, joker, rank, neither
    try:
        options = [Play(cards, rules) for cards in readings]
    except GoujiError:  # a reading needs more cards of a kind than the packs hold
        return (play,)
    options[1 if special is jokers else 2] = play  # the right reading: the play itself
    if len({CountPuzzle.counted(o) for o in options}) < 4:
        return (play,)
    rng.shuffle(options)
    return tuple(options)


def _specials(rng: random.Random, level: str, rules: Ruleset) -> list[Card]:
    """The special cards of a count drill of ``level``: one (easy), two or three of one kind (medium), two kinds
    (hard); 2s only where they may fill a set (贴钱)."""
    kinds = [_BIG, _SMALL] + ([_TWO] if rules.tieqian else [])
    if level == "easy":
        return [rng.choice(kinds)]
    if level == "medium":
        card = rng.choice(kinds)
        return [card] * min(rng.choice((2, 3)), rules.packs if card.rank.is_joker else 4 * rules.packs)
    first, second = rng.sample(kinds, 2)
    return [first] * rng.choice((1, 2)) + [second] * rng.choice((1, 2))


def _count(rng: random.Random, level: str, rules: Ruleset) -> CountPuzzle:
    """A set with special cards as the level says (:func:`count_level`), and the four ways of counting it."""
    for _ in range(200):
        specials = _specials(rng, level, rules)
        base = rng.choice((2, 3, 4, 5))
        rank = rng.choice(BASE_RANKS)
        if base > deck_limits(rules.packs, rules.keep_threes)[rank]:
            continue
        play = Play(specials + [Card(rank)] * base, rules)
        options = _count_options(play, rng)
        if len(options) == 4:
            return CountPuzzle(play, options, rules=rules)
    return CountPuzzle(play, options, rules=rules)


def _card(rng: random.Random, level: str, rules: Ruleset) -> BeatsPuzzle:
    """Does one single card beat another? Only what stage 2 teaches (the order of the ranks, the 2 and the
    jokers; no sets yet): ``easy`` two cards 3 to A; ``medium`` a 2 and another card, no joker; ``hard`` a joker
    and any card."""
    want = rng.random() < 0.5
    for _ in range(200):
        if level == "easy":
            a, b = rng.choice(BASE_RANKS), rng.choice(BASE_RANKS)
        elif level == "medium":
            a, b = Rank.TWO, rng.choice((*BASE_RANKS, Rank.TWO))
        else:
            a, b = rng.choice((Rank.BIG_JOKER, Rank.SMALL_JOKER)), rng.choice(CARD_RANKS)
        if rng.random() < 0.5:
            a, b = b, a
        challenger, target = Play([Card(a)], rules), Play([Card(b)], rules)
        if bool(beats(challenger, target, rules)) == want:
            break
    return BeatsPuzzle(challenger, target, rules=rules)


def _pick(rng: random.Random, level: str, rules: Ruleset) -> PickPuzzle:
    hand_size = {"easy": 8, "medium": 12, "hard": 16}[level]
    deck = build_deck(rules.packs, suits=False, keep={Rank.THREE: rules.keep_threes} if rules.keep_threes else None)
    if level == "easy":
        deck = [c for c in deck if c.rank in BASE_RANKS]
    elif level == "medium":
        deck = [c for c in deck if not c.rank.is_joker] if rules.tieqian else [c for c in deck if c.rank in BASE_RANKS]
    for _ in range(200):
        hand = Hand(rng.sample(deck, hand_size))
        target = random_play(rng, rng.choice((1, 2, 3)), rules, level=level)
        try:
            puzzle = PickPuzzle(hand, target, rules=rules)
        except GoujiError:
            continue
        if puzzle.example() is not None:  # the hand has at least one play that beats the target
            return puzzle
    return puzzle


def _pick_level(puzzle: PickPuzzle) -> str:
    """A pick puzzle: ``hard`` with a joker in the hand or the target; ``medium`` with a 2, or twelve cards or
    more to choose from; else ``easy``."""
    level = cards_level(puzzle.target)
    cards = list(puzzle.hand.cards)
    if level == "hard" or any(c.rank.is_joker for c in cards):
        return "hard"
    return "medium" if level == "medium" or any(c.rank == Rank.TWO for c in cards) or len(cards) >= 12 else "easy"


def _beats_level(puzzle: BeatsPuzzle) -> str:
    return cards_level(puzzle.challenger, puzzle.target)


declare(BeatsPuzzle, _card, id="card", level=_beats_level, stages={"cards": ("easy", "easy", "medium", "hard")})
declare(BeatsPuzzle, _beats, level=_beats_level,
        stages={"compare": ("easy", "medium", "hard"), "shao": ("hard",), "quiz": ("easy", "hard")})
declare(GoujiPuzzle, _gouji, level=lambda p: gouji_level(p.play),
        stages={"gouji": ("easy", "easy", "medium", "hard"), "dagouji": ("medium",), "kaidian": ("medium",),
                "quiz": ("medium",)})
declare(CountPuzzle, _count, level=lambda p: count_level(p.play),
        stages={"plays": ("easy", "medium", "medium", "hard"), "quiz": ("medium",)})
declare(PickPuzzle, _pick, level=_pick_level,
        stages={"compare": ("medium",), "turns": ("easy",), "dagouji": ("hard",), "shao": ("hard",),
                "quiz": ("medium",)})

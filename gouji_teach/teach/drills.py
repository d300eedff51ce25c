"""Seeded drills: every puzzle type at three levels, reproducible from a number an instructor can hand out.

``make_drill("beats", 4711, level="hard", rules="linyi")`` always builds the same puzzle; its id,
``beats/linyi/hard/4711``, is shown with it. Levels: ``easy`` plain sets; ``medium`` 2s as fillers (贴钱) and
single 2s; ``hard`` 挂花 with 贴钱, and 大花 kills where the rule set has them. ``card`` compares single cards
only (stage 2 comes before sets): plain cards, a 2, a joker. ``count`` (:func:`count_level`): one special card,
several of one kind, two kinds; under every rule set (without 贴钱 the special cards are jokers).
``gouji`` (:func:`gouji_level`): plain sets clearly above or below the 够级 threshold; plain sets at it or one
card short, or 2s clearly; 2s at it or one short, or a joker (so hard ones do not always have the same answer).
The generators choose the answer they want first (e.g. half the comparisons beat) and keep drawing until the
engine agrees: authors and generators never write answers, the engine computes them.

The engine-based kinds (``who_may_act``, ``who_opened``, ``who_is_men``, ``tribute``, ``places``) come from small
seeded deals played by computer players: the engine, and settlement for finished hands, give the answers. Their
levels: a plain turn, a 够级 play, a burn window (who may act); a round that opens, any, a 发四 still due or a
认点 (who opened); one 闷, several (who is 闷ed); a plain hand, a 闷, a burn (tribute and places).

>>> p = make_drill("beats", 4711, level="hard", rules="linyi")
>>> p.puzzle_id
'beats/linyi/hard/4711'
>>> p == make_drill("beats", 4711, level="hard", rules="linyi")
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..bots.players import SimplePlayer
from ..rules.cards import BASE_RANKS, CARD_RANKS, Card, Hand, Rank, build_deck, deck_limits
from ..rules.compare import beats
from ..rules.engine import Game, KaidianState, Phase
from ..rules.errors import GoujiError, OptionError
from ..rules.events import EventKind
from ..rules.plays import Play
from ..rules.record import BurnOutcome, GameRecord
from ..rules.rulesets import Ruleset, find_ruleset
from .dealing import LEVELS, cards_level, count_level, gouji_level, random_play, small_deal
from .puzzles import (
    BeatsPuzzle,
    CountPuzzle,
    GoujiPuzzle,
    PickPuzzle,
    PlacesPuzzle,
    Puzzle,
    TributePuzzle,
    WhoIsMenPuzzle,
    WhoMayActPuzzle,
    WhoOpenedPuzzle,
)
from .situations import GENERATORS as _SITUATIONS
from .situations import LEVEL_OF as _LEVEL_OF
from .situations import honest as _honest

__all__ = ["KINDS", "LEVELS", "RETRY_STEP", "cards_level", "count_level", "gouji_level", "make_drill", "next_drill",
           "random_play"]

_BIG, _SMALL, _TWO = Card(Rank.BIG_JOKER), Card(Rank.SMALL_JOKER), Card(Rank.TWO)

_SMALL = Card(Rank.SMALL_JOKER)


def _beats(rng: random.Random, level: str, rules: Ruleset) -> Puzzle:
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


def _gouji(rng: random.Random, level: str, rules: Ruleset) -> Puzzle:
    """A play of the level (:func:`gouji_level`), its answer (not 够级 / 够级 / 开点) drawn evenly among the
    answers the level allows under the rule set."""
    near = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
    found: dict[str, Play] = {}
    for _ in range(400):
        play = random_play(rng, rng.choice((1, 2, 3, 4, 5, 6)), rules, level=level, ranks=near)
        if gouji_level(play) == level:
            found.setdefault(GoujiPuzzle.classify(play), play)
            if len(found) == 3:
                break
    return GoujiPuzzle(found[rng.choice(sorted(found))] if found else play, rules=rules)


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


def _count(rng: random.Random, level: str, rules: Ruleset) -> Puzzle:
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


def _card(rng: random.Random, level: str, rules: Ruleset) -> Puzzle:
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


def _pick(rng: random.Random, level: str, rules: Ruleset) -> Puzzle:
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


# -- positions of the engine and finished hands -----------------------------------------------------------------

#: Cards per seat in the small deals of the engine-based drills (an endgame: quick to play, easy to read).
_DEAL_SIZE = {"easy": 6, "medium": 8, "hard": 10}


def _position(rng: random.Random, rules: Ruleset, level: str, wanted: tuple[Callable[[Game], bool], ...]) -> Game:
    """A position reached by computer players (:class:`~gouji_teach.bots.players.SimplePlayer`) from small seeded
    deals where the first of ``wanted`` holds (or, after a few deals without one, the best test that some position
    passed): the first, second or third such position, as the seed decides. The last test must be one that some
    position of every deal passes."""
    player = SimplePlayer()
    found: list[list[Game]] = [[] for _ in wanted]
    enough = rng.randint(1, 3)  # stop at the first, second or third position that fits best
    for deal in range(6):
        game = small_deal(rng, rules, _DEAL_SIZE[level])
        while len(found[0]) < enough:
            if game.history:
                for i, test in enumerate(wanted):
                    if test(game):
                        found[i].append(game.copy())
                        break
            if game.is_over:
                break
            game.apply(player.choose(game, game.to_act))  # type: ignore[arg-type]
        if found[0] or (deal >= 2 and any(found)):
            break
    return found[0][-1] if found[0] else rng.choice(next(games for games in found if games))


def _round_over(game: Game) -> bool:
    return game.top is None and game.phase in (Phase.PLAY, Phase.OVER)


def _who_may_act(rng: random.Random, level: str, rules: Ruleset) -> Puzzle:
    def answering(g: Game) -> bool:
        return g.top is not None and not g.top[1].is_gouji

    def gouji(g: Game) -> bool:
        return g.top is not None and g.top[1].is_gouji and not g.luanchan

    def several(g: Game) -> bool:  # someone may burn: the burners and the 对头 may act
        return bool(g.burn_candidates())

    def anything(g: Game) -> bool:
        return not g.is_over

    tests = {"easy": (answering, anything), "medium": (gouji, answering, anything),
             "hard": (several, gouji, anything)}[level]
    return WhoMayActPuzzle(_position(rng, rules, level, tests), rules=rules)


def _who_opened(rng: random.Random, level: str, rules: Ruleset) -> Puzzle:
    def opened_now(g: Game) -> bool:
        return _round_over(g) and any(e.kind in (EventKind.KAIDIAN, EventKind.FASI) for e in g.events[-3:])

    def pending(g: Game) -> bool:
        return _round_over(g) and any(g.kaidian(s) in (KaidianState.PENDING, KaidianState.CONCEDED) for s in range(6))

    def some(g: Game) -> bool:
        return _round_over(g) and bool(g.kaidian_seats())

    tests = {"easy": (opened_now, _round_over), "medium": (some, _round_over),
             "hard": (pending, some, _round_over)}[level]
    return WhoOpenedPuzzle(_position(rng, rules, level, tests), rules=rules)


def _who_is_men(rng: random.Random, level: str, rules: Ruleset) -> Puzzle:
    def men_now(g: Game) -> bool:
        return _round_over(g) and any(e.kind == EventKind.MEN for e in g.events[-6:])

    def two(g: Game) -> bool:
        return _round_over(g) and len(g.men()) > 1

    def some(g: Game) -> bool:
        return _round_over(g) and bool(g.men())

    tests = {"easy": (men_now, some, _round_over), "medium": (some, _round_over),
             "hard": (two, some, _round_over)}[level]
    return WhoIsMenPuzzle(_position(rng, rules, level, tests), rules=rules)


def _finished(rng: random.Random, level: str, rules: Ruleset) -> tuple[GameRecord, Game]:
    """A small hand played to the end by computer players, and its record: plain at ``easy``; with a seat
    闷ed at ``medium``; with a burn (else two seats 闷ed) at ``hard``."""
    def over(g: Game) -> bool:
        return g.phase == Phase.OVER

    def men(g: Game) -> bool:
        return over(g) and bool(g.men())

    def plain(g: Game) -> bool:
        return over(g) and not g.men() and not g.record()["burns"]

    def burns(g: Game) -> bool:
        return over(g) and bool(g.record()["burns"])

    def two_men(g: Game) -> bool:
        return over(g) and len(g.men()) > 1

    tests = {"easy": (plain, over), "medium": (men, over), "hard": (burns, two_men, men, over)}[level]
    game = _position(rng, rules, level, tests)
    return GameRecord.from_json(game.record()), game


def _tribute(rng: random.Random, level: str, rules: Ruleset) -> Puzzle:
    record, game = _finished(rng, level, rules)
    return TributePuzzle(record, game, rules=rules)


def _places(rng: random.Random, level: str, rules: Ruleset) -> Puzzle:
    record, game = _finished(rng, level, rules)
    if level == "medium":
        return PlacesPuzzle(record, game, rules=rules, ask="points", seat=rng.randrange(6))
    moved = [m.victim for m in record.men] + [b.burner for b in record.burns if b.outcome == BurnOutcome.FAILED]
    # hard: often a seat 闷ed or burned out of its turn (they go last), not always (else "大落" would be a guess)
    seat = rng.choice(moved) if level == "hard" and moved and rng.random() < 0.4 else rng.randrange(6)
    return PlacesPuzzle(record, game, rules=rules, ask="place", seat=seat)


_GENERATORS: dict[str, Callable[[random.Random, str, Ruleset], Puzzle]] = {
    "card": _card,
    "beats": _beats,
    "gouji": _gouji,
    "count": _count,
    "pick": _pick,
    "who_may_act": _who_may_act,
    "who_opened": _who_opened,
    "who_is_men": _who_is_men,
    "tribute": _tribute,
    "places": _places,
}
#: The puzzle kinds that drills generate.
KINDS = tuple(_GENERATORS)


def make_drill(kind: str, number: int, *, level: str = "easy", rules: Ruleset | str | None = None) -> Puzzle:
    """The drill ``number`` of a puzzle ``kind`` at ``level`` under ``rules``; the same arguments always give
    the same puzzle."""
    if kind not in _GENERATORS:
        raise OptionError("kind", kind, f"没有这种题，可选：{'、'.join(KINDS)}", f"choose one of {', '.join(KINDS)}")
    if level not in LEVELS:
        raise OptionError("level", level, "难度只能是 easy、medium、hard", "use easy, medium or hard")
    if isinstance(number, bool) or not isinstance(number, int) or number < 0:
        raise OptionError("number", number, "题号必须是非负整数", "a drill number is a whole number from 0 up")
    rules = find_ruleset(rules)
    puzzle_id = f"{kind}/{rules.name}/{level}/{number}"
    puzzle = _GENERATORS[kind](random.Random(puzzle_id), level, rules)
    object.__setattr__(puzzle, "puzzle_id", puzzle_id)
    return puzzle


#: How far 再来一次 (retry) moves a drill's number: far from the small numbers a page hands out (1, 2, ...).
RETRY_STEP = 1000


def next_drill(puzzle: Puzzle) -> Puzzle | None:
    """A new drill of the same kind and level under the same rule set, for 再来一次 (retry): the drill
    ``number + RETRY_STEP``; ``None`` if ``puzzle`` is not a drill (its id is not ``kind/rules/level/number``).
    The old drill keeps its stars: a retry is another question, not the same one again.

    >>> next_drill(make_drill("beats", 2, level="hard", rules="linyi")).puzzle_id
    'beats/linyi/hard/1002'
    """
    parts = puzzle.puzzle_id.split("/")
    if len(parts) != 4 or parts[0] not in _GENERATORS or parts[2] not in LEVELS or not parts[3].isdigit():
        return None
    kind, rules, level, number = parts
    return make_drill(kind, int(number) + RETRY_STEP, level=level, rules=rules)


# -- the kinds of teach/situations.py, and honest levels -------------------------------------------------------
_GENERATORS.update(_SITUATIONS)
for _kind in ("card", "beats", "gouji", "count", "pick", "who_may_act", "who_opened", "who_is_men", "tribute",
              "places"):
    # drawn again until the level is what it says
    _GENERATORS[_kind] = _honest(_kind, _GENERATORS[_kind])
KINDS = tuple(_GENERATORS)
assert set(_LEVEL_OF) <= set(KINDS)

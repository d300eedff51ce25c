"""Random cards for the generated puzzles: a random legal play at a level, the level a question about plays
deserves, and the small seeded deals the engine-based questions are played out from. The drill generators of
:mod:`.puzzles` draw from here.

>>> import random
>>> from gouji_teach.rules.rulesets import find_ruleset
>>> play = random_play(random.Random(7), 3, find_ruleset("qingdao"), level="easy")
>>> len(play.cards), cards_level(play)
(3, 'easy')
"""

from __future__ import annotations

import random

from ..rules.cards import BASE_RANKS, Card, Hand, Rank, build_deck, deck_limits
from ..rules.engine import Game
from ..rules.plays import Play
from ..rules.rulesets import Ruleset

__all__ = ["LEVELS", "cards_level", "count_level", "gouji_level", "random_play", "small_deal"]

#: The levels of every generated puzzle.
LEVELS = ("easy", "medium", "hard")

_BIG, _SMALL, _TWO = Card(Rank.BIG_JOKER), Card(Rank.SMALL_JOKER), Card(Rank.TWO)


def random_play(rng: random.Random, size: int, rules: Ruleset, *, level: str = "hard",
                ranks: tuple[Rank, ...] = BASE_RANKS) -> Play:
    """A random legal play of ``size`` cards under ``rules``, with 2s and jokers as the level allows and never
    more copies of a card than the rule set's packs hold."""
    packs = rules.packs
    while True:
        big = small = twos = 0
        if level == "hard" and size > 1:
            big, small = rng.choice((0, 0, 1, 1, 2)), rng.choice((0, 0, 1, 1, 2))
        if level in ("medium", "hard") and rules.tieqian:
            twos = rng.choice((0, 0, 1, 2, 3))
        base = size - big - small - twos
        if level in ("medium", "hard") and rng.random() < 0.15:
            base, twos = 0, size - big - small  # the 2s are the set itself
        if base < 0 or base > 4 * packs or twos > 4 * packs or big > packs or small > packs:
            continue
        if base == 0 and not (twos or big or small):
            continue
        rank = rng.choice(ranks)
        if base > deck_limits(packs, rules.keep_threes)[rank]:  # zaozhuang's six packs keep only six 3s
            continue
        cards = [_BIG] * big + [_SMALL] * small + [_TWO] * twos + [Card(rank)] * base
        return Play(cards, rules)


def cards_level(*plays: Play | None) -> str:
    """The level of a question about plays: ``hard`` with a joker, ``medium`` with a 2, else ``easy``.

    >>> cards_level(Play.parse("2"), Play.parse("6")), cards_level(Play.parse("X99"))
    ('medium', 'hard')
    """
    cards = [c for p in plays if p is not None for c in p.cards]
    if any(c.rank.is_joker for c in cards):
        return "hard"
    return "medium" if any(c.rank == Rank.TWO for c in cards) else "easy"


def gouji_level(play: Play) -> str:
    """The level of asking whether a play is 够级 and opens: ``easy`` a plain set clearly above or below its
    rank's threshold; ``medium`` a plain set at the threshold or one card short, or a set with 2s clearly above or
    below; ``hard`` a set with 2s at the threshold or one short (贴钱 that just makes it, or just fails), or a play
    with a joker. (A play with a joker is always 够级 and never opens: hard plays with jokers only would always
    have the same answer.) The 2s counted: those that fill the set, and a set of 2s itself.

    >>> [gouji_level(Play.parse(c)) for c in ("JJ", "JJJJJ", "JJJ", "JJJJ", "2JJJJ", "2JJJ", "2JJ", "X99")]
    ['easy', 'easy', 'medium', 'medium', 'medium', 'hard', 'hard', 'hard']
    """
    if play.jokers:
        return "hard"
    need = play.gouji_threshold
    edge = need is not None and play.count in (need - 1, need)
    if not any(c.rank == Rank.TWO for c in play.cards):
        return "medium" if edge else "easy"
    return "hard" if edge else "medium"


def count_level(play: Play) -> str:
    """The level of counting a play: ``easy`` one special card (a 2 that fills the set, or a joker); ``medium``
    several of one kind; ``hard`` two kinds (2s and jokers, or 大花 and 小花).

    >>> count_level(Play.parse("X999")), count_level(Play.parse("22999")), count_level(Play.parse("DX999"))
    ('easy', 'medium', 'hard')
    """
    rank = play.rank
    kinds = [c.rank for c in play.cards
             if (c.rank == Rank.TWO and rank not in (Rank.TWO, None)) or (c.rank.is_joker and rank is not None
                                                                          and not rank.is_joker)]
    if len(set(kinds)) > 1:
        return "hard"
    return "medium" if len(kinds) > 1 else "easy"


def small_deal(rng: random.Random, rules: Ruleset, size: int) -> Game:
    """Six hands of ``size`` cards drawn from the rule set's deck, a random leader, play about to begin."""
    keep = {Rank.THREE: rules.keep_threes} if rules.keep_threes else None
    deck = build_deck(rules.packs, suits=False, keep=keep)
    rng.shuffle(deck)
    return Game.from_hands([Hand(deck[k * size:(k + 1) * size]) for k in range(6)], rules, leader=rng.randrange(6))

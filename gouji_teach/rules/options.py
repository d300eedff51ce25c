"""Which plays can a hand make, and which of them beat a target?

Plays are distinct as *counted plays*: which 2s and jokers are attached matters, which physical copy does not,
so the plays returned are suitless. They come cheapest first: fewer jokers, fewer 大花, fewer 2s, lower rank.

>>> [p.notation for p in beating_plays("DX 2 KK 99 5", "88")]
['99', 'KK', '29', '2K', 'X9', 'XK', 'X2', 'D9', 'DK', 'D2', 'DX']
>>> [p.notation for p in beating_plays("DD X 9999", "X888", "linyi")]     # XX... too few; DD kills nothing here
['D999', 'DX99', 'DD99', 'DDX9']
>>> len(possible_plays("DX22 33"))
35
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from .cards import BASE_RANKS, Hand, Rank, check_deck
from .compare import _decide
from .plays import JOKERS_ONLY_RANK, Play, as_play
from .rulesets import QINGDAO, JokerModel, Ruleset, find_ruleset

__all__ = [
    "Composition", "beating_plays", "composition_notation", "plays_beating", "possible_compositions", "possible_plays",
]

_TWO = int(Rank.TWO)

#: What a suitless play is made of: ``(rank, base, twos, big, small)``, ``base`` cards of ``rank`` (rank 0 with
#: no base), then 2s, 大花 and 小花. The enumerators work on these and build :class:`Play` objects only on demand.
Composition = tuple[int, int, int, int, int]


def _as_hand(hand: Hand | str, rules: Ruleset) -> Hand:
    """The hand, refused (:class:`~gouji_teach.rules.errors.DeckLimitError`) if the packs of ``rules`` cannot
    hold it."""
    hand = hand if isinstance(hand, Hand) else Hand.parse(hand)
    check_deck(hand, rules, "hand")
    return hand


def _compositions(
    counts: tuple[int, ...], size: int, tieqian: bool, min_big: int = 0, above: int = 0
) -> Iterator[tuple[int, int, int, int, int]]:
    """Every legal composition ``(rank, base, twos, big, small)`` of ``size`` cards from ``counts``.

    ``rank`` is the base rank value (0 with no base). ``min_big`` skips compositions with fewer 大花, ``above``
    those with a base rank not above it.
    """
    nd, nx, n2 = counts[Rank.BIG_JOKER], counts[Rank.SMALL_JOKER], counts[Rank.TWO]
    # no base: 2s as the set (with or without jokers) and jokers only
    for twos in range(min(n2, size), -1, -1):
        rest = size - twos
        for big in range(max(min_big, rest - nx), min(nd, rest) + 1):
            yield 0, 0, twos, big, rest - big
    for r in BASE_RANKS:
        have = counts[r] if r > above else 0
        for base in range(1, min(have, size) + 1):
            left = size - base
            for twos in range(min(n2, left) if tieqian else 0, -1, -1):
                rest = left - twos
                for big in range(max(min_big, rest - nx), min(nd, rest) + 1):
                    yield r, base, twos, big, rest - big


def _play(rank: int, base: int, twos: int, big: int, small: int, rules: Ruleset) -> Play:
    return Play.from_counts(Rank(rank) if base else None, base, twos, big, small, rules)


def _composition_cost(c: Composition, downgrade: bool) -> tuple[int, int, int, int, int]:
    """How cheap the play ``c`` makes is, without making it: size, jokers, 大花, 2s, rank (counted)."""
    rank, base, twos, big, small = c
    if downgrade and big and small:
        big, small = 0, big + small
    return (base + twos + big + small, big + small, big, twos, rank if base else (_TWO if twos else JOKERS_ONLY_RANK))


_NOTE = {int(r): r.notation for r in Rank}


@lru_cache(maxsize=65536)
def composition_notation(c: Composition) -> str:
    """The notation of the suitless play ``c`` makes, as :attr:`Play.notation` writes it (built from strings:
    no cards are made).

    >>> composition_notation((10, 3, 1, 0, 2)), composition_notation((9, 2, 1, 1, 0))
    ('XX2 10 10 10', 'D299')
    """
    rank, base, twos, big, small = c
    head = "D" * big + "X" * small + "2" * twos
    if rank != 10 or not base:
        return head + _NOTE[rank] * base if base else head
    tens = " ".join(("10",) * base)  # 10s stand apart, as format_cards writes them
    return f"{head} {tens}" if head else tens


def possible_compositions(
    hand: Hand | str, rules: Ruleset | str | None = None, size: int | None = None
) -> list[Composition]:
    """The compositions of :func:`possible_plays`, in its order (cheapest first), without building plays.

    >>> possible_compositions("DX2", size=2)
    [(0, 0, 1, 0, 1), (0, 0, 1, 1, 0), (0, 0, 0, 1, 1)]
    """
    rules = find_ruleset(rules)
    counts = _as_hand(hand, rules).counts
    nd, nx, n2 = counts[Rank.BIG_JOKER], counts[Rank.SMALL_JOKER], counts[Rank.TWO]
    downgrade = rules.downgrade_mixed_jokers
    # each composition behind its cost (as _composition_cost computes it), so that a plain sort orders them
    jokers = [(big, small, big + small, 0 if downgrade and big and small else big)
              for big in range(nd + 1) for small in range(nx + 1)]
    found = [(twos + nj, nj, bc, twos, _TWO if twos else JOKERS_ONLY_RANK, (0, 0, twos, big, small))
             for twos in range(n2 + 1) for big, small, nj, bc in jokers if twos + nj]
    fillers = range(n2 + 1) if rules.tieqian else range(1)
    for r in BASE_RANKS:
        found += [(base + twos + nj, nj, bc, twos, r, (r, base, twos, big, small))
                  for base in range(1, counts[r] + 1) for twos in fillers for big, small, nj, bc in jokers]
    if size is not None:
        found = [d for d in found if d[0] == size]
    found.sort()
    return [d[5] for d in found]


def possible_plays(hand: Hand | str, rules: Ruleset | str | None = None, size: int | None = None) -> list[Play]:
    """Every distinct play ``hand`` can make under ``rules`` (of ``size`` cards only, if given)."""
    rules = find_ruleset(rules)
    return [_play(*c, rules) for c in possible_compositions(hand, rules, size)]


def beating_plays(hand: Hand | str, target: Play | str, rules: Ruleset | str | None = None) -> list[Play]:
    """Every distinct play ``hand`` can make that beats ``target`` under ``rules``, cheapest first.

    ``rules`` defaults to the target's rule set (or ``qingdao`` for notation). The same rule decides here as
    in :func:`gouji_teach.rules.compare.beats`.
    """
    if rules is None:
        rules = target.rules if isinstance(target, Play) else QINGDAO
    rules = find_ruleset(rules)
    return plays_beating(_as_hand(hand, rules), as_play(target, rules), rules)


def plays_beating(hand: Hand, tg: Play, rules: Ruleset, made: dict[Composition, Play] | None = None) -> list[Play]:
    """:func:`beating_plays` for a hand the packs of ``rules`` can hold (a game's: not checked again). ``made``
    keeps the plays built so far under ``rules`` by composition (plays are immutable: a game reuses them)."""
    counts = hand.counts
    cover = rules.joker_model == JokerModel.COVER
    downgrade = rules.downgrade_mixed_jokers
    tb, ts, tr, tn = tg.big_jokers, tg.small_jokers, tg._r, tg.count
    kills = range(min(tb, counts[Rank.BIG_JOKER] // 2) + 1) if rules.big_joker_kill else range(1)
    plain = not (tb or ts)
    found: list[Composition] = []
    for k in kills:
        # a plain target needs a higher base (or none): lower bases are not even listed
        above = tr if plain else 0
        for rank, base, twos, big, small in _compositions(counts, tg.size + k, rules.tieqian, 2 * k, above):
            cb, cs = (0, big + small) if downgrade and big and small else (big, small)
            if cb < 2 * k:
                continue  # a mixed play's 大花 count as 小花 and kill nothing
            cr = rank if base else (_TWO if twos else JOKERS_ONLY_RANK)
            if _decide(cb - 2 * k, cs, cr, base + twos, tb - k, ts, tr, tn, cover) is None:
                found.append((rank, base, twos, big, small))
    found.sort(key=lambda c: _composition_cost(c, downgrade))
    if made is None:
        return [_play(*c, rules) for c in found]
    out = []
    for c in found:
        play = made.get(c)
        if play is None:
            play = made[c] = _play(*c, rules)
        out.append(play)
    return out

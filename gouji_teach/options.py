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

from .cards import BASE_RANKS, Hand, Rank
from .compare import _decide, as_play
from .plays import JOKERS_ONLY_RANK, Play
from .rulesets import QINGDAO, Ruleset, find_ruleset

__all__ = ["beating_plays", "possible_plays"]

_TWO = int(Rank.TWO)


def _as_hand(hand: Hand | str) -> Hand:
    return hand if isinstance(hand, Hand) else Hand.parse(hand)


def _compositions(
    counts: tuple[int, ...], size: int, tieqian: bool, min_big: int = 0
) -> Iterator[tuple[int, int, int, int, int]]:
    """Every legal composition ``(rank, base, twos, big, small)`` of ``size`` cards from ``counts``.

    ``rank`` is the base rank value (0 with no base). ``min_big`` skips compositions with fewer 大花.
    """
    nd, nx, n2 = counts[Rank.BIG_JOKER], counts[Rank.SMALL_JOKER], counts[Rank.TWO]
    # no base: 2s as the set (with or without jokers) and jokers only
    for twos in range(min(n2, size), -1, -1):
        rest = size - twos
        for big in range(max(min_big, rest - nx), min(nd, rest) + 1):
            yield 0, 0, twos, big, rest - big
    for r in BASE_RANKS:
        have = counts[r]
        for base in range(1, min(have, size) + 1):
            left = size - base
            for twos in range(min(n2, left) if tieqian else 0, -1, -1):
                rest = left - twos
                for big in range(max(min_big, rest - nx), min(nd, rest) + 1):
                    yield r, base, twos, big, rest - big


def _play(rank: int, base: int, twos: int, big: int, small: int, rules: Ruleset) -> Play:
    return Play.from_counts(Rank(rank) if base else None, base, twos, big, small, rules)


def _cost(p: Play) -> tuple[int, int, int, int, int]:
    return (p.size, p.jokers, p.big_jokers, p.twos, p._r)


def possible_plays(hand: Hand | str, rules: Ruleset | str | None = None, size: int | None = None) -> list[Play]:
    """Every distinct play ``hand`` can make under ``rules`` (of ``size`` cards only, if given)."""
    rules = find_ruleset(rules)
    h = _as_hand(hand)
    sizes = [size] if size is not None else range(1, len(h) + 1)
    plays = [_play(*c, rules) for s in sizes for c in _compositions(h.counts, s, rules.tieqian)]
    return sorted(plays, key=_cost)


def beating_plays(hand: Hand | str, target: Play | str, rules: Ruleset | str | None = None) -> list[Play]:
    """Every distinct play ``hand`` can make that beats ``target`` under ``rules``, cheapest first.

    ``rules`` defaults to the target's rule set (or ``qingdao`` for notation). The same rule decides here as
    in :func:`gouji_teach.compare.beats`.
    """
    if rules is None:
        rules = target.rules if isinstance(target, Play) else QINGDAO
    rules = find_ruleset(rules)
    tg = as_play(target, rules)
    counts = _as_hand(hand).counts
    cover = rules.joker_model == "cover"
    downgrade = rules.downgrade_mixed_jokers
    tb, ts, tr, tn = tg.big_jokers, tg.small_jokers, tg._r, tg.count
    kills = range(min(tb, counts[Rank.BIG_JOKER] // 2) + 1) if rules.big_joker_kill else range(1)
    plain = not (tb or ts)
    out: list[Play] = []
    for k in kills:
        for rank, base, twos, big, small in _compositions(counts, tg.size + k, rules.tieqian, 2 * k):
            if plain and base and rank <= tr:
                continue  # a plain target needs a higher base (or none): skip without building anything
            cb, cs = (0, big + small) if downgrade and big and small else (big, small)
            if cb < 2 * k:
                continue  # a mixed play's 大花 count as 小花 and kill nothing
            cr = rank if base else (_TWO if twos else JOKERS_ONLY_RANK)
            if _decide(cb - 2 * k, cs, cr, base + twos, tb - k, ts, tr, tn, cover) is None:
                out.append(_play(rank, base, twos, big, small, rules))
    out.sort(key=_cost)
    return out

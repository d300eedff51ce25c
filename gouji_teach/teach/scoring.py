"""How a drill's attempts score: the star rule the progress store applies to the history it holds (and its
migrations apply to the stars an older store kept)."""

from __future__ import annotations

__all__ = ["MISSES_SHOWN", "stars_for"]

#: The miss at which a page shows a drill's answer: a drill missed this many times before a solve keeps 0 stars.
MISSES_SHOWN = 3


def stars_for(number: int, *, hinted: bool = False, choices: int = 0) -> int:
    """Stars for solving a drill at attempt ``number``: 3 at the first, 2 at the second, then 1; a hint the
    learner asked for costs one (never below 1). A drill of ``choices`` answers to pick from solved when every
    other answer was missed (only the right one left: a two-choice drill's second try) earns 1.

    >>> [stars_for(n) for n in (1, 2, 3, 10)], [stars_for(n, hinted=True) for n in (1, 2, 3)]
    ([3, 2, 1, 1], [2, 1, 1])
    >>> [stars_for(n, choices=2) for n in (1, 2)], [stars_for(n, choices=3) for n in (1, 2, 3)]
    ([3, 1], [3, 2, 1])
    """
    if number < 1:
        raise ValueError(f"attempt numbers start at 1, not {number}")
    if choices and number >= choices:  # nothing left to choose
        return 1
    return max(1, 4 - number - int(hinted))

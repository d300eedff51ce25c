"""Choice-only guessing: rules that see only a multiple-choice drill's choices (never the question) and pick one.
Wrong choices must be mistakes learners make, not transformations of the right answer, so none of these rules
should pick the right choice much more often than chance. Used by ``test_fair_choices.py`` (the drill registry),
``test_situations.py`` (the situation drills) and ``bench/bench_situations.py`` (which prints the figures). Also
:func:`answer_shares`, how often each answer is the right one at a level (``test_level_answers.py``,
``bench/bench_levels.py``).

The rules, each seeing only the choices' texts in the order shown:

* by position: always the first, the second, ..., the last;
* by length: the longest text, the shortest;
* by parts shared with the others (parts: the items of a list of payments, or the words): the most (the
  "centre" the wrong choices were built around), the fewest (the odd one out);
* by characters shared with the others: the most, the fewest;
* for numbers: the median, the largest, the smallest, the nearest to the mean, the one whose negative, double or
  half is also offered, the odd one out by sign.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable, Sequence
from typing import NamedTuple

from gouji_teach import PRESETS
from gouji_teach.teach.drills import LEVELS, make_drill

__all__ = ["RULES", "Shares", "answer_shares", "score_rules"]

Rule = Callable[[Sequence[str]], int]  # the index of the choice it picks


def _parts(text: str) -> set[str]:
    items = [x.strip() for x in re.split(r"[；;，,、]", text) if x.strip()]
    return set(items) if len(items) > 1 else set(text.split())


def _argmax(values: Sequence[float]) -> int:
    return max(range(len(values)), key=lambda i: values[i])


def _argmin(values: Sequence[float]) -> int:
    return min(range(len(values)), key=lambda i: values[i])


def _shared_parts(texts: Sequence[str]) -> list[int]:
    parts = [_parts(x) for x in texts]
    return [sum(len(p & q) for j, q in enumerate(parts) if j != i) for i, p in enumerate(parts)]


def _shared_chars(texts: Sequence[str]) -> list[int]:
    return [sum(len(set(x) & set(y)) for j, y in enumerate(texts) if j != i) for i, x in enumerate(texts)]


def _numbers(texts: Sequence[str]) -> list[int] | None:
    return [int(x) for x in texts] if all(re.fullmatch(r"-?\d+", x) for x in texts) else None


def _values(texts: Sequence[str]) -> list[int]:
    return _numbers(texts) or [len(x) for x in texts]


def _median(texts: Sequence[str]) -> int:
    values = _values(texts)
    return values.index(statistics.median_low(values))


def _mean(texts: Sequence[str]) -> int:
    values = _values(texts)
    mean = statistics.mean(values)
    return _argmin([abs(v - mean) for v in values])


def _partnered(texts: Sequence[str]) -> int:
    values = _values(texts)
    return _argmax([sum(w in (-v, 2 * v) or 2 * w == v for w in values if w != v) for v in values])


def _odd_sign(texts: Sequence[str]) -> int:
    signs = [(v > 0) - (v < 0) for v in _values(texts)]
    return _argmin([signs.count(s) for s in signs])


#: The guessing rules by name.
RULES: dict[str, Rule] = {
    **{f"position {k + 1}": (lambda texts, k=k: min(k, len(texts) - 1)) for k in range(6)},
    "last position": lambda texts: len(texts) - 1,
    "longest": lambda texts: _argmax([len(x) for x in texts]),
    "shortest": lambda texts: _argmin([len(x) for x in texts]),
    "most parts shared": lambda texts: _argmax(_shared_parts(texts)),
    "fewest parts shared (odd one out)": lambda texts: _argmin(_shared_parts(texts)),
    "most characters shared": lambda texts: _argmax(_shared_chars(texts)),
    "fewest characters shared": lambda texts: _argmin(_shared_chars(texts)),
    "median value": _median,
    "largest value": lambda texts: _argmax(_values(texts)),
    "smallest value": lambda texts: _argmin(_values(texts)),
    "nearest the mean": _mean,
    "has its negative, double or half offered": _partnered,
    "odd one out by sign": _odd_sign,
}


def score_rules(kind: str, drills: int = 200, first: int = 0) -> tuple[dict[str, float], float]:
    """Each rule's share of right picks over ``drills`` drills of ``kind`` (numbers ``first``, ``first + 1``
    ...; the levels and the rule sets in turn), in both languages, and the chance level (the mean of 1 / number
    of choices)."""
    rulesets = list(PRESETS)
    hits = dict.fromkeys(RULES, 0)
    chance = 0.0
    for n in range(drills):
        puzzle = make_drill(kind, first + n, level=LEVELS[n % 3], rules=rulesets[(n // 3) % 4])
        choices = puzzle.choices
        right = [i for i, c in enumerate(choices) if puzzle.check(c.key).correct]
        assert len(right) == 1, puzzle.puzzle_id
        chance += 1 / len(choices)
        for name, rule in RULES.items():
            for lang in ("zh", "en"):
                hits[name] += rule([getattr(c, lang) for c in choices]) == right[0]
    return {name: h / (2 * drills) for name, h in hits.items()}, chance / drills


class Shares(NamedTuple):
    """The right answers of drills of one kind, level and rule set: the most frequent, its share, chance (the mean
    of 1 / number of choices) and every answer that was right in some drill."""

    top: str
    share: float
    chance: float
    answers: frozenset[str]


def answer_shares(kind: str, level: str, rules: str, drills: int = 200, first: int = 0) -> Shares:
    """The right answers over ``drills`` drills of ``kind`` at ``level`` under ``rules`` (numbers ``first``,
    ``first + 1`` ...). An answer is told by what the right choice says (its English text: ``Yes, it beats``, ``Not
    够级``, ``Qingdao, Linyi``), not by its key, which for some kinds is a place or an index (``a``, ``b``, ...;
    ``0``, ``1``, ...)."""
    counts: dict[str, int] = {}
    chance = 0.0
    for n in range(drills):
        puzzle = make_drill(kind, first + n, level=level, rules=rules)
        right = [c.en for c in puzzle.choices if puzzle.check(c.key).correct]
        assert len(right) == 1, puzzle.puzzle_id
        counts[right[0]] = counts.get(right[0], 0) + 1
        chance += 1 / len(puzzle.choices)
    top = max(counts, key=counts.__getitem__)
    return Shares(top, counts[top] / drills, chance / drills, frozenset(counts))

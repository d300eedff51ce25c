"""Fair choices (issue 11 item 4): wrong choices are mistakes learners make, not transformations of the right
answer, so that a rule that sees only the choices (never the question) picks the right one hardly more often than
chance. Over at least 200 drills of every multiple-choice kind of the drill registry (kinds added later are
covered too), under all four rule sets and all levels, no rule below beats chance by more than 15 points (with
four choices: at most 40%).

The rules tried, each seeing only the choices' texts in the order shown:

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

import pytest

from gouji_teach import PRESETS
from gouji_teach.teach.drills import KINDS, LEVELS, make_drill

DRILLS = 200
MARGIN = 0.15
RULESETS = list(PRESETS)

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


def _median(texts: Sequence[str]) -> int:
    values = _numbers(texts) or [len(x) for x in texts]
    middle = statistics.median_low(values)
    return values.index(middle)


def _mean(texts: Sequence[str]) -> int:
    values = _numbers(texts) or [len(x) for x in texts]
    mean = statistics.mean(values)
    return _argmin([abs(v - mean) for v in values])


def _partnered(texts: Sequence[str]) -> int:
    values = _numbers(texts) or [len(x) for x in texts]
    return _argmax([sum(w in (-v, 2 * v) or 2 * w == v for w in values if w != v) for v in values])


def _odd_sign(texts: Sequence[str]) -> int:
    values = _numbers(texts) or [len(x) for x in texts]
    signs = [(v > 0) - (v < 0) for v in values]
    return _argmin([signs.count(s) for s in signs])


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
    "largest value": lambda texts: _argmax(_numbers(texts) or [len(x) for x in texts]),
    "smallest value": lambda texts: _argmin(_numbers(texts) or [len(x) for x in texts]),
    "nearest the mean": _mean,
    "has its negative, double or half offered": _partnered,
    "odd one out by sign": _odd_sign,
}

CHOICE_KINDS = [k for k in KINDS if make_drill(k, 0, level="easy", rules="qingdao").choices]


def test_the_registry_has_multiple_choice_kinds():
    assert {"beats", "gouji", "count", "tribute", "places"} <= set(CHOICE_KINDS)


def score_rules(kind: str) -> tuple[dict[str, float], float]:
    """Each rule's share of right picks over DRILLS drills of ``kind`` (levels and rule sets in turn), in both
    languages, and the chance level (the mean of 1 / number of choices)."""
    hits = dict.fromkeys(RULES, 0)
    chance = 0.0
    for n in range(DRILLS):
        puzzle = make_drill(kind, n, level=LEVELS[n % 3], rules=RULESETS[(n // 3) % 4])
        choices = puzzle.choices
        right = [i for i, c in enumerate(choices) if puzzle.check(c.key).correct]
        assert len(right) == 1, puzzle.puzzle_id
        chance += 1 / len(choices)
        for name, rule in RULES.items():
            for lang in ("zh", "en"):
                hits[name] += rule([getattr(c, lang) for c in choices]) == right[0]
    return {name: h / (2 * DRILLS) for name, h in hits.items()}, chance / DRILLS


@pytest.mark.parametrize("kind", CHOICE_KINDS)
def test_no_rule_that_sees_only_the_choices_beats_chance(kind):
    rates, chance = score_rules(kind)
    best = max(rates, key=rates.get)
    assert rates[best] <= chance + MARGIN, (
        f"{kind}: '{best}' picks the right choice in {rates[best]:.0%} of {DRILLS} drills (chance {chance:.0%})")

"""Levels that do not predict answers (issue 22 item 3): for every multiple-choice kind of the drill registry, every
level and every rule set, no answer is the right one in more than chance + 15 points of 100 drills (by what the
right choice says, not where it stands; a share's standard error there is at most 5 points, so the margin is three
of them; ``bench/bench_levels.py`` prints the shares over 200). A learner who knows the level, or only the rule
set, must not be able to answer without reading the question.

Some levels allow fewer answers than there are choices, as their docstrings define them; those are listed in
:data:`LIMITED` with the reason, and there the right answers are those and no other, drawn evenly (each at most
1 / their number + 15 points); a level that allows one answer only is skipped, saying why.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import pytest
from guessing import Shares, answer_shares
from test_fair_choices import CHOICE_KINDS

from gouji_teach import PRESETS
from gouji_teach.rules.rulesets import Ruleset
from gouji_teach.teach.drills import LEVELS

DRILLS = 100
MARGIN = 0.15

_NOT, _GOUJI, _OPENS = "Not 够级", "够级, but it cannot 开点", "够级, and it can 开点"


def _sets(*names: str) -> str:
    """The English text of a rulesets drill's choice of the rule sets ``names``."""
    return ", ".join(r.title_en for r in PRESETS.values() if r.name in names)


_NOBODY, _ALL = "nobody", _sets(*PRESETS)
_TIEQIAN = _sets(*(n for n, r in PRESETS.items() if r.tieqian))
_ANY_OPENS = _sets(*(n for n, r in PRESETS.items() if not r.kaidian_pure_only))
#: (kind, level) -> the rule sets where the level allows fewer answers than its choices (a test of the rule set's
#: switches), the answers it allows, and why.
LIMITED: dict[tuple[str, str], tuple[Callable[[Ruleset], bool], frozenset[str], str]] = {
    ("gouji", "easy"): (lambda r: True, frozenset({_NOT, _OPENS}),
                        "easy is a plain set clearly below its threshold (not 够级) or clearly above it, and a plain "
                        "set clearly above its threshold always opens"),
    ("gouji", "medium"): (lambda r: not r.kaidian_pure_only, frozenset({_NOT, _OPENS}),
                          "medium has no joker, and where not only pure 够级 opens (kaidian_pure_only off) every "
                          "够级 play without a joker opens"),
    ("gouji", "hard"): (lambda r: r.kaidian_pure_only, frozenset({_NOT, _GOUJI}),
                        "hard has 2s or a joker in every play, and where only pure 够级 opens (kaidian_pure_only) "
                        "none of them opens"),
    ("rulesets", "easy"): (lambda r: True, frozenset({_NOBODY, _TIEQIAN, _ALL}),
                           "easy asks about 2s without a joker, where the rule sets differ only in 贴钱 (tieqian): "
                           "it holds under all of them, none, or those with 贴钱"),
    ("rulesets", "medium"): (lambda r: True, frozenset({_NOBODY, _ANY_OPENS, _ALL}),
                             "medium asks which plays without a joker can 开点, where the rule sets differ only in "
                             "whether only pure 够级 opens (kaidian_pure_only): all, none, or those where not"),
    ("revolution", "medium"): (lambda r: r.revolution_duel == "none", frozenset({"the hand is void"}),
                               "where there is no 冲点 (revolution_duel none) medium is two revolutions, and two "
                               "revolutions void the hand"),
}


@functools.cache
def _shares(kind: str) -> dict[tuple[str, str], Shares]:
    """The shares of every level and rule set of ``kind``, computed side by side on the machine's cores (the
    drills of a finished hand are played out by computer players: 2400 of them take a while)."""
    combos = [(level, rules) for level in LEVELS for rules in PRESETS]
    with ProcessPoolExecutor(max_workers=min(len(combos), os.cpu_count() or 1)) as pool:
        shares = pool.map(answer_shares, [kind] * len(combos), [c[0] for c in combos], [c[1] for c in combos],
                          [DRILLS] * len(combos))
        return dict(zip(combos, shares, strict=True))


def bound(kind: str, level: str, rules: str, shares: Shares) -> tuple[float, str | None]:
    """The most a right answer's share may be, and, where the level allows fewer answers than its choices under
    the rule set (:data:`LIMITED`), why; it asserts that no other answer was right."""
    limited = LIMITED.get((kind, level))
    if limited is None or not limited[0](PRESETS[rules]):
        return shares.chance + MARGIN, None
    _, allowed, why = limited
    assert shares.answers <= allowed, f"{kind}/{rules}/{level}: right answers {sorted(shares.answers)}"
    return 1 / len(allowed) + MARGIN, f"{len(allowed)} answer{'s' * (len(allowed) > 1)} only: {why}"


@pytest.mark.parametrize("rules", list(PRESETS))
@pytest.mark.parametrize("level", LEVELS)
# each kind's cases on one xdist worker: the first of them computes the kind's shares for all (:func:`_shares`, on
# every core), and a second worker would compute them again (places and tribute take minutes)
@pytest.mark.parametrize("kind", [pytest.param(k, marks=pytest.mark.xdist_group(f"level_answers-{k}"))
                                  for k in CHOICE_KINDS])
def test_no_answer_is_right_much_more_often_than_chance(kind, level, rules):
    shares = _shares(kind)[level, rules]
    most, why = bound(kind, level, rules, shares)
    if most >= 1:
        pytest.skip(f"{kind}/{rules}/{level} has {why}")
    assert shares.share <= most, (
        f"{kind}/{rules}/{level}: '{shares.top}' is the right answer in {shares.share:.0%} of {DRILLS} drills "
        f"(chance {shares.chance:.0%}, at most {most:.0%})")

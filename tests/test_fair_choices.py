"""Fair choices (issue 11 item 4): wrong choices are mistakes learners make, not transformations of the right
answer, so that a rule that sees only the choices (never the question) picks the right one hardly more often than
chance. Over at least 200 drills of every multiple-choice kind of the drill registry (kinds added later are
covered too), under all four rule sets and all levels, no rule of :mod:`guessing` beats chance by more than 15
points (with four choices: at most 40%).
"""

from __future__ import annotations

import pytest
from guessing import score_rules

from gouji_teach.teach.drills import KINDS, make_drill

DRILLS = 200
MARGIN = 0.15

CHOICE_KINDS = [k for k in KINDS if make_drill(k, 0, level="easy", rules="qingdao").choices]


def test_the_registry_has_multiple_choice_kinds():
    assert {"beats", "gouji", "count", "tribute", "places"} <= set(CHOICE_KINDS)


@pytest.mark.parametrize("kind", CHOICE_KINDS)
def test_no_rule_that_sees_only_the_choices_beats_chance(kind):
    rates, chance = score_rules(kind, DRILLS)
    best = max(rates, key=rates.get)
    assert rates[best] <= chance + MARGIN, (
        f"{kind}: '{best}' picks the right choice in {rates[best]:.0%} of {DRILLS} drills (chance {chance:.0%})")

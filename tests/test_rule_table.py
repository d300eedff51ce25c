"""The rule book is one declared table: read-only, each rule titled in both languages and cited under every set."""

from __future__ import annotations

import pytest

from gouji_teach.rules.rulebook import RULES, SETTLEMENT_RULES
from gouji_teach.rules.rulesets import PRESETS
from gouji_teach.rules.verdicts import cite


def test_nothing_adds_to_the_rule_book_at_run_time():
    with pytest.raises(TypeError):
        RULES["made.up"] = RULES["compare.rank"]  # type: ignore[index]  # writing a read-only table on purpose
    assert not hasattr(RULES, "update")


def test_every_rule_has_both_languages_and_a_citation_under_every_rule_set():
    assert set(SETTLEMENT_RULES) < set(RULES)
    for rule_id, rule in RULES.items():
        assert rule.id == rule_id and rule.zh and rule.en
        for rules in PRESETS.values():
            assert cite(rule_id, rules)

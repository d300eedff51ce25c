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


def test_a_choice_value_is_put_into_words_once() -> None:
    """Each value of a choice-valued switch has its words on its enum member, and every place that says it (the
    switch's description, the rule-set tables, a wrong answer's reason) takes them from there."""
    from gouji_teach.rules.rulesets import CHOICES, describe
    from gouji_teach.teach import printed
    from gouji_teach.teach.puzzles import choices

    for name, kind in CHOICES.items():
        zh, en = describe(name)
        for value in kind:
            assert value.zh and value.en and value.zh != value.value, (name, value)
            assert f"{value.zh}（{value.value}）" in zh and value.en in en
            assert (printed._value(value, "zh"), printed._value(value, "en")) == (value.zh, value.en)
            said = choices._switch_words(name, value)
            assert value.zh in said[0] and value.en in said[1]

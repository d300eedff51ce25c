"""Rule sets validate their switches: a typo in a switch is an error naming the field and what it allows, and
choice-valued switches become :class:`enum.StrEnum` members whose values are the old strings."""

from __future__ import annotations

import json

import pytest

from gouji_teach import PRESETS, QINGDAO, RulesetError
from gouji_teach.rules.rulesets import CHOICES, PassRule, switches

#: A value each kind of switch refuses.
BAD = {
    "bool": "yes",
    "int": -1,
    "TributeKind | None": "贡",
    "tuple[TributeKind, ...]": ("礼物",),
    "tuple[int, ...]": ("1",),
    "tuple[int, int]": (2, 1, 0),
    "Mapping[str, int]": {"me/you": 1},
}


@pytest.mark.parametrize("name", list(switches()))
def test_every_switch_rejects_an_unknown_value(name):
    kind = switches()[name].type
    bad = "typo" if name in CHOICES else BAD[kind]
    with pytest.raises(RulesetError) as info:
        QINGDAO.replace(**{name: bad})
    err = info.value
    assert err.field == name and name in err.zh and name in err.en and repr(bad) in err.en
    if name in CHOICES:
        assert all(v in err.en and v in err.zh for v in CHOICES[name])


def test_a_typo_in_a_choice_is_refused_not_taken_for_the_default_branch():
    with pytest.raises(RulesetError, match="suit_fours, first_three, drawn_card"):
        QINGDAO.replace(first_leader="suit_fuor", pass_rule="free")


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_choices_become_str_enums_with_the_same_values(rules):
    for name, enum in CHOICES.items():
        value = getattr(rules, name)
        assert isinstance(value, enum) and value == value.value and str(value) == value.value
    assert json.dumps({"p": rules.pass_rule}) == json.dumps({"p": str(rules.pass_rule)})
    assert QINGDAO.replace(pass_rule="free").pass_rule is PassRule.FREE

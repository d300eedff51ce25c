"""The scenario loader and the record loader under random and mutated input: a file is either read or refused
with the documented error (:class:`ScenarioError`, :class:`RecordError`), never any other exception.

Hypothesis runs derandomized with explicit example counts, so that the file stays fast and repeatable.
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gouji_teach.bots.players import play_hand
from gouji_teach.rules.errors import RecordError
from gouji_teach.rules.record import records_from_json
from gouji_teach.rules.rulesets import find_ruleset
from gouji_teach.rules.scenario import Scenario, ScenarioError, frames, run

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "scenarios").glob("*.yaml"))[:6]]
FUZZ = settings(max_examples=100, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))

_KEY = st.sampled_from(["title", "rules", "seed", "leader", "prelude", "hands", "steps", "do", "ask", "say", "zh",
                        "en", "<<", "x"])
_LEAF = st.one_of(st.none(), st.booleans(), st.integers(-3, 8), st.sampled_from([
    "qingdao", "linyi", "seat 0 plays KK", "seat 1 passes", "who may act", "can seat 3 play AA", "record",
    "what if seat 2 burns 99", "KK 5 6", "AA", "谁开点了", "座位3 让"]), st.text(max_size=12))
_DATA = st.recursive(_LEAF, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                    st.dictionaries(st.one_of(_KEY, st.integers(0, 6)), inner,
                                                                    max_size=5)), max_leaves=25)


def _load_and_play(text: str) -> None:
    try:
        scenario = Scenario.from_text(text, "fuzz.yaml")
        run(scenario)
        frames(scenario, "zaozhuang")
    except ScenarioError as e:
        assert e.path == "fuzz.yaml" and e.line >= 0 and e.zh and e.en


@FUZZ
@given(_DATA)
def test_random_scenario_structures_are_read_or_refused(data):
    _load_and_play(yaml.safe_dump(data, allow_unicode=True))


@FUZZ
@given(st.sampled_from(SHIPPED), st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 3),
                                                    st.sampled_from(["", ":", "-", "\n", " ", "[", "{", "&a", "*a",
                                                                     "<<: ", "7", "座"])), max_size=4))
def test_mutated_shipped_scenarios_are_read_or_refused(text, edits):
    for at, cut, insert in edits:
        at %= len(text) + 1
        text = text[:at] + insert + text[at + cut:]
    _load_and_play(text)


RECORD = play_hand(3, find_ruleset("linyi")).game_record().to_json()


@FUZZ
@given(st.dictionaries(st.sampled_from([*sorted(RECORD), "void", "hands", "revolution_failed", "x"]), _DATA,
                       max_size=4))
def test_mutated_records_are_read_or_refused(changes):
    data = json.loads(json.dumps({**RECORD, **changes}, default=str))
    for item in (data, [data, data]):
        try:
            records_from_json(item)
        except RecordError as e:
            assert e.field and e.zh and e.en

"""Event kinds are a typed vocabulary: the engine only emits :class:`EventKind` members, nothing else can be made,
and records and JSON still write the same ids."""

from __future__ import annotations

import json

import pytest

import gouji_teach
from gouji_teach.bots.players import play_hand
from gouji_teach.rules.engine import Game
from gouji_teach.rules.events import Event, EventKind
from gouji_teach.rules.rulesets import PRESETS
from gouji_teach.teach.puzzles.prelude import _revolution_story

HANDS_PER_RULESET = 40


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=lambda r: r.name)
def test_every_event_of_self_played_hands_is_an_event_kind(rules):
    seen: set[EventKind] = set()
    for seed in range(HANDS_PER_RULESET):
        for event in play_hand(seed, rules).events:
            assert type(event.kind) is EventKind, (seed, event)
            seen.add(event.kind)
    assert {EventKind.FIRST_LEADER, EventKind.LEAD, EventKind.PASS, EventKind.ROUND, EventKind.OUT,
            EventKind.END} <= seen


def test_an_unknown_kind_is_refused_and_a_value_becomes_its_member():
    with pytest.raises(ValueError, match="bogus"):
        Event(kind="bogus", seat=0, zh="", en="")  # type: ignore[arg-type]  # a wrong kind on purpose
    assert Event("men", 2, "闷", "闷").kind is EventKind.MEN
    assert gouji_teach.EventKind is EventKind


def test_event_json_writes_the_same_plain_ids():
    g = Game.from_hands({0: "KK 5", 1: "QQ 4", 2: "9", 3: "AA 6", 4: "8", 5: "7"}, leader=0)
    g.act("seat 0 plays KK")
    events = g.act("seat 3 passes")
    assert [json.loads(json.dumps(e.to_dict()))["kind"] for e in events] == ["pass", "round", "kaidian"]
    assert type(events[0].to_dict()["kind"]) is str
    assert json.dumps(events[0].to_dict(), ensure_ascii=False) == (
        '{"kind": "pass", "seat": 3, "other": null, "cards": null, "rule": "pass.rule", "zh": "座位3过牌", '
        '"en": "seat 3 passes"}')


def _chongdian_game() -> Game:
    g = Game.from_hands({0: "2 2 A A K K K 5", 1: "9 8 7 3", 2: "7 6 5", 3: "A A K K Q Q Q 8 3", 4: "2 2 6 5",
                         5: "9 8 7"}, "linyi", leader=0)
    g.act("seat 3 revolts")
    return g


def test_declining_to_chongdian_is_its_own_event_and_the_drill_reads_it_not_the_sentence():
    g = _chongdian_game()
    [event] = [e for e in g.act("seat 3 passes") if e.kind is EventKind.NO_CHONGDIAN]
    assert event.seat == 3 and event.rule == "revolt.duel"
    assert "不冲点" in _revolution_story(g, 3)[0] and "does not 冲点" in _revolution_story(g, 3)[1]


def test_a_duel_played_out_is_no_declining():
    g = _chongdian_game()
    g.act("seat 3 plays QQQ")
    g.act("seat 0 plays KKK")
    assert not any(e.kind is EventKind.NO_CHONGDIAN for e in g.events)
    assert "不冲点" not in _revolution_story(g, 3)[0]

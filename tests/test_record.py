"""The game record: the JSON format the engine writes and settlement reads; bad fields are named."""

from __future__ import annotations

import json

import pytest

from gouji_teach.rules.cards import Hand
from gouji_teach.rules.errors import GoujiError, RecordError
from gouji_teach.rules.record import Burn, GameRecord, Men, records_from_json

GOOD = {
    "rules": "qingdao",
    "first_hand": False,
    "finish_order": [0, 1, 2, 3, 4],
    "revolution": [],
    "kaidian": [0, 1, 2],
    "xuandian": [3],
    "burns": [{"burner": 1, "victim": 4, "outcome": "counter"}, {"burner": 4, "victim": 1, "outcome": "success"}],
    "men": [{"by": 4, "victim": 5}],
}


def bad(**changes) -> dict:
    data = {**GOOD, **changes}
    return {k: v for k, v in data.items() if v is not ...}


def test_a_good_record_reads_and_round_trips():
    record = GameRecord.from_json(GOOD)
    assert record.burns == (Burn(1, 4, "counter"), Burn(4, 1, "success"))
    assert record.men == (Men(4, 5),)
    assert record.to_json() == GOOD
    assert json.loads(json.dumps(record.to_json())) == GOOD


def test_optional_keys_round_trip():
    data = {**GOOD, "revolution": [1], "revolution_failed": [1], "finish_order": [0, 2, 3, 4],
            "burns": [], "hands": {"0": "D X 2 A♠", "3": ""}}
    record = GameRecord.from_json(data)
    assert record.hands == {0: Hand.parse("D X 2 A♠"), 3: Hand()}
    assert GameRecord.from_json(record.to_json()) == record


def test_void_hand_may_list_two_revolutionaries():
    record = GameRecord.from_json({**GOOD, "revolution": [1, 5], "finish_order": [0, 2, 3, 4], "men": [],
                                   "void": True})
    assert record.void and record.to_json()["void"] is True


BAD_RECORDS = [
    ("not an object", [1, 2], "record"),
    ("unknown key", bad(finsh_order=[0]), "finsh_order"),
    ("missing key", bad(men=...), "men"),
    ("rules not a string", bad(rules=3), "rules"),
    ("unknown rule set", bad(rules="beijing"), "rules"),
    ("first_hand not a bool", bad(first_hand=1), "first_hand"),
    ("finish_order not a list", bad(finish_order="012"), "finish_order"),
    ("finish_order seat out of range", bad(finish_order=[0, 1, 2, 7]), "finish_order[3]"),
    ("finish_order seat not a number", bad(finish_order=[0, "1"]), "finish_order[1]"),
    ("finish_order seat is a bool", bad(finish_order=[True]), "finish_order[0]"),
    ("finish_order seat twice", bad(finish_order=[0, 1, 0]), "finish_order[2]"),
    ("two revolutionaries without void", bad(revolution=[1, 5], finish_order=[0, 2, 3, 4], men=[]), "revolution"),
    ("revolutionary who went out", bad(revolution=[1]), "revolution[0]"),
    ("revolution_failed not a revolutionary", bad(revolution_failed=[2]), "revolution_failed[0]"),
    ("kaidian seat out of range", bad(kaidian=[0, 6]), "kaidian[1]"),
    ("kaidian seat twice", bad(kaidian=[2, 2]), "kaidian[1]"),
    ("xuandian not a list", bad(xuandian=3), "xuandian"),
    ("xuandian seat negative", bad(xuandian=[-1]), "xuandian[0]"),
    ("burns not a list", bad(burns={}), "burns"),
    ("burn not an object", bad(burns=[[1, 4]]), "burns[0]"),
    ("burn missing victim", bad(burns=[{"burner": 1, "outcome": "success"}]), "burns[0].victim"),
    ("burn unknown key", bad(burns=[{"burner": 1, "victim": 4, "outcome": "success", "x": 1}]), "burns[0].x"),
    ("burn outcome unknown", bad(burns=[{"burner": 1, "victim": 4, "outcome": "win"}]), "burns[0].outcome"),
    ("burn outcome missing", bad(burns=[{"burner": 1, "victim": 4}]), "burns[0].outcome"),
    ("burn of oneself", bad(burns=[{"burner": 1, "victim": 1, "outcome": "success"}]), "burns[0].victim"),
    ("burner out of range", bad(burns=[{"burner": 9, "victim": 1, "outcome": "success"}]), "burns[0].burner"),
    ("men not a list", bad(men="4>5"), "men"),
    ("men missing by", bad(men=[{"victim": 5}]), "men[0].by"),
    ("men by out of range", bad(men=[{"by": 8, "victim": 5}]), "men[0].by"),
    ("men of oneself", bad(men=[{"by": 5, "victim": 5}]), "men[0].victim"),
    ("men twice", bad(men=[{"by": 4, "victim": 5}, {"by": 3, "victim": 5}]), "men[1].victim"),
    ("men of a revolutionary", bad(revolution=[5], men=[{"by": 4, "victim": 5}]), "men[0].victim"),
    ("hands not an object", bad(hands=["DX"]), "hands"),
    ("hands key not a seat", bad(hands={"6": "DX"}), "hands.6"),
    ("hands cards not a string", bad(hands={"1": 22}), "hands.1"),
    ("hands bad notation", bad(hands={"1": "DX1"}), "hands.1"),
    ("void not a bool", bad(void="yes"), "void"),
]


@pytest.mark.parametrize(("case", "data", "field"), BAD_RECORDS, ids=[c[0] for c in BAD_RECORDS])
def test_a_bad_record_names_the_field(case, data, field):
    with pytest.raises(RecordError) as e:
        records_from_json([data])
    expected = f"[0].{field}"
    assert e.value.field == expected
    assert isinstance(e.value, GoujiError) and isinstance(e.value, ValueError)
    assert str(e.value).startswith(f"{expected}：") and f" / {expected}: " in str(e.value)


def test_a_single_record_error_has_no_series_prefix():
    with pytest.raises(RecordError) as e:
        records_from_json(bad(finish_order=[0, 1, 2, 7]))
    assert str(e.value) == "finish_order[3]：座位7不存在（座位是0-5） / finish_order[3]: seat 7 is not a seat 0-5"


def test_an_empty_series_is_an_error():
    with pytest.raises(RecordError) as e:
        records_from_json([])
    assert e.value.field == "[]"


def test_a_record_built_in_python_is_checked_too():
    with pytest.raises(RecordError) as e:
        GameRecord(rules="qingdao", first_hand=False, finish_order=(0, 1), men=(Men(2, 2),))
    assert e.value.field == "men[0].victim"


def test_a_counter_whose_fanshao_was_lifted_and_left_out_ends_its_chain():
    record = GameRecord.from_json({**GOOD, "burns": [{"burner": 1, "victim": 4, "outcome": "counter"}]})
    assert record.burn_chains() == ((0,),)


def test_burn_chains_link_each_counter_to_its_fanshao():
    record = GameRecord.from_json({**GOOD, "burns": [
        {"burner": 1, "victim": 4, "outcome": "counter"}, {"burner": 4, "victim": 1, "outcome": "counter"},
        {"burner": 0, "victim": 3, "outcome": "cancelled"}, {"burner": 1, "victim": 4, "outcome": "success"}]})
    assert record.burn_chains() == ((0, 1, 3), (2,))


def test_the_engine_builds_the_record_and_writes_it_in_the_order_records_on_disk_have():
    """The engine builds the GameRecord itself; its JSON keeps the key order ``selfplay`` has always written, so
    saved records and their copies stay byte-identical."""
    from gouji_teach.bots.players import play_hand
    from gouji_teach.rules.rulesets import find_ruleset

    game = play_hand(3, find_ruleset("qingdao"))
    record = game.game_record()
    data = record.to_json()
    assert record.finish_order
    assert list(data)[:8] == ["rules", "finish_order", "revolution", "kaidian", "xuandian", "burns", "men",
                              "first_hand"]
    assert GameRecord.from_json(json.loads(json.dumps(data))) == record


def test_game_record_is_the_one_way_to_a_hands_record() -> None:
    """Issue 27 "two ways into one thing": the record is ``Game.game_record()`` (its JSON ``.to_json()``);
    ``Game.record()`` still gives that JSON for one release, with a DeprecationWarning naming the new way."""
    from gouji_teach.bots.players import play_hand

    game = play_hand(3, "qingdao")
    with pytest.warns(DeprecationWarning, match=r"Game\.game_record\(\)\.to_json\(\)"):
        data = game.record()
    assert data == game.game_record().to_json()

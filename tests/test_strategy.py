"""The practice table's computer players (:mod:`gouji_teach.bots.strategy`) and ``gouji-teach match``.

Behaviour is pinned on small positions, one per promise of issue 15 (partner, 对头's 够级, 开点, 烧, 憋三, 4s);
then seeded whole hands under every rule set end legally and settle. The speed and strength goals are in
``bench/bench_match.py``, not here.
"""

from __future__ import annotations

import json
import string

import pytest

from gouji_teach.bots.match import play_match
from gouji_teach.bots.players import play_hand
from gouji_teach.bots.strategy import REASONS, TeamPlayer
from gouji_teach.cli import main
from gouji_teach.rules.engine import Game
from gouji_teach.rules.rulesets import PRESETS
from gouji_teach.rules.settlement import settle_series

HANDS_PER_RULESET = 40


def _decide(hands: dict[int, str], rules: str = "qingdao", steps: tuple[str, ...] = (), leader: int = 0):
    game = Game.from_hands(hands, rules, leader=leader)
    for step in steps:
        game.act(step)
    return TeamPlayer().decide(game, game.to_act)


def test_partner_play_stands():
    d = _decide({0: "9 5", 1: "4 4", 2: "K 8", 3: "6 6", 4: "7 7", 5: "8 8"}, steps=("seat 0 plays 9",
                                                                                      "seat 1 passes"))
    assert (d.action.kind, d.key) == ("pass", "partner")


def test_goes_out_over_partner():
    d = _decide({0: "9 5", 1: "4 4", 2: "K", 3: "6 6", 4: "7 7", 5: "8 8"}, steps=("seat 0 plays 9",
                                                                                   "seat 1 passes"))
    assert (d.action.kind, d.action.cards, d.key) == ("play", "K", "go_out")


def test_answers_duitou_gouji_with_jokers_if_needed():
    """002 §5 打够级牌: only the 对头 answers; left unanswered, the 对头 开点s."""
    d = _decide({0: "KK 5", 1: "5 6", 2: "5 6", 3: "X2 6 7", 4: "5 6", 5: "5 6"}, steps=("seat 0 plays KK",))
    assert d.action.seat == 3 and d.action.kind == "play" and d.key == "answer_duitou"


def test_keeps_twos_and_jokers_against_a_small_play():
    d = _decide({0: "5 9 9 9 10 10", 1: "2 4 4", 2: "6 6", 3: "7 7", 4: "7 7", 5: "7 7"}, steps=("seat 0 plays 5",))
    assert d.action.kind == "pass" and d.key == "keep_big"


def test_stops_an_opponent_about_to_go_out():
    d = _decide({0: "5 9", 1: "2 4 4", 2: "6 6", 3: "7 7", 4: "7 7", 5: "7 7"}, steps=("seat 0 plays 5",))
    assert (d.action.kind, d.action.cards) == ("play", "2")


@pytest.mark.parametrize("head, expected", [("6", "kaidian"), ("6 7 8", "lead_low")])
def test_tries_kaidian_when_the_duitou_cannot_answer(head, expected):
    d = _decide({0: "KK 5", 1: "7 8", 2: "7 8", 3: head, 4: "7 8", 5: "7 8"})
    assert d.key == expected
    assert d.action.cards == ("KK" if expected == "kaidian" else "5")


@pytest.mark.parametrize("hand, burns", [("DD AA 9", True), ("AA 9 8 7", False)])
def test_burns_only_where_it_pays(hand, burns):
    """002 §5 烧牌: after a burn every lead must carry a joker; a burn that cannot is not tried."""
    d = _decide({0: "KK 5 5", 1: hand, 2: "6 7", 3: "6 7", 4: "6 7", 5: "6 7"}, steps=("seat 0 plays KK",))
    assert d.action.seat == 1
    assert (d.action.kind, d.key) == (("burn", "burn") if burns else ("pass", "no_burn"))


def test_goes_out_with_threes_under_biesan():
    d = _decide({0: "333", 1: "7 8", 2: "7 8", 3: "7 8", 4: "7 8", 5: "7 8"})
    assert (d.action.cards, d.key) == ("333", "threes_last")


@pytest.mark.parametrize("rules, cards", [("qingdao", "44"), ("tongsu", "66")])
def test_leads_fours_first_where_they_may_be_led(rules, cards):
    """tongsu (000 part 3 第6条) forbids 4s before 开点; qingdao leads them freely."""
    d = _decide({0: "44 66 9 3", 1: "7 8", 2: "7 8", 3: "7 8 9", 4: "7 8", 5: "7 8"}, rules)
    assert d.action.cards == cards


def test_decisions_never_look_at_other_hands():
    """The same own hand and the same card counts elsewhere give the same decision, whatever the others hold."""
    a = Game.deal(11, "linyi")
    others = [c for s in range(1, 6) for c in a.hands[s]]
    shuffled = others[5:] + others[:5]
    sizes = [len(a.hands[s]) for s in range(1, 6)]
    hands, i = {0: a.hands[0]}, 0
    for s, n in zip(range(1, 6), sizes, strict=True):
        hands[s], i = shuffled[i : i + n], i + n
    b = Game.from_hands(hands, "linyi", leader=0)
    a2 = Game.from_hands(dict(enumerate(a.hands)), "linyi", leader=0)
    assert TeamPlayer().decide(a2, 0).action == TeamPlayer().decide(b, 0).action


def test_every_reason_has_both_languages():
    for key, (zh, en) in REASONS.items():
        assert zh.strip() and en.strip(), key
        assert _fields(zh) == _fields(en), key


def _fields(text: str) -> set[str]:
    """The values a template names (``what_zh`` and ``what_en`` are one value in its two languages)."""
    return {f.removesuffix("_zh").removesuffix("_en") for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("rules", list(PRESETS))
def test_seeded_hands_between_team_players_end_legally_and_settle(rules):
    records = []
    for seed in range(HANDS_PER_RULESET):
        player = TeamPlayer()
        game = play_hand(seed, rules, [player] * 6)  # play_hand applies each choice: an illegal one raises
        assert game.is_over
        assert sorted(game.finish_order()) == sorted(s for s in range(6) if game.status(s) != "revolt")
        assert all(d.zh and d.en for d in player.last.values())
        records.append(game.game_record())
    settled = settle_series(records)
    assert len(settled) == HANDS_PER_RULESET


@pytest.mark.parametrize("rules", list(PRESETS))
def test_match_against_simple_players_is_legal_and_swaps_seats(rules):
    r = play_match(rules, 100, 6)
    data = r.to_json()
    assert data["illegal"] == 0 and data["hands"] == 6
    assert data["teams"]["a"]["points"] + data["teams"]["b"]["points"] == 0
    assert sum(map(len, r.decision_ms)) == data["decisions"] > 0


@pytest.mark.parametrize("rules", list(PRESETS))
def test_a_match_plays_each_deal_twice_with_the_teams_swapped(rules):
    """Two equal levels on one deal played both ways: whatever one team scores the other scores in the other hand,
    so the margin is exactly nothing (deal luck cancels)."""
    r = play_match(rules, 7, 4, team_a="team", team_b="team")
    assert r.a_points[0] == r.b_points[1] and r.a_points[2] == r.b_points[3]
    assert r.margin() == (0.0, 0.0, 0.0) and any(r.a_points)


def test_cli_match_json(capsys):
    assert main(["match", "--rules", "tongsu", "--seed", "4", "--hands", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"hands", "illegal", "max_decision_ms", "teams"} <= set(data)
    assert data["hands"] == 3 and data["illegal"] == 0
    assert set(data["teams"]) == {"a", "b"} and "points" in data["teams"]["a"]
    assert (data["teams"]["a"]["level"], data["teams"]["b"]["level"]) == ("team", "simple")


def test_cli_match_text(capsys):
    assert main(["match", "--rules", "linyi", "--hands", "2"]) == 0
    out = capsys.readouterr().out
    assert "illegal actions: 0" in out and "A team" in out and "B simple" in out


@pytest.mark.parametrize("argv", [["--hands", "0"], ["--hands", "x"], ["--rules", "beijing"], ["--seed", "a"]])
def test_cli_match_bad_input(capsys, argv):
    assert main(["match", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err

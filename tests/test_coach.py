"""The practice table's coach (:mod:`gouji_teach.bots.coach`): a line for every event kind in both languages, the
rule named and cited, "why did seat N do that?", and the note after a learner's weaker action."""

from __future__ import annotations

import re

import pytest

from gouji_teach.bots.coach import HEADLINES, advice, comment, why
from gouji_teach.bots.players import play_hand
from gouji_teach.bots.strategy import TeamPlayer
from gouji_teach.rules.engine import Game
from gouji_teach.rules.events import Action, EventKind
from gouji_teach.rules.rulesets import PRESETS, en_citation
from gouji_teach.rules.settlement import PLACES_ZH, settle


def test_every_event_kind_has_a_headline_entry():
    assert set(HEADLINES) == set(EventKind)


@pytest.mark.parametrize("kind", sorted(HEADLINES))
def test_headlines_are_whole_in_each_language(kind):
    head = HEADLINES[kind]
    if head is None:
        return
    zh, en = head
    assert not re.search(r"[A-Za-z]", zh), zh
    assert re.search(r"[A-Za-z]", en), en  # game terms like 开点 may stay, the sentence is English


@pytest.mark.parametrize("rules", list(PRESETS))
def test_lines_of_whole_hands_exist_in_both_languages(rules):
    seen: set[str] = set()
    for seed in range(12):
        game = play_hand(seed, rules, [TeamPlayer()] * 6)
        for event in game.events:
            line = comment(event, game)
            seen.add(event.kind)
            zh, en = line.text("zh"), line.text("en", cite=True)
            assert zh and en and zh != en
            if line.rule is not None:
                assert line.rule_name is not None
                assert en_citation(line.citation or "") in en
    assert {"lead", "round", "out", "end"} <= seen


def test_out_names_the_place():
    game = Game.from_hands({0: "K", 1: "4 5", 2: "4 5", 3: "4 5", 4: "4 5", 5: "4 5"}, leader=0)
    line = next(comment(e, game) for e in game.act("seat 0 plays K") if e.kind == "out")
    assert line.headline == ("走科：头科", "going out as first (头科)")


def test_citation_only_on_request():
    g = Game.from_hands({0: "KK 5", 1: "QQ 4", 2: "9", 3: "AA 6", 4: "8", 5: "7"}, leader=0)
    g.act("seat 0 plays KK")
    line = comment(g.act("seat 3 passes")[-1], g)
    assert line.citation == "002 §5 开点"
    assert line.citation not in line.text("zh") and line.citation in line.text("zh", cite=True)


def test_why_uses_the_players_own_reason():
    game = Game.from_hands({0: "KK 5", 3: "6"}, leader=0)
    player = TeamPlayer()
    player.decide(game, 0)
    assert why(player.last[0], 0, "zh").startswith("座位0：开点")
    assert "开点 with the 够级 play KK" in why(player.last[0], 0, "en")
    assert why(player.last.get(3), 3, "en") == "seat 3 has not acted yet"


def _after(steps: tuple[str, ...], hands: dict[int, str]) -> Game:
    game = Game.from_hands(hands, "qingdao", leader=0)
    for step in steps:
        game.act(step)
    return game


def test_advice_when_a_partner_is_beaten():
    g = _after(("seat 0 plays 9", "seat 1 passes"), {0: "9 5", 1: "4 4", 2: "K 8", 3: "6 6", 4: "7 7", 5: "8 8"})
    zh, en = advice(g, Action(2, "play", "K"))
    assert "同伴" in zh and "partner" in en


def test_advice_when_a_cheaper_play_beats():
    g = _after(("seat 0 plays 5",), {0: "5 9 9 9 10 10", 1: "2 8 4", 2: "6 6", 3: "7 7", 4: "7 7", 5: "7 7"})
    zh, en = advice(g, Action(1, "play", "2"))
    assert "8" in zh and "cheaper" in en


def test_no_advice_for_the_players_own_choice():
    g = _after(("seat 0 plays 5",), {0: "5 9 9 9 10 10", 1: "2 8 4", 2: "6 6", 3: "7 7", 4: "7 7", 5: "7 7"})
    assert advice(g, TeamPlayer().choose(g, 1)) is None


def _coached(seed: int, rules: str) -> tuple[Game, dict[int, str]]:
    """A hand self-played by team players, with the coach's 走科 headline taken as each seat goes out (as the
    practice table shows it)."""
    game, players, named = Game.deal(seed, rules), [TeamPlayer()] * 6, {}
    for seat in range(6):
        action = players[seat].declare(game, seat)
        if action is not None and game.can(action):
            game.apply(action)
    while not game.is_over:
        seat = game.to_act
        for event in game.apply(players[seat].choose(game, seat)):
            if event.kind == EventKind.OUT:
                named[event.seat] = comment(event, game).headline[0].split("：", 1)[1]
    return game, named


def test_every_place_the_coach_names_is_settlements():
    """Issue 25 item 4: after a 革命 the coach named 四科 for a seat settlement ranks 二落 (the revolutionary takes
    四科). A place the coach names as a seat goes out is the one settlement gives; where a later seat may still
    move it, the coach says the order of going out instead. 50 self-played hands per rule set, revolutions among
    them."""
    named = revolutions = 0
    for rules in PRESETS:
        for seed in range(50):
            game, places = _coached(seed, rules)
            record = game.game_record()
            if record.void:
                continue
            revolutions += bool(record.revolution)
            settled = settle(record).places
            for seat, said in places.items():
                if said in PLACES_ZH:
                    named += 1
                    assert said == settled.name(seat), (rules, seed, seat, said)
                else:
                    assert said.startswith(f"第{game.finish_order().index(seat) + 1}个出完"), said
    assert named >= 400 and revolutions >= 10

"""Refusals: for every rule the engine can refuse by, an action it refuses, with a message that names the rule
(its id and seed citation) in Chinese and English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gouji_teach.rules.engine import Game
from gouji_teach.rules.errors import GoujiError
from gouji_teach.rules.events import Action, IllegalActionError
from gouji_teach.rules.rulebook import RULES

PLAIN = {0: "5 8 9 Q 3", 1: "6 7 10 K 3", 2: "6 9 J A 3", 3: "7 8 10 K 3", 4: "5 9 J A 3", 5: "6 8 Q K 3"}
GOUJI = {0: "KK 5 6", 1: "AA 7 8", 2: "AA 9 6", 3: "7 8 9", 4: "22 9 10", 5: "AA 10 J"}


def _g(hands=PLAIN, rules="qingdao", steps=(), leader=0) -> Game:
    g = Game.from_hands(hands, rules, leader=leader)
    for step in steps:
        g.act(step)
    return g


# rule id -> (game, refused action)
CASES = {
    "turn.order": lambda: (_g(steps=["seat 0 plays 5"]), "seat 3 plays 7"),
    "turn.over": lambda: (_g({0: "K", 1: "A", 2: "2", 3: "X", 4: "D", 5: "5"},
                             steps=["seat 0 plays K", "seat 1 plays A", "seat 2 plays 2", "seat 3 plays X",
                                    "seat 4 plays D"]), "seat 5 plays 5"),
    "seat.gone": lambda: (_g({**PLAIN, 0: "Q"}, steps=["seat 0 plays Q"]), "seat 0 passes"),
    "hand.cards": lambda: (_g(), "seat 0 plays AA"),
    "lead.must": lambda: (_g(), "seat 0 passes"),
    "compare.rank": lambda: (_g(steps=["seat 0 plays 8"]), "seat 1 plays 7"),
    "pass.rule": lambda: (_g(rules="tongsu", steps=["seat 0 plays 5", "seat 1 passes", "seat 2 plays 6"]),
                          "seat 1 plays 7"),
    "gouji.duitou": lambda: (_g(GOUJI, steps=["seat 0 plays KK"]), "seat 1 plays AA"),
    "yield.duitou": lambda: (_g(steps=["seat 0 plays 5", "seat 1 passes", "seat 2 passes", "seat 3 yields",
                                       "seat 4 plays 9"]), "seat 5 plays Q"),
    "gouji.sisi": lambda: (_g({0: "AA KK 5 6", 1: "7 8 9 3", 2: "5 6 7", 3: "8 9 10 3", 4: "22 5 6", 5: "7 8 9"},
                              steps=["seat 3 revolts", "seat 0 yaotou", "seat 0 plays AA"]), "seat 4 plays 22"),
    "yield.when": lambda: (_g(steps=["seat 0 plays 5"]), "seat 1 yields"),
    "biesan": lambda: (_g({**PLAIN, 0: "33 5"}), "seat 0 plays 33"),
    "fours": lambda: (_g({**PLAIN, 0: "44 5"}, "tongsu"), "seat 0 plays 44"),
    "head.choice": lambda: (_g(), "seat 3 yaotou"),
    "revolt.when": lambda: (_g(steps=["seat 0 plays 5"]), "seat 1 revolts"),
    "revolt.duel": lambda: (_g({**GOUJI, 3: "QQQ KK AA 8"}, "tongsu", steps=["seat 3 revolts"]), "seat 3 passes"),
    "revolt.cards": lambda: (_g(GOUJI), "seat 4 revolts"),
    "xuandian.when": lambda: (_g(steps=["seat 0 plays 5"]), "seat 1 declares"),
    "burn.gouji": lambda: (_g(steps=["seat 0 plays 5"]), "seat 2 burns 6"),
    "burn.kaidian": lambda: (_g(GOUJI, "linyi", steps=["seat 0 plays KK"]), "seat 1 burns AA"),
    "burn.passed": lambda: (_g({0: "88 9 6", 1: "AA 44 DD 7", 2: "55 XX 9", 3: "7 8 9", 4: "5 6 8", 5: "77 8 9"},
                               "tongsu", leader=1,
                               steps=["seat 1 plays AA", "seat 4 passes", "seat 1 plays 44", "seat 2 plays 55",
                                      "seat 3 passes", "seat 4 passes", "seat 5 plays 77", "seat 0 plays 88",
                                      "seat 1 passes", "seat 2 plays XX"]), "seat 1 burns DD"),
    "burn.priority": lambda: (_g(GOUJI, steps=["seat 0 plays KK", "seat 1 passes"]), "seat 1 burns AA"),
    "luanchan": lambda: (_g({0: "K", 1: "A", 2: "2 5", 3: "X 6", 4: "D 7", 5: "5 6"},
                            steps=["seat 0 plays K", "seat 1 plays A", "seat 2 plays 2"]), "seat 4 burns D"),
    "revolt.fours": lambda: (_g({**GOUJI, 0: "XKK XA D2 44 5", 3: "QQQ KK AA 8 3"}, "tongsu",
                                steps=["seat 3 revolts", "seat 3 plays QQQ", "seat 0 plays XKK", "seat 3 plays KK",
                                       "seat 0 plays XA", "seat 3 plays AA", "seat 0 plays D2"]), "seat 0 plays 5"),
    "action.syntax": lambda: (_g(), "seat 0 dances"),
}


def test_every_refusal_of_the_engine_has_a_case():
    source = Path(__file__).resolve().parent.parent / "gouji_teach" / "rules" / "engine.py"
    used = set(re.findall(r'_refuse\(\s*"([a-z._]+)"', source.read_text(encoding="utf-8")))
    assert used <= set(CASES), sorted(used - set(CASES))


@pytest.mark.parametrize("rule", sorted(CASES))
def test_refusal_names_its_rule(rule):
    game, text = CASES[rule]()
    with pytest.raises(GoujiError) as info:
        game.act(text)
    err = info.value
    assert err.rule == rule
    assert err.zh and err.en and err.zh != err.en
    if rule in RULES and rule != "action.syntax":
        assert rule in err.zh and rule in err.en  # the message cites the rule id and its seed source
        assert re.search(r"\b00[023] ", err.en) or "default" in err.en
    assert not game.can(Action.parse(text)) if rule != "action.syntax" else True


def test_refusal_is_an_illegal_action_error_with_both_languages():
    game, text = CASES["gouji.duitou"]()
    with pytest.raises(IllegalActionError, match="only the 对头"):
        game.act(text)
    why = game.why_not(text)
    assert why is not None and "对头" in why.zh

"""Stage 8's acting level (issue 26 item 3): 开点 by playing. Seat 0 leads; the learner picks a play from its
hand; the engine decides by leading it on a copy of the position, under every rule set."""

from __future__ import annotations

import re

import pytest

from gouji_teach import PRESETS
from gouji_teach.rules.engine import Game
from gouji_teach.rules.events import Action, ActionKind, EventKind
from gouji_teach.rules.gouji import can_kaidian
from gouji_teach.rules.plays import Play
from gouji_teach.teach.course import stage
from gouji_teach.teach.drills import make_drill
from gouji_teach.teach.puzzles import AnsweredBy, OpenByPlayPuzzle


def _opens_by_engine(puzzle: OpenByPlayPuzzle, play: Play) -> bool:
    """Lead ``play`` and let every other seat pass: does the engine say seat 0 开点s?"""
    game = puzzle.game.copy()
    events = list(game.apply(Action.of(0, ActionKind.PLAY, play)))
    while game.to_act not in (None, 0):
        events += game.apply(Action(game.to_act, ActionKind.PASS))
    return any(e.kind == EventKind.KAIDIAN and e.seat == 0 for e in events)


@pytest.mark.parametrize("rules", list(PRESETS))
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_the_right_plays_are_those_the_engine_opens_with_and_some_sets_are_not(rules, level):
    for n in range(1, 5):
        puzzle = make_drill("open_by_play", n, level=level, rules=rules)
        right = puzzle.right_plays()
        assert right and all(_opens_by_engine(puzzle, p) for p in right)
        candidates = [Play([c for c in puzzle.hand.cards if c.rank == r], puzzle.rules)
                      for r in sorted({c.rank for c in puzzle.hand.cards})]
        gouji = [p for p in candidates if can_kaidian(p, puzzle.rules).ok]
        assert len(gouji) == (2 if level == "easy" else 3)
        beaten = [p for p in gouji if p.notation not in {x.notation for x in right}]
        assert beaten, "a level where every 够级 set opens asks nothing"
        for play in beaten:  # the 对头 takes it: said, with the 对头's play, never a right play
            feedback = puzzle.check(play.notation)
            assert feedback.valid and not feedback.correct and "gouji.duitou" in feedback.rule_ids
            taker = re.search(r"answer it with (\S+(?: 10)*)", feedback.en)
            assert taker and puzzle.game.hands[3].contains(Play.parse(taker[1], puzzle.rules).cards)
            told = feedback.en.replace(taker[0], "")  # the 对头's play named, the rest names no right play
            assert not any(re.search(rf"(?<![\w ]){re.escape(x.notation)}(?![\w])", told) for x in right)


def test_a_play_that_is_not_gouji_or_not_in_the_hand_is_told_why():
    game = Game.from_hands({0: "KK QQQ 5", 1: "6 7", 2: "6 8", 3: "AA 9", 4: "7 9", 5: "6 9"}, leader=0)
    puzzle = OpenByPlayPuzzle(game)
    single = puzzle.check("5")
    assert not single.correct and single.valid and single.rule_ids == ("gouji.threshold",)
    assert not puzzle.check("AA").valid and not puzzle.check("<b>").valid  # not in the hand, unreadable
    right = puzzle.check("QQQ")
    assert right.correct and "开点" in right.zh and "kaidian" in right.rule_ids


def test_it_is_a_level_of_stage_8_between_recognising_and_seeing_who_opened():
    kinds = [lv.kind for lv in stage("kaidian").levels]
    assert kinds == ["gouji", "open_by_play", "who_opened"]
    puzzle = make_drill("open_by_play", "kaidian.1", level="easy", rules="tongsu")
    assert puzzle.answered_by is AnsweredBy.CARDS and not puzzle.choices
    assert "对头" in str(puzzle.picture("zh"))  # the other hands are shown, the 对头's first

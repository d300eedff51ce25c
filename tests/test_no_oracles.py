"""No tool on a page answers the question the page is asking right now (issue 22 item 2).

* the comparison box and the comparison tables of a page refuse, naming the drill, the cards of a drill of the
  page's quiz that is still open, under every stage and rule set; once the drill is answered they answer;
* the scenario player's what-if waits while the step's checkpoint is open (it would answer it) and counts as no
  attempt;
* ``gouji-teach check`` refuses a checkpoint whose answer the step before it tells.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from widget_state import fresh_widgets, notebook_page

from gouji_teach.rules.rulesets import all_rulesets, find_ruleset
from gouji_teach.rules.scenario import check_file
from gouji_teach.teach import course, pages
from gouji_teach.teach.player import ScenarioPlayer
from gouji_teach.teach.puzzles import BeatsPuzzle, CountPuzzle, GoujiPuzzle, PickPuzzle, RulesetsPuzzle

RULE_SETS = [r.ref for r in all_rulesets()]
STAGES = [s.id for s in course.STAGES]


@pytest.fixture(autouse=True)
def _fresh():
    yield from fresh_widgets()


def typed(puzzle) -> Iterator[tuple[str, str]]:
    """What a learner types into the comparison box (challenger, target) to have it answer ``puzzle``: a beats
    question's two plays, a 够级 or count question's play alone, a rule-set question's plays; for a pick question,
    each play of one rank of its hand as big as the target, against the target."""
    if isinstance(puzzle, BeatsPuzzle):
        yield puzzle.challenger.notation, puzzle.target.notation
    elif isinstance(puzzle, GoujiPuzzle | CountPuzzle):
        yield puzzle.play.notation, ""
    elif isinstance(puzzle, RulesetsPuzzle):
        yield puzzle.cards
    elif isinstance(puzzle, PickPuzzle):
        size = len(puzzle.target.cards)
        for notation, count in Counter(c.notation for c in puzzle.hand.cards).items():
            if count >= size:
                yield " ".join([notation] * size), puzzle.target.notation


def _page(stage_id: str, rules: str):
    session = course.Session(course.stage(stage_id), rules=find_ruleset(rules))
    quiz = pages.quiz(session)
    return session, quiz


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("stage_id", STAGES)
def test_no_page_tool_answers_an_open_drill_of_its_page(stage_id, rules):
    session, quiz = _page(stage_id, rules)
    box = pages.rulesets_view(session, "DD", "D").children[1]  # the RulesetComparison's box
    challenger, target, _go = box.children[0].children
    error, table = box.children[1], box.children[2]
    for n, widget in enumerate(quiz.puzzle_widgets, start=1):
        for ch, tg in typed(widget.puzzle):
            challenger.value, target.value = ch, tg
            assert table.value == "", (ch, tg)
            assert f"本页第{n}题" in error.value and widget.puzzle.puzzle_id in error.value, (ch, tg, error.value)
            fixed = pages.compared(session, ch, tg or None)
            assert "<table" not in fixed.value and f"本页第{n}题" in fixed.value
        widget.show_answer()
        for ch, tg in typed(widget.puzzle):  # answered: the box and the tables answer it now
            challenger.value, target.value = ch, tg
            later = [x for x in quiz.puzzle_widgets[n:] if not x.answered and any(
                (ch, tg) == pos for pos in typed(x.puzzle))]
            if not later:
                assert "<table" in table.value and error.value == "", (ch, tg)
                assert "<table" in pages.compared(session, ch, tg or None).value


def test_the_page_follows_a_rule_set_switch_and_a_retry():
    session, quiz = _page("rulesets", "qingdao")
    first = quiz.puzzle_widgets[0]
    first.show_answer()
    ch, tg = next(typed(first.puzzle))
    assert "<table" in pages.compared(session, ch, tg or None).value
    first.retry()  # a new drill: open, and the tools refuse its cards
    ch, tg = next(typed(first.puzzle))
    assert "本页第1题" in pages.compared(session, ch, tg or None).value
    session.apply(session.query(rules="linyi"))  # the quiz's drills under linyi: open
    ch, tg = next(typed(quiz.puzzle_widgets[0].puzzle))
    assert "本页第1题" in pages.compared(session, ch, tg or None).value


def test_a_comparison_table_waits_and_comes_once_its_drill_is_answered():
    session, quiz = _page("gouji", "qingdao")
    widget = quiz.puzzle_widgets[0]
    ch, _ = next(typed(widget.puzzle))
    fixed = pages.compared(session, ch)
    assert "本页第1题" in fixed.value and "<table" not in fixed.value
    widget.show_answer()
    assert "<table" in fixed.value  # the same widget, redrawn when the drill is answered


# -- the what-if box at an open checkpoint ------------------------------------------------------------------------
def _may_act_checkpoint() -> tuple[ScenarioPlayer, int]:
    player = ScenarioPlayer("qingdao_dagouji")
    number = next(f.number for f in player._frames if f.step is not None and f.step.text == "who may act")
    player.go(number)
    return player, number


def test_what_if_waits_while_the_checkpoint_is_open_and_counts_no_attempt():
    player, number = _may_act_checkpoint()
    widget = player._puzzles[(player._rules.ref, number)]
    may = player.frame.answer.data["may"]
    for seat in range(6):  # every seat's pass: the seats that may act and those that may not get the same answer
        result = player.try_action(f"座位{seat}过")
        assert f"第{number}步" in player.branch.value and "如果座位" not in player.branch.value, (seat, may)
        assert type(result).__name__ == "_Waits"
    assert widget._attempts == 0 and not widget.answered  # nothing counted as an attempt
    widget.show_answer()
    player.try_action("座位3过")  # answered: the what-if plays its branch
    assert "如果座位3过" in player.branch.value and f"第{number}步" not in player.branch.value
    player.close()


def test_what_if_is_free_where_no_checkpoint_is_asked():
    player, number = _may_act_checkpoint()
    player.go(number - 1 if player._frames[number - 1].step.kind == "do" else 0)
    player.try_action("过")
    assert "如果过" in player.branch.value
    player.close()


# -- the checker ---------------------------------------------------------------------------------------------------
def test_check_refuses_a_checkpoint_the_step_before_tells(tmp_path: Path):
    path = tmp_path / "told.yaml"
    path.write_text('rules: qingdao\nleader: 0\nhands: {0: "KK 5", 1: "7 8 9", 2: "7 8 9", 3: "7 8 9", '
                    '4: "7 8 9", 5: "7 8 9"}\nsteps:\n  - do: seat 0 plays KK\n  - do: seat 3 passes\n'
                    '  - ask: who opened\n', encoding="utf-8")
    [problem] = check_file(path)
    line = str(problem)
    assert line.startswith(f"{path}:7: ") and "\n" not in line
    assert "第3步的检查点“who opened”" in line and "step 3, checkpoint 'who opened'" in line
    assert "step 2 already tells its answer (seat 0)" in line


def test_check_refuses_a_narration_before_the_checkpoint_that_names_its_seat(tmp_path: Path):
    path = tmp_path / "said.yaml"
    path.write_text('rules: qingdao\nleader: 0\nhands: {0: "KK 5", 1: "AA 8 9", 2: "7 8 9", 3: "7 8 9", '
                    '4: "7 8 9", 5: "7 8 9"}\nsteps:\n  - do: seat 0 plays KK\n'
                    '    say: {zh: 座位3是对头，只有它能接。, en: "Seat 3, the 对头, alone may answer."}\n'
                    '  - ask: who may act\n', encoding="utf-8")
    [problem] = check_file(path)
    assert "step 2, checkpoint 'who may act': step 1 already tells its answer (seat 3)" in str(problem)


# -- the printed examples ------------------------------------------------------------------------------------------
def test_the_quiz_asks_no_drill_whose_answer_the_page_prints():
    """Issue 22 found "2是够级牌吗？" under the print of "2"'s verdict: a page that prints the verdict on a drill's play
    asks another drill of that kind and level instead."""
    plain = _page("gouji", "qingdao")[1].puzzle_widgets
    asked = next(x.puzzle for x in plain if isinstance(x.puzzle, GoujiPuzzle))
    shown = asked.play.notation
    session = course.Session(course.stage("gouji"), rules=find_ruleset("qingdao"))
    lines = pages.printed([(f"{shown}是够级牌", f"{shown} is 够级")], session, about=[shown])
    assert repr(lines) == f"{shown}是够级牌\n    {shown} is 够级"
    quiz = pages.quiz(session)
    ids = [x.puzzle.puzzle_id for x in quiz.puzzle_widgets]
    assert all(not isinstance(x.puzzle, GoujiPuzzle) or x.puzzle.play.notation != shown for x in quiz.puzzle_widgets)
    assert [i.rsplit(".", 1)[0] for i in ids] == [x.puzzle.puzzle_id.rsplit(".", 1)[0] for x in plain]  # same kinds
    assert asked.puzzle_id not in ids


@pytest.mark.parametrize("stage_id", ["cards", "plays", "compare", "gouji", "kaidian", "rulesets"])
def test_no_notebook_prints_or_shows_an_open_drill_of_its_page(stage_id):
    """The pages with printed examples and comparison tables, run as their notebooks are, under every rule set:
    their quiz asks nothing they print, and their tools answer no open drill."""
    space = notebook_page(course.stage(stage_id))
    session = space["session"]
    drills = pages.open_drills(session)
    for rules in RULE_SETS:
        session.apply(session.query(rules=rules))
        assert drills.puzzles
        for puzzle in drills.puzzles:
            assert not drills.printed(puzzle), (rules, puzzle.puzzle_id)
            for ch, tg in typed(puzzle):
                assert drills.asking(ch, tg or None) is not None

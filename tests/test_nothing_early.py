"""Nothing early (issue 26 item 4): no checkpoint's answer before it is asked, and each scenario player of a page
has its own step in the address.

* every scenario, under every rule set it is replayed in, stepped: no title, narration, engine event or earlier
  feedback (counter-examples too) says a checkpoint's answer before it, and no picture drawn before it shows the
  badge that answers it (until it is answered);
* ``gouji-teach check`` refuses a title, and an earlier step, that says a checkpoint's answer;
* stage 06's two players keep their own steps (``?step=N`` still opens the first).
"""

from __future__ import annotations

import pytest
from widget_state import fresh_widgets

from gouji_teach.rules.engine import MEN
from gouji_teach.rules.rulesets import PRESETS
from gouji_teach.rules.scenario import SCENARIO_DIR, Ask, Scenario, check_file, shipped, tells
from gouji_teach.teach import course, pages
from gouji_teach.teach.lessons import FAMILY_SCENARIOS, stage_scenarios
from gouji_teach.teach.player import ScenarioPlayer
from gouji_teach.teach.puzzles import CanActPuzzle


def _replayed() -> list[tuple[str, str]]:
    """Every scenario with every rule set a page plays it under: a stage's scenario under each family, a
    family's own scenario under that family, any other (an instructor's lesson) under its own."""
    staged = {name for stage in course.STAGES for name in stage_scenarios(stage)}
    own = {name: family for by_family in FAMILY_SCENARIOS.values() for family, names in by_family.items()
           for name in names}
    out = []
    for name in shipped():
        families = list(PRESETS) if name in staged else [own.get(name, Scenario.load(name).rules.key)]
        out += [(name, family) for family in families]
    return out


REPLAYED = _replayed()


@pytest.fixture(autouse=True)
def _fresh():
    yield from fresh_widgets()


# -- each player its own step ---------------------------------------------------------------------------------------
def test_each_scenario_player_of_a_page_has_its_own_step_in_the_address():
    first_name, second_name = stage_scenarios(course.stage("turns"))
    session = course.start("turns", "rules=qingdao&lang=zh&step=2&step2=1")
    header = pages.header(session)
    first, second = pages.scenario(session, first_name), pages.scenario(session, second_name)
    assert (first.step.value, second.step.value) == (2, 1)  # an old ?step=N link still opens the first
    first.go(3)
    assert (first.step.value, second.step.value) == (3, 1)  # stepping the first does not drag the second
    assert "step=3&amp;step2=1" in header.value
    second.go(4)
    assert (first.step.value, second.step.value) == (3, 4) and session.steps == {"step": 3, "step2": 4}
    session.apply("rules=qingdao&lang=zh&step2=2")  # an address that arrives moves only the players it names
    assert (first.step.value, second.step.value) == (0, 2)
    for player in (first, second):
        player.close()


# -- no badge before its question -----------------------------------------------------------------------------------
OPENED_LATER = '''
rules: qingdao
leader: 0
hands: {0: "KK 5 6", 1: "7 8 9", 2: "7 8 9", 3: "7 8 9", 4: "7 8 9", 5: "7 8 9"}
steps:
  - do: seat 0 plays KK
  - do: seat 3 passes
  - do: seat 0 plays 5
  - ask: who may act
  - ask: who opened
'''


def test_no_picture_shows_the_badge_that_answers_a_checkpoint_until_it_is_answered():
    """Issue 26: stage 08 drew a red 开点 badge on seat 0, then asked "谁开点了？"."""
    player = ScenarioPlayer(Scenario.from_text(OPENED_LATER))
    for number in (2, 3):  # after the 开点, before "who opened"
        player.go(number)
        assert not player.view.seats[0].kaidian and "gj-kaidian" not in player.table.value, number
    player.go(3)
    assert player.view.to_act is None  # the position "who may act" (step 4) asks about: whose turn is not drawn
    player.go(4)
    player._puzzles[(player._rules.ref, 4)].show_answer()
    player.go(3)
    assert player.view.to_act == 1 and not player.view.seats[0].kaidian  # "who opened" is still open
    player.go(5)
    player._puzzles[(player._rules.ref, 5)].show_answer()
    for number in (2, 3):
        player.go(number)
        assert player.view.seats[0].kaidian and "gj-kaidian" in player.table.value  # answered: the badge is back
    player.close()


# -- every scenario, stepped ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "rules"), REPLAYED, ids=[f"{n}-{r}" for n, r in REPLAYED])
def test_no_step_before_a_checkpoint_tells_its_answer(name, rules):
    """Stepped under the rule set a page plays it in: the check finds no title, narration or earlier feedback that
    tells a checkpoint's answer; a wrong answer's feedback (a counter-example) tells no later checkpoint's; and no
    picture before a checkpoint, while it is open, shows the badge that answers it (开点, 闷, whose turn)."""
    told = [p for p in check_file(SCENARIO_DIR / f"{name}.yaml", rules) if "说出了" in p.zh]
    assert not told, [str(p) for p in told]
    player = ScenarioPlayer(name)
    if rules != player.scenario.rules.key:
        player.switch_rules(rules)
    shown = player._frames
    asks = [f for f in shown if f.answer is not None]
    for ask in asks:
        question, answer = ask.step.question, ask.answer
        seats = {int(s) for s in answer.data["may"]} if question.kind == Ask.MAY_ACT and answer.data else set()
        position = max([f.number for f in shown[1:ask.number] if f.step.kind == "do"], default=0)
        for number in range(ask.number):
            player.go(number)
            view = player.view
            if view is None:
                continue
            if question.kind == Ask.OPENED:
                assert not any(s.kaidian for s in view.seats), (number, ask.number)
            if question.kind == Ask.MEN:
                assert all(s.finished is None for s in view.seats if shown[number].game.status(s.seat) == MEN)
            if question.kind == Ask.MAY_ACT and number >= position:
                assert view.to_act not in seats, (number, ask.number)
        later = [f for f in asks if f.number > ask.number]
        player.go(ask.number)
        puzzle = player._puzzles.get((player._rules.ref, ask.number))
        if isinstance(getattr(puzzle, "puzzle", None), CanActPuzzle):
            wrong = puzzle.puzzle.check("yes" if answer.data is False else "no")  # the feedback of a miss
            said = [wrong.zh, wrong.en, wrong.counter_zh, wrong.counter_en]
            for other in later:
                assert tells(said, other.step, other.answer, here=False) is None, (ask.number, other.number, said)
        if puzzle is not None:  # answered: the steps before the next checkpoint are seen as a learner sees them
            puzzle.show_answer() if hasattr(puzzle, "show_answer") else puzzle.show()
    player.close()


# -- the check ------------------------------------------------------------------------------------------------------
def _write(tmp_path, text: str):
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path


TWOS = '''title: {zh: 单张2不开点, en: "A single 2 never opens"}
rules: qingdao
leader: 0
hands: {0: "2 5 6", 1: "7 8 9", 2: "7 8 9", 3: "7 8 9", 4: "7 8 9", 5: "7 8 9"}
steps:
  - do: seat 0 plays 2
  - do: seat 3 passes
  - do: seat 0 plays 5
  - ask: who opened
'''


def test_check_refuses_a_title_that_tells_a_checkpoints_answer(tmp_path):
    path = _write(tmp_path, TWOS)
    [problem] = check_file(path)
    line = str(problem)
    assert line.startswith(f"{path}:1: ") and "\n" not in line
    assert "场景“单张2不开点”：标题说出了第4步检查点“who opened”的答案（“不开点”）" in line
    assert "scenario 'A single 2 never opens': its title tells the answer of step 4, checkpoint 'who opened'" in line
    topic = TWOS.replace("单张2不开点", "单张2").replace("A single 2 never opens", "A single 2")
    assert check_file(_write(tmp_path, topic)) == []


def test_check_refuses_an_earlier_counter_example_that_answers_a_later_checkpoint(tmp_path):
    """Issue 26: 04 step 2's counter-example “座位3能做的比如：出 DD999” answered step 4's question."""
    text = ('rules: qingdao\nleader: 0\nhands: {0: "XX888 5 3", 1: "9 6 3", 2: "7 6 3", 3: "DD999 99999 3", '
            '4: "7 5 3", 5: "6 5 3"}\nsteps:\n  - do: seat 0 plays XX888\n  - ask: can seat 3 play 99999\n'
            '  - do: seat 1 passes\n  - ask: can seat 3 play DD999\n')
    text = text.replace("  - do: seat 1 passes\n", "")
    [problem] = check_file(_write(tmp_path, text))
    assert "step 3, checkpoint 'can seat 3 play DD999'" in problem.en and "seat 3 plays DD999" in problem.en
    reordered = text.replace("  - ask: can seat 3 play 99999\n  - ask: can seat 3 play DD999\n",
                             "  - ask: can seat 3 play DD999\n  - ask: can seat 3 play 99999\n")
    assert check_file(_write(tmp_path, reordered)) == []


def test_check_refuses_narration_several_steps_before_that_tells_a_what_if(tmp_path):
    text = ('rules: qingdao\nleader: 0\nhands: {0: "KK 5", 1: "7 8 9", 2: "7 8 9", 3: "7 8 9", 4: "7 8 9", '
            '5: "7 8 9"}\nsteps:\n  - do: seat 0 plays KK\n'
            '    say: {zh: 没人接的够级牌开点。, en: "Unanswered, it opens."}\n'
            '  - ask: who may act\n  - ask: what if seat 3 passes\n')
    [problem] = check_file(_write(tmp_path, text))
    assert "the earlier step 1 already tells its answer (“开点”)" in problem.en

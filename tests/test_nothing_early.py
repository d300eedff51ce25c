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

from gouji_teach.rules.scenario import Scenario
from gouji_teach.teach import course, pages
from gouji_teach.teach.lessons import stage_scenarios
from gouji_teach.teach.player import ScenarioPlayer


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

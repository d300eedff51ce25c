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

from gouji_teach.teach import course, pages
from gouji_teach.teach.lessons import stage_scenarios


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

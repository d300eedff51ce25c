"""One path per rule set (issue 26 item 1): every stage's scenario player plays under the learner's rule set: the
stage's scenario replayed under the learner's rules, saying so and marking the steps that go otherwise (every course
scenario can be: the fallback to a scenario's own rules, which says why, is for an instructor's files). Where the
family has scenarios of its own for the stage (``lessons.FAMILY_SCENARIOS``), the page shows them below, under that
family only. A switch of the page's rule set follows at once."""

from __future__ import annotations

import pytest
from widget_state import fresh_widgets, notebook_page

from gouji_teach import PRESETS
from gouji_teach.app import COURSE_DIR
from gouji_teach.rules.scenario import Scenario, check_file
from gouji_teach.teach import course, pages
from gouji_teach.teach.course import STAGES
from gouji_teach.teach.lessons import FAMILY_SCENARIOS, LESSON_PAGE, stage_scenarios

SHOWN = [(stage, name) for stage in STAGES for name in stage_scenarios(stage)]


@pytest.fixture(autouse=True)
def _fresh():
    yield from fresh_widgets()


@pytest.mark.parametrize("family", list(PRESETS))
@pytest.mark.parametrize(("stage", "name"), SHOWN, ids=[f"{s.id}-{n}" for s, n in SHOWN])
def test_every_stage_plays_its_scenario_under_the_pages_rule_set(stage, name, family) -> None:
    session = course.start(stage.id, f"rules={family}&lang=zh")
    player = pages.scenario(session, name)
    assert player.scenario.path.endswith(f"{name}.yaml")
    # every course scenario can be replayed under every family (a page that could not would say so and fall back
    # to the scenario's own rules: the walk of bench/walk_course.py found stages 12 and 13 doing that under zaozhuang,
    # whose deck keeps six 3s)
    assert player._rules.key == family, player._error
    replayed = player.scenario.rules.key != family
    assert ("按你选的" in player.changes.value) == replayed, player.changes.value
    example = pages.family_example(session, name)
    own = FAMILY_SCENARIOS.get((stage.id, name), {}).get(family, ())
    assert bool(example.children) == bool(own)
    if own:
        heading, *boxes = example.children
        assert PRESETS[family].title_zh in heading.value
        assert len(boxes) == len(own)
        for scenario, box in zip(own, boxes, strict=True):  # the family's own scenarios, titled, in order
            assert Scenario.load(scenario).title_zh in box.children[0].value


@pytest.mark.parametrize(("stage", "name"), sorted(FAMILY_SCENARIOS), ids=[s for s, _n in sorted(FAMILY_SCENARIOS)])
def test_a_familys_own_scenarios_pass_check_and_belong_to_the_stage(stage, name) -> None:
    assert name in stage_scenarios(course.stage(stage))
    for family, scenarios in FAMILY_SCENARIOS[(stage, name)].items():
        for own in scenarios:
            scenario = Scenario.load(own)
            assert scenario.rules.key == family
            assert not check_file(scenario.path), own


def test_switching_the_pages_rule_set_switches_the_scenario_at_once() -> None:
    session = course.start("kaidian", "rules=qingdao&lang=en")
    player = pages.scenario(session, "qingdao_kaidian_twos")
    example = pages.family_example(session, "qingdao_kaidian_twos")
    assert player._rules.key == "qingdao" and not player.changes.value and not example.children
    session.apply(session.query(rules="linyi"))
    assert player._rules.key == "linyi" and "replayed here under your" in player.changes.value
    assert "Linyi" in example.children[0].value and "4s" in example.children[1].children[0].value
    session.apply(session.query(rules="tongsu"))
    assert player._rules.key == "tongsu" and "⚑" in player.changes.value and not example.children


def test_a_familys_own_scenario_has_its_own_step_in_the_address() -> None:
    """Each of the family's own scenarios below a stage's (stage 08 under linyi: two) keeps its step in the
    address under a key of its own: a reload opens it there, and stepping it moves no other player."""
    session = course.start("kaidian", "rules=linyi&lang=zh")
    player = pages.scenario(session, "qingdao_kaidian_twos")
    example = pages.family_example(session, "qingdao_kaidian_twos")
    first, second = (course.step_key(len(stage_scenarios(session.stage)) + j) for j in range(2))
    fasi, rendian = example.players
    fasi.step.value = 3
    rendian.step.value = 2
    assert session.steps == {first: 3, second: 2} and f"&{first}=3" in session.query()
    assert player.step.value == 0
    reloaded = course.start("kaidian", session.query())
    assert [p.step.value for p in pages.family_example(reloaded, "qingdao_kaidian_twos").players] == [3, 2]
    session.apply(session.query(**{first: 1}))  # the address arrives (a preheated kernel): the player goes there
    assert (fasi.step.value, rendian.step.value) == (1, 2)


def test_an_instructors_lesson_keeps_its_own_rule_set() -> None:
    player = pages.scenario(course.start(LESSON_PAGE, "rules=tongsu"), "qingdao_dagouji")
    assert player._rules.key == "qingdao" and not player.changes.value


@pytest.mark.parametrize("stage", [s for s in STAGES if (COURSE_DIR / s.notebook).is_file()], ids=lambda s: s.id)
def test_a_page_redraws_itself_after_its_notebook_ran(stage) -> None:
    """As the kernel keeps a page after its notebook ran, a language or rule-set switch draws every widget again
    from the notebook's names as they are then (stage 14 once rebound a name its tribute picture draws)."""
    from gouji_teach.show.i18n import set_language

    session = notebook_page(stage, "rules=qingdao&lang=zh")["session"]
    for lang, rules in (("en", "qingdao"), ("zh", "tongsu"), ("en", "linyi")):
        set_language(lang)
        session.apply(session.query(rules=rules, lang=lang))


def _shown(stage_id: str, query: str, space: dict | None = None) -> list:
    """What each code cell of a stage's notebook shows (its last expression), run as the page's kernel runs it
    (in ``space``, where the page's session is left)."""
    import ast
    import json
    import os
    from unittest import mock

    shown, space = [], {} if space is None else space
    cells = json.loads((COURSE_DIR / course.stage(stage_id).notebook).read_text("utf-8"))["cells"]
    with mock.patch.dict(os.environ, {"QUERY_STRING": query}):
        for cell in (c for c in cells if c["cell_type"] == "code"):
            tree = ast.parse("".join(cell["source"]))
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, stage_id, "exec"), space)  # the course's own code
            if last is not None:
                shown.append(eval(compile(ast.Expression(last.value), stage_id, "eval"), space))
    return shown


def _is_tieqian_picture(x) -> bool:
    """Stage 03's picture of 22333: the play drawn (贴钱), or the rule set's refusal of it."""
    value = str(getattr(x, "value", ""))
    return "gj-kind-tieqian" in value or ("gj-refused" in value and "22333" in value)


def _text(widget) -> str:
    return str(getattr(widget, "value", "")) + "".join(_text(c) for c in getattr(widget, "children", ()))


@pytest.mark.parametrize("family", list(PRESETS))
def test_the_engines_examples_on_a_stage_are_the_pages_rule_sets(family) -> None:
    """Stages 02-04 print the engine's verdicts and counts, and draw plays, under the learner's rule set (they were
    Qingdao's on every page): the lines name it, a play it forbids (贴钱 under the standard rules) is drawn as its
    refusal, and two big jokers against one are a kill only where the rule set has the kill."""
    rules = PRESETS[family]
    title = f"按{rules.title_zh}："
    for stage_id in ("cards", "plays", "compare"):
        texts = [_text(x) for x in _shown(stage_id, f"rules={family}&lang=zh") if hasattr(x, "value")]
        assert any(title in x for x in texts), (stage_id, family)
        if family != "qingdao":
            assert not any("按青岛够级：" in x for x in texts), stage_id
    plays = _shown("plays", f"rules={family}&lang=zh")
    tieqian = next(x for x in plays if _is_tieqian_picture(x))
    assert ("不许贴钱" in tieqian.value) == (not rules.tieqian), tieqian.value
    lines = next(x.value for x in _shown("compare", f"rules={family}&lang=zh")
                 if hasattr(x, "value") and title in x.value)
    kill = next(line for line in lines.split("</div>") if "DD → D:" in line)
    assert ("✔" in kill) == rules.big_joker_kill, kill


def test_the_engines_examples_follow_a_switch_of_the_rule_set_and_the_language() -> None:
    space: dict = {}
    shown = _shown("plays", "rules=qingdao&lang=zh", space)
    counted = next(x for x in shown if hasattr(x, "value") and "按青岛够级：" in x.value)
    picture = next(x for x in shown if _is_tieqian_picture(x))
    assert "22333：5个3（贴2个钱）" in counted.value and 'lang="en"' not in counted.value  # one language on the page
    assert "不许贴钱" not in picture.value
    session = space["session"]
    session.apply(session.query(rules="tongsu", lang="en"))
    assert "Under Shandong standard rules (通俗规则):" in counted.value and 'lang="zh"' not in counted.value
    assert "22333: Shandong standard rules (通俗规则) forbid 贴钱" in counted.value
    assert "✘ 22333: Shandong standard rules (通俗规则) forbid 贴钱" in picture.value


@pytest.mark.parametrize("family", list(PRESETS))
def test_stage_14s_tribute_picture_names_the_pages_rule_set_first(family) -> None:
    """The tribute owed after one hand is drawn under the four rule sets, the learner's first (it showed Qingdao,
    Zaozhuang and the standard rules on every page: Linyi's learners never saw theirs)."""
    figure = next(x.value for x in _shown("jingong", f"rules={family}&lang=zh")
                  if "gj-tribute-figure" in str(getattr(x, "value", "")))
    caption = figure.split("<figcaption>")[1].split("</figcaption>")[0]
    assert caption.startswith(PRESETS[family].title_zh) and all(r.title_zh in caption for r in PRESETS.values())

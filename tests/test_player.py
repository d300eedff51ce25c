"""The scenario player over every shipped scenario under every rule set: frames, rule-set changes, stepping,
jumping, autoplay, what-if branches, checkpoint puzzles answered as the engine answers them, and no leak."""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as w
import pytest
from widget_state import answers_of, fresh_widgets, right_answer, synced_state

from gouji_teach import PRESETS
from gouji_teach.rules.cards import Hand
from gouji_teach.rules.events import Action
from gouji_teach.rules.rulebook import RULES
from gouji_teach.rules.scenario import Scenario, ScenarioError, action_words, frames, question_words, rule_changes, run
from gouji_teach.show.i18n import set_language
from gouji_teach.teach.course import parse_query
from gouji_teach.teach.player import ScenarioPlayer, checkpoint_puzzle
from gouji_teach.teach.puzzles import CanActPuzzle, WhoIsMenPuzzle, WhoMayActPuzzle, WhoOpenedPuzzle, seats_key
from gouji_teach.teach.table import SeatPickWidget

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))
RULESETS = list(PRESETS)


@pytest.fixture(autouse=True)
def _fresh():
    """Every test here starts with no live widget."""
    yield from fresh_widgets()




right_key = right_answer  # seat puzzles have no choices: they are answered by clicking seats


# -- frames and rule-set changes, every scenario under every rule set ---------------------------------------------
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_scenario_runs_under_every_rule_set_or_marks_the_refused_step(path):
    scenario = Scenario.load(path)
    own = frames(scenario)
    assert len(own) == len(scenario.steps) + 1 and all(f.refusal is None for f in own)
    assert [f.number for f in own] == list(range(len(own)))
    assert rule_changes(scenario, scenario.rules) == []
    for rules in RULESETS:
        try:
            theirs = frames(scenario, rules)
        except ScenarioError:  # the hands cannot even start under this rule set: reported, not crashed
            continue
        changes = rule_changes(scenario, rules)
        refused = [f.number for f in theirs if f.refusal is not None]
        assert refused == [c.number for c in changes if c.kind == "legality" and c.number < len(own)
                           and own[c.number].refusal is None][:1]
        if refused:  # the frames stop at the refused step, the rest is marked unreached
            assert theirs[-1].number == refused[0]
            assert changes[-1].kind == "unreached" or refused[0] == len(own) - 1
        else:
            assert len(theirs) == len(own)


def test_which_scenarios_stop_under_which_rule_sets():
    """Documents the scenarios that cannot run to the end under another rule set (each a rule that differs)."""
    stops = {}
    for path in SCENARIOS:
        for rules in RULESETS:
            try:
                refused = [f for f in frames(Scenario.load(path), rules) if f.refusal is not None]
            except ScenarioError as e:  # a deal the rule set's packs cannot hold (zaozhuang keeps six 3s)
                assert e.rule == "deck.limit" and rules == "zaozhuang", e
                stops[path.stem, rules] = e.rule
                continue
            if refused:
                stops[path.stem, rules] = refused[0].refusal.rule
    assert ("qingdao_dagouji", "tongsu") not in stops
    assert all(stem.split("_")[0] != rules for stem, rules in stops)  # never under the scenario's own set
    assert stops  # some do: e.g. 贴钱 and free answering are regional


def test_the_player_refuses_what_the_scenario_run_refuses():
    """One step loop: a way out that 憋三 forbids stops the player's frames as it stops ``run`` (before, the
    player's own loop showed it), with the game as it was before the step."""
    sc = Scenario.from_text('rules: linyi\nleader: 0\nhands: {0: "K", 1: "5"}\nsteps: [{do: seat 0 plays K}]')
    *_, last = frames(sc)
    assert last.number == 1 and last.refusal.rule == "biesan" and last.game.hands[0] == Hand.parse("K")
    with pytest.raises(ScenarioError) as e:
        run(sc)
    assert e.value.rule == "biesan" and e.value.line == 4


# -- checkpoints as puzzles -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_checkpoint_puzzles_have_the_engines_answers(path):
    scenario = Scenario.load(path)
    for frame in frames(scenario):
        if frame.step is None or frame.step.kind != "ask":
            continue
        puzzle = checkpoint_puzzle(frame.game, frame.step.text)
        data = frame.answer.data
        if isinstance(puzzle, WhoMayActPuzzle):
            assert right_key(puzzle) == seats_key(int(s) for s in data["may"])
        elif isinstance(puzzle, WhoOpenedPuzzle):
            assert right_key(puzzle) == seats_key(data["open"])
        elif isinstance(puzzle, WhoIsMenPuzzle):
            assert right_key(puzzle) == seats_key(m["victim"] for m in data)
        elif isinstance(puzzle, CanActPuzzle):
            legal = data is True or (isinstance(data, list))  # "can": a bool; "what if": the events, or None
            assert right_key(puzzle) == ("yes" if legal else "no")
        else:
            assert puzzle is None and frame.step.text in ("who is out", "record")


# -- the widget ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_player_steps_forward_and_back_through_every_scenario(path):
    player = ScenarioPlayer(path)
    scenario = player.scenario
    assert player.step.value == 0 and player.table.value.startswith("<svg")
    for number, step in enumerate(scenario.steps, start=1):
        player.forward.click()
        words = action_words(Action.parse(step.text)) if step.kind == "do" else question_words(step.text)
        assert player.step.value == number and html.escape(words[0]) in player.narration.value  # said in Chinese
        if step.kind == "ask":
            assert len(player.checkpoint.children) == 1
        else:
            assert not player.checkpoint.children
            assert html.escape(player.frame.events[0].zh) in player.narration.value if player.frame.events else True
    assert player.forward.disabled and not player.back.disabled  # the last step: nothing to go forward to
    player.forward.click()
    assert player.step.value == len(scenario.steps)  # the end stops the player
    player.back.click()
    assert player.step.value == len(scenario.steps) - 1
    player.close()


def test_jump_autoplay_speed_and_language():
    player = ScenarioPlayer(ROOT / "scenarios" / "qingdao_dagouji.yaml")
    player.go(99)
    assert player.step.value == 7
    player.go(-3)
    assert player.step.value == 0
    player.play.value = 6  # autoplay moves the step
    assert player.step.value == 6 and "座位3过牌" in player.narration.value
    player.speed.value = 700
    assert player.play.interval == 700
    set_language("en")
    assert "nobody answers" in player.narration.value and player.back.description == "Back"
    assert player.rules.value == "qingdao" and player.speed.value == 700  # relabelling keeps the values
    player.close()


def test_start_step_from_a_link():
    step = int(parse_query("step=4&rules=linyi").get("step", 0))
    player = ScenarioPlayer(Scenario.load(ROOT / "scenarios" / "qingdao_dagouji.yaml"), start_step=step)
    assert player.step.value == 4
    player.close()
    assert ScenarioPlayer(ROOT / "scenarios" / "qingdao_dagouji.yaml", start_step=500).step.value == 7


def test_what_if_plays_a_branch_and_shows_refusals_in_both_languages():
    player = ScenarioPlayer(ROOT / "scenarios" / "qingdao_dagouji.yaml", start_step=1)
    before = player.narration.value
    events = player.try_action("seat 3 passes")
    assert not isinstance(events, Exception) and events[0].en == "seat 3 passes"
    assert html.escape(events[0].zh) in player.branch.value
    player.what_if.value = "seat 1 plays AA"  # typed and Enter
    assert RULES["gouji.duitou"].zh in player.branch.value and 'role="alert"' in player.branch.value
    set_language("en")
    assert "only the 对头" in player.branch.value
    player.try_action("<img src=x onerror=alert(1)>")
    assert "<img" not in player.branch.value
    assert player.frame.game.top is not None and player.step.value == 1  # nothing lost
    set_language("zh")
    assert player.narration.value == before
    player.close()


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_rule_switch_reruns_and_marks_the_changed_steps(path):
    player = ScenarioPlayer(path)
    own = player.scenario.rules.name
    player.go(len(player.scenario.steps))
    for rules in RULESETS:
        player.rules.value = rules
        try:
            changes = rule_changes(player.scenario, rules)
        except ScenarioError:  # the deal cannot start under this rule set: the player says so and stays
            assert 'role="alert"' in player.changes.value
            continue
        if rules == own or not changes:
            assert "gj-changes" not in player.changes.value or "每一步都一样" in player.changes.value
        else:
            assert player.changes.value.count("<li>") == len(changes)
        player.go(99)
        last = player.frame
        if last.refusal is not None:
            assert 'role="alert"' in player.narration.value
        for number in range(player.step.value, -1, -1):  # and back to the start
            player.go(number)
    player.rules.value = own
    assert player.changes.value == "" and player.step.max == len(player.scenario.steps)
    player.close()


def test_rule_switch_to_a_set_that_refuses_stops_at_the_refused_step():
    player = ScenarioPlayer(ROOT / "scenarios" / "zaozhuang_free_answering.yaml", start_step=15)
    player.rules.value = "qingdao"
    assert player.step.max == 7 and player.step.value == 7
    assert "⚠" in player.narration.value and "⚑" in player.narration.value
    player.close()


def test_presenter_mode_draws_bigger_and_reveals_on_request():
    path = ROOT / "scenarios" / "qingdao_shaopai.yaml"
    plain, presenter = ScenarioPlayer(path), ScenarioPlayer(path, presenter=True)
    assert 'width="651"' in presenter.table.value and 'width="372"' in plain.table.value
    presenter.go(2)
    [box] = presenter.checkpoint.children
    widget = presenter._puzzles["qingdao", 2]
    assert isinstance(widget, SeatPickWidget) and widget.reveal_button in box.children[4].children
    assert presenter.table.value == ""  # the seat puzzle draws the position, the turn hidden
    widget.reveal_button.click()
    assert "答案" in widget.feedback.value
    presenter.go(13)  # "record": shown on request only
    [box] = presenter.checkpoint.children
    assert "座位1烧座位0" not in synced_state()
    box.children[0].click()
    record = box.children[1].value  # a table of places and events, never the JSON
    assert "<table" in record and "头科 座位1" in record and "烧成功" in record and "finish_order" not in record
    plain.close()
    presenter.close()


# -- the leak test --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_no_checkpoint_answer_reaches_the_browser_before_answering(path):
    for frame in frames(Scenario.load(path)):
        if frame.step is None or frame.step.kind != "ask":
            continue
        w.Widget.close_all()  # a fresh page opened at this step (an earlier answer may read the same)
        player = ScenarioPlayer(path, presenter=True, start_step=frame.number)
        puzzle = checkpoint_puzzle(frame.game, frame.step.text)
        if puzzle is None:
            assert html.escape(frame.answer.en) not in synced_state()
            player.close()
            continue
        sol = puzzle.solution()
        secrets = [sol.zh, sol.en, sol.text("zh"), sol.text("en")]
        for answer in answers_of(puzzle):
            fb = puzzle.check(answer)
            secrets += [fb.zh, fb.en, fb.text("zh"), fb.text("en"), fb.counter_zh, fb.counter_en]
        state = synced_state()
        leaked = [s for s in secrets if len(s) > 6 and (s in state or html.escape(s) in state)]
        assert not leaked, f"step {frame.number} leaked {leaked[0]!r}"
        widget = player._puzzles[player._rules.name, frame.number]
        widget.answer(right_key(puzzle))
        assert html.escape(puzzle.solution().text("zh")) in synced_state()
        player.close()

"""Scenario files: every shipped scenario checks and replays exactly as its golden transcript; bad files are
reported with file, line and rule; the check, replay and selfplay commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gouji_teach.cli import main
from gouji_teach.rules.scenario import Ask, Question, Scenario, ScenarioError, answer, check_file, replay, run

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))
GOLDEN = ROOT / "tests" / "golden"


def test_a_dozen_scenarios_cover_every_rule_family():
    families = {Scenario.load(p).rules.name for p in SCENARIOS}
    assert len(SCENARIOS) >= 12 and families == {"qingdao", "linyi", "tongsu", "zaozhuang"}


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_checks_and_replays_as_its_golden_transcript(path):
    assert check_file(path) == []
    golden = GOLDEN / (path.stem + ".txt")
    assert replay(Scenario.load(path.relative_to(ROOT))) == golden.read_text(encoding="utf-8"), (
        f"{path.name} replays differently: run scripts/regen_golden.py and review the diff")


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path


HEAD = 'rules: qingdao\nleader: 0\nhands: {0: "KK 5", 1: "AA 7", 2: "9 6", 3: "7 8", 4: "9 10", 5: "J Q"}\n'


def test_an_illegal_step_is_reported_with_its_line_and_rule(tmp_path):
    path = _write(tmp_path, HEAD + "steps:\n  - do: seat 0 plays KK\n  - do: seat 1 plays AA\n")
    [problem] = check_file(path)
    assert problem.line == 6
    assert "gouji.duitou" in problem.zh and "only the 对头" in problem.en


@pytest.mark.parametrize(("text", "line", "word"), [
    (HEAD + "step: []\n", 4, "unknown key"),
    (HEAD + "steps:\n  - play: seat 0 plays KK\n", 5, "exactly one of do or ask"),
    (HEAD + "steps:\n  - ask: how many cards\n", 5, "unknown question"),
    (HEAD + "steps:\n  - ask: can seat 3 play Z9\n", 5, "steps:"),  # the question's action is read on loading
    ("rules: beijing\n", 1, "unknown rule set"),
    (HEAD + "<<: {steps: [{ask: who may act}]}\n", 4, "unknown key"),  # a merge key: once a ValueError
    (HEAD + "7: 1\n", 4, "unknown key"),
    ('rules: qingdao\nhands: {7: "5"}\n', 2, "seats 0-5"),
    ('rules: qingdao\nhands: {0: "5 1"}\n', 2, "hands"),
    ("rules: [qingdao\n", 2, "a [ … ] list is not finished"),
])
def test_bad_scenario_files_name_the_line(tmp_path, text, line, word):
    [problem] = check_file(_write(tmp_path, text))
    assert problem.line == line and word in problem.en, problem


def test_answers_are_computed_never_written():
    sc = Scenario.from_text(HEAD + "steps:\n  - do: seat 0 plays KK\n  - ask: can seat 3 play AA\n")
    [_, (_, ans)] = run(sc)
    assert ans.data is False and "hand.cards" in ans.en  # seat 3 holds no As: the engine says why
    game = sc.start()
    assert answer(game, "who may act").data["to_act"] == 0
    with pytest.raises(ScenarioError):
        Scenario.from_text("hands: 5\n").start()


def test_cli_check_ok_and_errors(tmp_path, capsys):
    assert main(["check", str(SCENARIOS[0])]) == 0
    assert capsys.readouterr().out.strip().endswith(": ok")
    bad = _write(tmp_path, HEAD + "steps:\n  - do: seat 2 plays 9\n")
    assert main(["check", str(SCENARIOS[0]), str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"{bad}:5: ") and "turn.order" in err[0]


def test_cli_replay_prints_the_narrated_steps(capsys):
    path = ROOT / "scenarios" / "qingdao_dagouji.yaml"
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "[1] seat 0 plays KK" in out and "gouji.duitou" in out


def test_cli_replay_of_a_missing_file_exits_2(capsys):
    assert main(["replay", "no/such/file.yaml"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_cli_selfplay_prints_events_and_the_record_as_json(capsys):
    assert main(["selfplay", "--seed", "2", "--rules", "zaozhuang"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["record"]["rules"] == "zaozhuang" and data["events"][-1]["kind"] in ("end", "void")
    assert main(["selfplay", "--seed", "2", "--rules", "beijing"]) == 2


def test_check_reports_every_bad_step_not_only_the_first(tmp_path):
    text = HEAD + "steps:\n  - do: seat 0 dances\n  - ask: who is it\n  - do: seat 0 plays KK\n  - play: 5\n"
    problems = check_file(_write(tmp_path, text))
    assert [p.line for p in problems] == [5, 6, 8]
    assert "cannot read the step" in problems[0].en and "unknown question" in problems[1].en


def test_questions_are_parsed_once_by_the_core():
    """One grammar: the step, the answer and the player's puzzle all read the same parsed question."""
    q = Question.parse("  what if seat 1 play AA instead ")
    assert (q.kind, q.action.seat, q.action.kind, q.action.cards) == (Ask.WHAT_IF, 1, "play", "AA")
    assert q.words() == ("如果座位1出AA，会怎样？", "What if seat 1 plays AA?")
    sc = Scenario.from_text(HEAD + "steps:\n  - ask: 谁被闷了\n")
    assert sc.steps[0].question.kind == Ask.MEN and answer(sc.start(), sc.steps[0].question).data == []


@pytest.mark.parametrize(("verb", "fixed"), [("play", "plays QQ"), ("Play", "plays QQ"), ("burn", "burns QQ"),
                                             ("pass", "passes"), ("yield", "yields"), ("revolt", "revolts")])
def test_a_do_step_with_a_questions_verb_is_refused_with_its_fix(verb: str, fixed: str) -> None:
    """``seat 0 play QQ`` ("play" for "plays") is a typo in a do step: refused, naming the line and the fix."""
    cards = " QQ" if "QQ" in fixed else ""
    text = f'rules: qingdao\nleader: 0\nhands: {{0: "QQ 5", 1: "AA 7"}}\nsteps:\n  - do: seat 0 {verb}{cards}\n'
    with pytest.raises(ScenarioError) as refused:
        Scenario.from_text(text, "mine.yaml")
    assert refused.value.line == 5
    assert f"seat 0 {fixed}" in refused.value.zh and f"seat 0 {fixed}" in refused.value.en

"""The instructor's classroom without a browser: the live lesson in the progress store (SQLite and PostgreSQL), the
presenter's wall and the learners' pages in one process (each as its own kernel would run it, sharing nothing but
the store), lessons of an instructor's folder, and the ``present`` and ``serve --lessons`` commands."""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path

import ipywidgets
import pytest
from progress_backends import run_sql, where_fixture  # noqa: F401 (the fixture `where`)
from widget_state import fresh_widgets, synced_state

from gouji_teach.cli import main
from gouji_teach.rules.errors import GoujiError
from gouji_teach.rules.rulebook import RULES
from gouji_teach.rules.scenario import SCENARIO_DIR, Scenario, frames
from gouji_teach.teach import course, live, pages, present, progress, report
from gouji_teach.teach.lessons import ENV_VAR, check_lessons, find_lesson, instructor_lessons
from gouji_teach.teach.player import checkpoint_puzzle
from gouji_teach.teach.progress import SCHEMA_VERSION, ProgressStore
from gouji_teach.teach.puzzles import Puzzle

#: A scenario whose step 2 asks who may act (answered with seats) and step 3 whether seat 1 may play AA (no).
DAGOUJI = "qingdao_dagouji"
BAD_STEP = 'rules: qingdao\nleader: 0\nhands: {0: "KK 5", 1: "AA 7"}\nsteps:\n  - do: seat 0 plays KK\n' \
           "  - do: seat 9 plays AA\n"


@pytest.fixture(autouse=True)
def _widgets() -> object:
    yield from fresh_widgets()


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ProgressStore:
    """The class's store, the one every page of these tests uses (as every kernel of a server does)."""
    class_store = ProgressStore(tmp_path / "class.sqlite")
    monkeypatch.setattr(progress, "_STORE", [class_store])
    return class_store


def _puzzle(name: str, step: int) -> Puzzle:
    frame = frames(Scenario.load(name))[step]
    return checkpoint_puzzle(frame.game, frame.step.text)


def _wall(query: str) -> present.Wall:
    page = present.page(present.start(query))
    assert page.wall is not None
    return page.wall


def _learner(code: str, name: str) -> live.LiveFollower:
    view = live.page(live.start(query=f"live={code}&learner={name}"))._view
    assert isinstance(view, live.LiveFollower)
    return view


# -- the store --------------------------------------------------------------------------------------------------
def test_a_live_lesson_in_the_store(where: Path | str) -> None:
    store = ProgressStore(where)
    lesson, key = store.open_live(DAGOUJI, stage="dagouji", rules="qingdao")
    assert len(lesson.code) == 5 and lesson.step == 0 and not lesson.revealed
    assert store.join_live(lesson.code.lower(), "小明").code == lesson.code  # a code typed in lower case
    store.join_live(lesson.code, "小明")  # twice: one member
    with pytest.raises(GoujiError, match="has not joined"):
        store.answer_live(lesson.code, "小红", 0, "yes")
    with pytest.raises(GoujiError, match="only the presenter"):
        store.live_control(lesson.code, "0" * 32, step=2)
    moved = store.live_control(lesson.code, key, step=2)
    assert moved.step == 2 and moved.seq > lesson.seq
    with pytest.raises(GoujiError, match="takes no answer now"):
        store.answer_live(lesson.code, "小明", 3, "no")  # not the presenter's step
    store.answer_live(lesson.code, "小明", 2, "3")
    store.answer_live(lesson.code, "小明", 2, "1,3")  # the last answer counts
    store.join_live(lesson.code, "小红")
    store.answer_live(lesson.code, "小红", 2, "1,3")
    tally = store.live_tally(lesson.code, 2)
    assert (tally.joined, tally.answered, tally.counts) == (2, 2, {"1,3": 2})
    revealed = store.live_control(lesson.code, key, reveal=True)
    assert revealed.revealed == {2} and store.live(lesson.code).seq == revealed.seq
    with pytest.raises(GoujiError, match="takes no answer now"):
        store.answer_live(lesson.code, "小红", 2, "3")
    assert [a.learner.name for a in store.live_answers(lesson.code, 2)] == ["小明", "小红"]
    assert [x.code for x in store.live_lessons()] == [lesson.code]
    with pytest.raises(GoujiError, match="no live lesson"):
        store.live("ZZZZZ")


def test_a_version_1_file_gains_the_live_tables_and_keeps_its_progress(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    store = ProgressStore(path)
    store.record_attempt("小明", "cards", "card/qingdao/easy/201", correct=True)
    with closing(sqlite3.connect(path)) as connection, connection:  # what a file of version 1 holds
        for table in ("live_answers", "live_members", "live_reveals", "live_lessons"):
            connection.execute(f"DROP TABLE {table}")
        connection.execute("UPDATE schema_version SET version = 1")
    again = ProgressStore(path)
    assert run_sql(path, "SELECT MAX(version) FROM schema_version") == [(SCHEMA_VERSION,)]
    assert again.stage_stars(again.learner("小明")) == {"cards": 3}
    assert again.open_live(DAGOUJI, stage="dagouji", rules="qingdao")[0].step == 0


# -- the wall and the learners' pages -------------------------------------------------------------------------
def test_the_wall_steps_and_reveals_the_answer_once(store: ProgressStore) -> None:
    wall = _wall(f"scenario={DAGOUJI}&step=2")
    assert wall.step == 2 and wall.is_checkpoint()
    solution = _puzzle(DAGOUJI, 2).solution()
    assert wall.answer.value == "" and solution.zh[:20] not in synced_state()  # hidden until revealed
    wall.reveal()
    shown = wall.answer.value
    assert shown.count("答案：") == 1 and solution.text("zh") in shown
    for rule in solution.rule_ids:
        assert shown.count(RULES[rule].zh) == 1  # each rule named once (its bracket cites only the source)
    wall.go(3)
    assert wall.answer.value == "" and "step=3" in wall.head.value
    wall.go(99)
    assert wall.step == len(frames(Scenario.load(DAGOUJI))) - 1


def test_the_wall_shows_no_quiz_buttons_and_no_notes(store: ProgressStore) -> None:
    wall = _wall(f"scenario={DAGOUJI}&step=3")
    state = synced_state()
    for word in ("看答案", "再来一次", "提示", "给老师", "For instructors"):
        assert word not in state
    widgets = list(ipywidgets.widgets.widget._instances.values())
    classes = {c for widget in widgets for c in getattr(widget, "_dom_classes", ())}
    assert "gouji-puzzle" not in classes and "gj-wall" in classes  # the wall, and no puzzle widget on it
    assert wall.reveal_button.description == "揭晓"


def test_a_live_lesson_from_the_wall_to_three_learners_and_back(store: ProgressStore) -> None:
    wall = _wall(f"scenario={DAGOUJI}")
    wall.start_live()
    code = wall.live.code
    assert code in wall.head.value and "<svg" in wall.head.value  # the join code and its QR code
    assert f"live={code}" in wall.session.query() and "key=" in wall.session.query()
    learners = {name: _learner(code, name) for name in ("甲", "乙", "丙")}
    wall.poll()
    assert "已加入 3 人" in wall.head.value
    wall.go(3)  # "can seat 1 play AA?": no
    for view in learners.values():
        view.poll()
        assert view.lesson.step == 3 and isinstance(view.question, live.LiveQuestion)
    puzzle = _puzzle(DAGOUJI, 3)
    right = next(c.key for c in puzzle.choices if puzzle.check(c.key).correct)
    wrong = next(c.key for c in puzzle.choices if not puzzle.check(c.key).correct)
    for name, key in (("甲", right), ("乙", right), ("丙", wrong)):
        learners[name].question.answer(key)
        assert "揭晓前可以改" in learners[name].question.feedback.value  # kept, not judged
    state = synced_state()
    assert puzzle.solution().text("zh") not in state and "答对了" not in state and "✔" not in state
    wall.poll()
    assert "已作答 3/3" in wall.tally.value and wall.tally.value.count("gj-bar-row") == 2
    assert "✔" not in wall.tally.value  # no right answer marked before the reveal
    wall.reveal()
    assert "✔" in wall.tally.value
    for name, view in learners.items():
        view.poll()
        assert ("答对了" if name != "丙" else "答错了") in view.question.feedback.value
        assert puzzle.solution().text("zh") in view.question.feedback.value
    attempts = {(a.learner.name, a.correct, a.stage, a.puzzle_id) for a in store.attempts()}
    assert attempts == {(name, name != "丙", "dagouji", "live/qingdao/qingdao_dagouji/3") for name in learners}
    assert store.stage_stars(store.learner("甲"), rules="qingdao") == {"dagouji": 3}
    wall.reveal()  # again: nothing recorded twice
    assert len(store.attempts()) == 3
    class_report = report.build(store)  # live attempts count in the report as any other answer
    assert class_report.stars["甲"]["dagouji"] == 3 and "dagouji" not in class_report.stars["丙"]
    rule = puzzle.solution().rule_ids[0]
    assert class_report.mastery["丙"][rule] == (0, 1) and class_report.mastery["甲"][rule] == (1, 1)


def test_a_learners_page_asks_the_checkpoints_question_once(store: ProgressStore) -> None:
    wall = _wall(f"scenario={DAGOUJI}")
    wall.start_live()
    view = _learner(wall.live.code, "甲")
    wall.go(3)
    view.poll()
    asked = _puzzle(DAGOUJI, 3).question()[0]
    page = view.narration.value + view.question.question.value
    assert asked in view.question.question.value and page.count(asked) == 1
    assert "gj-ask" not in view.narration.value


@pytest.mark.parametrize(("hub", "joins"), [
    ({}, "http://class.local:8866/voila/render/lesson.ipynb?live="),  # `serve`: the app's own address
    ({"JUPYTERHUB_PUBLIC_HUB_URL": "https://hub.school.cn/gj/hub/", "JUPYTERHUB_BASE_URL": "/gj/"},
     "https://hub.school.cn/gj/hub/user-redirect/voila/render/tutorials/lesson.ipynb?live="),
    ({"JUPYTERHUB_PUBLIC_HUB_URL": "", "JUPYTERHUB_BASE_URL": "/"},  # no public_url: the host the wall was opened at
     "http://class.local:8000/hub/user-redirect/voila/render/tutorials/lesson.ipynb?live="),
])
def test_the_walls_join_link_reaches_each_learners_own_server(
        store: ProgressStore, monkeypatch: pytest.MonkeyPatch, hub: dict[str, str], joins: str) -> None:
    """Under JupyterHub the wall runs on the instructor's server: its link goes through the hub's user-redirect,
    which opens the lesson page on each learner's own server (the instructor's is not theirs to open)."""
    monkeypatch.setenv("SERVER_NAME", "class.local")
    monkeypatch.setenv("SERVER_PORT", "8866")
    if hub:
        monkeypatch.setenv("SERVER_PORT", "8000")
        for name, value in {"JUPYTERHUB_USER": "teacher", "JUPYTERHUB_SERVICE_PREFIX": "/gj/user/teacher/"
                            if hub["JUPYTERHUB_BASE_URL"] == "/gj/" else "/user/teacher/", **hub}.items():
            monkeypatch.setenv(name, value)
        prefix = os.environ["JUPYTERHUB_SERVICE_PREFIX"]
        monkeypatch.setenv("SCRIPT_NAME", f"{prefix}voila/render/tutorials/present.ipynb")
    wall = _wall(f"scenario={DAGOUJI}")
    wall.start_live()
    assert joins + wall.live.code in wall.head.value


def test_a_lesson_page_built_before_its_request_follows_the_live_lesson_the_request_names(
        store: ProgressStore) -> None:
    """``serve --prerender lesson``: a class's lesson pages are built before anyone asks (no address: no lesson),
    then each learner's request arrives with the live lesson's code: the page follows it, at its current step."""
    wall = _wall(f"scenario={DAGOUJI}")
    wall.start_live()
    wall.go(3)
    page = live.page(live.start(query=""))
    assert page._view is None and "⚠" in page.box.children[0].value  # no lesson named yet
    page.session.apply(f"live={wall.live.code}&learner=甲")
    view = page._view
    assert isinstance(view, live.LiveFollower)
    view.poll()
    assert view.lesson.step == 3 and isinstance(view.question, live.LiveQuestion)


def test_a_late_joiner_lands_on_the_current_step_and_a_reloaded_wall_resumes(store: ProgressStore) -> None:
    wall = _wall(f"scenario={DAGOUJI}")
    wall.start_live()
    wall.go(4)
    late = _learner(wall.live.code, "迟到")
    assert late.lesson.step == 4 and "第4步" in late.narration.value
    reloaded = _wall(wall.session.query())  # the address the wall's page shows
    assert (reloaded.live.code, reloaded.step) == (wall.live.code, 4)
    reloaded.go(5)
    late.poll()
    assert late.lesson.step == 5


def test_only_the_presenters_key_moves_a_live_lesson(store: ProgressStore) -> None:
    wall = _wall(f"scenario={DAGOUJI}")
    wall.start_live()
    intruder = _wall(f"scenario={DAGOUJI}&live={wall.live.code}&key={'0' * 32}")
    assert intruder.live is None and "只有开课的老师" in intruder.head.value
    intruder.go(5)
    assert store.live(wall.live.code).step == 0


def test_a_learner_without_a_name_joins_with_one(store: ProgressStore) -> None:
    wall = _wall(f"scenario={DAGOUJI}")
    wall.start_live()
    view = live.page(live.start(query=f"live={wall.live.code}"))._view
    assert not view._joined and view.name in view.box.children[1].children
    view.name.value = "小明"
    assert view._joined and [m.name for m in store.live_members(wall.live.code)] == ["小明"]
    unknown = live.page(live.start(query="live=ZZZZZ&learner=x"))._view
    assert "没有课堂 ZZZZZ" in unknown.status.value + unknown.head.value or "ZZZZZ" in unknown._message


def test_seat_answers_are_named_and_counted_on_the_wall(store: ProgressStore) -> None:
    wall = _wall(f"scenario={DAGOUJI}")
    wall.start_live()
    wall.go(2)
    view = _learner(wall.live.code, "小明")
    assert isinstance(view.question, live.LiveSeatQuestion)
    view.question.answer("1,3")
    wall.poll()
    assert "座位1、座位3" in wall.tally.value
    assert "座位1、座位3" in view.question.feedback.value


# -- lessons of an instructor's folder -----------------------------------------------------------------------
def test_a_lesson_folder_is_checked_file_by_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "good.yaml").write_text((SCENARIO_DIR / f"{DAGOUJI}.yaml").read_text(encoding="utf-8"),
                                        encoding="utf-8")
    (tmp_path / "bad.yaml").write_text(BAD_STEP, encoding="utf-8")
    (tmp_path / f"{DAGOUJI}.yml").write_text((tmp_path / "good.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a scenario", encoding="utf-8")
    good, problems = check_lessons(tmp_path)
    assert [p.name for p in good] == ["good.yaml"]
    assert [(Path(p.path).name, p.line) for p in problems] == [("bad.yaml", 6), (f"{DAGOUJI}.yml", 0)]
    monkeypatch.setenv(ENV_VAR, os.pathsep.join(map(str, good)))
    assert [x.name for x in instructor_lessons()] == ["good"]
    assert find_lesson("good").own and find_lesson("good").stage == "lesson"
    assert find_lesson("dagouji").name == DAGOUJI and find_lesson("dagouji").stage == "dagouji"


def test_an_instructors_lesson_runs_live(store: ProgressStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "my_day.yaml").write_text((SCENARIO_DIR / f"{DAGOUJI}.yaml").read_text(encoding="utf-8"),
                                          encoding="utf-8")
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "my_day.yaml"))  # as serve --lessons hands it to every kernel
    wall = _wall("scenario=my_day&step=3")
    wall.start_live()
    view = _learner(wall.live.code, "小明")
    assert view.lesson.scenario == "my_day" and isinstance(view.question, live.LiveQuestion)
    view.question.answer("no")
    wall.reveal()
    [attempt] = store.attempts()
    assert (attempt.stage, attempt.puzzle_id, attempt.correct) == ("lesson", "live/qingdao/my_day/3", True)


def test_the_landing_page_lists_the_lessons_and_the_presenters_page(
        store: ProgressStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "my_day.yaml").write_text((SCENARIO_DIR / f"{DAGOUJI}.yaml").read_text(encoding="utf-8"),
                                          encoding="utf-8")
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "my_day.yaml"))
    html = pages.landing(course.Session(course.stage("index"), "小明")).children[1].value
    assert 'href="lesson.ipynb?scenario=my_day&amp;learner=' in html and find_lesson("my_day").title("zh") in html
    assert 'action="lesson.ipynb"' in html and 'name="live"' in html and 'href="present.ipynb?lang=zh"' in html
    listing = present.page(present.start("lang=en")).list.value
    assert "present.ipynb?scenario=my_day" in listing and "present.ipynb?scenario=dagouji" in listing


def test_a_lesson_page_plays_its_scenario_or_says_what_is_wrong(
        store: ProgressStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text((SCENARIO_DIR / f"{DAGOUJI}.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setenv(ENV_VAR, str(broken))
    page = live.page(live.start(query="scenario=broken&step=2"))
    assert page._view.step.value == 2  # the scenario player at the address's step
    broken.write_text("rules: nosuch\n", encoding="utf-8")  # changed since the server's check
    again = live.page(live.start(query="scenario=broken"))
    assert again._view is None and "这一课打不开" in again.box.children[1].value
    assert str(tmp_path) not in again.box.children[1].value  # no server path on the page


# -- the command line -------------------------------------------------------------------------------------------
def test_present_prints_the_walls_address(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["present", "dagouji", "--url", "http://127.0.0.1:9000/"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "http://127.0.0.1:9000/voila/render/present.ipynb?scenario=dagouji"
    assert main(["present", "nosuch"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "nosuch" in err[0] and err[0].index("没有") < err[0].index("no such")
    (tmp_path / "mine.yaml").write_text((SCENARIO_DIR / f"{DAGOUJI}.yaml").read_text(encoding="utf-8"),
                                        encoding="utf-8")
    (tmp_path / "bad.yaml").write_text(BAD_STEP, encoding="utf-8")
    assert main(["present", "mine", "--lessons", str(tmp_path), "--lang", "en"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("http://127.0.0.1:8866/voila/render/present.ipynb?scenario=mine&lang=en")
    assert captured.err.strip().splitlines() == [f"{tmp_path / 'bad.yaml'}:6: " + captured.err.split(":6: ")[1].strip()]


def test_serve_lessons_must_be_a_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["serve", "--lessons", str(tmp_path / "missing")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "不是文件夹 / not a folder" in err[0]
    assert main(["serve", "--public-url", "ftp://x"]) == 2

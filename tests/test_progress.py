"""The progress store: saved at once, survives reopening, stars by attempts, mastery per rule, several writing
processes, arbitrary names shown escaped, clear errors for bad files. Tests taking ``store`` or ``where`` run on a
SQLite file and on a PostgreSQL schema (see ``progress_backends``)."""

from __future__ import annotations

import importlib.util
import multiprocessing
import os
import sqlite3
import sys
import types
import urllib.parse
from pathlib import Path

import pytest
from progress_backends import new_schema, postgres_url, run_sql, store_fixture, where_fixture  # noqa: F401 (the fixtures `store`, `where`)

from gouji_teach.rules.errors import GoujiError
from gouji_teach.show.i18n import MESSAGES
from gouji_teach.teach import progress
from gouji_teach.teach.progress import (
    ENV_VAR,
    NAME_MAX,
    DrillResult,
    Learner,
    ProgressError,
    ProgressStore,
    default_path,
    display_name,
)

HAS_TITLES = importlib.util.find_spec("gouji_teach.rules.titles") is not None
needs_titles = pytest.mark.skipif(not HAS_TITLES, reason="no gouji_teach.rules.titles (the 临沂 ladder)")


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "class" / "progress.sqlite3"


def test_file_is_created_with_its_folder_in_wal_mode(path: Path) -> None:
    ProgressStore(path)
    assert path.is_file()
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert connection.execute("SELECT version FROM schema_version").fetchall() == [(progress.SCHEMA_VERSION,)]


def test_a_file_keeps_its_table_definitions_as_written(path: Path) -> None:
    """PostgreSQL's translation never reaches SQLite: a file's tables are defined as earlier versions wrote them."""
    ProgressStore(path)
    stored = [sql for (sql,) in run_sql(path, "SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid")]
    written = progress._SCHEMA + "".join(progress._NEW_TABLES[v] for v in sorted(progress._NEW_TABLES))
    assert stored == [s.strip().replace(" IF NOT EXISTS", "") for s in written.split(";") if s.strip()]


def test_progress_survives_reopening(store: ProgressStore, where: Path | str) -> None:
    ming = store.learner("小明")
    store.record_attempt(ming, "cards", "rank/1", rules=("card.rank",), correct=False, answer="3")
    store.record_attempt(ming, "cards", "rank/1", rules=("card.rank",), correct=True, answer="2")
    del store  # the kernel restarts

    again = ProgressStore(where)
    assert again.learner("小明") == ming
    assert again.learners() == [ming]
    assert [(a.number, a.correct, a.answer, a.rules) for a in again.attempts(ming)] == [
        (1, False, "3", ("card.rank",)),
        (2, True, "2", ("card.rank",)),
    ]
    assert again.stars(ming) == {("cards", "rank/1"): 2}
    # the next answer to the solved puzzle starts a new run
    assert again.record_attempt(ming, "cards", "rank/1", correct=True).number == 1


def test_stars_by_attempts_to_the_first_correct_answer(store: ProgressStore) -> None:
    ming = store.learner("小明")

    def answer(puzzle: str, *results: bool, stage: str = "comparing") -> list[tuple[int, int]]:
        return [
            (a.number, a.stars)
            for a in (store.record_attempt(ming, stage, puzzle, correct=r, answer="x") for r in results)
        ]

    assert answer("beats/drill-1", True) == [(1, 3)]
    assert answer("beats/drill-2", False, True) == [(1, 0), (2, 2)]
    assert answer("beats/drill-3", False, False, True) == [(1, 0), (2, 0), (3, 1)]
    # the third miss shows the answer (as the page does): a solve after it earns nothing
    assert answer("beats/drill-5", False, False, False, True) == [(1, 0), (2, 0), (3, 0), (4, 0)]
    assert store.drill_stars(ming, "comparing", "beats/drill-5") == 0
    assert answer("beats/drill-4", False, False) == [(1, 0), (2, 0)]  # not solved: no stars
    assert answer("count/drill-9", False, True, stage="counting") == [(1, 0), (2, 2)]
    assert store.stars(ming) == {
        ("comparing", "beats/drill-1"): 3,
        ("comparing", "beats/drill-2"): 2,
        ("comparing", "beats/drill-3"): 1,
        ("counting", "count/drill-9"): 2,
    }
    assert store.stars(ming, "counting") == {("counting", "count/drill-9"): 2}
    assert store.stage_stars(ming) == {"comparing": 6, "counting": 2}
    assert store.points(ming) == 8

    # a drill keeps the stars of its first solve: solving it again earns nothing, better or worse
    assert answer("beats/drill-1", False, True) == [(1, 0), (2, 0)]
    assert answer("beats/drill-3", True) == [(1, 0)]
    assert store.stage_stars(ming) == {"comparing": 6, "counting": 2}
    assert store.drill_stars(ming, "comparing", "beats/drill-3") == 1
    # the same drill in another stage is earned there too
    assert answer("beats/drill-1", True, stage="final-quiz") == [(1, 3)]
    assert store.points(ming) == 11
    # another learner's stars are theirs
    assert store.stars(store.learner("小红")) == {}
    assert store.points(store.learner("小红")) == 0


def test_stars_for_numbers() -> None:
    assert [progress.stars_for(n) for n in range(1, 6)] == [3, 2, 1, 1, 1]
    with pytest.raises(ValueError):
        progress.stars_for(0)


def test_mastery_per_rule_id(store: ProgressStore) -> None:
    ming, hong = store.learner("小明"), store.learner("小红")
    store.record_attempt(ming, "comparing", "p1", rules=("compare.count", "compare.rank"), correct=False)
    store.record_attempt(ming, "comparing", "p1", rules=("compare.rank", "compare.count"), correct=True)
    store.record_attempt(ming, "guahua", "p2", rules=["compare.guahua", "compare.rank", "compare.rank"], correct=True)
    store.record_attempt(ming, "gouji", "p3", rules="gouji.threshold", correct=False)
    store.record_attempt(ming, "cards", "p4", correct=True)  # no rule tagged
    store.record_attempt(hong, "comparing", "p1", rules=("compare.count",), correct=True)
    assert store.mastery(ming) == {
        "compare.count": (1, 2),
        "compare.guahua": (1, 1),
        "compare.rank": (2, 3),
        "gouji.threshold": (0, 1),
    }
    assert store.mastery(hong) == {"compare.count": (1, 1)}
    assert store.attempts(ming)[2].rules == ("compare.guahua", "compare.rank")


def test_attempt_fields_and_logs(store: ProgressStore) -> None:
    ming = store.learner("小明")
    made = store.record_attempt(
        "小明", "comparing", "beats/drill-4711", rules=("compare.count",), correct=True, answer="KKK"
    )
    assert made.learner == ming and made.correct is True and made.stars == 3
    assert made.at.tzinfo is not None
    assert store.attempts() == [made]
    assert store.attempts(ming, stage="comparing") == [made]
    assert store.attempts(stage="cards") == []


def test_bad_attempt_fields_are_refused(store: ProgressStore, tmp_path: Path) -> None:
    ming = store.learner("小明")
    for stage, puzzle, rules in (("", "p", ()), ("s", " ", ()), ("s", "p", ("",))):
        with pytest.raises(ValueError, match="不能为空"):
            store.record_attempt(ming, stage, puzzle, rules=rules, correct=True)
    with pytest.raises(ValueError, match="too long"):
        store.record_attempt(ming, "s", "p", correct=False, answer="2" * (progress.ANSWER_MAX + 1))
    with pytest.raises(TypeError):
        # (ignore below: a wrong type on purpose)
        store.record_attempt(ming, "s", "p", correct=False, answer=None)  # type: ignore[arg-type]
    stranger = ProgressStore(tmp_path / "other.sqlite3").learner("外人")
    with pytest.raises(ValueError, match="no learner"):
        store.record_attempt(Learner(stranger.id + 100, stranger.name), "s", "p", correct=True)
    assert store.attempts() == []


# ------------------------------------------------------------------------------------------------------------ names

ODD_NAMES = [
    'O\'Brien "the 够级 king"',
    "<script>alert('x')</script>",
    "<b onmouseover=alert(1)>小明</b> & co",
    "🃏🂡 王小二 👑",
    "👨‍👩‍👧‍👦",
    "Robert'); DROP TABLE learners;--",
    "  spaced  ",
    "x" * NAME_MAX,
    "名" * NAME_MAX,
]


def test_odd_names_are_stored_folded_and_shown_escaped(store: ProgressStore, where: Path | str) -> None:
    made = [store.learner(name) for name in ODD_NAMES]
    assert len({learner.id for learner in made}) == len(ODD_NAMES)
    for learner in made:
        store.record_attempt(learner, "cards", "p", correct=True)
    reopened = ProgressStore(where)
    kept = [name.strip() for name in ODD_NAMES]  # folding trims; nothing else in them changes
    assert sorted(learner.name for learner in reopened.learners()) == sorted(kept)
    for name, learner in zip(ODD_NAMES, made, strict=True):
        assert reopened.learner(name) == learner
        shown = display_name(learner)
        assert "<" not in shown and ">" not in shown  # no tag survives: the name is text
    assert display_name(made[1]) == "&lt;script&gt;alert('x')&lt;/script&gt;"
    assert display_name("🃏🂡 王小二 👑") == "🃏🂡 王小二 👑"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "名字不能为空 / a learner's name cannot be empty"),
        ("   ", "cannot be empty"),
        ("\u3000", "cannot be empty"),
        ("x" * (NAME_MAX + 1), f"名字太长：{NAME_MAX + 1} 个字符，最多 {NAME_MAX} 个 / a learner's name is too long"),
        ("长" * 10_000, "10000 characters, at most 200"),
        ("小明\n小红", "control characters.*character 3"),
        ("nul\x00", "control characters"),
        ("bad \ud800 surrogate", "control characters"),
    ],
)
def test_bad_names_are_refused_in_both_languages(store: ProgressStore, name: str, message: str) -> None:
    with pytest.raises(GoujiError, match=message) as raised:
        store.learner(name)
    assert raised.value.zh and raised.value.en
    assert store.learners() == []


def test_a_name_must_be_text(store: ProgressStore) -> None:
    with pytest.raises(TypeError):
        store.learner(None)  # type: ignore[arg-type]  # a wrong type on purpose


# ------------------------------------------------------------------------------------------------------------ paths


def test_default_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert default_path() == tmp_path / "home/.local/share/gouji_teach/progress.sqlite3"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    assert default_path() == tmp_path / "home/.local/share/gouji_teach/progress.sqlite3"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data/gouji_teach/progress.sqlite3"
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "class.sqlite3"))
    assert default_path() == tmp_path / "class.sqlite3"
    store = ProgressStore()
    assert store.path == tmp_path / "class.sqlite3" and store.path.is_file()


def _bad_path_error(path: Path) -> ProgressError:
    with pytest.raises(ProgressError) as raised:
        ProgressStore(path)
    error = raised.value
    assert error.path == path
    assert str(path) in error.zh and str(path) in error.en
    assert error.zh.startswith("无法使用进度文件") and error.en.startswith("cannot use the progress file")
    return error


def test_a_folder_is_not_a_progress_file(tmp_path: Path) -> None:
    assert "it is a folder" in _bad_path_error(tmp_path).en


def test_an_unreachable_folder(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    assert "a-file is not a folder" in _bad_path_error(tmp_path / "a-file" / "progress.sqlite3").en
    assert "Not a directory" in _bad_path_error(tmp_path / "a-file" / "deeper" / "progress.sqlite3").en
    assert _bad_path_error(Path("/proc/gouji_teach/progress.sqlite3"))


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_an_unwritable_folder(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    try:
        assert "cannot write in the folder" in _bad_path_error(locked / "progress.sqlite3").en
    finally:
        locked.chmod(0o700)
    readonly = tmp_path / "readonly.sqlite3"
    ProgressStore(readonly)
    readonly.chmod(0o400)
    try:
        assert "cannot be read and written" in _bad_path_error(readonly).en
    finally:
        readonly.chmod(0o600)


def test_files_that_are_not_progress_files(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("这不是数据库 " * 500)
    assert "not a database" in _bad_path_error(text).en

    foreign = tmp_path / "foreign.sqlite3"
    with sqlite3.connect(foreign) as connection:
        connection.execute("CREATE TABLE grades (name TEXT)")
    assert "not a gouji_teach progress file" in _bad_path_error(foreign).en

    newer = tmp_path / "newer.sqlite3"
    ProgressStore(newer)
    with sqlite3.connect(newer) as connection:
        connection.execute("UPDATE schema_version SET version = 99")
    assert "schema version 99" in _bad_path_error(newer).en


# ------------------------------------------------------------------------------------------------------ concurrency

PROCESSES = 4
#: Rounds per process; each round records two attempts, so each process records 500.
ROUNDS = 250


def _answer_many(where: str, index: int, start: multiprocessing.synchronize.Barrier) -> None:
    start.wait()  # all at once, on a store that none has made yet
    store = ProgressStore(where)
    own = store.learner(f"learner {index}")
    shared = store.learner("everyone")
    for n in range(ROUNDS):
        store.record_attempt(
            own, "drills", f"drill-{n % 7}", rules=("compare.count",), correct=n % 3 == 0, answer=f"{index}:{n}"
        )
        store.record_attempt(
            shared, "drills", "drill-shared", rules=("compare.rank",), correct=False, answer=f"{index}:{n}"
        )


def test_concurrent_writers_in_several_processes_lose_nothing(where: Path | str) -> None:
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(PROCESSES)
    workers = [context.Process(target=_answer_many, args=(str(where), i, start)) for i in range(PROCESSES)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
    assert [worker.exitcode for worker in workers] == [0] * PROCESSES

    store = ProgressStore(where)
    everyone = store.learner("everyone")
    shared = store.attempts(everyone)
    assert len(shared) == PROCESSES * ROUNDS
    # one run of wrong answers: the numbers were taken one at a time, none twice
    assert sorted(a.number for a in shared) == list(range(1, PROCESSES * ROUNDS + 1))
    assert {a.answer for a in shared} == {f"{i}:{n}" for i in range(PROCESSES) for n in range(ROUNDS)}
    assert store.mastery(everyone) == {"compare.rank": (0, PROCESSES * ROUNDS)}
    assert len(store.attempts()) == 2 * PROCESSES * ROUNDS
    right = len(range(0, ROUNDS, 3))  # every third answer was right
    for index in range(PROCESSES):
        own = store.learner(f"learner {index}")
        assert len(store.attempts(own)) == ROUNDS
        assert store.mastery(own) == {"compare.count": (right, ROUNDS)}
    assert len(store.learners()) == PROCESSES + 1


# ------------------------------------------------------------------------------------------------ titles and report


@pytest.fixture
def ladder(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real ladder module, or until it is written a stand-in with the seed's first two steps."""
    if not HAS_TITLES:
        stand_in = types.ModuleType("gouji_teach.rules.titles")
        # (ignore below: a stand-in for the test)
        stand_in.title_for = lambda points: types.SimpleNamespace(  # type: ignore[attr-defined]
            zh="农民" if points < 20 else "副村长", en="farmer" if points < 20 else "deputy village head"
        )
        monkeypatch.setitem(sys.modules, "gouji_teach.rules.titles", stand_in)


@pytest.mark.usefixtures("ladder")
def test_title_follows_the_points(store: ProgressStore) -> None:
    ming = store.learner("小明")
    assert store.title(ming)[0] == "农民"
    for n in range(7):
        store.record_attempt(ming, "cards", f"p{n}", correct=True)
    assert store.points(ming) == 21
    zh, en = store.title(ming)
    assert zh == "副村长" and en


@needs_titles
def test_titles_come_from_the_ladder_module(store: ProgressStore) -> None:
    from gouji_teach.rules.titles import title_for

    ming = store.learner("小明")
    assert store.title(ming) == (title_for(0).zh, title_for(0).en) == ("农民", "farmer")
    for n in range(14):
        store.record_attempt(ming, "cards", f"p{n}", correct=True)
    assert store.points(ming) == 42
    assert store.title(ming) == (title_for(42).zh, title_for(42).en) == ("村长", "village head")


@pytest.mark.usefixtures("ladder")
def test_class_report(store: ProgressStore) -> None:
    ming, hong = store.learner("小明"), store.learner("<i>小红</i>")
    store.learner("小刚")  # has not answered yet
    store.record_attempt(ming, "cards", "p1", correct=False)
    store.record_attempt(ming, "cards", "p1", correct=True)
    store.record_attempt(hong, "cards", "p1", correct=True)
    store.record_attempt(hong, "comparing", "p2", correct=True)
    report = {row.learner.name: row for row in store.class_report()}
    assert list(report) == sorted(report)
    assert (report["小明"].attempts, report["小明"].correct, report["小明"].stars) == (2, 1, 2)
    assert (report["<i>小红</i>"].attempts, report["<i>小红</i>"].points) == (2, 6)
    assert (report["<i>小红</i>"].title_zh, report["<i>小红</i>"].title_en) == store.title(hong)
    assert report["<i>小红</i>"].last_seen == store.attempts(hong)[-1].at
    assert (report["小刚"].attempts, report["小刚"].stars, report["小刚"].last_seen) == (0, 0, None)


def test_messages_exist_in_both_languages() -> None:
    keys = [key for key in MESSAGES if key.startswith("progress.")]
    assert len(keys) >= 10
    assert all(MESSAGES[key][0].strip() and MESSAGES[key][1].strip() for key in keys)


def test_a_solve_keeps_the_stores_stars_a_hint_costs_one_and_a_shown_answer_keeps_zero(
        store: ProgressStore) -> None:
    ming = store.learner("小明")
    # a hint asked before the solve costs one star, as the store keeps it
    store.record_hint(ming, "cards", "beats/qingdao/easy/1")
    first = store.record_attempt(ming, "cards", "beats/qingdao/easy/1", correct=True)
    assert (first.number, first.stars) == (1, 2)
    assert store.drill_result(ming, "cards", "beats/qingdao/easy/1") == DrillResult(2, 1, True, first.id)
    # "show answer" before solving: 0 stars, and a later solve changes nothing
    assert store.drill_stars(ming, "cards", "beats/qingdao/easy/2") is None
    store.record_shown(ming, "cards", "beats/qingdao/easy/2")
    assert store.record_attempt(ming, "cards", "beats/qingdao/easy/2", correct=True).stars == 0
    assert store.drill_stars(ming, "cards", "beats/qingdao/easy/2") == 0
    # showing the answer, or asking the hint, of a solved drill does not take its stars
    store.record_shown(ming, "cards", "beats/qingdao/easy/1")
    store.record_hint(ming, "cards", "beats/qingdao/easy/3")
    store.record_attempt(ming, "cards", "beats/qingdao/easy/3", correct=True)
    store.record_hint(ming, "cards", "beats/qingdao/easy/3")
    assert store.drill_stars(ming, "cards", "beats/qingdao/easy/1") == 2
    assert store.drill_stars(ming, "cards", "beats/qingdao/easy/3") == 2
    with pytest.raises(TypeError):
        store.record_attempt(ming, "cards", "beats/qingdao/easy/4", correct=True, stars=3)  # type: ignore[call-arg]


def test_stars_are_kept_per_rule_set(store: ProgressStore) -> None:
    ming = store.learner("小明")
    store.record_attempt(ming, "compare", "beats/qingdao/easy/1", correct=True)
    for correct in (False, False, True):
        store.record_attempt(ming, "compare", "beats/linyi/easy/1", correct=correct)
    assert store.stage_stars(ming) == {"compare": 4}
    assert store.stage_stars(ming, rules="qingdao") == {"compare": 3}
    assert store.stage_stars(ming, rules="linyi") == {"compare": 1}
    assert store.stage_stars(ming, rules="tongsu") == {}


def test_a_version_1_file_without_the_shown_table_gains_it(where: Path | str) -> None:
    ProgressStore(where)
    run_sql(where, "DROP TABLE shown")
    store = ProgressStore(where)
    store.record_shown("小明", "cards", "beats/qingdao/easy/2")
    assert store.drill_stars(store.learner("小明"), "cards", "beats/qingdao/easy/2") == 0


# ------------------------------------------------------------------------------------------------------- PostgreSQL


def test_a_database_schema_that_is_not_a_progress_store() -> None:
    with new_schema() as url:
        run_sql(url, "CREATE TABLE grades (name TEXT)")
        with pytest.raises(ProgressError, match="holds other tables") as raised:
            ProgressStore(url)
        assert raised.value.zh and "数据库" in raised.value.zh
    with new_schema() as url:
        ProgressStore(url)
        run_sql(url, "UPDATE schema_version SET version = 99")
        with pytest.raises(ProgressError, match="schema version 99"):
            ProgressStore(url)


def test_a_database_url_in_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    with new_schema() as url:
        monkeypatch.setenv(ENV_VAR, f"  {url} ")
        assert default_path() == url  # kept as text: a path would fold its "//"
        ProgressStore().record_attempt("小明", "cards", "rank/1", correct=True)
        assert [a.learner.name for a in ProgressStore(url).attempts()] == ["小明"]


def test_a_store_outlives_a_server_that_dropped_its_connection() -> None:
    with new_schema() as url:
        store = ProgressStore(url)
        store.learner("小明")
        # the server ends every other connection of this role (a restart, an idle timeout)
        run_sql(url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                     " WHERE usename = current_user AND pid <> pg_backend_pid()")
        assert store.record_attempt("小明", "cards", "rank/1", correct=True).stars == 3
        assert store.learners()[0].name == "小明"


def _answer_in_a_fork(store: ProgressStore) -> None:
    store.record_attempt("小红", "cards", "rank/1", correct=True)


def test_a_forked_process_leaves_its_parents_connection_alone() -> None:
    with new_schema() as url:
        store = ProgressStore(url)
        store.learner("小明")
        backend = store._db._kept.connection.raw.info.backend_pid  # the connection this thread keeps
        child = multiprocessing.get_context("fork").Process(target=_answer_in_a_fork, args=(store,))
        child.start()
        child.join(timeout=60)
        assert child.exitcode == 0
        store.record_attempt("小明", "cards", "rank/1", correct=True)
        assert store._db._kept.connection.raw.info.backend_pid == backend  # not closed by the child
        assert sorted(a.learner.name for a in store.attempts()) == ["小明", "小红"]


def _refused(url: str) -> ProgressError:
    with pytest.raises(ProgressError) as raised:
        ProgressStore(url)
    assert "\n" not in str(raised.value)
    return raised.value


def test_unusable_database_urls_say_why_in_one_line() -> None:
    pytest.importorskip("psycopg")
    import socket

    with socket.socket() as unused:  # a port nobody listens on
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    error = _refused(f"postgresql://teacher:s3cret@127.0.0.1:{port}/class")
    assert error.en.startswith(f"cannot use the progress database postgresql://teacher:***@127.0.0.1:{port}/class:")
    assert "refused" in error.en and "s3cret" not in str(error) and error.zh.startswith("无法使用进度数据库")
    assert 'invalid integer value "port"' in _refused("postgresql://teacher@127.0.0.1:port/class").en
    # libpq repeats what it could not read: the password stays out of the message all the same
    error = _refused(f"POSTGRESQL://teacher:teacher@127.0.0.1:{port}/class?sslmode=bogus&password=s3cret")
    assert 'invalid sslmode value: "bogus"' in error.en and "s3cret" not in str(error)
    assert error.en.startswith("cannot use the progress database postgresql://teacher:***@127.0.0.1")


def test_a_wrong_database_name_or_password() -> None:
    parts = urllib.parse.urlsplit(postgres_url())
    assert 'database "no_such_db" does not exist' in _refused(parts._replace(path="/no_such_db").geturl()).en
    if parts.password:
        netloc = parts.netloc.replace(f":{parts.password}@", ":not-the-password@")
        error = _refused(parts._replace(netloc=netloc).geturl())
        assert "password authentication failed" in error.en and "not-the-password" not in str(error)


def test_without_psycopg_the_message_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)
    error = _refused("postgresql://teacher@127.0.0.1/class")
    assert "pip install 'gouji-teach[postgres]'" in error.en and "psycopg" in error.zh

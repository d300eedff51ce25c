"""The attacks on exams of issue 22 (items 4-6), each as a learner or instructor tried them on the page and the
store: sit as another learner, open another's sitting with ``?learner=``, harvest the answers from a throw-away
sitting, rebuild a learner's questions from a seed, and a sitting that outlives its deadline. Each fails on a
store without rosters, personal codes, per-learner variants, release and expiry."""

from __future__ import annotations

import csv
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from progress_backends import run_sql, store_fixture, where_fixture  # noqa: F401 (the fixtures `store`, `where`)
from widget_state import fresh_widgets, synced_text

from gouji_teach import cli
from gouji_teach.rules.errors import GoujiError
from gouji_teach.teach import exam as ex
from gouji_teach.teach import progress
from gouji_teach.teach import report as rep
from gouji_teach.teach.progress import ProgressStore


@pytest.fixture(autouse=True)
def _fresh_widgets():
    yield from fresh_widgets()


def _rostered(store: ProgressStore, **options: object) -> tuple[ex.Exam, dict[str, str]]:
    exam = ex.new_exam(store, rules="qingdao", kinds="beats,count:hard,gouji", count=6, seed=7,
                       roster=["alice", "bob"], **options)  # type: ignore[arg-type]
    return exam, dict(store.roster(exam.code))


def _page(store: ProgressStore, exam: ex.Exam, query: str = "", name: str = "", key: str = "") -> ex.ExamPage:
    page = ex.ExamPage(ex.start(f"exam={exam.code}{query}"), store)
    page.name.value, page.key.value = name, key
    page.begin()
    return page


def _right(puzzle) -> str:
    return next(c.key for c in puzzle.choices if puzzle.check(c.key).correct)


# -- item 4: identity --------------------------------------------------------------------------------------------
def test_a_learner_cannot_sit_as_another_without_their_personal_code(store) -> None:
    exam, codes = _rostered(store)
    assert len(codes) == 2 and all(len(k) == progress.PERSONAL_CODE_LENGTH for k in codes.values())
    page = _page(store, exam, name="bob", key=codes["alice"])  # alice types bob's name with her own code
    assert page.sitting is None and page.questions == []
    assert "个人考试码不对" in page.status.value and store.sitting(exam.code, "bob") is None
    page = _page(store, exam, query="&lang=en", name="bob", key="")
    assert page.sitting is None and "the personal code for 'bob' is wrong" in page.status.value
    page = _page(store, exam, name="alice", key=codes["alice"].lower())
    assert page.sitting is not None and page.sitting.learner.name == "alice" and len(page.questions) == 6


def test_a_name_not_on_the_roster_is_refused_in_both_languages(store) -> None:
    exam, _codes = _rostered(store)
    with pytest.raises(GoujiError) as refused:
        store.start_exam(exam.code, "mallory", "ABCDEFGH")
    assert "不在考试" in refused.value.zh and "is not on the roster" in refused.value.en
    assert "roster rule" in refused.value.en and "名单规则" in refused.value.zh
    assert store.sittings(exam.code) == []


def test_under_a_hub_the_learner_is_the_hub_user_and_there_is_no_name_box(store, monkeypatch) -> None:
    exam, _codes = _rostered(store)
    monkeypatch.setenv("JUPYTERHUB_USER", "alice")
    page = ex.ExamPage(ex.start(f"exam={exam.code}&learner=bob"), store)
    shown = [w for box in page.box.children for w in getattr(box, "children", ())]
    assert page.name not in shown and page.key not in shown and page.start_button in shown
    page.name.value = "bob"  # what a browser could still send for a hidden box
    page.begin()
    assert page.sitting.learner.name == "alice" and store.sitting(exam.code, "bob") is None
    monkeypatch.setenv("JUPYTERHUB_USER", "mallory")  # a hub user not on the roster
    page = _page(store, exam)
    assert page.sitting is None and "mallory" in page.status.value and "不在考试" in page.status.value


def test_the_address_opens_nobodys_sitting_or_result(store) -> None:
    exam, codes = _rostered(store, release="after-submit")
    bob = _page(store, exam, name="bob", key=codes["bob"])
    bob.questions[0].answer(_right(bob.questions[0].puzzle))
    kept = store.sitting(exam.code, "bob").answers
    snoop = ex.ExamPage(ex.start(f"exam={exam.code}&learner=bob"), store)
    assert snoop.sitting is None and snoop.questions == [] and snoop.learner == ""
    bob.submit()
    bob.submit()
    snoop = ex.ExamPage(ex.start(f"exam={exam.code}&learner=bob"), store)
    assert snoop.sitting is None and "成绩" not in snoop.status.value
    assert store.sitting(exam.code, "bob").answers == kept


def test_one_sitting_per_learner_until_the_instructor_resets_it(store) -> None:
    exam, codes = _rostered(store, release="after-submit")
    first = store.start_exam(exam.code, "alice", codes["alice"])
    assert store.start_exam(exam.code, "alice", codes["alice"]).started == first.started
    store.submit_exam(exam.code, "alice", {})
    with pytest.raises(GoujiError):
        store.save_exam_answer(exam.code, "alice", 1, "a")
    assert store.reset_sitting(exam.code, "alice")
    assert store.sitting(exam.code, "alice") is None
    assert store.start_exam(exam.code, "alice", codes["alice"]).submitted is None


# -- item 5: nothing to harvest ----------------------------------------------------------------------------------
def test_each_learner_answers_a_variant_of_the_same_blueprint(store) -> None:
    exam, _codes = _rostered(store)
    mine, theirs = ex.variant(exam, "alice"), ex.variant(exam, "bob")
    assert sorted(n for n, _d in mine) == list(range(1, 7))
    for variant in (mine, theirs):  # same kind and level as the blueprint's question
        for number, drill_id in variant:
            assert drill_id.rsplit("/", 1)[0] == exam.drills[number - 1].rsplit("/", 1)[0]
    assert len({d for _n, d in mine} & {d for _n, d in theirs}) <= 1  # another's drills, not the same ones
    assert [n for n, _d in mine] != [n for n, _d in theirs] or mine != theirs
    orders = {tuple(n for n, _d in ex.variant(exam, f"learner{i}")) for i in range(20)}
    assert len(orders) > 10  # the question order varies too


def test_a_throw_away_sitting_shows_no_answers_before_the_release(store) -> None:
    exam, codes = _rostered(store)  # --release after-close, the default
    assert exam.release == "after-close"
    page = _page(store, exam, name="alice", key=codes["alice"])
    page.submit()
    page.submit()  # blank, as a harvester would
    state = synced_text()
    assert store.sitting(exam.code, "alice").submitted is not None
    assert "gouji-solution" not in state and "gouji-feedback" not in state and "成绩：" not in state
    assert "老师结束考试后公布" in page.status.value
    for q in page.questions:
        assert q.puzzle.solution().zh not in state
    ex.close(store, exam.code)
    page = _page(store, exam, name="alice", key=codes["alice"])
    assert "gouji-solution" in synced_text() and "成绩：0/6" in page.status.value


def test_after_deadline_release_waits_for_the_time_limit(store, where) -> None:
    exam, codes = _rostered(store, release="after-deadline", minutes=30)
    sitting = store.start_exam(exam.code, "bob", codes["bob"])
    done = store.submit_exam(exam.code, "bob", {})
    assert not ex.released(store.exam(exam.code), done)
    assert ex.released(store.exam(exam.code), done, now=sitting.deadline + timedelta(seconds=1))


def test_the_secret_is_128_bits_in_the_store_and_the_seed_does_not_rebuild_a_variant(store) -> None:
    exam, _codes = _rostered(store)
    assert len(store.exam(exam.code).secret) == 16
    twin = ex.new_exam(store, rules="qingdao", kinds="beats,count:hard,gouji", count=6, seed=7)
    assert twin.drills == exam.drills and twin.secret != exam.secret  # the same seed, another secret
    assert ex.variant(twin, "alice") != ex.variant(exam, "alice")
    # the attack: search seeds for one whose questions match what a learner saw; the blueprint's seed,
    # known here, does not give alice's drills
    seen = {d for _n, d in ex.variant(exam, "alice")}
    for seed in [7, *random.Random(1).sample(range(10**9), 200)]:  # (a drill or two in common is chance: 6 of 99,999)
        assert len(seen & set(ex.plan("qingdao", ex.parse_kinds(exam.kinds), 6, seed=seed))) <= 2


# -- item 6: lifecycle ------------------------------------------------------------------------------------------
def _past_deadline(where: Path | str, code: str) -> None:
    past = (datetime.now(UTC) - timedelta(minutes=1)).isoformat(timespec="microseconds")
    run_sql(where, f"UPDATE exam_sittings SET deadline = '{past}' WHERE exam = '{code}'")


def test_a_sitting_expires_at_its_deadline_without_its_page(store, where) -> None:
    exam, codes = _rostered(store, minutes=10)
    store.start_exam(exam.code, "bob", codes["bob"])
    store.save_exam_answer(exam.code, "bob", 1, "a")
    _past_deadline(where, exam.code)  # bob closed his laptop; nobody reopens the page
    report = rep.build(store, exam.code)
    sitting = store.sitting(exam.code, "bob")
    assert sitting.submitted == sitting.deadline and sitting.expired and sitting.answers == {1: "a"}
    assert report.exams[0].results[0].expired
    assert rep.exam_table(report.exams[0])[1][5].endswith("expired")


def test_close_reopen_extend_and_delete(store) -> None:
    exam, codes = _rostered(store, minutes=10)
    open_one = store.start_exam(exam.code, "alice", codes["alice"])
    later = store.extend_exam(exam.code, 5)
    assert later.minutes == 15
    assert store.sitting(exam.code, "alice").deadline == open_one.deadline + timedelta(minutes=5)
    closed = ex.close(store, exam.code)
    assert closed.closed is not None and store.sitting(exam.code, "alice").submitted is not None
    assert not store.sitting(exam.code, "alice").expired
    with pytest.raises(GoujiError) as refused:
        store.start_exam(exam.code, "bob", codes["bob"])
    assert "已经结束" in refused.value.zh and "closed" in refused.value.en
    store.close_exam(exam.code, closed=False)
    assert store.start_exam(exam.code, "bob", codes["bob"]).submitted is None
    store.delete_exam(exam.code)
    assert store.exams() == []
    with pytest.raises(GoujiError):
        store.exam(exam.code)


# -- the CLI -----------------------------------------------------------------------------------------------------
def test_exam_new_with_a_roster_prints_and_writes_the_codes_and_the_lifecycle_runs(tmp_path, capsys) -> None:
    roster, codes, where = tmp_path / "roster.txt", tmp_path / "codes.csv", tmp_path / "class.sqlite3"
    roster.write_text("小红\n# a comment\n\nbob\n", encoding="utf-8")
    assert cli.main(["exam", "new", "--kinds", "beats", "--count", "2", "--minutes", "5", "--roster", str(roster),
                     "--codes", str(codes), "--release", "after-submit", "--progress", str(where)]) == 0
    printed = capsys.readouterr().out
    code = printed.split()[0]
    rows = list(csv.reader(codes.read_text(encoding="utf-8-sig").splitlines()))
    assert codes.read_bytes().startswith(b"\xef\xbb\xbf") and rows[0] == ["learner", "code", "exam"]
    handed = {name: key for name, key, _exam in rows[1:]}
    assert set(handed) == {"小红", "bob"} and all(key in printed for key in handed.values())
    assert dict(ProgressStore(where).roster(code)) == handed
    assert cli.main(["exam", "codes", code, "--progress", str(where)]) == 0
    assert handed["bob"] in capsys.readouterr().out
    ProgressStore(where).start_exam(code, "bob", handed["bob"])
    for argv in (["extend", code, "10"], ["reset", code, "bob"], ["close", code], ["reopen", code],
                 ["delete", code]):
        assert cli.main(["exam", *argv, "--progress", str(where)]) == 0, argv
    assert ProgressStore(where).exams() == []


def test_the_cli_knows_the_stores_releases() -> None:
    new = next(a for a in cli.build_parser()._subparsers._group_actions[0].choices["exam"]._subparsers
               ._group_actions[0].choices["new"]._actions if a.dest == "release")
    assert tuple(new.choices) == progress.RELEASES


def test_the_choice_order_differs_between_learners_and_verdicts_do_not(store) -> None:
    exam = ex.new_exam(store, rules="linyi", kinds="count:medium", count=1, seed=3)
    drill_id = exam.drills[0]
    plain = ex.drill(drill_id)
    assert len(plain.choices) >= 3
    orders = set()
    for i in range(20):
        puzzle = ex.shuffled(ex.drill(drill_id), ex.choice_seed(exam, f"learner{i}", 1))
        orders.add(tuple(c.key for c in puzzle.choices))
        assert {c.key: puzzle.check(c.key).correct for c in puzzle.choices} == \
            {c.key: plain.check(c.key).correct for c in plain.choices}
    assert len(orders) > 2


def test_an_exam_made_before_schema_5_keeps_working_and_gains_the_new_columns(tmp_path) -> None:
    import sqlite3

    where = tmp_path / "old.sqlite3"
    ProgressStore(where).learners()  # a file of this release, then taken back to schema 3 with 0.3's exam tables
    with sqlite3.connect(where) as db:
        db.executescript("""
            DELETE FROM schema_version;
            INSERT INTO schema_version (version) VALUES (3);
            CREATE TABLE exams (code TEXT PRIMARY KEY, rules TEXT NOT NULL, kinds TEXT NOT NULL,
                seed INTEGER NOT NULL, minutes INTEGER, created TEXT NOT NULL) WITHOUT ROWID;
            CREATE TABLE exam_questions (exam TEXT NOT NULL, number INTEGER NOT NULL, drill TEXT NOT NULL,
                PRIMARY KEY (exam, number)) WITHOUT ROWID;
            CREATE TABLE exam_sittings (exam TEXT NOT NULL, learner INTEGER NOT NULL, started TEXT NOT NULL,
                deadline TEXT, submitted TEXT, PRIMARY KEY (exam, learner)) WITHOUT ROWID;
            INSERT INTO exams VALUES ('OLD234', 'qingdao', 'beats:medium', 1, NULL, '2026-01-01T00:00:00+00:00');
            INSERT INTO exam_questions VALUES ('OLD234', 1, 'beats/qingdao/medium/77');
        """)
    store = ProgressStore(where)
    old = store.exam("OLD234")
    assert old.release == "after-close" and old.closed is None and old.secret
    assert store.start_exam("OLD234", "小红").expired is False
    assert run_sql(where, "SELECT MAX(version) FROM schema_version") == [(progress.SCHEMA_VERSION,)]

"""Exams: the store (sittings, answers kept without verdicts, the deadline, submission), making an exam from
kinds and a seed, and the exam page in the kernel: nothing about right or wrong in any widget before submission.
Tests taking ``store`` or ``where`` run on a SQLite file and on a PostgreSQL schema (see ``progress_backends``)."""

from __future__ import annotations

import asyncio
import dataclasses
import html
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from progress_backends import run_sql, store_fixture, tables, where_fixture  # noqa: F401 (the fixtures `store`, `where`)
from widget_state import fresh_widgets, run_own_loop, synced_text

from gouji_teach.rules.errors import GoujiError
from gouji_teach.teach import exam as ex
from gouji_teach.teach.drills import KINDS
from gouji_teach.teach.progress import ProgressStore
from gouji_teach.teach.puzzles import HandPuzzle, Puzzle, SeatsPuzzle, seats_key


@pytest.fixture(autouse=True)
def _fresh_widgets():
    yield from fresh_widgets()


def _past_deadline(where: Path | str, code: str) -> None:
    """Move every sitting's deadline of the exam a minute into the past (as if the time were up)."""
    past = (datetime.now(UTC) - timedelta(minutes=1)).isoformat(timespec="microseconds")
    assert code.isalnum()
    run_sql(where, f"UPDATE exam_sittings SET deadline = '{past}' WHERE exam = '{code}'")


def _right(puzzle: Puzzle) -> str:
    """A right answer, as the widget sends it."""
    if isinstance(puzzle, HandPuzzle):
        return puzzle.example().notation  # type: ignore[union-attr]  # a pick puzzle's example is a play
    if isinstance(puzzle, SeatsPuzzle):  # answered by toggling seats
        return seats_key(puzzle.answer_seats())
    return next(c.key for c in puzzle.choices if puzzle.check(c.key).correct)


def _wrong(puzzle: Puzzle) -> str:
    if isinstance(puzzle, HandPuzzle):
        return puzzle.hand.cards[-1].notation  # the smallest card alone (the drills' targets beat it)
    if isinstance(puzzle, SeatsPuzzle):  # every seat the engine leaves out (some drills offer one choice only)
        return seats_key(frozenset(range(6)) - puzzle.answer_seats())
    return next((c.key for c in puzzle.choices if not puzzle.check(c.key).correct), "")  # "": none wrong offered


def _secrets(puzzle: Puzzle) -> set[str]:
    """What would tell right from wrong: the solution and the feedback on every choice, in both languages, as they
    as text (compared with the widgets' HTML read back as text, whatever the builder escapes)."""
    texts = {puzzle.solution().zh, puzzle.solution().en, puzzle.solution().text("zh"), puzzle.solution().text("en")}
    for choice in puzzle.choices:
        fb = puzzle.check(choice.key)
        texts |= {fb.zh, fb.en, fb.text("zh"), fb.text("en")}
    return {x for x in texts if x}


# -- making an exam ------------------------------------------------------------------------------------------------
def test_the_same_kinds_count_and_seed_give_the_same_questions_kinds_in_turn() -> None:
    kinds = ex.parse_kinds("beats,count:hard,who_may_act")
    first = ex.plan("linyi", kinds, 7, seed=11)
    assert first == ex.plan("linyi", kinds, 7, seed=11)
    assert first != ex.plan("linyi", kinds, 7, seed=12)
    assert [d.split("/")[0] for d in first] == ["beats", "count", "who_may_act"] * 2 + ["beats"]
    assert {d.split("/")[1] for d in first} == {"linyi"}
    assert [d.split("/")[2] for d in first[:3]] == ["medium", "hard", "medium"]
    assert len(set(first)) == 7
    assert all(ex.drill(d).puzzle_id == d for d in first)


@pytest.mark.parametrize(("kinds", "count", "seed", "minutes", "wrong"), [
    ("poker", 3, 1, None, "poker"), ("beats:expert", 3, 1, None, "expert"), (" , ", 3, 1, None, "beats,count"),
    ("beats", 0, 1, None, "1 到 100"), ("beats", 101, 1, None, "101"), ("beats", 3, -1, None, "-1"),
    ("beats", 3, 1, 0, "0"), ("beats", 3, 1, 601, "601")])
def test_bad_exam_arguments_are_refused_with_the_reason(store, kinds, count, seed, minutes, wrong) -> None:
    with pytest.raises(GoujiError) as caught:
        ex.new_exam(store, rules="qingdao", kinds=kinds, count=count, seed=seed, minutes=minutes)
    assert wrong in str(caught.value)
    assert store.exams() == []


@pytest.mark.parametrize("text", ["beats/linyi/hard", "beats/linyi/hard/x", "poker/linyi/hard/1",
                                  "beats/mars/hard/1", "beats/linyi/expert/1"])
def test_a_bad_drill_id_is_a_clear_error(text) -> None:
    with pytest.raises(GoujiError, match="beats/linyi/medium/4711"):
        ex.drill(text)


# -- the store -------------------------------------------------------------------------------------------------------
def test_an_exam_is_stored_under_a_code_found_again_in_any_case(store, where) -> None:
    exam = ex.new_exam(store, rules="tongsu", kinds="beats,gouji", count=4, seed=3, minutes=20)
    again = ProgressStore(where).exam(f"  {exam.code.lower()} ")
    assert again == exam
    assert (again.rules, again.minutes, again.seed, len(again.drills)) == ("tongsu", 20, 3, 4)
    assert again.kinds == "beats:medium,gouji:medium"
    assert store.exams() == [exam]
    with pytest.raises(GoujiError, match="NOPE"):
        store.exam("nope")


def test_a_file_written_before_exams_existed_gains_the_exam_tables(where) -> None:
    ProgressStore(where).record_attempt("小明", "cards", "rank/1", correct=True)
    assert "exams" not in tables(where)
    store = ProgressStore(where)
    assert store.exams() == []
    ex.new_exam(store, rules="qingdao", kinds="beats", count=1, seed=1)
    assert len(ProgressStore(where).exams()) == 1 and "exam_answers" in tables(where)
    assert store.stage_stars(store.learner("小明")) == {"cards": 3}


def test_a_sitting_keeps_the_last_answer_without_a_verdict_until_submission(store, where) -> None:
    exam = ex.new_exam(store, rules="qingdao", kinds="beats", count=3, seed=5)
    assert store.sitting(exam.code, "小红") is None
    with pytest.raises(GoujiError, match="还没有开始"):
        store.save_exam_answer(exam.code, "小红", 1, "yes")
    first = store.start_exam(exam.code, "小红")
    assert store.start_exam(exam.code, "小红").started == first.started  # reopening does not restart the clock
    assert first.deadline is None and first.submitted is None
    store.save_exam_answer(exam.code, "小红", 1, "yes")
    store.save_exam_answer(exam.code, "小红", 1, "no")
    store.save_exam_answer(exam.code, "小红", 3, "yes")
    open_sitting = store.sitting(exam.code, "小红")
    assert open_sitting.answers == {1: "no", 3: "yes"}
    assert open_sitting.correct == {} and open_sitting.score == 0
    # no verdict anywhere in the store yet
    assert run_sql(where, "SELECT COUNT(*) FROM exam_answers WHERE correct IS NOT NULL") == [(0,)]
    for number in (0, 4):
        with pytest.raises(GoujiError, match="没有第"):
            store.save_exam_answer(exam.code, "小红", number, "yes")

    done = store.submit_exam(exam.code, "小红", {1: (True, ("compare.rank",)), 3: (False, ("compare.size",))})
    assert done.correct == {1: True, 2: False, 3: False} and done.score == 1
    assert done.rules[1] == ("compare.rank",) and done.submitted is not None
    with pytest.raises(GoujiError, match="已经交卷"):
        store.save_exam_answer(exam.code, "小红", 2, "yes")
    with pytest.raises(GoujiError, match="已经交卷"):
        store.submit_exam(exam.code, "小红", {})
    assert store.exam_mastery(store.learner("小红")) == {"compare.rank": (1, 1), "compare.size": (0, 1)}


def test_the_store_refuses_answers_after_the_deadline(store, where) -> None:
    exam = ex.new_exam(store, rules="qingdao", kinds="beats", count=2, seed=5, minutes=10)
    sitting = store.start_exam(exam.code, "小刚")
    assert sitting.deadline - sitting.started == timedelta(minutes=10)
    store.save_exam_answer(exam.code, "小刚", 1, "yes")
    _past_deadline(where, exam.code)
    with pytest.raises(GoujiError, match="时间到了"):
        store.save_exam_answer(exam.code, "小刚", 2, "yes")
    assert store.sitting(exam.code, "小刚").answers == {1: "yes"}


# -- the page ------------------------------------------------------------------------------------------------------
def _sit(store: ProgressStore, exam, name: str, query: str = "", key: str | None = None) -> ex.ExamPage:
    """The exam page for ``name``, started as a learner does: name (and personal code) typed, then start."""
    page = ex.ExamPage(ex.start(f"exam={exam.code}{query}"), store)
    page.name.value, page.key.value = name, key or ""
    page.begin()
    return page


def _theirs(exam, name: str) -> list[Puzzle]:
    """The learner's puzzles in the order their page shows them."""
    return [ex.drill(d) for _n, d in ex.variant(exam, name)]


def _numbers(exam, name: str) -> list[int]:
    return [n for n, _d in ex.variant(exam, name)]


@pytest.mark.parametrize("rules", ["qingdao", "zaozhuang"])
def test_nothing_about_right_or_wrong_is_in_any_widget_before_submission(store, rules) -> None:
    exam = ex.new_exam(store, rules=rules, kinds=",".join(KINDS), count=len(KINDS), seed=9, release="after-submit")
    puzzles = _theirs(exam, "小明")
    page = ex.ExamPage(ex.start(f"exam={exam.code}&learner=小明"), store)
    assert page.questions == []  # the clock has not started: no question yet
    page.name.value = "小明"
    page.begin()
    assert len(page.questions) == len(puzzles)
    before = synced_text()
    for puzzle in puzzles:  # the questions are there, their drill ids (which would rebuild the answer) are not
        assert puzzle.question()[0] in before and puzzle.puzzle_id not in before
    for question, puzzle in zip(page.questions, puzzles, strict=True):
        question.answer(_wrong(puzzle))
        question.answer(_right(puzzle))
    state = synced_text()
    assert "gouji-feedback" not in state and "gouji-solution" not in state and "✔" not in state
    for puzzle in puzzles:
        for secret in _secrets(puzzle):
            assert secret not in state, f"{puzzle.puzzle_id}: {secret}"
    numbers = _numbers(exam, "小明")
    assert store.sitting(exam.code, "小明").answers == {n: _right(p) for n, p in zip(numbers, puzzles, strict=True)}

    page.submit()
    after = synced_text()
    assert f"成绩：{len(puzzles)}/{len(puzzles)}" in after
    assert after.count("gouji-feedback right") == len(puzzles)
    assert all(p.check(_right(p)).text("zh") in after for p in puzzles)  # the explanations, now
    assert store.sitting(exam.code, "小明").score == len(puzzles)


def test_submit_with_unanswered_questions_asks_again_and_counts_them_missed(store) -> None:
    exam = ex.new_exam(store, rules="linyi", kinds="beats,count", count=3, seed=2, release="after-submit")
    puzzles = _theirs(exam, "小红")
    page = _sit(store, exam, "小红", "&lang=en")
    page.questions[0].answer(_wrong(puzzles[0]))
    page.questions[1].answer("   ")  # an empty answer is not an answer
    page.submit()
    assert "2 questions unanswered" in page.status.value
    assert store.sitting(exam.code, "小红").submitted is None
    page.submit()
    result = store.sitting(exam.code, "小红")
    assert result.correct == {1: False, 2: False, 3: False}
    assert "Score: 0 of 3" in page.status.value
    assert "Not answered" in page.questions[1].feedback.value
    assert result.answers == {_numbers(exam, "小红")[0]: _wrong(puzzles[0])}
    assert puzzles[0].solution().text("en") in html.unescape(page.questions[0].feedback.value)
    page.questions[0].answer(_right(puzzles[0]))  # after submission, answers change nothing
    assert store.sitting(exam.code, "小红").answers == result.answers


def test_reopening_the_page_resumes_the_sitting_and_a_submitted_one_shows_its_result(store) -> None:
    exam = ex.new_exam(store, rules="qingdao", kinds="beats", count=2, seed=4, release="after-submit")
    puzzles = _theirs(exam, "小明")
    first = _sit(store, exam, "小明")
    first.questions[0].answer(_right(puzzles[0]))
    first.close()
    again = _sit(store, exam, "小明")
    assert len(again.questions) == 2  # resumed: the kept answer is there
    assert puzzles[0].choices[[c.key for c in puzzles[0].choices].index(_right(puzzles[0]))].zh in \
        again.questions[0].feedback.value
    again.questions[1].answer(_right(puzzles[1]))
    again.submit()
    again.close()
    third = _sit(store, exam, "小明")
    assert "成绩：2/2" in third.status.value and third.submit_button not in third.box.children


def test_the_kernel_submits_when_the_time_is_up_and_keeps_no_later_answer(store, where) -> None:
    exam = ex.new_exam(store, rules="qingdao", kinds="beats", count=2, seed=8, minutes=5)
    puzzles = _theirs(exam, "小刚")
    first, second = _numbers(exam, "小刚")
    page = _sit(store, exam, "小刚")
    assert "还剩 4 分钟" in page.status.value or "还剩 5 分钟" in page.status.value
    page.questions[0].answer(_right(puzzles[0]))
    _past_deadline(where, exam.code)
    page.questions[1].answer(_right(puzzles[1]))
    sitting = store.sitting(exam.code, "小刚")
    assert sitting.submitted is not None and sitting.answers == {first: _right(puzzles[0])}
    assert sitting.correct == {first: True, second: False}
    assert sitting.expired and sitting.submitted == sitting.deadline
    assert "时间到" in page.status.value


def test_a_timer_in_the_kernel_submits_an_open_page_when_the_time_is_up(store, where, monkeypatch) -> None:
    """No answer needed: while the page is open, the kernel's event loop checks the clock and submits."""
    exam = ex.new_exam(store, rules="qingdao", kinds="beats", count=1, seed=3, minutes=1, release="after-deadline")
    monkeypatch.setattr(ex.ExamPage, "TICK", 0.05)

    async def sit() -> ex.ExamPage:
        page = _sit(store, exam, "小明")  # on a running loop (as in a kernel): the timer is set
        assert store.sitting(exam.code, "小明").submitted is None
        _past_deadline(where, exam.code)
        page.sitting = dataclasses.replace(page.sitting, deadline=datetime.now(UTC))  # as the store now has it
        for _ in range(100):
            await asyncio.sleep(0.05)
            if page.sitting.submitted is not None:
                break
        return page

    page = run_own_loop(sit())
    assert store.sitting(exam.code, "小明").submitted is not None
    assert "时间到" in page.status.value and "成绩：0/1" in page.status.value


def test_a_page_without_a_code_or_with_an_unknown_one_says_so(store) -> None:
    page = ex.ExamPage(ex.start("learner=小明"), store)
    assert "没有考试代码" in page.head.value and page.questions == []
    page = ex.ExamPage(ex.start("exam=ZZZZZZ&lang=en"), store)
    assert "There is no exam ZZZZZZ" in page.head.value and str(store.path) not in page.head.value


def test_the_address_arriving_later_brings_the_exam(store) -> None:
    """A preheated kernel builds the page before its address is known; the code then arrives with it."""
    exam = ex.new_exam(store, rules="qingdao", kinds="beats", count=1, seed=1)
    session = ex.start("")
    page = ex.ExamPage(session, store)
    assert "没有考试代码" in page.head.value
    session.apply(f"exam={exam.code}")
    assert exam.code in page.head.value and page.start_button in page.box.children[1].children
    page.name.value = "小明"
    page.begin()
    assert len(page.questions) == 1 and store.sitting(exam.code, "小明") is not None


def test_a_pick_question_keeps_only_card_notation(store) -> None:
    exam = ex.new_exam(store, rules="qingdao", kinds="pick", count=1, seed=3)
    page = _sit(store, exam, "小明")
    page.questions[0].answer("9Z")
    assert "无法识别的牌" in page.questions[0].feedback.value
    assert store.sitting(exam.code, "小明").answers == {}


def test_a_progress_database_out_of_reach_is_said_on_the_page(monkeypatch) -> None:
    from gouji_teach.teach import progress
    from gouji_teach.teach import report as rep

    pytest.importorskip("psycopg")
    monkeypatch.setattr(progress, "_STORE", [])  # the app's store, opened at first use
    monkeypatch.setenv("GOUJI_TEACH_PROGRESS", "postgresql://teacher:s3cret@127.0.0.1:1/class")
    page = ex.ExamPage(ex.start("exam=K7Q2MX&learner=小明&lang=en"))
    assert "cannot be reached now: tell your teacher" in page.head.value + page.status.value
    assert "127.0.0.1" not in page.head.value + page.status.value
    report = rep.ReportPage(ex.start("lang=en"))
    assert "cannot use the progress database postgresql://teacher:***@127.0.0.1:1/class" in report.body.value
    assert "s3cret" not in report.body.value

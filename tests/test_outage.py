"""Nothing lost when the database goes away (issue 22 item 7). PostgreSQL stops in the middle of an exam, a quiz
and a live lesson (:class:`progress_backends.Outage`: the pages' store reaches the test server through a relay that
cuts every connection and refuses new ones, as a stopped server does, then accepts again as a restarted one):

* the learner's answer stays on the page, which says it is not saved yet, in the page's language, naming no
  database, host, port or user;
* the exam cannot be submitted while answers wait (it is graded from what the store holds);
* once the server is back the kernel saves what waited by itself (its event loop tries again), in order, and the
  page says so; the store then holds every answer, and a quiz drill's stars count every try made during the
  outage.
"""

from __future__ import annotations

import asyncio

import pytest
from progress_backends import Outage, new_schema
from widget_state import answers_of, fresh_widgets, right_answer, run_own_loop

from gouji_teach.teach import course, pages, progress, saving
from gouji_teach.teach import exam as ex
from gouji_teach.teach.progress import ProgressStore


@pytest.fixture(autouse=True)
def _fresh():
    yield from fresh_widgets()


@pytest.fixture
def outage(monkeypatch) -> tuple[Outage, str]:
    """A relay to a new schema of the test database (and the schema's own URL, to read what was stored)."""
    with new_schema() as url:
        relay = Outage(url)
        monkeypatch.setattr(progress, "_STORE", [ProgressStore(relay.url)])  # the kernel's store, through it
        monkeypatch.setattr(saving, "DELAYS", (0.05,))  # the kernel tries again soon
        try:
            yield relay, url
        finally:
            relay.close()


def _wrong(puzzle) -> str:
    return next(a for a in answers_of(puzzle) if puzzle.check(a).valid and not puzzle.check(a).correct)


def _no_address(text: str, relay: Outage) -> None:
    for secret in ("127.0.0.1", str(relay.port), "gouji_ci", "postgresql", "5432"):
        assert secret not in text, secret


def _until(condition, seconds: float = 10.0):
    """Run the kernel's event loop (in a thread of its own, as a kernel's) until ``condition()``."""
    async def wait() -> bool:
        for _ in range(int(seconds / 0.05)):
            if condition():
                return True
            await asyncio.sleep(0.05)
        return condition()

    return run_own_loop(wait(), timeout=seconds + 5)


def test_an_exam_keeps_answers_through_an_outage_and_saves_them_when_the_server_is_back(outage) -> None:
    relay, direct = outage
    store = progress.store()
    exam = ex.new_exam(store, rules="qingdao", kinds="beats", count=3, seed=3, release="after-submit")

    async def sit() -> ex.ExamPage:  # on a running loop, as in a kernel
        page = ex.ExamPage(ex.start(f"exam={exam.code}&lang=zh"), store)
        page.name.value = "小明"
        page.begin()
        first, second, third = page.questions
        first.answer(right_answer(first.puzzle))
        relay.down()  # PostgreSQL stops
        second.answer(_wrong(second.puzzle))
        third.answer(right_answer(third.puzzle))
        seen = page.status.value
        assert "还没保存" in seen and "已答 3/3 题" in seen, seen
        _no_address(page.head.value + seen, relay)
        assert second._chosen and third._chosen  # kept on the page, each shown as the learner's choice
        assert "还没保存" in second.feedback.value and "还没保存" not in first.feedback.value
        page.submit()
        assert "现在不能交卷" in page.status.value and page.sitting.submitted is None
        relay.up()  # the server is back: the kernel's next try saves them, without the learner doing anything
        for _ in range(200):
            await asyncio.sleep(0.05)
            if not len(page.unsaved):
                break
        return page

    page = run_own_loop(sit())
    assert not len(page.unsaved)
    assert "现在都保存了" in page.status.value and "还没保存" not in page.status.value
    assert not any("还没保存" in q.feedback.value for q in page.questions)
    kept = ProgressStore(direct).sitting(exam.code, "小明")
    assert kept.submitted is None
    assert kept.answers == {q._number: q._chosen for q in page.questions}
    page.submit()
    assert "成绩：2/3" in page.status.value and "保存" not in page.status.value
    assert ProgressStore(direct).sitting(exam.code, "小明").score == 2


def test_a_quiz_keeps_every_try_through_an_outage_in_order(outage) -> None:
    relay, direct = outage
    box = pages.quiz(course.start("biesan", "rules=qingdao&lang=en&learner=小明"), [("buy", "easy")])
    widget, status = box.puzzle_widgets[0], box.children[-1]
    drill = widget.puzzle
    relay.down()
    widget.answer(_wrong(drill))
    assert "Not saved yet" in status.value and "还没" not in status.value  # the page's language, whole
    _no_address(status.value, relay)
    widget.answer(_wrong(drill))
    widget.answer(right_answer(drill))
    assert "✔" in widget.feedback.value  # the verdict is on the page all the same
    assert len(box.unsaved) == 3
    relay.up()
    assert _until(lambda: box.unsaved.retry())  # what the kernel's timer does (tested above)
    assert "are saved now" in status.value
    store = ProgressStore(direct)
    ming = store.learner("小明")
    assert [(a.number, a.correct) for a in store.attempts(ming)] == [(1, False), (2, False), (3, True)]
    assert store.drill_stars(ming, "biesan", drill.puzzle_id) == 1  # the third try: no stars laundered


def test_a_refusal_that_is_not_an_outage_is_said_and_nothing_waits(outage) -> None:
    """The deadline passed: the store refuses the answer for good; the page says so and keeps nothing waiting."""
    from progress_backends import run_sql

    _relay, direct = outage
    store = progress.store()
    exam = ex.new_exam(store, rules="qingdao", kinds="beats", count=2, seed=3, minutes=5)
    page = ex.ExamPage(ex.start(f"exam={exam.code}&lang=en"), store)
    page.name.value = "ming"
    page.begin()
    run_sql(direct, f"UPDATE exam_sittings SET deadline = '2000-01-01T00:00:00+00:00' WHERE exam = '{exam.code}'")
    page.questions[0].answer(right_answer(page.questions[0].puzzle))
    assert not len(page.unsaved)
    assert "Not saved yet" not in page.status.value


def test_a_live_lesson_answer_waits_through_an_outage(outage) -> None:
    from gouji_teach.teach import live, present

    relay, direct = outage
    wall = present.page(present.start("scenario=qingdao_dagouji&lang=zh")).wall
    wall.start_live()
    view = live.page(live.start(query=f"live={wall.live.code}&learner=甲&lang=zh"))._view
    wall.go(3)
    view.poll()
    question = view.question
    relay.down()
    question.answer(right_answer(question.puzzle))
    assert question._chosen and "还没保存" in question.feedback.value and "还没保存" in view.status.value
    _no_address(view.status.value, relay)
    relay.up()
    view.poll()  # the page reads the lesson again, and saves what waited
    assert not len(view.unsaved) and "现在都保存了" in view.status.value
    assert "还没保存" not in question.feedback.value
    assert [a.learner.name for a in ProgressStore(direct).live_answers(wall.live.code, 3)] == ["甲"]

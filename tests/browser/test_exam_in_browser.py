"""An exam in a real browser: an instructor makes it with the command line, two learners take it in chromium, and
the report shows both with their scores. Before a learner submits, nothing about right or wrong reaches their
browser: not in the served HTML, the page, or any widget message.

The test process knows every answer: it reads the exam's drill ids from the progress file of the app under test
and builds the same puzzles as the page's kernel.
"""

from __future__ import annotations

import contextlib
import io
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from pagekit import REPORT_TOKEN, WIDGET_TIMEOUT_MS
from playwright.sync_api import Browser, Page, expect
from test_app import _forms, _received

from gouji_teach.cli import main
from gouji_teach.teach import exam as ex
from gouji_teach.teach.progress import ProgressStore
from gouji_teach.teach.puzzles import HandPuzzle, Puzzle, SeatsPuzzle

PHONE = {"width": 390, "height": 800}
KINDS = "beats,count,who_may_act,pick"
COUNT = 4


def _right(puzzle: Puzzle) -> str:
    if isinstance(puzzle, HandPuzzle):
        return puzzle.example().notation  # type: ignore[union-attr]  # a pick puzzle's example is a play
    if isinstance(puzzle, SeatsPuzzle):
        return ",".join(str(s) for s in sorted(puzzle.answer_seats())) or "-"
    return next(c.key for c in puzzle.choices if puzzle.check(c.key).correct)


def _wrong(puzzle: Puzzle) -> str:
    """A well-formed answer the engine marks wrong: a choice, cards of a pick puzzle's hand, or seats."""
    if isinstance(puzzle, HandPuzzle):
        cards = [card.notation for card in puzzle.hand.cards]
        tries = [*cards, " ".join(cards[:2])]  # a single too low, or two cards against a single
    elif isinstance(puzzle, SeatsPuzzle):
        tries = ["-", *(str(seat) for seat in range(6))]
    else:
        tries = [c.key for c in puzzle.choices]
    return next(a for a in tries if puzzle.check(a).valid and not puzzle.check(a).correct)


def _secrets(puzzle: Puzzle) -> list[str]:
    """The solution and the feedback on every choice, in both languages: none may reach the browser early."""
    texts = []
    for fb in (puzzle.solution(), *(puzzle.check(choice.key) for choice in puzzle.choices)):
        texts += [fb.zh, fb.en, fb.text("zh"), fb.text("en")]  # as the engine says it, and as a page shows it
    return [x for x in texts if x]


def _command(*args: str) -> str:
    """What ``gouji-teach ARGS`` prints (run in this process: the same code, without a second Python starting)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(args)) == 0, args
    return out.getvalue()


@pytest.fixture(scope="module")
def exam_code(progress_file: Path, base_url: str) -> str:
    """An exam made the instructor's way, in the progress file of the app under test."""
    code, link = _command("exam", "new", "--rules", "linyi", "--kinds", KINDS, "--count", str(COUNT), "--seed", "2026",
                          "--minutes", "30", "--release", "after-submit", "--progress", str(progress_file),
                          "--url", base_url).splitlines()[:2]
    assert link == f"{base_url}voila/render/exam.ipynb?exam={code}"
    return code


@dataclass
class _Tab:
    """A learner's exam page, its navigation begun, recording every websocket frame it receives."""

    context: Any
    page: Page
    frames: list[str | bytes]
    response: Any


def _open(browser: Browser, base_url: str, code: str, name: str) -> _Tab:
    """A learner opens the exam's link at phone width."""
    context = browser.new_context(base_url=base_url, viewport=PHONE)
    page = context.new_page()
    frames: list[str | bytes] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
    response = page.goto(ex.exam_link(code, base_url), wait_until="commit", timeout=WIDGET_TIMEOUT_MS)
    return _Tab(context, page, frames, response)


def _take(tab: _Tab, name: str, answers: list[str], puzzles: list[Puzzle], shots: Path | None = None) -> dict[str, Any]:
    """The learner starts, answers every question, and submits; what the browser had received before submitting,
    and after (and screenshots of both, into ``shots``)."""
    context, page, frames = tab.context, tab.page, tab.frames
    seen: dict[str, Any] = {}
    try:
        seen["served"] = tab.response.text() if tab.response is not None else ""
        start = page.get_by_role("button", name="开始考试")
        start.wait_for(timeout=WIDGET_TIMEOUT_MS)
        page.locator(".gj-exam input[type=text]").first.fill(name)  # no roster: the name is typed, no code
        page.locator(".gj-exam input[type=text]").first.press("Enter")
        start.click()
        questions = page.locator(".gj-exam-q")
        expect(questions).to_have_count(len(puzzles), timeout=WIDGET_TIMEOUT_MS)
        for box, puzzle, answer in zip((questions.nth(i) for i in range(len(puzzles))), puzzles, answers,
                                       strict=True):
            if isinstance(puzzle, HandPuzzle | SeatsPuzzle):
                field = box.locator("input[type=text]")
                field.fill(answer)
                field.press("Enter")
            else:
                text = next(c.text("zh") for c in puzzle.choices if c.key == answer)
                box.get_by_role("button", name=text, exact=True).click()
            expect(box.locator(".gj-exam-chosen")).to_be_visible()
        expect(page.locator(".gj-exam")).to_contain_text(f"已答 {len(puzzles)}/{len(puzzles)} 题")
        page.wait_for_timeout(300)  # late state updates
        seen["dom"] = page.content()
        seen["messages"] = _received(frames)
        seen["widths"] = page.evaluate("() => ({doc: document.documentElement.scrollWidth, inner: innerWidth})")
        if shots is not None:
            page.screenshot(path=str(shots / "exam-answered-phone.png"), full_page=True)
        page.get_by_role("button", name="交卷", exact=True).click()
        seen["score"] = page.locator(".gj-exam-score")
        expect(seen["score"]).to_be_visible()
        seen["score_text"] = seen["score"].inner_text()
        seen["after"] = _received(frames)
        seen["results"] = page.locator(".gj-exam-q .gouji-feedback").count()
        if shots is not None:
            page.screenshot(path=str(shots / "exam-result-phone.png"), full_page=True)
    finally:
        context.close()
    return seen


def test_two_learners_take_an_exam_sealed_until_submission_and_the_report_shows_both(
        browser: Browser, base_url: str, progress_file: Path, exam_code: str, screenshots: Path) -> None:
    exam = ProgressStore(progress_file).exam(exam_code)
    tag = uuid.uuid4().hex[:6]
    first, second = f"exam-a-{tag}", f"exam-b-{tag}"
    theirs = {name: [ex.drill(d) for _n, d in ex.variant(exam, name)] for name in (first, second)}  # as shown
    assert len(theirs[first]) == COUNT
    numbers = [n for n, _d in ex.variant(exam, second)]

    tabs = {name: _open(browser, base_url, exam_code, name) for name in (first, second)}  # both pages prepared at once
    try:
        for name, wrong, score in ((first, False, COUNT), (second, True, COUNT - 1)):
            puzzles = theirs[name]
            rights = [_right(p) for p in puzzles]
            answers = [_wrong(puzzles[0]), *rights[1:]] if wrong else rights  # the first question shown wrong
            seen = _take(tabs[name], name, answers, puzzles, screenshots if name == second else None)
            for puzzle in puzzles:  # the questions arrived...
                assert any(f in seen["messages"] for f in _forms(puzzle.question()[0])), puzzle.puzzle_id
            for where in ("served", "dom", "messages"):  # ...and nothing that tells right from wrong
                text = seen[where]
                assert "gouji-feedback" not in text and "gouji-solution" not in text, where
                assert "✔" not in text and "✘" not in text, where
                for puzzle in puzzles:
                    assert puzzle.puzzle_id not in text, f"{where}: the drill id would rebuild the answer"
                    for secret in _secrets(puzzle):
                        assert not any(f in text for f in _forms(secret)), f"{where}: {puzzle.puzzle_id}: {secret}"
            assert seen["widths"]["doc"] <= seen["widths"]["inner"] + 1, seen["widths"]
            assert f"成绩：{score}/{COUNT}" in seen["score_text"]
            assert seen["results"] == COUNT
            assert any(f in seen["after"] for f in _forms(puzzles[1].check(rights[1]).text("zh")))  # explained, now
    finally:
        for tab in tabs.values():
            tab.context.close()

    sittings = {s.learner.name: s for s in ProgressStore(progress_file).sittings(exam_code)}
    assert sittings[first].score == COUNT and sittings[second].score == COUNT - 1
    assert sittings[second].correct[numbers[0]] is False

    report = _command("report", "--progress", str(progress_file), "--exam", exam_code)
    rows = {line.split()[0]: line.split() for line in report.splitlines() if line.startswith("exam-")}
    assert rows[first][1:3] == [str(COUNT), str(COUNT)] and rows[second][1:3] == [str(COUNT - 1), str(COUNT)]


def test_the_instructor_page_shows_the_mastery_map(browser: Browser, base_url: str, exam_code: str,
                                                    progress_file: Path, screenshots: Path) -> None:
    name = f"report-{uuid.uuid4().hex[:6]}"  # one learner at least, even when this test runs alone
    ProgressStore(progress_file).record_attempt(name, "compare", "beats/1", rules=("compare.rank",), correct=True)
    context = browser.new_context(base_url=base_url, viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(f"voila/render/report.ipynb?exam={exam_code}&token={REPORT_TOKEN}", wait_until="domcontentloaded",
                  timeout=WIDGET_TIMEOUT_MS)
        page.locator(".gj-report-page").wait_for(timeout=WIDGET_TIMEOUT_MS)
        expect(page.locator(".gj-report-page")).to_contain_text(f"考试 {exam_code}")
        expect(page.locator("svg.gj-heatmap")).to_be_visible()
        expect(page.locator("svg.gj-heatmap")).to_contain_text(name)
        widths = page.evaluate("() => ({doc: document.documentElement.scrollWidth, inner: innerWidth})")
        assert widths["doc"] <= widths["inner"] + 1, widths  # a wide map scrolls inside its own box
        page.screenshot(path=str(screenshots / "report-phone.png"), full_page=True)
    finally:
        context.close()

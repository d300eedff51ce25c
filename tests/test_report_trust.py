"""The report an instructor can trust (issue 22 item 8): every attempt keeps the chosen answer and the report shows
per question a bar per choice; mastery counts answered questions only; practice-table hands have their own
section; rule titles in the page's language with ids on hover; a projector view with no names; CSV that
spreadsheets open right (BOM, formulas escaped, no fraction read as a date, times with their zone)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from progress_backends import where_fixture  # noqa: F401 (the fixture `where`)
from widget_state import fresh_widgets

from gouji_teach.teach import exam as ex
from gouji_teach.teach import report as rep
from gouji_teach.teach.drills import drill
from gouji_teach.teach.progress import ProgressStore

DRILL = "buy/qingdao/easy/biesan.1"
NAMES = ("小明", "小红", "小刚", "阿丽")


@pytest.fixture(autouse=True)
def _fresh():
    yield from fresh_widgets()


@pytest.fixture
def store(where: Path | str) -> ProgressStore:
    return ProgressStore(where)


def _keys() -> tuple[str, list[str]]:
    puzzle = drill(DRILL)
    right = next(c.key for c in puzzle.choices if puzzle.check(c.key).correct)
    return right, [c.key for c in puzzle.choices if c.key != right]


def _class(store: ProgressStore) -> None:
    """Four learners answer the drill: the first two first pick the same wrong choice, then the right one."""
    right, wrong = _keys()
    puzzle = drill(DRILL)
    for i, name in enumerate(NAMES):
        first = wrong[0] if i < 2 else right
        for key in (first, right) if first != right else (right,):
            store.record_attempt(name, "biesan", DRILL, rules=puzzle.check(key).rule_ids or ("buy.sell",),
                                 correct=key == right, answer=key)


def test_every_attempt_keeps_its_choice_and_the_report_counts_first_answers(store: ProgressStore) -> None:
    _class(store)
    right, wrong = _keys()
    assert [a.choice for a in store.attempts(store.learner("小明"))] == [wrong[0], right]
    (question,) = rep.build(store).questions
    assert (question.drill, question.stage, question.counts) == (DRILL, "biesan", {wrong[0]: 2, right: 2})


def test_the_page_draws_a_bar_per_choice_and_marks_the_right_one(store: ProgressStore) -> None:
    _class(store)
    puzzle = drill(DRILL)
    page = str(rep.report_html(rep.build(store), "zh"))
    assert page.count('class="gj-bar-row"') == len(puzzle.choices)  # every choice, one not chosen too
    right = next(c for c in puzzle.choices if puzzle.check(c.key).correct)
    assert f"✔ {right.text('zh')}" in page and puzzle.question()[0] in page
    assert DRILL not in page  # the question by its text, never by its id


def test_exam_questions_show_the_kept_answers_per_choice(store: ProgressStore) -> None:
    exam = ex.new_exam(store, rules="qingdao", kinds="beats", count=2, seed=3)
    for name, answer in (("小明", "yes"), ("小红", "yes"), ("小刚", "no")):
        store.start_exam(exam.code, name)
        store.save_exam_answer(exam.code, name, 1, answer)
        store.submit_exam(exam.code, name, {1: (answer == "yes", ("compare.rank",))})
    (report,) = rep.build(store).exams
    assert report.chosen == ({"yes": 2, "no": 1}, {})


def test_mastery_counts_answered_questions_only(store: ProgressStore) -> None:
    exam = ex.new_exam(store, rules="qingdao", kinds="beats", count=3, seed=1)
    store.start_exam(exam.code, "小明")
    store.submit_exam(exam.code, "小明", {n: (False, ("compare.rank",)) for n in (1, 2, 3)})  # nothing answered
    store.start_exam(exam.code, "小红")
    store.save_exam_answer(exam.code, "小红", 1, "yes")
    store.submit_exam(exam.code, "小红", {n: (n == 1, ("compare.rank",)) for n in (1, 2, 3)})
    report = rep.build(store)
    assert report.mastery["小明"] == {}  # no 0% for a learner who answered nothing
    assert report.mastery["小红"] == {"compare.rank": (1, 1)}


def test_practice_table_hands_have_their_own_section_not_rule_answers(store: ProgressStore) -> None:
    for points in (+3, -1, +2):
        store.record_attempt("小明", "shao", f"practice/qingdao/{points}", rules=("kaidian", "place.order"),
                             correct=points > 0, answer=f"{points:+d}", source="table")
    report = rep.build(store)
    assert report.mastery["小明"] == {} and report.rules == ()
    assert report.practice["小明"] == rep.Hands(3, 2, 4)
    assert report.questions == ()
    page = str(rep.report_html(report, "en"))
    assert "Practice table" in page and "kaidian" not in page
    assert rep.to_json(report)["practice"] == {"小明": {"hands": 3, "won": 2, "points": 4}}


def test_rules_go_by_their_titles_in_the_pages_language_with_ids_on_hover(store: ProgressStore) -> None:
    store.record_attempt("小明", "compare", "beats/qingdao/easy/compare.1", rules=("compare.kill",), correct=True,
                         answer="yes")
    report = rep.build(store)
    zh, en = rep.rule_title("compare.kill", "zh"), rep.rule_title("compare.kill", "en")
    assert zh != "compare.kill" != en
    svg = rep.heatmap_svg(report, "en")
    assert f"{en} (compare.kill)" in svg  # the column's title, its id on hover
    page = str(rep.report_html(report, "zh"))
    assert f'<abbr title="compare.kill">{zh}</abbr>' in page


def test_the_projector_view_shows_no_name(store: ProgressStore) -> None:
    _class(store)
    exam = ex.new_exam(store, rules="qingdao", kinds="beats", count=1, seed=1)
    store.start_exam(exam.code, "小明")
    store.save_exam_answer(exam.code, "小明", 1, "yes")
    store.submit_exam(exam.code, "小明", {1: (True, ("compare.rank",))})
    report = rep.build(store)
    projected = str(rep.report_html(report, "zh", anonymous=True))
    assert not [name for name in NAMES if name in projected]
    assert "gj-bar-row" in projected and "✔" not in projected  # the answers, the right one not marked
    page = rep.ReportPage(ex.start("lang=zh", on=rep.REPORT_PAGE), store)
    assert "小明" in page.body.value
    page.projector.value = True
    assert not [name for name in NAMES if name in page.body.value + page.head.value]


def test_the_csv_opens_right_in_a_spreadsheet(store: ProgressStore) -> None:
    hostile = ['=HYPERLINK("http://evil.example","点这里")', "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)"]
    for name in hostile:
        store.record_attempt(name, "compare", "beats/1", rules=("compare.rank",), correct=True, answer="yes")
    exam = ex.new_exam(store, rules="qingdao", kinds="beats", count=1, seed=1)
    store.start_exam(exam.code, hostile[0])
    store.submit_exam(exam.code, hostile[0], {1: (False, ())})
    report = rep.build(store)
    for text in (rep.to_csv(report), rep.to_csv(report, exam.code)):
        assert text.encode("utf-8").startswith(b"\xef\xbb\xbf")
        cells = [c for row in csv.reader(io.StringIO(text[1:])) for c in row]
        assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")]  # no cell starts a formula
        assert not [c for c in cells if "/" in c and c.replace("/", "").isdigit()]  # no 1/1 read as a date
    assert {f"'{name}" for name in hostile} <= set(c for row in csv.reader(io.StringIO(rep.to_csv(report)[1:]))
                                                   for c in row)
    book = list(csv.reader(io.StringIO(rep.to_csv(report, exam.code)[1:])))
    started = book[1][book[0].index("started")]
    assert started.endswith(" UTC")

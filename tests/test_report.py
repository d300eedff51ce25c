"""The class report: its values from a progress file, its JSON and CSV shapes, the mastery map picture, the
learner's own map on the landing page, and ``gouji-teach exam`` / ``gouji-teach report`` (exit codes, one line).
Tests taking ``store`` or ``path`` run on a SQLite file and on a PostgreSQL schema (see ``progress_backends``)."""

from __future__ import annotations

import csv
import io
import json
import re
import socket
from pathlib import Path

import pytest
from progress_backends import where_fixture  # noqa: F401 (the fixture `where`)
from widget_state import fresh_widgets

from gouji_teach.cli import main
from gouji_teach.teach import exam as ex
from gouji_teach.teach import report as rep
from gouji_teach.teach.course import STAGES
from gouji_teach.teach.progress import ProgressStore


@pytest.fixture(autouse=True)
def _fresh_widgets():
    yield from fresh_widgets()


@pytest.fixture
def path(where: Path | str) -> Path | str:
    """The class store, as ``--progress`` names it: a file, or a PostgreSQL URL."""
    return where


@pytest.fixture
def store(path: Path | str) -> ProgressStore:
    return ProgressStore(path)


def _class(store: ProgressStore) -> str:
    """Two learners practise; both sit an exam of three questions: 小明 gets 1 and 3 right, 小红 only 3."""
    store.record_attempt("小明", "compare", "beats/1", rules=("compare.rank",), correct=False)
    store.record_attempt("小明", "compare", "beats/1", rules=("compare.rank",), correct=True)
    store.record_attempt("小红", "gouji", "gouji/1", rules=("gouji.twos",), correct=True)
    exam = ex.new_exam(store, rules="qingdao", kinds="beats", count=3, seed=1)
    for name, right in (("小明", {1, 3}), ("小红", {3})):
        store.start_exam(exam.code, name)
        for n in (1, 2, 3):
            store.save_exam_answer(exam.code, name, n, "yes")
        store.submit_exam(exam.code, name, {n: (n in right, ("compare.rank",)) for n in (1, 2, 3)})
    store.start_exam(exam.code, "小刚")  # started, not submitted
    return exam.code


def test_the_report_has_stars_mastery_with_exams_scores_and_most_missed(store) -> None:
    code = _class(store)
    report = rep.build(store)
    assert report.learners == ("小刚", "小明", "小红")
    assert report.stages == tuple(s.id for s in STAGES)
    assert report.stars["小明"] == {"compare": 2} and report.stars["小红"] == {"gouji": 3}
    assert report.points == {"小刚": 0, "小明": 2, "小红": 3}
    assert report.mastery["小明"]["compare.rank"] == (1 + 2, 2 + 3)  # practice 1/2, exam 2/3
    assert report.mastery["小红"] == {"compare.rank": (1, 3), "gouji.twos": (1, 1)}
    assert report.rules == ("compare.rank", "gouji.twos")
    (exam,) = report.exams
    assert exam.exam.code == code
    scores = {r.learner: (r.score, r.submitted is not None, r.correct) for r in exam.results}
    assert scores == {"小刚": (0, False, (None, None, None)), "小明": (2, True, (True, False, True)),
                      "小红": (1, True, (False, False, True))}
    assert [(m.number, m.missed, m.of) for m in exam.missed] == [(2, 2, 2), (1, 1, 2)]
    assert rep.build(store, code.lower()).exams == report.exams


def test_the_tables_and_csv_have_one_row_per_learner(store) -> None:
    code = _class(store)
    report = rep.build(store)
    stars = rep.stars_table(report)
    assert stars[0] == ["learner", "points", "title", *report.stages]
    assert stars[2][:2] == ["小明", "2"] and stars[2][3 + report.stages.index("compare")] == "2"
    mastery = rep.mastery_table(report)
    assert mastery[0] == ["rule", "class", "小刚", "小明", "小红"]
    assert mastery[1] == ["compare.rank", "4/8", "", "3/5", "1/3"]

    text = rep.to_csv(report)
    assert text.startswith("\ufeff")  # the byte-order mark: Excel reads the names as UTF-8
    rows = list(csv.reader(io.StringIO(text[1:])))
    head = rows[0]
    assert head[:4] == ["learner", "points", "title_zh", "title_en"]
    assert f"exam:{code}" in head and "rule:compare.rank:right" in head and "stage:compare" in head
    by_name = {r[0]: dict(zip(head, r, strict=True)) for r in rows[1:]}
    assert set(by_name) == {"小刚", "小明", "小红"}
    assert by_name["小明"][f"exam:{code}"] == "2" and by_name["小刚"][f"exam:{code}"] == ""
    assert (by_name["小红"]["rule:gouji.twos:right"], by_name["小红"]["rule:gouji.twos:answers"]) == ("1", "1")
    assert by_name["小红"]["stage:gouji"] == "3"

    book = list(csv.reader(io.StringIO(rep.to_csv(report, code).removeprefix("\ufeff"))))
    assert book[0] == ["learner", "score", "count", "answered", "started", "submitted", "q1", "q2", "q3"]
    grades = {r[0]: (r[1], r[6:]) for r in book[1:]}
    assert grades == {"小刚": ("", ["", "", ""]), "小明": ("2", ["1", "0", "1"]), "小红": ("1", ["0", "0", "1"])}


def test_the_json_shape(store) -> None:
    code = _class(store)
    data = json.loads(json.dumps(rep.to_json(rep.build(store)), ensure_ascii=False))
    assert set(data) == {"stages", "rules", "learners", "practice", "questions", "exams"}
    ming = next(x for x in data["learners"] if x["name"] == "小明")
    assert set(ming) == {"name", "points", "title_zh", "title_en", "stars", "mastery"}
    assert ming["mastery"]["compare.rank"] == {"correct": 3, "answers": 5}
    (exam,) = data["exams"]
    assert set(exam) == {"code", "rules", "kinds", "seed", "minutes", "created", "questions", "results",
                         "most_missed", "answers"}
    assert exam["code"] == code and len(exam["questions"]) == 3
    result = next(r for r in exam["results"] if r["learner"] == "小红")
    assert (result["score"], result["count"], result["correct"]) == (1, 3, [False, False, True])
    assert exam["most_missed"][0] == {"number": 2, "drill": exam["questions"][1], "missed": 2, "of": 2}


def test_the_mastery_map_has_a_cell_per_learner_and_rule_with_its_numbers(store) -> None:
    _class(store)
    report = rep.build(store)
    svg = rep.heatmap_svg(report, "en")
    assert svg.count("<rect") == len(report.learners) * len(report.rules)
    assert "小明 · compare.rank: 3/5 (60%)" in svg and "小刚 · compare.rank: —" in svg
    assert ">60<" in svg and "Mastery map: 3 learners × 2 rules" in svg
    # (ignore below: the test fails if it does not match)
    width = float(re.search(r'width="(\d+)"', svg).group(1))  # type: ignore[union-attr]
    assert width <= 390  # three learners and two rules fit a phone without scrolling
    page = rep.report_html(report, "zh")
    assert "规则掌握图" in page and "<table" in page and "compare.rank" in page
    assert "drill" not in page and "beats/qingdao" not in page  # questions by their text, never by drill id


def test_the_instructor_page_shows_one_exam_when_asked(store) -> None:
    code = _class(store)
    other = ex.new_exam(store, rules="linyi", kinds="count", count=1, seed=2).code
    page = rep.ReportPage(ex.start(f"exam={code}", on=rep.REPORT_PAGE), store)
    assert code in page.body.value and other not in page.body.value
    page = rep.ReportPage(ex.start("lang=en", on=rep.REPORT_PAGE), store)
    assert code in page.body.value and other in page.body.value and "Mastery map" in page.body.value


def test_the_learners_own_map_lists_the_rules_missed_most_and_where_to_continue(store) -> None:
    _class(store)
    missed, last = rep.learner_map(store, store.learner("小红"))
    assert missed == [("compare.rank", 2, 3)] and last == "gouji"
    assert rep.learner_map(store, store.learner("小刚")) == ([], None)


def test_the_landing_page_shows_the_learners_map(store, monkeypatch) -> None:
    from gouji_teach.teach import course, pages, progress

    code = _class(store)
    monkeypatch.setattr(progress, "_STORE", [store])
    box = pages.landing(course.start("index", "learner=%E5%B0%8F%E7%BA%A2&lang=en"))
    text = box.children[1].value
    assert "Continue where I left off" in text and "05_gouji.ipynb" in text
    assert "The rules you miss most" in text and "missed: 2 of 3" in text and "04_compare.ipynb" in text
    assert "Back to the exam" not in text  # 小红 submitted
    box = pages.landing(course.start("index", "learner=%E5%B0%8F%E5%88%9A&lang=en"))
    assert f"exam.ipynb?exam={code}&amp;learner=%E5%B0%8F%E5%88%9A&amp;lang=en" in box.children[1].value  # 小刚 did not


# -- the command line ------------------------------------------------------------------------------------------------
def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_exam_new_prints_the_code_and_the_link_and_stores_the_exam(capsys, path) -> None:
    code, out, err = _run(capsys, "exam", "new", "--rules", "linyi", "--kinds", "beats,count:hard", "--count", "4",
                          "--seed", "7", "--minutes", "15", "--progress", str(path))
    assert code == 0 and err == ""
    exam_code, link = out.splitlines()[:2]
    assert link == f"http://127.0.0.1:8866/voila/render/exam.ipynb?exam={exam_code}"
    stored = ProgressStore(path).exam(exam_code)
    assert (stored.rules, stored.minutes) == ("linyi", 15)
    assert list(stored.drills) == ex.plan("linyi", ex.parse_kinds("beats,count:hard"), 4, seed=7)
    code, out, _ = _run(capsys, "exam", "list", "--progress", str(path))
    assert code == 0 and exam_code in out


@pytest.mark.parametrize("argv", [
    ["exam", "new", "--kinds", "poker", "--count", "3", "--seed", "1"],
    ["exam", "new", "--kinds", "beats:expert", "--count", "3", "--seed", "1"],
    ["exam", "new", "--kinds", "beats", "--count", "0", "--seed", "1"],
    ["exam", "new", "--kinds", "beats", "--count", "3", "--seed", "x"],
    ["exam", "new", "--kinds", "beats", "--count", "3", "--seed", "1", "--minutes", "0"],
    ["exam", "new", "--kinds", "beats", "--count", "3", "--seed", "1", "--rules", "mars"],
    ["exam", "new", "--count", "3", "--seed", "1"],
    ["exam"],
    ["report", "--exam", "NOPE"],
    ["report", "--json", "--csv"],
])
def test_bad_arguments_give_one_line_and_exit_2(capsys, path, argv) -> None:
    ProgressStore(path)
    code, out, err = _run(capsys, *argv, "--progress", str(path))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_report_of_a_missing_file_is_refused_rather_than_made(capsys, tmp_path) -> None:
    missing = tmp_path / "typo.sqlite3"
    code, _, err = _run(capsys, "report", "--progress", str(missing))
    assert code == 2 and "typo.sqlite3" in err and not missing.exists()


def test_report_prints_text_json_and_csv(capsys, store, path) -> None:
    exam_code = _class(store)
    code, out, err = _run(capsys, "report", "--progress", str(path), "--exam", exam_code)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert any(line.startswith("小明") and " 2 " in line for line in lines)
    assert any(line.startswith("小红") and " 1 " in line for line in lines)
    assert "q2" in out and "2/2" in out  # question 2: missed by both
    code, out, _ = _run(capsys, "report", "--progress", str(path), "--json")
    assert code == 0 and json.loads(out)["exams"][0]["code"] == exam_code
    code, out, _ = _run(capsys, "report", "--progress", str(path), "--csv", "--exam", exam_code)
    assert code == 0 and out.splitlines()[0].startswith("\ufefflearner,score,count")
    code, out, _ = _run(capsys, "report", "--progress", str(path))
    assert code == 0 and "compare.rank" in out and "4/8" in out


@pytest.mark.parametrize("argv", [["report"], ["exam", "list"], ["serve"],
                                  ["exam", "new", "--kinds", "beats", "--count", "1", "--seed", "1"]])
def test_an_unusable_database_gives_one_line_and_exit_2(capsys, argv) -> None:
    pytest.importorskip("psycopg")
    with socket.socket() as unused:  # a port nobody listens on
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    code, out, err = _run(capsys, *argv, "--progress", f"postgresql://teacher:s3cret@127.0.0.1:{port}/class")
    assert code == 2 and out == "" and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and "s3cret" not in err
    assert f"cannot use the progress database postgresql://teacher:***@127.0.0.1:{port}/class" in err


def test_a_database_url_reaches_the_kernels_intact() -> None:
    from gouji_teach.app import voila_env
    from gouji_teach.cli import build_parser

    url = "postgresql://teacher@db.school.lan:5433/gouji?options=-csearch_path%3Dclass_3b"
    for argv in (["serve"], ["report"], ["exam", "list"]):
        assert build_parser().parse_args([*argv, "--progress", url]).progress == url  # not a path: "//" kept
    assert voila_env(url)["GOUJI_TEACH_PROGRESS"] == url

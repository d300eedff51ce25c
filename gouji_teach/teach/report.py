"""The class report: stars per learner and stage, mastery per rule, exam scores and the questions most missed.

:func:`build` reads a progress file into a :class:`ClassReport`; the same report is printed by ``gouji-teach
report`` (text, ``--json``, ``--csv``) and drawn on the app's instructor page (``report.ipynb``), where the
mastery map is a picture: :func:`heatmap_svg`, learners down, rules across, each cell the share of right
answers, with its numbers written in the cell and in a table beside it for those who cannot see the colours.

Mastery counts every answer to a question exercising a rule: practice answers (first tries and retries) and
the answered questions of submitted exams (a question left unanswered says nothing of a rule: it is not counted).
Hands played at the practice table are no rule's answers: they have their own section (hands, won, points). Per
question, the report shows how the class answered (:attr:`ClassReport.questions`: each learner's first answer to a
drill; :attr:`ExamReport.chosen`: the kept answer of each exam question), a bar per choice, so that a common
misconception shows. :func:`report_html` with ``anonymous=True`` is the projector's view: the class as a whole,
no names. :func:`to_csv` writes what spreadsheets open right: a UTF-8 byte-order mark, cells that would start a
formula (``= + - @``, tab, CR) escaped with ``'``, right/answers as two number columns (never ``1/2``, which a
spreadsheet reads as a date), times with their zone.

>>> import pathlib, tempfile
>>> from gouji_teach.teach.progress import ProgressStore
>>> folder = tempfile.TemporaryDirectory()
>>> store = ProgressStore(pathlib.Path(folder.name) / "class.sqlite3")
>>> _ = store.record_attempt("小明", "compare", "beats/1", rules=("compare.rank",), correct=False)
>>> _ = store.record_attempt("小明", "compare", "beats/1", rules=("compare.rank",), correct=True)
>>> report = build(store)
>>> report.learners, report.stars["小明"]["compare"], report.mastery["小明"]["compare.rank"]
(('小明',), 2, (1, 2))
>>> stars_table(report)[0][:4], stars_table(report)[1][:3]
(['learner', 'points', 'title', 'table'], ['小明', '2', '农民'])
>>> folder.cleanup()
"""

from __future__ import annotations

import csv
import io
import itertools
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import ipywidgets as w

from ..rules.errors import GoujiError
from ..rules.rulebook import RULES
from ..rules.rulesets import find_ruleset
from ..rules.words import Lang
from ..show.i18n import get_language, pick, register, t
from ..show.markup import Element, HtmlFragment, SvgImage, el, html
from .controls import make
from .course import STAGES, Stage
from .exam import drill, settle
from .progress import Exam, Learner, ProgressStore, StoredAttempt
from .progress import store as kernel_store
from .view import View, follow_language

__all__ = ["REPORT_PAGE", "ClassReport", "ExamReport", "ExamResult", "Hands", "Missed", "Question", "build",
           "exam_table", "heatmap_svg", "learner_map", "mastery_table", "page", "practice_table", "rule_stage",
           "rule_title", "stars_table", "to_csv", "to_json"]

#: The app's instructor page (not a stage of the course).
REPORT_PAGE = Stage("report", "report.ipynb", "班级报告", "Class report", "看全班的星、规则掌握和考试成绩",
                    "See the class's stars, mastery of each rule and exam scores")

register({
    "report.title": ("班级报告", "Class report"),
    "report.refresh": ("刷新", "Refresh"),
    "report.token": ("口令", "Token"),
    "report.unlock": ("打开报告", "Open the report"),
    "report.updated": ("更新于 {time} UTC · {n} 名学员", "Updated at {time} UTC · {n} learners"),
    "report.updated.one": ("更新于 {time} UTC · 1 名学员", "Updated at {time} UTC · 1 learner"),
    "report.map": ("规则掌握图", "Mastery map"),
    "report.map.about": ("每格是一名学员在一条规则上答对的比例（格里的数字是百分比，没有答过的是“·”）。",
                         "Each cell is the share of right answers of one learner on one rule (the number in the "
                         "cell is the percentage; “·” where the learner has not answered)."),
    "report.map.label": ("规则掌握图：{learners} 名学员 × {rules} 条规则", "Mastery map: {learners} learners × "
                         "{rules} rules"),
    "report.map.table": ("同样的数字，表格", "The same numbers as a table"),
    "report.stars": ("每课的星", "Stars per stage"),
    "report.exams": ("考试", "Exams"),
    "report.exam": ("考试 {code}：{rules}，{count}题，{limit}", "Exam {code}: {rules}, {count} questions, {limit}"),
    "report.no_limit": ("不限时", "no time limit"),
    "report.limit": ("限时{minutes}分钟", "{minutes} minutes"),
    "report.missed": ("错得最多的题", "Most missed questions"),
    "report.missed_row": ("第{n}题，{missed}/{of}人答错：{q}", "Question {n}, missed by {missed} of {of}: {q}"),
    "report.nobody": ("还没有学员", "No learners yet"),
    "report.no_exam": ("还没有考试", "No exams yet"),
    "report.variant": ("{kind}:{level}（每人一道不同的题）", "{kind}:{level} (a different drill for each learner)"),
    "report.expired": ("时间到自动交卷", "expired: submitted at the deadline"),
    "report.open": ("未交卷", "not submitted"),
    "report.col.learner": ("学员", "Learner"),
    "report.col.points": ("分", "Points"),
    "report.col.title": ("称号", "Title"),
    "report.col.score": ("成绩", "Score"),
    "report.col.rule": ("规则", "Rule"),
    "report.col.class": ("全班", "Class"),
    "report.col.hands": ("局数", "Hands"),
    "report.col.won": ("赢", "Won"),
    "report.col.hand_points": ("得分", "Points"),
    "report.practice": ("练习牌桌", "Practice table"),
    "report.practice.about": ("在练习牌桌上打的牌局（输赢不算任何规则的对错）。",
                              "Hands played at the practice table (won or lost, they answer no rule's question)."),
    "report.answers": ("全班怎么答", "How the class answered"),
    "report.answers.about": ("每道练习题：每名学员第一次的回答，一个选项一条；✔ 是正确答案。",
                             "Each drill: every learner's first answer, a bar per choice; ✔ marks the right one."),
    "report.answers.projector": ("每道练习题：每名学员第一次的回答，一个选项一条。",
                                 "Each drill: every learner's first answer, a bar per choice."),
    "report.answers.exam": ("每题的回答", "Answers per question"),
    "report.answers.none": ("（没有回答）", "(no answer)"),
    "report.answers.count": ("{n} 人", "{n}"),
    "report.question": ("第{n}题：{q}", "Question {n}: {q}"),
    "report.projector": ("投影视图（不显示名字）", "Projector view (no names)"),
    "report.projector.note": ("投影视图：只有全班的数字，没有名字。",
                              "Projector view: the class as a whole, no names."),
    "report.updated.projector": ("更新于 {time} UTC", "Updated at {time} UTC"),
})


@dataclass(frozen=True, slots=True)
class ExamResult:
    """One learner's sitting of an exam: ``correct`` per question (``None`` before submission)."""

    learner: str
    started: datetime
    submitted: datetime | None
    score: int
    answered: int
    correct: tuple[bool | None, ...]
    expired: bool = False  # submitted by the clock at the deadline


@dataclass(frozen=True, slots=True)
class Missed:
    """A question of an exam and how many of the submitted sittings missed it."""

    number: int
    drill: str
    missed: int
    of: int


@dataclass(frozen=True, slots=True)
class ExamReport:
    """An exam, every learner's result (by name) and its questions most missed first (those missed at all)."""

    exam: Exam
    results: tuple[ExamResult, ...]
    missed: tuple[Missed, ...]
    #: Per question (question 1 first): how many submitted or open sittings kept each answer.
    chosen: tuple[dict[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Hands:
    """A learner's hands at the practice table: played, won (the learner's team scored more), points summed."""

    hands: int
    won: int
    points: int


@dataclass(frozen=True, slots=True)
class Question:
    """A drill the class answered: its id, the stage it was first answered in, and how many learners first
    answered each choice (a choice's key, as the drill's widget sends it)."""

    drill: str
    stage: str
    counts: dict[str, int]


@dataclass(frozen=True, slots=True)
class ClassReport:
    """Everything an instructor reads about a class (learners by name; stages in course order; rules that
    someone answered, sorted; hands at the practice table per learner who played; drills answered, in course
    order)."""

    learners: tuple[str, ...]
    stages: tuple[str, ...]
    stars: dict[str, dict[str, int]]
    points: dict[str, int]
    titles: dict[str, tuple[str, str]]
    rules: tuple[str, ...]
    mastery: dict[str, dict[str, tuple[int, int]]]
    exams: tuple[ExamReport, ...]
    practice: dict[str, Hands] = field(default_factory=dict)
    questions: tuple[Question, ...] = ()


def _mastery(store: ProgressStore, learner: Learner) -> dict[str, tuple[int, int]]:
    merged = dict(store.mastery(learner))
    for rule, (right, total) in store.exam_mastery(learner).items():
        old = merged.get(rule, (0, 0))
        merged[rule] = (old[0] + right, old[1] + total)
    return dict(sorted(merged.items()))


def _exam_report(store: ProgressStore, exam: Exam) -> ExamReport:
    count = len(exam.drills)
    results = tuple(
        ExamResult(s.learner.name, s.started, s.submitted, s.score, len(s.answers),
                   tuple(s.correct.get(n, False) if s.submitted else None for n in range(1, count + 1)), s.expired)
        for s in store.sittings(exam.code))
    done = [r for r in results if r.submitted is not None]
    missed = [Missed(n, exam.drills[n - 1], sum(1 for r in done if not r.correct[n - 1]), len(done))
              for n in range(1, count + 1)]
    missed = sorted((m for m in missed if m.missed), key=lambda m: (-m.missed, m.number))
    sittings = store.sittings(exam.code)
    chosen = tuple(dict(Counter(s.answers[n] for s in sittings if n in s.answers).most_common())
                   for n in range(1, count + 1))
    return ExamReport(exam, results, tuple(missed), chosen)


def _hands(attempts: list[StoredAttempt]) -> Hands | None:
    """The learner's practice-table hands (their answer is the points the learner scored, ``+2``)."""
    played = [a for a in attempts if a.source == "table"]
    if not played:
        return None
    return Hands(len(played), sum(a.correct for a in played), sum(int(a.answer or 0) for a in played))


def _questions(attempts: list[StoredAttempt]) -> tuple[Question, ...]:
    """Per drill answered (not a practice-table hand), how many learners first answered each choice."""
    first: dict[tuple[int, str], StoredAttempt] = {}
    for a in attempts:  # oldest first
        if a.source != "table" and a.choice is not None:
            first.setdefault((a.learner.id, a.puzzle_id), a)
    counts: dict[str, Counter[str]] = {}
    stages: dict[str, str] = {}
    for a in first.values():
        counts.setdefault(a.puzzle_id, Counter())[a.choice] += 1  # type: ignore[index]
        stages.setdefault(a.puzzle_id, a.stage)
    order = {s.id: i for i, s in enumerate(STAGES)}
    return tuple(Question(d, stages[d], dict(counts[d].most_common()))
                 for d in sorted(counts, key=lambda d: (order.get(stages[d], len(order)), stages[d], d)))


def build(store: ProgressStore, exam: str | None = None) -> ClassReport:
    """The report of a progress file: every exam, or only the exam with code ``exam`` (an unknown code raises
    :class:`~gouji_teach.rules.errors.GoujiError`)."""
    exams = [store.exam(exam)] if exam is not None else store.exams()
    for e in exams:  # sittings whose time is up end at their deadline, whether or not a page is open
        settle(store, e.code)
    learners = store.learners()
    stars, points, titles, mastery, practice = {}, {}, {}, {}, {}
    attempts = store.attempts()
    for learner in learners:
        stars[learner.name] = store.stage_stars(learner)
        points[learner.name] = store.points(learner)
        titles[learner.name] = store.title(learner)
        mastery[learner.name] = _mastery(store, learner)
        hands = _hands([a for a in attempts if a.learner.id == learner.id])
        if hands is not None:
            practice[learner.name] = hands
    rules = tuple(sorted({r for m in mastery.values() for r in m}))
    return ClassReport(tuple(x.name for x in learners), tuple(s.id for s in STAGES), stars, points, titles, rules,
                       mastery, tuple(_exam_report(store, e) for e in exams), practice, _questions(attempts))


# -- tables: text and CSV ------------------------------------------------------------------------------------------
def _ratio(cell: tuple[int, int] | None) -> str:
    return f"{cell[0]}/{cell[1]}" if cell else ""


def stars_table(report: ClassReport) -> list[list[str]]:
    """Learners × stages: a header row, then per learner its points, title (Chinese) and stars per stage."""
    rows = [["learner", "points", "title", *report.stages]]
    for name in report.learners:
        rows.append([name, str(report.points[name]), report.titles[name][0],
                     *(str(report.stars[name].get(s, "")) for s in report.stages)])
    return rows


def mastery_table(report: ClassReport) -> list[list[str]]:
    """Rules × learners: per rule, the class's right answers out of all, then each learner's (``1/2``)."""
    rows = [["rule", "class", *report.learners]]
    for rule in report.rules:
        cells = [report.mastery[name].get(rule) for name in report.learners]
        total = (sum(c[0] for c in cells if c), sum(c[1] for c in cells if c))
        rows.append([rule, _ratio(total), *(_ratio(c) for c in cells)])
    return rows


def practice_table(report: ClassReport) -> list[list[str]]:
    """Learners who played at the practice table: hands played, won, points summed."""
    rows = [["learner", "hands", "won", "points"]]
    for name in report.learners:
        if name in report.practice:
            h = report.practice[name]
            rows.append([name, str(h.hands), str(h.won), str(h.points)])
    return rows


def _stamp(moment: datetime | None) -> str:
    """A time as the tables write it, with its zone."""
    return f"{moment:%Y-%m-%d %H:%M} UTC" if moment else ""


def exam_table(exam: ExamReport, marks: tuple[str, str, str] = ("✔", "✘", "")) -> list[list[str]]:
    """Learners × questions of an exam: score, questions answered, start and submission (UTC, said), then per
    question ``marks`` (right, wrong, not submitted)."""
    count = len(exam.exam.drills)
    rows = [["learner", "score", "count", "answered", "started", "submitted",
             *(f"q{n}" for n in range(1, count + 1))]]
    for r in exam.results:
        rows.append([r.learner, str(r.score) if r.submitted else "", str(count), str(r.answered),
                     _stamp(r.started), _stamp(r.submitted) + (" expired" if r.submitted and r.expired else ""),
                     *(marks[2] if c is None else marks[0] if c else marks[1] for c in r.correct)])
    return rows


#: What begins a formula in a spreadsheet (or, after a tab or CR, may): a cell starting so is escaped with ``'``.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> str:
    """A CSV cell a spreadsheet shows as text: one that would start a formula gets a leading ``'``.

    >>> _cell("=1+2"), _cell("+cmd|' /C calc'!A0"), _cell("@SUM(A1)"), _cell("小明"), _cell(3)
    ("'=1+2", "'+cmd|' /C calc'!A0", "'@SUM(A1)", '小明', '3')
    """
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


def to_csv(report: ClassReport, exam: str | None = None) -> str:
    """CSV for a spreadsheet, beginning with a UTF-8 byte-order mark (so that Excel reads the names right), every
    cell safe (:func:`_cell`). Without ``exam``: one row per learner (points, titles, ``stage:<id>`` stars,
    ``rule:<id>:right`` and ``rule:<id>:answers``, ``exam:<code>`` score, ``table:hands``, ``table:won``,
    ``table:points``). With ``exam``: that exam's gradebook (:func:`exam_table`, 1 right, 0 wrong, times in UTC
    said)."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\n")

    def write(rows: list[list[object]]) -> None:
        writer.writerows([[_cell(c) for c in row] for row in rows])

    if exam is not None:
        found = next(e for e in report.exams if e.exam.code == exam.strip().upper())
        write(exam_table(found, ("1", "0", "")))  # type: ignore[arg-type]
        return out.getvalue()
    rows: list[list[object]] = [[
        "learner", "points", "title_zh", "title_en", *(f"stage:{s}" for s in report.stages),
        *(f"rule:{r}:{part}" for r in report.rules for part in ("right", "answers")),
        *(f"exam:{e.exam.code}" for e in report.exams), "table:hands", "table:won", "table:points"]]
    for name in report.learners:
        scores = []
        for e in report.exams:
            mine = next((r for r in e.results if r.learner == name and r.submitted), None)
            scores.append(str(mine.score) if mine else "")
        cells = [report.mastery[name].get(r) for r in report.rules]
        hands = report.practice.get(name)
        rows.append([name, report.points[name], *report.titles[name],
                     *(report.stars[name].get(s, "") for s in report.stages),
                     *(n for c in cells for n in (c if c else ("", ""))), *scores,
                     *((hands.hands, hands.won, hands.points) if hands else ("", "", ""))])
    write(rows)
    return out.getvalue()


def to_json(report: ClassReport) -> dict[str, Any]:
    """The report as JSON data: ``stages``, ``rules``, ``learners`` (stars, points, titles, mastery),
    ``practice`` (hands at the practice table per learner), ``questions`` (each drill's first answers per choice)
    and ``exams`` (questions, results, most missed, answers kept per question); times in ISO 8601 with their
    zone."""
    def stamp(moment: datetime | None) -> str | None:
        return moment.isoformat() if moment else None

    return {
        "stages": list(report.stages),
        "rules": list(report.rules),
        "learners": [{"name": name, "points": report.points[name], "title_zh": report.titles[name][0],
                      "title_en": report.titles[name][1], "stars": report.stars[name],
                      "mastery": {r: {"correct": c, "answers": n} for r, (c, n) in report.mastery[name].items()}}
                     for name in report.learners],
        "practice": {name: {"hands": h.hands, "won": h.won, "points": h.points}
                     for name, h in report.practice.items()},
        "questions": [{"drill": q.drill, "stage": q.stage, "first_answers": q.counts} for q in report.questions],
        "exams": [{"code": e.exam.code, "rules": e.exam.rules, "kinds": e.exam.kinds, "seed": e.exam.seed,
                   "minutes": e.exam.minutes, "created": stamp(e.exam.created), "questions": list(e.exam.drills),
                   "results": [{"learner": r.learner, "score": r.score if r.submitted else None,
                                "count": len(e.exam.drills), "answered": r.answered, "started": stamp(r.started),
                                "submitted": stamp(r.submitted), "expired": r.expired, "correct": list(r.correct)}
                               for r in e.results],
                   "most_missed": [{"number": m.number, "drill": m.drill, "missed": m.missed, "of": m.of}
                                   for m in e.missed],
                   "answers": [dict(c) for c in e.chosen]}
                  for e in report.exams],
    }


# -- for learners: their own map -------------------------------------------------------------------------------------
def rule_title(rule_id: str, lang: Lang | None = None) -> str:
    """A rule's short description in ``lang`` (the id itself for a rule the engine does not describe)."""
    rule = RULES.get(rule_id)
    return pick(rule.zh, rule.en, lang) if rule is not None else rule_id


def rule_stage(rule_id: str) -> Stage | None:
    """The first stage of the course that teaches ``rule_id``, if any.

    >>> rule_stage("compare.kill").id
    'compare'
    """
    return next((s for s in STAGES if rule_id in s.rules), None)


def learner_map(store: ProgressStore, learner: Learner, *,
                top: int = 3) -> tuple[list[tuple[str, int, int]], str | None]:
    """What the landing page shows a learner of themselves: up to ``top`` rules they miss most, as
    ``(rule id, missed, answers)`` (most missed share first, rules with a miss only), and the stage of their
    latest answer (where to continue), or ``None``."""
    missed = [(rule, total - right, total) for rule, (right, total) in _mastery(store, learner).items()
              if right < total]
    missed.sort(key=lambda m: (-m[1] / m[2], -m[1], m[0]))
    return missed[:top], store.last_stage(learner)


# -- the picture ----------------------------------------------------------------------------------------------------
_CELL, _FONT, _GAP = 30, 11, 4


def _text_width(text: str) -> float:
    """Roughly how wide ``text`` is at :data:`_FONT` px: wide (CJK) characters count twice."""
    return sum(_FONT if unicodedata.east_asian_width(ch) in "WF" else _FONT * 0.6 for ch in text)


def _short(name: str, limit: float = 110) -> str:
    while _text_width(name) > limit and len(name) > 1:
        name = name[:-2] + "…"
    return name


def _colour(share: float) -> str:
    """Red (none right) through yellow to green (all right)."""
    stops = ((0.0, (215, 48, 39)), (0.5, (254, 224, 139)), (1.0, (26, 152, 80)))
    for (a, ca), (b, cb) in itertools.pairwise(stops):
        if share <= b:
            f = (share - a) / (b - a)
            return "#" + "".join(f"{round(x + (y - x) * f):02x}" for x, y in zip(ca, cb, strict=True))
    return "#1a9850"


def heatmap_svg(report: ClassReport, lang: Lang | None = None) -> SvgImage:
    """The mastery map: a row per learner, a column per rule (headed by its title in ``lang``, its id on hover),
    each cell coloured by the share of right answers and labelled with it in per cent (``·``: not answered); every
    cell has a ``<title>`` (its learner, rule and counts). Drawn at its natural size, so its text stays readable
    on a phone (the page scrolls it sideways).

    >>> r = ClassReport(("小明",), (), {}, {}, {}, ("compare.rank",), {"小明": {"compare.rank": (1, 2)}}, ())
    >>> svg = heatmap_svg(r, "en")
    >>> "<svg" in svg and ">50<" in svg and "小明 · compare.rank: 1/2" in svg
    True
    """
    names = [_short(n) for n in report.learners]
    heads = [_short(rule_title(r, lang), 150) for r in report.rules]
    left = max((_text_width(n) for n in names), default=40) + 2 * _GAP
    top = max((_text_width(h) for h in heads), default=40) + 2 * _GAP
    width, height = left + _CELL * len(report.rules) + _GAP, top + _CELL * len(report.learners) + _GAP
    label = t("report.map.label", lang, learners=len(report.learners), rules=len(report.rules))
    root = el("svg", el("title", label), xmlns="http://www.w3.org/2000/svg", cls="gj-heatmap", role="img",
              aria_label=label, width=f"{width:.0f}", height=f"{height:.0f}",
              viewBox=f"0 0 {width:.0f} {height:.0f}", font_family="sans-serif", font_size=_FONT)
    for j, (rule, head) in enumerate(zip(report.rules, heads, strict=True)):
        x = left + _CELL * j + _CELL / 2 + _FONT / 3
        root.append(el("text", el("title", f"{rule_title(rule, lang)} ({rule})"), head,
                       transform=f"translate({x:.1f},{top - _GAP:.1f}) rotate(-90)"))
    for i, (name, shown) in enumerate(zip(report.learners, names, strict=True)):
        y = top + _CELL * i
        root.append(el("text", el("title", name), shown, x=_GAP, y=f"{y + _CELL / 2 + _FONT / 3:.1f}"))
        for j, rule in enumerate(report.rules):
            x = left + _CELL * j
            cell = report.mastery[name].get(rule)
            if cell:
                share = cell[0] / cell[1]
                fill, text = _colour(share), str(round(100 * share))
                tip = f"{name} · {rule}: {cell[0]}/{cell[1]} ({text}%)"
            else:
                fill, text, tip = "#eeeeee", "·", f"{name} · {rule}: —"
            ink = "#ffffff" if cell and (share < 0.2 or share > 0.85) else "#000000"
            root.append(el("g", el("title", tip),
                           el("rect", x=f"{x:.1f}", y=f"{y:.1f}", width=_CELL - 1, height=_CELL - 1, fill=fill),
                           el("text", text, x=f"{x + _CELL / 2:.1f}", y=f"{y + _CELL / 2 + _FONT / 3:.1f}",
                              text_anchor="middle", fill=ink, font_size=_FONT - 1)))
    return SvgImage(str(root))


# -- the instructor page ----------------------------------------------------------------------------------------
#: A box that scrolls sideways what is wider than the screen (a big class's map, a long exam's table).
_SCROLL = "overflow-x:auto;max-width:calc(100vw - 2em)"

def _html_table(rows: list[list[str]], caption: str = "", titles: dict[str, str] | None = None) -> Element:
    """A table whose first row heads the columns and first column the rows; ``titles`` gives a column or row head
    its longer name or id (shown on hover and read by screen readers). Wider than the screen, it scrolls in its
    box."""
    titles = titles or {}

    def head(c: str, scope: str) -> Element:
        return el("th", el("abbr", c, title=titles[c]) if c in titles else c, scope=scope)

    body = (el("tr", head(r[0], "row"), (el("td", c) for c in r[1:])) for r in rows[1:])
    return el("div", el("table", el("caption", caption) if caption else None,
                        el("thead", el("tr", (head(c, "col") for c in rows[0]))), el("tbody", body),
                        cls="gj-report", style="white-space:nowrap"), cls="gj-scroll", style=_SCROLL)


def _localised(rows: list[list[str]], lang: Lang, keys: dict[str, str]) -> list[list[str]]:
    return [[t(keys[c], lang) if c in keys else c for c in rows[0]], *rows[1:]]


def _bars(drill_id: str, counts: dict[str, int], lang: Lang, *, mark: bool) -> tuple[str, Element]:
    """A question's text and how the class answered it: a bar per choice (every choice of a drill, answered or
    not, then any other answer given), with how many gave it; ``mark``: ✔ on the right one."""
    try:
        puzzle = drill(drill_id)
    except GoujiError:  # not a drill (a live lesson's checkpoint): its answers as given
        text, choices, right = drill_id, [(k, k) for k in counts], set()
    else:
        text = pick(*puzzle.question(), lang)
        choices = [(c.key, c.text(lang)) for c in puzzle.choices]
        choices += [(k, k) for k in counts if k not in {key for key, _ in choices}]
        right = {k for k, _ in choices if puzzle.check(k).correct}
    most = max(counts.values(), default=0) or 1
    rows = []
    for key, label in choices:
        n = counts.get(key, 0)
        rows.append(el("div", el("span", ("✔ " if mark and key in right else "") + label, cls="gj-choice",
                                 style="display:inline-block;min-width:8em"),
                       el("span", cls="gj-bar", style=f"display:inline-block;height:0.8em;width:{8 * n / most:.1f}em;"
                                                      "background:#4575b4;margin:0 0.4em"),
                       t("report.answers.count", lang, n=n), cls="gj-bar-row"))
    return text, el("div", rows, cls="gj-bars", role="list")


def _answers_html(report: ClassReport, lang: Lang, *, mark: bool) -> list[Element]:
    """How the class first answered each drill (in course order), a bar per choice."""
    if not report.questions:
        return []
    items = []
    for q in report.questions:
        text, bars = _bars(q.drill, q.counts, lang, mark=mark)
        stage = next((s.title(lang) for s in STAGES if s.id == q.stage), q.stage)
        items.append(el("li", el("p", el("small", stage), " ", text), bars))
    about = "report.answers.about" if mark else "report.answers.projector"
    return [el("h3", t("report.answers", lang)), el("p", t(about, lang)),
            el("details", el("summary", t("report.answers", lang)), el("ol", items, cls="gj-answers"))]


def _exam_answers(e: ExamReport, lang: Lang, *, mark: bool) -> Element:
    """How the sittings answered each question of an exam, a bar per choice."""
    items = []
    for n, (drill_id, counts) in enumerate(zip(e.exam.drills, e.chosen, strict=True), start=1):
        text, bars = _bars(drill_id, counts, lang, mark=mark)
        items.append(el("li", el("p", t("report.question", lang, n=n, q=text)), bars))
    return el("details", el("summary", t("report.answers.exam", lang)), el("ol", items, cls="gj-answers"))


def _exam_html(e: ExamReport, lang: Lang, question: Callable[[str], str], *, anonymous: bool) -> Element:
    exam = e.exam
    limit = t("report.limit", lang, minutes=exam.minutes) if exam.minutes else t("report.no_limit", lang)
    rules = find_ruleset(exam.rules)
    title = t("report.exam", lang, code=exam.code, rules=pick(rules.title_zh, rules.title_en, lang),
              count=len(exam.drills), limit=limit)
    rows = [[t("report.col.learner", lang), t("report.col.score", lang),
             *(str(n) for n in range(1, len(exam.drills) + 1))]]
    for r in e.results:
        score = f"{r.score}/{len(exam.drills)}" if r.submitted else t("report.open", lang)
        score += f" ({t('report.expired', lang)})" if r.expired else ""
        rows.append([r.learner, score, *("" if c is None else "✔" if c else "✘" for c in r.correct)])
    missed = [el("li", t("report.missed_row", lang, n=m.number, missed=m.missed, of=m.of, q=question(m.drill)))
              for m in e.missed[:5]]
    return el("section", el("h4", title), None if anonymous else _html_table(rows),
              (el("p", t("report.missed", lang)), el("ol", missed)) if missed else None,
              _exam_answers(e, lang, mark=not anonymous) if e.chosen else None, cls="gj-exam-report")


def _rule_rows(rows: list[list[str]], lang: Lang) -> tuple[list[list[str]], dict[str, str]]:
    """A table of rules with each rule's title in ``lang`` in place of its id, and the ids to show on hover."""
    titled = [rows[0], *([rule_title(r[0], lang), *r[1:]] for r in rows[1:])]
    return titled, {rule_title(r[0], lang): r[0] for r in rows[1:]}


def report_html(report: ClassReport, lang: Lang | None = None, *, anonymous: bool = False) -> HtmlFragment:
    """The instructor page's content: the mastery map (picture and table, rules by their titles in ``lang``, ids
    on hover), stars per stage, the practice table's hands, how the class answered each drill, and the exams.
    ``anonymous``: the projector's view, the class as a whole with no learner's name (the class's mastery per
    rule, its answers per drill without marking the right one, each exam's most missed questions and answers).
    Questions are shown by their text, never by drill id (with an id, a learner could rebuild the answer)."""
    lang = lang or get_language()
    if not report.learners:
        return html(el("p", t("report.nobody", lang)))
    keys = {"learner": "report.col.learner", "points": "report.col.points", "rule": "report.col.rule",
            "class": "report.col.class", "hands": "report.col.hands", "won": "report.col.won"}

    def question(drill_id: str) -> str:  # the blueprint's: each learner answered their own drill of its kind
        kind, _rules, level, _n = drill_id.split("/")
        return t("report.variant", lang, kind=kind, level=level)

    exams = [_exam_html(e, lang, question, anonymous=anonymous) for e in report.exams] \
        or [el("p", t("report.no_exam", lang))]
    mastery, rule_ids = _rule_rows(_localised(mastery_table(report), lang, keys), lang)
    if anonymous:
        whole = [row[:2] for row in mastery]
        return html(el("p", t("report.projector.note", lang), cls="gj-projector"),
                    el("h3", t("report.map", lang)), _html_table(whole, titles=rule_ids),
                    _answers_html(report, lang, mark=False), el("h3", t("report.exams", lang)), exams)
    stars = stars_table(report)
    stars = [[t("report.col.learner", lang), t("report.col.points", lang), *stars[0][2:]], *stars[1:]]
    for row in stars[1:]:
        row[2] = pick(*report.titles[row[0]], lang)
    numbers = {sid: str(i) for i, sid in enumerate(report.stages, start=1)}  # narrow columns: stage numbers
    stars[0][3:] = [numbers[sid] for sid in report.stages]
    stars[0][2] = t("report.col.title", lang)
    titles = {numbers[s.id]: s.title(lang) for s in STAGES if s.id in numbers}
    hands = practice_table(report)
    hands[0] = [t("report.col.learner", lang), t("report.col.hands", lang), t("report.col.won", lang),
                t("report.col.hand_points", lang)]
    practice = [el("h3", t("report.practice", lang)), el("p", t("report.practice.about", lang)),
                _html_table(hands)] if report.practice else []
    return html(el("h3", t("report.map", lang)), el("p", t("report.map.about", lang)),
                el("div", heatmap_svg(report, lang), cls="gj-scroll", style=_SCROLL),
                el("details", el("summary", t("report.map.table", lang)), _html_table(mastery, titles=rule_ids)),
                el("h3", t("report.stars", lang)), _html_table(stars, titles=titles), practice,
                _answers_html(report, lang, mark=True), el("h3", t("report.exams", lang)), exams)


class ReportPage(View):
    """The instructor page: the report of the app's progress file, drawn again on "refresh" and when the
    language changes. With ``?exam=CODE`` in the address, only that exam. Only the instructor reads it
    (:func:`.access.may_read_report`): anyone else is told why, asked for the token outside a hub, and given
    nothing of the report (it is not even built). The projector button switches to the view without names
    (:func:`report_html` ``anonymous``)."""

    def __init__(self, session: Any, store: ProgressStore | None = None) -> None:
        self.session, self._store = session, store
        self._token = getattr(session, "token", "")
        self.head = make(w.HTML)
        self.body = make(w.HTML)
        self.refresh_button = make(w.Button, icon="refresh")
        self.refresh_button.on_click(lambda _b: self.refresh())
        self.token_box = make(w.Password)
        self.open_button = make(w.Button, icon="unlock")
        self.open_button.on_click(lambda _b: self.open(self.token_box.value))
        self.gate = make(w.HBox, children=[self.token_box, self.open_button])
        self.projector = make(w.ToggleButton, value=False, icon="television")
        self.projector.observe(lambda _change: self._draw(), names="value")
        self.tools = make(w.HBox, children=[self.refresh_button, self.projector])
        self.box = make(w.VBox, children=[self.head, self.tools, self.body])
        self.box.add_class("gj-report-page")
        self._report: ClassReport | None = None
        self._error = ""
        self._allowed = False
        self._stamp = datetime.now(UTC)
        follow_language(self.box, self._draw)
        session.follow(lambda _changed: self._follow())
        self.refresh()

    def _follow(self) -> None:
        self._token = getattr(self.session, "token", "") or self._token
        self.refresh()

    def open(self, token: str) -> None:
        """The token typed into the page: the report opens if it is the server's."""
        self.token_box.value = ""
        self._token = str(token).strip()
        self.refresh()

    @property
    def store(self) -> ProgressStore:
        """The store given, else the app's, opened at first use (a database out of reach is said on the page)."""
        return self._store or kernel_store()

    def refresh(self) -> None:
        """Read the progress file again and redraw (for the instructor only)."""
        from .access import may_read_report, refusal

        self._allowed = may_read_report(self._token)
        if not self._allowed:
            self._report, self._error = None, pick(*refusal())
            self._stamp = datetime.now(UTC)
            self._draw()
            return
        try:
            self._report, self._error = build(self.store, getattr(self.session, "exam", "") or None), ""
        except GoujiError as e:
            self._report, self._error = None, pick(e.zh, e.en)
        self._stamp = datetime.now(UTC)
        self._draw()

    def _draw(self) -> None:
        from .course import hub_user

        lang = get_language()
        self.refresh_button.description = t("report.refresh", lang)
        self.open_button.description = t("report.unlock", lang)
        self.token_box.placeholder = t("report.token", lang)
        self.projector.description = t("report.projector", lang)
        anonymous = self.projector.value
        locked = not self._allowed
        self.box.children = [self.head, *([self.gate] if locked and not hub_user() else []),
                             *([] if locked else [self.tools]), self.body]
        n = len(self._report.learners) if self._report else 0
        key = "report.updated.projector" if anonymous else "report.updated.one" if n == 1 else "report.updated"
        updated = t(key, lang, time=self._stamp.strftime("%H:%M:%S"), n=n)
        self.head.value = str(el("header", el("h2", t("report.title", lang)), el("p", updated), cls="gj-header"))
        self.body.value = str(report_html(self._report, lang, anonymous=anonymous) if self._report is not None
                              else el("p", "⚠ " + self._error, role="alert"))


def page(session: Any) -> ReportPage:
    """The instructor page for ``session`` (what ``report.ipynb`` shows)."""
    return ReportPage(session)

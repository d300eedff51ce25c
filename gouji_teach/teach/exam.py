"""Exams: a fixed set of drills a learner answers once, with no feedback until they submit.

An instructor makes an exam from puzzle kinds, a count and a seed (``gouji-teach exam new``); its questions are
drill ids (``beats/linyi/medium/4711``), so the same exam is rebuilt in every kernel. The exam lives in the
progress file (:meth:`~gouji_teach.teach.progress.ProgressStore.create_exam`) under a short code, and the app's
exam page (``exam.ipynb?exam=CODE``) is where learners take it:

* the learner gives their name and starts; the clock (``--minutes``) starts then, and is kept in the progress
  file, so reopening the page neither restarts it nor loses an answer;
* each question keeps one answer (the last one chosen), saved at once; the page says only which answer is kept;
* nothing about right or wrong exists outside plain Python before submission: the answers are checked
  (:meth:`Puzzle.check`) only when the learner submits, or when the time is up (the kernel submits then, and
  refuses answers given later);
* after submission the page shows the score and, for every question, whether it was right, the explanation
  with its rule, and the answer.

>>> plan("linyi", parse_kinds("beats,count:hard"), 3, seed=7)
['beats/linyi/medium/...', 'count/linyi/hard/...', 'beats/linyi/medium/...']
>>> drill(plan("linyi", parse_kinds("beats"), 1, seed=7)[0]).puzzle_id.startswith("beats/linyi/medium/")
True
>>> parse_kinds("beats,poker")
Traceback (most recent call last):
...
gouji_teach.rules.errors.GoujiError: 没有题型 'poker'：可以用 card, beats, ... / ...
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import hashlib
import hmac
import random
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from urllib.parse import parse_qs, urlencode

import ipywidgets as w

from ..rules.cards import parse_cards
from ..rules.errors import GoujiError
from ..rules.rulesets import find_ruleset
from ..rules.words import Lang
from ..show.i18n import counted, get_language, pick, register, t
from ..show.markup import el, html
from . import course
from .controls import make
from .course import HOME, Session, Stage, hub_user
from .drills import KINDS, LEVELS, drill
from .progress import Exam, ExamSitting, ProgressError, ProgressStore
from .progress import store as kernel_store
from .puzzles import Feedback, HandPuzzle, Puzzle, SeatsPuzzle
from .saving import Unsaved, learner_reason
from .table import SeatPickWidget
from .view import View, follow_language
from .widgets import PuzzleWidget, close_tree

__all__ = [
    "COUNT_MAX",
    "EXAM_PAGE",
    "ExamPage",
    "ExamSession",
    "choice_seed",
    "close",
    "drill",
    "exam_link",
    "grade",
    "new_exam",
    "page",
    "parse_kinds",
    "plan",
    "released",
    "settle",
    "shuffled",
    "start",
    "variant",
]

#: Most questions in one exam.
COUNT_MAX = 100
#: Longest time limit, in minutes (a school day).
MINUTES_MAX = 600
#: Level of a kind given without one (``beats`` is ``beats:medium``).
DEFAULT_LEVEL = "medium"
#: The app's exam page (not a stage of the course: it has no place in the stage list).
EXAM_PAGE = Stage("exam", "exam.ipynb", "考试", "Exam", "不看提示、一次作答，交卷后看成绩和讲解",
                  "Answer once, with no feedback, then see your score and the explanations")

register({
    "exam.kind_unknown": ("没有题型 {kind!r}：可以用 {kinds}", "no puzzle kind {kind!r}: use {kinds}"),
    "exam.level_unknown": ("没有难度 {level!r}：可以用 {levels}", "no level {level!r}: use {levels}"),
    "exam.kinds_empty": ("至少要一个题型，例如 beats,count:hard", "give at least one kind, e.g. beats,count:hard"),
    "exam.count": ("题数要在 1 到 {max} 之间，不是 {count}", "the count must be from 1 to {max}, not {count}"),
    "exam.minutes": ("时间限制要在 1 到 {max} 分钟之间，不是 {minutes}",
                     "the time limit must be from 1 to {max} minutes, not {minutes}"),
    "exam.seed": ("种子要是非负整数，不是 {seed}", "the seed must be a whole number from 0 up, not {seed}"),
    "exam.title": ("考试 {code}", "Exam {code}"),
    "exam.about": ("{rules} · {count}题 · {limit}", "{rules} · {count} questions · {limit}"),
    "exam.no_limit": ("不限时", "no time limit"),
    "exam.limit": ("限时{minutes}分钟", "{minutes_en}"),
    "exam.how": ("每题选一个答案，交卷前可以改；交卷以前不会告诉你对错。交卷后看成绩和每题的讲解。",
                 "Choose one answer per question; you may change it until you submit. Nothing tells you right or "
                 "wrong before you submit; then you see your score and every question explained."),
    "exam.no_code": ("地址里没有考试代码：请用老师给的链接（…/exam.ipynb?exam=代码）。",
                     "The address has no exam code: open the link your instructor gave you (…/exam.ipynb?exam=CODE)."),
    "exam.unknown": ("没有考试 {code}：请检查链接。", "There is no exam {code}: check the link."),
    "exam.unsaved_submit": ("还有答案没保存（连不上进度库），现在不能交卷。答案留在页面上，连上以后再交。",
                            "Some answers are not saved yet (the progress store cannot be reached), so the exam "
                            "cannot be submitted now. They stay on the page: submit once the store is back."),
    "exam.name": ("你的名字", "Your name"),
    "exam.start": ("开始考试", "Start the exam"),
    "exam.key": ("个人考试码", "Your personal code"),
    "exam.later.after-close": ("成绩和讲解在老师结束考试后公布（发布规则）。",
                               "Your score and the explanations are shown once your instructor closes the exam "
                               "(release rule)."),
    "exam.later.after-deadline": ("成绩和讲解在考试时间结束后公布（发布规则）。",
                                  "Your score and the explanations are shown once the time is up (release rule)."),
    "exam.start_note": ("按“开始考试”后开始计时。", "The clock starts when you press “Start the exam”."),
    "exam.learner": ("考生：{name}", "Candidate: {name}"),
    "exam.question": ("第{n}题", "Question {n}"),
    "exam.chosen": ("你的答案：{answer}（交卷前可以改）", "Your answer: {answer} (you may change it until you submit)"),
    "exam.waiting": ("⚠ 还没保存", "⚠ not saved yet"),
    "exam.bad_cards": ("无法识别的牌：{cards}", "Unrecognised cards: {cards}"),
    "exam.submit": ("交卷", "Submit"),
    "exam.confirm": ("还有{n}题没答，确定交卷？", "{questions} unanswered: submit anyway?"),
    "exam.answered": ("已答 {done}/{count} 题", "{done} of {count} answered"),
    "exam.deadline": ("交卷时间 {time} UTC（还剩 {minutes} 分钟）", "Submit by {time} UTC ({minutes_en} left)"),
    "exam.time_up": ("时间到，已经自动交卷。", "Time is up: your answers were submitted."),
    "exam.score": ("成绩：{score}/{count}", "Score: {score} of {count}"),
    "exam.submitted": ("交卷时间 {time} UTC", "Submitted at {time} UTC"),
    "exam.right": ("答对了", "Right"),
    "exam.wrong": ("答错了", "Wrong"),
    "exam.unanswered": ("没有作答", "Not answered"),
    "exam.yours": ("你的答案：{answer}", "Your answer: {answer}"),
    "exam.answer": ("答案：", "Answer: "),
    "exam.counter": ("反例：", "Counter-example: "),
    "exam.home": ("回到首页", "Back to the start page"),
    "exam.lang": ("语言：", "Language: "),
})


def _error(key: str, **values: object) -> GoujiError:
    return GoujiError(t(key, "zh", **values), t(key, "en", **values))


# -- making an exam ----------------------------------------------------------------------------------------------
def parse_kinds(text: str | Sequence[str]) -> list[tuple[str, str]]:
    """``"beats,count:hard"`` (or a list of such items) as ``[(kind, level), ...]``; a kind without a level is
    at :data:`DEFAULT_LEVEL`.

    >>> parse_kinds("beats, tribute:HARD")
    [('beats', 'medium'), ('tribute', 'hard')]
    """
    items = text.split(",") if isinstance(text, str) else list(text)
    out = []
    for item in (i.strip().lower() for i in items):
        if not item:
            continue
        kind, _, level = item.partition(":")
        kind, level = kind.strip(), level.strip() or DEFAULT_LEVEL
        if kind not in KINDS:
            raise _error("exam.kind_unknown", kind=kind, kinds=", ".join(KINDS))
        if level not in LEVELS:
            raise _error("exam.level_unknown", level=level, levels=", ".join(LEVELS))
        out.append((kind, level))
    if not out:
        raise _error("exam.kinds_empty")
    return out


def plan(rules: str, kinds: Sequence[tuple[str, str]], count: int, *, seed: int) -> list[str]:
    """The drill ids of an exam: ``count`` questions taking ``kinds`` in turn, their drill numbers drawn from
    ``seed`` (the same arguments always give the same exam)."""
    if not isinstance(count, int) or not 1 <= count <= COUNT_MAX:
        raise _error("exam.count", count=count, max=COUNT_MAX)
    if not isinstance(seed, int) or seed < 0:
        raise _error("exam.seed", seed=seed)
    name = find_ruleset(rules).key
    numbers = random.Random(f"exam/{name}/{seed}").sample(range(1, 100_000), count)
    return [f"{kinds[i % len(kinds)][0]}/{name}/{kinds[i % len(kinds)][1]}/{n}" for i, n in enumerate(numbers)]


def new_exam(store: ProgressStore, *, rules: str, kinds: str | Sequence[str], count: int, seed: int,
             minutes: int | None = None, release: str = "after-close", roster: Sequence[str] = ()) -> Exam:
    """Make an exam and store it: its code is in the returned :class:`~gouji_teach.teach.progress.Exam`.

    ``seed`` draws the blueprint (the kinds and levels in turn, and a reference drill for each); every learner
    answers their own :func:`variant` of it. ``roster``: the learners who may sit it (each gets a personal code,
    :meth:`~.progress.ProgressStore.roster`); empty, anyone may under a typed name."""
    if minutes is not None and (not isinstance(minutes, int) or not 1 <= minutes <= MINUTES_MAX):
        raise _error("exam.minutes", minutes=minutes, max=MINUTES_MAX)
    chosen = parse_kinds(kinds)
    drills = plan(rules, chosen, count, seed=seed)
    exam = store.create_exam(find_ruleset(rules).key, drills, kinds=",".join(f"{k}:{v}" for k, v in chosen),
                             seed=seed, minutes=minutes, release=release)
    if roster:
        store.set_roster(exam.code, roster)
    return exam


def variant(exam: Exam, learner: str) -> list[tuple[int, str]]:
    """The learner's exam: ``(question number of the blueprint, drill id)`` in the order the learner sees them.
    Each drill has its blueprint question's kind and level; its number and the order are drawn with HMAC-SHA256
    from the exam's 128-bit secret and the learner's name, so one learner's questions say nothing of another's,
    and nothing a learner sees narrows down the secret.

    >>> from datetime import datetime
    >>> e = Exam("K7Q2MX", "linyi", "beats:medium", 7, None, datetime.now(), ("beats/linyi/medium/1",) * 3, b"k" * 16)
    >>> [d.rsplit("/", 1)[0] for _n, d in variant(e, "小红")]
    ['beats/linyi/medium', 'beats/linyi/medium', 'beats/linyi/medium']
    >>> variant(e, "小红") == variant(e, "小红") != variant(e, "小明")
    True
    """
    def draw(label: str) -> bytes:
        return _draw(exam, learner, label)

    out = []
    for number, blueprint in enumerate(exam.drills, start=1):
        kind, rules, level, _n = blueprint.split("/")
        out.append((number, f"{kind}/{rules}/{level}/{1 + int.from_bytes(draw(f'drill/{number}')[:8]) % 99_999}"))
    random.Random(draw("order")).shuffle(out)
    return out


def _draw(exam: Exam, learner: str, label: str) -> bytes:
    """HMAC-SHA256 of the learner and ``label`` under the exam's secret: what each of their draws comes from."""
    return hmac.new(exam.secret, f"{learner}\x1f{label}".encode(), hashlib.sha256).digest()


def choice_seed(exam: Exam, learner: str, number: int) -> bytes:
    """What orders the choices of the learner's question ``number`` (:func:`shuffled`)."""
    return _draw(exam, learner, f"choices/{number}")


def released(exam: Exam, sitting: ExamSitting, now: datetime | None = None) -> bool:
    """Whether the learner may see their results (score, answers, explanations) now, as the exam's release says:
    ``after-submit`` once submitted; ``after-deadline`` once their time is up (without a limit, once closed);
    ``after-close`` once the instructor closed the exam."""
    if sitting.submitted is None:
        return False
    now = now or datetime.now(UTC)
    if exam.release == "after-submit":
        return True
    if exam.release == "after-deadline" and sitting.deadline is not None:
        return now >= sitting.deadline
    return exam.closed is not None


def settle(store: ProgressStore, code: str, *, everyone: bool = False) -> list[ExamSitting]:
    """Submit, here in the kernel, the open sittings of the exam whose time is up, at their deadline and marked
    expired (``everyone``: every open sitting, as closing does); the report and the CLI call it, so a sitting
    ends at its deadline without anyone reopening it. Returns the sittings submitted."""
    exam, now, done = store.exam(code), datetime.now(UTC), []
    for sitting in store.sittings(exam.code):
        if sitting.submitted is not None:
            continue
        expired = sitting.deadline is not None and now >= sitting.deadline
        if expired or everyone:
            with contextlib.suppress(GoujiError):  # submitted meanwhile (its page did it): nothing left to do
                done.append(_submit(store, exam, sitting.learner.name, None, expired=expired))
    return done


def close(store: ProgressStore, code: str) -> Exam:
    """Close the exam: every open sitting is submitted now, no new one starts, ``after-close`` results show."""
    settle(store, code, everyone=True)
    return store.close_exam(code)


def exam_link(code: str, base: str = "", **query: str) -> str:
    """The address of the exam page for ``code`` (relative, or under the app's address ``base``).

    >>> exam_link("K7Q2MX", "http://127.0.0.1:8866/")
    'http://127.0.0.1:8866/voila/render/exam.ipynb?exam=K7Q2MX'
    """
    path = f"{EXAM_PAGE.notebook}?{urlencode({'exam': code, **query})}"
    return f"{base.rstrip('/')}/voila/render/{path}" if base else path


def grade(exam: Exam, learner: str, answers: dict[int, str],
          puzzles: dict[int, Puzzle] | None = None) -> dict[int, tuple[Puzzle, Feedback | None]]:
    """Per question number (of the blueprint): the learner's puzzle and the feedback on the kept answer (``None``:
    not answered). ``puzzles``: by question number, when a page has made them already (else from the variant)."""
    out: dict[int, tuple[Puzzle, Feedback | None]] = {}
    for number, drill_id in sorted(variant(exam, learner)):
        puzzle = puzzles[number] if puzzles is not None else drill(drill_id)
        answer = answers.get(number, "")
        out[number] = (puzzle, puzzle.check(answer) if answer.strip() else None)
    return out


def _submit(store: ProgressStore, exam: Exam, learner: str, puzzles: dict[int, Puzzle] | None, *,
            expired: bool = False) -> ExamSitting:
    """Check the kept answers (here, in the kernel) and store the verdicts."""
    sitting = store.sitting(exam.code, learner)
    answers = sitting.answers if sitting is not None else {}
    verdicts = {n: (fb is not None and fb.correct, (fb.rule_ids if fb is not None and fb.rule_ids else ())
                    or puzzle.rule_ids())
                for n, (puzzle, fb) in grade(exam, learner, answers, puzzles).items()}
    return store.submit_exam(exam.code, learner, verdicts, expired=expired)


# -- the exam page -------------------------------------------------------------------------------------------------
def _code_of(query: str) -> str:
    code = (parse_qs(query or "").get("exam") or [""])[0].strip().upper()
    return code if code.isascii() and code.isalnum() and len(code) <= 20 else ""


class ExamSession(Session):
    """A page session that also carries the exam code of the page's address (``?exam=CODE``), and the class
    report's ``?token=`` (:mod:`.access`)."""

    __slots__ = ("exam", "token")

    def __init__(self, page_stage: Stage = EXAM_PAGE, exam: str = "") -> None:
        Session.__init__(self, page_stage)
        self.exam = exam
        self.token = ""

    def apply(self, query: str) -> None:
        """As :meth:`Session.apply`, and the exam code; followers hear of a new code as ``"exam"``."""
        code = _code_of(query)
        moved = code != self.exam
        self.exam = code
        self.token = (parse_qs(query or "").get("token") or [""])[0].strip()
        before = (self.learner, self.rules, self.lang, self.step)
        Session.apply(self, query)
        if moved and before == (self.learner, self.rules, self.lang, self.step):
            for callback in list(self._followers):
                callback({"exam"})


def start(query: str | None = None, *, on: Stage = EXAM_PAGE) -> ExamSession:
    """Begin the exam page (or another page ``on`` that takes ``?exam=CODE``, such as the class report): its
    session from ``query`` (default: the page's address, also in a preheated kernel, where the address arrives
    later), as :func:`.course.start` begins every page."""
    return course.start(on, query, kind=ExamSession)


class _Sealed:
    """What makes a puzzle widget an exam question: an answer is kept (and reported to ``on_choose``), never
    checked; the hint and retry tools are gone; after submission it shows the result it is given."""

    def _setup(self, number: int, on_choose: Callable[[int, str], bool], chosen: str, shown: int) -> None:
        self._number, self._on_choose, self._chosen, self._shown = number, on_choose, chosen, shown
        self._bad = ""
        self._waiting = False  # the kept answer waits for the store (out of reach)
        self._submitted = self._released = False
        self._outcome: Feedback | None = None  # after submission: the verdict on the kept answer (None: no answer)

    def _seal(self: PuzzleWidget) -> None:  # type: ignore[misc]  # a mixin method, called on a PuzzleWidget
        question, cards, answers, feedback, tools, status = self.box.children
        close_tree(tools)
        status.close()
        self.box.children = (question, cards, answers, feedback)
        self.box.add_class("gj-exam-q")
        self._mark()

    # (ignore below: an exam keeps the answer text; ipywidgets' base is untyped here)
    def answer(self, answer: str) -> None:  # type: ignore[override]
        """Keep ``answer`` (no verdict). Ignored after submission; empty or unreadable text is not an answer."""
        text = str(answer).strip()[:200]
        if self._submitted or not text:
            return
        self._bad = ""
        if isinstance(self._puzzle, HandPuzzle):  # only the notation is checked: it says nothing of the answer
            try:
                parse_cards(text)
            except GoujiError:
                self._bad = text
                self._render()
                return
        if self._on_choose(self._number, text):
            self._chosen = text
        self._mark()
        self._render()

    def waiting(self, waiting: bool) -> None:
        """Say, or stop saying, that the kept answer is not saved yet (the store is out of reach)."""
        if waiting != self._waiting:
            self._waiting = waiting
            self._render()

    def _answer_text(self, lang: Lang) -> str:
        choice = next((c for c in self._puzzle.choices if c.key == self._chosen), None)
        return choice.text(lang) if choice is not None else self._chosen

    def _mark(self) -> None:
        """Mark the kept choice (only which one the learner chose)."""
        if not self.choice_buttons:  # answered by toggles, which show the learner's selection themselves
            return
        for button, choice in zip(self.choice_buttons, self._puzzle.choices, strict=True):
            button.button_style = "info" if choice.key == self._chosen else ""

    def show_result(self, feedback: Feedback | None, shown: bool = True) -> None:
        """After submission: lock the controls and (``shown``: the results are released) show whether the kept
        answer was right, why, and the answer."""
        self._submitted, self._outcome, self._released = True, feedback, shown
        for control in [*self.choice_buttons, *self.toggles]:
            control.disabled = True
        if self.toggles:
            self.submit.disabled = self.typed.disabled = True
        self._render()

    def _feedback_html(self, lang: Lang) -> str:
        if self._submitted and not self._released:
            return str(el("div", t("exam.yours", lang, answer=self._answer_text(lang)), cls="gj-exam-chosen")
                       ) if self._chosen else ""
        if not self._submitted:
            if self._bad:
                return str(el("div", t("exam.bad_cards", lang, cards=self._bad), cls="gj-exam-chosen", role="alert"))
            if not self._chosen:
                return ""
            return str(el("div", t("exam.chosen", lang, answer=self._answer_text(lang)),
                          el("b", " " + t("exam.waiting", lang)) if self._waiting else None, cls="gj-exam-chosen",
                          role="status"))
        fb = self._outcome
        right = fb is not None and fb.correct
        head = t("exam.right" if right else "exam.wrong" if fb is not None else "exam.unanswered", lang)
        feedback = el("div", el("b", f"{'✔' if right else '✘'} {head}"),
                      cls=f"gouji-feedback {'right' if right else 'wrong'}", role="status")
        if fb is not None:
            feedback.append(" " + t("exam.yours", lang, answer=self._answer_text(lang)), el("br"), fb.text(lang))
            if not right and fb.counter(lang):
                feedback.append(el("br"), t("exam.counter", lang) + fb.counter(lang))
        solution = None if right else el("div", el("b", t("exam.answer", lang)), self._puzzle.solution().text(lang),
                                         cls="gouji-solution")
        return str(html(feedback, solution))

    def _render(self) -> None:
        PuzzleWidget._render(self)  # type: ignore[arg-type]  # the mixin is used on a PuzzleWidget subclass
        lang = get_language()
        zh, en = self._puzzle.question()
        number = t("exam.question", lang, n=self._shown)
        self.question.value = str(el("div", el("small", number), el("br"), el("b", pick(zh, en, lang)),
                                     cls="gouji-question"))


class ExamQuestion(_Sealed, PuzzleWidget):
    """An exam question answered with choice buttons or card toggles."""

    def __init__(self, puzzle: Puzzle, number: int, on_choose: Callable[[int, str], bool], chosen: str = "",
                 shown: int = 0) -> None:
        self._setup(number, on_choose, chosen, shown or number)
        PuzzleWidget.__init__(self, puzzle)
        self._seal()


class ExamSeatQuestion(_Sealed, SeatPickWidget):
    """An exam question answered with seats."""

    def __init__(self, puzzle: Puzzle, number: int, on_choose: Callable[[int, str], bool], chosen: str = "",
                 shown: int = 0) -> None:
        self._setup(number, on_choose, chosen, shown or number)
        SeatPickWidget.__init__(self, puzzle)
        self._seal()


def _question(puzzle: Puzzle, number: int, on_choose: Callable[[int, str], bool],
              chosen: str, shown: int) -> ExamQuestion | ExamSeatQuestion:
    cls = ExamSeatQuestion if isinstance(puzzle, SeatsPuzzle) else ExamQuestion
    return cls(puzzle, number, on_choose, chosen, shown)


def _unlabelled(puzzle: Puzzle) -> Puzzle:
    """The puzzle without its drill id on the page: with the id, anyone could rebuild it and read the answer."""
    object.__setattr__(puzzle, "puzzle_id", "")
    return puzzle


def shuffled(puzzle: Puzzle, seed: bytes) -> Puzzle:
    """The puzzle with its choices in an order drawn from ``seed`` (keys unchanged, so answers and verdicts are
    too). Choices drawn as lettered pictures keep their order: the letters on the pictures follow it."""
    choices = list(puzzle.choices)
    if len(choices) < 2 or any(puzzle.choice_picture(c.key, "zh") for c in choices):
        return puzzle
    random.Random(seed).shuffle(choices)
    order, plain, cls = tuple(choices), copy.copy(puzzle), type(puzzle)
    # checked by the puzzle as made (some kinds read a choice's meaning from its place in their own order)
    object.__setattr__(puzzle, "__class__",
                       type(cls.__name__, (cls,), {"choices": property(lambda _self: order),
                                                    "check": lambda _self, answer: plain.check(answer),
                                                    "__module__": cls.__module__, "__doc__": cls.__doc__}))
    return puzzle


def _utc(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%H:%M:%S")


class ExamPage(View):
    """The exam page of a session: name and start, the questions, submit, then the result.

    Every verdict is computed here, in the kernel, at submission; before it the browser receives the questions,
    their choices and which answer is kept, nothing else.
    """

    #: How often the time left is redrawn while a sitting with a time limit is open, in seconds.
    TICK = 30.0

    def __init__(self, session: ExamSession, store: ProgressStore | None = None) -> None:
        self.session = session
        self._store = store
        self.exam: Exam | None = None
        self.learner = ""
        self._admitted: tuple[str, str, str | None] | None = None  # (exam, learner, key) this page let in
        self.sitting: ExamSitting | None = None
        self.questions: list[ExamQuestion | ExamSeatQuestion] = []
        self._confirm = False
        self._message = ""
        self._timer: asyncio.TimerHandle | None = None
        self.unsaved = Unsaved(self._resync)  # answers kept on the page while the store is out of reach
        self.head = make(w.HTML)
        self.name = make(w.Text, continuous_update=False)
        self.key = make(w.Password, continuous_update=False)
        self.start_button = make(w.Button, button_style="primary")
        self.start_button.on_click(lambda _b: self.begin())
        self.submit_button = make(w.Button, button_style="warning")
        self.submit_button.on_click(lambda _b: self.submit())
        self.status = make(w.HTML)
        self.list = make(w.VBox)
        self.box = make(w.VBox)
        self.box.add_class("gj-exam")
        follow_language(self.box, self._draw)
        session.follow(lambda _changed: self.load())
        self.load()

    # -- state -------------------------------------------------------------------------------------------------
    @property
    def store(self) -> ProgressStore:
        """The store given, else the app's, opened at first use (a database out of reach is said on the page)."""
        return self._store or kernel_store()

    def load(self) -> None:
        """Read the exam and, for the learner this page let in (under a hub: the hub's user; never the name in the
        address), their sitting; draw the page for them."""
        self.exam, self._message, self._confirm = None, "", False
        admitted = self._admitted if self._admitted and self._admitted[0] == self.session.exam else None
        self.learner = hub_user() or (admitted[1] if admitted else "")
        self.sitting = None
        if self.session.exam:
            try:
                self.exam = self.store.exam(self.session.exam)
            except ProgressError:  # the store is out of reach; where it is, is the server's business
                self._message = t("saving.store_down")
            except GoujiError:  # said without the file's path: that is the server's business
                self._message = t("exam.unknown", code=self.session.exam)
            if self.exam is not None and self.learner:
                try:
                    self.store.admit(self.exam.code, self.learner, admitted[2] if admitted else None)
                    self.sitting = self.store.sitting(self.exam.code, self.learner)
                except GoujiError as e:  # e.g. a hub user not on the roster
                    self._message = pick(e.zh, e.en)
        self._build_questions()
        self._check_time()
        self._draw()

    def begin(self) -> None:
        """Start (or resume) the sitting: under a hub, of the hub's user; else of the learner named in the name
        field, with the personal code in the code field (a rostered exam admits no one without theirs)."""
        if self.exam is None or self.sitting is not None:
            return
        hub = hub_user()
        name = hub or self.name.value.strip()
        key = None if hub else self.key.value.strip()
        if not name:
            return
        try:
            self.sitting = self.store.start_exam(self.exam.code, name, key)
        except GoujiError as e:
            self._message = pick(e.zh, e.en)
            self._draw()
            return
        self.learner, self._message = name, ""
        self._admitted = (self.exam.code, name, key)
        self.key.value = ""
        self._build_questions()
        self._check_time()
        self._draw()

    def _build_questions(self) -> None:
        for q in self.questions:
            q.close()
        self.questions = []
        if self.exam is None or self.sitting is None:
            return
        answers = self.sitting.answers
        for shown, (number, drill_id) in enumerate(variant(self.exam, self.learner), start=1):
            puzzle = shuffled(_unlabelled(drill(drill_id)), choice_seed(self.exam, self.learner, number))
            self.questions.append(_question(puzzle, number, self._choose,
                                            answers.get(number, ""), shown))
        if self.sitting.submitted is not None:
            self._show_results()

    def _puzzles(self) -> dict[int, Puzzle] | None:
        """The puzzles of the questions shown by question number, which grade the answers without making the
        drills again."""
        assert self.exam is not None
        return ({q._number: q.puzzle for q in self.questions} if len(self.questions) == len(self.exam.drills)
                else None)

    def _choose(self, number: int, answer: str) -> bool:
        """Keep a learner's answer in the store (while the store is out of reach: on the page, saved once it is
        back); after the deadline, submit instead."""
        assert self.exam is not None
        code, learner = self.exam.code, self.learner
        try:
            self.unsaved.save(number, lambda: self.store.save_exam_answer(code, learner, number, answer))
        except GoujiError as e:
            self._reread()
            if not self._check_time():
                self._message = learner_reason(e)
                self._draw()
            return False
        self._reread()
        self._confirm = False
        self._draw()
        return True

    def _reread(self) -> None:
        """The sitting as the store holds it (as last read, while the store is out of reach)."""
        assert self.exam is not None
        with contextlib.suppress(ProgressError):
            self.sitting = self.store.sitting(self.exam.code, self.learner)

    def _resync(self) -> None:
        """What waited for the store is saved, or still waits: draw the sitting as the store now holds it."""
        if self.exam is not None and self.sitting is not None:
            self._reread()
        self._draw()

    def _answered(self) -> int:
        """How many questions have an answer: kept in the store, or on the page until it is saved."""
        assert self.sitting is not None
        return len(set(self.sitting.answers) | {q._number for q in self.questions if q._number in self.unsaved})

    def submit(self) -> None:
        """Submit: the first press with questions unanswered asks again; then every answer is checked."""
        if self.exam is None or self.sitting is None or self.sitting.submitted is not None:
            return
        if not self.unsaved.retry():  # graded from what the store holds: every answer saved first
            self._reread()
            self._message = t("exam.unsaved_submit")
            self._draw()
            return
        self._reread()
        self._message, self.unsaved.recovered = "", False
        missing = len(self.exam.drills) - len(self.sitting.answers)
        if missing and not self._confirm:
            self._confirm = True
            self._draw()
            return
        self._finish()

    def _finish(self, expired: bool = False) -> None:
        assert self.exam is not None
        try:
            self.sitting = _submit(self.store, self.exam, self.learner, self._puzzles(), expired=expired)
        except GoujiError as e:  # e.g. submitted meanwhile in another tab: show what is stored
            self._message = pick(e.zh, e.en)
            self.sitting = self.store.sitting(self.exam.code, self.learner)
        self._show_results()
        self._draw()

    def _show_results(self) -> None:
        """Lock the questions; show each verdict, answer and explanation only once the exam's release allows."""
        assert self.exam is not None and self.sitting is not None
        results = grade(self.exam, self.learner, self.sitting.answers, self._puzzles()) \
            if released(self.exam, self.sitting) else {}
        for q in self.questions:
            q.show_result(results[q._number][1] if results else None, shown=bool(results))
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _check_time(self) -> bool:
        """Submit an open sitting whose deadline has passed (the kernel enforces the limit); ``True`` if it did.
        Otherwise, while time is left, redraw the time left every :attr:`TICK` seconds."""
        sitting = self.sitting
        if sitting is None or sitting.submitted is not None or sitting.deadline is None:
            return False
        left = (sitting.deadline - datetime.now(UTC)).total_seconds()
        if left <= 0:
            self._finish(expired=True)
            self._message = t("exam.time_up")
            self._draw()
            return True
        if self._timer is None:
            with contextlib.suppress(RuntimeError):  # no event loop (a test): the limit is checked at each answer
                loop = asyncio.get_running_loop()
                self._timer = loop.call_later(min(self.TICK, left + 0.5), self._tick)
        return False

    def _tick(self) -> None:
        self._timer = None
        if not self._check_time():
            self._draw()

    # -- drawing -----------------------------------------------------------------------------------------------
    def _draw(self) -> None:
        lang = get_language()
        exam, sitting = self.exam, self.sitting
        self.head.value = self._head_html(lang)
        self.name.placeholder = t("exam.name", lang)
        self.key.placeholder = t("exam.key", lang)
        self.start_button.description = t("exam.start", lang)
        self.submit_button.description = t("exam.submit", lang)
        children: list[w.Widget] = [self.head]
        if exam is not None and sitting is None:
            fields = [self.start_button] if hub_user() else [self.name, self.key, self.start_button]
            children.append(make(w.HBox, children=fields, layout={"flex_flow": "row wrap"}))
        if exam is not None and sitting is not None:
            for q in self.questions:
                q.waiting(q._number in self.unsaved)
            children.extend(q.box for q in self.questions)
            if sitting.submitted is None:
                children.append(self.submit_button)
        self.status.value = self._status_html(lang)
        children.append(self.status)
        self.box.children = children

    def _head_html(self, lang: Lang) -> str:
        exam = self.exam
        links: list[object] = []
        for code, label in (("zh", "中文"), ("en", "English")):
            links.append(" | " if links else None)
            links.append(el("b", label, aria_current="page") if code == lang else
                         el("a", label, href=exam_link(self.session.exam, learner=self.learner, lang=code)))
        home = self.session.link(HOME, learner=self.learner, lang=lang)
        nav = el("p", t("exam.lang", lang), links, " · ", el("a", t("exam.home", lang), href=home))
        if exam is None:
            text = self._message or t("exam.no_code", lang)
            return str(el("header", el("h2", EXAM_PAGE.title(lang)), el("p", "⚠ " + text, role="alert"), nav,
                          cls="gj-header"))
        rules = find_ruleset(exam.rules)
        limit = (t("exam.limit", lang, minutes=exam.minutes, minutes_en=counted(exam.minutes, "minute"))
                 if exam.minutes else t("exam.no_limit", lang))
        about = t("exam.about", lang, rules=pick(rules.title_zh, rules.title_en, lang), count=len(exam.drills),
                  limit=limit)
        who = el("p", t("exam.learner", lang, name=self.learner) if self.sitting is not None
                 else t("exam.start_note", lang))
        course_name = pick(HOME.title_zh, HOME.title_en, lang)
        return str(el("header", el("small", course_name), el("h2", t("exam.title", lang, code=exam.code)),
                      el("p", about), el("p", t("exam.how", lang)), who, nav, cls="gj-header"))

    def _status_html(self, lang: Lang) -> str:
        exam, sitting = self.exam, self.sitting
        parts = []
        if self._message and exam is not None:
            parts.append(el("p", "⚠ " + self._message, role="alert"))
        parts.append(self.unsaved.html(lang))
        if exam is not None and sitting is not None:
            count = len(exam.drills)
            if sitting.submitted is None:
                answered = el("p", t("exam.answered", lang, done=self._answered(), count=count))
                if sitting.deadline is not None:
                    minutes = max(0, int((sitting.deadline - datetime.now(UTC)).total_seconds() // 60))
                    answered.append(" · " + t("exam.deadline", lang, time=_utc(sitting.deadline), minutes=minutes,
                                                minutes_en=counted(minutes, "minute")))
                parts.append(answered)
                if self._confirm:
                    missing = count - self._answered()
                    confirm = t("exam.confirm", lang, n=missing, questions=counted(missing, "question"))
                    parts.append(el("p", confirm, role="alert"))
            elif released(exam, sitting):
                parts.append(el("div", el("b", t("exam.score", lang, score=sitting.score, count=count)),
                                " · " + t("exam.submitted", lang, time=_utc(sitting.submitted)),
                                cls="gj-exam-score", role="status"))
            else:
                parts.append(el("div", el("b", t("exam.submitted", lang, time=_utc(sitting.submitted))), " · "
                                + t(f"exam.later.{exam.release}", lang), cls="gj-exam-score", role="status"))
        return str(html(*parts))

    def close(self) -> None:
        """Close every widget of the page, the questions' too; it no longer follows the language."""
        self.unsaved.stop()
        for q in self.questions:
            q.close()
        super().close()


def page(session: ExamSession) -> ExamPage:
    """The exam page for ``session`` (what ``exam.ipynb`` shows)."""
    return ExamPage(session)

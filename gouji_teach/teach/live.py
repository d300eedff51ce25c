"""The live lesson, learner's side, and the generic lesson page (``lesson.ipynb``).

A presenter projects a scenario (:mod:`.present`) and opens a live lesson: the wall shows a short join code and a QR
code of the join link. A learner joins from the landing page (the code) or the link, on their own device; their
page (``lesson.ipynb?live=CODE``) then follows the presenter's step, and at a checkpoint they answer with the same
puzzle widgets as anywhere in the course, without being told right or wrong: the answer is kept (the last one
given), and only when the presenter reveals does the page say whether it was right, with the explanation.

Nothing is shared through this kernel's memory: every page is a kernel of its own (on one machine or on a hub's
many), so the lesson lives in the progress store (:meth:`~gouji_teach.teach.progress.ProgressStore.open_live` and
the methods after it) and every page polls it (:class:`Every`, :data:`POLL`): a late joiner lands on the current
step, a reloaded page picks up where the lesson is. The answers stay in the kernels: the browser gets the
question, its choices, which answer is kept and, once revealed, the verdict.

Without ``live``, ``lesson.ipynb?scenario=NAME`` is a lesson of its own: the scenario player on an instructor's
scenario file (``gouji-teach serve --lessons DIR``) or a course scenario.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Callable
from urllib.parse import parse_qs, urlencode

import ipywidgets as w

from ..rules.errors import GoujiError
from ..rules.rulesets import find_ruleset
from ..rules.scenario import Frame, ScenarioError, StepKind, frames
from ..rules.words import Lang
from ..show.i18n import get_language, pick, register, said, t
from ..show.markup import el, html
from . import course
from .controls import make
from .course import HOME, Session, Stage, hub_user
from .exam import _Sealed
from .identity import signed_in
from .lessons import LESSON_PAGE, Lesson, find_lesson
from .names import format_key, normal_key
from .pages import scenario as scenario_player
from .player import checkpoint_puzzle, narration_html, open_ahead, record_table, step_picture
from .progress import LiveLesson, NameTaken, ProgressStore
from .progress import store as kernel_store
from .puzzles import Puzzle, SeatsPuzzle, parse_seats
from .saving import Unsaved, learner_reason
from .table import SeatPickWidget
from .view import View, follow_language
from .widgets import PuzzleWidget

__all__ = ["POLL", "Every", "LessonPage", "LessonSession", "LiveFollower", "LiveQuestion", "LiveSeatQuestion",
           "answer_label", "checkpoint_id", "page", "shown_answer", "start"]

#: How often a page reads the live lesson from the store, in seconds.
POLL = 0.5

register({
    "live.title": ("课堂 {code}", "Live lesson {code}"),
    "live.join": ("加入课堂", "Join"),
    "live.name": ("你的名字", "Your name"),
    "live.name_first": ("输入你的名字，按“加入课堂”。", "Type your name and press Join."),
    "live.joined": ("{name} · 跟着老师的屏幕走，到检查点就在这里作答。",
                    "{name} · Follow the presenter's screen; answer checkpoints here."),
    "live.unknown": ("没有课堂 {code}：请检查代码。", "There is no live lesson {code}: check the code."),
    "live.waiting": ("老师还没揭晓答案。", "The presenter has not revealed the answer yet."),
    "live.chosen": ("你的答案：{answer}（揭晓前可以改）", "Your answer: {answer} (you may change it until the reveal)"),
    "live.checkpoint": ("检查点 · 第{n}步", "Checkpoint · step {n}"),
    "live.closed": ("这一步已经揭晓，不能再答。", "This step is revealed: answers are closed."),
    "live.home": ("回到首页", "Back to the start page"),
    "live.nobody": ("没有人", "nobody"),
    "live.bad_file": ("这一课打不开：{why}", "This lesson cannot be opened: {why}"),
    "live.no_lesson": ("地址里没有场景：请从首页进入（…/lesson.ipynb?scenario=名字）。",
                       "The address names no scenario: open it from the start page (…/lesson.ipynb?scenario=NAME)."),
})

_NAME = re.compile(r"[A-Za-z0-9_.-]{1,80}")
_CODE = re.compile(r"[A-Za-z0-9]{1,20}")
_KEY = re.compile(r"[0-9a-f]{1,64}")


def _value(values: dict[str, list[str]], key: str, pattern: re.Pattern[str]) -> str:
    text = (values.get(key) or [""])[0].strip()
    return text if pattern.fullmatch(text) else ""


class LessonSession(Session):
    """A page session that also carries the address's lesson (``scenario=NAME``, or ``stage=ID``), live lesson
    (``live=CODE``) and presenter's key (``key=…``); followers hear of a change of them as ``"lesson"``,
    ``"live"`` or ``"key"``, and :meth:`query` keeps them, so the address does too (a reload resumes).

    >>> s = LessonSession(LESSON_PAGE); s.apply("scenario=qingdao_dagouji&live=ab12c&lang=en")
    >>> s.lesson, s.live, s.query()
    ('qingdao_dagouji', 'AB12C', 'learner=&rules=qingdao&lang=en&scenario=qingdao_dagouji&live=AB12C')
    """

    __slots__ = ("key", "lesson", "live")

    def __init__(self, page_stage: Stage = LESSON_PAGE) -> None:
        Session.__init__(self, page_stage)
        self.lesson = self.live = self.key = ""

    def apply(self, query: str) -> None:
        values = parse_qs(query or "")
        new = {"lesson": _value(values, "scenario", _NAME) or _value(values, "stage", _NAME),
               "live": _value(values, "live", _CODE).upper(), "key": _value(values, "key", _KEY)}
        moved = {name for name, value in new.items() if getattr(self, name) != value}
        for name in moved:
            setattr(self, name, new[name])
        Session.apply(self, query)
        if moved:
            for callback in list(self._followers):
                callback(moved)

    def query(self, **changes: str | int) -> str:
        own = {name: str(changes.pop(name, getattr(self, name))) for name in ("lesson", "live", "key")}
        extra = {"scenario": own["lesson"], "live": own["live"], "key": own["key"]}
        tail = urlencode({k: v for k, v in extra.items() if v})
        return Session.query(self, **changes) + (f"&{tail}" if tail else "")


def start(page_stage: Stage = LESSON_PAGE, query: str | None = None) -> LessonSession:
    """Begin the lesson page (or the presenter's, ``page_stage``): its session from ``query`` (default: the page's
    address), as :func:`.course.start` begins every page."""
    return course.start(page_stage, query, kind=LessonSession)


def checkpoint_id(lesson: LiveLesson) -> str:
    """The puzzle id a live checkpoint's attempts are stored under: its rule set (second, as in a drill id, so
    that stars are kept per rule set), scenario and step.

    >>> from datetime import datetime
    >>> checkpoint_id(LiveLesson("AB12C", "qingdao_dagouji", "dagouji", "qingdao", 2, frozenset(), 1, datetime.now()))
    'live/qingdao/qingdao_dagouji/2'
    """
    return f"live/{lesson.rules}/{lesson.scenario}/{lesson.step}"


class Every:
    """``work()`` every ``seconds`` on the kernel's event loop while ``widget`` is open (a page that polls the
    store); nothing outside a running loop (a test calls ``work`` itself). An error of the store is passed to
    ``failed`` and the polling goes on."""

    def __init__(self, widget: w.Widget, seconds: float, work: Callable[[], None],
                 failed: Callable[[GoujiError], None]) -> None:
        self._widget, self._seconds, self._work, self._failed = widget, seconds, work, failed
        self._handle: asyncio.TimerHandle | None = None
        with contextlib.suppress(RuntimeError):
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
            self._handle = self._loop.call_later(seconds, self._tick)

    def _tick(self) -> None:
        self._handle = None
        if self._widget.comm is None:  # the page's view closed
            return
        try:
            self._work()
        except GoujiError as e:
            self._failed(e)
        if self._loop is not None and self._widget.comm is not None:
            self._handle = self._loop.call_later(self._seconds, self._tick)

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None


def answer_label(puzzle: Puzzle, key: str, lang: Lang) -> str:
    """How a learner's answer reads: the choice's text, or the seats (``"1,3"``: 座位1、座位3).

    >>> from gouji_teach.rules.engine import Game
    >>> from gouji_teach.teach.puzzles import WhoMayActPuzzle
    >>> game = Game.from_hands({0: "KK 5", 1: "AA 7", 2: "9 6", 3: "AA 8", 4: "9 10", 5: "J Q"}, leader=0)
    >>> answer_label(WhoMayActPuzzle(game), "1,3", "en"), answer_label(WhoMayActPuzzle(game), "-", "zh")
    ('seat 1, seat 3', '没有人')
    """
    choice = next((c for c in puzzle.choices if c.key == key), None)
    if choice is not None and not isinstance(puzzle, SeatsPuzzle):
        return choice.text(lang)
    seats = parse_seats(key)
    if seats is None:
        return key[:40]
    if not seats:
        return t("live.nobody", lang)
    return pick("、".join(f"座位{s}" for s in sorted(seats)), ", ".join(f"seat {s}" for s in sorted(seats)), lang)


class _Live(_Sealed):
    """What makes a puzzle widget a live checkpoint: as an exam question (the answer kept, never checked, no hint
    or retry), headed by the step, until the presenter reveals; then the verdict and the explanation."""

    def _render(self) -> None:
        PuzzleWidget._render(self)  # type: ignore[arg-type]  # _Live is mixed into a PuzzleWidget subclass
        lang = get_language()
        zh, en = self._puzzle.question()
        self.question.value = str(el("div", el("span", t("live.checkpoint", lang, n=self._number), cls="gj-live-step"),
                                     el("br"),
                                     el("b", pick(zh, en, lang)), cls="gouji-question"))

    def _answer_text(self, lang: Lang) -> str:
        return answer_label(self._puzzle, self._chosen, lang)

    def _feedback_html(self, lang: Lang) -> str:
        if not self._submitted and self._chosen and not self._bad:
            return str(el("div", t("live.chosen", lang, answer=self._answer_text(lang)), " ",
                          el("small", t("live.waiting", lang)),
                          el("b", " " + t("exam.waiting", lang)) if self._waiting else None,
                          cls="gj-exam-chosen", role="status"))
        return _Sealed._feedback_html(self, lang)


class LiveQuestion(_Live, PuzzleWidget):
    """A live checkpoint answered with choice buttons."""

    def __init__(self, puzzle: Puzzle, step: int, on_choose: Callable[[int, str], bool], chosen: str = "") -> None:
        self._setup(step, on_choose, chosen, step)
        PuzzleWidget.__init__(self, puzzle)
        self._seal()


class LiveSeatQuestion(_Live, SeatPickWidget):
    """A live checkpoint answered with seats."""

    def __init__(self, puzzle: Puzzle, step: int, on_choose: Callable[[int, str], bool], chosen: str = "") -> None:
        self._setup(step, on_choose, chosen, step)
        SeatPickWidget.__init__(self, puzzle)
        self._seal()


def _question(puzzle: Puzzle, step: int, on_choose: Callable[[int, str], bool],
              chosen: str) -> LiveQuestion | LiveSeatQuestion:
    cls = LiveSeatQuestion if isinstance(puzzle, SeatsPuzzle) else LiveQuestion
    return cls(puzzle, step, on_choose, chosen)


def shown_answer(frame: Frame, lang: Lang) -> str:
    """The answer of a checkpoint that is shown, not asked (who is out, the record), as the reveal shows it."""
    answer = frame.answer
    if answer is None:
        return ""
    if frame.step is not None and frame.step.question is not None and frame.step.question.kind == "record":
        from ..rules.record import GameRecord

        return record_table(GameRecord.from_json(answer.data), lang)
    return str(el("div", said(answer.zh, answer.en, lang), cls="gouji-solution"))


class LiveFollower(View):
    """A learner's page of a live lesson: join (a name, unless the page has one), then the presenter's step, its
    table and narration, and at a checkpoint a question answered here and judged when the presenter reveals."""

    def __init__(self, session: LessonSession, store: ProgressStore | None = None) -> None:
        self.session = session
        self._store = store
        self.lesson: LiveLesson | None = None
        self.about: Lesson | None = None  # the lesson's scenario file and titles
        self.learner = ""
        self._joined = False
        self._frames: list[Frame] = []
        self._puzzles: dict[int, Puzzle | None] = {}
        self.questions: dict[int, LiveQuestion | LiveSeatQuestion] = {}  # by step
        self._shown: tuple[int, int] | None = None  # (seq, step) drawn
        self._message = ""
        self.unsaved = Unsaved(self._draw_saving)  # answers waiting for the store
        self.head = make(w.HTML)
        self.name = make(w.Text, continuous_update=False)
        self.join_button = make(w.Button, button_style="primary")
        self.join_button.on_click(lambda _b: self.join(self.name.value))
        self.name.observe(lambda c: self.join(str(c["new"])) if str(c["new"]).strip() else None, names="value")
        # a taken name's pass key (shown once the name is refused), and the key the learner joined with
        self.key_box = make(w.Text, continuous_update=False, layout={"display": "none", "width": "12em"})
        self.key_box.observe(lambda _c: self.join(self.name.value or self.session.learner), names="value")
        self._passkey = self._new_key = ""
        self.table = make(w.HTML)
        self.narration = make(w.HTML)
        self.checkpoint = make(w.VBox)
        self.status = make(w.HTML)
        self.box = make(w.VBox, layout={"max_width": "100%"})
        self.box.add_class("gj-live")
        follow_language(self.box, self._draw)
        session.follow(lambda _changed: self.load())
        self.poller = Every(self.box, POLL, self.poll, self._down)
        self.load()

    @property
    def store(self) -> ProgressStore:
        return self._store or kernel_store()

    def _down(self, _error: GoujiError) -> None:
        self._message = t("saving.store_down")
        self._draw_status(get_language())

    def load(self) -> None:
        """Read the session's live lesson and join it with the page's learner, if there is one."""
        self._message, self.lesson, self._shown = "", None, None
        try:
            self.lesson = self.store.live(self.session.live)
        except GoujiError:
            self._message = t("live.unknown", code=self.session.live)
            self._draw()
            return
        try:
            self.about = find_lesson(self.lesson.scenario)
            scenario = self.about.load().with_rules(self.lesson.rules)
            self._frames = frames(scenario)
        except GoujiError as e:
            detail = (e.detail_zh, e.detail_en) if isinstance(e, ScenarioError) else (e.zh, e.en)
            self._message = t("live.bad_file", why=pick(*detail))
            self.lesson = None
            self._draw()
            return
        name = hub_user() or self.session.learner
        if name and not self._joined:
            self.join(name)
            return
        self._draw()

    def join(self, name: str) -> None:
        """Join the lesson as ``name`` (ignored once joined, and under a hub, whose user is the learner)."""
        name = hub_user() or str(name).strip()[:200]
        if self.lesson is None or not name or (self._joined and name == self.learner):
            return
        # the name with its pass key: the one typed in the box, else the address's (if it is the address's name)
        signer = Session(self.session.stage, name, passkey=normal_key(self.key_box.value) or (
            self.session.passkey if name == self.session.learner else ""))
        initial = signer.passkey
        try:
            signed_in(signer, self.store)
            self.lesson = self.store.join_live(self.lesson.code, name)
        except GoujiError as e:
            self._message = pick(e.zh, e.en)
            if isinstance(e, NameTaken):
                self.key_box.layout.display = None  # the name is taken: its pass key may be typed
            self._draw()
            return
        self.learner, self._passkey, self._joined, self._message = name, signer.passkey, True, ""
        self._new_key = signer.passkey if signer.passkey != initial else ""
        self._shown = None
        self._prepare()
        self._draw()

    def poll(self) -> None:
        """Read the lesson from the store; redraw if the presenter moved (a step, a reveal)."""
        if self.session.live and self.lesson is None:
            self.load()
            return
        if self.lesson is None:
            return
        lesson = self.store.live(self.lesson.code)
        self.unsaved.retry()
        if self._message == t("saving.store_down"):
            self._message = ""
        if lesson.seq != self.lesson.seq:
            self.lesson = lesson
            self._draw()

    def _puzzle(self, number: int) -> Puzzle | None:
        if number not in self._puzzles:
            frame = self._frames[number]
            step = frame.step
            ask = step is not None and step.kind == StepKind.ASK and frame.refusal is None
            # (ignore below: ask implies a step)
            self._puzzles[number] = checkpoint_puzzle(frame.game, step.text) if ask else None  # type: ignore[union-attr]
        return self._puzzles[number]

    def _choose(self, step: int, answer: str) -> bool:
        """Keep the learner's answer to a checkpoint (while the store is out of reach: on the page, saved once it
        is back)."""
        assert self.lesson is not None
        code, learner = self.lesson.code, self.learner
        try:
            self.unsaved.save(step, lambda: self.store.answer_live(code, learner, step, answer))
        except GoujiError as e:
            self._message = learner_reason(e)
            self._draw_status(get_language())
            return False
        self._message = ""
        self._draw_saving()
        return True

    def _prepare(self) -> None:
        """Make the question of every checkpoint of the lesson now, each with the learner's kept answer: at a
        step change the page then only shows one (the widgets of a question reach the browser when the page
        opens, not all at once with the class's; none holds an answer)."""
        assert self.lesson is not None
        for question in self.questions.values():
            question.close()
        self.questions = {}
        for number in range(len(self._frames)):
            puzzle = self._puzzle(number)
            if puzzle is not None:
                answers = self.store.live_answers(self.lesson.code, number)
                kept = next((a.answer for a in answers if a.learner.name == self.learner), "")
                self.questions[number] = _question(puzzle, number, self._choose, kept)

    @property
    def question(self) -> LiveQuestion | LiveSeatQuestion | None:
        """The question of the step shown (``None``: not a checkpoint)."""
        return self.questions.get(self.lesson.step) if self.lesson is not None else None

    # -- drawing ---------------------------------------------------------------------------------------------
    def _draw(self) -> None:
        lang = get_language()
        lesson = self.lesson
        self.head.value = self._head_html(lang)
        self.name.placeholder = t("live.name", lang)
        self.key_box.placeholder = t("passkey.box", lang)
        self.join_button.description = t("live.join", lang)
        children: list[w.Widget] = [self.head]
        if lesson is not None and not self._joined:
            children.append(make(w.HBox, children=[self.name, self.key_box, self.join_button],
                                 layout={"flex_flow": "row wrap"}))
        elif lesson is not None:
            number = min(lesson.step, len(self._frames) - 1)
            frame = self._frames[number]
            puzzle = self._puzzle(number)
            if self._shown != (lesson.seq, number):
                self._shown = (lesson.seq, number)
                self._show_step(frame, number, puzzle, lesson)
            # a seat question draws the position itself, without what would give its answer away
            # and no picture shows a marker that answers a checkpoint the presenter has not revealed yet
            revealed = lesson.revealed
            asked = open_ahead(self._frames, number, lambda n: n in revealed)
            self.table.value = "" if isinstance(puzzle, SeatsPuzzle) else step_picture(frame.game, lang=lang,
                                                                                       asked=asked)
            # the question widget asks a checkpoint's question: the narration does not say it a second time
            self.narration.value = narration_html(frame, find_ruleset(lesson.rules), lang, ask=puzzle is None)
            children += [self.table, self.narration, self.checkpoint]
        self._draw_status(lang)
        children.append(self.status)
        self.box.children = children

    def _show_step(self, frame: Frame, number: int, puzzle: Puzzle | None, lesson: LiveLesson) -> None:
        """The checkpoint of the step shown: its question to answer, or after the reveal its verdict."""
        question = self.questions.get(number)
        if question is not None and number in lesson.revealed and not question._submitted:
            chosen = question._chosen
            question.show_result(question.puzzle.check(chosen) if chosen else None)
        revealed = number in lesson.revealed and puzzle is None and frame.answer is not None
        shown = make(w.HTML, value=shown_answer(frame, get_language())) if revealed else None
        self.checkpoint.children = [x for x in (question.box if question is not None else None, shown) if x]

    def _head_html(self, lang: Lang) -> str:
        me = {"learner": self.learner, "passkey": self._passkey} if self._joined else {}
        home = self.session.link(HOME, lang=lang, **me)
        nav = el("p", el("a", t("live.home", lang), href=home))
        code = self.session.live or "?"
        parts: list[object] = [el("h2", t("live.title", lang, code=code))]
        if self.lesson is not None and self.about is not None:
            parts.append(el("p", el("b", self.about.title(lang))))
            parts.append(el("p", t("live.joined", lang, name=self.learner) if self._joined
                            else t("live.name_first", lang)))
            if self._joined and self._new_key:
                parts.append(el("p", t("passkey.new", lang, code=format_key(self._new_key)), role="status"))
        parts += [nav, el("span", cls="gj-state", hidden=True, data_query=self.session.query(**me))]
        return str(el("header", parts, cls="gj-header"))

    def _draw_saving(self) -> None:
        for number, question in self.questions.items():
            question.waiting(number in self.unsaved)
        self._draw_status(get_language())

    def _draw_status(self, lang: Lang) -> None:
        text = self._message
        self.status.value = str(html(el("p", "⚠ " + text, role="alert") if text else None, self.unsaved.html(lang)))

    def close(self) -> None:
        self.poller.stop()
        self.unsaved.stop()
        for question in self.questions.values():
            question.close()
        super().close()


class LessonPage(View):
    """The lesson page: a live lesson followed (``?live=CODE``), or the scenario player on a lesson
    (``?scenario=NAME``)."""

    def __init__(self, session: LessonSession) -> None:
        self.session = session
        self.box = make(w.VBox)
        self.box.add_class("gj-lesson")
        self._view: View | None = None
        self._for: tuple[str, str] | None = None
        session.follow(lambda changed: self._build() if changed & {"lesson", "live"} else None)
        self._build()

    def _build(self) -> None:
        wanted = (self.session.live, self.session.lesson)
        if wanted == self._for:
            return
        self._for = wanted
        if self._view is not None:
            self._view.close()
        self._view = None
        if self.session.live:
            self._view = LiveFollower(self.session)
            self.box.children = [self._view.box]
            return
        head = make(w.HTML)
        self.box.children = [head]
        follow_language(head, lambda: setattr(head, "value", self._head(self.session.lesson)))
        head.value = self._head(self.session.lesson)
        if not self.session.lesson:
            return
        try:
            lesson = find_lesson(self.session.lesson)
            self._view = scenario_player(self.session, lesson.load())
        except GoujiError as e:
            detail = (e.detail_zh, e.detail_en) if isinstance(e, ScenarioError) else (e.zh, e.en)
            error = make(w.HTML, value=str(el("p", "⚠ " + t("live.bad_file", why=pick(*detail)), role="alert")))
            self.box.children = [head, error]
            return
        self.box.children = [head, self._view.box]

    def _head(self, name: str) -> str:
        lang = get_language()
        home = el("p", el("a", t("live.home", lang), href=self.session.link(HOME, lang=lang)))
        state = el("span", cls="gj-state", hidden=True, data_query=self.session.query())
        if not name:
            return str(html(el("header", el("h2", LESSON_PAGE.title(lang)), el("p", "⚠ " + t("live.no_lesson", lang),
                                                                              role="alert"), home, state,
                               cls="gj-header")))
        try:
            title = find_lesson(name).title(lang)
        except GoujiError:
            title = name
        return str(el("header", el("small", pick(HOME.title_zh, HOME.title_en, lang)), el("h2", title), home, state,
                      cls="gj-header"))


def page(session: LessonSession) -> LessonPage:
    """The lesson page for ``session`` (what ``lesson.ipynb`` shows)."""
    return LessonPage(session)

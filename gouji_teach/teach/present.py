"""The presenter's wall (``present.ipynb``): a scenario projected for a class, and the live lesson it runs.

``present.ipynb?scenario=NAME`` (a course scenario, an instructor's lesson, or a stage's id for that stage's
scenario; ``&step=N`` opens a step) fills the screen: the table on the left, the step's narration and the
checkpoint's question on the right, and a reveal that stays empty until the presenter asks for it. Everything fits
one screen, at 1920×1080 as at 1280×720: the wall's type is a fortieth of the screen's height (27 px at 1080p), the
table picture takes the height that is left. A clicker's keys drive it (the template's ``present.js``: → / PageDown /
space next, ← / PageUp back, R reveal, B a blank screen, F full screen); the buttons at the bottom do the same. The
wall shows no quiz buttons and no notes for the instructor: the class looks at it, the instructor talks.

**A live lesson** (the 课堂 button): the store opens a lesson with a short join code, shown on the wall with a QR code
of the join link (``lesson.ipynb?live=CODE``, :mod:`.live`); the wall then says how many joined and, at a
checkpoint, how many answered and how the answers are spread (bars, no names), without marking the right one
until the reveal. The reveal closes the checkpoint, records every learner's kept answer as an attempt (stage and
rule ids as for any other answer, so stars and mastery follow), and the learners' pages show right or wrong with
the explanation. The presenter's page holds the lesson's key in its address (``live=CODE&key=…``): a reload
resumes the lesson, and a learner who knows only the code cannot move it.

Without a lesson in the address, the page lists what can be projected: the course's stages with their scenarios,
the other course scenarios, and the instructor's own lessons.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence
from urllib.parse import urlencode, urlsplit

import ipywidgets as w

from ..rules.errors import GoujiError
from ..rules.rulesets import Ruleset
from ..rules.scenario import Frame, ScenarioError, StepKind, frames
from ..rules.words import Lang
from ..show.i18n import get_language, pick, register, said, t
from ..show.markup import Element, SvgImage, el, html
from ..show.pictures import table_svg
from . import live
from .controls import make
from .course import HOME, STAGES, hub_user
from .lessons import (
    LESSON_PAGE,
    PRESENT_PAGE,
    Lesson,
    course_lessons,
    find_lesson,
    instructor_lessons,
    join_link,
    present_link,
    stage_scenarios,
)
from .live import POLL, Every, LessonSession, answer_label, checkpoint_id, shown_answer
from .player import checkpoint_puzzle, narration_html, open_ahead, step_picture
from .progress import LiveLesson, LiveTally, ProgressStore
from .progress import store as kernel_store
from .puzzles import PositionPuzzle, Puzzle, WhoMayActPuzzle
from .table import round_plays, table_view
from .view import View, follow_language

__all__ = ["PUBLIC_URL", "Wall", "join_address", "page", "public_base", "start"]

#: The address learners reach the app at (``gouji-teach serve --public-url``), for the wall's join link and QR
#: code; without it, the address the presenter's browser used.
PUBLIC_URL = "GOUJI_TEACH_PUBLIC_URL"
#: Most bars the wall draws for a checkpoint's answers (the rest are counted together).
BARS = 6

register({
    "wall.of": ("第{n}步 / 共{total}步", "Step {n} of {total}"),
    "wall.back": ("上一步", "Back"),
    "wall.next": ("下一步", "Next"),
    "wall.reveal": ("揭晓", "Reveal"),
    "wall.live": ("开始课堂", "Start a live lesson"),
    "wall.keys": ("→ 下一步 · ← 上一步 · R 揭晓 · B 黑屏 · F 全屏",
                  "→ next · ← back · R reveal · B blank · F full screen"),
    "wall.answer": ("答案：", "Answer: "),
    "wall.code": ("课堂代码", "Join code"),
    "wall.join_at": ("在首页输入代码，或扫码：", "Type the code on the start page, or scan:"),
    "wall.joined": ("已加入 {n} 人", "{joined} joined"),
    "wall.answered": ("已作答 {n}/{joined}", "{n} of {joined} answered"),
    "wall.other": ("其他", "other"),
    "wall.hands": ("各家手牌", "The hands"),
    "wall.round": ("这一轮", "This round"),
    "wall.pass": ("过", "pass"),
    "wall.yield": ("让牌", "让牌 (yield)"),
    "wall.store_down": ("连不上进度库：课堂暂停", "The progress store cannot be reached: the live lesson waits"),
    "wall.bad": ("这个场景打不开：{why}", "This scenario cannot be opened: {why}"),
    "wall.choose": ("选一个场景投影", "Choose a scenario to project"),
    "wall.stages": ("课程的场景", "The course's scenarios"),
    "wall.more": ("其他场景", "More scenarios"),
    "wall.own": ("你的课（--lessons）", "Your lessons (--lessons)"),
    "wall.home": ("回到首页", "Back to the start page"),
    "wall.how": ("打开后：→/空格 下一步，← 上一步，R 揭晓答案，B 黑屏，F 全屏。"
                 "“开始课堂”给出课堂代码和二维码，学员在自己的设备上加入、作答。",
                 "Once open: → or space next, ← back, R reveals the answer, B blanks the screen, F full screen. "
                 "“Start a live lesson” shows a join code and a QR code: learners join and answer on their own "
                 "devices."),
})


def start(query: str | None = None) -> LessonSession:
    """Begin the presenter's page: its session from ``query`` (default: the page's address)."""
    return live.start(PRESENT_PAGE, query)


def public_base() -> str:
    """The app's address as learners reach it: :data:`PUBLIC_URL` if the server was given one, else the address
    of the page's request (host and port, under the server's base path)."""
    configured = os.environ.get(PUBLIC_URL, "").strip()
    if configured:
        return configured.rstrip("/") + "/"
    host = os.environ.get("SERVER_NAME") or os.environ.get("VOILA_APP_IP") or "127.0.0.1"
    port = os.environ.get("SERVER_PORT") or os.environ.get("VOILA_APP_PORT") or "8866"
    base = os.environ.get("VOILA_BASE_URL", "/")
    return f"http://{host}:{port}{base}"


def join_address(code: str) -> str:
    """The address the wall gives learners to join the live lesson ``code`` (its QR code and its line of text).

    Outside a hub: :func:`~gouji_teach.teach.lessons.join_link` under :func:`public_base`. Under JupyterHub each
    learner has a server of their own, so the link goes through the hub's ``user-redirect`` (which sends each
    learner to the lesson page on their own server) at the hub's public address: ``c.JupyterHub.public_url`` if
    the hub has one, else :data:`PUBLIC_URL`, else the host the wall's own page was opened at.

    >>> import os
    >>> hub = {"JUPYTERHUB_USER": "teacher", "JUPYTERHUB_SERVICE_PREFIX": "/user/teacher/",
    ...        "JUPYTERHUB_BASE_URL": "/", "SCRIPT_NAME": "/user/teacher/voila/render/tutorials/present.ipynb",
    ...        "SERVER_NAME": "class.local", "SERVER_PORT": "8000"}
    >>> os.environ.update(hub); join_address("AB12C")
    'http://class.local:8000/hub/user-redirect/voila/render/tutorials/lesson.ipynb?live=AB12C'
    >>> for name in hub: del os.environ[name]
    """
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "")
    if not (hub_user() and prefix):
        return join_link(code, public_base())
    public = os.environ.get("JUPYTERHUB_PUBLIC_HUB_URL", "").strip() or os.environ.get(PUBLIC_URL, "").strip()
    if public:
        parts = urlsplit(public)
        origin = f"{parts.scheme or 'http'}://{parts.netloc}"
    else:
        host = os.environ.get("SERVER_NAME") or "127.0.0.1"
        port = os.environ.get("SERVER_PORT")
        origin = f"http://{host}:{port}" if port else f"http://{host}"
    page = os.environ.get("SCRIPT_NAME", "")  # the wall's own path: /user/NAME/voila/render/…/present.ipynb
    folder = page[len(prefix):].rpartition("/")[0] if page.startswith(prefix) else "voila/render"
    hub_base = "/".join(("", *filter(None, os.environ.get("JUPYTERHUB_BASE_URL", "/").split("/")), "hub"))
    return f"{origin}{hub_base}/user-redirect/{folder}/{LESSON_PAGE.notebook}?{urlencode({'live': code})}"


def qr_svg(text: str) -> SvgImage:
    """A QR code of ``text`` (medium error correction) as an SVG picture, drawn by segno.

    >>> qr_svg("http://127.0.0.1:8866/voila/render/lesson.ipynb?live=AB12C").startswith("<svg")
    True
    """
    import segno  # only the presenter's page draws one

    return SvgImage(segno.make(text, error="m", micro=False).svg_inline(scale=4, border=2, dark="#111"))


def tally_html(puzzle: Puzzle, tally: LiveTally, lang: Lang, *, revealed: bool) -> str:
    """The wall's count of a live checkpoint: joined, answered, and a bar per answer (the most given first, at
    most :data:`BARS`); the right answer is marked only once ``revealed``."""
    counts = list(tally.counts.items())
    shown, rest = counts[:BARS], sum(n for _a, n in counts[BARS:])
    top = max([n for _a, n in shown] + [rest, 1])
    rows = []
    for key, n in shown:
        right = revealed and puzzle.check(key).correct
        label = ("✔ " if right else "") + answer_label(puzzle, key, lang)
        rows.append(el("div", el("span", label, cls="gj-bar-label"),
                       el("span", el("span", cls="gj-bar-fill", style=f"width:{100 * n / top:.0f}%"), cls="gj-bar"),
                       el("span", str(n), cls="gj-bar-count"), cls="gj-bar-row gj-right" if right else "gj-bar-row"))
    if rest:
        rows.append(el("div", el("span", t("wall.other", lang), cls="gj-bar-label"),
                       el("span", el("span", cls="gj-bar-fill", style=f"width:{100 * rest / top:.0f}%"), cls="gj-bar"),
                       el("span", str(rest), cls="gj-bar-count"), cls="gj-bar-row"))
    answered = t("wall.answered", lang, n=tally.answered, joined=tally.joined)
    return str(el("div", el("p", answered, cls="gj-answered", role="status"), el("div", rows, cls="gj-bars"),
                  cls="gj-tally"))


def _round_lines(puzzle: PositionPuzzle, lang: Lang) -> list[Element]:
    """The round a seat question is about, in words (what each seat played or passed)."""
    items = []
    for seat, play in round_plays(puzzle.game):
        what = (t("wall.yield", lang) if play == "让牌" else t("wall.pass", lang)) if isinstance(play, str) \
            else pick(play.text_zh, play.text_en, lang)
        items.append(el("li", pick(f"座位{seat}：", f"seat {seat}: ", lang), what))
    return items


def position_wall(puzzle: PositionPuzzle, lang: Lang) -> tuple[str, str]:
    """A seat question's position on the wall: the table as the question shows it (whose turn hidden where that
    is the question), and beside it, in the wall's type, the round's plays or, where the answer depends on them,
    the hands."""
    view = table_view(puzzle.before(), lang=lang)
    if isinstance(puzzle, WhoMayActPuzzle):
        view = dataclasses.replace(view, to_act=None)
        hands = [el("li", pick(f"座位{s}：", f"seat {s}: ", lang), " ".join(c.notation for c in hand.cards))
                 for s, hand in enumerate(puzzle.game.hands) if hand]
        side = el("div", el("b", t("wall.hands", lang)), el("ul", hands), cls="gj-wall-hands")
    else:
        rounds = _round_lines(puzzle, lang)
        side = el("div", el("b", t("wall.round", lang)), el("ul", rounds), cls="gj-wall-round") if rounds else None
    return str(table_svg(view, lang=lang)), str(html(side))


class Wall(View):
    """The presenter's wall of a lesson session (see the module's docstring). ``store``: the progress store of
    live lessons (default: the kernel's)."""

    def __init__(self, session: LessonSession, store: ProgressStore | None = None) -> None:
        self.session = session
        self._store = store
        self.lesson: Lesson | None = None
        self.live: LiveLesson | None = None
        self.rules: Ruleset | None = None
        self._frames: list[Frame] = []
        self._puzzles: dict[int, Puzzle | None] = {}
        self._revealed: set[int] = set()  # without a live lesson, the steps revealed on this wall
        self._tally: LiveTally | None = None
        self._joined = 0
        self._error = ""
        self.step = 0
        self.head = make(w.HTML)
        self.table = make(w.HTML)
        self.text = make(w.HTML)
        self.side = make(w.HTML)
        self.tally = make(w.HTML)
        self.answer = make(w.HTML)
        self.back = make(w.Button, icon="step-backward")
        self.next = make(w.Button, icon="step-forward")
        self.reveal_button = make(w.Button, icon="eye", button_style="warning")
        self.live_button = make(w.Button, icon="users", button_style="info")
        self.keys = make(w.HTML)
        self.back.on_click(lambda _b: self.go(self.step - 1))
        self.next.on_click(lambda _b: self.go(self.step + 1))
        self.reveal_button.on_click(lambda _b: self.reveal())
        self.live_button.on_click(lambda _b: self.start_live())
        for button, name in ((self.back, "back"), (self.next, "next"), (self.reveal_button, "reveal"),
                             (self.live_button, "live")):
            button.add_class(f"gj-wall-{name}")
        self.controls = make(w.HBox, children=[self.back, self.next, self.reveal_button, self.live_button, self.keys],
                             layout={"flex_flow": "row wrap", "align_items": "center"})
        self.controls.add_class("gj-wall-controls")
        self.column = make(w.VBox, children=[self.text, self.side, self.tally, self.answer])
        for widget, name in ((self.head, "head"), (self.table, "table"), (self.column, "text")):
            widget.add_class(f"gj-wall-{name}")
        self.text.add_class("gj-wall-say")
        self.answer.add_class("gj-wall-answer")
        self.box = make(w.VBox)
        self.box.add_class("gj-wall")
        follow_language(self.box, self._draw)
        session.follow(lambda changed: self.load() if changed - {"learner"} else None)
        self.poller = Every(self.box, POLL, self.poll, self._down)
        self.load()

    @property
    def store(self) -> ProgressStore:
        return self._store or kernel_store()

    # -- state -----------------------------------------------------------------------------------------------
    def load(self) -> None:
        """Open the session's lesson (a live lesson's, if the address holds its key) at the address's step."""
        session = self.session
        self._error, self.live, self.lesson = "", None, None
        name = session.lesson
        if session.live and session.key:
            try:
                self.live = self.store.live_control(session.live, session.key)
                name, self.step = self.live.scenario, self.live.step
            except GoujiError as e:
                self._error = pick(e.zh, e.en)
        else:
            self.step = session.step
        if name:
            try:
                self.lesson = find_lesson(name)
                scenario = self.lesson.load()
                if self.live is not None:
                    scenario = scenario.with_rules(self.live.rules)
                self.rules, self._frames, self._puzzles = scenario.rules, frames(scenario), {}
            except GoujiError as e:
                detail = (e.detail_zh, e.detail_en) if isinstance(e, ScenarioError) else (e.zh, e.en)
                self._error, self.lesson = t("wall.bad", why=pick(*detail)), None
        if self.lesson is not None:
            self.step = min(max(self.step, 0), len(self._frames) - 1)
        self._refresh_tally()
        self._draw()

    @property
    def frame(self) -> Frame:
        return self._frames[self.step]

    def puzzle(self, number: int | None = None) -> Puzzle | None:
        """The checkpoint puzzle of step ``number`` (default: the step shown), or ``None``."""
        number = self.step if number is None else number
        if number not in self._puzzles:
            frame = self._frames[number]
            step = frame.step
            ask = step is not None and step.kind == StepKind.ASK and frame.refusal is None
            # (ignore below: ask implies a step)
            self._puzzles[number] = checkpoint_puzzle(frame.game, step.text) if ask else None  # type: ignore[union-attr]
        return self._puzzles[number]

    def is_checkpoint(self) -> bool:
        frame = self.frame
        return frame.step is not None and frame.step.kind == StepKind.ASK and frame.refusal is None

    def revealed(self) -> bool:
        """Whether the checkpoint shown is revealed."""
        return self.step in (self.live.revealed if self.live is not None else self._revealed)

    def go(self, number: int) -> None:
        """Show step ``number`` (clamped); in a live lesson the learners' pages follow."""
        if self.lesson is None:
            return
        number = min(max(int(number), 0), len(self._frames) - 1)
        if number == self.step:
            return
        if self.live is not None:
            try:
                self.live = self.store.live_control(self.live.code, self.session.key, step=number)
            except GoujiError as e:
                self._down(e)
                return
        self.step = number
        self.session.step = number  # the address follows (the head's gj-state)
        self._refresh_tally()
        self._draw()

    def reveal(self) -> None:
        """Reveal the checkpoint shown; in a live lesson, close it and record every learner's kept answer."""
        if self.lesson is None or not self.is_checkpoint() or self.revealed():
            return
        if self.live is None:
            self._revealed.add(self.step)
            self._draw()
            return
        try:
            self.live = self.store.live_control(self.live.code, self.session.key, reveal=True)
        except GoujiError as e:
            self._down(e)
            return
        self._refresh_tally()
        self._draw()
        self._record(self.live)

    def _record(self, lesson: LiveLesson) -> None:
        """The kept answers of the revealed checkpoint as attempts of their learners (once each)."""
        puzzle = self.puzzle(lesson.step)
        if puzzle is None:
            return
        for answer in self.store.live_answers(lesson.code, lesson.step):
            feedback = puzzle.check(answer.answer)
            if answer.attempt is not None or not feedback.valid:
                continue
            stored = self.store.record_attempt(answer.learner, lesson.stage, checkpoint_id(lesson), source="live",
                                               rules=feedback.rule_ids or puzzle.rule_ids(),
                                               correct=feedback.correct, answer=answer.answer[:200])
            self.store.link_live_attempt(lesson.code, lesson.step, answer.learner, stored.id)

    def start_live(self) -> None:
        """Open a live lesson of the lesson shown, at its step: the wall shows its join code."""
        if self.lesson is None or self.live is not None or self.rules is None:
            return
        try:
            live, key = self.store.open_live(self.lesson.name, stage=self.lesson.stage, rules=self.rules.ref)
            self.live = self.store.live_control(live.code, key, step=self.step)
        except GoujiError as e:
            self._down(e)
            return
        self.session.live, self.session.key = self.live.code, key  # the address keeps them: a reload resumes
        # The class is about to open lesson.ipynb?live=CODE at once: this is where that page is to be asked for
        # pre-rendered kernels (issue 24's pre-rendering, once the app exposes it to the teaching layer).
        self._refresh_tally()
        self._draw()

    def poll(self) -> None:
        """Read the live lesson's counts; redraw what changed."""
        if self.live is None:
            return
        before = (self._tally, self._joined)
        self._refresh_tally()
        if self._error:
            self._error = ""
            self._draw()
        elif (self._tally, self._joined) != before:
            self._draw_counts(get_language())

    def _refresh_tally(self) -> None:
        if self.live is None:
            self._tally = None
            return
        tally = self.store.live_tally(self.live.code, self.step)
        self._joined = tally.joined
        self._tally = tally if self.puzzle() is not None else None

    def _down(self, _error: GoujiError) -> None:
        """The store could not be reached (said on the wall, without its address); polling goes on."""
        self._error = t("wall.store_down")
        self._draw()

    # -- drawing ---------------------------------------------------------------------------------------------
    def _draw(self) -> None:
        lang = get_language()
        self.back.description = t("wall.back", lang)
        self.next.description = t("wall.next", lang)
        self.reveal_button.description = t("wall.reveal", lang)
        self.live_button.description = t("wall.live", lang)
        self.keys.value = str(el("span", t("wall.keys", lang), cls="gj-wall-keyhelp"))
        if self.lesson is None:
            self.box.children = [self.head]
            self.head.value = self._error_html(lang)
            return
        frame, puzzle = self.frame, self.puzzle()
        self.back.disabled = self.step == 0
        self.next.disabled = self.step >= len(self._frames) - 1
        self.reveal_button.disabled = not self.is_checkpoint() or self.revealed()
        self.live_button.disabled = self.live is not None
        if isinstance(puzzle, PositionPuzzle):
            self.table.value, self.side.value = position_wall(puzzle, lang)
        else:
            revealed = self.live.revealed if self.live is not None else self._revealed
            asked = open_ahead(self._frames, self.step, lambda n: n in revealed)  # no marker answers them early
            self.table.value, self.side.value = step_picture(frame.game, lang=lang, asked=asked), ""
        assert self.rules is not None
        self.text.value = narration_html(frame, self.rules, lang)
        self.answer.value = self._answer_html(frame, puzzle, lang) if self.revealed() else ""
        self._draw_counts(lang)
        self.box.children = [self.head, self.table, self.column, self.controls]

    def _draw_counts(self, lang: Lang) -> None:
        self.head.value = self._head_html(lang)
        puzzle = self.puzzle() if self.lesson is not None else None
        self.tally.value = (tally_html(puzzle, self._tally, lang, revealed=self.revealed())
                            if puzzle is not None and self._tally is not None else "")

    def _answer_html(self, frame: Frame, puzzle: Puzzle | None, lang: Lang) -> str:
        if puzzle is None:
            return str(el("div", el("b", t("wall.answer", lang)), shown_answer(frame, lang), cls="gj-reveal"))
        solution = puzzle.solution()
        return str(el("div", el("b", t("wall.answer", lang)), said(solution.zh, solution.en, lang), cls="gj-reveal",
                      role="status"))

    def _head_html(self, lang: Lang) -> str:
        assert self.lesson is not None
        state = el("span", cls="gj-state", hidden=True, data_query=self.session.query(step=self.step))
        title = el("div", el("h2", self.lesson.title(lang), cls="gj-wall-title"),
                   el("span", t("wall.of", lang, n=self.step, total=len(self._frames) - 1), cls="gj-wall-step"),
                   cls="gj-wall-heading")
        parts: list[object] = [title]
        if self._error:
            parts.append(el("p", "⚠ " + self._error, role="alert", cls="gj-wall-error"))
        if self.live is not None:
            link = join_address(self.live.code)
            joined = t("wall.joined", lang, n=self._joined,
                       joined=pick(f"{self._joined}", f"{self._joined} learner" + ("" if self._joined == 1 else "s"),
                                   lang))
            parts.append(el("div", el("div", el("span", t("wall.code", lang), cls="gj-code-label"),
                                      el("span", self.live.code, cls="gj-code"),
                                      el("span", joined, cls="gj-joined", role="status"), cls="gj-code-box"),
                            el("div", qr_svg(link), cls="gj-qr", title=link, aria_label=link),
                            el("div", t("wall.join_at", lang), el("br"), el("span", link, cls="gj-join-url"),
                               cls="gj-join"),
                            cls="gj-live-box"))
        parts.append(state)
        return str(el("header", parts, cls="gj-wall-header"))

    def _error_html(self, lang: Lang) -> str:
        home = el("a", t("wall.home", lang), href=self.session.link(HOME, lang=lang))
        return str(el("div", el("p", "⚠ " + (self._error or t("wall.choose", lang)), role="alert"), el("p", home),
                      el("span", cls="gj-state", hidden=True, data_query=self.session.query()), cls="gj-wall-message"))

    def close(self) -> None:
        self.poller.stop()
        super().close()


def _lesson_items(lessons: Sequence[Lesson], lang: Lang) -> Element:
    return el("ul", [el("li", el("a", lesson.title(lang), href=present_link(lesson.name, lang=lang)), " ",
                        el("code", lesson.name)) for lesson in lessons])


def choose_html(session: LessonSession, lang: Lang) -> str:
    """The presenter's page without a lesson: what can be projected, each a link to its wall."""
    stages = [el("li", el("a", f"{i}. {s.title(lang)}", href=present_link(s.id, lang=lang)), " ",
                 el("code", ", ".join(stage_scenarios(s))))
              for i, s in enumerate(STAGES, start=1) if stage_scenarios(s)]
    used = {name for s in STAGES for name in stage_scenarios(s)}
    more = [lesson for lesson in course_lessons() if lesson.name not in used]
    own = instructor_lessons()
    home = el("a", t("wall.home", lang), href=session.link(HOME, lang=lang))
    return str(el("div", el("small", pick(HOME.title_zh, HOME.title_en, lang)), el("h2", PRESENT_PAGE.title(lang)),
                  el("p", t("wall.how", lang)), el("p", home),
                  [el("h3", t("wall.own", lang)), _lesson_items(own, lang)] if own else None,
                  el("h3", t("wall.stages", lang)), el("ol", stages, cls="gj-present-stages"),
                  [el("h3", t("wall.more", lang)), _lesson_items(more, lang)] if more else None,
                  el("span", cls="gj-state", hidden=True, data_query=session.query()), cls="gj-present-list"))


class PresentPage(View):
    """The presenter's page: the wall of the address's lesson, or the list of what can be projected."""

    def __init__(self, session: LessonSession, store: ProgressStore | None = None) -> None:
        self.session = session
        self._store = store
        self.list = make(w.HTML)
        self.wall: Wall | None = None
        self.box = make(w.VBox)
        follow_language(self.box, self._draw_list)
        session.follow(lambda changed: self._build() if changed & {"lesson", "live"} else None)
        self._build()

    def _build(self) -> None:
        wanted = bool(self.session.lesson or self.session.live)
        if wanted and self.wall is None:
            self.wall = Wall(self.session, self._store)
            self.box.children = [self.wall.box]
        elif not wanted:
            if self.wall is not None:
                self.wall.close()
                self.wall = None
            self._draw_list()
            self.box.children = [self.list]

    def _draw_list(self) -> None:
        self.list.value = choose_html(self.session, get_language())


def page(session: LessonSession) -> PresentPage:
    """The presenter's page for ``session`` (what ``present.ipynb`` shows)."""
    return PresentPage(session)

"""The scenario player: a scenario file stepped through on the table, with its checkpoints as puzzles.

The core (:mod:`gouji_teach.rules.scenario`) plays the scenario and keeps its frames
(:func:`~gouji_teach.rules.scenario.frames`), parses its questions and computes their answers; this module only
draws them. :func:`checkpoint_puzzle` turns a
checkpoint question into a puzzle whose answer stays in the kernel. :class:`ScenarioPlayer` wires them: step
forward and back, a slider to jump, autoplay with a speed control, the narration (the author's ``say`` and the
engine's events) in the current language, the table picture, checkpoint puzzles inline (a reveal button in
presenter mode), "what if" actions played on a branch of the same engine, and a rule-set switch that marks the
steps that change (:func:`~gouji_teach.rules.scenario.rule_changes`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

import ipywidgets as w

from ..rules.engine import MEN, OUT, Game
from ..rules.errors import GoujiError
from ..rules.events import ACTION_KINDS, Action, ActionKind, Event
from ..rules.record import GameRecord
from ..rules.rulesets import Ruleset, all_rulesets, find_ruleset
from ..rules.scenario import (
    Answer,
    Ask,
    Frame,
    Question,
    RuleChange,
    Scenario,
    ScenarioError,
    StepKind,
    action_words,
    frames,
    question_words,
    record_rows,
    rule_changes,
)
from ..rules.words import Lang
from ..show.i18n import get_language, pick, register, said, t
from ..show.markup import Element, HtmlFragment, SvgImage, el, html
from ..show.pictures import PRESENTER_SCALE, TableView, table_svg
from .controls import make, whole
from .puzzles import CanActPuzzle, Puzzle, WhoIsMenPuzzle, WhoMayActPuzzle, WhoOpenedPuzzle
from .table import SeatPickWidget, puzzle_widget, table_view
from .view import View, follow_language
from .widgets import PuzzleWidget

__all__ = ["ScenarioPlayer", "checkpoint_puzzle", "narration_html", "open_ahead", "record_table", "step_picture",
           "step_view", "what_if_action", "without_answers"]

register({
    "player.back": ("上一步", "Back"),
    "player.forward": ("下一步", "Forward"),
    "player.step": ("第{n}步", "Step {n}"),
    "player.of": ("第{n}步（共{total}步）", "Step {n} of {total}"),
    "player.start": ("开始的局面", "The starting position"),
    "player.speed": ("速度", "Speed"),
    "player.slow": ("慢", "slow"),
    "player.normal": ("中", "normal"),
    "player.fast": ("快", "fast"),
    "player.rules": ("规则", "Rules"),
    "player.question": ("问题：", "Question: "),
    "player.show": ("看答案", "Show the answer"),
    "player.refused": ("这一步在{rules}下不行：", "This step is not allowed under {rules}: "),
    "player.cannot_start": ("这个场景在{rules}下开不了局：", "This scenario cannot start under {rules}: "),
    "player.what_if": ("如果……（例如 座位1出AA、过、让、烧AA）",
                       "What if… (e.g. seat 1 plays AA, pass, yield, burn AA)"),
    "player.what_if.syntax": ("写法：座位N出牌（例如 座位1出AA）、座位N过、座位N让、座位N烧牌（例如 座位4烧DX99）；"
                              "不写座位，就是现在轮到的那家（烧牌：能烧的第一家）。",
                              "Write: seat N plays CARDS (e.g. seat 1 plays AA), seat N passes, seat N yields, "
                              "seat N burns CARDS (e.g. seat 4 burns DX99); without a seat: the seat to act "
                              "(for a burn: the first seat that may burn)."),
    "player.try": ("试试看", "Try it"),
    "player.what_if.waits": ("先回答上面第{n}步的问题：“如果……”要等你答完才能试（它会替你回答）。",
                             "Answer the question of step {n} above first: “what if” waits until you have (it would "
                             "answer it for you)."),
    "player.branch": ("如果{action}：", "If {action}: "),
    "player.branch.note": ("（只是试试，场景照旧）", "(a branch: the scenario goes on unchanged)"),
    "player.replayed": ("这个例子是按{base}写的，这里按你选的{rules}重放：说明文字照{base}说，"
                        "标⚑的步骤在{rules}下不一样。",
                        "This example was written for {base} and is replayed here under your {rules}: the narration "
                        "is {base}'s, and the steps marked ⚑ go otherwise under {rules}."),
    "player.not_replayed": ("这个例子没法按你选的{rules}重放，下面按{base}演示。",
                            "This example cannot be replayed under your {rules}, so it is shown under {base}."),
    "player.changes": ("和{base}比，{rules}下不同的步骤：", "Steps that differ under {rules} from {base}:"),
    "player.no_changes": ("{rules}和{base}下每一步都一样。", "Every step is the same under {rules} as under {base}."),
    "player.change.legality": ("第{n}步：一种规则下能走，另一种不能",
                               "step {n}: allowed under one, refused under the other"),
    "player.change.events": ("第{n}步：结果不同", "step {n}: what happens differs"),
    "player.change.answer": ("第{n}步：问题的答案不同", "step {n}: the checkpoint's answer differs"),
    "player.change.unreached": ("第{n}步以后：走不到", "step {n} on: not reached"),
    "player.changed_here": ("⚑ 这一步在不同规则下不一样", "⚑ this step differs between the rule sets"),
    "player.record": ("这一局到这里的记录", "The record of the hand so far"),
})

_SPEEDS = (("player.slow", 3000), ("player.normal", 1500), ("player.fast", 700))


def step_view(game: Game, *, viewer: int | None = None, lang: Lang | None = None,
              asked: Iterable[tuple[Question, bool]] = ()) -> TableView:
    """What the table picture shows at one step of a game (cards left, last actions, 开点, places, whose turn, the
    play on the table; never a hand), with ``viewer`` at the bottom (``None``: seat 0 at the bottom, no seat is
    "you"), without the markers that answer the checkpoints ``asked`` (:func:`without_answers`, :func:`open_ahead`)."""
    return without_answers(table_view(game, viewer=viewer, lang=lang), game, asked)


def step_picture(game: Game, *, viewer: int | None = None, lang: Lang | None = None,
                 presenter: bool = False, asked: Iterable[tuple[Question, bool]] = ()) -> SvgImage:
    """The table at one step of a game (:func:`step_view`): the picture the scenario player shows for a frame and
    the practice table for the learner's seat. ``presenter=True`` draws it at
    :data:`~gouji_teach.show.pictures.PRESENTER_SCALE` for a projector.

    >>> game = Game.from_hands({0: "KK 5", 1: "AA 7", 2: "9 6", 3: "AA 8", 4: "9 10", 5: "J Q"}, "qingdao", leader=0)
    >>> step_picture(game, viewer=0, lang="en").startswith("<svg")
    True
    """
    return table_svg(step_view(game, viewer=viewer, lang=lang, asked=asked), lang=lang,
                     scale=PRESENTER_SCALE if presenter else 1.0)


def open_ahead(shown: list[Frame], number: int, answered: Callable[[int], bool]) -> list[tuple[Question, bool]]:
    """The checkpoints of the frames ``shown`` from step ``number`` on that are not ``answered`` yet (nor
    revealed), each with whether step ``number`` shows the position it asks about (no action between them): what
    the picture of step ``number`` must not answer (:func:`without_answers`).

    >>> sc = Scenario.from_text('''
    ... rules: qingdao
    ... leader: 0
    ... hands: {0: "KK 5", 1: "7 8", 2: "7 8", 3: "7 8", 4: "7 8", 5: "7 8"}
    ... steps: [{do: seat 0 plays KK}, {ask: who may act}, {do: seat 3 passes}, {ask: who opened}]
    ... ''')
    >>> [(q.kind.value, here) for q, here in open_ahead(frames(sc), 1, lambda n: False)]
    [('may_act', True), ('opened', False)]
    >>> [q.kind.value for q, _ in open_ahead(frames(sc), 1, lambda n: n == 2)]
    ['opened']
    """
    out, here = [], True
    for frame in shown[number:]:
        step = frame.step
        if step is None:
            continue
        if step.kind == StepKind.DO and frame.number > number:
            here = False
        question = step.question
        if question is not None and frame.refusal is None and not answered(frame.number):
            out.append((question, here))
    return out


def without_answers(view: TableView, game: Game, asked: Iterable[tuple[Question, bool]]) -> TableView:
    """The table picture ``view`` of ``game`` without the markers that would answer a checkpoint still to be
    answered: ``asked`` holds each such question, and whether the picture shows the very position it asks about
    (no action between them). "Who opened" hides every 开点 badge, "who is 闷ed" the 闷 marks, "who is out" the
    places; "who may act" hides whose turn it is at its own position; "can seat N …" / "what if seat N …" hide
    that seat's place, 闷, 烧失败 and 革命 marks, and whose turn it is at its own position.

    >>> g = Game.from_hands({0: "KK 5", 1: "7 8", 2: "7 8", 3: "7 8", 4: "7 8", 5: "7 8"}, "qingdao", leader=0)
    >>> for step in ("seat 0 plays KK", "seat 3 passes"):
    ...     _ = g.act(step)
    >>> view = table_view(g)
    >>> view.seats[0].kaidian, without_answers(view, g, [(Question.parse("who opened"), False)]).seats[0].kaidian
    (True, False)
    >>> view.to_act, without_answers(view, g, [(Question.parse("who may act"), True)]).to_act
    (0, None)
    """
    seats, to_act = list(view.seats), view.to_act
    for question, here in asked:
        if question.kind == Ask.OPENED:
            seats = [replace(s, kaidian=False) for s in seats]
        elif question.kind in (Ask.MEN, Ask.OUT):
            status = MEN if question.kind == Ask.MEN else OUT
            seats = [replace(s, finished=None) if game.status(s.seat) == status else s for s in seats]
        elif question.action is not None:
            seat = question.action.seat
            seats[seat] = replace(seats[seat], finished=None, is_revolution=False)
        if here and question.kind in (Ask.MAY_ACT, Ask.CAN, Ask.WHAT_IF):
            to_act = None
    return replace(view, seats=tuple(seats), to_act=to_act)


def checkpoint_puzzle(game: Game, question: str | Question) -> Puzzle | None:
    """A checkpoint question as a puzzle the engine answers: who may act, who opened, who is 闷ed, and "can seat
    N ..." / "what if seat N ..." (may it? the explanation says what follows). ``None`` for the questions that
    are shown, not asked (``who is out``, ``record``)."""
    q = question if isinstance(question, Question) else Question.parse(question)
    if q.action is not None:
        return CanActPuzzle(game, q.action)
    puzzle = {Ask.MAY_ACT: WhoMayActPuzzle, Ask.OPENED: WhoOpenedPuzzle, Ask.MEN: WhoIsMenPuzzle}.get(q.kind)
    return None if puzzle is None else puzzle(game)


def record_table(record: GameRecord, lang: Lang) -> HtmlFragment:
    """A game record as a table of places and events (never its JSON).

    >>> record = GameRecord(rules="qingdao", first_hand=False, finish_order=(1,))
    >>> '<th scope="row">走科</th><td>头科 座位1</td>' in record_table(record, "zh")
    True
    """
    rows = (el("tr", el("th", pick(label_zh, label_en, lang), scope="row"), el("td", pick(value_zh, value_en, lang)))
            for label_zh, value_zh, label_en, value_en in record_rows(record))
    return html(el("table", el("caption", t("player.record", lang)), el("tbody", rows),
                   cls="gouji-solution gj-record"))


class _Unreadable(GoujiError):
    """A what-if text that is not an action."""


class _Waits(GoujiError):
    """A what-if tried while the step's checkpoint is open: it waits until the learner has answered."""


#: The verbs a what-if may use: the action notation's own (:data:`~gouji_teach.rules.events.ACTION_KINDS`).
_SHORT_KIND = {verb: kind for kind in (ActionKind.PLAY, ActionKind.PASS, ActionKind.YIELD, ActionKind.BURN)
               for verb in ACTION_KINDS[kind]}
_SHORT_RE = re.compile(r"^\s*(?:(?:seat|座位|座)\s*([0-5]))?\s*(" + "|".join(sorted(_SHORT_KIND, key=len, reverse=True))
                       + r")\s*(.*?)\s*$", re.IGNORECASE)


def what_if_action(text: str, game: Game) -> Action:
    """A what-if typed in Chinese or English: ``座位1出AA``, ``过``, ``让``, ``烧AA``, ``seat 1 plays AA``,
    ``pass``. Without a seat, the seat to act (a burn: the first seat that may burn). Raises a
    :class:`~gouji_teach.rules.errors.GoujiError` that says how to write it.

    >>> from gouji_teach.rules.engine import Game
    >>> game = Game.from_hands({0: "KK 5", 1: "AA 7", 2: "9 6", 3: "AA 8", 4: "9 10", 5: "J Q"}, "qingdao", leader=0)
    >>> what_if_action("座位0出KK", game), what_if_action("过", game)
    (Action(seat=0, kind='play', cards='KK'), Action(seat=0, kind='pass', cards=None))
    """
    m = _SHORT_RE.match(text)
    if m is None:
        raise _Unreadable(f"看不懂“{text}”", f"cannot read {text!r}", rule="action.syntax")
    kind = _SHORT_KIND[m.group(2).lower()]
    if m.group(1) is not None:
        seat = int(m.group(1))
    elif kind == ActionKind.BURN and game.burn_candidates():
        seat = game.burn_candidates()[0]
    elif game.to_act is not None:
        seat = game.to_act
    else:
        raise _Unreadable("这局已经结束，没有人能动", "the hand is over: nobody may act", rule="turn.over")
    cards = m.group(3) or None
    if (cards is None) == (kind in (ActionKind.PLAY, ActionKind.BURN)):
        raise _Unreadable(f"“{text}”：出牌、烧牌要写牌，过、让不写牌",
                          f"{text!r}: plays and burns name cards, passes and yields do not", rule="action.syntax")
    try:
        return Action(seat, kind, cards)
    except GoujiError as e:
        raise _Unreadable(e.zh, e.en, rule="action.syntax") from None


def _narrate(events: tuple[Event, ...], lang: Lang) -> list[Element]:
    return [el("li", said(e.zh, e.en, lang)) for e in events]


def narration_html(frame: Frame, rules: Ruleset, lang: Lang, *, changed: bool = False,
                   ask: bool = True) -> HtmlFragment:
    """What a frame says: its step (the action in words, or the checkpoint's question unless ``ask`` is false:
    a page whose question widget asks it), the author's narration, the engine's events, a refusal under ``rules``
    with its reason, and (``changed``) that the step differs between the rule sets. The scenario player shows it
    under the table, the presenter's wall beside it."""
    step = frame.step
    parts: list[object] = []
    if step is None:
        parts.append(el("b", t("player.start", lang)))
    elif step.kind == StepKind.DO:
        parts += [el("b", t("player.step", lang, n=frame.number)), " ",
                  pick(*action_words(Action.parse(step.text)), lang)]
    else:
        parts.append(el("b", t("player.step", lang, n=frame.number)))
        if ask:
            parts += [" ", el("span", t("player.question", lang), pick(*question_words(step.text), lang), cls="gj-ask")]
    if step is not None and (step.say_zh or step.say_en):
        parts.append(el("p", pick(step.say_zh, step.say_en, lang), cls="gj-say"))
    if frame.events:
        parts.append(el("ul", _narrate(frame.events, lang), cls="gj-events"))
    if frame.refusal is not None:
        parts.append(el("div", "⚠ ", t("player.refused", lang, rules=pick(rules.title_zh, rules.title_en, lang)),
                        said(frame.refusal.zh, frame.refusal.en, lang), cls="gj-error", role="alert"))
    if changed:
        parts.append(el("div", t("player.changed_here", lang), cls="gj-changed"))
    return html(el("div", parts, cls="gj-narration", aria_live="polite"))


class ScenarioPlayer(View):
    """A scenario (a :class:`~gouji_teach.rules.scenario.Scenario` or a file path) as a widget to step through.

    ``presenter=True`` draws the table at :data:`~gouji_teach.show.pictures.PRESENTER_SCALE` and gives every
    checkpoint a reveal button; ``start_step`` opens a given step (a link's ``?step=N``; out-of-range values
    are clamped). Everything typed is untrusted input: a what-if action is parsed and checked by the engine,
    refusals are shown with their reasons, and the scenario itself never changes.
    """

    @whole  # its widgets open with their final state
    def __init__(self, scenario: Scenario | str | Path, *, presenter: bool = False, start_step: int = 0) -> None:
        self.scenario = scenario if isinstance(scenario, Scenario) else Scenario.load(scenario)
        self._presenter = presenter
        self._rules = self.scenario.rules
        self._frames = frames(self.scenario)
        self._changes: list[RuleChange] = []
        self._error: GoujiError | None = None
        self._wanted: Ruleset | None = None  # the rule set last asked for (shown, or refused by the scenario)
        self._puzzles: dict[tuple[str, int], PuzzleWidget | _AnswerReveal] = {}
        self._branch: tuple[str, tuple[Event, ...] | GoujiError] | None = None

        last = len(self._frames) - 1
        start = min(max(int(start_step), 0), last)
        self.title = make(w.HTML)
        self._relabelling = False
        self.rules = make(w.Dropdown, options=[(r.name, r.ref) for r in self._offered()], value=self._rules.ref,
                          layout={"width": "auto"})  # as wide as its longest rule set's name: none is cut
        self.back = make(w.Button, icon="step-backward")
        self.forward = make(w.Button, icon="step-forward")
        self.step = make(w.IntSlider, min=0, max=last, value=start, readout=False, layout={"width": "auto"})
        self.play = make(w.Play, min=0, max=last, value=start, interval=_SPEEDS[1][1])
        self._link = w.link((self.play, "value"), (self.step, "value"))
        self.speed = make(w.Dropdown, options=[(str(ms), ms) for _, ms in _SPEEDS], value=_SPEEDS[1][1],
                          layout={"width": "auto"})
        self.position = make(w.Label)
        self.table = make(w.HTML)
        self.view: TableView | None = None  # what the table picture shows (None: a seat puzzle draws it)
        self.narration = make(w.HTML)
        self.checkpoint = make(w.VBox)
        self.what_if = make(w.Text, continuous_update=False)
        self.try_button = make(w.Button)
        self.branch = make(w.HTML)
        self.changes = make(w.HTML)

        self.back.on_click(lambda _b: self.go(self.step.value - 1))
        self.forward.on_click(lambda _b: self.go(self.step.value + 1))
        self.step.observe(lambda _c: self._render(), names="value")
        self.speed.observe(self._on_speed, names="value")
        self.rules.observe(self._on_rules, names="value")
        self.try_button.on_click(lambda _b: self.try_action(self.what_if.value))
        self.what_if.observe(lambda c: self.try_action(str(c["new"])) if str(c["new"]).strip() else None,
                             names="value")

        wrap = {"flex_flow": "row wrap", "align_items": "center"}
        self.box = make(w.VBox, children=[
            self.title,
            make(w.HBox, children=[self.rules, self.back, self.play, self.forward, self.speed, self.position],
                 layout=wrap),
            self.step, self.changes, self.table, self.narration, self.checkpoint,
            make(w.HBox, children=[self.what_if, self.try_button], layout=wrap), self.branch,
        ], layout={"max_width": "100%"})
        self.box.add_class("gouji-scenario-player")
        follow_language(self.box, self._labels, self._render)
        self._labels()
        self._render()

    def _offered(self) -> list[Ruleset]:
        """The rule sets the player offers: the families, the app's house rules, and the ones it has shown."""
        offered = list(all_rulesets())
        for rules in (self.scenario.rules, self._rules):
            if rules.ref not in {r.ref for r in offered}:
                offered.append(rules)
        return offered

    # -- moving ---------------------------------------------------------------------------------------------------
    @property
    def frame(self) -> Frame:
        """The frame shown now."""
        return self._frames[self.step.value]

    def go(self, number: int) -> None:
        """Show step ``number`` (clamped to the steps there are)."""
        self.step.value = min(max(int(number), 0), len(self._frames) - 1)

    def _on_speed(self, change: dict[str, object]) -> None:
        if not self._relabelling and change["new"] in [ms for _, ms in _SPEEDS]:
            # (ignore below: ipywidgets' Play.interval is an Int trait)
            self.play.interval = int(change["new"])  # type: ignore[call-overload]

    def _on_rules(self, change: dict[str, object]) -> None:
        if not self._relabelling:
            self.switch_rules(str(change["new"]))

    def switch_rules(self, name: str) -> None:
        """Re-run the scenario under the rule set ``name`` and mark the steps that change; the step shown stays
        where it was (or at the last step reached). An unknown name or hands that cannot start are shown, and
        the player stays as it was."""
        try:
            rules = find_ruleset(name)
            self._wanted = rules
            new = frames(self.scenario, rules)
            changes = rule_changes(self.scenario, rules) if rules.key != self.scenario.rules.key else []
        except GoujiError as e:
            self._error = e
            self._render()
            return
        self._error = None
        self._rules, self._frames, self._changes = rules, new, changes
        self._branch = None
        last = len(new) - 1
        with self.step.hold_trait_notifications():
            self.step.value = min(self.step.value, last)
            self.step.max = self.play.max = last
        if self.rules.value != rules.ref:
            self._relabelling = True
            if rules.ref not in [ref for _, ref in self.rules.options]:
                self.rules.options = (*self.rules.options, (rules.name, rules.ref))
            self.rules.value = rules.ref
            self._relabelling = False
        self._render()

    def try_action(self, text: str) -> tuple[Event, ...] | GoujiError:
        """Play ``text`` (e.g. ``"seat 1 plays AA"``) on a branch of the step shown: the events it causes, or
        the refusal with its reason. The scenario is not changed. While the step's checkpoint is open (not
        answered, nor its answer shown), a what-if waits: it would answer the question, so it is refused, naming
        the step, and counts as no attempt."""
        text = str(text)[:80]
        open_ = self._puzzles.get((self._rules.ref, self.frame.number))
        if isinstance(open_, PuzzleWidget) and not open_.answered:  # a what-if would answer the checkpoint
            number = self.frame.number
            waits = _Waits(t("player.what_if.waits", "zh", n=number), t("player.what_if.waits", "en", n=number),
                           rule="scenario.question")
            self._branch = (text, waits)
            self._render()
            return waits
        try:
            action = what_if_action(text, self.frame.game)
            result: tuple[Event, ...] | GoujiError = self.frame.game.copy().apply(action)
        except GoujiError as e:
            result = e
        self._branch = (text, result)
        self._render()
        return result

    # -- rendering ----------------------------------------------------------------------------------------------
    def _labels(self) -> None:
        """The labels of the controls in the current language (their values stay)."""
        lang = get_language()
        self._relabelling = True
        try:
            rules, speed = self.rules.value, self.speed.value
            self.rules.options = [(pick(r.title_zh, r.title_en, lang), r.ref) for r in self._offered()]
            self.speed.options = [(t(key, lang), ms) for key, ms in _SPEEDS]
            self.rules.value, self.speed.value = rules, speed
        finally:
            self._relabelling = False
        self.rules.description = t("player.rules", lang)
        self.speed.description = t("player.speed", lang)
        self.back.description = t("player.back", lang)
        self.forward.description = t("player.forward", lang)
        self.what_if.placeholder = t("player.what_if", lang)
        self.try_button.description = t("player.try", lang)

    def _render(self) -> None:
        lang = get_language()
        frame = self.frame
        title = pick(self.scenario.title_zh, self.scenario.title_en, lang)
        self.title.value = html(el("h3", title, cls="gj-scenario-title")) if title else ""
        self.position.value = t("player.of", lang, n=frame.number, total=len(self.scenario.steps))
        self.back.disabled = frame.number == 0
        self.forward.disabled = frame.number >= len(self._frames) - 1
        self.narration.value = self._narration(frame, lang)
        self.checkpoint.children = self._checkpoint(frame)
        self._draw_table()
        self.branch.value = self._branch_html(lang)
        self.changes.value = self._changes_html(lang)

    def _answered(self, number: int) -> bool:
        """Whether the learner has answered checkpoint ``number`` under the rule set shown, or seen its answer."""
        widget = self._puzzles.get((self._rules.ref, number))
        return widget is not None and widget.answered

    def _draw_table(self) -> None:
        """The table picture of the step shown. A seat puzzle draws the position itself, without the markers that
        would give its answer away; any other step's picture leaves out the markers that answer a checkpoint here
        or ahead that is not answered yet (:func:`without_answers`). :attr:`view` is what it shows."""
        frame, lang = self.frame, get_language()
        if isinstance(self._puzzles.get((self._rules.ref, frame.number)), SeatPickWidget):
            self.view = None
            self.table.value = ""
            return
        self.view = step_view(frame.game, lang=lang, asked=open_ahead(self._frames, frame.number, self._answered))
        self.table.value = table_svg(self.view, lang=lang, scale=PRESENTER_SCALE if self._presenter else 1.0)

    def _narration(self, frame: Frame, lang: Lang) -> str:
        return narration_html(frame, self._rules, lang, changed=any(c.number == frame.number for c in self._changes))

    def _checkpoint(self, frame: Frame) -> tuple[w.Widget, ...]:
        step = frame.step
        if step is None or step.kind != StepKind.ASK or frame.refusal is not None:
            return ()
        key = (self._rules.ref, frame.number)
        if key not in self._puzzles:
            puzzle = checkpoint_puzzle(frame.game, step.text)
            widget = (puzzle_widget(puzzle, presenter=self._presenter) if puzzle is not None
                      else _AnswerReveal(frame.answer, record=step.question.kind == Ask.RECORD))
            widget.follow(self._draw_table)  # answered: the markers it hid come back
            self._puzzles[key] = widget
        return (self._puzzles[key].box,)

    def _branch_html(self, lang: Lang) -> str:
        if self._branch is None:
            return ""
        text, result = self._branch
        if isinstance(result, _Waits):
            return html(el("div", "⚠ ", said(result.zh, result.en, lang), cls="gj-branch gj-error", role="alert"))
        if isinstance(result, _Unreadable):
            return html(el("div", "⚠ ", said(result.zh, result.en, lang), el("br"), t("player.what_if.syntax", lang),
                           cls="gj-branch gj-error", role="alert"))
        head = t("player.branch", lang, action=text)
        if isinstance(result, GoujiError):
            return html(el("div", "⚠ ", head, said(result.zh, result.en, lang), cls="gj-branch gj-error", role="alert"))
        return html(el("div", head, el("ul", _narrate(result, lang)), el("small", t("player.branch.note", lang)),
                       cls="gj-branch", role="status"))

    def _changes_html(self, lang: Lang) -> str:
        base = self.scenario.rules
        if self._error is not None:  # a scenario's problem without the server's path to its file
            e = self._error
            zh, en = (e.detail_zh, e.detail_en) if isinstance(e, ScenarioError) else (e.zh, e.en)
            wanted = self._wanted
            lead = t("player.not_replayed", lang, rules=pick(wanted.title_zh, wanted.title_en, lang),
                     base=pick(base.title_zh, base.title_en, lang)) if wanted is not None else None
            return html(el("div", "⚠ ", lead, el("br") if lead else None, said(zh, en, lang), cls="gj-error",
                           role="alert"))
        if self._rules.key == base.key:
            return ""
        names = {"rules": pick(self._rules.title_zh, self._rules.title_en, lang),
                 "base": pick(base.title_zh, base.title_en, lang)}
        replayed = el("p", t("player.replayed", lang, **names), cls="gj-replayed")
        if not self._changes:
            return html(replayed, el("p", t("player.no_changes", lang, **names), cls="gj-changes"))
        items = (el("li", t(f"player.change.{c.kind}", lang, n=c.number)) for c in self._changes)
        return html(replayed, el("div", t("player.changes", lang, **names), el("ul", items), cls="gj-changes"))

    def close(self) -> None:
        """Close every widget of the player and its checkpoints; it no longer follows the language."""
        self._link.unlink()
        for puzzle in self._puzzles.values():
            puzzle.close()
        super().close()


class _AnswerReveal(View):
    """A checkpoint that is shown, not asked (who is out, the record): its answer appears on request only."""

    def __init__(self, answer: Answer | None, *, record: bool = False) -> None:
        self._answer = answer
        self._record = record
        self._shown = False
        self._followers: list[Callable[[], None]] = []
        self.button = make(w.Button, icon="eye")
        self.text = make(w.HTML)
        self.button.on_click(lambda _b: self.show())
        self.box = make(w.VBox, children=[self.button, self.text])
        follow_language(self.box, self._render)
        self._render()

    def show(self) -> None:
        self._shown = True
        self._render()
        for callback in self._followers:
            callback()

    @property
    def answered(self) -> bool:
        """Its answer has been shown."""
        return self._shown

    def follow(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` once the answer is shown."""
        self._followers.append(callback)

    def _render(self) -> None:
        lang = get_language()
        self.button.description = t("player.show", lang)
        if not self._shown or self._answer is None:
            self.text.value = ""
        elif self._record:
            self.text.value = record_table(GameRecord.from_json(self._answer.data), lang)
        else:
            text = said(self._answer.zh, self._answer.en, lang)
            self.text.value = html(el("div", text, cls="gouji-solution"))

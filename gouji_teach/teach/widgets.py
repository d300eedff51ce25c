"""ipywidgets for puzzles. Widgets only wire the pure checks of :mod:`gouji_teach.teach.puzzles`.

The puzzle, and so its answer, lives in this Python object in the kernel. What the browser receives (the
synced state of every widget) holds the question, the choices' labels and, once the learner has answered,
the feedback: never the answer or its explanation before that. Every value that comes back from the browser
is untrusted input and goes through ``Puzzle.check``.

Every control is a real button or text field, so a puzzle can be answered with the keyboard alone (Tab to a
choice, Enter or Space to press it; in a pick puzzle, type the cards and press Enter).

How a drill is scored (the progress store counts, from the drill's history, and the page shows what it keeps:
:meth:`ProgressStore.record_attempt`; a page with no learner shows its own count, saving nothing):

* a wrong answer gets why *that* answer is wrong and a counter-example, never the right answer; the second miss
  also shows the hint; the third shows the answer and ends the drill with 0 stars;
* "看答案 / show answer" shows the answer and ends the drill with 0 stars; once the drill is solved or its answer
  shown, the button is disabled until retry;
* a right answer gets the full explanation and ends the drill with :func:`~.progress.stars_for` stars: 3, 2 or 1
  by attempt (the store's count: answers given on an earlier page or in another tab count), one less if the
  learner asked for the hint (the store keeps that it was asked: ``on_hint``);
* an empty or unreadable answer (出牌 with nothing selected) is not an attempt;
* "再来一次 / retry" shows a *new* drill of the same kind and level (:func:`~.drills.next_drill`); the old one
  keeps its stars.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ipywidgets as w

from ..rules.cards import Hand, parse_cards
from ..rules.errors import GoujiError
from ..rules.plays import Play
from ..rules.words import Lang
from ..show.i18n import get_language, pick, register, t
from ..show.markup import HtmlFragment, el, html
from ..show.pictures import hand_html
from .compare_view import across_rulesets, across_rulesets_html, compare_title
from .controls import make
from .drills import next_drill
from .progress import stars_for
from .puzzles import (
    BeatsPuzzle,
    CountPuzzle,
    Feedback,
    GoujiPuzzle,
    HandPuzzle,
    PickPuzzle,
    Puzzle,
    RulesetsPuzzle,
)
from .view import View, close_tree, follow_language

__all__ = ["Attempt", "Kept", "OpenDrills", "PuzzleWidget", "RulesetComparison", "asks", "close_tree"]

register({
    "widget.hint": ("提示", "Hint"),
    "widget.retry": ("再来一次", "Retry"),
    "widget.reveal": ("揭晓答案", "Reveal the answer"),
    "widget.show": ("看答案（0星）", "Show answer (0 ★)"),
    "widget.shown": ("{stars}（看了答案）", "{stars} (answer shown)"),
    "widget.hinted": ("，用了提示", ", with the hint"),
    "widget.kept": ("{stars}（这题第一次解出时的星）", "{stars} (the stars of this drill's first solve)"),
    "widget.last": ("三次都没答对，下面是答案。", "Three misses: here is the answer."),
    "widget.asked": ("你要看答案，下面是答案。", "You asked for the answer: here it is."),
    "widget.invalid": ("这不算一次作答：", "This does not count as an attempt: "),
    "widget.submit": ("出牌", "Play these cards"),
    "widget.type": ("或者输入牌，按回车：", "or type the cards and press Enter:"),
    "widget.type.placeholder": ("例如 99 或 DD999", "e.g. 99 or DD999"),
    "widget.stars": ("{stars}（第{attempts}次答对{hinted}）", "{stars} (right on attempt {attempts}{hinted})"),
    "widget.id": ("题号 {id}", "Drill {id}"),
    "widget.right": ("对了！", "Right!"),
    "widget.wrong": ("再想想。", "Think again."),
    "widget.counter": ("反例：", "Counter-example: "),
    "widget.answer": ("答案：", "Answer: "),
    "widget.compare.challenger": ("出的牌", "Challenger"),
    "widget.compare.target": ("桌上的牌（可空）", "Target (may be empty)"),
    "widget.compare.go": ("比较四种规则", "Compare the four rule sets"),
    "widget.compare.open": ("这是本页第{n}题（题号 {id}）要问的：先回答它，再来这里看。",
                            "This is the question of drill {n} on this page ({id}): answer it first."),
})


_AUTO = {"width": "auto"}  # a button as wide as its label
_WRAP = {"flex_flow": "row wrap"}  # a row that wraps on a phone


@dataclass(frozen=True, slots=True)
class Attempt:
    """One answer given to a puzzle, or the request to see its answer, as reported to ``on_attempt`` (e.g. to
    save progress). It carries no stars: ``on_attempt`` may return what the progress store keeps for the drill
    (:class:`Kept`), which the widget then shows."""

    puzzle: Puzzle
    answer: str  # "" for the request to see the answer
    feedback: Feedback  # for that request: the solution
    attempt: int  # 1 for the first answer to the drill in this widget
    hinted: bool = False  # the learner asked for the hint before this answer
    shown: bool = False  # the drill ends with its answer shown (asked for, or the third miss): 0 stars


@dataclass(frozen=True, slots=True)
class Kept:
    """What the progress store keeps for a finished drill, as ``on_attempt`` returns it: its ``stars`` (0: its
    answer was shown first) and, if the answer just given was its first solve, the attempt it counts as in the
    store (``solved_on``) and whether a hint was asked before it."""

    stars: int
    solved_on: int | None = None
    hinted: bool = False


def _letter(i: int) -> str:
    """The letter of the ``i``-th choice when choices are pictures: A, B, C ..."""
    return "ABCDEFGH"[i]


class PuzzleWidget(View):
    """A puzzle as a widget: question, card pictures, answer controls, feedback, hint, retry and stars.

    ``on_attempt`` is called with an :class:`Attempt` after every answer, ``on_hint`` with the puzzle when the
    learner asks for its hint. ``presenter=True`` shows bigger cards and a "reveal" button instead of expecting the
    class to answer on this screen.
    """

    def __init__(self, puzzle: Puzzle, *, on_attempt: Callable[[Attempt], Kept | None] | None = None,
                 on_hint: Callable[[Puzzle], None] | None = None, presenter: bool = False) -> None:
        self._puzzle = puzzle
        self._on_attempt = on_attempt
        self._on_hint = on_hint
        self._presenter = presenter
        self._attempts = 0  # answers counted (valid ones)
        self._stars = 0
        self._last: Feedback | None = None
        self._invalid: Feedback | None = None  # the last answer that did not count, while it is shown
        self._revealed = False  # the answer is shown (presenter, "show answer" or three misses)
        self._hinted = False  # the hint is shown
        self._asked_hint = False  # ... because the learner asked (it costs a star)
        self._asked_answer = False  # the answer is shown because the learner asked for it (看答案)
        self._done = False  # solved, or its answer shown: no more attempts until retry
        self._kept: Kept | None = None  # what is kept for this puzzle: its first solve here, or the store's
        self._first: dict[object, int] = {}  # the stars of each puzzle's first solve (or 0: shown) in this widget
        self._followers: list[Callable[[], None]] = []  # told after every redraw (the page's tools: OpenDrills)

        self.question = make(w.HTML)
        self.cards = make(w.HTML)
        self.choice_buttons: list[w.Button] = []
        self.toggles: list[w.ToggleButton] = []
        answers = self._controls()
        self.feedback = make(w.HTML)
        self.hint_button = make(w.Button, icon="lightbulb-o", layout=_AUTO)
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.show_button = make(w.Button, icon="eye", layout=_AUTO)
        self.show_button.on_click(lambda _b: self.show_answer())
        self.retry_button = make(w.Button, icon="refresh", layout=_AUTO)
        self.retry_button.on_click(lambda _b: self.retry())
        tools = [self.hint_button, self.show_button, self.retry_button]
        if presenter:
            self.reveal_button = make(w.Button, button_style="warning")
            self.reveal_button.on_click(lambda _b: self.reveal())
            tools.append(self.reveal_button)
        self.status = make(w.HTML)
        self.box = make(w.VBox, children=[self.question, self.cards, answers, self.feedback,
                                          make(w.HBox, children=tools, layout=_WRAP), self.status],
                        layout={"max_width": "100%"})
        self.box.add_class("gouji-puzzle")
        follow_language(self.box, self._render)
        self._render()

    def _controls(self) -> w.Widget:
        """The answer controls: a button per choice, or (a pick puzzle) a toggle per card of the hand."""
        puzzle = self._puzzle
        if isinstance(puzzle, HandPuzzle):
            return self._toggle_rows(len(puzzle.hand.cards))  # type: ignore[attr-defined]  # its hand
        self.choice_buttons = [make(w.Button, layout=_AUTO) for _ in puzzle.choices]
        for i, button in enumerate(self.choice_buttons):  # the choice of the puzzle shown when clicked
            button.on_click(lambda _b, i=i: self.answer(self._puzzle.choices[i].key))
        return make(w.HBox, children=self.choice_buttons, layout=_WRAP)

    def _toggle_rows(self, count: int) -> w.Widget:
        """``count`` toggle buttons (labelled by :meth:`_label_toggles`), then a submit button and a text field
        answered with Enter."""
        self.toggles = [make(w.ToggleButton, layout=_AUTO) for _ in range(count)]
        self.submit = make(w.Button, button_style="primary")
        self.submit.on_click(lambda _b: self.answer(self._selected()))
        self.typed_label = make(w.HTML)  # a Label would not wrap: its end is cut at phone width
        self.typed = make(w.Text, continuous_update=False)
        self.typed.observe(self._on_typed, names="value")
        return make(w.VBox, children=[make(w.HBox, children=self.toggles, layout=_WRAP),
                                      make(w.HBox, children=[self.submit, self.typed_label, self.typed],
                                           layout=_WRAP)])

    @staticmethod
    def _shape(puzzle: Puzzle) -> tuple[object, ...]:
        """What a puzzle's answer controls are made for: a puzzle of the same shape can use them too."""
        if isinstance(puzzle, HandPuzzle):
            return HandPuzzle, len(puzzle.hand.cards)  # type: ignore[attr-defined]  # its hand
        return type(puzzle), len(puzzle.choices)

    def show(self, puzzle: Puzzle) -> bool:
        """Show another puzzle in these controls, as new (no attempt, hint or stars), and return ``True``; if it
        is answered with other controls, return ``False`` and change nothing. (A page whose rule set changes
        shows its quiz's new puzzles without making new widgets.)"""
        if self._shape(puzzle) != self._shape(self._puzzle):
            return False
        self._puzzle = puzzle
        self._reset()  # which renders, toggle labels included
        return True

    # -- rendering ----------------------------------------------------------------------------------------
    def _render(self) -> None:
        lang = get_language()
        puzzle = self._puzzle
        zh, en = puzzle.question()
        # the drill's number (its whole id, kind/rules/level/number, on hover: for a teacher's question)
        number = re.search(r"(\d+)$", puzzle.puzzle_id) if puzzle.puzzle_id else None
        drill = el("small", t("widget.id", lang, id=number.group(1)), title=puzzle.puzzle_id) if number else None
        self.question.value = html(el("div", el("b", pick(zh, en, lang)), [" ", drill] if drill else None,
                                      cls="gouji-question"))
        self.cards.value = self._pictures()
        if self.toggles:  # answered by toggles (cards, or seats): no choice buttons
            self._label_toggles(lang)
        else:
            lettered = any(puzzle.choice_picture(c.key, lang) for c in puzzle.choices)
            for i, (button, choice) in enumerate(zip(self.choice_buttons, puzzle.choices, strict=True)):
                button.description = _letter(i) if lettered else choice.text(lang)
        self.hint_button.description = t("widget.hint", lang)
        self.show_button.description = t("widget.show", lang)
        self.show_button.disabled = self._done or self._revealed  # solved or shown: nothing left to show
        self.retry_button.description = t("widget.retry", lang)
        if self._presenter:
            self.reveal_button.description = t("widget.reveal", lang)
        self.feedback.value = self._feedback_html(lang)
        self.status.value = self._status_html(lang)
        for callback in self._followers:
            callback()

    #: The message keys of the toggles' submit button, text field placeholder and text field label.
    _TOGGLE_TEXTS = ("widget.submit", "widget.type.placeholder", "widget.type")

    def _toggle_labels(self, lang: Lang) -> list[str]:
        """The toggles' labels: a pick puzzle's cards."""
        # (ignore below: the toggles are built only for a pick puzzle, which has a hand)
        return [c.notation for c in self._puzzle.hand.cards]  # type: ignore[attr-defined]

    def _label_toggles(self, lang: Lang) -> None:
        for toggle, text in zip(self.toggles, self._toggle_labels(lang), strict=True):
            toggle.description = text
        submit, placeholder, label = (t(key, lang) for key in self._TOGGLE_TEXTS)
        self.submit.description, self.typed.placeholder = submit, placeholder
        self.typed_label.value = html(el("span", label, style="line-height:1.3"))

    def _pictures(self) -> HtmlFragment:
        """The cards of the question as pictures, with no caption (a caption would give the count away), the
        puzzle's own picture, and its choices' pictures lettered A, B, C ..."""
        lang = get_language()
        scale = 1.6 if self._presenter else 1.0
        plays = [p for p in (getattr(self._puzzle, n, None) for n in ("challenger", "target", "play"))
                 if isinstance(p, Play)]
        parts: list[object] = [hand_html(Hand(p.cards), scale=scale) for p in plays]
        parts.append(self._puzzle.picture(lang, scale))  # markup, as it is; a plain string would be escaped
        pictures = [self._puzzle.choice_picture(c.key, lang) for c in self._puzzle.choices]
        if any(pictures):
            figures = [el("figure", el("figcaption", el("b", _letter(i))), picture, cls="gj-choice-picture",
                          style="margin:0;flex:0 0 calc(50% - 3px);max-width:180px")
                       for i, picture in enumerate(pictures)]
            parts.append(el("div", figures, cls="gj-choice-pictures",
                            style="display:flex;flex-flow:row wrap;gap:6px;max-width:100%"))
        return html(parts)

    def _feedback_html(self, lang: Lang) -> HtmlFragment:
        parts = []
        if self._hinted:
            parts.append(el("div", pick(*self._puzzle.hint(), lang), cls="gouji-hint"))
        fb = self._last
        if fb is not None:
            # once the answer is shown, the line under it says why; "think again" no longer holds
            shown = self._revealed and not fb.correct
            head = "" if shown else t("widget.right" if fb.correct else "widget.wrong", lang)
            counter = [el("br"), t("widget.counter", lang) + fb.counter(lang)] if fb.counter(lang) else None
            parts.append(el("div", el("b", "✔" if fb.correct else "✘"), " " + fb.text(lang), counter, " ",
                            el("b", head), cls=f"gouji-feedback {'right' if fb.correct else 'wrong'}", role="status"))
        if self._invalid is not None:
            parts.append(el("div", "⚠ " + t("widget.invalid", lang) + self._invalid.text(lang),
                            cls="gouji-feedback invalid", role="alert"))
        if self._revealed and not (fb is not None and fb.correct):
            sol = self._puzzle.solution()
            why = None if self._presenter and not self._asked_answer else el(
                "div", t("widget.asked" if self._asked_answer else "widget.last", lang))
            parts.append(el("div", why, el("b", t("widget.answer", lang)), sol.text(lang), cls="gouji-solution"))
        return html(parts)

    def _status_html(self, lang: Lang) -> HtmlFragment:
        if not self._done or (self._presenter and not self._attempts):
            return html()
        stars = "★" * self._stars + "☆" * (3 - self._stars)
        kept = self._kept
        if kept is not None and self._last is not None and self._last.correct and kept.solved_on is None:
            text = t("widget.kept", lang, stars=stars) if kept.stars else t("widget.shown", lang, stars=stars)
        elif self._last is None or not self._last.correct:
            text = t("widget.shown", lang, stars=stars)
        else:
            solved_on, hinted = (kept.solved_on, kept.hinted) if kept is not None else (self._attempts,
                                                                                        self._asked_hint)
            text = t("widget.stars", lang, stars=stars, attempts=solved_on,
                     hinted=t("widget.hinted", lang) if hinted else "")
        return html(el("span", text, cls="gouji-stars", aria_label=f"{self._stars}/3"))

    # -- actions ----------------------------------------------------------------------------------------------
    def _selected(self) -> str:
        # (ignore below: the toggles are built only for a pick puzzle, which has a hand)
        cards = self._puzzle.hand.cards  # type: ignore[attr-defined]
        return "".join(c.notation for c, toggle in zip(cards, self.toggles, strict=True) if toggle.value)

    def _on_typed(self, change: dict[str, object]) -> None:
        text = str(change["new"] or "")
        if text.strip():
            self.answer(text)

    def answer(self, answer: str) -> Feedback:
        """Check an answer (a choice key, card notation, seats) and show the feedback (see the module docs)."""
        if self._done:  # solved or shown: further answers are not attempts until the learner retries
            return self._last or self._puzzle.solution()
        feedback = self._puzzle.check(str(answer))
        if not feedback.valid:  # empty or unreadable: say why, count nothing
            self._invalid = feedback
            self._render()
            return feedback
        self._invalid = None
        self._attempts += 1
        self._last = feedback
        if feedback.correct:
            self._done, self._stars = True, stars_for(self._attempts, hinted=self._asked_hint,
                                                      choices=len(self._puzzle.choices))
            self._keep(self._stars)
        elif self._attempts >= 3:
            self._done = self._revealed = True
            self._keep(0)
        elif self._attempts == 2:
            self._hinted = True  # the second miss shows the hint, free
        self._report(Attempt(self._puzzle, str(answer), feedback, self._attempts, self._asked_hint,
                             self._revealed and not feedback.correct))
        return feedback

    def _keep(self, stars: int) -> None:
        """The puzzle is done with ``stars``, unless it was done before in this widget (a puzzle that is not a
        drill comes back on retry): then it keeps those of the first time."""
        key = self._puzzle.puzzle_id or id(self._puzzle)
        first = self._first.setdefault(key, stars)
        if first != stars:
            self._stars = first
            self._kept = Kept(first)

    def _report(self, attempt: Attempt) -> None:
        """Tell ``on_attempt``; show what the progress store keeps, if it says; render."""
        kept = self._on_attempt(attempt) if self._on_attempt is not None else None
        if isinstance(kept, Kept) and self._done:
            self._kept, self._stars = kept, kept.stars
        self._render()

    def show_hint(self) -> None:
        """Show the hint: asked for before the drill ends, it costs a star (``on_hint`` is told, so that the store
        keeps it)."""
        if not self._done and not self._hinted:
            self._asked_hint = True
            if self._on_hint is not None:
                self._on_hint(self._puzzle)
        self._hinted = True
        self._render()

    def show_answer(self) -> None:
        """"Show answer": the answer and its explanation, and the drill ends with 0 stars."""
        if self._done:
            return
        self._done = self._revealed = self._asked_answer = True
        self._invalid = None
        self._keep(0)
        self._report(Attempt(self._puzzle, "", self._puzzle.solution(), self._attempts, self._asked_hint, True))

    def reveal(self) -> None:
        """Show the answer and its explanation (presenter mode: the class answers elsewhere; nothing is scored)."""
        self._revealed = True
        self._render()

    def retry(self) -> None:
        """再来一次: a new drill of the same kind and level (the same puzzle if it is not a drill), as new."""
        new = next_drill(self._puzzle) if self._puzzle.puzzle_id else None
        if new is not None and self._shape(new) == self._shape(self._puzzle):
            self._puzzle = new
        self._reset()

    def _reset(self) -> None:
        self._attempts = self._stars = 0
        self._last = self._invalid = self._kept = None
        self._revealed = self._hinted = self._asked_hint = self._asked_answer = self._done = False
        for toggle in self.toggles:
            toggle.value = False
        if self.toggles:
            self.typed.value = ""
        self._render()

    def follow(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every redraw: the drill may have been answered, shown or replaced."""
        self._followers.append(callback)

    @property
    def answered(self) -> bool:
        """The drill shown is solved or its answer shown (revealed, for a presenter): no longer open."""
        return self._done or self._revealed

    @property
    def stars(self) -> int:
        return self._stars

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle shown (after 再来一次, a new drill)."""
        return self._puzzle


def _cards(text: str) -> Counter[str]:
    """The cards of a notation, in any order or spacing."""
    return Counter(c.notation for c in parse_cards(text))


def asks(puzzle: Puzzle, challenger: str, target: str | None = None) -> bool:
    """Whether comparing ``challenger`` against ``target`` (``None``: the play alone, its count, 够级 and 开点)
    under the rule sets answers ``puzzle``: the same cards as a beats question's two plays, as a 够级 or count
    question's play, as a rule-set question's plays; for a pick question, cards of its hand against its target.
    Bad notation asks nothing.

    >>> from gouji_teach.teach.drills import make_drill
    >>> p = make_drill("gouji", "gouji.1", level="easy", rules="qingdao")
    >>> p.play.notation, asks(p, "KKKKK"), asks(p, "K K K K K"), asks(p, "KKKKK", "AAAAA"), asks(p, "KKKK")
    ('KKKKK', True, True, False, False)
    """
    try:
        ch, tg = _cards(challenger), _cards(target) if target else None
        if isinstance(puzzle, BeatsPuzzle):
            return (ch, tg) == (_cards(puzzle.challenger.notation), _cards(puzzle.target.notation))
        if isinstance(puzzle, GoujiPuzzle | CountPuzzle):
            return tg is None and ch == _cards(puzzle.play.notation)
        if isinstance(puzzle, RulesetsPuzzle):
            first, second = puzzle.cards
            return (ch, tg) == (_cards(first), _cards(second) if second else None)
        if isinstance(puzzle, PickPuzzle):
            hand = Counter(c.notation for c in puzzle.hand.cards)
            return bool(ch) and tg == _cards(puzzle.target.notation) and not ch - hand
    except GoujiError:
        return False
    return False


class OpenDrills:
    r"""The drills a page asks, as the page's tools see them: the page's quiz shows its :class:`PuzzleWidget`\ s
    here (:meth:`show`), and a tool that could answer one (the comparison box, a fixed comparison table) asks
    :meth:`asking` before it answers, and follows (:meth:`follow`) to answer once the drill is. The puzzles stay in
    the kernel: nothing of them reaches a widget's synced state.

    >>> from gouji_teach.teach.drills import make_drill
    >>> drills = OpenDrills()
    >>> quiz = PuzzleWidget(make_drill("beats", 1, level="easy", rules="qingdao"))
    >>> drills.show([quiz])
    >>> ch, tg = quiz.puzzle.challenger.notation, quiz.puzzle.target.notation
    >>> drills.asking(ch, tg) == (1, quiz.puzzle)
    True
    >>> quiz.show_answer()
    >>> drills.asking(ch, tg) is None
    True
    """

    def __init__(self) -> None:
        self._widgets: list[PuzzleWidget] = []
        self._followers: list[Callable[[], None]] = []
        self._shown: list[tuple[str, str | None]] = []  # what the page prints: its quiz asks none of it

    def shows(self, challenger: str, target: str | None = None) -> None:
        """The page prints the answer on ``challenger`` (against ``target``) for everyone to read: its quiz asks
        another drill than one it answers (:meth:`printed`)."""
        self._shown.append((challenger, target))

    def printed(self, puzzle: Puzzle) -> bool:
        """Whether the page prints the answer of ``puzzle`` (:meth:`shows`)."""
        return any(asks(puzzle, challenger, target) for challenger, target in self._shown)

    def show(self, widgets: Sequence[PuzzleWidget]) -> None:
        """The page's drills are now those of ``widgets``, numbered from 1 in order; tell the followers."""
        for widget in widgets:
            if widget not in self._widgets:
                widget.follow(self._changed)
        self._widgets = list(widgets)
        self._changed()

    @property
    def puzzles(self) -> tuple[Puzzle, ...]:
        """The page's drills as they are shown now, in order (kernel-side only, like the puzzles themselves)."""
        return tuple(x.puzzle for x in self._widgets)

    def follow(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when a drill is answered, shown or replaced."""
        self._followers.append(callback)

    def _changed(self) -> None:
        for callback in self._followers:
            callback()

    def asking(self, challenger: str, target: str | None = None) -> tuple[int, Puzzle] | None:
        """The first drill of the page, not answered yet, that comparing ``challenger`` with ``target`` answers
        (:func:`asks`), with its number on the page; ``None``: none."""
        return next(((n, x.puzzle) for n, x in enumerate(self._widgets, start=1)
                     if not x.answered and asks(x.puzzle, challenger, target)), None)

    def refusal(self, challenger: str, target: str | None, lang: Lang | None = None) -> str | None:
        """The message shown instead of an open drill's answer (``None``: nothing to refuse)."""
        open_ = self.asking(challenger, target)
        if open_ is None:
            return None
        n, puzzle = open_
        return t("widget.compare.open", lang, n=n, id=puzzle.puzzle_id)


class RulesetComparison(View):
    """Type a play (and a target) and see the verdict under each of the four rule sets, with reasons.

    Bad input shows one message in place; the typed text and the last good table stay as they were. With the
    page's ``drills``, a play that an open drill of the page asks is refused (the message names the drill) until
    that drill is answered, and then shown.
    """

    def __init__(self, challenger: str = "DD", target: str = "D", *, drills: OpenDrills | None = None) -> None:
        self._drills = drills
        self.challenger = make(w.Text, value=challenger, continuous_update=False)
        self.target = make(w.Text, value=target, continuous_update=False)
        self.go = make(w.Button, button_style="primary")
        self.error = make(w.HTML)
        self.table = make(w.HTML)
        self.go.on_click(lambda _b: self.update())
        for field_ in (self.challenger, self.target):
            field_.observe(lambda _c: self.update(), names="value")
        self.box = make(w.VBox, children=[make(w.HBox, children=[self.challenger, self.target, self.go], layout=_WRAP),
                                          self.error, self.table])
        follow_language(self.box, self._labels, self.update)
        if drills is not None:
            drills.follow(self.update)
        self._labels()
        self.update()

    def _labels(self) -> None:
        lang = get_language()
        self.challenger.placeholder = t("widget.compare.challenger", lang)
        self.challenger.description = ""
        self.target.placeholder = t("widget.compare.target", lang)
        self.go.description = t("widget.compare.go", lang)

    def update(self) -> None:
        lang = get_language()
        challenger, target = self.challenger.value.strip(), self.target.value.strip() or None
        try:
            answers = across_rulesets(challenger, target)
        except GoujiError as e:
            self.error.value = html(el("div", "⚠ " + pick(e.zh, e.en, lang), cls="gouji-error", role="alert"))
            return
        refused = self._drills.refusal(challenger, target, lang) if self._drills is not None else None
        if refused is not None:  # the question of a drill on this page: not before the learner answers it
            self.error.value = html(el("div", "⚠ " + refused, cls="gouji-error", role="alert"))
            self.table.value = ""
            return
        self.error.value = ""
        self.table.value = across_rulesets_html(answers, title=compare_title(challenger, target, lang), lang=lang)

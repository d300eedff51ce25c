"""ipywidgets for puzzles. Widgets only wire the pure checks of :mod:`gouji_teach.teach.puzzles`.

The puzzle, and so its answer, lives in this Python object in the kernel. What the browser receives (the
synced state of every widget) holds the question, the choices' labels and, once the learner has answered,
the feedback: never the answer or its explanation before that. Every value that comes back from the browser
is untrusted input and goes through ``Puzzle.check``.

Every control is a real button or text field, so a puzzle can be answered with the keyboard alone (Tab to a
choice, Enter or Space to press it; in a pick puzzle, type the cards and press Enter).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass

import ipywidgets as w

from ..cards import Hand
from ..errors import GoujiError
from ..plays import Play
from .compare_view import across_rulesets, across_rulesets_html, compare_title
from .controls import make
from .i18n import get_language, pick, register, subscribe, t
from .progress import stars_for
from .puzzles import Feedback, PickPuzzle, Puzzle
from .render import hand_html

__all__ = ["Attempt", "PuzzleWidget", "RulesetComparison", "close_tree"]

register({
    "widget.hint": ("提示", "Hint"),
    "widget.retry": ("再来一次", "Retry"),
    "widget.reveal": ("揭晓答案", "Reveal the answer"),
    "widget.submit": ("出牌", "Play these cards"),
    "widget.type": ("或者输入牌，按回车：", "or type the cards and press Enter:"),
    "widget.type.placeholder": ("例如 99 或 DD999", "e.g. 99 or DD999"),
    "widget.stars": ("{stars}（第{attempts}次答对）", "{stars} (right on attempt {attempts})"),
    "widget.id": ("题号 {id}", "Drill {id}"),
    "widget.right": ("对了！", "Right!"),
    "widget.wrong": ("不对，再想想。", "Not quite. Try again."),
    "widget.counter": ("反例：", "Counter-example: "),
    "widget.answer": ("答案：", "Answer: "),
    "widget.compare.challenger": ("出的牌", "Challenger"),
    "widget.compare.target": ("桌上的牌（可空）", "Target (may be empty)"),
    "widget.compare.go": ("比较四种规则", "Compare the four rule sets"),
})


_AUTO = {"width": "auto"}  # a button as wide as its label
_WRAP = {"flex_flow": "row wrap"}  # a row that wraps on a phone


@dataclass(frozen=True, slots=True)
class Attempt:
    """One answer given to a puzzle, as reported to ``on_attempt`` (e.g. to save progress)."""

    puzzle: Puzzle
    answer: str
    feedback: Feedback
    attempt: int  # 1 for the first answer since the puzzle was shown or retried
    stars: int  # 0 unless this answer solved the puzzle


def close_tree(widget: w.Widget) -> None:
    """Close a widget and, depth first, every widget it contains."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    widget.close()


class PuzzleWidget:
    """A puzzle as a widget: question, card pictures, answer controls, feedback, hint, retry and stars.

    ``on_attempt`` is called with an :class:`Attempt` after every answer. ``presenter=True`` shows bigger cards
    and a "reveal" button instead of expecting the class to answer on this screen.
    """

    def __init__(self, puzzle: Puzzle, *, on_attempt: Callable[[Attempt], None] | None = None,
                 presenter: bool = False) -> None:
        self._puzzle = puzzle
        self._on_attempt = on_attempt
        self._presenter = presenter
        self._attempts = 0
        self._stars = 0
        self._last: Feedback | None = None
        self._revealed = False
        self._hinted = False

        self.question = make(w.HTML)
        self.cards = make(w.HTML)
        self.choice_buttons: list[w.Button] = []
        self.toggles: list[w.ToggleButton] = []
        answers = self._controls()
        self.feedback = make(w.HTML)
        self.hint_button = make(w.Button, icon="lightbulb-o")
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.retry_button = make(w.Button, icon="refresh")
        self.retry_button.on_click(lambda _b: self.retry())
        tools = [self.hint_button, self.retry_button]
        if presenter:
            self.reveal_button = make(w.Button, button_style="warning")
            self.reveal_button.on_click(lambda _b: self.reveal())
            tools.append(self.reveal_button)
        self.status = make(w.HTML)
        self.box = make(w.VBox, children=[self.question, self.cards, answers, self.feedback,
                                          make(w.HBox, children=tools, layout=_WRAP), self.status],
                        layout={"max_width": "100%"})
        self.box.add_class("gouji-puzzle")
        self._unsubscribe = subscribe(lambda _lang: self._render())
        self._render()

    def _controls(self) -> w.Widget:
        """The answer controls: a button per choice, or (a pick puzzle) a toggle per card of the hand."""
        puzzle = self._puzzle
        if isinstance(puzzle, PickPuzzle):
            return self._toggle_rows(len(puzzle.hand.cards))
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
        self.typed_label = make(w.Label)
        self.typed = make(w.Text, continuous_update=False)
        self.typed.observe(self._on_typed, names="value")
        return make(w.VBox, children=[make(w.HBox, children=self.toggles, layout=_WRAP),
                                      make(w.HBox, children=[self.submit, self.typed_label, self.typed],
                                           layout=_WRAP)])

    @staticmethod
    def _shape(puzzle: Puzzle) -> tuple[object, ...]:
        """What a puzzle's answer controls are made for: a puzzle of the same shape can use them too."""
        if isinstance(puzzle, PickPuzzle):
            return PickPuzzle, len(puzzle.hand.cards)
        return type(puzzle), len(puzzle.choices)

    def show(self, puzzle: Puzzle) -> bool:
        """Show another puzzle in these controls, as new (no attempt, hint or stars), and return ``True``; if it
        is answered with other controls, return ``False`` and change nothing. (A page whose rule set changes
        shows its quiz's new puzzles without making new widgets.)"""
        if self._shape(puzzle) != self._shape(self._puzzle):
            return False
        self._puzzle = puzzle
        self.retry()  # which renders, toggle labels included
        return True

    # -- rendering ----------------------------------------------------------------------------------------
    def _render(self) -> None:
        lang = get_language()
        puzzle = self._puzzle
        zh, en = puzzle.question()
        drill = t("widget.id", lang, id=puzzle.puzzle_id) if puzzle.puzzle_id else ""
        self.question.value = (f"<div class='gouji-question'><b>{html.escape(pick(zh, en, lang))}</b>"
                               + (f" <small>{html.escape(drill)}</small>" if drill else "") + "</div>")
        self.cards.value = self._pictures()
        if self.toggles:  # answered by toggles (cards, or seats): no choice buttons
            self._label_toggles(lang)
        else:
            for button, choice in zip(self.choice_buttons, puzzle.choices, strict=True):
                button.description = choice.text(lang)
        self.hint_button.description = t("widget.hint", lang)
        self.retry_button.description = t("widget.retry", lang)
        if self._presenter:
            self.reveal_button.description = t("widget.reveal", lang)
        self.feedback.value = self._feedback_html(lang)
        self.status.value = self._status_html(lang)

    #: The message keys of the toggles' submit button, text field placeholder and text field label.
    _TOGGLE_TEXTS = ("widget.submit", "widget.type.placeholder", "widget.type")

    def _toggle_labels(self, lang: str) -> list[str]:
        """The toggles' labels: a pick puzzle's cards."""
        return [c.notation for c in self._puzzle.hand.cards]  # type: ignore[attr-defined]

    def _label_toggles(self, lang: str) -> None:
        for toggle, text in zip(self.toggles, self._toggle_labels(lang), strict=True):
            toggle.description = text
        submit, placeholder, label = (t(key, lang) for key in self._TOGGLE_TEXTS)
        self.submit.description, self.typed.placeholder, self.typed_label.value = submit, placeholder, label

    def _pictures(self) -> str:
        """The cards of the question as pictures, with no caption: a caption would give the count away."""
        scale = 1.6 if self._presenter else 1.0
        plays = [p for p in (getattr(self._puzzle, n, None) for n in ("challenger", "target", "play"))
                 if isinstance(p, Play)]
        return "".join(hand_html(Hand(p.cards), scale=scale) for p in plays)

    def _feedback_html(self, lang: str) -> str:
        parts = []
        if self._hinted:
            parts.append(f"<div class='gouji-hint'>{html.escape(pick(*self._puzzle.hint(), lang))}</div>")
        fb = self._last
        if fb is not None:
            head = t("widget.right" if fb.correct else "widget.wrong", lang)
            parts.append(f"<div class='gouji-feedback {'right' if fb.correct else 'wrong'}' role='status'>"
                         f"<b>{'✔' if fb.correct else '✘'} {html.escape(head)}</b> {html.escape(fb.text(lang))}"
                         + (f"<br>{html.escape(t('widget.counter', lang))}{html.escape(fb.counter(lang))}"
                            if fb.counter(lang) else "") + "</div>")
        if self._revealed:
            sol = self._puzzle.solution()
            parts.append(f"<div class='gouji-solution'><b>{html.escape(t('widget.answer', lang))}</b>"
                         f"{html.escape(sol.text(lang))}</div>")
        return "".join(parts)

    def _status_html(self, lang: str) -> str:
        if not self._stars:
            return ""
        stars = "★" * self._stars + "☆" * (3 - self._stars)
        return f"<span class='gouji-stars' aria-label='{self._stars}/3'>{html.escape(t('widget.stars', lang, stars=stars, attempts=self._attempts))}</span>"  # noqa: E501

    # -- actions ----------------------------------------------------------------------------------------------
    def _selected(self) -> str:
        cards = self._puzzle.hand.cards  # type: ignore[attr-defined]
        return "".join(c.notation for c, toggle in zip(cards, self.toggles, strict=True) if toggle.value)

    def _on_typed(self, change: dict[str, object]) -> None:
        text = str(change["new"] or "")
        if text.strip():
            self.answer(text)

    def answer(self, answer: str) -> Feedback:
        """Check an answer (a choice key, or card notation for a pick puzzle) and show the feedback."""
        if self._stars:  # solved: further answers are not attempts until the learner retries
            return self._last  # type: ignore[return-value]
        feedback = self._puzzle.check(str(answer))
        self._attempts += 1
        self._last = feedback
        if feedback.correct:
            self._stars = stars_for(self._attempts)
        if self._on_attempt is not None:
            self._on_attempt(Attempt(self._puzzle, str(answer), feedback, self._attempts, self._stars))
        self._render()
        return feedback

    def show_hint(self) -> None:
        self._hinted = True
        self._render()

    def reveal(self) -> None:
        """Show the answer and its explanation (presenter mode)."""
        self._revealed = True
        self._render()

    def retry(self) -> None:
        """Start the puzzle again: feedback, hint, stars and the attempt count are cleared."""
        self._attempts = self._stars = 0
        self._last = None
        self._revealed = self._hinted = False
        for toggle in self.toggles:
            toggle.value = False
        if self.toggles:
            self.typed.value = ""
        self._render()

    @property
    def stars(self) -> int:
        return self._stars

    def close(self) -> None:
        """Stop following the language and close every widget of this view (the browser forgets them)."""
        self._unsubscribe()
        close_tree(self.box)

    def _repr_mimebundle_(self, **kwargs: object) -> dict | None:
        return self.box._repr_mimebundle_(**kwargs)


class RulesetComparison:
    """Type a play (and a target) and see the verdict under each of the four rule sets, with reasons.

    Bad input shows one message in place; the typed text and the last good table stay as they were.
    """

    def __init__(self, challenger: str = "DD", target: str = "D") -> None:
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
        self._unsubscribe = subscribe(lambda _lang: self._labels() or self.update())
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
            self.error.value = f"<div class='gouji-error' role='alert'>⚠ {html.escape(pick(e.zh, e.en, lang))}</div>"
            return
        self.error.value = ""
        self.table.value = across_rulesets_html(answers, title=compare_title(challenger, target, lang), lang=lang)

    def close(self) -> None:
        """Stop following the language and close every widget of this view (the browser forgets them)."""
        self._unsubscribe()
        close_tree(self.box)

    def _repr_mimebundle_(self, **kwargs: object) -> dict | None:
        return self.box._repr_mimebundle_(**kwargs)

"""The engine's table as pictures, and the widget that asks about it by clicking seats.

:func:`table_view` turns a :class:`~gouji_teach.rules.engine.Game` into the render's
:class:`~gouji_teach.show.pictures.TableView` (cards left, each seat's last action in the current round, 开点,
places, 闷 and 革命 markers, whose turn, the play on the table). :func:`position_html` draws what a puzzle
about a position shows, without what would give its answer away. :class:`SeatPickWidget` is a
:class:`~gouji_teach.teach.widgets.PuzzleWidget` answered by toggling six seat buttons (or typing ``1,4`` and
pressing Enter); :func:`puzzle_widget` picks the right widget for any puzzle.

>>> from gouji_teach.rules.engine import Game
>>> g = Game.from_hands({0: "KK 5", 1: "QQ 4", 2: "9", 3: "AA 6", 4: "8", 5: "7"}, leader=0)
>>> _ = g.act("seat 0 plays KK")
>>> view = table_view(g, lang="en")
>>> view.to_act, view.seats[0].last_action, view.seats[0].cards_left
(3, 'two Ks', 1)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import ipywidgets as w

from ..rules.cards import Hand
from ..rules.engine import FAILED, MEN, OUT, REVOLT, Game, KaidianState
from ..rules.events import Event, EventKind
from ..rules.plays import Play
from ..rules.rulesets import PRESETS, find_ruleset
from ..rules.settlement import PLACES_EN, PLACES_ZH
from ..rules.words import Lang
from ..show.i18n import pick, register, t
from ..show.markup import Element, HtmlFragment, el, html
from ..show.pictures import PRESENTER_SCALE, SeatView, TableView, hand_html, round_html, table_svg
from .puzzles import AnsweredBy, PositionPuzzle, Puzzle, WhoIsMenPuzzle, WhoMayActPuzzle, seats_key
from .widgets import Attempt, Kept, PuzzleWidget

__all__ = ["RulesetPickWidget", "SeatPickWidget", "position_html", "puzzle_widget", "round_plays",
           "table_view"]

register({
    "table.men": ("被座位{by}闷", "闷ed by seat {by}"),
    "table.failed": ("烧失败", "burn failed"),
    "table.pass": ("过", "pass"),
    "table.yield": ("让牌", "让牌 (yield)"),
    "table.no_burn": ("不烧", "no burn"),
    "table.hands": ("各家手牌", "The hands"),
    "table.hands.after": ("这一轮之后各家的手牌", "The hands after this round"),
    "table.round": ("这一轮", "This round"),
    "table.seat_toggle": ("座位{n}", "seat {n}"),
    "table.submit": ("就是这些座位", "These seats"),
    "table.type": ("或者输入座位号（例如 1,4；没有人写 -），按回车：",
                   "or type the seats (e.g. 1,4; - for nobody) and press Enter:"),
    "table.type.placeholder": ("例如 1,4", "e.g. 1,4"),
})

_ACTION_EVENTS = frozenset({EventKind.LEAD, EventKind.PLAY, EventKind.BURN, EventKind.COUNTER_BURN, EventKind.PASS,
                            EventKind.YIELD})


_PRESETS = tuple(PRESETS.values())


def _round_events(game: Game) -> list[Event]:
    """The action events of the current round (or of the round just over): from the last lead on."""
    events = game.events
    start = max((i for i, e in enumerate(events) if e.kind == EventKind.LEAD), default=len(events))
    return [e for e in events[start:] if e.kind in _ACTION_EVENTS]


def round_plays(game: Game) -> list[tuple[int, Play | str]]:
    """The current round (or the round just over) as ``(seat, play or "pass"/"让牌")`` for
    :func:`~gouji_teach.show.pictures.round_html`."""
    out: list[tuple[int, Play | str]] = []
    for e in _round_events(game):
        if e.cards:
            out.append((e.seat, Play.parse(e.cards, game.rules)))
        else:
            out.append((e.seat, "让牌" if e.kind == EventKind.YIELD else "pass"))
    return out


def _last_actions(game: Game, lang: Lang | None) -> dict[int, str]:
    last: dict[int, str] = {}
    for e in _round_events(game):
        if e.cards:
            play = Play.parse(e.cards, game.rules)
            last[e.seat] = pick(play.text_zh, play.text_en, lang)
        elif e.kind == EventKind.YIELD:
            last[e.seat] = t("table.yield", lang)
        else:
            last[e.seat] = t("table.no_burn" if e.rule == "burn.priority" else "table.pass", lang)
    return last


def _finished(game: Game, seat: int, lang: Lang | None) -> str | None:
    status = game.status(seat)
    if status == OUT:
        place = game.finish_order().index(seat)
        return pick(PLACES_ZH[place], PLACES_EN[place], lang)
    if status == MEN:
        return t("table.men", lang, by=next(by for v, by in game.men() if v == seat))
    if status == FAILED:
        return t("table.failed", lang)
    return None


def table_view(game: Game, *, viewer: int | None = None, lang: Lang | None = None) -> TableView:
    """The engine's state as the table picture shows it: cards left, each seat's last action in the current
    round, 开点 (opened, 发四 done where due), places of the seats that went out, 闷 and failed burns, 革命,
    whose turn, and the play on the table. ``viewer`` sits at the bottom; texts in ``lang``."""
    last = _last_actions(game, lang)
    seats = tuple(
        SeatView(seat=s, cards_left=len(game.hands[s]), last_action=last.get(s),
                 kaidian=game.kaidian(s) is KaidianState.OPEN, finished=_finished(game, s, lang),
                 is_revolution=game.status(s) == REVOLT)
        for s in range(6))
    return TableView(seats=seats, to_act=game.to_act, viewer=viewer,
                     current_play=game.top[1] if game.top is not None else None, rules=game.rules.name)


def _hands(game: Game, title_key: str, scale: float, lang: Lang | None) -> Element:
    rows = (el("div", el("b", t("table.seat_toggle", lang, n=s)),
               hand_html(game.hands[s], scale=0.5 * scale, lang=lang), cls="gj-seat-hand")
            for s in range(6) if game.hands[s])
    return el("div", el("h4", t(title_key, lang)), rows, cls="gj-hands")


def position_html(puzzle: PositionPuzzle, *, scale: float = 1.0, lang: Lang | None = None) -> HtmlFragment:
    """What a puzzle about a position shows: the table as the question sees it, the round's plays, and the
    hands where the answer depends on them. Nothing that gives the answer away: "who may act" hides whose
    turn it is; "who opened" and "who is 闷ed" show the table as the round began (later markers would be
    the answer) and the round's plays."""
    shown = puzzle.before()
    view = table_view(shown, lang=lang)
    if isinstance(puzzle, WhoMayActPuzzle):
        view = replace(view, to_act=None)
    parts: list[object] = [table_svg(view, lang=lang, scale=scale)]
    plays = round_plays(puzzle.game)
    if plays:
        parts.append(el("div", el("h4", t("table.round", lang)), round_html(plays, lang=lang, scale=0.5 * scale),
                        cls="gj-round-box"))
    if isinstance(puzzle, WhoMayActPuzzle):
        parts.append(_hands(puzzle.game, "table.hands", scale, lang))
    elif isinstance(puzzle, WhoIsMenPuzzle):
        parts.append(_hands(puzzle.game, "table.hands.after", scale, lang))
    return html(*parts)


class SeatPickWidget(PuzzleWidget):
    """A puzzle answered with seats: the table picture (or the puzzle's own, of a finished hand), six toggle
    buttons "座位0" … "座位5" and a submit button, or a text field (``1,4``; ``-`` for nobody) answered with
    Enter: keyboard-answerable. Only the seat
    numbers the learner picked travel back from the browser, and :meth:`Puzzle.check` treats them as
    untrusted input.
    """

    def _controls(self) -> w.Widget:
        return self._toggle_rows(6)

    _TOGGLE_TEXTS = ("table.submit", "table.type.placeholder", "table.type")

    def _toggle_labels(self, lang: Lang) -> list[str]:
        return [t("table.seat_toggle", lang, n=seat) for seat in range(6)]

    def _pictures(self) -> str:
        scale = PRESENTER_SCALE if self._presenter else 1.0
        if isinstance(self._puzzle, PositionPuzzle):
            return position_html(self._puzzle, scale=scale)
        return str(self._puzzle.picture(scale=scale))  # a finished hand's

    def _selected(self) -> str:
        return seats_key(s for s, toggle in enumerate(self.toggles) if toggle.value)


class RulesetPickWidget(PuzzleWidget):
    """A :class:`~.puzzles.RulesetsPuzzle` answered by toggling the four rule sets (or typing
    ``qingdao,linyi``, ``-`` for none, and pressing Enter)."""

    _TOGGLE_TEXTS = ("sit.rs.submit", "sit.rs.placeholder", "sit.rs.type")

    def _controls(self) -> w.Widget:
        return self._toggle_rows(len(_PRESETS))

    def _toggle_labels(self, lang: Lang) -> list[str]:
        return [pick(r.title_zh, r.title_en, lang) for r in _PRESETS]

    def _pictures(self) -> str:
        puzzle = self._puzzle
        base = find_ruleset("qingdao")
        # (ignore below: this widget shows only puzzles with cards)
        return "".join(hand_html(Hand(Play.parse(c, base).cards)) for c in puzzle.cards if c)  # type: ignore[attr-defined]

    def _selected(self) -> str:
        return ",".join(r.name for r, toggle in zip(_PRESETS, self.toggles, strict=True) if toggle.value) or "-"


def puzzle_widget(puzzle: Puzzle, *, on_attempt: Callable[[Attempt], Kept | None] | None = None,
                  on_hint: Callable[[Puzzle], None] | None = None, presenter: bool = False) -> PuzzleWidget:
    """The widget for any puzzle, as it is answered (:class:`~.puzzles.AnsweredBy`): rule sets or seats to toggle,
    else choices (with the puzzle's pictures) or the cards of a hand."""
    cls = _WIDGETS.get(puzzle.answered_by, PuzzleWidget)
    return cls(puzzle, on_attempt=on_attempt, on_hint=on_hint, presenter=presenter)


#: The widget of each way of answering that the plain :class:`PuzzleWidget` (choices, cards) does not have.
_WIDGETS: dict[AnsweredBy, type[PuzzleWidget]] = {AnsweredBy.SEATS: SeatPickWidget,
                                                 AnsweredBy.RULESETS: RulesetPickWidget}

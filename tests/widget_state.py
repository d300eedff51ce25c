"""What the browser can read of the widgets, and a clean slate of widgets: shared by the answer-leak tests.

(A module rather than ``tests/conftest.py``: ``tests/browser/conftest.py`` would clash with it under
``--doctest-modules``.)
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterator

import ipywidgets as w

from gouji_teach.show.i18n import set_language


def fresh_widgets() -> Iterator[None]:
    """For an autouse fixture (``yield from fresh_widgets()``): no live widget at the start, Chinese before and
    after. A closed view no longer follows the language (:mod:`gouji_teach.teach.view`), so the views of earlier
    tests are not drawn again at each switch."""
    w.Widget.close_all()
    set_language("zh")
    yield
    w.Widget.close_all()
    set_language("zh")


def synced_state() -> str:
    """The synced state of every live widget, as JSON text.

    ipywidgets answers the front end's request_states for every live widget, displayed or not, so this is
    everything a learner's browser can obtain.
    """
    states = {}
    for model_id, widget in list(w.widgets.widget._instances.items()):
        state = widget.get_state()
        state.pop("_dom_classes", None)
        states[model_id] = {k: v for k, v in state.items() if isinstance(v, str | int | float | bool | list | dict)}
    return json.dumps(states, ensure_ascii=False)


def answers_of(puzzle) -> list[str]:
    """Answers a learner could give to any puzzle: every choice; for a pick puzzle, one right play, each card
    alone and the two lowest together; for a seats puzzle, the right seats, each seat alone, nobody and
    everybody."""
    from gouji_teach.teach.puzzles import HandPuzzle, SeatsPuzzle, seats_key

    if isinstance(puzzle, SeatsPuzzle):
        return list(dict.fromkeys([seats_key(puzzle.answer_seats()), *(str(s) for s in range(6)), "-",
                                   "0,1,2,3,4,5"]))
    if isinstance(puzzle, HandPuzzle):  # a right play, each card alone, the two lowest cards together
        cards = [c.notation for c in puzzle.hand.cards]
        return list(dict.fromkeys([puzzle.example().notation, *cards, cards[-1] + cards[-2]]))
    return [c.key for c in puzzle.choices]


def right_answer(puzzle) -> str:
    """One right answer to any puzzle (the engine's)."""
    from gouji_teach.teach.puzzles import HandPuzzle, SeatsPuzzle, seats_key

    if isinstance(puzzle, SeatsPuzzle):
        return seats_key(puzzle.answer_seats())
    if isinstance(puzzle, HandPuzzle):
        return puzzle.example().notation
    return next(c.key for c in puzzle.choices if puzzle.check(c.key).correct)


def run_own_loop(coroutine, timeout: float = 30):
    """Run ``coroutine`` on an event loop of its own, in a thread, as a kernel's loop runs: after the browser tests
    pytest-playwright holds a running loop in the main thread, where ``asyncio.run`` refuses to start."""
    import asyncio
    import threading

    done: list = []
    thread = threading.Thread(target=lambda: done.append(asyncio.run(coroutine)))
    thread.start()
    thread.join(timeout)
    assert done, "the coroutine did not finish"
    return done[0]


def synced_text() -> str:
    """Every text the browser can obtain from the live widgets (:func:`synced_state`), as a reader would see it:
    each string value with its HTML entities decoded, one per line. A secret is looked for here as plain text, so
    a quote or an ampersand in it cannot hide it behind however the page escaped it."""
    lines: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str):
            lines.append(html.unescape(value))
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(json.loads(synced_state()))
    return "\n".join(lines)


def notebook_page(stage, query: str = ""):
    """The code of a stage's notebook run in a namespace (its session and widgets), as the page's kernel runs it
    for the address ``query``: the namespace."""
    import os
    from unittest import mock

    from gouji_teach.app import COURSE_DIR

    cells = json.loads((COURSE_DIR / stage.notebook).read_text("utf-8"))["cells"]
    space: dict = {}
    with mock.patch.dict(os.environ, {"QUERY_STRING": query}):
        for cell in cells:
            if cell["cell_type"] == "code":
                exec(compile("".join(cell["source"]), stage.notebook, "exec"), space)  # the course's own code
    return space

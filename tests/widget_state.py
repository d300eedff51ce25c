"""What the browser can read of the widgets, and a clean slate of widgets: shared by the answer-leak tests.

(A module rather than ``tests/conftest.py``: ``tests/browser/conftest.py`` would clash with it under
``--doctest-modules``.)
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import ipywidgets as w

from gouji_teach.teach.i18n import set_language


def fresh_widgets() -> Iterator[None]:
    """For an autouse fixture (``yield from fresh_widgets()``): no live widget at the start, Chinese before and
    after."""
    w.Widget.close_all()
    set_language("zh")
    yield
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

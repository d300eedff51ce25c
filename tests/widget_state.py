"""What the browser can read of the widgets: shared by the answer-leak tests."""

from __future__ import annotations

import json

import ipywidgets as w


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

"""Widgets that share their layout and style models, so that a page loads faster.

Every ipywidgets control brings a ``Layout`` model and, most of them, a style model of its own. A stage page of
three hundred controls sent the browser six hundred more models, each created by the kernel, recorded by Voila
while it pre-renders the page, serialised, sent and rebuilt in the browser before the page became usable.
Controls made by :func:`make` share one ``Layout`` per distinct setting and one default style per style class.

Nothing in the course changes a layout or a style in place: that would change every control sharing it. A
control that needs a look of its own gets a new one by assignment (``button.layout = w.Layout(...)``).

>>> a, b = make(w.Button, description="a"), make(w.Button, description="b")
>>> a.layout is b.layout and a.style is b.style
True
>>> make(w.Button, layout={"width": "auto"}).layout.width
'auto'
"""

from __future__ import annotations

from typing import Any, TypeVar

import ipywidgets as w

__all__ = ["defaults", "make", "shared"]

W = TypeVar("W", bound=w.Widget)

_SHARED: dict[tuple[type, tuple[tuple[str, Any], ...]], w.Widget] = {}


def shared(cls: type[W], **traits: Any) -> W:
    """The kernel's one ``cls(**traits)`` (a Layout or a style), made again if it was closed."""
    key = (cls, tuple(sorted(traits.items())))
    found = _SHARED.get(key)
    if found is None or found.comm is None:  # closed, e.g. by Widget.close_all()
        found = _SHARED[key] = cls(**traits)
    return found  # type: ignore[return-value]  # the key's class made the widget: it is a W (ipywidgets is untyped)


def defaults(cls: type[w.Widget], layout: dict[str, str] | None = None) -> dict[str, w.Widget]:
    """The shared ``layout`` (with these settings) and default ``style`` for a control of class ``cls``."""
    out = {"layout": shared(w.Layout, **(layout or {}))}
    style = cls.class_traits().get("style")
    if style is not None:
        out["style"] = shared(style.klass)
    return out


def make(cls: type[W], /, *, layout: dict[str, str] | None = None, **kwargs: Any) -> W:
    """``cls(**kwargs)`` with a shared Layout (``layout``: its settings) and, unless ``style`` is given, the
    shared default style of its kind."""
    return cls(**{**defaults(cls, layout), **kwargs})

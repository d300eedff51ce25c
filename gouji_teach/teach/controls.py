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

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar

import ipywidgets as w

__all__ = ["built_whole", "defaults", "is_open", "make", "shared", "whole"]

P = ParamSpec("P")
R = TypeVar("R")

W = TypeVar("W", bound=w.Widget)

_SHARED: dict[tuple[type, tuple[tuple[str, Any], ...]], w.Widget] = {}


def shared(cls: type[W], **traits: Any) -> W:
    """The kernel's one ``cls(**traits)`` (a Layout or a style), made again if it was closed."""
    key = (cls, tuple(sorted(traits.items())))
    found = _SHARED.get(key)
    if found is None or not is_open(found):  # closed, e.g. by Widget.close_all()
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


#: The widgets made while a page part is being built (:func:`built_whole`), waiting to open their comm.
_WAITING: list[w.Widget] = []
_BUILDING: list[bool] = []
_OPEN = w.Widget.open
_CLOSE = w.Widget.close


def is_open(widget: w.Widget) -> bool:
    """Whether ``widget`` is open: its comm is, or it waits to open at the end of the part being built."""
    return widget.comm is not None or (bool(_BUILDING) and any(x is widget for x in _WAITING))


def _wait(widget: w.Widget) -> None:
    if widget.comm is None and not any(x is widget for x in _WAITING):
        _WAITING.append(widget)


def _close(widget: w.Widget) -> None:
    for i, x in enumerate(_WAITING):
        if x is widget:  # closed before it opened: it never will
            del _WAITING[i]
            return
    _CLOSE(widget)


def _widgets_in(value: Any) -> Iterator[w.Widget]:
    if isinstance(value, w.Widget):
        yield value
    elif isinstance(value, list | tuple):
        for x in value:
            yield from _widgets_in(x)
    elif isinstance(value, dict):
        for x in value.values():
            yield from _widgets_in(x)


def _open_tree(widget: w.Widget, waiting: set[int]) -> None:
    """Open ``widget`` after every waiting widget its state names (layout, style, children ...)."""
    if id(widget) not in waiting:
        return
    waiting.discard(id(widget))
    for name in widget.keys:
        for inner in _widgets_in(getattr(widget, name)):
            _open_tree(inner, waiting)
    _OPEN(widget)


@contextmanager
def built_whole() -> Iterator[None]:
    """Widgets made in this block open their comm when it ends, each with its final state: one ``comm_open`` a
    widget and no ``update`` after it for what the block set (a page's messages to the browser, fewer by the
    properties set after each widget was made). Nested blocks open with the outermost.

    >>> with built_whole():
    ...     label = w.HTML()
    ...     label.value = "made, then set"
    ...     waiting = label.comm is None
    >>> waiting, label.comm is not None, label.value
    (True, True, 'made, then set')
    """
    if _BUILDING:
        yield
        return
    _BUILDING.append(True)
    w.Widget.open, w.Widget.close = _wait, _close  # type: ignore[method-assign]
    try:
        yield
    finally:
        w.Widget.open, w.Widget.close = _OPEN, _CLOSE  # type: ignore[method-assign]
        _BUILDING.clear()
        waiting, order = {id(x) for x in _WAITING}, list(_WAITING)
        _WAITING.clear()
        for widget in order:
            _open_tree(widget, waiting)


def whole(build: Callable[P, R]) -> Callable[P, R]:
    """``build`` (a page part's builder) made under :func:`built_whole`."""

    @functools.wraps(build)
    def built(*args: P.args, **kwargs: P.kwargs) -> R:
        with built_whole():
            return build(*args, **kwargs)

    return built

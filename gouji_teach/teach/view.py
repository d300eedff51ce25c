"""Views that follow the language: a widget re-renders itself on every language switch for as long as it is open.

:func:`follow_language` ties renders to a widget. The widget holds them and this module holds the widget only
weakly, so the subscription ends with the widget: once it is closed (by its view's ``close()``, by
:func:`close_tree` of a parent, or by ``Widget.close_all()``) or dropped, no language switch calls it again, and
it is forgotten at the next switch or the next view built. A page that lives long and switches language often
keeps one entry per open view. A :class:`View` (its widgets under ``self.box``) closes and shows itself as its box.

>>> import ipywidgets as w
>>> import gouji_teach.teach.widgets  # their messages
>>> from gouji_teach.show.i18n import set_language, t
>>> label = w.HTML()
>>> follow_language(label, lambda: setattr(label, "value", t("widget.hint")))
>>> set_language("en"); label.value
'Hint'
>>> label.close(); set_language("zh"); label.value  # closed: no longer followed
'Hint'
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

import ipywidgets as w

from ..show.i18n import Lang, subscribe
from .controls import is_open

__all__ = ["View", "close_tree", "follow_language"]

_followers: list[weakref.ref[w.Widget]] = []  # the widgets that follow the language, in the order they began
_RENDERS = "_gj_language_renders"  # the attribute of a widget holding its renders (a plain attribute, never synced)


def _open(widget: w.Widget | None) -> bool:
    return widget is not None and is_open(widget)


def _forget_closed() -> None:
    _followers[:] = [ref for ref in _followers if _open(ref())]


def follow_language(widget: w.Widget, *renders: Callable[[], object]) -> None:
    """Call ``renders``, in order, on every language switch while ``widget`` is open (they read the language
    with :func:`~gouji_teach.show.i18n.get_language`)."""
    _forget_closed()
    held = widget.__dict__.setdefault(_RENDERS, [])
    if not held:
        _followers.append(weakref.ref(widget))
    held.extend(renders)


def _switched(_lang: Lang) -> None:
    for ref in list(_followers):
        widget = ref()
        if _open(widget):  # still open: an earlier render may have closed it
            for render in widget.__dict__[_RENDERS]:
                render()
    _forget_closed()


subscribe(_switched)


def close_tree(widget: w.Widget) -> None:
    """Close a widget and, depth first, every widget it contains."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    widget.close()


class View:
    """A view made of widgets under ``self.box``: it shows itself as its box, and :meth:`close` closes every
    widget in it, which also ends its following the language (call :func:`follow_language` on ``self.box``)."""

    box: w.Box

    def close(self) -> None:
        """Close every widget of this view (the browser forgets them); it no longer follows the language."""
        close_tree(self.box)

    def _repr_mimebundle_(self, **kwargs: object) -> dict | None:
        return self.box._repr_mimebundle_(**kwargs)

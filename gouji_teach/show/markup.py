"""Markup: one element builder for the SVG pictures and the HTML fragments of the teaching layer.

:func:`el` builds an element from a tag, its children and its attributes. Text children and attribute values
are escaped when the element is written, so no caller escapes anything by hand; markup that is already built
(a :class:`Markup` string: an :class:`SvgImage`, an :class:`HtmlFragment`) goes in as it is. Attribute names
are Python names: ``cls`` is ``class``, a trailing ``_`` is dropped (``for_``) and ``_`` is ``-``
(``aria_label`` → ``aria-label``); ``None`` and ``False`` leave the attribute out, floats are written short.
Every element has an end tag (valid XML and valid HTML) except the void elements of HTML (``<br>``).

>>> str(el("p", "1 < 2 & ", el("b", "<script>"), cls="note", data_say='"hi"', title=None))
'<p class="note" data-say="&quot;hi&quot;">1 &lt; 2 &amp; <b>&lt;script&gt;</b></p>'
>>> html(el("span", "a"), HtmlFragment("<i>kept</i>"), el("br"), None, "x")
'<span>a</span><i>kept</i><br>x'
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["Element", "HtmlFragment", "Markup", "SvgImage", "el", "html", "joined"]

#: HTML elements that have no content and no end tag.
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
                   "wbr"})
_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTR = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\r": "&#13;", "\n": "&#10;",
                       "\t": "&#09;"})


class Markup(str):
    """Markup that is already built and escaped: :func:`el` and :func:`html` take it as it is."""


class SvgImage(Markup):
    """An SVG document as a string; Jupyter shows it as a picture."""

    def _repr_svg_(self) -> str:
        return str(self)


class HtmlFragment(Markup):
    """An HTML fragment as a string; Jupyter shows it rendered."""

    def _repr_html_(self) -> str:
        return str(self)


class Element:
    """An element: a tag, attributes (real names, values as text) and children: elements, text (escaped when
    written) and markup (written as it is); ``None`` children are left out and iterables flattened."""

    __slots__ = ("attrs", "children", "tag")

    def __init__(self, tag: str, children: Iterable[object] = (), attrs: dict[str, str] | None = None) -> None:
        self.tag = tag
        self.attrs: dict[str, str] = attrs or {}
        self.children: list[Element | str] = []
        self.append(*children)

    def set(self, name: str, value: object) -> None:
        """Set the attribute ``name`` (its real name: ``"data-index"``); ``None`` removes it."""
        written = _value(value)
        if written is None:
            self.attrs.pop(name, None)
        else:
            self.attrs[name] = written

    def append(self, *children: object) -> Element:
        """Add children at the end; returns this element."""
        for child in children:
            if child is None:
                continue
            if isinstance(child, Element | str):
                if child != "":
                    self.children.append(child)
            elif isinstance(child, Iterable):
                self.append(*child)
            else:
                raise TypeError(f"an element holds elements, text or markup, not {type(child).__name__}")
        return self

    def __str__(self) -> str:
        out: list[str] = []
        self._write(out)
        return "".join(out)

    def __repr__(self) -> str:
        return f"el({self.tag!r}, ...)"

    def _write(self, out: list[str]) -> None:
        out.append("<" + self.tag)
        for name, value in self.attrs.items():
            out.append(f' {name}="{value.translate(_ATTR)}"')
        out.append(">")
        if self.tag in _VOID:
            if self.children:
                raise ValueError(f"<{self.tag}> has no content")
            return
        _write(self.children, out)
        out.append(f"</{self.tag}>")


def _write(children: Iterable[Element | str], out: list[str]) -> None:
    for child in children:
        if isinstance(child, Element):
            child._write(out)
        elif isinstance(child, Markup):
            out.append(child)
        else:
            out.append(child.translate(_TEXT))


def _name(key: str) -> str:
    return "class" if key == "cls" else key.rstrip("_").replace("_", "-")


def _value(value: object) -> str | None:
    if value is None or value is False:
        return None
    if value is True:
        return ""
    return f"{value:g}" if isinstance(value, float) else str(value)


def el(tag: str, *children: object, **attrs: object) -> Element:
    """An element ``<tag attrs>children</tag>`` (see the module's docstring for names, values and escaping)."""
    written = {_name(key): _value(value) for key, value in attrs.items()}
    return Element(tag, children, {k: v for k, v in written.items() if v is not None})


def html(*children: object) -> HtmlFragment:
    """Elements, text and markup written one after the other, as an HTML fragment."""
    out: list[str] = []
    _write(Element("", children).children, out)
    return HtmlFragment("".join(out))


def joined(separator: object, items: Iterable[object]) -> list[object]:
    """``items`` with ``separator`` between them, as the children of an element (a row of links).

    >>> str(el("nav", joined(" | ", [el("a", "a&b", href="?x=1&y=2"), el("b", "c")])))
    '<nav><a href="?x=1&amp;y=2">a&amp;b</a> | <b>c</b></nav>'
    """
    out: list[object] = []
    for item in items:
        out += [separator, item] if out else [item]
    return out

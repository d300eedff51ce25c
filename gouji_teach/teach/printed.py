"""Lines a course notebook prints as examples (verdicts, counted plays, settlements), each in its language.

A line is language-neutral (``"[qingdao]"``) or a pair ``(Chinese, English)``. The page shows each pair in the
page's language only: the HTML holds a ``lang="zh"`` and a ``lang="en"`` line, and the course page's script hides
the other language's lines as it hides the other half of the prose. The plain text (what nbval compares, and
what a notebook without the course's page shows) holds both.

>>> lines = printed(["[qingdao]", ("2是够级牌", "a 2 is 够级")])
>>> print(repr(lines))
[qingdao]
2是够级牌
    a 2 is 够级
>>> str(lines._repr_html_())
'<div class="gj-printed"><div>[qingdao]</div><div lang="zh">2是够级牌</div><div lang="en">a 2 is 够级</div></div>'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..markup import HtmlFragment, el, html

__all__ = ["Printed", "printed"]

Line = str | tuple[str, str]


@dataclass(frozen=True)
class Printed:
    """Printed example lines: plain text with both languages, HTML with one line per language."""

    lines: tuple[Line, ...]

    def __repr__(self) -> str:
        return "\n".join(line if isinstance(line, str) else f"{line[0]}\n    {line[1]}" for line in self.lines)

    def _repr_html_(self) -> HtmlFragment:
        rows = [el("div", line) if isinstance(line, str) else
                (el("div", line[0], lang="zh"), el("div", line[1], lang="en")) for line in self.lines]
        return html(el("div", *rows, cls="gj-printed"))


def printed(lines: Iterable[Line]) -> Printed:
    """Example lines for a notebook cell to show (its last expression), each pair in the page's language."""
    return Printed(tuple(lines))

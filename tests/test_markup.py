"""The element builder (gouji_teach.markup) and every picture or fragment built with it: text a learner or an
instructor typed (a name, a title, an answer) is escaped wherever it lands, in text or in an attribute."""

from __future__ import annotations

import urllib.parse
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from gouji_teach import Play
from gouji_teach.markup import HtmlFragment, SvgImage, el, html
from gouji_teach.pictures import SeatView, TableView, round_html, table_svg, tribute_svg
from gouji_teach.teach import compare_view, report
from gouji_teach.teach import exam as ex
from gouji_teach.teach.progress import ProgressStore

EVIL = "<script>'\"&"


def strings(markup: str) -> list[str]:
    """Every text and attribute value of ``markup`` as a parser reads it (it must be well-formed XML)."""
    root = ET.fromstring(f"<root>{markup}</root>")
    return [s for e in root.iter() for s in (e.text, e.tail, *e.attrib.values()) if s]


def test_text_and_attributes_are_escaped_and_read_back_whole() -> None:
    p = el("p", EVIL, el("b", EVIL), title=EVIL, data_x=EVIL)
    escaped = "&lt;script&gt;'&quot;&amp;"
    assert str(p) == f'<p title="{escaped}" data-x="{escaped}">&lt;script&gt;\'"&amp;<b>&lt;script&gt;\'"&amp;</b></p>'
    assert strings(str(p)).count(EVIL) == 4


def test_markup_goes_in_as_it_is_and_plain_strings_do_not() -> None:
    assert str(el("div", HtmlFragment("<i>x</i>"), SvgImage("<svg></svg>"), "<i>x</i>")) == \
        "<div><i>x</i><svg></svg>&lt;i&gt;x&lt;/i&gt;</div>"


def test_names_values_and_void_elements() -> None:
    assert str(el("label", "a", for_="x", cls="c", aria_hidden="true", hidden=True, title=None, open=False)) == \
        '<label for="x" class="c" aria-hidden="true" hidden="">a</label>'
    assert str(el("rect", width=2.50, x=3)) == '<rect width="2.5" x="3"></rect>'
    assert html(el("br"), None, ["a", el("hr")]) == "<br>a<hr>"
    with pytest.raises(ValueError, match="<br> has no content"):
        str(el("br", "x"))
    with pytest.raises(TypeError):
        el("p", 3)


def test_attributes_keep_newlines_and_tabs() -> None:
    assert strings(str(el("p", title="a\nb\tc\rd"))) == ["a\nb\tc\rd"]


_SEATS = tuple(SeatView(seat=s, name=EVIL, last_action=EVIL, finished=EVIL) for s in range(6))
_CLASS = report.ClassReport((EVIL,), (), {}, {}, {}, ("compare.rank",), {EVIL: {"compare.rank": (1, 2)}}, ())

#: Each place where typed text can land in a picture or a fragment.
PATHS: dict[str, Callable[[], str]] = {
    "table_svg": lambda: table_svg(TableView(seats=_SEATS, rules=EVIL), lang="en"),
    "round_html": lambda: round_html([(0, Play.parse("99")), (1, EVIL)], lang="en"),
    "tribute_svg": lambda: tribute_svg([("dian", 1, 2, 1)], label=EVIL, lang="en"),  # a kind is one of six
    "compare_view": lambda: compare_view.across_rulesets_html(compare_view.across_rulesets("99", "88"), title=EVIL),
    "heatmap_svg": lambda: report.heatmap_svg(_CLASS, "en"),
    "report_table": lambda: str(report._html_table([[EVIL, EVIL], [EVIL, EVIL]], caption=EVIL, titles={EVIL: EVIL})),
}


def _exam_header(tmp_path: Path) -> str:
    store = ProgressStore(tmp_path / "progress.sqlite")
    code = ex.new_exam(store, rules="qingdao", kinds="beats", count=1, seed=5).code
    page = ex.ExamPage(ex.start(f"exam={code}&learner=" + urllib.parse.quote(EVIL)), store)
    page.begin()
    return page.head.value


def test_the_learners_name_is_escaped_on_the_exam_page(tmp_path: Path) -> None:
    header = _exam_header(tmp_path)
    assert "<script" not in header
    assert any(EVIL in s for s in strings(header)), "the name is shown whole"


@pytest.mark.parametrize("path", sorted(PATHS))
def test_typed_text_is_escaped_in_every_builder_path(path: str) -> None:
    markup = PATHS[path]()
    assert "<script" not in markup
    assert any(EVIL in s for s in strings(markup)), "the text is shown whole, not dropped"

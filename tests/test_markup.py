"""The element builder (gouji_teach.show.markup) and every picture or fragment built with it: text a learner or an
instructor typed (a name, a title, an answer) is escaped wherever it lands, in text or in an attribute."""

from __future__ import annotations

import ast
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from widget_state import fresh_widgets

import gouji_teach
from gouji_teach import PRESETS, Play
from gouji_teach.show.i18n import set_language
from gouji_teach.show.markup import HtmlFragment, SvgImage, el, html
from gouji_teach.show.pictures import SeatView, TableView, round_html, table_svg, tribute_svg
from gouji_teach.teach import book, compare_view, course, pages, progress, report
from gouji_teach.teach import exam as ex
from gouji_teach.teach.progress import ProgressStore
from gouji_teach.teach.puzzles import ChoicePuzzle, Option
from gouji_teach.teach.widgets import PuzzleWidget, RulesetComparison

EVIL = "<script>'\"&"


_VOID_TAG = re.compile(r"<(area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)\b([^>]*?)/?>")


def strings(markup: str) -> list[str]:
    """Every text and attribute value of ``markup`` as a parser reads it (it must be well-formed XML, but for
    HTML's void elements such as ``<input>``)."""
    closed = _VOID_TAG.sub(r"<\1\2/>", markup)
    root = ET.fromstring(f"<root>{closed}</root>")
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
    page = ex.ExamPage(ex.start(f"exam={code}"), store)
    page.name.value = EVIL  # the name a learner types (the address's name opens nothing)
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


# -- the teaching layer's pages: text a learner typed, or a rule's text, lands escaped ---------------------------


def _html_strings(markup: str) -> list[str]:
    """:func:`strings` of an HTML fragment (its ``<br>`` closed, so that the XML parser reads it)."""
    return strings(markup.replace("<br>", "<br/>"))


class _EvilPuzzle(ChoicePuzzle):
    """A choice puzzle whose every text is :data:`EVIL` (what a scenario or drill author could write)."""

    def hint(self) -> tuple[str, str]:
        return EVIL, EVIL


def _evil_puzzle(draw: Callable[[str | None, float], str] | None = None) -> ChoicePuzzle:
    return _EvilPuzzle(EVIL, EVIL, (Option("a", EVIL, EVIL, right=True),
                                     Option("b", EVIL, EVIL, why_zh=EVIL, why_en=EVIL, rule="compare.rank")),
                        EVIL, EVIL, ("compare.rank",), rules=PRESETS["qingdao"], puzzle_id=EVIL,
                        draw=draw)  # type: ignore[arg-type]  # a wrong type on purpose


def _puzzle_widget(answers: tuple[str, ...], *, show: bool = False,
                   draw: Callable[[str | None, float], str] | None = None) -> str:
    widget = PuzzleWidget(_evil_puzzle(draw))
    for answer in answers:
        widget.answer(answer)
    if show:
        widget.show_answer()
    return widget.question.value + widget.cards.value + widget.feedback.value + widget.status.value


def _landing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    monkeypatch.setattr(progress, "_STORE", [ProgressStore(tmp_path / "progress.sqlite")])
    box = pages.landing(course.Session(course.stage("cards"), EVIL, lang="en"))
    return box.children[1].value


def _footer(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(book, "summary", lambda *_: [(EVIL, EVIL, EVIL)])
    monkeypatch.setattr(pages, "contradictions", lambda _ids: [book.Contradiction((), EVIL, EVIL)])
    return pages.footer(course.Session(course.stage("cards"))).value


def _book(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(book, "summary", lambda *_: [(EVIL, EVIL, EVIL)])
    monkeypatch.setattr(book, "CONTRADICTIONS", (book.Contradiction((), EVIL, EVIL),))
    return pages.rule_book(course.Session(course.stage("rulebook"), lang="en")).value


def _glossary(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(pages, "GLOSSARY", (course.Term(EVIL, EVIL, EVIL, "cards"),))
    set_language("en")  # the English column too
    return pages.glossary().value


#: Each page piece of the teaching layer where a learner's or an author's text lands.
PAGES: dict[str, Callable[[pytest.MonkeyPatch, Path], str]] = {
    "header: the learner's name": lambda _m, _p: pages.header(course.Session(course.stage("cards"), EVIL)).value,
    "landing: the learner's name": _landing,
    "footer: rule texts, citations, contradictions": lambda m, _p: _footer(m),
    "rule book: rule texts, citations, contradictions": lambda m, _p: _book(m),
    "glossary: terms": lambda m, _p: _glossary(m),
    "puzzle: question, drill id, wrong answer's why": lambda _m, _p: _puzzle_widget(("b",)),
    "puzzle: the hint after two misses": lambda _m, _p: _puzzle_widget(("b", "b")),
    "puzzle: the solution shown": lambda _m, _p: _puzzle_widget((), show=True),
    "puzzle: an unreadable answer quoted": lambda _m, _p: _puzzle_widget((EVIL,)),
    "puzzle: a picture that is a plain string is text": lambda _m, _p: _puzzle_widget((), draw=lambda *_: EVIL),
}


@pytest.fixture
def no_widgets() -> Iterator[None]:
    """No live widget before and after (the pages' widgets follow the language)."""
    yield from fresh_widgets()


@pytest.mark.parametrize("piece", sorted(PAGES))
@pytest.mark.usefixtures("no_widgets")
def test_typed_and_authored_text_is_escaped_on_every_page_piece(piece: str, monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path) -> None:
    markup = PAGES[piece](monkeypatch, tmp_path)
    assert "<script" not in markup
    assert any(EVIL in s for s in _html_strings(markup)), "the text is shown whole, not dropped"


@pytest.mark.usefixtures("no_widgets")
def test_a_puzzles_picture_goes_in_as_markup() -> None:
    assert "<i>&lt;script&gt;'\"&amp;</i>" in _puzzle_widget((), draw=lambda *_: html(el("i", EVIL)))


@pytest.mark.usefixtures("no_widgets")
def test_typed_cards_are_quoted_escaped_in_the_rule_set_comparison() -> None:
    view = RulesetComparison("<&", "")
    assert "“<”" in "".join(_html_strings(view.error.value)) and "<&" not in view.error.value


def test_no_module_of_the_package_escapes_html_by_hand() -> None:
    """Every fragment is built with :func:`gouji_teach.show.markup.el`: no module imports :mod:`html` to escape."""
    package = Path(gouji_teach.__file__).parent
    importing = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(name == "html" or name.startswith("html.") for name in names):
                importing.append(str(path.relative_to(package)))
    assert importing == []
    assert list(package.glob("teach/*.py")), "the teaching layer is where the test looks"

"""Views follow the language while they are open: closed or dropped views are never drawn again, and a page that
lives long and switches often does not pile up subscriptions."""

from __future__ import annotations

import gc
import weakref

import ipywidgets as w
import pytest
from widget_state import fresh_widgets

from gouji_teach.show import i18n
from gouji_teach.show.i18n import set_language
from gouji_teach.teach import course, pages, view
from gouji_teach.teach.drills import make_drill
from gouji_teach.teach.widgets import PuzzleWidget, RulesetComparison


@pytest.fixture(autouse=True)
def _fresh():
    yield from fresh_widgets()


@pytest.fixture
def drawn(monkeypatch) -> list[object]:
    """The views drawn since the test began, one entry per drawing (PuzzleWidget and RulesetComparison)."""
    drawings: list[object] = []
    for cls, name in ((PuzzleWidget, "_render"), (RulesetComparison, "update")):
        original = getattr(cls, name)
        monkeypatch.setattr(cls, name, lambda self, _o=original: drawings.append(self) or _o(self))
    return drawings


def _views(n: int) -> list[PuzzleWidget | RulesetComparison]:
    return [PuzzleWidget(make_drill("beats", i + 1, level="easy", rules="qingdao")) if i % 2 else
            RulesetComparison("DD", "D") for i in range(n)]


def test_a_language_switch_draws_the_open_views_once_each_and_no_closed_one(drawn):
    views = _views(12)
    for v in views[4:]:
        v.close()
    drawn.clear()
    set_language("en")
    assert sorted(map(id, drawn)) == sorted(map(id, views[:4]))
    assert "Hint" in views[1].hint_button.description  # the open ones did follow


def test_views_closed_behind_their_back_and_dropped_are_not_drawn_and_are_forgotten(drawn):
    subscribers = len(i18n._subscribers)
    views = _views(12)
    boxes = [weakref.ref(v.box) for v in views]
    w.Widget.close_all()  # bypasses the views' close(), as a test fixture or a closing page does
    drawn.clear()
    set_language("en")
    assert drawn == []
    del views
    gc.collect()
    assert all(ref() is None for ref in boxes)  # nothing holds the dropped views any more
    assert view._followers == []
    assert len(i18n._subscribers) == subscribers


def test_a_long_lived_page_switching_language_and_rules_many_times_keeps_its_subscriptions_bounded():
    session = course.start("compare", "rules=qingdao&lang=zh")
    header, quiz = pages.header(session), pages.quiz(session)
    footer, glossary = pages.footer(session), pages.glossary()
    subscribers = len(i18n._subscribers)
    sizes = []
    for i in range(12):
        session.apply(session.query(lang="en" if i % 2 else "zh", rules=("qingdao", "linyi", "tongsu")[i % 3]))
        sizes.append(len(view._followers))
    assert len(set(sizes)) == 1, sizes  # the quiz's replaced puzzles are forgotten, nothing piles up
    assert len(i18n._subscribers) == subscribers
    assert "Stage" in header.value and "Glossary" in glossary.value and footer.value  # the page follows
    assert quiz.puzzle_widgets[0].hint_button.description == "Hint"

"""A page's widgets open with their final properties (issue 24 item 3): the course's page builders send one
``comm_open`` a widget and no ``update`` after it while they build, and every widget a built page part shows (its
children, layouts, styles, all the way down) is open, so the browser finds every model the page names."""

from __future__ import annotations

import comm
import ipywidgets as w
import pytest
from widget_state import fresh_widgets

from gouji_teach.teach import course, pages
from gouji_teach.teach.controls import built_whole
from gouji_teach.teach.lessons import stage_scenarios
from gouji_teach.teach.player import ScenarioPlayer


@pytest.fixture(autouse=True)
def _fresh():
    yield from fresh_widgets()


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    """The widget messages sent (``update``, ``echo_update`` …) while the test runs."""
    messages: list[dict] = []
    monkeypatch.setattr(comm.DummyComm, "send", lambda self, data=None, **kw: messages.append(data or {}))
    return messages


def _reachable(widget: w.Widget) -> list[w.Widget]:
    seen: dict[int, w.Widget] = {}

    def walk(x: object) -> None:
        if isinstance(x, w.Widget) and id(x) not in seen:
            seen[id(x)] = x
            for name in x.keys:
                walk(getattr(x, name))
        elif isinstance(x, list | tuple):
            for y in x:
                walk(y)

    walk(widget)
    return list(seen.values())


def _parts(stage: str, query: str) -> list[w.Widget]:
    session = course.start(stage, query)
    return [pages.header(session), pages.quiz(session), pages.glossary(stage), pages.footer(session)]


@pytest.mark.parametrize(("stage", "query"), [("compare", "lang=zh"), ("kaidian", "rules=linyi&lang=en"),
                                              ("jingong", "rules=tongsu&lang=zh")])
def test_a_stage_page_is_built_without_an_update_after_any_widget_opened(sent, stage, query) -> None:
    parts = _parts(stage, query)
    name = stage_scenarios(course.stage(stage))[0]
    parts.append(pages.scenario(course.start(stage, query), name))
    assert [m for m in sent if m.get("method") == "update"] == []
    for part in parts:
        for widget in _reachable(part.box if isinstance(part, ScenarioPlayer) else part):
            assert widget.comm is not None, type(widget).__name__


def test_after_the_build_a_change_is_sent_as_an_update(sent) -> None:
    session = course.start("compare", "lang=zh")
    header = pages.header(session)
    session.apply(session.query(lang="en"))  # the page's address arrives after the build: updated in place
    assert any(m.get("method") == "update" for m in sent) and "Stage 4" in header.value


def test_a_widget_closed_before_its_block_ended_never_opens() -> None:
    with built_whole():
        kept, dropped = w.HTML(value="kept"), w.HTML(value="dropped")
        dropped.close()
        box = w.VBox(children=[kept])
    assert kept.comm is not None and box.comm is not None and dropped.comm is None

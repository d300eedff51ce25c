"""A page is built before anyone asks for it (Voila preheats its kernel), then follows the session its address
brings: learner, rule set, language and a presenter's step."""

from __future__ import annotations

import asyncio
import os

import ipywidgets as w
import pytest
from widget_state import fresh_widgets, run_own_loop

from gouji_teach import PRESETS, Play
from gouji_teach.rules.compare import beats
from gouji_teach.rules.verdicts import cite
from gouji_teach.show import pictures
from gouji_teach.show.i18n import said, set_language
from gouji_teach.teach import course, pages
from gouji_teach.teach.drills import make_drill


@pytest.fixture(autouse=True)
def _fresh():
    yield from fresh_widgets()


def _texts(widget: w.Widget) -> str:
    """Every text a widget tree shows (HTML values and descriptions)."""
    own = f"{getattr(widget, 'value', '')} {getattr(widget, 'description', '')}"
    return own + " ".join(_texts(child) for child in getattr(widget, "children", ()))


def _ids(widget: w.Widget) -> set[str]:
    """The model ids of a widget tree."""
    return {widget.model_id}.union(*(_ids(child) for child in getattr(widget, "children", ())))


def test_a_page_built_for_the_default_session_follows_the_address_that_arrives_later():
    session = course.Session(course.stage("dagouji"))  # what a preheated kernel builds the page for
    header, footer = pages.header(session), pages.footer(session)
    quiz = pages.quiz(session, [("beats", "easy"), ("who_may_act", "medium")])
    picture = pages.picture(session, lambda s: pictures.play_html(Play.parse("XX888", s.rules)))
    example = pages.example("DD", "D", session)
    player = pages.scenario(session, "qingdao_dagouji")
    assert "/qingdao/" in _texts(quiz) and player.step.value == 0
    controls = _ids(quiz)

    session.apply("learner=%E5%B0%8F%E6%98%8E&rules=linyi&lang=en&step=3")

    linyi = PRESETS["linyi"]
    assert "Learner: 小明" in header.value and "rules=linyi" in footer.value
    # the footer cites the rule under linyi: a default there, shown with its reason
    assert cite("gouji.duitou", linyi).removeprefix("default: ").split(";")[0] in footer.value
    assert "title=\"gouji.duitou\"" in footer.value and "[default" in footer.value and "Summary" in footer.value
    for kind, level in (("beats", "easy"), ("who_may_act", "medium")):
        assert make_drill(kind, "dagouji.1", level=level, rules="linyi").puzzle_id in _texts(quiz)
    assert "/qingdao/" not in _texts(quiz)
    assert _ids(quiz) == controls  # the new puzzles are shown in the same controls
    puzzle = make_drill("beats", "dagouji.1", level="easy", rules="linyi")
    right = next(c for c in puzzle.choices if puzzle.check(c.key).correct)
    beats_box = quiz.puzzle_widgets[0].box
    next(b for b in beats_box.children[2].children if b.description == right.text("en")).click()
    assert "gouji-feedback right" in _texts(beats_box)
    assert picture.value == str(pictures.play_html(Play.parse("XX888", linyi), lang="en"))
    v = beats(Play.parse("DD", linyi), Play.parse("D", linyi), linyi)
    assert said(v.reason_zh, v.reason_en, "en") in example.value
    assert player.step.value == 3


def test_the_same_address_again_changes_nothing():
    session = course.start("cards", "rules=tongsu&lang=zh")
    quiz = pages.quiz(session, [("beats", "easy")])
    before = quiz.children
    seen: list[set[str]] = []
    session.follow(seen.append)
    session.apply("rules=tongsu&lang=zh")
    assert seen == [] and quiz.children == before


def test_a_preheated_kernel_builds_the_page_first_and_applies_the_request_on_its_event_loop(monkeypatch):
    requested = asyncio.Event()

    async def request_query() -> str:  # the server's answer: it comes when the page is requested
        await requested.wait()
        return "learner=ming&rules=tongsu&lang=en"

    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(course, "_request_query", request_query)

    async def kernel() -> tuple[course.Session, w.Widget]:
        session = course.start("cards")
        assert (session.learner, session.rules.name, session.lang) == ("", "qingdao", "zh")
        header = pages.header(session)  # built before the request
        assert "Learner" not in _texts(header)
        requested.set()
        await asyncio.wait_for(asyncio.gather(*course._WAITING), 10)
        return session, header

    session, header = run_own_loop(kernel())
    assert (session.learner, session.rules.name, session.lang) == ("ming", "tongsu", "en")
    assert "Learner: ming" in _texts(header) and not course._WAITING


def _switch(header: w.Widget, text: str) -> w.Button:
    """The header's switch button that reads ``text``."""
    found = [b for b in _buttons(header) if b.description == text]
    assert len(found) == 1, text
    return found[0]


def _buttons(widget: w.Widget) -> list[w.Button]:
    own = [widget] if isinstance(widget, w.Button) else []
    return own + [b for child in getattr(widget, "children", ()) for b in _buttons(child)]


def test_the_header_switches_change_the_page_in_place_and_the_address_follows():
    session = course.start("dagouji", "learner=ming&rules=qingdao&lang=zh&step=2")
    header, quiz = pages.header(session), pages.quiz(session, [("beats", "easy")])
    controls = _ids(quiz)
    # the address carries the name's pass key, which the page's first sign-in gave it
    assert f'data-query="learner=ming&amp;rules=qingdao&amp;lang=zh&amp;pass={session.passkey}&amp;step=2"' \
        in header.value and len(session.passkey) == 8

    _switch(header, PRESETS["linyi"].title_zh).click()

    assert session.rules.name == "linyi" and session.step == 2 and session.learner == "ming"
    assert make_drill("beats", "dagouji.1", level="easy", rules="linyi").puzzle_id in _texts(quiz)
    assert _ids(quiz) == controls
    assert "rules=linyi" in header.value and "gj-current" in _switch(header, PRESETS["linyi"].title_zh)._dom_classes
    assert "gj-current" not in _switch(header, PRESETS["qingdao"].title_zh)._dom_classes

    _switch(header, "English").click()

    assert session.lang == "en" and "lang=en" in header.value and "Learner: ming" in header.value
    assert _switch(header, PRESETS["linyi"].title_en).button_style == "info"


def test_the_address_follows_the_scenario_step():
    session = course.start("dagouji", "learner=ming&rules=qingdao&lang=zh")
    header = pages.header(session)
    player = pages.scenario(session, "qingdao_dagouji")
    player.go(4)
    assert session.step == 4 and "step=4" in header.value


def test_a_kernel_gets_its_page_request_from_voilas_query_socket(monkeypatch):
    """The request a warm or preheated kernel waits for comes over Voila's own ``voila/query`` socket."""
    import tornado.web
    from voila.request_info_handler import RequestInfoSocketHandler

    from gouji_teach.app import free_port

    port = free_port(19466)
    monkeypatch.setenv("VOILA_APP_PORT", str(port))
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    monkeypatch.setenv("VOILA_KERNEL_ID", "k-1")
    monkeypatch.delenv("QUERY_STRING", raising=False)

    async def both() -> str:
        app = tornado.web.Application([(r"/voila/query/(.*)", RequestInfoSocketHandler)])
        server = app.listen(port, address="127.0.0.1")
        try:
            RequestInfoSocketHandler.send_updates({"kernel_id": "k-1", "payload": {"QUERY_STRING": "lang=en"}})
            return await asyncio.wait_for(course._request_query(), 10)
        finally:
            server.stop()

    assert run_own_loop(both()) == "lang=en"
    assert os.environ["QUERY_STRING"] == "lang=en"


def test_a_warm_kernel_reads_its_pages_request_before_it_builds_the_page(monkeypatch) -> None:
    """A warm kernel handed to a page finds the page's request waiting at the server: the page is built for it at
    once (no build for the default session, then a second one while the browser restores the widgets: that race
    drew "model not found"); a warm kernel nobody asked for (pre-rendering) waits WARM_WAIT, then follows later."""
    import asyncio
    import threading
    import time

    from tornado.web import Application
    from voila.request_info_handler import RequestInfoSocketHandler

    from gouji_teach.app import free_port

    port, started, loops = free_port(18990), threading.Event(), []

    def serve() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        Application([(r"/voila/query/(.*)", RequestInfoSocketHandler)]).listen(port, "127.0.0.1")
        loops.append(loop)
        started.set()
        loop.run_forever()

    threading.Thread(target=serve, daemon=True).start()
    started.wait(10)
    try:
        RequestInfoSocketHandler.send_updates({"kernel_id": "warm-1", "payload": {
            "QUERY_STRING": "rules=linyi&lang=en&learner=%E5%B0%8F%E6%98%8E", "SCRIPT_NAME": "/voila/render/x"}})
        for name, value in (("VOILA_PREHEAT", "True"), ("GOUJI_WARM", "1"), ("VOILA_KERNEL_ID", "warm-1"),
                            ("VOILA_APP_PORT", str(port)), ("VOILA_SERVER_URL", "/")):
            monkeypatch.setenv(name, value)
        followed: list = []
        monkeypatch.setattr(course, "_follow_request", followed.append)
        session = course.start("compare")
        assert (session.rules.name, session.lang, session.learner, followed) == ("linyi", "en", "小明", [])
        monkeypatch.setenv("VOILA_KERNEL_ID", "warm-2")  # nobody asked for this one
        monkeypatch.setattr(course, "WARM_WAIT", 0.5)
        t0 = time.monotonic()
        other = course.start("compare")
        assert other.rules.name == "qingdao" and followed == [other] and 0.4 < time.monotonic() - t0 < 3
    finally:
        loops[0].call_soon_threadsafe(loops[0].stop)
        set_language("zh")

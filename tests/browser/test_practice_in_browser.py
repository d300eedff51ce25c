"""The practice table in chromium: a whole hand played through the page, to the settlement pictures, under a rule
set other than the default one the page is built for (the page follows its address's rule set: the table, the
computer players and the settlement play by it).

The test process plays the same series in a :class:`~gouji_teach.teach.practice.Practice` of its own (same rule
set, seed and length as the page; the computer players are deterministic), so it knows what the learner may do
at every turn and what the page must show after it, without reading anything secret from the browser.
"""

from __future__ import annotations

import base64
import contextlib
import uuid
from typing import Any

from pagekit import WIDGET_TIMEOUT_MS, render_path, wait_for_page
from playwright.sync_api import Page, expect

from gouji_teach.show.i18n import t
from gouji_teach.teach.course import stage
from gouji_teach.teach.practice import Practice

STAGE = stage("practice")
MAX_TURNS = 200
LOADS = 3


def _button(scope: Any, key: str) -> Any:
    """The button whose whole text is the Chinese message ``key`` (an icon adds no text)."""
    return scope.locator(f"button:text-is('{t(key, 'zh')}')")


def _settled(page: Page, mirror: Practice) -> None:
    """Wait until the page shows the state the mirror reached (the coach has as many lines)."""
    box = page.locator(".gouji-practice")
    expect(box.locator(f".gj-coach[data-count='{len(mirror.lines)}']")).to_be_attached(timeout=WIDGET_TIMEOUT_MS)


def test_play_a_whole_hand_to_the_settlement(page: Page) -> None:
    rules = "tongsu"  # not the default: one hand under it proves what a second one under qingdao would
    start = _button(page, "practice.start")
    for _ in range(LOADS):  # under load Voila may serve a page without a cell's output (see the report)
        learner = f"practice-{uuid.uuid4().hex[:6]}"  # new each time: a name a page signed in with has its pass key
        page.goto(render_path(STAGE, learner=learner, rules=rules, lang="zh"), wait_until="domcontentloaded")
        wait_for_page(page)
        with contextlib.suppress(Exception):
            start.wait_for(timeout=20_000)
            break
    start.click()
    box = page.locator(".gouji-practice")
    box.wait_for(timeout=WIDGET_TIMEOUT_MS)
    expect(box).to_contain_text("发牌种子 1")
    with contextlib.suppress(Exception):  # the pace slider's readout is editable: no pause between computer moves
        readout = box.locator(".widget-readout").first
        readout.click(timeout=5_000)
        page.keyboard.press("Control+A")
        page.keyboard.type("0")
        page.keyboard.press("Enter")
    mirror = Practice(rules, seed=1, length=4)
    _settled(page, mirror)
    for _ in range(MAX_TURNS):
        if mirror.game.is_over:
            break
        if mirror.declaring:
            _button(box, "practice.begin").click()
            mirror.begin()
        else:
            action = mirror.legal()[0]  # the cheapest play, or a pass
            if action.cards:
                field = box.get_by_placeholder(t("practice.typed.placeholder", "zh"))
                field.fill(action.cards)
                field.press("Enter")
            else:
                _button(box, f"practice.{action.kind}").click()
            assert mirror.act(action)
        _settled(page, mirror)
        assert mirror.game.is_over or mirror.waiting
    assert mirror.game.is_over, "the hand did not end"
    expect(box.locator(".gj-places li")).to_have_count(len(mirror.settlements[0].places.order))
    expect(box.locator(".gj-settlement")).to_contain_text("头科")
    _button(box, "practice.save").click()
    href = "data:text/yaml;base64," + base64.b64encode(mirror.scenario().encode()).decode()
    expect(box.locator("a[download]")).to_have_attribute("href", href)
    # 复盘: the review runs in the kernel (a progress bar meanwhile) and draws its findings, or says there are none
    _button(box, "practice.review").click()
    expect(box.get_by_text(t("practice.review.title", "zh"))).to_be_visible(timeout=120_000)
    found = box.locator(".gj-review > li")
    assert found.count() > 0 or box.get_by_text(t("practice.review.none", "zh")).count() == 1
    expect(box.locator(".gj-review svg.gj-table")).to_have_count(found.count())

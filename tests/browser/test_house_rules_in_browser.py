"""A house rule file through the app: ``gouji-teach serve --rules myclub.yaml`` and one stage page in chromium. The
page starts with the club's rule set (its title among the rule-set switches, beside the four families), its quiz
asks drills whose ids carry the club's changes, and its footer cites a changed rule by the club's own note."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from pagekit import PAGE_READY, WIDGET_TIMEOUT_MS
from playwright.sync_api import Page, expect

from conftest import _default_sigint, _stop
from gouji_teach.app import free_port, responds

CLUB = """\
base: linyi
name: myclub
title_zh: 我们俱乐部的规则
title_en: Our club's rules
joker_model:
  value: cover
  note: {zh: 我们俱乐部挂花要逐张压住。, en: Our club beats 挂花 card by card.}
"""


@pytest.fixture(scope="module")
def club_app(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``gouji-teach serve --rules myclub.yaml`` on a free port: its address."""
    folder = tmp_path_factory.mktemp("club")
    rules = folder / "myclub.yaml"
    rules.write_text(CLUB, encoding="utf-8")
    port = free_port(20866)
    url = f"http://127.0.0.1:{port}/"
    log_path = folder / "serve.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen([sys.executable, "-m", "gouji_teach", "serve", "--port", str(port), "--rules",
                                    str(rules), "--progress", str(folder / "progress.sqlite3")],
                                   stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                                   preexec_fn=_default_sigint)
        try:
            deadline = time.monotonic() + 120
            while not responds(url + "voila/tree"):
                assert process.poll() is None and time.monotonic() < deadline, log_path.read_text(errors="replace")
                time.sleep(0.25)
            yield url
        finally:
            _stop(process)


def test_a_stage_page_follows_the_house_rules_it_was_served_with(page: Page, club_app: str) -> None:
    page.goto(club_app + "voila/render/04_compare.ipynb?lang=en", wait_until="domcontentloaded")
    page.wait_for_selector(PAGE_READY, timeout=WIDGET_TIMEOUT_MS)
    switches = page.locator(".gj-switches button")
    expect(switches.filter(has_text="Our club's rules")).to_have_count(1)
    expect(switches.filter(has_text="Qingdao")).to_have_count(1)  # the four families beside it
    expect(page.locator(".gj-switches button.gj-current", has_text="Our club's rules")).to_have_count(1)
    drill = page.locator('.gouji-puzzle:has([title="beats/linyi+joker_model=cover/easy/compare.1"])')  # its id on hover
    drill.wait_for(timeout=WIDGET_TIMEOUT_MS)
    expect(page.locator(".gj-footer")).to_contain_text("myclub: Our club beats 挂花 card by card.")
    drill.locator("button", has_text="Show answer").click()  # the kernel answers under the club's rules
    expect(drill.locator(".gouji-solution")).to_be_visible()

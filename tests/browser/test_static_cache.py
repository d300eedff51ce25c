"""A learner's second page fetches no static file: the page script, the widget bundles and the template's files are
named by their content's hash and kept by the browser (:mod:`gouji_teach.app.server`), the page itself never."""

from __future__ import annotations

import hashlib
import re
import urllib.error
import urllib.request
from typing import Any

from pagekit import SHOWN_HALVES, STAGE_PAGES, is_static, open_counting, render_path
from playwright.sync_api import Browser, expect

from gouji_teach.app.server import IMMUTABLE
from gouji_teach.teach.course import Stage

#: The stage the class measurements use (its page has widgets of every common kind).
STAGE: Stage = next((s for s in STAGE_PAGES if s.notebook == "04_compare.ipynb"), STAGE_PAGES[0])


def _get(url: str) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(url, timeout=180) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), b""


def _named(page: str, app: str) -> list[str]:
    """The app's static files a page names in its ``src``/``href`` attributes (absolute addresses)."""
    found = {app + m.lstrip("/") for m in re.findall(r'(?:src|href)="(/[^"]*)"', page)}
    return sorted(u for u in found if is_static(u, app))


def test_the_page_names_its_static_files_by_content_hash_and_only_those_are_immutable(app_url: str) -> None:
    status, headers, body = _get(app_url + render_path(STAGE, learner="static-wire"))
    assert status == 200 and "immutable" not in headers.get("Cache-Control", "")
    named = _named(body.decode(), app_url)
    bundle = [u for u in named if "/voila/bundle/" in u]
    versioned = [u for u in named if "?v=" in u]
    assert bundle and any(u.endswith("/static/voila.js") for u in bundle), named
    assert any("/gouji.js?v=" in u for u in versioned), named
    assert set(named) == set(bundle) | set(versioned), "every static file the page names carries its hash"
    for url in named:
        status, headers, content = _get(url)
        assert status == 200 and headers["Cache-Control"] == IMMUTABLE, (url, headers)
        if "?v=" in url:  # Voila's version of a template file: the hash of exactly what is served
            assert url.rpartition("?v=")[2] == hashlib.sha512(content).hexdigest(), url
    # the page script's chunks and the widget bundles, from the page configuration, are under the same digest
    digest = re.search(r"/voila/bundle/([0-9a-f]+)/", bundle[0])[1]  # type: ignore[index]  # asserted above
    assert f'"fullLabextensionsUrl": "/voila/bundle/{digest}/labextensions"' in body.decode()
    # another content's hash is no promise: a stale digest is not found, a stale v is served as Voila serves it
    assert _get(bundle[0].replace(digest, "0" * len(digest)))[0] == 404
    status, headers, _ = _get(versioned[0].partition("?v=")[0] + "?v=0")
    assert status == 200 and "immutable" not in headers.get("Cache-Control", "")
    status, headers, _ = _get(app_url + "voila/static/voila.js")  # Voila's unversioned address: as before
    assert status == 200 and "immutable" not in headers.get("Cache-Control", "")


def test_a_second_page_fetches_no_static_file_and_its_widgets_work_in_one_language(browser: Browser,
                                                                                   app_url: str) -> None:
    context = browser.new_context()
    try:
        url = app_url + render_path(STAGE, learner="static-second")
        first, fetched = open_counting(context, url, app_url, STAGE)
        assert len(fetched) > 10 and sum(size for _, size in fetched) > 1_000_000, fetched
        first.close()
        page, again = open_counting(context, url, app_url, STAGE)
        assert again == [], again
        shown: Any = page.evaluate(SHOWN_HALVES)
        assert shown and set(shown) == {"zh"}, shown
        page.locator(".gj-header-box .gj-switches button", has_text="English").click()  # the kernel answers
        expect(page.locator(".gj-header h2")).to_have_text(STAGE.title("en"))
        shown = page.evaluate(SHOWN_HALVES)
        assert shown and set(shown) == {"en"}, shown
    finally:
        context.close()

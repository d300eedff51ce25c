"""A sample of the walk of the course (``bench/walk_course.py`` walks all of it): every stage page once, under the
four rule sets in turn and in both languages, so that every rule set is seen in Chinese and in English; each page
read at 390 px and at 1280 px for what a reader would call a defect (:mod:`walking` lists them)."""

from __future__ import annotations

from collections import deque
from typing import Any

import pytest
from pagekit import CLASS_SIZE, STAGE_PAGES
from walking import Walked, open_tab, read_tab

from gouji_teach import PRESETS

FAMILIES = list(PRESETS)
#: Stage i under rule set i mod 4, in Chinese or English as (i + i // 4) is even or odd: each rule set in both.
SAMPLE = [Walked(stage, FAMILIES[i % 4], ("zh", "en")[(i + i // 4) % 2]) for i, stage in enumerate(STAGE_PAGES)]


def test_the_sample_covers_every_stage_rule_set_and_language() -> None:
    assert {w.stage.id for w in SAMPLE} == {s.id for s in STAGE_PAGES}
    assert {(w.rules, w.lang) for w in SAMPLE} == {(r, lang) for r in FAMILIES for lang in ("zh", "en")}


@pytest.fixture(scope="module")
def walked(browser: Any, base_url: str) -> dict[str, dict[str, list[str]] | Exception]:
    """Every page of the sample read, ``CLASS_SIZE`` loading at once: its defects by width, or why it failed."""
    seen: dict[str, dict[str, list[str]] | Exception] = {}
    pending, opened = deque(SAMPLE), deque[tuple[Walked, Any]]()
    while pending or opened:
        while pending and len(opened) < CLASS_SIZE:
            page = pending.popleft()
            opened.append((page, open_tab(browser, base_url, page)))
        page, tab = opened.popleft()
        try:
            seen[str(page)] = read_tab(tab, page)
        except Exception as e:  # this page fails its test; the others go on
            seen[str(page)] = e
    return seen


@pytest.mark.parametrize("page", SAMPLE, ids=str)
def test_a_walked_page_has_no_defect(page: Walked, walked: dict[str, dict[str, list[str]] | Exception]) -> None:
    seen = walked[str(page)]
    if isinstance(seen, Exception):
        pytest.fail(f"{page}: {type(seen).__name__}: {seen}")
    found = [f"{width} px: {d}" if width.isdigit() else d for width, defects in seen.items() for d in defects]
    assert not found, f"{page}: " + "; ".join(dict.fromkeys(found))

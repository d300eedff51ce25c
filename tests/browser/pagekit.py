"""What the test process knows about a course page: its address, its quiz, and when its widgets are there.

The drills are numbered exactly as :func:`gouji_teach.teach.pages.quiz` numbers them, so the test process builds
the same puzzles as the page's kernel and knows every answer without asking the browser.
"""

from __future__ import annotations

import ast
import functools
import json
import urllib.parse
from pathlib import Path
from typing import Any

from widget_state import notebook_page

from gouji_teach.app import COURSE_DIR
from gouji_teach.teach import pages
from gouji_teach.teach.course import STAGES, Stage
from gouji_teach.teach.drills import number_drills
from gouji_teach.teach.puzzles import Puzzle, RulesetsPuzzle, SeatsPuzzle

#: Stage pages that exist now (more stages appear as their notebooks are written).
STAGE_PAGES: list[Stage] = [s for s in STAGES if (COURSE_DIR / s.notebook).is_file()]
#: What a rendered course page always ends with: a stage's footer, or the landing page's stage list.
PAGE_READY = ".gj-footer, .gj-stages"
#: Generous: on a loaded 2-core machine a page's kernel can take a minute to run the notebook.
WIDGET_TIMEOUT_MS = 180_000
#: Learners the app under test is ready for (``--class-size``): the tests prepare up to this many pages at once.
CLASS_SIZE = 3
#: The class report's token of the app under test (serve keeps one given in its environment).
REPORT_TOKEN = "browser-test-report-token"
#: Where the screenshots of every stage go (git-ignored by the ``.gitignore`` written beside it).
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"


def render_path(stage: Stage, *, learner: str = "", rules: str = "qingdao", lang: str = "zh") -> str:
    """The app-relative address of a stage page with a session."""
    query = urllib.parse.urlencode({"learner": learner, "rules": rules, "lang": lang})
    return f"voila/render/{stage.notebook}?{query}"


def quiz_specs(stage: Stage) -> list[tuple[str, str, str]]:
    """The drills of a stage's ``pages.quiz(session, [...])`` calls, numbered as :func:`pages.quiz` numbers them
    (``<stage id>.1``, ``.2``, … per kind and level within one call); ``pages.quiz(session)`` shows the stage's own
    drills (:attr:`Stage.drills`)."""
    notebook = json.loads((COURSE_DIR / stage.notebook).read_text(encoding="utf-8"))
    specs: list[tuple[str, str, str]] = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        for node in ast.walk(ast.parse("".join(cell["source"]))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "quiz" \
                    and len(node.args) == 1:
                specs += stage.drills
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "quiz"
                    and len(node.args) >= 2):
                specs += number_drills(stage.id, ast.literal_eval(node.args[1]))
    return specs


def quiz_puzzles(stage: Stage, rules: str = "qingdao") -> list[Puzzle]:
    """The puzzles a stage page shows under ``rules``: its notebook run in the test process, as the page's kernel
    runs it (a drill whose answer the page prints gives way to the next of its kind, :func:`pages.quiz`)."""
    return list(_page_puzzles(stage, rules)) if quiz_specs(stage) else []


@functools.cache
def _page_puzzles(stage: Stage, rules: str) -> tuple[Puzzle, ...]:
    import ipywidgets as w

    from gouji_teach.show.i18n import get_language, set_language

    lang = get_language()
    try:
        return tuple(pages.open_drills(notebook_page(stage, f"rules={rules}")["session"]).puzzles)
    finally:
        w.Widget.close_all()  # the page's widgets go (and stop following the language)
        set_language(lang)


#: The languages of the visible halves of the page's prose and printed examples (``<div lang=...>``).
SHOWN_HALVES = """() => [...document.querySelectorAll('.jp-MarkdownOutput [lang], .gj-printed [lang]')]
  .filter(e => e.offsetParent !== null).map(e => e.lang)"""

#: What a page that never got ready showed (its progress message, its outputs, whether its cells were shown).
_PAGE_STATE = """() => ({loading: (document.getElementById('loading_text') || {}).textContent || null,
  outputs: document.querySelectorAll('.jp-OutputArea-output').length,
  cells: (document.getElementById('rendered_cells') || {style: {}}).style.display,
  stopped: !!document.querySelector('.gj-stopped'), text: document.body.innerText.slice(0, 300),
  end: document.body.innerText.slice(-300), widgets: document.querySelectorAll('.jupyter-widgets').length,
  widgetErrors: document.querySelectorAll('.jupyter-widgets.widget-error, .jupyter-widgets-error-widget').length})"""


def _console(page: Any) -> list[str]:
    """The page's last console errors and warnings and its uncaught errors (why a widget did not show)."""
    said = [f"{m.type}: {m.text}" for m in page.console_messages() if m.type in ("error", "warning")]
    return (said + [f"uncaught: {e}" for e in page.page_errors()])[-8:]


def wait_for_page(page: Any, stage: Stage | None = None, rules: str = "qingdao") -> None:
    """Wait until the page's widgets are there: its footer (or stage list) and every puzzle of its quiz. A page
    that never gets there fails with what it showed, and a screenshot of it among the artifacts."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        page.wait_for_selector(PAGE_READY, timeout=WIDGET_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        shot = ARTIFACTS / f"not-ready-{page.url.split('/')[-1].split('?')[0]}.png"
        page.screenshot(path=str(shot), full_page=True)
        raise AssertionError(f"{page.url} not ready within {WIDGET_TIMEOUT_MS / 1000:.0f} s: "
                             f"{page.evaluate(_PAGE_STATE)}, console {_console(page)} (screenshot {shot})") from None
    if stage is not None:
        for puzzle in quiz_puzzles(stage, rules):
            puzzle_box(page, puzzle).wait_for(timeout=WIDGET_TIMEOUT_MS)


def answered_by_buttons(puzzle: Puzzle) -> bool:
    """A puzzle answered with one button per choice (seat puzzles are answered on a table of seats, rule-set
    puzzles by toggling the rule sets)."""
    return bool(puzzle.choices) and not isinstance(puzzle, SeatsPuzzle | RulesetsPuzzle)


def choice_keys(puzzle: Puzzle) -> tuple[str, str]:
    """A right and a wrong choice key of a puzzle, as the engine decides them."""
    right = [c.key for c in puzzle.choices if puzzle.check(c.key).correct]
    wrong = [c.key for c in puzzle.choices if not puzzle.check(c.key).correct]
    return right[0], wrong[0]


def choice_button(page: Any, puzzle: Puzzle, key: str, lang: str = "zh") -> Any:
    """The button of the choice ``key`` of ``puzzle`` on ``page`` (labelled in ``lang``)."""
    choice = next(c for c in puzzle.choices if c.key == key)
    return puzzle_box(page, puzzle).get_by_role("button", name=choice.text(lang), exact=True)


def puzzle_box(page: Any, puzzle: Puzzle) -> Any:
    """The box of ``puzzle`` on ``page``: the drill's number shows its whole id on hover (its ``title``)."""
    return page.locator(f'.gouji-puzzle:has([title="{puzzle.puzzle_id}"])')


def is_static(url: str, app: str) -> bool:
    """Whether ``url`` is one of the app's static files (not a page, not the kernels' API, not another host)."""
    path = url[len(app) - 1:] if url.startswith(app) else ""
    return path.startswith("/") and not path.startswith(("/voila/render/", "/api/", "/voila/api/"))


def open_counting(context: Any, url: str, app: str, stage: Stage | None = None) -> tuple[Any, list[tuple[str, int]]]:
    """Open ``url`` in a new tab of ``context`` and wait for the page (:func:`wait_for_page`); the tab, and the
    app's static files it fetched from the network meanwhile (address, bytes received), asked of chromium itself
    (its DevTools protocol): a file from the browser's cache is not among them, a revalidated one (304) is."""
    page = context.new_page()
    devtools = context.new_cdp_session(page)
    devtools.send("Network.enable")
    sent: dict[str, str] = {}
    cached: set[str] = set()
    received: dict[str, int] = {}
    devtools.on("Network.requestWillBeSent", lambda e: sent.__setitem__(e["requestId"], e["request"]["url"]))
    devtools.on("Network.requestServedFromCache", lambda e: cached.add(e["requestId"]))
    devtools.on("Network.responseReceived",
                lambda e: e["response"].get("fromDiskCache") and cached.add(e["requestId"]))
    devtools.on("Network.loadingFinished",
                lambda e: received.__setitem__(e["requestId"], int(e["encodedDataLength"])))
    page.goto(url, wait_until="domcontentloaded")
    wait_for_page(page, stage)
    devtools.detach()
    return page, [(sent[r], size) for r, size in received.items()
                  if r in sent and r not in cached and is_static(sent[r], app)]

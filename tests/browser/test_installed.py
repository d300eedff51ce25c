"""The app as a newcomer installs it: ``pip install .`` (a wheel, not the editable checkout) in a fresh virtual
environment, then ``gouji-teach serve``.

``.ci/run`` builds the wheel, installs it into a new virtual environment and names that environment's
``gouji-teach`` in ``$GOUJI_TEST_INSTALLED``; without it these tests are skipped, saying so. The smoke test: the
server says nothing but its address (no 404, no warning), a stage page shows one language only (the page script
``gouji.js`` is served), and a puzzle answers a click.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pagekit import PAGE_READY, WIDGET_TIMEOUT_MS
from playwright.sync_api import Page, expect

from gouji_teach.app import free_port, responds
from gouji_teach.show.i18n import t
from gouji_teach.teach import widgets  # noqa: F401  (registers the puzzle's button texts)

ROOT = Path(__file__).resolve().parents[2]
ENV = "GOUJI_TEST_INSTALLED"
#: The halves of the prose the page shows (each markdown cell is a Chinese and an English ``<div lang>``).
SHOWN_HALVES = """() => [...document.querySelectorAll('.jp-MarkdownOutput [lang]')]
  .filter(e => e.offsetParent !== null).map(e => e.lang)"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``gouji-teach`` of a wheel install, outside the checkout."""
    command = os.environ.get(ENV, "").strip()
    if not command:
        pytest.skip(f"no installed wheel to test: set {ENV} to the gouji-teach of a virtual environment where "
                    "the wheel is installed (.ci/run does: pip wheel ., python -m venv, pip install the wheel)")
    path = Path(command)
    python = path.with_name("python")
    where = subprocess.run([str(python), "-c", "import gouji_teach; print(gouji_teach.__file__)"],
                           capture_output=True, text=True, cwd=tmp_path_factory.mktemp("elsewhere"), check=True)
    assert ROOT not in Path(where.stdout.strip()).parents, f"{where.stdout.strip()} is the checkout, not a wheel"
    return path


@pytest.fixture(scope="module")
def installed_app(installed: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The installed ``gouji-teach serve`` on a free port, started outside the checkout: its address and log."""
    folder = tmp_path_factory.mktemp("installed")
    log_path = folder / "serve.log"
    port = free_port(19866)
    url = f"http://127.0.0.1:{port}/"
    env = {k: v for k, v in os.environ.items() if k not in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH", "PYTHONPATH")}
    with log_path.open("wb") as log:
        process = subprocess.Popen([str(installed), "serve", "--port", str(port), "--progress",
                                    str(folder / "progress.sqlite3")], cwd=folder, env=env, stdout=log,
                                   stderr=subprocess.STDOUT, start_new_session=True)
        try:
            deadline = time.monotonic() + 120
            while not responds(url + "voila/tree"):
                assert process.poll() is None and time.monotonic() < deadline, log_path.read_text(errors="replace")
                time.sleep(0.25)
            yield url, log_path
        finally:
            process.send_signal(2)
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()


def test_a_stage_page_of_the_installed_app_shows_one_language_and_answers_a_puzzle(
        page: Page, installed_app: tuple[str, Path]) -> None:
    url, log = installed_app
    page.goto(url + "voila/render/03_plays.ipynb?learner=&rules=qingdao&lang=zh", wait_until="domcontentloaded")
    page.wait_for_selector(PAGE_READY, timeout=WIDGET_TIMEOUT_MS)
    shown = page.evaluate(SHOWN_HALVES)
    assert shown and set(shown) == {"zh"}, f"the page shows the halves {sorted(set(shown))}: is gouji.js served?"
    expect(page.locator(".gouji-solution")).to_have_count(0)
    page.locator("button", has_text=t("widget.show", "zh")).first.click()  # the kernel answers the click
    expect(page.locator(".gouji-solution").first).to_be_visible()
    said = log.read_text(encoding="utf-8", errors="replace")
    for noise in (" 404 ", "WARNING", "Traceback", "not trusted"):
        assert noise not in said, said

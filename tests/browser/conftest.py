"""Browser tests of the app: Playwright (sync API) driving Debian's chromium against ``gouji-teach serve``.

The session fixture :func:`app_url` starts the real command (``python -m gouji_teach serve``) on a free port with a
temporary progress file, polls until Voila answers, and stops it with Ctrl-C (SIGINT to its process group) at the
end. Every test waits for widgets, not for page load: widgets appear about a second after DOMContentLoaded.

Chromium comes from the system (``apt-get install chromium``); ``playwright install`` cannot download a browser
here. Without ``chromium`` on PATH the tests are skipped with a message that says how to get it.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pagekit import ARTIFACTS, CLASS_SIZE, REPORT_TOKEN, WIDGET_TIMEOUT_MS
from playwright.sync_api import expect

from gouji_teach.app import free_port, responds
from gouji_teach.teach.access import TOKEN_VAR

expect.set_options(timeout=30_000)  # a loaded machine answers clicks in seconds, not milliseconds

#: Flags that keep headless chromium quiet on a machine without a network (stack notes), and let no host but the
#: loopback address resolve: requests that leave the app (the lab template asks a CDN for Font Awesome) fail at
#: once instead of hanging on a closed network. (Intercepting them with ``context.route`` sent every request of
#: every page through Playwright's driver: a quarter of chromium's CPU, measured.)
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives chromium against gouji-teach serve (needs chromium on PATH)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)


#: What a widget that failed to draw says (ipywidgets shows "Click to show javascript error." and keeps the error).
_WIDGET_ERRORS = """() => Array.from(document.querySelectorAll('.widget-error, .jupyter-widgets-error-widget'),
  e => { e.click(); return e.innerText.slice(0, 500); })"""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed browser test's report also says, for every page still open, its console errors and warnings,
    its uncaught errors and the errors of widgets that failed to draw (a screenshot only shows that they did)."""
    outcome = yield
    report = outcome.get_result()
    browser = getattr(item, "funcargs", {}).get("browser")
    if not report.failed or browser is None:
        return
    lines = []
    for context in browser.contexts:
        for page in context.pages:
            try:
                said = [f"{m.type}: {m.text}" for m in page.console_messages() if m.type in ("error", "warning")]
                said += [f"uncaught: {e}" for e in page.page_errors()]
                said += [f"widget error: {e}" for e in page.evaluate(_WIDGET_ERRORS)]
            except Exception as e:  # a page closing meanwhile
                said = [f"(could not be read: {type(e).__name__})"]
            lines += [page.url, *("  " + x[:600] for x in said[-12:])]
    report.sections.append(("browser pages", "\n".join(lines) or "no page open"))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if ARTIFACTS.is_dir() and any(ARTIFACTS.glob("*.png")):
        terminalreporter.write_line(f"browser screenshots: {ARTIFACTS}")


# -- chromium through pytest-playwright --------------------------------------------------------------------------
@pytest.fixture(scope="session")
def chromium() -> str:
    """The system chromium, or a skip that says how to install it."""
    path = shutil.which("chromium")
    if path is None:
        pytest.skip("chromium is not on PATH: install it with `apt-get install -y chromium fonts-wqy-microhei` "
                    "(.ci/run does); `playwright install` cannot download a browser here")
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any], chromium: str) -> dict[str, Any]:
    """pytest-playwright's launch arguments, with Debian's chromium and the quiet flags."""
    return {**browser_type_launch_args, "executable_path": chromium, "args": CHROMIUM_FLAGS}


# -- the app -------------------------------------------------------------------------------------------------------
def _stop(process: subprocess.Popen[bytes]) -> None:
    """Ctrl-C to the command's process group (it stops Voila and its kernels), then harder if it hangs."""
    for sig, wait in ((signal.SIGINT, 30), (signal.SIGTERM, 10), (signal.SIGKILL, 10)):
        if process.poll() is not None:
            return
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            continue


def _default_sigint() -> None:
    """In the child: Ctrl-C works even if this process was started with SIGINT ignored (a background job)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture(scope="session")
def progress_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary progress file of the app under test."""
    return tmp_path_factory.mktemp("progress") / "progress.sqlite"


@pytest.fixture(scope="session")
def serve_log(progress_file: Path) -> Path:
    """The log of the app under test (Voila says there when a kernel pool is filled and when it is used)."""
    return progress_file.with_name("serve.log")


@pytest.fixture(scope="session")
def app_url(chromium: str, progress_file: Path, serve_log: Path) -> Iterator[str]:
    """``gouji-teach serve`` on a free port; its address (ending in ``/``) while the session lasts."""
    port = free_port(18866)
    url = f"http://127.0.0.1:{port}/"
    with serve_log.open("wb") as log:
        process = subprocess.Popen([sys.executable, "-m", "gouji_teach", "serve", "--port", str(port),
                                    "--progress", str(progress_file), "--class-size", str(CLASS_SIZE)],
                                   stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                                   preexec_fn=_default_sigint, env={**os.environ, TOKEN_VAR: REPORT_TOKEN})
        try:
            deadline = time.monotonic() + 120
            while not responds(url + "voila/tree"):
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"gouji-teach serve did not answer on {url}:\n"
                                f"{serve_log.read_text(encoding='utf-8', errors='replace')}")
                time.sleep(0.25)
            responds(url + "voila/render/index.ipynb", WIDGET_TIMEOUT_MS / 1000)  # warm up: imports the course
            yield url
        finally:
            _stop(process)
            ARTIFACTS.mkdir(parents=True, exist_ok=True)  # the server's log beside the screenshots, for a failure
            shutil.copyfile(serve_log, ARTIFACTS / "serve.log")


@pytest.fixture(scope="session")
def base_url(app_url: str) -> str:
    """pytest-playwright's base URL: ``page.goto("voila/render/…")`` is relative to the app."""
    return app_url


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """The screenshot folder, made git-ignored by a ``.gitignore`` of its own."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    ignore = ARTIFACTS.parent / ".gitignore"
    if not ignore.exists():
        ignore.write_text("*\n", encoding="utf-8")
    return ARTIFACTS


@pytest.fixture(autouse=True)
def _patient_navigation(context: Any) -> None:
    """Navigations wait for the DOM as long as a loaded machine needs (and tests for the widgets)."""
    context.set_default_navigation_timeout(WIDGET_TIMEOUT_MS)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A desktop-sized window; phone-width tests resize it."""
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800}}

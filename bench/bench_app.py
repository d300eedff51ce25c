"""Benchmark of the web app in chromium: it prints figures and asserts nothing.

    python bench/bench_app.py [--runs 5] [--clicks 20] [--no-nbval] [--pages 10_biesan.ipynb ...] [--query Q]

1. Navigation to the first interactive widget, for the landing page and every stage, against a minimal
   one-button notebook served by the same Voila (the app's command line, configuration and template, warm
   kernels) in the same run: medians and the ratio to the minimal page (target: ratio <= 1.3).
2. Click to feedback in chromium on a quiz (the course's quiz widget on a page of its own): from the click on
   an answer button to the feedback in the page (target: median <= 100 ms).
3. The whole nbval run over the course (``python -m pytest tutorials/``; target: <= 120 s).

Every page is opened with a session query (``?learner=…&rules=qingdao&lang=zh``) as the landing page's links
open it; ``--query`` gives another (``learner=bench&rules=linyi&lang=en``: a session other than the default the
page is built for before its address arrives, which the kernel then applies). Before each timed visit the
server is back to its idle kernels (warm ones, with the course imported) and they are idle (their CPU time in
``/proc`` stops growing), as they are when a learner arrives.
"""

from __future__ import annotations

import argparse
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from gouji_teach.app import COURSE_DIR, free_port, responds, voila_command, voila_env
from gouji_teach.show.i18n import t
from gouji_teach.teach.course import HOME, STAGES
from gouji_teach.teach.drills import make_drill
from gouji_teach.teach.widgets import PuzzleWidget  # noqa: F401  (registers the widget texts the clicks look for)

ROOT = Path(__file__).resolve().parent.parent
MINIMAL = "minimal.ipynb"
CLICKS = "bench_clicks.ipynb"
QUERY = "learner=bench&rules=qingdao&lang=zh"
#: Chromium's flags: quiet on a machine without a network, and no host but the loopback address resolves, so a
#: request that would leave the app (the lab template asks a CDN for Font Awesome) fails at once. (Playwright's
#: ``context.route`` did that before, at the price of every request of every page going through the driver: a
#: quarter of chromium's CPU in a burst of 8 pages.)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
#: The first control a learner can use: a button or a text field of a widget.
INTERACTIVE = "button.jupyter-button, .jupyter-widgets input"

_MINIMAL_NOTEBOOK = """{"cells": [{"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [],
  "source": ["import ipywidgets as w\\n", "w.Button(description='OK')"]}],
 "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
 "nbformat": 4, "nbformat_minor": 5}
"""

#: The quiz the clicks are timed on: two drills of the course's quiz widget, with progress saved as in a stage.
_CLICKS_NOTEBOOK = """{"cells": [{"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [],
  "source": ["from gouji_teach.teach import course, pages\\n", "session = course.start('compare')\\n",
             "pages.quiz(session, [('beats', 'easy'), ('beats', 'medium')])"]}],
 "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
 "nbformat": 4, "nbformat_minor": 5}
"""

CLICK_JS = """async ([index, label, retry]) => {
  const box = document.querySelectorAll('.gouji-puzzle')[index];  // retry shows a new drill: found by place
  const find = text => Array.from(box.querySelectorAll('button')).find(b => b.textContent.trim() === text);
  const until = test => new Promise(resolve => {
    if (test()) return resolve();
    const watch = new MutationObserver(() => { if (test()) { watch.disconnect(); resolve(); } });
    watch.observe(box, {subtree: true, childList: true, characterData: true, attributes: true});
  });
  if (box.querySelector('.gouji-feedback')) {
    find(retry).click();
    await until(() => !box.querySelector('.gouji-feedback'));
  }
  const start = performance.now();
  find(label).click();
  await until(() => box.querySelector('.gouji-feedback'));
  return performance.now() - start;
}"""


def stat_fields(process: Path) -> list[str] | None:
    """Fields 3 on (state, ppid, ...) of ``/proc/PID/stat``; ``None`` once the process has ended."""
    try:
        return (process / "stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def kernels_of(server: int) -> list[Path]:
    """The ``/proc`` entries of the server's children and their children, oldest first: its kernels (each runs in a
    session of its own, a child of the server, or of its fork server, which is listed too:
    :mod:`gouji_teach.app.forking`)."""
    stats = {proc: fields for proc in Path("/proc").glob("[0-9]*") if (fields := stat_fields(proc)) is not None}
    children = {proc.name for proc, fields in stats.items() if int(fields[1]) == server}  # ppid
    found = [(int(fields[19]), proc) for proc, fields in stats.items()  # starttime
             if proc.name in children or fields[1] in children]
    return [proc for _, proc in sorted(found)]


def cpu_ticks(process: Path) -> int:
    """CPU time (clock ticks) a process has used so far (0 once it has ended)."""
    fields = stat_fields(process)
    return int(fields[11]) + int(fields[12]) if fields else 0  # utime, stime


def settle(kernel: Path, timeout: float = 60) -> None:
    """Wait until a kernel is idle: it has imported the course, or built its page for the default session (the
    server's log says a kernel is ready when its process has started, before it has imported anything)."""
    deadline = time.monotonic() + timeout
    before = cpu_ticks(kernel)
    while time.monotonic() < deadline:
        time.sleep(0.5)
        now = cpu_ticks(kernel)
        if now - before <= 1:  # at most 10 ms of CPU in half a second
            return
        before = now


def _wait(test: Any, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)
    return True


def _first_widget_ms(page: Page, url: str) -> float:
    """Milliseconds from the start of navigation to the first interactive widget on screen."""
    page.goto(url, wait_until="commit")
    handle = page.wait_for_function(f"""() => Array.from(document.querySelectorAll({INTERACTIVE!r}))
        .some(e => e.getClientRects().length > 0) && performance.now()""", timeout=120_000, polling="raf")
    return float(handle.json_value())


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def time_pages(base: str, notebooks: list[str], runs: int, page_factory: Any, server: int,
               query: str) -> dict[str, list[float]]:
    """Round-robin visits of every page. Before each, the server is back to its idle kernels (the closed page's
    kernel shut down, the warm kernel it took replaced: a kernel starting during a visit would slow it down),
    and every kernel is idle."""
    times: dict[str, list[float]] = {nb: [] for nb in notebooks}
    idle = len(kernels_of(server))
    for visited in range(runs * len(notebooks)):
        nb = notebooks[visited % len(notebooks)]
        if not _wait(lambda: len(kernels_of(server)) == idle, 120):
            print(f"  note: before {nb}: not back to {idle} kernels within 120 s", file=sys.stderr)
        for kernel in kernels_of(server):
            settle(kernel)
        page = page_factory()
        try:
            times[nb].append(_first_widget_ms(page, f"{base}voila/render/{nb}?{query}"))
        except PlaywrightTimeoutError:
            print(f"  note: {nb}: no interactive widget within 120 s", file=sys.stderr)
        finally:
            page.close()
    return times


def time_clicks(base: str, page: Page, clicks: int) -> list[float]:
    """Click-to-feedback times on the bench's quiz page, alternating the answers (retry between them: a new drill
    of the same kind, whose choices read the same)."""
    puzzles = [make_drill("beats", 1, level=level, rules="qingdao") for level in ("easy", "medium")]
    page.goto(f"{base}voila/render/{CLICKS}?{QUERY}", wait_until="commit")
    for puzzle in puzzles:
        page.locator(".gouji-puzzle", has_text=puzzle.puzzle_id).wait_for(timeout=120_000)
    samples: list[float] = []
    for i in range(clicks):
        puzzle = puzzles[i % len(puzzles)]
        choice = puzzle.choices[(i // len(puzzles)) % len(puzzle.choices)]
        samples.append(float(page.evaluate(CLICK_JS, [i % len(puzzles), choice.text("zh"), t("widget.retry", "zh")])))
    return samples


def time_nbval() -> tuple[float, int]:
    """Seconds of the nbval run over the course, and pytest's exit status."""
    target = ROOT / "tutorials" if (ROOT / "tutorials").exists() else COURSE_DIR
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(target)], cwd=ROOT,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.monotonic() - start, done.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="timed visits of every page (default 5)")
    parser.add_argument("--clicks", type=int, default=20, help="timed answer clicks (default 20)")
    parser.add_argument("--no-nbval", action="store_true", help="skip timing the nbval run")
    parser.add_argument("--pages", nargs="+", metavar="NOTEBOOK", help="time only these pages (and the minimal one)")
    parser.add_argument("--query", default=QUERY, help=f"the session of the timed pages (default {QUERY})")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the server (finally below) when stopped
    chromium = shutil.which("chromium")
    if chromium is None:
        print("chromium is not on PATH: apt-get install -y chromium", file=sys.stderr)
        return 2
    pages = [MINIMAL, HOME.notebook] + [s.notebook for s in STAGES if (COURSE_DIR / s.notebook).is_file()]
    if args.pages:
        unknown = sorted(set(args.pages) - set(pages))
        if unknown:
            print(f"no such page: {', '.join(unknown)} (pages: {', '.join(pages[1:])})", file=sys.stderr)
            return 2
        pages = [MINIMAL] + [nb for nb in pages if nb in args.pages]
    with tempfile.TemporaryDirectory(prefix="gouji-bench-") as tmp:
        folder = Path(tmp) / "course"
        shutil.copytree(COURSE_DIR, folder, ignore=shutil.ignore_patterns(".*", "__pycache__"))
        (folder / MINIMAL).write_text(_MINIMAL_NOTEBOOK, encoding="utf-8")
        (folder / CLICKS).write_text(_CLICKS_NOTEBOOK, encoding="utf-8")
        port = free_port(18966)
        command = [str(folder) if part == str(COURSE_DIR) else part for part in voila_command(port)]
        log = Path(tmp) / "voila.log"
        with log.open("wb") as out:
            server = subprocess.Popen(command, env=voila_env(Path(tmp) / "progress.sqlite"), stdout=out,
                                      stderr=subprocess.STDOUT, start_new_session=True)
            base = f"http://127.0.0.1:{port}/"
            try:
                started = time.monotonic()
                if not _wait(lambda: responds(base + "voila/tree"), 120):
                    print(log.read_text(encoding="utf-8", errors="replace"), file=sys.stderr)
                    return 1
                _wait(lambda: "warm kernel(s) ready" in log.read_text(encoding="utf-8", errors="replace"), 600)
                for kernel in kernels_of(server.pid):
                    settle(kernel)
                print(f"server up, {len(kernels_of(server.pid))} kernels (warm or preheated) idle in "
                      f"{time.monotonic() - started:.1f} s")
                with sync_playwright() as pw:
                    browser = pw.chromium.launch(executable_path=chromium, args=FLAGS)
                    context = browser.new_context(viewport={"width": 1280, "height": 800})
                    times = time_pages(base, pages, args.runs, context.new_page, server.pid, args.query)
                    clicks = time_clicks(base, context.new_page(), args.clicks)
                    browser.close()
            finally:
                server.terminate()
                try:
                    server.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    server.kill()
    minimal = _median(times[MINIMAL])
    print(f"\nnavigation to the first interactive widget, median of {args.runs} (preheated kernels, ?{args.query}):")
    print(f"  {'page':<22} {'median ms':>10} {'ratio':>7}   range ms")
    for nb in pages:
        spread = f"{min(times[nb]):.0f}-{max(times[nb]):.0f}" if times[nb] else "-"
        print(f"  {nb:<22} {_median(times[nb]):>10.0f} {_median(times[nb]) / minimal:>7.2f}   {spread}")
    worst = max((nb for nb in pages if nb != MINIMAL), key=lambda nb: _median(times[nb]))
    print(f"  worst ratio: {worst} {_median(times[worst]) / minimal:.2f} (target <= 1.3)")
    if clicks:
        print(f"\nclick to feedback in chromium: median {_median(clicks):.0f} ms, max {max(clicks):.0f} ms over "
              f"{len(clicks)} answers (target median <= 100 ms)")
    if not args.no_nbval:
        seconds, status = time_nbval()
        print(f"\nnbval over the course: {seconds:.1f} s, pytest exit status {status} (target <= 120 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

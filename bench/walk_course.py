"""The walk of the course (issue 26, "Done when"): every stage page × 4 rule sets × 2 languages, each read at
390 px and at 1280 px in chromium, and every defect a reader would see on it (``tests/browser/walking.py`` says
which). Each page's first drill answered by buttons is also answered wrongly, then its answer asked for, and the
feedback read the same way. It prints one line per page with defects, then the count of pages with and without;
the exit status is 1 if any page has a defect. ``tests/browser/test_walk.py`` walks a sample of it in CI.

    python bench/walk_course.py [--stages compare kaidian] [--rules tongsu] [--langs en] [--tabs 3] [--url URL]

Without ``--url`` it serves the course itself (``gouji-teach serve`` on a free port, a temporary progress file).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

from pagekit import STAGE_PAGES  # from tests/browser, put on the path just above
from playwright.sync_api import sync_playwright
from walking import Walked, open_tab, read_tab

from gouji_teach import PRESETS
from gouji_teach.app import free_port, responds

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]


@contextmanager
def served(tabs: int) -> Iterator[str]:
    """``gouji-teach serve`` ready for ``tabs`` learners at once, on a free port: its address while it runs."""
    with tempfile.TemporaryDirectory() as tmp, (Path(tmp) / "serve.log").open("wb") as log:
        port = free_port(18930)
        url = f"http://127.0.0.1:{port}/"
        command = [sys.executable, "-m", "gouji_teach", "serve", "--port", str(port), "--progress",
                   str(Path(tmp) / "progress.sqlite"), "--class-size", str(tabs)]
        server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            deadline = time.monotonic() + 120
            while not responds(url + "voila/tree"):
                if server.poll() is not None or time.monotonic() > deadline:
                    sys.exit(f"gouji-teach serve did not start:\n{(Path(tmp) / 'serve.log').read_text()}")
                time.sleep(0.25)
            yield url
        finally:
            os.killpg(server.pid, 2)
            server.wait(timeout=60)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stages", nargs="*", choices=[s.id for s in STAGE_PAGES], metavar="STAGE",
                        help="stage ids, space-separated (default: every stage page)")
    parser.add_argument("--rules", nargs="*", default=list(PRESETS), choices=list(PRESETS), metavar="RULES",
                        help="rule sets (default: all four)")
    parser.add_argument("--langs", nargs="*", default=["zh", "en"], choices=["zh", "en"])
    parser.add_argument("--tabs", type=int, default=3, help="pages loading at once")
    parser.add_argument("--url", help="an app already serving (default: serve one here)")
    args = parser.parse_args()
    stages = [s for s in STAGE_PAGES if not args.stages or s.id in args.stages]
    walk = [Walked(s, r, lang) for s in stages for r in args.rules for lang in args.langs]
    started = time.monotonic()
    bad = 0
    with (served(args.tabs) if args.url is None else _given(args.url)) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        pending, opened = deque(walk), deque[tuple[Walked, object]]()
        while pending or opened:
            while pending and len(opened) < args.tabs:
                walked = pending.popleft()
                opened.append((walked, open_tab(browser, url, walked)))
            walked, page = opened.popleft()
            try:
                seen = read_tab(page, walked)
            except Exception as e:  # the page did not come: that is its defect
                seen = {"load": [f"{type(e).__name__}: {str(e)[:300]}"]}
            found = [f"{width} px: {d}" if width.isdigit() else d for width, ds in seen.items() for d in ds]
            if found:
                bad += 1
                print(f"{walked}: {len(found)} defects", *(f"    {d}" for d in dict.fromkeys(found)), sep="\n",
                      flush=True)
        browser.close()
    print(f"{len(walk)} pages ({len(stages)} stages × {len(args.rules)} rule sets × {len(args.langs)} languages, "
          f"each at 390 and 1280 px) in {time.monotonic() - started:.0f} s: {len(walk) - bad} clean, "
          f"{bad} with defects")
    return 1 if bad else 0


@contextmanager
def _given(url: str) -> Iterator[str]:
    yield url if url.endswith("/") else url + "/"


if __name__ == "__main__":
    sys.exit(main())

"""A learner's static files in chromium: what the first and the next pages of one browser fetch from the network,
against the real ``gouji-teach serve`` (loopback only). It prints figures and asserts nothing.

    python bench/bench_static.py                      # 04_compare, twice in one browser
    python bench/bench_static.py --stage 02_cards.ipynb --pages 3

Each page is a new tab of one chromium context (one learner's browser, its cache empty at the start), opened after
the previous one closed. For each it prints the app's static files fetched from the network until the page is
ready (requests, bytes received; a file from the browser's cache is not counted, a revalidated one is), chromium's
own account of its network (its DevTools protocol), and the time from navigation to the ready page.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

from bench_app import FLAGS
from bench_class import ready, serving
from playwright.sync_api import sync_playwright

from gouji_teach.app import COURSE_DIR
from gouji_teach.teach.course import STAGES

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))
from pagekit import open_counting, render_path  # (as the browser tests count them; bench_class put tests/ on the path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stage", default="04_compare.ipynb", help="the page (default 04_compare.ipynb)")
    parser.add_argument("--pages", type=int, default=2, help="times the page is opened, 1-5 (default 2)")
    parser.add_argument("--port", type=int, default=19066, help="the first port tried (default 19066)")
    args = parser.parse_args()
    stage = next((s for s in STAGES if s.notebook == args.stage and (COURSE_DIR / s.notebook).is_file()), None)
    chromium = shutil.which("chromium")
    if stage is None or not 1 <= args.pages <= 5 or chromium is None:
        print("--stage a course page, --pages 1-5, and chromium on PATH (apt-get install -y chromium)",
              file=sys.stderr)
        return 2
    with (tempfile.TemporaryDirectory(prefix="gouji-static-") as tmp,
          serving(Path(tmp), 1, first_port=args.port) as (base, log, serve)):
        if ready(base, log, serve) is None:
            return 1
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=FLAGS)
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            print(f"{stage.notebook} in one chromium context, static files of the app fetched from the network:")
            for number in range(1, args.pages + 1):
                started = time.monotonic()
                page, fetched = open_counting(context, base + render_path(stage, learner="bench-static"), base,
                                              stage)
                seconds = time.monotonic() - started
                received = sum(size for _, size in fetched)
                print(f"  page {number}: {len(fetched):3d} requests, {received / 1e6:6.2f} MB, "
                      f"ready in {seconds:.1f} s")
                page.close(run_before_unload=True)
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A class on one machine: N learners open course pages in chromium at once (or one after the other) and answer
puzzles, against the real ``gouji-teach serve --class-size``. It prints figures and asserts nothing.

    python bench/bench_class.py --learners 8              # burst: 8 learners open 04_compare within 5 s
    python bench/bench_class.py --learners 30             # the issue's burst: 30 learners within 5 s
    python bench/bench_class.py --learners 30 --mode stagger   # the issue's staggered class: 30 learners arriving
                                                          # over 300 s, 3 stages each
    python bench/bench_class.py --learners 4 --mode stagger --window 60   # a quick check of the staggered mode

Burst: every learner opens ``--stage`` at a random moment within ``--window`` seconds (default 5). Staggered:
learner i arrives at i x WINDOW / N (``--window`` default 300) and opens ``--visits`` stages one after the
other (default 3; learner i starts at the i-th stage of the course, so the class spreads over the course),
1-4 s between pages. The server is ready for ``--class-size`` learners (default: N). On every page the
learner answers ``--answers`` puzzles (default 3), reading each feedback 0.3-1.5 s.

Loopback only (chromium resolves no other host); bounded: at most 60 learners, 5 visits each, ``--limit``
seconds in all (default 900). Each learner is a chromium context of its own (one browser). For every page it
measures the time from navigation to the first interactive widget and where that time went (the HTML served
with its notebook run, Voila's scripts until the kernel's websocket opens, the widget states asked for and
received, the first widget drawn), checks that every puzzle of the page's quiz arrived, and times the clicks on
answer buttons to the feedback. A sampler reads ``/proc`` every half second: the server's kernels, the RSS of
the server and its kernels, and the CPU time of the server, its kernels and the learners' chromium (on this
machine the browsers share the server's cores; in a classroom each runs on its learner's device). After the
last tab closes it waits ``--after`` seconds (default 60) and counts the kernels left. The load average
(``os.getloadavg``) is printed with the figures: the machine may be shared.

It prints: pages with every puzzle; first widget p50/p95; page served p50/p95; click to feedback p50/p95; where
the time went; CPU; errors and Voila's IOPub timeouts; peak kernels and RSS; kernels left after ``--after`` s.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench_app import CLICK_JS, FLAGS, INTERACTIVE, cpu_ticks, kernels_of, settle, stat_fields
from playwright.async_api import async_playwright

from gouji_teach.app import COURSE_DIR, free_port, responds
from gouji_teach.show.i18n import t
from gouji_teach.teach.course import STAGES
from gouji_teach.teach.puzzles import SeatsPuzzle
from gouji_teach.teach.widgets import PuzzleWidget  # noqa: F401  (registers the widget texts the clicks look for)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # widget_state, which pagekit imports
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))
from pagekit import puzzle_box, quiz_puzzles  # (the drills a page shows, numbered as the page numbers them)

MAX_LEARNERS, MAX_VISITS = 60, 5
PAGE_TIMEOUT_S = 300


@dataclass
class Figures:
    """What the learners saw."""

    first_widget: list[float] = field(default_factory=list)
    served: list[float] = field(default_factory=list)  # the page's HTML complete: its notebook has run
    feedback: list[float] = field(default_factory=list)
    phases: dict[str, list[float]] = field(default_factory=dict)  # where a page's time to first widget went
    fallbacks: int = 0  # pages that asked for the widget states one widget at a time
    pages: int = 0
    with_puzzles: int = 0
    errors: list[str] = field(default_factory=list)


class Sampler(threading.Thread):
    """Every half second: the server's kernels, the RSS of the server and its kernels (MB), and the CPU time each
    has used (a kernel's last sample counts once it has ended)."""

    def __init__(self, server: int) -> None:
        super().__init__(daemon=True)
        self.server, self.stop = server, threading.Event()
        self.peak_rss = self.peak_pss = self.peak_kernels = 0.0
        self.ticks = {proc.name: cpu_ticks(proc) for proc in kernels_of(server)}
        self.before = dict(self.ticks)
        self.server_before = cpu_ticks(Path(f"/proc/{server}"))

        self.browser: dict[int, int] = {}  # the bench's chromium processes: CPU ticks, as last seen

    def run(self) -> None:
        while not self.stop.wait(0.5):
            kernels, rss, pss = measure(self.server)
            self.peak_rss, self.peak_kernels = max(self.peak_rss, rss), max(self.peak_kernels, kernels)
            self.peak_pss = max(self.peak_pss, pss)
            for proc in kernels_of(self.server):
                self.ticks[proc.name] = max(self.ticks.get(proc.name, 0), cpu_ticks(proc))
            for pid, ticks in _chromium_ticks().items():
                self.browser[pid] = max(self.browser.get(pid, 0), ticks)

    def cpu(self) -> tuple[float, float, float]:
        """CPU seconds used since the start by the server, by its kernels, and by the learners' chromium."""
        hz = os.sysconf("SC_CLK_TCK")
        kernels = sum(t - self.before.get(pid, 0) for pid, t in self.ticks.items())
        return ((cpu_ticks(Path(f"/proc/{self.server}")) - self.server_before) / hz, kernels / hz,
                sum(self.browser.values()) / hz)


def _chromium_ticks() -> dict[int, int]:
    """CPU ticks of every chromium process this bench started (through Playwright's driver)."""
    parents: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for proc in Path("/proc").glob("[0-9]*"):
        fields = stat_fields(proc)
        if fields is None:
            continue
        parents[int(proc.name)] = int(fields[1])
        with contextlib.suppress(OSError):
            if (proc / "comm").read_text().startswith("chrom"):
                ticks[int(proc.name)] = int(fields[11]) + int(fields[12])
    me = os.getpid()

    def mine(pid: int) -> bool:
        for _ in range(20):
            pid = parents.get(pid, 0)
            if pid in (0, 1):
                return False
            if pid == me:
                return True
        return False

    return {pid: t for pid, t in ticks.items() if mine(pid)}


def _rss_mb(pid: int | str) -> float:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    match = re.search(r"VmRSS:\s+(\d+) kB", text)
    return int(match.group(1)) / 1024 if match else 0.0


def _pss_mb(pid: int | str) -> float:
    """A process's proportional set size: its memory with each page it shares counted as its share (forked
    kernels share the fork server's pages; RSS counts them in every kernel)."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0.0
    match = re.search(r"^Pss:\s+(\d+) kB", text, re.M)
    return int(match.group(1)) / 1024 if match else 0.0


def measure(server: int) -> tuple[int, float, float]:
    """The server's kernels (and its fork server), and the RSS and the PSS (MB) of the server and its kernels
    together."""
    kernels = kernels_of(server)
    return (len(kernels), _rss_mb(server) + sum(_rss_mb(k.name) for k in kernels),
            _pss_mb(server) + sum(_pss_mb(k.name) for k in kernels))


def _voila(serve: int) -> int | None:
    """The Voila server: the child of ``gouji-teach serve``."""
    children = kernels_of(serve)
    return int(children[0].name) if children else None


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _load() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


#: Records, in the page, when its kernel's websocket opened, when the widget manager asked the kernel for every
#: widget's state at once (``request_states``) and when they arrived, and whether it fell back to asking one
#: widget at a time (ipywidgets' manager does after 4 s without an answer).
_RECORD_PHASES = """(() => {
  const t = window.gjPhases = {open: null, asked: null, got: null, oneByOne: 0};
  const text = d => typeof d === 'string' ? d : (d instanceof ArrayBuffer || ArrayBuffer.isView(d))
    ? new TextDecoder().decode(d) : '';
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      if (!String(args[0]).includes('/channels')) return;
      this.addEventListener('open', () => { if (t.open === null) t.open = performance.now(); });
      this.addEventListener('message', e => {
        if (t.got === null && text(e.data).includes('"update_states"')) t.got = performance.now();
      });
    }
    send(data) {
      const s = text(data);
      if (s.includes('"request_states"')) { if (t.asked === null) t.asked = performance.now(); }
      else if (s.includes('"request_state"')) t.oneByOne++;
      return super.send(data);
    }
  };
})();"""
#: The phases printed: from the previous mark to this one (navigation start, HTML served, the kernel's websocket
#: open, the widget states asked for, the states there, the first widget on screen).
PHASES = ("served", "scripts to websocket open", "open to states asked", "states asked to received",
          "received to first widget")


def _phases(figures: Figures, marks: dict[str, Any], served: float, first: float) -> None:
    if marks.get("oneByOne"):
        figures.fallbacks += 1
    times = [0.0, served, marks.get("open"), marks.get("asked"), marks.get("got"), first]
    if None in times:
        return
    for name, start, end in zip(PHASES, times, times[1:], strict=False):
        figures.phases.setdefault(name, []).append((end - start) / 1000)


async def visit(context: Any, base: str, stage_nb: str, learner: str, answers: int, figures: Figures) -> None:
    """One page: navigation to the first widget, every puzzle there, ``answers`` clicks timed to the feedback."""
    stage = next(s for s in STAGES if s.notebook == stage_nb)
    puzzles = quiz_puzzles(stage)
    page = await context.new_page()
    figures.pages += 1
    try:
        await page.goto(f"{base}voila/render/{stage_nb}?learner={learner}&rules=qingdao&lang=zh",
                        wait_until="commit", timeout=PAGE_TIMEOUT_S * 1000)
        handle = await page.wait_for_function(f"""() => Array.from(document.querySelectorAll({INTERACTIVE!r}))
            .some(e => e.getClientRects().length > 0) && performance.now()""", timeout=PAGE_TIMEOUT_S * 1000,
                                              polling=100)
        first = float(await handle.json_value())
        served = float(await page.evaluate("() => performance.getEntriesByType('navigation')[0].responseEnd"))
        figures.first_widget.append(first / 1000)
        figures.served.append(served / 1000)
        _phases(figures, await page.evaluate("() => window.gjPhases || {}"), served, first)
        for puzzle in puzzles:
            await puzzle_box(page, puzzle).wait_for(timeout=30_000)
        figures.with_puzzles += 1
        clickable = [p for p in puzzles if p.choices and not isinstance(p, SeatsPuzzle)]
        for i in range(answers if clickable else 0):
            puzzle = clickable[i % len(clickable)]
            choice = puzzle.choices[(i // len(clickable)) % len(puzzle.choices)]
            ms = await page.evaluate(CLICK_JS, [puzzles.index(puzzle), choice.text("zh"), t("widget.retry", "zh")])
            figures.feedback.append(float(ms) / 1000)
            await page.wait_for_timeout(random.uniform(300, 1500))  # a learner reads the feedback
    except Exception as e:  # a page without its puzzles, a click without feedback: counted, and the run goes on
        figures.errors.append(f"{stage_nb} ({learner}): {str(e).splitlines()[0][:160]}")
    finally:
        await page.close(run_before_unload=True)  # as a learner's next link: the page asks for its kernel's end


async def learner(browser: Any, base: str, delay: float, stages: list[str], number: int, answers: int,
                  figures: Figures) -> None:
    await asyncio.sleep(delay)
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    await context.add_init_script(_RECORD_PHASES)
    try:
        for stage_nb in stages:
            await visit(context, base, stage_nb, f"bench{number}", answers, figures)
            await asyncio.sleep(random.uniform(1, 4))
    finally:
        await context.close()


async def run_class(args: argparse.Namespace, base: str, chromium: str, course: list[str]) -> Figures:
    figures = Figures()
    rng = random.Random(12)
    plans = []
    for i in range(args.learners):
        if args.mode == "burst":
            delay, first = rng.uniform(0, args.window), course.index(args.stage)
        else:
            delay, first = i * args.window / max(1, args.learners), i % len(course)
        plans.append((delay, [course[(first + v) % len(course)] for v in range(args.visits)]))
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium, args=FLAGS)
        try:
            await asyncio.wait_for(asyncio.gather(*(learner(browser, base, delay, stages, i, args.answers, figures)
                                                    for i, (delay, stages) in enumerate(plans))), args.limit)
        except TimeoutError:
            figures.errors.append(f"the run did not end within --limit {args.limit} s")
        finally:
            await browser.close()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--learners", type=int, default=8, help=f"learners, 1-{MAX_LEARNERS} (default 8)")
    parser.add_argument("--mode", choices=("burst", "stagger"), default="burst",
                        help="burst: all open --stage within --window s; stagger: one after the other over --window s")
    parser.add_argument("--window", type=float, default=None, help="seconds (default 5 for burst, 300 for stagger)")
    parser.add_argument("--stage", default="04_compare.ipynb", help="the page of a burst (default 04_compare.ipynb)")
    parser.add_argument("--visits", type=int, default=None, help="pages per learner (default 1 burst, 3 stagger)")
    parser.add_argument("--answers", type=int, default=3, help="timed answer clicks per page (default 3)")
    parser.add_argument("--class-size", type=int, default=None, help="gouji-teach serve --class-size (default N)")
    parser.add_argument("--after", type=float, default=60, help="seconds to wait after the tabs close (default 60)")
    parser.add_argument("--limit", type=float, default=900, help="seconds the learners may take in all (900)")
    parser.add_argument("--log", type=Path, help="keep the server's log in this file")
    args = parser.parse_args()
    args.window = args.window if args.window is not None else (5 if args.mode == "burst" else 300)
    args.visits = args.visits or (1 if args.mode == "burst" else 3)
    course = [s.notebook for s in STAGES if (COURSE_DIR / s.notebook).is_file()]
    if not 1 <= args.learners <= MAX_LEARNERS or not 1 <= args.visits <= MAX_VISITS or args.stage not in course:
        print(f"--learners 1-{MAX_LEARNERS}, --visits 1-{MAX_VISITS}, --stage one of {', '.join(course)}",
              file=sys.stderr)
        return 2
    chromium = shutil.which("chromium")
    if chromium is None:
        print("chromium is not on PATH: apt-get install -y chromium", file=sys.stderr)
        return 2
    size = args.class_size or args.learners
    with tempfile.TemporaryDirectory(prefix="gouji-class-") as tmp, serving(Path(tmp), size, args.log) as served:
        return report(args, size, *served, chromium, course)


@contextlib.contextmanager
def serving(folder: Path, class_size: int, keep_log: Path | None = None, first_port: int = 19066,
            kernels: str = "fork", prerender: str = "") -> Iterator[tuple[str, Path, subprocess.Popen[bytes]]]:
    """``gouji-teach serve --class-size --kernels [--prerender]`` on the first free loopback port from ``first_port``,
    its progress file and log in ``folder``: its address, log and process while the block runs (the log copied to
    ``keep_log`` at the end)."""
    port = free_port(first_port)
    log = folder / "serve.log"
    with log.open("wb") as out:
        serve = subprocess.Popen([sys.executable, "-m", "gouji_teach", "serve", "--port", str(port), "--progress",
                                  str(folder / "progress.sqlite"), "--class-size", str(class_size),
                                  "--kernels", kernels, *(["--prerender", prerender] if prerender else [])],
                                 stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            yield f"http://127.0.0.1:{port}/", log, serve
        finally:
            if keep_log:
                shutil.copyfile(log, keep_log)
            serve.terminate()
            try:
                serve.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(serve.pid, 9)


def ready(base: str, log: Path, serve: subprocess.Popen[bytes], pools: Sequence[str] = ()) -> int | None:
    """Wait until the server answers and its warm kernels (and the pre-rendered pages of each notebook of ``pools``)
    are ready and idle: the Voila server's process id, or ``None`` (its log said on standard error) if it did not
    start within 300 s."""
    deadline = time.monotonic() + 300
    while not responds(base + "voila/tree") or _voila(serve.pid) is None:
        if serve.poll() is not None or time.monotonic() > deadline:
            print(log.read_text(encoding="utf-8", errors="replace"), file=sys.stderr)
            return None
        time.sleep(0.5)
    server = _voila(serve.pid)
    assert server is not None
    while "warm kernel(s) ready" not in (text := log.read_text(encoding="utf-8", errors="replace")) or any(
            f"Kernel pool of {name} is filled" not in text for name in pools):
        if time.monotonic() > deadline:
            print("the warm kernels were not ready within 300 s", file=sys.stderr)
            break
        time.sleep(0.5)
    for kernel in kernels_of(server):
        settle(kernel)
    return server


def report(args: argparse.Namespace, size: int, base: str, log: Path, serve: subprocess.Popen[bytes],
           chromium: str, course: list[str]) -> int:
    started = time.monotonic()
    server = ready(base, log, serve)
    if server is None:
        return 1
    idle_kernels, idle_rss, _ = measure(server)
    print(f"gouji-teach serve --class-size {size}: ready in {time.monotonic() - started:.1f} s, idle: "
          f"{idle_kernels} kernels, server and kernels {idle_rss:.0f} MB RSS ({_load()})")
    sampler = Sampler(server)
    sampler.start()
    began = time.monotonic()
    figures = asyncio.run(run_class(args, base, chromium, course))
    closed = time.monotonic()
    server_cpu, kernels_cpu, browser_cpu = sampler.cpu()
    during = _load()
    time.sleep(args.after)
    left, left_rss, _ = measure(server)
    sampler.stop.set()
    text = log.read_text(encoding="utf-8", errors="replace")
    timeouts = text.count("Timeout waiting for IOPub output")
    what = (f"{args.learners} learners open {args.stage} within {args.window:.0f} s" if args.mode == "burst" else
            f"{args.learners} learners staggered over {args.window:.0f} s, {args.visits} pages each")
    print(f"\n{what} ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores; "
          f"{during} when the tabs closed, after {closed - began:.0f} s):")
    print(f"  pages with every puzzle: {figures.with_puzzles}/{figures.pages}")
    print(f"  first widget: p50 {_pct(figures.first_widget, 0.5):.1f} s, p95 {_pct(figures.first_widget, 0.95):.1f} s"
          f" (max {max(figures.first_widget, default=float('nan')):.1f} s)")
    print(f"  page served (its notebook run): p50 {_pct(figures.served, 0.5):.1f} s, "
          f"p95 {_pct(figures.served, 0.95):.1f} s")
    print(f"  click to feedback: p50 {_pct(figures.feedback, 0.5):.2f} s, p95 {_pct(figures.feedback, 0.95):.2f} s "
          f"over {len(figures.feedback)} answers")
    print(f"  where the time to the first widget went (p50 / p95 of each step, s; pages with every step seen: "
          f"{len(figures.phases.get(PHASES[-1], []))}):")
    for name in PHASES:
        values = figures.phases.get(name, [])
        print(f"    {name:<28} {_pct(values, 0.5):6.1f} / {_pct(values, 0.95):6.1f}")
    print(f"  pages whose widget states came one widget at a time (the kernel's answer to request_states took "
          f"over 4 s): {figures.fallbacks}/{figures.pages}")
    print(f"  CPU while the learners worked: server {server_cpu:.1f} s, its kernels {kernels_cpu:.1f} s, the learners' "
          f"chromium {browser_cpu:.1f} s ({figures.pages} pages)")
    print(f"  errors: {len(figures.errors)}; Voila's 'Timeout waiting for IOPub output': {timeouts}")
    for error in figures.errors[:10]:
        print(f"    {error}")
    print(f"  peak: {sampler.peak_kernels:.0f} kernels, server and kernels {sampler.peak_rss:.0f} MB RSS")
    print(f"  {args.after:.0f} s after the last tab closed: {left} kernels ({left_rss:.0f} MB); idle before: "
          f"{idle_kernels} ({_load()})")
    if figures.feedback:
        print(f"  click to feedback mean {statistics.mean(figures.feedback):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

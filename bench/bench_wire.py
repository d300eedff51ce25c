"""A class at the wire: N learners do what a course page's JavaScript does, without a browser, against the real
``gouji-teach serve --class-size N`` started in a temporary folder (loopback only). It prints figures and asserts
nothing.

    python bench/bench_wire.py --learners 10            # 10 learners open 04_compare within 5 s
    python bench/bench_wire.py --learners 30 --window 5 --stage 02_cards.ipynb
    python bench/bench_wire.py --learners 30 --live [--prerender]   # a class joins a live lesson

With ``--live`` the learners join a live lesson instead: the bench opens one on ``qingdao_dagouji`` in the
server's progress store, moves it to its checkpoint "can seat 1 play AA?", and each learner GETs
``lesson.ipynb?live=CODE``, answers it (*click to feedback*: until its answer is kept), and leaves.

Each learner, at a random moment within ``--window`` seconds (seeded): GETs the stage page (its learner name of
its own), opens the kernel websocket the page names (Voila's page carries its kernel's id), opens the
``jupyter.widget.control`` comm and sends ``request_states`` as ipywidgets' manager does (*page ready*: from the
GET to the widget states received), clicks an answer Button of the page's first puzzle answered by buttons (a
``custom`` ``click`` message, as the browser's button sends) and waits for the feedback's update (*click to
feedback*), then leaves as a closing tab does (asks for its kernel's shutdown). Rendering is not counted: in a
classroom it runs on the learners' devices. A sampler reads ``/proc`` every half second: the server's kernels,
the RSS and PSS of the server and its kernels (with its fork server: :mod:`gouji_teach.app.forking`; PSS counts
the pages forked kernels share once), and their CPU time until the last learner left (kernels started meanwhile,
the warm pool's refill, counted apart; then again with what followed within ``--after``: the pools' refill). After
the last learner left it waits ``--after`` seconds (default 60) and counts the kernels left.

Bounded: at most 60 learners, ``--limit`` seconds in all (default 600).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import random
import secrets
import sys
import tempfile
import time
import urllib.parse
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench_class import MAX_LEARNERS, Sampler, _load, _pct, measure, ready, serving
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

from gouji_teach.app import COURSE_DIR
from gouji_teach.rules.scenario import Scenario, frames
from gouji_teach.teach.course import STAGES
from gouji_teach.teach.lessons import LESSON_PAGE
from gouji_teach.teach.player import checkpoint_puzzle
from gouji_teach.teach.progress import ProgressStore
from gouji_teach.teach.puzzles import SeatsPuzzle

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))
from pagekit import quiz_puzzles, render_path  # (bench_class put tests/ on the path)

#: The version of ipywidgets' control comm the page's widget manager says it speaks.
CONTROL_PROTOCOL = "1.0.0"
#: Seconds a learner waits at most for each step (the page, the states, the feedback).
STEP_TIMEOUT = 300
#: The live lesson of ``--live``: its scenario, stage and checkpoint (a can-act question answered by buttons).
LIVE_SCENARIO, LIVE_STAGE, LIVE_STEP = "qingdao_dagouji", "dagouji", 3


@dataclass(frozen=True)
class Page:
    """What the learners open: its address for learner ``n``, the labels of the answer buttons of its first
    puzzle, and what the page's update says once an answer has been taken."""

    notebook: str
    address: Any
    choices: set[str]
    answered: str


def stage_page(stage: Any) -> Page:
    clickable = [p for p in quiz_puzzles(stage) if p.choices and not isinstance(p, SeatsPuzzle)]
    choices = {c.text("zh") for c in clickable[0].choices} if clickable else set()
    return Page(stage.notebook, lambda n: render_path(stage, learner=f"wire{n}"), choices, "gouji-feedback")


def live_page(progress: Path) -> Page:
    """A live lesson opened in the store at ``progress`` and moved to its checkpoint; its learners' page."""
    store = ProgressStore(progress)
    lesson, key = store.open_live(LIVE_SCENARIO, stage=LIVE_STAGE, rules="qingdao")
    store.live_control(lesson.code, key, step=LIVE_STEP)
    frame = frames(Scenario.load(LIVE_SCENARIO))[LIVE_STEP]
    puzzle = checkpoint_puzzle(frame.game, frame.step.text)
    assert puzzle is not None, f"{LIVE_SCENARIO} step {LIVE_STEP} is no checkpoint"
    address = f"voila/render/{LESSON_PAGE.notebook}?live={lesson.code}&learner=wire{{}}"
    return Page(LESSON_PAGE.notebook, address.format, {c.text("zh") for c in puzzle.choices}, "揭晓前可以改")


@dataclass
class Wire:
    """What the learners got."""

    ready: list[float] = field(default_factory=list)
    feedback: list[float] = field(default_factory=list)
    ok: int = 0
    errors: list[str] = field(default_factory=list)


def _message(kind: str, content: dict[str, Any], session: str, metadata: dict[str, Any] | None = None) -> str:
    """A message of the kernel's shell channel, as the page's kernel connection sends it (JSON, no buffers)."""
    header = {"msg_id": uuid.uuid4().hex, "msg_type": kind, "username": "learner", "session": session,
              "date": datetime.datetime.now(datetime.UTC).isoformat(), "version": "5.3"}
    return json.dumps({"header": header, "parent_header": {}, "metadata": metadata or {}, "content": content,
                       "channel": "shell", "buffers": []})


def _json_part(frame: bytes) -> bytes:
    """The message of a binary frame (one with buffers, the server's JSON protocol): a count of parts, their
    offsets (big-endian 32-bit), then the parts, the message first."""
    count = int.from_bytes(frame[:4], "big")
    offsets = [int.from_bytes(frame[4 + 4 * i:8 + 4 * i], "big") for i in range(count)] + [len(frame)]
    return frame[offsets[0]:offsets[1]]


async def _comm_msgs(socket: Any, comm_id: str | None = None) -> Any:
    """The ``comm_msg`` contents the kernel sends (to ``comm_id`` only, if given), as they arrive."""
    while True:
        raw = await socket.read_message()
        if raw is None:
            raise ConnectionError("the kernel's websocket closed")
        message = json.loads(_json_part(raw) if isinstance(raw, bytes) else raw)
        if message.get("msg_type") == "comm_msg" and comm_id in (None, message["content"]["comm_id"]):
            yield message["content"]


def _answer_button(states: dict[str, Any], choices: set[str]) -> str | None:
    """The comm id of a Button whose label is an answer choice."""
    return next((model for model, value in states.items() if value.get("model_name") == "ButtonModel"
                 and value["state"].get("description") in choices), None)


async def learner(base: str, opened: Page, number: int, delay: float, wire: Wire) -> None:
    await asyncio.sleep(delay)
    client, xsrf = AsyncHTTPClient(), secrets.token_hex(16)
    started = time.monotonic()
    kernel = None
    try:
        page = await client.fetch(base + opened.address(number), request_timeout=STEP_TIMEOUT)
        kernel = json.loads(page.body.decode().split('"kernelId": ', 1)[1].split(",", 1)[0])
        session = uuid.uuid4().hex
        socket = await websocket_connect(f"{base.replace('http', 'ws', 1)}api/kernels/{kernel}/channels?"
                                         f"session_id={session}", max_message_size=1 << 28)
        try:
            control = uuid.uuid4().hex
            socket.write_message(_message("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control",
                                                        "data": {}}, session, {"version": CONTROL_PROTOCOL}))
            socket.write_message(_message("comm_msg", {"comm_id": control, "data": {"method": "request_states"}},
                                          session))
            async with asyncio.timeout(STEP_TIMEOUT):
                async for content in _comm_msgs(socket, control):
                    if content["data"].get("method") == "update_states":
                        states = content["data"]["states"]
                        break
            wire.ready.append(time.monotonic() - started)
            button = _answer_button(states, opened.choices)
            if button is None:
                raise LookupError(f"no answer button among {len(states)} widgets")
            clicked = time.monotonic()
            socket.write_message(_message("comm_msg", {"comm_id": button, "data": {
                "method": "custom", "content": {"event": "click"}}}, session))
            async with asyncio.timeout(STEP_TIMEOUT):
                async for content in _comm_msgs(socket):
                    if content["data"].get("method") == "update" and opened.answered in json.dumps(
                            content["data"], ensure_ascii=False):
                        break
            wire.feedback.append(time.monotonic() - clicked)
            wire.ok += 1
        finally:
            socket.close()
    except Exception as e:  # a page not served, states or feedback not there in time: counted, and the run goes on
        wire.errors.append(f"wire{number}: {type(e).__name__}: {str(e).splitlines()[0][:160] if str(e) else ''}")
    finally:
        if kernel is not None:  # as a closing tab: the page asks for its kernel's shutdown
            await client.fetch(HTTPRequest(f"{base}voila/api/shutdown/{kernel}", method="POST",
                                           body=urllib.parse.urlencode({"_xsrf": xsrf}),
                                           headers={"Cookie": f"_xsrf={xsrf}"}), raise_error=False)


async def run(base: str, opened: Page, learners: int, window: float, limit: float) -> Wire:
    wire, rng = Wire(), random.Random(12)
    try:
        await asyncio.wait_for(asyncio.gather(*(learner(base, opened, i, rng.uniform(0, window), wire)
                                                for i in range(learners))), limit)
    except TimeoutError:
        wire.errors.append(f"the run did not end within --limit {limit} s")
    return wire


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--learners", type=int, default=10, help=f"learners, 1-{MAX_LEARNERS} (default 10)")
    parser.add_argument("--window", type=float, default=5, help="seconds the learners arrive within (default 5)")
    parser.add_argument("--stage", default="04_compare.ipynb", help="the page (default 04_compare.ipynb)")
    parser.add_argument("--class-size", type=int, default=None, help="gouji-teach serve --class-size (default N)")
    parser.add_argument("--after", type=float, default=60, help="seconds to wait after the learners left (60)")
    parser.add_argument("--limit", type=float, default=600, help="seconds the learners may take in all (600)")
    parser.add_argument("--port", type=int, default=19066, help="the first port tried (default 19066)")
    parser.add_argument("--kernels", choices=("fork", "launch"), default="fork",
                        help="gouji-teach serve --kernels: forked (default) or new interpreters")
    parser.add_argument("--prerender", action="store_true",
                        help="gouji-teach serve --prerender STAGE: class-size pages of the stage built ahead")
    parser.add_argument("--live", action="store_true", help="the learners join a live lesson (lesson.ipynb)")
    args = parser.parse_args()
    stage = LESSON_PAGE if args.live else next(
        (s for s in STAGES if s.notebook == args.stage and (COURSE_DIR / s.notebook).is_file()), None)
    if stage is None or not 1 <= args.learners <= MAX_LEARNERS:
        print(f"--learners 1-{MAX_LEARNERS}, --stage a course page", file=sys.stderr)
        return 2
    size = args.class_size or args.learners
    with (tempfile.TemporaryDirectory(prefix="gouji-wire-") as tmp,
          serving(Path(tmp), size, first_port=args.port, kernels=args.kernels,
                  prerender=stage.id if args.prerender else "") as (base, log, serve)):
        server = ready(base, log, serve, [stage.notebook] if args.prerender else [])
        if server is None:
            return 1
        idle_kernels, idle_rss, idle_pss = measure(server)
        print(f"gouji-teach serve --class-size {size} --kernels {args.kernels}"
              f"{' --prerender ' + stage.id if args.prerender else ''}: idle {idle_kernels} kernels, "
              f"{idle_rss:.0f} MB RSS, {idle_pss:.0f} MB PSS ({_load()})")
        opened = live_page(Path(tmp) / "progress.sqlite") if args.live else stage_page(stage)
        sampler = Sampler(server)
        sampler.start()
        wire = asyncio.run(run(base, opened, args.learners, args.window, args.limit))
        server_cpu, kernels_cpu, _ = sampler.cpu()
        hz = os.sysconf("SC_CLK_TCK")
        new_cpu = sum(t for pid, t in sampler.ticks.items() if pid not in sampler.before) / hz
        load = _load()
        time.sleep(args.after)
        after_server, after_kernels, _ = sampler.cpu()  # with what followed: the pools' refill
        sampler.stop.set()
        left, _, _ = measure(server)
    pages = max(1, wire.ok)
    print(f"{stage.notebook}, {args.learners} learners in a burst within {args.window:g} s ({load}):")
    print(f"  ok {wire.ok}/{args.learners}; page ready p50 {_pct(wire.ready, 0.5):.2f} s, p95 "
          f"{_pct(wire.ready, 0.95):.2f} s; click to feedback p95 {_pct(wire.feedback, 0.95):.2f} s")
    print(f"  CPU per page: server {server_cpu / pages:.2f} s, kernels {kernels_cpu / pages:.2f} s (of which "
          f"kernels started during the run {new_cpu / pages:.2f} s); floor {(server_cpu + kernels_cpu) / 2:.1f} s "
          f"on 2 cores for the {wire.ok} pages")
    print(f"  CPU per page with what followed within {args.after:g} s (the refill of warm and pre-rendered kernels): "
          f"server {after_server / pages:.2f} s, kernels {after_kernels / pages:.2f} s")
    print(f"  peak {sampler.peak_kernels:.0f} kernels, {sampler.peak_rss / 1024:.2f} GB RSS, "
          f"{sampler.peak_pss / 1024:.2f} GB PSS; {left} kernels "
          f"{args.after:g} s after (idle {idle_kernels})")
    for error in wire.errors[:10]:
        print(f"  error: {error}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

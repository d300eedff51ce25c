"""A live lesson at the wire: a presenter and N learners (default 30) against the real ``gouji-teach serve``, each
page driven as Voila's page JavaScript drives it (the page's GET, its kernel's websocket, the widget states asked
for, a button's click sent as the widget's ``custom`` message) without rendering: in a classroom each browser runs
on its learner's own device. It prints figures and asserts nothing.

    python bench/bench_live.py                      # 30 learners, 5 step changes, one checkpoint
    python bench/bench_live.py --learners 8 --steps 3

The presenter opens the wall of ``qingdao_dagouji`` and starts a live lesson (its 课堂 button); every learner
opens the join link with a name of their own and waits until their page shows the lesson. Then:

* **step change reaching the learners' pages**: the presenter presses 下一步 ``--steps`` times (one every
  ``--pause`` seconds, default 3); for each press and learner, the time from the click sent to the learner's
  page receiving the new step (the narration's update on its websocket);
* **answers reaching the wall**: at step 3 (a yes/no checkpoint) the learners answer one after the other, one
  every ``--gap`` seconds (default 0.1); for each answer, the time from the click sent to the wall receiving a
  count of answers that includes it;
* then the reveal, and the attempts the store holds for the checkpoint.

CPU-seconds of the server and of its kernels over the run, and the load average (the machine may be shared), are
printed with the figures. Loopback only; bounded by ``--limit`` seconds (default 600).
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Any

from bench_app import cpu_ticks, kernels_of
from tornado.websocket import websocket_connect

from gouji_teach.app import free_port, responds
from gouji_teach.teach.progress import ProgressStore

SCENARIO = "qingdao_dagouji"
TICK = os.sysconf("SC_CLK_TCK")


def _cpu(voila: int) -> tuple[float, float]:
    """CPU-seconds used so far by the server and by its kernels (those alive now)."""
    return cpu_ticks(Path(f"/proc/{voila}")) / TICK, sum(cpu_ticks(k) for k in kernels_of(voila)) / TICK


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


class Page:
    """One page at the wire: its kernel's websocket, the widget states, and every update as it arrives."""

    def __init__(self, base: str, path: str) -> None:
        self.base, self.path = base, path
        self.session = uuid.uuid4().hex
        self.states: dict[str, dict[str, Any]] = {}
        self.updates: list[tuple[float, str, dict[str, Any]]] = []  # (time, model id, state)
        self.changed = asyncio.Event()

    async def open(self) -> None:
        loop = asyncio.get_running_loop()
        html = await loop.run_in_executor(None, lambda: urllib.request.urlopen(self.base + self.path, timeout=300)
                                          .read().decode("utf-8"))
        config = json.loads(re.search(r'id="jupyter-config-data"[^>]*>(.*?)</script>', html, re.S).group(1))
        ws = self.base.replace("http", "ws", 1) + f"api/kernels/{config['kernelId']}/channels?session_id={self.session}"
        self.socket = await websocket_connect(ws, max_message_size=64 << 20)
        self.reader = asyncio.ensure_future(self._read())
        for _ in range(12):  # a kernel still starting may miss the first request: ask again
            control = uuid.uuid4().hex
            await self._send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                             {"version": "1.0.0"})
            await self._send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
            with contextlib.suppress(TimeoutError):
                await self.until(lambda: bool(self.states), 10)
                return
        raise TimeoutError(self.path)

    async def _send(self, kind: str, content: dict[str, Any], metadata: dict[str, Any] | None = None) -> None:
        header = {"msg_id": uuid.uuid4().hex, "username": "bench", "session": self.session, "msg_type": kind,
                  "version": "5.3", "date": time.strftime("%Y-%m-%dT%H:%M:%SZ")}
        await self.socket.write_message(json.dumps({"header": header, "parent_header": {}, "metadata": metadata or {},
                                                    "content": content, "channel": "shell", "buffers": []}))

    async def _read(self) -> None:
        while True:
            message = await self.socket.read_message()
            if message is None:
                return
            data = json.loads(message) if isinstance(message, str) else {}
            kind = data.get("msg_type") or data.get("header", {}).get("msg_type")
            comm = data.get("content", {}).get("comm_id")
            if kind == "comm_open":  # a widget made after the states were asked for
                self.states[comm] = dict(data["content"].get("data", {}).get("state", {}))
                self.changed.set()
            elif kind == "comm_close":
                self.states.pop(comm, None)
            if kind != "comm_msg":
                continue
            content = data.get("content", {}).get("data", {})
            if content.get("method") == "update_states":
                self.states.update({k: v.get("state", v) for k, v in content.get("states", {}).items()})
            elif content.get("method") == "update":
                model = data["content"]["comm_id"]
                self.states.setdefault(model, {}).update(content.get("state", {}))
                self.updates.append((time.perf_counter(), model, content.get("state", {})))
            self.changed.set()

    async def until(self, test: Any, timeout: float) -> float:
        """Wait until ``test()`` holds; the time it first held (``perf_counter``)."""
        deadline = time.perf_counter() + timeout
        while not test():
            self.changed.clear()
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(self.path)
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                continue
        return time.perf_counter()

    def shows(self, marker: str) -> bool:
        """Whether an update since the last clear brought a narration with ``marker``."""
        return any(marker in str(s.get("value", "")) and "gj-narration" in str(s.get("value", ""))
                   for _t, _m, s in self.updates)

    def text(self) -> str:
        return " ".join(str(s.get("value", "")) for s in self.states.values() if isinstance(s.get("value"), str))

    def button(self, *, cls: str | None = None, description: str | None = None) -> str:
        for model, state in self.states.items():
            if state.get("_model_name") != "ButtonModel":
                continue
            if (cls is None or cls in state.get("_dom_classes", [])) and \
                    (description is None or state.get("description") == description):
                return model
        raise LookupError(cls or description)

    async def click(self, model: str) -> float:
        at = time.perf_counter()
        await self._send("comm_msg", {"comm_id": model, "data": {"method": "custom", "content": {"event": "click"}}})
        return at


async def lesson(args: argparse.Namespace, base: str, progress: Path) -> dict[str, Any]:
    wall = Page(base, f"voila/render/present.ipynb?scenario={SCENARIO}")
    await wall.open()
    await wall.until(lambda: "gj-narration" in wall.text(), 120)
    await wall.click(wall.button(cls="gj-wall-live"))
    await wall.until(lambda: 'class="gj-code"' in wall.text(), 60)
    code = re.search(r'class="gj-code">([A-Z0-9]+)<', wall.text()).group(1)
    learners = [Page(base, f"voila/render/lesson.ipynb?live={code}&learner=bench-{i}") for i in range(args.learners)]
    opened = time.perf_counter()
    await asyncio.gather(*(p.open() for p in learners))
    await asyncio.gather(*(p.until(lambda p=p: "gj-narration" in p.text(), 300) for p in learners))
    joined_s = time.perf_counter() - opened
    await wall.until(lambda: f"已加入 {args.learners} 人" in wall.text(), 60)
    follow: list[float] = []
    spread: list[tuple[float, float]] = []  # per step change: the first and the last learner's page
    cpu_before = _cpu(args.voila)
    for step in range(1, args.steps + 1):
        await asyncio.sleep(args.pause)
        sent = await wall.click(wall.button(cls="gj-wall-next"))
        seen = await asyncio.gather(*(p.until(lambda p=p, step=step: p.shows(f"第{step}步"), 60) for p in learners))
        follow += [t - sent for t in seen]
        spread.append((min(seen) - sent, max(seen) - sent))
        for p in learners:
            p.updates.clear()
    cpu_steps = tuple(a - b for a, b in zip(_cpu(args.voila), cpu_before, strict=True))
    for _ in range(args.steps - 3):  # back to step 3, the yes/no checkpoint
        await wall.click(wall.button(cls="gj-wall-back"))
        await asyncio.sleep(args.pause)
    await asyncio.gather(*(p.until(lambda p=p: any(s.get("description") == "不能" for s in p.states.values()), 60)
                           for p in learners))
    sent_at: list[float] = []
    for p in learners:
        sent_at.append(await p.click(p.button(description="不能")))
        await asyncio.sleep(args.gap)
    await wall.until(lambda: f"已作答 {args.learners}/{args.learners}" in wall.text(), 60)
    counts = sorted((t, int(m.group(1))) for t, _model, s in wall.updates
                    if (m := re.search(r"已作答 (\d+)/", str(s.get("value", "")))))
    reached = [next(t for t, n in counts if n >= k) - sent_at[k - 1] for k in range(1, args.learners + 1)]
    await wall.click(wall.button(cls="gj-wall-reveal"))
    await asyncio.gather(*(p.until(lambda p=p: "答对了" in p.text(), 60) for p in learners))
    store, deadline = ProgressStore(progress), time.monotonic() + 30
    while True:  # the wall records the attempts right after it shows the reveal
        attempts = [a for a in store.attempts() if a.puzzle_id.endswith(f"/{SCENARIO}/3")]
        if len(attempts) >= args.learners or time.monotonic() > deadline:
            break
        await asyncio.sleep(0.2)
    return {"follow": follow, "spread": spread, "cpu_steps": cpu_steps, "reached": reached, "joined_s": joined_s,
            "attempts": len(attempts),
            "right": sum(a.correct for a in attempts)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--pause", type=float, default=3.0)
    parser.add_argument("--gap", type=float, default=0.1)
    parser.add_argument("--limit", type=float, default=600)
    args = parser.parse_args()
    args.learners = max(1, min(args.learners, 60))
    args.steps = max(3, min(args.steps, 6))
    folder = Path(tempfile.mkdtemp(prefix="bench-live-"))
    progress, log = folder / "progress.sqlite", folder / "serve.log"
    port = free_port(20866)
    base = f"http://127.0.0.1:{port}/"
    with log.open("wb") as out:
        serve = subprocess.Popen([sys.executable, "-m", "gouji_teach", "serve", "--port", str(port), "--progress",
                                  str(progress), "--class-size", str(args.learners + 1)], stdout=out,
                                 stderr=subprocess.STDOUT, start_new_session=True)
    try:
        while not responds(base + "voila/tree"):
            time.sleep(0.5)
        voila = int(next(p.name for p in kernels_of(serve.pid)))  # the server (our child) is Voila's parent
        deadline = time.monotonic() + 300
        while "warm kernel(s) ready" not in log.read_text(encoding="utf-8") and time.monotonic() < deadline:
            time.sleep(1)
        server = Path(f"/proc/{voila}")
        before_server = cpu_ticks(server)
        before_kernels = {k.name: cpu_ticks(k) for k in kernels_of(voila)}
        load = os.getloadavg()
        args.voila = voila
        figures = asyncio.run(asyncio.wait_for(lesson(args, base, progress), args.limit))
        kernels = kernels_of(voila)
        server_s = (cpu_ticks(server) - before_server) / TICK
        kernels_s = sum(cpu_ticks(k) - before_kernels.get(k.name, 0) for k in kernels) / TICK
        load_after = os.getloadavg()
    finally:
        serve.send_signal(2)
        try:
            serve.wait(timeout=30)
        except subprocess.TimeoutExpired:
            serve.kill()
    follow, reached = figures["follow"], figures["reached"]
    print(f"live lesson at the wire: {args.learners} learners, {args.steps} step changes, one checkpoint "
          f"(load {load[0]:.1f} before, {load_after[0]:.1f} after)")
    print(f"  learners' pages ready (opened together): {figures['joined_s']:.1f} s")
    print(f"  step change reaching the learners' pages: p50 {_pct(follow, 0.5):.2f} s, p95 {_pct(follow, 0.95):.2f} s,"
          f" max {max(follow):.2f} s over {len(follow)} (goal p95 <= 2 s)")
    first = ", ".join(f"{a:.2f}-{b:.2f}" for a, b in figures["spread"])
    server_steps, kernels_steps = figures["cpu_steps"]
    print(f"    per step change, first to last page (s): {first}; CPU of the {args.steps} step changes: server "
          f"{server_steps:.1f} s, kernels {kernels_steps:.1f} s")
    print(f"  answers reaching the wall: p50 {_pct(reached, 0.5):.2f} s, p95 {_pct(reached, 0.95):.2f} s, "
          f"max {max(reached):.2f} s over {len(reached)} (goal p95 <= 2 s)")
    print(f"  attempts stored at the reveal: {figures['attempts']} ({figures['right']} right)")
    print(f"  CPU over the lesson: server {server_s:.1f} s, kernels {kernels_s:.1f} s "
          f"({len(kernels)} kernels at the end)")
    return 0


if __name__ == "__main__":
    sys.exit(main())


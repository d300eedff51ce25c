"""Kernels started by page requests that never open their websocket (issue 22, item 10): plain GETs, no browser.
They are capped (``ClassKernelManager.max_waiting``), the page beyond the cap is refused in both languages with
"reload in a minute", and they are freed after ``unconnected_grace`` (here a few seconds instead of 50)."""

from __future__ import annotations

import os
import signal
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

from gouji_teach.app import free_port, responds, voila_command, voila_env
from gouji_teach.app.kernels import BUSY, ClassKernelManager


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=300) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def test_the_cap_is_sized_to_the_class() -> None:
    assert [ClassKernelManager(class_size=n)._max_waiting() for n in (1, 10, 30)] == [4, 22, 66]
    assert ClassKernelManager(class_size=30, max_waiting=5)._max_waiting() == 5
    assert ClassKernelManager().unconnected_grace + 10 <= 60  # with the culler's 10 s round: freed within 60 s


def test_plain_gets_are_capped_refused_with_a_retry_and_freed(tmp_path: Path) -> None:
    port = free_port(18950)
    command = [*voila_command(port, 1), "--ClassKernelManager.max_waiting=2",
               "--ClassKernelManager.unconnected_grace=4", "--MappingKernelManager.cull_interval=1",
               "--MappingKernelManager.cull_idle_timeout=2"]
    with open(tmp_path / "voila.log", "wb") as log:
        server = subprocess.Popen(command, env=voila_env(tmp_path / "progress.sqlite3"), stdout=log, stderr=log,
                                  start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}/"
        deadline = time.monotonic() + 120
        while not responds(url + "voila/tree"):
            assert time.monotonic() < deadline and server.poll() is None, (tmp_path / "voila.log").read_text()
            time.sleep(0.3)
        page = url + "voila/render/02_cards.ipynb"
        assert [_get(page)[0] for _ in range(2)] == [200, 200]  # two pages whose browser never connects
        status, body = _get(page)
        assert status == 503, body[-2000:]
        assert BUSY in body and "一分钟后刷新重试" in body and "reload this page in a minute" in body
        assert "Traceback" not in body
        refused_at = time.monotonic()
        while _get(page)[0] != 200:  # the waiting kernels are culled: a page is served again
            assert time.monotonic() - refused_at < 60, (tmp_path / "voila.log").read_text()[-3000:]
            time.sleep(1)
        assert "refused: 2 pages' kernels wait for their browser" in (tmp_path / "voila.log").read_text()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)

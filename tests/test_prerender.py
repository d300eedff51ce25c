"""Pages pre-rendered for a class (issue 24 item 1): ``serve --prerender STAGE`` keeps ``class_size`` pages of the
stage built in their kernels; a burst of requests takes them, a request beyond them runs in a warm kernel, and the
pool is refilled once nobody has asked for the page for ``refill_quiet`` seconds, not during the burst."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import subprocess
import time
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import pytest
from voila.voila_kernel_manager import voila_kernel_manager_factory

from gouji_teach.app import free_port, responds, voila_command, voila_env
from gouji_teach.app.kernels import ClassKernelManager, _refilled_after_bursts
from gouji_teach.cli import main

pytestmark = pytest.mark.xdist_group("kernels")


def test_voilas_pre_rendering_manager_refills_after_bursts() -> None:
    made = voila_kernel_manager_factory(ClassKernelManager, True, 0)
    assert "_refilled_after_bursts" in made.fill_if_needed.__qualname__


def test_a_pools_refill_waits_until_the_page_is_not_asked_for() -> None:
    filled: list[tuple[float | None, str | None, float]] = []

    async def go() -> None:
        loop = asyncio.get_running_loop()
        t0 = loop.time()

        def fill(self, delay=None, notebook_name=None, extra_kernel_env_variables=None, **kwargs):
            filled.append((delay, notebook_name, loop.time() - t0))

        manager = SimpleNamespace(_last_taken={}, refill_quiet=0.5, log=logging.getLogger("test"),
                                  _spawn=lambda work: asyncio.ensure_future(work))
        refill = _refilled_after_bursts(fill)
        refill(manager, delay=0, notebook_name="04_compare.ipynb")  # the first fill: at once, Voila's
        for _ in range(4):  # a burst: four pages taken, 0.2 s apart
            refill(manager, notebook_name="04_compare.ipynb")
            await asyncio.sleep(0.2)
        assert len(filled) == 1  # nothing refilled during the burst
        await asyncio.sleep(0.6)

    asyncio.run(go())
    (first, _, _), (delay, name, at) = filled
    assert first == 0 and delay == 0 and name == "04_compare.ipynb"
    assert 0.6 + 0.5 - 0.05 <= at < 0.6 + 0.5 + 0.3  # once: half a second after the last page was taken


def test_serve_prerender_names_stages_and_refuses_others(capsys) -> None:
    assert main(["serve", "--prerender", "compare,nosuch"]) == 2
    err = capsys.readouterr().err
    assert "nosuch" in err and "compare" in err and "Traceback" not in err
    assert "--ClassKernelManager.prerender=04_compare.ipynb" in voila_command(8866, 2, prerender=["04_compare.ipynb"])


def _refilled(log: str) -> bool:
    """Whether the log says the pool was refilled, and filled again after that."""
    _, said, after = log.partition("pre-rendered pool is refilled")
    return bool(said) and "Kernel pool of 02_cards.ipynb is filled with 2 kernel(s)" in after


def _get(url: str) -> int:
    with urllib.request.urlopen(url, timeout=300) as response:
        response.read()
        return response.status


def test_a_burst_takes_the_pre_rendered_pages_and_the_pool_is_refilled_after_it(tmp_path: Path) -> None:
    port = free_port(18960)
    command = [*voila_command(port, 2, prerender=["02_cards.ipynb"]), "--ClassKernelManager.refill_quiet=4"]
    log_path = tmp_path / "voila.log"
    with open(log_path, "wb") as log:
        server = subprocess.Popen(command, env=voila_env(tmp_path / "progress.sqlite3"), stdout=log, stderr=log,
                                  start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}/"
        deadline = time.monotonic() + 180
        while "Kernel pool of 02_cards.ipynb is filled with 2 kernel(s)" not in log_path.read_text():
            assert time.monotonic() < deadline and server.poll() is None, log_path.read_text()[-3000:]
            time.sleep(0.3)
        assert responds(url + "voila/tree")
        page = url + "voila/render/02_cards.ipynb"
        assert _get(page) == 200
        second = time.monotonic()  # the last pre-rendered page is taken after this
        assert [_get(page), _get(page)] == [200, 200]  # the other pre-rendered one, then one in a warm kernel
        text = log_path.read_text()
        assert text.count("Using pre-heated kernel") == 2 and "pre-rendered pool is refilled" not in text
        while "pre-rendered pool is refilled" not in log_path.read_text():
            assert time.monotonic() - second < 120, log_path.read_text()[-3000:]
            time.sleep(0.1)
        assert time.monotonic() - second >= 4 - 0.2  # not before the page went unasked for 4 s
        while not _refilled(log_path.read_text()):
            assert time.monotonic() - second < 180, log_path.read_text()[-3000:]
            time.sleep(0.2)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)

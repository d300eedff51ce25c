"""Kernels forked from the fork server (issue 24 item 2): they run with the course already imported, answer
interrupts and shutdowns as launched kernels do, are seen to die, die with their fork server, and where the fork
server cannot be used kernels start the usual way."""

from __future__ import annotations

import asyncio
import os
import signal
import time

import pytest
from jupyter_client import AsyncKernelManager

from gouji_teach.app import forking

pytestmark = pytest.mark.xdist_group("kernels")


@pytest.fixture
def fresh_server(monkeypatch):
    """A fork server of the test's own (stopped at its end)."""
    monkeypatch.setattr(forking, "_SERVER", None)
    yield
    server = forking._SERVER
    if server is not None and server.alive():
        server.process.terminate()


async def _kernel() -> AsyncKernelManager:
    km = AsyncKernelManager(transport="ipc")
    km.kernel_spec.metadata["kernel_provisioner"] = {"provisioner_name": "gouji-fork"}
    await km.start_kernel()
    return km


async def _run(km: AsyncKernelManager, code: str, timeout: float = 60) -> dict:
    client = km.client()
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=timeout)
        outputs: dict = {}

        def keep(msg: dict) -> None:
            if msg["msg_type"] == "execute_result":
                outputs["value"] = msg["content"]["data"]["text/plain"]
            elif msg["msg_type"] == "error":
                outputs["error"] = msg["content"]["ename"]

        reply = await client.execute_interactive(code, output_hook=keep, timeout=timeout)
        return {**outputs, "status": reply["content"]["status"]}
    finally:
        client.stop_channels()


def _gone(pid: int, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


def test_a_forked_kernel_runs_with_the_course_imported_and_shuts_down(fresh_server) -> None:
    async def go() -> None:
        km = await _kernel()
        pid, server = km.provisioner.pid, forking._SERVER
        assert isinstance(km.provisioner.process, forking.ForkedProcess)
        assert server is not None and server.alive()
        with open(f"/proc/{pid}/stat") as f:  # its parent is the fork server, not this process
            assert int(f.read().rsplit(")", 1)[1].split()[1]) == server.process.pid
        found = await _run(km, "import sys; 'gouji_teach.teach.pages' in sys.modules and 1 + 1")
        assert found == {"value": "2", "status": "ok"}
        # ipywidgets' comm targets, registered at its import only inside a kernel (the page's widget manager asks
        # for every widget's state in one request on jupyter.widget.control)
        targets = await _run(km, "from comm import get_comm_manager; sorted(get_comm_manager().targets)")
        assert targets["value"] == "['jupyter.widget', 'jupyter.widget.control']", targets
        await km.shutdown_kernel()
        assert _gone(pid, 10) and not await km.is_alive()

    asyncio.run(go())


def test_a_forked_kernel_is_interrupted_and_seen_to_die(fresh_server) -> None:
    async def go() -> None:
        km = await _kernel()
        client = km.client()
        client.start_channels()
        await client.wait_for_ready(timeout=60)
        t0 = time.monotonic()
        msg_id = client.execute("import time; time.sleep(60)")
        await asyncio.sleep(1)
        await km.interrupt_kernel()
        while True:  # the reply to that execution: interrupted
            reply = await client.get_shell_msg(timeout=30)
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        client.stop_channels()
        assert reply["content"]["status"] == "error" and reply["content"]["ename"] == "KeyboardInterrupt"
        assert time.monotonic() - t0 < 20
        os.kill(km.provisioner.pid, signal.SIGKILL)
        for _ in range(50):
            if await km.provisioner.poll() is not None:
                break
            await asyncio.sleep(0.1)
        assert await km.provisioner.poll() is not None and not await km.is_alive()
        await km.cleanup_resources()

    asyncio.run(go())


def test_forked_kernels_end_with_their_fork_server(fresh_server) -> None:
    async def go() -> int:
        km = await _kernel()
        await _run(km, "1")
        forking._SERVER.process.kill()
        return km.provisioner.pid

    pid = asyncio.run(go())
    assert _gone(pid, 15)  # ipykernel's watch of its parent: about a second


def test_kernels_start_the_usual_way_where_the_fork_server_cannot_start(fresh_server, monkeypatch) -> None:
    monkeypatch.setattr(forking, "FORKED_IMPORTS", ("gouji_teach_no_such_module",))

    async def go() -> None:
        km = await _kernel()
        assert not isinstance(km.provisioner.process, forking.ForkedProcess)
        assert (await _run(km, "2 + 2"))["value"] == "4"
        await km.shutdown_kernel(now=True)

    asyncio.run(go())


def test_serve_forks_by_default_and_launches_on_request() -> None:
    from gouji_teach.app import voila_command

    assert not any("KernelProvisionerFactory" in x for x in voila_command(8866))  # the configuration's gouji-fork
    assert "--KernelProvisionerFactory.default_provisioner_name=local-provisioner" in voila_command(8866, 1, "launch")

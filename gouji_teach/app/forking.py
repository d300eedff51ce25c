"""Kernels forked from a process that has imported them already, instead of a new interpreter per kernel.

A page's kernel is a Python process that imports ipykernel, IPython, ipywidgets and the course before it can run
a cell: about 0.6 s of a core each time (measured: ``python bench/bench_kernels.py``), paid for every page of a
class arriving together. :class:`ForkProvisioner` (a jupyter_client kernel provisioner: the app's
``voila.json`` names it) asks a *fork server* instead: a process of the app's server, started on the first
kernel, that has imported all of that once and forks a child for every kernel. The child starts the kernel
(``IPKernelApp``, the same arguments and connection file a new interpreter would get) with everything already
imported: it costs the kernel's own setup only, and until a page writes to them the children share the fork
server's memory pages.

The fork server exits when the app's server does (it watches its parent), and its kernels when it does (ipykernel's
own parent watch). Where it cannot be used (it did not start, it died, another interpreter or kernel is asked for)
a kernel is started the usual way, and the log says why once: a page never waits on a fork that does not come.

The server side (:class:`ForkProvisioner`) and the fork server (:func:`serve`, ``python -m
gouji_teach.app.forking SOCKET MODULE...``) speak one JSON line each way over a Unix socket: the kernel's arguments,
environment and directory; the child's process id.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib
import itertools
import json
import os
import pathlib
import signal
import socket
import sys
import tempfile
from typing import Any

from jupyter_client.connect import KernelConnectionInfo
from jupyter_client.provisioning import LocalProvisioner

__all__ = ["FORKED_IMPORTS", "ForkProvisioner", "ForkedProcess", "kernel_arguments", "process_name", "serve"]

#: What the fork server imports before it forks (what every page's kernel needs: the kernel and the course).
FORKED_IMPORTS = ("ipykernel.kernelapp", "ipykernel.ipkernel", "ipykernel.comm", "ipywidgets",
                  "gouji_teach.teach.pages")
#: How long the server waits for its fork server to listen before starting kernels the usual way.
_READY_SECONDS = 60.0
_LAUNCHER = ("-m", "ipykernel_launcher")


def kernel_arguments(cmd: list[str]) -> list[str] | None:
    """The kernel's own arguments in a launch command of this interpreter's ipykernel (what a forked child passes
    to ``IPKernelApp``), or ``None`` for a command a fork cannot run (another interpreter, another kernel).

    >>> kernel_arguments([sys.executable, "-m", "ipykernel_launcher", "-f", "k.json"])
    ['-f', 'k.json']
    >>> kernel_arguments(["/usr/bin/R", "--slave"]) is None
    True
    """
    if len(cmd) < 3 or tuple(cmd[1:3]) != _LAUNCHER or os.path.realpath(cmd[0]) != os.path.realpath(sys.executable):
        return None
    return list(cmd[3:])


class ForkedProcess:
    """A forked kernel as the provisioner sees it: what :class:`subprocess.Popen` offers, for a process that is the
    fork server's child, not the app server's (it is reaped there, so it is gone once it has ended)."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            try:
                os.kill(self.pid, 0)
            except ProcessLookupError:
                self.returncode = 0  # its exit status went to the fork server
            except PermissionError:  # pragma: no cover - a pid reused by another user's process
                self.returncode = 0
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        import time

        end = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if end is not None and time.monotonic() > end:
                raise TimeoutError(f"kernel {self.pid} still running")
            time.sleep(0.05)
        return self.returncode  # type: ignore[return-value]  # set by poll

    def send_signal(self, signum: int) -> None:
        os.kill(self.pid, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class _ForkServer:
    """The app server's handle on its fork server: started once, on the first kernel."""

    def __init__(self) -> None:
        self.path = os.path.join(tempfile.mkdtemp(prefix="gouji-fork-"), "fork.sock")
        self.process: asyncio.subprocess.Process | None = None
        self.ready: asyncio.Future[bool] | None = None

    async def start(self, log: Any) -> bool:
        """Start the fork server and wait until it listens; ``False`` if it does not (it is not used then)."""
        if self.ready is None:
            self.ready = asyncio.get_running_loop().create_future()
            try:
                self.process = await asyncio.create_subprocess_exec(
                    sys.executable, "-m", __name__, self.path, *FORKED_IMPORTS, stdin=asyncio.subprocess.DEVNULL)
                ok = await self._listening()
            except OSError as e:
                log.warning("gouji: the fork server did not start (%s): kernels start the usual way", e)
                ok = False
            if ok:
                log.info("gouji: fork server %s ready: kernels are forked from it", self.process.pid)  # type: ignore[union-attr]
            else:
                log.warning("gouji: the fork server is not listening: kernels start the usual way")
            self.ready.set_result(ok)
        return await asyncio.shield(self.ready)

    async def _listening(self) -> bool:
        loop = asyncio.get_running_loop()
        end = loop.time() + _READY_SECONDS
        while loop.time() < end:
            if self.process is not None and self.process.returncode is not None:
                return False
            if os.path.exists(self.path):
                return True
            await asyncio.sleep(0.05)
        return False

    def alive(self) -> bool:
        return self.process is not None and self.process.returncode is None

    async def fork(self, args: list[str], env: dict[str, str], cwd: str | None) -> int:
        """A new kernel process with ``args``, ``env`` and ``cwd``: its process id."""
        reader, writer = await asyncio.open_unix_connection(self.path)
        try:
            writer.write(json.dumps({"args": args, "env": env, "cwd": cwd}).encode() + b"\n")
            await writer.drain()
            answer = json.loads(await asyncio.wait_for(reader.readline(), 30))
        finally:
            writer.close()
        if "pid" not in answer:
            raise OSError(answer.get("error", "the fork server gave no process"))
        return int(answer["pid"])


_SERVER: _ForkServer | None = None


class ForkProvisioner(LocalProvisioner):  # type: ignore[misc]  # jupyter_client is untyped
    """A :class:`~jupyter_client.provisioning.LocalProvisioner` whose kernels are forked by the fork server
    (see the module docstring); everything else (connection files, ports, signals, shutdown) is the local one's."""

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> KernelConnectionInfo:
        global _SERVER
        args = kernel_arguments(cmd)
        if args is not None:
            if _SERVER is None or (_SERVER.ready is not None and _SERVER.ready.done() and not _SERVER.alive()):
                _SERVER = _ForkServer()
            server = _SERVER
            if await server.start(self.log) and server.alive():
                env = {str(k): str(v) for k, v in (kwargs.get("env") or os.environ).items()}
                cwd = kwargs.get("cwd")
                try:
                    pid = await server.fork(args, env, str(cwd) if cwd else None)
                except (TimeoutError, OSError, ValueError) as e:
                    self.log.warning("gouji: no fork for a kernel (%s): it starts the usual way", e)
                else:
                    self.process = ForkedProcess(pid)
                    self.pid = self.pgid = pid  # the child leads a session of its own
                    self.cwd = cwd or pathlib.Path.cwd()
                    return self.connection_info
        return await super().launch_kernel(cmd, **kwargs)


# -- the fork server ---------------------------------------------------------------------------------------------


def _reap(_signum: int, _frame: object) -> None:
    with contextlib.suppress(ChildProcessError):
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass


def process_name(args: list[str]) -> str:
    """The name a forked kernel goes by in ``ps`` and ``top`` (its command line is the fork server's): ``gk-`` and
    the start of its kernel id, from its connection file (15 characters, the kernel's limit).

    >>> process_name(["-f", "/run/kernel-82318240-d67f-4114.json"])
    'gk-82318240-d67'
    """
    connection = next((b for a, b in itertools.pairwise(args) if a == "-f"), "")
    kernel = os.path.basename(connection).removeprefix("kernel-").removesuffix(".json")
    return f"gk-{kernel}"[:15]


def _at_kernel_start() -> None:
    """What the fork server's imports would have done had they been imported in a kernel: ipywidgets registers
    its comm targets at import only where IPython runs (without them a page's widget manager gets no states in
    one request and falls back to asking for each widget)."""
    import ipywidgets

    ipywidgets.register_comm_target()


def _name_process(args: list[str]) -> None:
    with contextlib.suppress(OSError), open("/proc/self/comm", "w") as comm:
        comm.write(process_name(args))


def _child(request: dict[str, Any], listener: socket.socket, conn: socket.socket) -> None:
    """In the forked child: become the kernel the request asks for; never returns."""
    code = 1
    try:
        listener.close()
        conn.close()
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        os.setsid()  # a session (and process group) of its own, as a launched kernel has
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.close(devnull)
        os.environ.clear()
        os.environ.update(request["env"])
        if request.get("cwd"):
            os.chdir(request["cwd"])
        _name_process(request["args"])
        # its parent is the fork server (not the app server a launched kernel has): ipykernel's watch of its
        # parent (it exits when the parent has gone) must know, and its default was read when it was imported
        parent = str(os.getppid())
        os.environ["JPY_PARENT_PID"] = parent
        args = [*request["args"], f"--IPKernelApp.parent_handle={parent}"]
        sys.argv = ["ipykernel_launcher", *args]
        if sys.path and sys.path[0] == "":  # as ipykernel_launcher: the directory is not a module source
            del sys.path[0]
        from ipykernel.kernelapp import IPKernelApp

        app = IPKernelApp.instance()  # IPKernelApp.launch_instance, with the widgets' comm targets in between:
        app.initialize(args)
        _at_kernel_start()
        app.start()
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:  # a child must end here, whatever happened: say what and leave
        import traceback

        traceback.print_exc()
    finally:
        import atexit

        with contextlib.suppress(BaseException):
            atexit._run_exitfuncs()  # the kernel's own clean-up (its sockets), as an exiting interpreter would
        with contextlib.suppress(BaseException):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def serve(path: str, modules: list[str]) -> None:
    """The fork server: import ``modules``, then listen on the Unix socket ``path`` and fork a kernel for every
    request, until the process that started it is gone."""
    for name in modules:
        importlib.import_module(name)
    gc.collect()
    gc.freeze()  # what is imported stays out of the collector's sweeps: its pages stay shared with the children
    parent = os.getppid()
    signal.signal(signal.SIGCHLD, _reap)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    partial = path + ".new"
    listener.bind(partial)
    listener.listen(128)
    os.replace(partial, path)  # the path appears only once the server listens
    listener.settimeout(1.0)
    try:
        while os.getppid() == parent:
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            with conn:
                conn.settimeout(10)
                try:
                    request = json.loads(conn.makefile("rb").readline())
                    pid = os.fork()
                    if pid == 0:
                        _child(request, listener, conn)
                    answer: dict[str, Any] = {"pid": pid}
                except (OSError, ValueError, KeyError) as e:
                    answer = {"error": str(e)}
                with contextlib.suppress(OSError):
                    conn.sendall(json.dumps(answer).encode() + b"\n")
    finally:
        listener.close()
        with contextlib.suppress(OSError):
            os.unlink(path)
            os.rmdir(os.path.dirname(path))


if __name__ == "__main__":
    serve(sys.argv[1], sys.argv[2:])

"""The web app: Voila serving the course notebooks that ship inside the package.

``gouji-teach serve`` runs :func:`serve`: Voila on ``127.0.0.1`` with the project's configuration (sources
stripped, no tracebacks, preheated kernels, idle kernels culled, the landing page at ``/``), prints the
address once the server answers, and stops cleanly on Ctrl-C.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path

from ..rules.inputs import os_reason
from ..teach.access import TOKEN_VAR, new_token

__all__ = ["COURSE_DIR", "JUPYTER_DIR", "MAX_CLASS", "AppError", "check_lesson_folder", "free_port", "responds",
           "serve", "voila_command", "voila_env"]

#: The notebooks of the course (``tutorials/`` in a checkout is a link to this folder).
COURSE_DIR = Path(__file__).resolve().parent.parent / "course"
#: Jupyter data folder with the app's Voila template (``voila/templates/gouji``).
JUPYTER_DIR = Path(__file__).resolve().parent / "jupyter"


#: The largest class one server takes (each learner's page is a kernel of about 100 MB).
MAX_CLASS = 200


class AppError(RuntimeError):
    """The app could not start; the message says why in Chinese and English."""


def free_port(start: int = 8866, tries: int = 100) -> int:
    """The first port from ``start`` on which nothing listens on 127.0.0.1."""
    for port in range(start, start + tries):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise AppError(f"{start}-{start + tries - 1} 之间没有空闲端口 / no free port from {start} to {start + tries - 1}")


#: How a page's kernel starts (``serve --kernels``): forked from the fork server (:mod:`.forking`), or launched as a
#: new interpreter (jupyter_client's own way); by the kernel provisioner each names.
KERNEL_STARTS = {"fork": "gouji-fork", "launch": "local-provisioner"}


def voila_command(port: int, class_size: int = 1, kernels: str = "fork", prerender: Sequence[str] = ()) -> list[str]:
    """The Voila command line of the app (Voila with static files a browser keeps, :mod:`.server`); the rest of its
    configuration is ``jupyter/config/voila.json``: sources stripped, no tracebacks, the landing page preheated,
    warm kernels with the course imported for the other pages (at least ``class_size`` kernels warm or in use,
    :mod:`.kernels`), kernels forked from a process that has imported the course (``kernels="launch"``: each a
    new interpreter, :data:`KERNEL_STARTS`), ``class_size`` pages of each notebook of ``prerender`` kept built in
    their kernels (refilled after a burst, not during one), a page's kernel shut down when its tab closes or when
    no page has been connected to it for 40 s, never while a page is connected; slow kernels make a page slower,
    not broken (generous execution and output timeouts)."""
    return [sys.executable, "-m", "gouji_teach.app.server", str(COURSE_DIR), f"--port={port}", "--Voila.ip=127.0.0.1",
            "--no-browser", f"--ClassKernelManager.class_size={class_size}",
            # forked is the configuration file's default; launched kernels are this command's choice
            *([] if kernels == "fork" else [f"--KernelProvisionerFactory.default_provisioner_name="
                                             f"{KERNEL_STARTS[kernels]}"]),
            *(f"--ClassKernelManager.prerender={name}" for name in prerender)]


def voila_env(progress: Path | str | None, rules: Path | None = None, *, lessons: list[Path] | None = None,
              public_url: str | None = None, report_token: str | None = None) -> dict[str, str]:
    """The environment of the server and its kernels: the app's template and configuration, the progress file
    (or PostgreSQL URL), the house rule file (``GOUJI_TEACH_RULES``: every page offers its rule set), the
    instructor's checked lesson files (``serve --lessons``) and the address learners reach the app at
    (``serve --public-url``), and the class report's token (:mod:`gouji_teach.teach.access`)."""
    env = dict(os.environ)
    for name, path in (("JUPYTER_PATH", JUPYTER_DIR), ("JUPYTER_CONFIG_PATH", JUPYTER_DIR / "config")):
        env[name] = os.pathsep.join(filter(None, [str(path), env.get(name)]))
    if progress is not None:
        env["GOUJI_TEACH_PROGRESS"] = str(progress)
    if rules is not None:
        env["GOUJI_TEACH_RULES"] = str(rules)
    if lessons is not None:
        env["GOUJI_TEACH_LESSONS"] = os.pathsep.join(str(p) for p in lessons)
    if public_url:
        env["GOUJI_TEACH_PUBLIC_URL"] = public_url
    if report_token:
        env[TOKEN_VAR] = report_token
    return env


def check_lesson_folder(folder: Path, say: Callable[[str], None]) -> list[Path]:
    """The scenario files of ``folder`` that ``gouji-teach check`` accepts (``serve --lessons``); each file it
    refuses is said in one line (file and line: the server starts with the good ones). A folder that is not one
    raises :class:`AppError`."""
    from ..teach.lessons import check_lessons

    try:
        is_folder = folder.is_dir()
    except OSError as e:  # a name too long
        zh, en = os_reason(e)
        raise AppError(f"--lessons {str(folder)!r}: {zh} / {en}") from None
    if not is_folder:
        raise AppError(f"--lessons {str(folder)!r}: 不是文件夹 / not a folder")
    good, problems = check_lessons(folder)
    for problem in problems:
        say(str(problem))
    return good


def responds(url: str, timeout: float = 2) -> bool:
    """Whether ``url`` answers 200 within ``timeout`` seconds (the server is up; a page has rendered)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


def serve(*, port: int | None = None, progress: Path | str | None = None, open_browser: bool = False,
          announce: Callable[[str], None] = print, startup_timeout: float = 120, class_size: int = 1,
          rules: Path | None = None, lessons: Path | None = None, public_url: str | None = None,
          kernels: str = "fork", prerender: Sequence[str] = ()) -> int:
    """Run the app until Ctrl-C (or until Voila stops); returns an exit status. ``class_size``: learners
    expected to open pages together (kernels are kept warm for them); ``rules``: a house rule file whose rule
    set every page offers (and starts with); ``lessons``: a folder of the instructor's scenario files, served as
    lessons (checked first: a bad file is said on standard error and left out); ``public_url``: the address
    learners reach the app at (the presenter's join link and QR code); ``kernels``: how a page's kernel starts
    (:data:`KERNEL_STARTS`); ``prerender``: notebooks kept built for a class (``class_size`` of each)."""
    if not 1 <= class_size <= MAX_CLASS:
        raise AppError(f"--class-size 要在 1 到 {MAX_CLASS} 之间 / --class-size must be from 1 to {MAX_CLASS}, "
                       f"not {class_size}")
    if progress is not None:
        from ..teach.progress import ProgressStore

        ProgressStore(progress)  # a bad path fails here, with its reason, before anything starts
    served = None
    if lessons is not None:
        left_out: list[str] = []

        def refused(line: str) -> None:
            left_out.append(line)
            print(line, file=sys.stderr)

        served = check_lesson_folder(lessons, refused)
        names = ", ".join(p.stem for p in served) or "—"
        announce(f"课 lessons ({len(served)}): {names}" + (f"；没开 left out: {len(left_out)}" if left_out else ""))
    port = port or free_port()
    token = os.environ.get(TOKEN_VAR, "").strip() or new_token()  # set: the same report address after a restart
    process = subprocess.Popen(voila_command(port, class_size, kernels, prerender),
                               env=voila_env(progress, rules, lessons=served, public_url=public_url,
                                             report_token=token),
                               start_new_session=True)
    # a SIGTERM (e.g. from a process manager or `timeout`) stops the app like Ctrl-C: Voila runs in its own
    # session, so only this process can stop it
    previous = signal.signal(signal.SIGTERM, signal.default_int_handler)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + startup_timeout
        while not responds(url + "voila/tree"):
            if process.poll() is not None:
                raise AppError(f"Voila 启动失败（退出码 {process.returncode}） / Voila stopped at start "
                               f"(exit status {process.returncode}); is port {port} free?")
            if time.monotonic() > deadline:
                raise AppError(f"Voila {startup_timeout:.0f} 秒内没有响应 / Voila did not answer within "
                               f"{startup_timeout:.0f} s")
            time.sleep(0.25)
        announce(f"够级教学已启动 / gouji_teach is running: {url}  (Ctrl-C 停止 / to stop)")
        announce(f"班级报告（只给老师，别分享这个地址） / class report (instructor only, do not share): "
                 f"{url}voila/render/report.ipynb?token={token}")
        if open_browser:
            import webbrowser

            webbrowser.open(url)
        return _died(process.wait())
    except KeyboardInterrupt:
        announce("正在停止 / stopping …")
        return 0
    finally:
        _stop(process)
        signal.signal(signal.SIGTERM, previous)


def _died(status: int) -> int:
    """Voila stopped by itself while serving: say so in one line (on standard error) and return a non-zero exit
    status: 128 + the signal that killed it (as a shell reports it), its own status, or 1 if it exited with 0."""
    if status < 0:
        name = signal.Signals(-status).name if -status in signal.valid_signals() else str(-status)
        print(f"Voila 被信号 {name} 终止，应用已停止 / Voila was killed by signal {name}; the app has stopped",
              file=sys.stderr)
        return 128 - status
    print(f"Voila 意外退出（退出码 {status}），应用已停止 / Voila exited unexpectedly (exit status {status}); "
          "the app has stopped", file=sys.stderr)
    return status or 1


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()

"""The app's configuration for a class: Voila reads it as intended, warm kernels are sized for the class, and
the server reuses compiled templates. (The app itself, in a browser, is tested in ``tests/browser``.)"""

from __future__ import annotations

import json

import pytest

from gouji_teach.app import COURSE_DIR, JUPYTER_DIR, AppError, serve, voila_command
from gouji_teach.app.kernels import ClassKernelManager, share_compiled_templates, spare_for, warm_pool_target
from gouji_teach.cli import main


def _config() -> dict:
    return json.loads((JUPYTER_DIR / "config" / "voila.json").read_text(encoding="utf-8"))


def test_voila_uses_the_class_kernel_manager_and_culls_only_pages_no_one_is_connected_to():
    from traitlets.config import Config
    from voila.configuration import VoilaConfiguration

    config = Config(_config())
    assert VoilaConfiguration(config=config).multi_kernel_manager_class is ClassKernelManager
    manager = ClassKernelManager(config=config)
    assert manager.cull_connected is False and manager.cull_busy is False
    assert manager.cull_idle_timeout + manager.cull_interval <= 60  # a lost tab's kernel is gone within a minute
    assert manager.hidden == ["lesson_template.ipynb"]
    assert "lesson_template" in config.VoilaKernelManager.preheat_denylist
    assert config.VoilaExecutor.iopub_timeout >= 60  # a slow kernel makes a page slower, not broken


def test_every_page_names_its_kernel_in_full():
    """Voila does not look the kernel up (``attempt_fix_notebook`` is off): every notebook must name it."""
    for notebook in COURSE_DIR.glob("*.ipynb"):
        spec = json.loads(notebook.read_text(encoding="utf-8"))["metadata"]["kernelspec"]
        assert spec["name"] == "python3" and spec["language"] == "python", notebook.name


@pytest.mark.parametrize(("size", "in_use", "warm"), [(1, 0, 1), (30, 0, 30), (30, 29, 3), (30, 45, 3), (8, 3, 5)])
def test_warm_kernels_make_up_the_class_and_a_few_spare(size: int, in_use: int, warm: int):
    assert warm_pool_target(size, spare_for(size), in_use) == warm


def test_the_class_size_reaches_voila_and_bad_sizes_are_refused(capsys: pytest.CaptureFixture[str]):
    assert "--ClassKernelManager.class_size=30" in voila_command(8866, 30)
    assert main(["serve", "--class-size", "0"]) == 2
    assert "class size" in capsys.readouterr().err
    with pytest.raises(AppError, match="class-size"):
        serve(class_size=10_000)


def test_page_template_environments_share_compiled_templates():
    from nbconvert.exporters import HTMLExporter

    share_compiled_templates()
    share_compiled_templates()  # once is enough; twice changes nothing
    first, second = HTMLExporter(), HTMLExporter()
    first.environment.get_template("index.html.j2")
    assert first.environment.bytecode_cache is second.environment.bytecode_cache is not None
    code = second.environment.bytecode_cache._store
    assert code and all(isinstance(data, bytes) for data in code.values())


def test_a_page_gets_a_warm_kernel_told_the_address_of_its_request(monkeypatch: pytest.MonkeyPatch):
    """What the browser test of warm kernels relies on, without a server: a page's request takes the oldest warm
    kernel, which is sent the request's address (so it shows that session), and the pool is refilled later."""
    from types import SimpleNamespace

    from voila.request_info_handler import RequestInfoSocketHandler
    from widget_state import run_own_loop

    sent: list[dict] = []
    monkeypatch.setattr(RequestInfoSocketHandler, "send_updates", sent.append)

    async def page() -> tuple[str, list[str]]:
        manager = ClassKernelManager(class_size=2)
        manager._schedule_fill = lambda delay: None  # no real kernels in this test
        manager._warm = ["warm-1", "warm-2"]
        manager._kernels["warm-1"] = manager._kernels["warm-2"] = SimpleNamespace(last_activity=None)
        env = {"SCRIPT_NAME": "/voila/render/09_shao.ipynb", "QUERY_STRING": "lang=en&rules=linyi&step=2"}
        kernel = await manager.start_kernel(kernel_name="python3", path="", env=env)
        return kernel, list(manager._warm)

    kernel, left = run_own_loop(page())
    assert (kernel, left) == ("warm-1", ["warm-2"])
    assert sent == [{"kernel_id": "warm-1", "payload": {"SCRIPT_NAME": "/voila/render/09_shao.ipynb",
                                                        "QUERY_STRING": "lang=en&rules=linyi&step=2"}}]


def test_a_pre_rendered_page_is_not_culled_while_its_browser_loads(monkeypatch: pytest.MonkeyPatch):
    """A pre-rendered page's kernel ran its notebook when the pool was filled, minutes before a request took it:
    the culler gives its browser ``unconnected_grace`` seconds from the round that first finds it out of the
    pool, not from its last activity (the index page's kernel was culled that way under a loaded machine)."""
    import datetime
    from types import SimpleNamespace

    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from widget_state import run_own_loop

    from gouji_teach.app import kernels

    culled: list[str] = []

    async def cull(self: object, kernel_id: str) -> None:
        culled.append(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", cull)
    clock = [1000.0]
    monkeypatch.setattr(kernels.time, "monotonic", lambda: clock[0])

    async def rounds() -> list[list[str]]:
        manager = ClassKernelManager(unconnected_grace=50)
        manager._schedule_fill = lambda delay: None  # no real kernels in this test
        long_ago = kernels._now() - datetime.timedelta(minutes=5)
        manager._kernels["pre-rendered"] = SimpleNamespace(last_activity=long_ago)
        manager._kernels["connected"] = SimpleNamespace(last_activity=long_ago)
        manager._connected.add("connected")
        seen = []
        for later in (0, 30, 21):  # the culler's rounds: first seen, 30 s on, 51 s on
            clock[0] += later
            culled.clear()
            for kernel_id in ("pre-rendered", "connected"):
                await manager.cull_kernel_if_idle(kernel_id)
            seen.append(list(culled))
        return seen

    assert run_own_loop(rounds()) == [["connected"], ["connected"], ["pre-rendered", "connected"]]


class _Shell:
    """What a page's kernel shows an exception with (IPython's ``_showtraceback``), recorded."""

    def __init__(self) -> None:
        self.shown: list[list[str]] = []

    def _showtraceback(self, etype: type, evalue: object, stb: list[str]) -> None:
        self.shown.append(stb)


def _start_course(query: str) -> object:
    from gouji_teach.teach import course

    return course.start("compare", query)


def _start_exam(query: str) -> object:
    from gouji_teach.teach import exam

    return exam.start(query)


def _start_report(query: str) -> object:
    from gouji_teach.teach import exam, report

    return exam.start(query, on=report.REPORT_PAGE)


@pytest.mark.parametrize("start", [_start_course, _start_exam, _start_report], ids=["stage", "exam", "report"])
def test_every_page_served_hides_widget_tracebacks(monkeypatch: pytest.MonkeyPatch, start) -> None:
    """A stage, the exam and the class report begin the same way: in a page Voila serves, an exception in a
    widget callback reaches the browser as one line, without the server's files."""
    import IPython

    from gouji_teach.show.i18n import set_language

    shell = _Shell()
    monkeypatch.setattr(IPython, "get_ipython", lambda: shell)
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    session = start("exam=AB12&lang=en&learner=ming")
    set_language("zh")
    assert session.lang == "en" and session.learner == "ming"
    shell._showtraceback(ValueError, ValueError("x"), ['File "/srv/gouji_teach/teach/widgets.py", line 1'])
    assert shell.shown == [["出错了（ValueError），已忽略，详情只记在服务器上 / "
                            "ValueError: ignored (details stay on the server)"]]

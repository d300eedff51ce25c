"""The deployment of docs/deploy.md, checked as far as one machine can.

- One Voila configuration: ``gouji-teach serve`` (standalone Voila), Binder (``binder/postBuild``) and the hub
  (``deploy/jupyterhub_config.py`` with the documented ``gouji-teach voila-config`` step) read the same settings.
- The hub configuration that docs/deploy.md shows is the file ``deploy/jupyterhub_config.py``; it loads, and
  (where JupyterHub's proxy is installed) a hub started from it serves the course to two learners, each one the
  hub's user, each recording into the one class store and seeing only their own progress.
- The Zero to JupyterHub values file parses and has the keys the chart reads.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

import pytest
import yaml
from widget_state import run_own_loop

from gouji_teach import cli
from gouji_teach.app import voila_command, voila_env
from gouji_teach.app.deploy import LANDING, VOILA_CONFIG, voila_settings

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "docs" / "deploy.md"
HUB_CONFIG = ROOT / "deploy" / "jupyterhub_config.py"
VALUES = ROOT / "deploy" / "z2jh-values.yaml"
POST_BUILD = ROOT / "binder" / "postBuild"
CLASS_DIR = "/srv/gouji"  # the documented class folder

jupyterhub = pytest.importorskip("jupyterhub", reason="JupyterHub is not installed (pip install jupyterhub)")


def _hub_config(class_dir: Path, monkeypatch: pytest.MonkeyPatch, progress: str | None = None) -> Any:
    """The configuration JupyterHub reads from deploy/jupyterhub_config.py, with the class folder moved (read
    with JupyterHub's configuration loader, without importing the spawner it names: SystemdSpawner needs systemd)."""
    from traitlets.config.loader import PyFileConfigLoader

    monkeypatch.setenv("GOUJI_CLASS_DIR", str(class_dir))
    if progress is None:
        monkeypatch.delenv("GOUJI_TEACH_PROGRESS", raising=False)
    else:
        monkeypatch.setenv("GOUJI_TEACH_PROGRESS", progress)
    return PyFileConfigLoader(HUB_CONFIG.name, str(HUB_CONFIG.parent)).load_config()


def _documented_commands(name: str) -> list[list[str]]:
    """The ``gouji-teach NAME …`` commands of docs/deploy.md's shell blocks, as argument lists."""
    text = DEPLOY.read_text(encoding="utf-8")
    lines = [line.split("#")[0] for block in re.findall(r"```bash\n(.*?)```", text, re.DOTALL)
             for line in block.splitlines()]
    return [shlex.split(line)[1:] for line in lines if line.strip().startswith(f"gouji-teach {name}")]


def _server_config(config_path: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Any:
    """The configuration a Jupyter server (where Voila runs as an extension) reads from ``config_path``."""
    from jupyter_server.serverapp import ServerApp

    monkeypatch.setenv("JUPYTER_CONFIG_PATH", str(config_path))
    monkeypatch.setenv("JUPYTER_CONFIG_DIR", str(tmp_path / "no-user-config"))
    server = ServerApp()
    server.load_config_file()
    return server.config


# -- one Voila configuration -----------------------------------------------------------------------------------------
def test_serve_binder_and_the_hub_read_one_voila_configuration(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from gouji_teach.app.server import GoujiVoila

    # gouji-teach serve: standalone Voila (the app's subclass) with serve's command line and environment
    env = voila_env(None)
    monkeypatch.setenv("JUPYTER_CONFIG_PATH", env["JUPYTER_CONFIG_PATH"])
    command = voila_command(8866, class_size=3)
    assert command[1:3] == ["-m", "gouji_teach.app.server"]
    options = GoujiVoila()
    options.parse_command_line(command[3:])
    # the command line sets where Voila listens and the class size, nothing the file sets (traitlets files the
    # options Voila gives short names to under the app's own class)
    assert set(options.config) == {"Voila", "GoujiVoila", "ClassKernelManager"}
    assert set(options.config.ClassKernelManager) == {"class_size"}
    voila = GoujiVoila()
    voila.load_config_file("voila", path=[p for p in voila.config_file_paths if p != os.getcwd()])
    served = voila.config
    assert Path(env["JUPYTER_PATH"].split(os.pathsep)[0], "voila", "templates", "gouji", "index.html.j2").is_file()

    # Binder: postBuild installs the package, then the configuration into the image's environment
    steps = [line for line in POST_BUILD.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    assert "gouji-teach voila-config --sys-prefix" in steps, steps
    assert steps.index("gouji-teach voila-config --sys-prefix") > next(
        i for i, s in enumerate(steps) if "pip install" in s), "the package is installed before it is used"
    binder = tmp_path / "binder-env"  # --sys-prefix is --prefix sys.prefix; here a prefix of the test's own
    assert cli.main(["voila-config", "--prefix", str(binder)]) == 0
    on_binder = _server_config(binder / "etc" / "jupyter", monkeypatch, tmp_path)

    # the hub: the documented voila-config step, and the hub configuration pointing learners' servers at it
    class_dir = tmp_path / "srv"
    hub = _hub_config(class_dir, monkeypatch)
    installs = _documented_commands("voila-config")
    assert installs == [["voila-config", "--prefix", f"{CLASS_DIR}/jupyter"]], installs
    assert cli.main([arg.replace(CLASS_DIR, str(class_dir)) for arg in installs[0]]) == 0
    environment = hub.Spawner.environment
    on_hub = _server_config(Path(environment["JUPYTER_CONFIG_PATH"]), monkeypatch, tmp_path)
    template = Path(environment["JUPYTER_PATH"], "voila", "templates", "gouji", "index.html.j2")
    assert template.is_file()
    assert template.read_bytes() == (Path(env["JUPYTER_PATH"].split(os.pathsep)[0]) / template.relative_to(
        environment["JUPYTER_PATH"])).read_bytes()
    assert not any("Voila" in arg or "KernelManager" in arg for arg in hub.Spawner.get("args", [])), \
        "the hub config sets no Voila option of its own"

    # the three agree on every section of the one file
    settings = voila_settings()
    assert json.loads(VOILA_CONFIG.read_text(encoding="utf-8")) == settings
    for section, values in settings.items():
        for name, config in (("serve", served), ("Binder", on_binder), ("hub", on_hub)):
            assert dict(config[section]) == values, (name, section)
    # what the class work decided: a page's kernel is culled 40 s after its tab is gone, never while connected
    kernels = settings["MappingKernelManager"]
    assert (kernels["cull_idle_timeout"], kernels["cull_connected"]) == (40, False)
    assert settings["VoilaConfiguration"]["template"] == "gouji"


def test_a_jupyter_server_gives_voila_the_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Voila as a server extension takes its VoilaConfiguration, and the server its kernel culling, from the
    installed file: the objects built from it have the app's values, not the defaults."""
    from jupyter_server.serverapp import ServerApp
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
    from voila.configuration import VoilaConfiguration

    assert cli.main(["voila-config", "--prefix", str(tmp_path)]) == 0
    server = ServerApp(config=_server_config(tmp_path / "etc" / "jupyter", monkeypatch, tmp_path))
    voila = VoilaConfiguration(parent=server)
    assert (voila.template, voila.strip_sources, voila.show_tracebacks) == ("gouji", True, False)
    kernels = MappingKernelManager(parent=server)
    assert (kernels.cull_idle_timeout, kernels.cull_interval, kernels.cull_connected) == (40, 10, False)


def test_voila_config_keeps_other_settings_and_refuses_a_bad_file(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "etc" / "jupyter" / "jupyter_server_config.json"
    config.parent.mkdir(parents=True)
    config.write_text('{"ServerApp": {"shutdown_no_activity_timeout": 3600}}', encoding="utf-8")
    assert cli.main(["voila-config", "--prefix", str(tmp_path)]) == 0
    written = json.loads(config.read_text(encoding="utf-8"))
    assert written["ServerApp"] == {"shutdown_no_activity_timeout": 3600}
    assert written["VoilaConfiguration"] == voila_settings()["VoilaConfiguration"]
    assert cli.main(["voila-config", "--prefix", str(config)]) == 2  # a file, not a folder
    assert "voila-config --prefix" in capsys.readouterr().err
    config.write_text("[1, 2]", encoding="utf-8")
    assert cli.main(["voila-config", "--prefix", str(tmp_path)]) == 2
    assert "jupyter_server_config.json" in capsys.readouterr().err
    assert cli.main(["voila-config"]) == 0
    assert json.loads(capsys.readouterr().out) == voila_settings()


# -- the hub configuration -------------------------------------------------------------------------------------------
def test_the_document_shows_the_shipped_hub_config() -> None:
    text = DEPLOY.read_text(encoding="utf-8")
    block = re.search(r"`deploy/jupyterhub_config\.py`:\n\n```python\n(.*?)```", text, re.DOTALL)
    assert block, "docs/deploy.md shows deploy/jupyterhub_config.py"
    assert block.group(1) == HUB_CONFIG.read_text(encoding="utf-8")


def test_the_hub_config_sends_learners_to_the_course_with_limits(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from jupyterhub.spawner import LocalProcessSpawner

    config = _hub_config(tmp_path, monkeypatch)
    spawner = LocalProcessSpawner(config=config)
    assert spawner.default_url == LANDING
    assert spawner.notebook_dir == str(tmp_path)
    assert spawner.environment["GOUJI_TEACH_PROGRESS"] == f"{tmp_path}/progress/class.sqlite"
    assert config.JupyterHub.authenticator_class == "pam"
    # memory limits need a spawner that enforces them: the default local-process spawner does not
    assert config.JupyterHub.spawner_class == "systemdspawner.SystemdSpawner"
    assert config.SystemdSpawner.mem_limit == "1G"
    assert spawner.mem_limit is None  # what LocalProcessSpawner would have made of it: nothing


def test_systemd_spawner_takes_the_limits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The SystemdSpawner the configuration names reads its memory and CPU limits (systemd itself, which enforces
    them, is not in this container)."""
    pytest.importorskip("systemdspawner", reason="jupyterhub-systemdspawner is not installed")
    from types import SimpleNamespace

    from jupyterhub.app import JupyterHub
    from systemdspawner import SystemdSpawner

    config = _hub_config(tmp_path, monkeypatch)
    hub = JupyterHub(config=config)
    assert hub.spawner_class is SystemdSpawner
    spawner = SystemdSpawner(config=config, user=SimpleNamespace(name="alice", id=1, url="/user/alice/", server=None))
    assert (spawner.mem_limit, spawner.cpu_limit) == (1024**3, 1.0)
    assert spawner.isolate_tmp and spawner.disable_user_sudo
    assert spawner.default_url == LANDING


def test_a_postgresql_store_is_an_environment_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = _hub_config(tmp_path, monkeypatch, progress="postgresql://gouji@127.0.0.1/gouji")
    assert config.Spawner.environment["GOUJI_TEACH_PROGRESS"] == "postgresql://gouji@127.0.0.1/gouji"


# -- many machines: Zero to JupyterHub -------------------------------------------------------------------------------
def test_the_z2jh_values_parse_and_send_learners_to_the_course() -> None:
    values = yaml.safe_load(VALUES.read_text(encoding="utf-8"))
    single = values["singleuser"]
    assert set(single["image"]) == {"name", "tag"}
    assert single["defaultUrl"] == LANDING
    assert single["memory"]["limit"] and single["memory"]["guarantee"]
    assert single["extraEnv"]["GOUJI_TEACH_PROGRESS"]["valueFrom"]["secretKeyRef"]["key"]
    assert values["hub"]["config"]["Authenticator"]
    assert values["cull"]["enabled"] is True
    # the image is built from binder/, whose postBuild installs the one Voila configuration into it
    text = VALUES.read_text(encoding="utf-8")
    assert "binder/" in text and "repo2docker" in text
    # the keys are the chart's: every top-level key is one the chart knows
    assert set(values) <= {"hub", "proxy", "singleuser", "cull", "scheduling", "prePuller", "ingress", "debug"}


# -- a hub started from the shipped configuration -----------------------------------------------------------------
def _get(opener: urllib.request.OpenerDirector, url: str, data: dict[str, str] | None = None,
         headers: dict[str, str] | None = None, method: str | None = None) -> tuple[int, str, str]:
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    request = urllib.request.Request(url, data=body, headers=headers or {}, method=method)
    try:
        with opener.open(request, timeout=60) as response:
            return response.status, response.geturl(), response.read().decode("utf-8", errors="replace")
    except urllib.error.HTTPError as e:
        return e.code, url, e.read().decode("utf-8", errors="replace")
    except (urllib.error.URLError, OSError):
        return 0, url, ""


TOKEN = uuid.uuid4().hex  # a service of the trial hub that may use the learners' servers (to record answers)


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """deploy/jupyterhub_config.py as shipped, on 127.0.0.1, with a trial login (any name) and the local-process
    spawner instead of PAM and systemd; the class folder prepared as docs/deploy.md says."""
    if shutil.which("configurable-http-proxy") is None:
        pytest.skip("configurable-http-proxy is not installed (npm install -g configurable-http-proxy)")
    from gouji_teach.app import free_port

    class_dir = tmp_path / "srv"
    (class_dir / "progress").mkdir(parents=True)
    (class_dir / "progress").chmod(0o1777)
    (class_dir / "tutorials").symlink_to(ROOT / "tutorials")
    assert cli.main(["voila-config", "--prefix", str(class_dir / "jupyter")]) == 0
    port, api, proxy_api = free_port(18100), free_port(18200), free_port(18300)
    # the learners' homes: short paths, as /home/NAME is (a kernel's ipc sockets live in the home's runtime folder,
    # and a socket's path has at most 107 characters)
    homes = Path(tempfile.mkdtemp(prefix="gj", dir="/tmp"))
    trial = tmp_path / "trial_config.py"
    trial.write_text(f"""c = get_config()  # noqa
load_subconfig({str(HUB_CONFIG)!r})
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {api}
c.JupyterHub.authenticator_class = "dummy"
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {str(homes / "{username}")!r}
c.Spawner.args = ["--allow-root"]
c.Spawner.cmd = [{sys.executable!r}, "-m", "jupyterhub.singleuser"]
c.Spawner.start_timeout = 120
c.JupyterHub.db_url = "sqlite:///{tmp_path}/hub.sqlite"
c.JupyterHub.cookie_secret_file = "{tmp_path}/cookie_secret"
c.ConfigurableHTTPProxy.pid_file = "{tmp_path}/proxy.pid"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api}"  # not 8001: another hub may hold it
c.JupyterHub.services = [{{"name": "hub-test", "api_token": "{TOKEN}"}}]
c.JupyterHub.load_roles = [{{"name": "hub-test", "scopes": ["access:servers", "servers", "read:users"],
                            "services": ["hub-test"]}}]
""", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "GOUJI_TEACH"))}
    env["GOUJI_CLASS_DIR"] = str(class_dir)
    log_path = tmp_path / "hub.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(trial)], cwd=tmp_path, env=env,
                                   stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 180
            while _get(urllib.request.build_opener(), url + "/hub/login")[0] != 200:
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("JupyterHub did not start:\n" + log_path.read_text(errors="replace")[-4000:])
                time.sleep(0.5)
            yield url, class_dir
        finally:
            _stop_servers(url)
            for sig in (signal.SIGTERM, signal.SIGKILL):
                if process.poll() is None:
                    os.killpg(process.pid, sig)
                    try:
                        process.wait(timeout=30)
                    except subprocess.TimeoutExpired:
                        continue
            shutil.rmtree(homes, ignore_errors=True)


def _stop_servers(url: str) -> None:
    """Stop every learner's server through the hub's API (they run in sessions of their own), within a minute."""
    opener = urllib.request.build_opener()
    headers = {"Authorization": f"token {TOKEN}"}
    status, _, body = _get(opener, url + "/hub/api/users", headers=headers)
    names = [user["name"] for user in json.loads(body)] if status == 200 else []
    for name in names:
        _get(opener, f"{url}/hub/api/users/{name}/server", headers=headers, method="DELETE")
    deadline = time.monotonic() + 60
    while names and time.monotonic() < deadline:
        status, _, body = _get(opener, url + "/hub/api/users", headers=headers)
        if status != 200 or not any(user.get("server") or user.get("pending") for user in json.loads(body)):
            return
        time.sleep(1)


def _log_in(url: str, name: str) -> urllib.request.OpenerDirector:
    """Log ``name`` in through the hub's login form and follow the hub to the course's landing page."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
    _, _, page = _get(opener, url + "/hub/login")
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page)
    form = {"username": name, "password": "any"} | ({"_xsrf": xsrf.group(1)} if xsrf else {})
    deadline = time.monotonic() + 150
    status, where, page = _get(opener, url + "/hub/login", form)
    while LANDING not in where or status != 200 or "voila" not in page.lower():
        assert time.monotonic() < deadline, f"{name} is not on the course after logging in: {status} {where}"
        time.sleep(1)
        status, where, page = _get(opener, url + f"/hub/spawn-pending/{name}"
                                   if "spawn-pending" in where else url + f"/user/{name}" + LANDING)
    assert where.endswith(f"/user/{name}" + LANDING)
    assert "gouji.js" in page, "the page is made with the app's template"
    assert 'class="jp-CodeMirrorEditor' not in page, "sources stripped: no code cell's source in the page"
    return opener


async def _execute(ws_url: str, code: str, timeout: float = 120) -> str:
    """Run ``code`` in a kernel over the Jupyter server's websocket; its printed output."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    connection = await websocket_connect(HTTPRequest(ws_url, headers={"Authorization": f"token {TOKEN}"}))
    session = uuid.uuid4().hex

    def message(kind: str, content: dict[str, Any]) -> tuple[str, str]:
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": kind, "session": session, "username": "test", "version": "5.3",
                  "date": "2026-01-01T00:00:00Z"}
        return msg_id, json.dumps({"header": header, "parent_header": {}, "metadata": {}, "content": content,
                                   "channel": "shell", "buffers": []})

    try:
        ready, text = message("kernel_info_request", {})
        await connection.write_message(text)
        run, text = None, ""
        out: list[str] = []
        replied = idle = False
        async with asyncio.timeout(timeout):
            while True:
                raw = await connection.read_message()
                assert raw is not None, "the kernel's connection closed"
                reply = json.loads(raw)
                parent = reply.get("parent_header", {}).get("msg_id")
                kind = reply.get("msg_type") or reply["header"]["msg_type"]
                if parent == ready and kind == "kernel_info_reply" and run is None:
                    run, text = message("execute_request", {"code": code, "silent": False, "store_history": False,
                                                            "user_expressions": {}, "allow_stdin": False,
                                                            "stop_on_error": True})
                    await connection.write_message(text)
                elif parent == run and kind == "stream":
                    out.append(reply["content"]["text"])
                elif parent == run and kind == "error":
                    pytest.fail("\n".join(reply["content"]["traceback"]))
                elif parent == run and kind == "execute_reply":
                    replied = True
                elif parent == run and kind == "status" and reply["content"]["execution_state"] == "idle":
                    idle = True  # the output comes before the kernel is idle again (the reply may come first)
                if replied and idle:
                    return "".join(out)
    finally:
        connection.close()


def _in_kernel(url: str, name: str, code: str) -> dict[str, Any]:
    """Start a kernel in ``name``'s server (as the hub's service may), run ``code`` there, stop the kernel; the
    JSON the code printed."""
    opener = urllib.request.build_opener()
    headers = {"Authorization": f"token {TOKEN}", "Content-Type": "application/json"}
    base = f"{url}/user/{name}/api/kernels"
    request = urllib.request.Request(base, data=b"{}", headers=headers, method="POST")
    with opener.open(request, timeout=120) as response:
        kernel = json.loads(response.read())["id"]
    try:
        ws = base.replace("http://", "ws://") + f"/{kernel}/channels"
        out = run_own_loop(_execute(ws, code), timeout=180)
    finally:
        _get(opener, f"{base}/{kernel}", headers=headers, method="DELETE")
    return json.loads(out.strip().splitlines()[-1])


RECORD = """
import json
from gouji_teach.teach import course, pages
session = course.start("{stage}", "learner=someone-else")  # the address names somebody else: no effect
attempt = pages.store().record_attempt(session.learner, "{stage}", "hub-test", correct=True, answer="x")
print(json.dumps({{"learner": session.learner, "stars": attempt.stars}}))
"""
LOOK = """
import json, os
from gouji_teach.teach import course, pages
page = pages.landing(course.start("index", "learner=someone-else&lang=en"))
me = pages.store().learner(course.hub_user())
print(json.dumps({"hub_user": course.hub_user(), "progress": os.environ["GOUJI_TEACH_PROGRESS"],
                  "name_box": [page.children[0].children[0].value, page.children[0].children[0].disabled],
                  "landing": page.children[1].value, "stars": pages.store().stage_stars(me)}))
"""


def test_two_hub_users_each_keep_their_own_progress(hub: tuple[str, Path]) -> None:
    from gouji_teach.teach.course import STAGES
    from gouji_teach.teach.progress import ProgressStore

    url, class_dir = hub
    stages = {"alice": STAGES[0].id, "bob": STAGES[1].id}
    for name in stages:
        _log_in(url, name)
    for name, stage in stages.items():
        recorded = _in_kernel(url, name, RECORD.format(stage=stage))
        assert recorded["learner"] == name and recorded["stars"]
    seen = {name: _in_kernel(url, name, LOOK) for name in stages}
    for name, stage in stages.items():
        other = next(n for n in stages if n != name)
        mine = seen[name]
        assert mine["hub_user"] == name
        assert mine["progress"] == f"{class_dir}/progress/class.sqlite"
        assert mine["name_box"] == [name, True], "no name to type under the hub"
        assert set(mine["stars"]) == {stage}, f"{name} sees their own stars only"
        assert name in mine["landing"] and other not in mine["landing"]
    # one class store holds both learners, each with their own attempt
    store = ProgressStore(class_dir / "progress" / "class.sqlite")
    assert {learner.name for learner in store.learners()} == set(stages)
    for name, stage in stages.items():
        assert [(a.stage, a.puzzle_id) for a in store.attempts(store.learner(name))] == [(stage, "hub-test")]

"""The JupyterHub configuration of ``docs/deploy.md``: it loads, it sends learners to the course, and (where
JupyterHub's proxy is installed) a hub started from it serves the course's landing page to a logged-in learner.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from http.cookiejar import CookieJar
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "docs" / "deploy.md"
LANDING = "/voila/render/tutorials/index.ipynb"

jupyterhub = pytest.importorskip("jupyterhub", reason="JupyterHub is not installed (pip install jupyterhub)")


def _config_block() -> str:
    text = DEPLOY.read_text(encoding="utf-8")
    block = re.search(r"`jupyterhub_config\.py`:\n\n```python\n(.*?)```", text, re.DOTALL)
    assert block, "docs/deploy.md has no jupyterhub_config.py block"
    return block.group(1)


@pytest.fixture
def config_file(tmp_path: Path) -> Path:
    path = tmp_path / "jupyterhub_config.py"
    path.write_text(_config_block(), encoding="utf-8")
    return path


def test_the_config_loads_and_sends_learners_to_the_course(config_file: Path) -> None:
    from jupyterhub.app import JupyterHub
    from jupyterhub.spawner import LocalProcessSpawner

    hub = JupyterHub()
    hub.load_config_file(str(config_file))
    spawner = LocalProcessSpawner(config=hub.config)
    assert spawner.default_url == LANDING
    assert spawner.environment["GOUJI_TEACH_PROGRESS"].endswith(".sqlite")
    # the landing page is a notebook of the course, under tutorials/ of the folder the server starts in
    assert (ROOT / spawner.default_url.removeprefix("/voila/render/")).is_file()
    assert hub.config.JupyterHub.authenticator_class == "pam"


def test_the_voila_settings_parse_as_server_options(config_file: Path) -> None:
    from jupyter_server.serverapp import ServerApp
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
    from jupyterhub.app import JupyterHub
    from voila.configuration import VoilaConfiguration

    hub = JupyterHub()
    hub.load_config_file(str(config_file))
    server = ServerApp()
    server.parse_command_line(list(hub.config.Spawner.args))
    voila = VoilaConfiguration(parent=server)
    assert voila.strip_sources is True and voila.show_tracebacks is False
    kernels = MappingKernelManager(parent=server)
    assert (kernels.cull_idle_timeout, kernels.cull_interval, kernels.cull_connected) == (900, 60, True)


# -- a hub started from the documented configuration ----------------------------------------------------------------
def _get(opener: urllib.request.OpenerDirector, url: str, data: dict[str, str] | None = None) -> tuple[int, str, str]:
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    try:
        with opener.open(url, data=body, timeout=30) as response:
            return response.status, response.geturl(), response.read().decode("utf-8", errors="replace")
    except urllib.error.HTTPError as e:
        return e.code, url, e.read().decode("utf-8", errors="replace")
    except (urllib.error.URLError, OSError):
        return 0, url, ""


@pytest.fixture
def hub(tmp_path: Path, config_file: Path) -> Iterator[str]:
    """The documented configuration, with a trial login and a local-process spawner, on 127.0.0.1."""
    if shutil.which("configurable-http-proxy") is None:
        pytest.skip("configurable-http-proxy is not installed (npm install -g configurable-http-proxy)")
    from gouji_teach.app import free_port

    folder = tmp_path / "srv"
    folder.mkdir()
    (folder / "tutorials").symlink_to(ROOT / "tutorials")
    port, api = free_port(18100), free_port(18200)
    trial = config_file.read_text(encoding="utf-8").replace("/srv/gouji/progress", str(tmp_path)).replace(
        "/srv/gouji", str(folder)) + f"""
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {api}
c.JupyterHub.authenticator_class = "dummy"
c.JupyterHub.spawner_class = "simple"
c.Spawner.args = c.Spawner.args + ["--allow-root"]
c.Spawner.cmd = ["{sys.executable}", "-m", "jupyterhub.singleuser"]
c.JupyterHub.db_url = "sqlite:///{tmp_path}/hub.sqlite"
c.JupyterHub.cookie_secret_file = "{tmp_path}/cookie_secret"
c.ConfigurableHTTPProxy.pid_file = "{tmp_path}/proxy.pid"
"""
    trial_file = tmp_path / "trial_config.py"
    trial_file.write_text(trial, encoding="utf-8")
    log = (tmp_path / "hub.log").open("wb")
    process = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(trial_file)], cwd=tmp_path,
                               stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180
        while _get(urllib.request.build_opener(), url + "/hub/login")[0] != 200:
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail("JupyterHub did not start:\n" + (tmp_path / "hub.log").read_text(errors="replace"))
            time.sleep(0.5)
        yield url
    finally:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            if process.poll() is None:
                os.killpg(process.pid, sig)
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    continue
        log.close()


def test_a_learner_logs_in_and_lands_on_the_course(hub: str) -> None:
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
    status, _, page = _get(opener, hub + "/hub/login")
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page)
    form = {"username": "learner", "password": "any"} | ({"_xsrf": xsrf.group(1)} if xsrf else {})
    deadline = time.monotonic() + 120
    status, where, page = _get(opener, hub + "/hub/login", form)
    while LANDING not in where or status != 200 or "voila" not in page.lower():
        assert time.monotonic() < deadline, f"not on the course after logging in: {status} {where}"
        time.sleep(1)
        status, where, page = _get(opener, hub + "/hub/spawn-pending/learner"
                                   if "spawn-pending" in where else hub + "/user/learner" + LANDING)
    assert where.endswith("/user/learner" + LANDING)
    assert "gouji_teach" not in page or "import" not in page  # sources stripped: no notebook code in the page

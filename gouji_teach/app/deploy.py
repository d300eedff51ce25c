"""One Voila configuration for every way the app is served, and the Binder link of a checkout.

``gouji-teach serve`` runs Voila on its own with ``jupyter/config/voila.json``. Binder and JupyterHub run Voila as
an extension of a Jupyter server instead, which reads its settings from a Jupyter configuration folder:
:func:`install_jupyter_config` (``gouji-teach voila-config --prefix DIR``) writes the same settings there, whole,
with the app's template beside it, so that the three are served with one configuration.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import urllib.parse
from pathlib import Path
from typing import Any

from ..rules.errors import DeployError, OptionError
from ..rules.inputs import load_json, read_text

__all__ = ["BINDER", "CONFIG_NAME", "LANDING", "TEMPLATE", "VOILA_CONFIG", "binder_link", "git_origin",
           "install_jupyter_config", "voila_settings"]

#: The app's Voila settings: the one configuration file (``gouji-teach serve`` reads it as it is).
VOILA_CONFIG = Path(__file__).resolve().parent / "jupyter" / "config" / "voila.json"
#: The app's Voila template (a Jupyter data folder's ``voila/templates/gouji``).
TEMPLATE = Path(__file__).resolve().parent / "jupyter" / "voila" / "templates" / "gouji"
#: The settings file a Jupyter server reads from each folder of its configuration path.
CONFIG_NAME = "jupyter_server_config.json"
#: The course's landing page under a Jupyter server (Binder, JupyterHub).
LANDING = "/voila/render/tutorials/index.ipynb"
#: The public Binder service (another BinderHub can be named instead).
BINDER = "https://mybinder.org"


def voila_settings() -> dict[str, Any]:
    """The app's Voila configuration, as ``gouji-teach serve`` uses it.

    >>> settings = voila_settings()
    >>> settings["VoilaConfiguration"]["template"], settings["MappingKernelManager"]["cull_connected"]
    ('gouji', False)
    """
    return json.loads(VOILA_CONFIG.read_text(encoding="utf-8"))


def install_jupyter_config(prefix: Path) -> list[Path]:
    """Write the app's Voila configuration and template under ``prefix`` (a Python environment's ``sys.prefix``,
    or a folder of its own that the servers are pointed at): the settings go into
    ``etc/jupyter/jupyter_server_config.json`` (read by every Jupyter server whose configuration path holds that
    folder, and so by Voila running inside it; the other sections of a file already there are kept), the template
    to ``share/jupyter/voila/templates/gouji``. Returns the two paths written; running it again (after an upgrade
    of the package) writes them anew. A file there that is not JSON raises an
    :class:`~gouji_teach.rules.inputs.InputError`, one that is not a JSON object of sections a
    :class:`~gouji_teach.rules.errors.DeployError`."""
    config = prefix / "etc" / "jupyter" / CONFIG_NAME
    template = prefix / "share" / "jupyter" / "voila" / "templates" / TEMPLATE.name
    settings = load_json(read_text(config), str(config)) if config.is_file() else {}
    if not isinstance(settings, dict) or not all(isinstance(settings.get(s, {}), dict) for s in voila_settings()):
        raise DeployError(config, "不是 Jupyter 配置（要一个 JSON 对象，它的每一节也是对象）",
                          "not a Jupyter configuration (a JSON object whose sections are objects)")
    for section, values in voila_settings().items():
        settings[section] = {**settings.get(section, {}), **values}
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(json.dumps(settings, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    if template.exists():
        shutil.rmtree(template)
    shutil.copytree(TEMPLATE, template)
    return [config, template]


def binder_link(remote: str, ref: str, *, service: str = BINDER) -> str:
    """The Binder address that opens the course's landing page from the repository at ``remote`` (the address
    ``git clone`` takes), at branch, tag or commit ``ref``. Binder's ``git`` provider takes any public repository
    address, so nothing here depends on where the repository is published. An address that is not a public
    https one, or a ref that is not a name, raises an :class:`~gouji_teach.rules.errors.OptionError`.

    >>> binder_link("https://example.org/teacher/gouji.git", "main")  # doctest: +NORMALIZE_WHITESPACE
    'https://mybinder.org/v2/git/https%3A%2F%2Fexample.org%2Fteacher%2Fgouji.git/main?urlpath=voila%2Frender%2Ftutorials%2Findex.ipynb'
    """
    parts = urllib.parse.urlsplit(remote.strip())
    if parts.scheme != "https" or not parts.hostname or not parts.path.strip("/"):
        raise OptionError("remote", remote, "Binder 只能打开公开仓库的 https 地址",
                          "Binder opens only a public repository's https address")
    if not ref.strip() or any(c.isspace() for c in ref):
        raise OptionError("ref", ref, "不是分支、标签或提交", "not a branch, tag or commit")
    # a user name or token in the address (https://user:token@…) never goes into a link
    address = urllib.parse.urlunsplit(("https", parts.netloc.rpartition("@")[2], parts.path, "", ""))
    repo = urllib.parse.quote(address, safe="")
    page = urllib.parse.quote(LANDING.lstrip("/"), safe="")
    return f"{service.rstrip('/')}/v2/git/{repo}/{urllib.parse.quote(ref, safe='')}?urlpath={page}"


def git_origin(folder: Path) -> tuple[str, str]:
    """The ``origin`` address and the current branch of the checkout at ``folder`` (a
    :class:`~gouji_teach.rules.errors.DeployError` where there is none, or no git to ask)."""
    def git(*args: str) -> str:
        command = f"git {' '.join(args)}"
        try:
            done = subprocess.run(["git", "-C", str(folder), *args], capture_output=True, text=True, check=False)
        except OSError as e:
            raise DeployError(folder, f"运行不了 {command}", f"cannot run {command} ({e.strerror})") from None
        if done.returncode != 0:
            raise DeployError(folder, f"{command} 没有结果", f"{command} failed: {done.stderr.strip() or '?'}")
        return done.stdout.strip()

    return git("remote", "get-url", "origin"), git("symbolic-ref", "--short", "HEAD")

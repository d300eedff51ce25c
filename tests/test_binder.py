"""The Binder configuration (``binder/``): its files agree with the package, and repo2docker reads them.

``jupyter-repo2docker --no-build --debug`` writes the Dockerfile it would build without building it (no
container engine needed); the test reads that Dockerfile. Without repo2docker installed that test is skipped.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
LAUNCH = "https://mybinder.org/v2/gh/{owner}/{repo}/{ref}?urlpath=voila%2Frender%2Ftutorials%2Findex.ipynb"


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[ ;]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def test_requirements_are_the_package_dependencies() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = {_name(r): r for r in project["dependencies"]}
    lines = [line for line in (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    assert {_name(line): line for line in lines} == wanted


def test_the_kernel_of_the_pages_is_a_dependency_not_only_a_test_extra() -> None:
    """Voila runs every page in the ``python3`` kernel, which ipykernel provides. Without it in the package's
    dependencies, ``pip install .`` on a fresh machine served every page as an error 500 ("No Jupyter kernel
    for language 'python' found"): found by installing the wheel in a new virtual environment."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    kernels = {json.loads(nb.read_text(encoding="utf-8"))["metadata"]["kernelspec"]["name"]
               for nb in (ROOT / "gouji_teach" / "course").glob("*.ipynb")}
    assert kernels == {"python3"}
    assert "ipykernel" in {_name(r) for r in project["dependencies"]}


def test_runtime_is_a_supported_python() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    runtime = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip()
    major, minor = re.fullmatch(r"python-(\d+)\.(\d+)", runtime).groups()  # type: ignore[union-attr]
    lowest = re.search(r">=\s*(\d+)\.(\d+)", project["requires-python"]).groups()  # type: ignore[union-attr]
    assert (int(major), int(minor)) >= (int(lowest[0]), int(lowest[1]))


def test_post_build_installs_the_package_and_the_app_settings() -> None:
    post = BINDER / "postBuild"
    assert os.access(post, os.X_OK)
    text = post.read_text(encoding="utf-8")
    assert "pip install --no-deps" in text and re.search(r"--no-cache-dir \.$", text, re.MULTILINE)
    template = re.search(r"cp -r (\S+) ", text).group(1)  # type: ignore[union-attr]
    assert (ROOT / template / "conf.json").is_file()
    settings = re.search(r"<<'JSON'\n(.*?)\nJSON", text, re.DOTALL).group(1)  # type: ignore[union-attr]
    config = json.loads(settings)
    assert config["VoilaConfiguration"] == {"template": "gouji", "strip_sources": True, "show_tracebacks": False}
    assert config["MappingKernelManager"]["cull_idle_timeout"] > 0


def test_the_launch_link_opens_the_landing_page() -> None:
    assert (ROOT / "tutorials" / "index.ipynb").is_file(), "the launch link renders tutorials/index.ipynb"
    docs = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    assert "?urlpath=voila%2Frender%2Ftutorials%2Findex.ipynb" in docs
    assert LAUNCH.split("{owner}")[0] in docs


@pytest.mark.skipif(shutil.which("jupyter-repo2docker") is None,
                    reason="jupyter-repo2docker is not installed (pip install jupyter-repo2docker)")
def test_repo2docker_reads_the_binder_folder() -> None:
    done = subprocess.run(["jupyter-repo2docker", "--no-build", "--debug", "--user-id", "1000", "--user-name",
                           "jovyan", str(ROOT)], capture_output=True, text=True, timeout=300, check=False)
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    assert "python=3.11" in out
    assert 'pip install --no-cache-dir -r "binder/requirements.txt"' in out
    assert "./binder/postBuild" in out

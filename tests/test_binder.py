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
import urllib.parse
from pathlib import Path

import pytest

from gouji_teach import cli

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
BINDER_SERVICE = "https://mybinder.org"


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[ ;]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def test_requirements_are_the_package_dependencies() -> None:
    """The image serves Binder and the Zero to JupyterHub class, whose progress is in PostgreSQL: the package's
    dependencies and its ``postgres`` extra, nothing else."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = {_name(r): r for r in project["dependencies"] + project["optional-dependencies"]["postgres"]}
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
    # (ignore below: the test fails if it does not match)
    major, minor = re.fullmatch(r"python-(\d+)\.(\d+)", runtime).groups()  # type: ignore[union-attr]
    # (ignore below: the test fails if it does not match)
    lowest = re.search(r">=\s*(\d+)\.(\d+)", project["requires-python"]).groups()  # type: ignore[union-attr]
    assert (int(major), int(minor)) >= (int(lowest[0]), int(lowest[1]))


def test_post_build_installs_the_package_and_the_app_settings() -> None:
    post = BINDER / "postBuild"
    assert os.access(post, os.X_OK)
    text = post.read_text(encoding="utf-8")
    steps = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    assert steps == ["set -euo pipefail", "python -m pip install --no-deps --no-cache-dir .",
                     "gouji-teach voila-config --sys-prefix"]
    # no settings of its own: the one configuration (tests/test_deploy.py checks what a server reads from it)
    assert "VoilaConfiguration" not in text and "cull_" not in text


def test_the_launch_link_is_built_from_the_origin(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    assert (ROOT / "tutorials" / "index.ipynb").is_file(), "the launch link renders tutorials/index.ipynb"
    checkout = tmp_path / "checkout"
    subprocess.run(["git", "init", "-q", "-b", "course", str(checkout)], check=True)
    origin = "https://teacher:secret@example.org/school/gouji.git"
    subprocess.run(["git", "-C", str(checkout), "remote", "add", "origin", origin], check=True)
    monkeypatch.chdir(checkout)
    assert cli.main(["binder-link"]) == 0
    link = capsys.readouterr().out.strip()
    parts = urllib.parse.urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}" == BINDER_SERVICE
    provider, repo, ref = parts.path.split("/")[2:]
    assert (provider, urllib.parse.unquote(repo), ref) == ("git", "https://example.org/school/gouji.git", "course")
    assert urllib.parse.parse_qs(parts.query) == {"urlpath": ["voila/render/tutorials/index.ipynb"]}
    assert "secret" not in link


def test_a_link_needs_a_public_address(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    assert cli.main(["binder-link", "--remote", "git@example.org:school/gouji.git", "--ref", "main"]) == 2
    assert "https" in capsys.readouterr().err
    monkeypatch.chdir(tmp_path)  # no repository here
    assert cli.main(["binder-link", "--ref", "main"]) == 2
    assert "--remote" in capsys.readouterr().err


def test_the_documents_tell_how_to_make_the_link() -> None:
    for doc in (ROOT / "README.md", ROOT / "docs" / "deploy.md"):
        text = doc.read_text(encoding="utf-8")
        assert "gouji-teach binder-link" in text, doc
        assert "OWNER/REPO/" not in text, f"{doc.name} has a link nobody can open"


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

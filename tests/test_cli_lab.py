"""``gouji-teach lab``: JupyterLab on the course folder, with the app's environment."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from gouji_teach import cli
from gouji_teach.app import COURSE_DIR


def test_lab_opens_the_course_folder_in_jupyterlab(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: object())
    calls: list[tuple[list[str], dict[str, str]]] = []
    monkeypatch.setattr(subprocess, "call", lambda command, env: calls.append((command, env)) or 0)
    progress = tmp_path / "class.sqlite"
    assert cli.main(["lab", "--port", "8890", "--progress", str(progress), "--", "--no-browser"]) == 0
    (command, env), = calls
    assert command == [sys.executable, "-m", "jupyterlab", str(COURSE_DIR), "--port=8890", "--no-browser"]
    assert (COURSE_DIR / "index.ipynb").is_file()
    assert env["GOUJI_TEACH_PROGRESS"] == str(progress)


def test_lab_without_jupyterlab_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    assert cli.main(["lab"]) == 2
    assert "gouji-teach[lab]" in capsys.readouterr().err

"""What a newcomer installs: the wheel that ``pip install .`` builds holds every file the app serves or reads.

An editable install (``pip install -e``, as the tests use) serves the checkout and hides a file the package data
leaves out (the page script ``static/gouji.js`` once was: every page then showed both languages at once). So the
wheel is built here and its files are held against what the app loads: the Voila template with its static files
and configuration (``app/jupyter/``), the course notebooks and the scenario files.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from gouji_teach.app import COURSE_DIR, JUPYTER_DIR
from gouji_teach.rules.scenario import SCENARIO_DIR

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "gouji_teach"


@pytest.fixture(scope="module")
def wheel_files(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """The files of a wheel built from a clean copy of the checkout (a ``build/`` folder left by an earlier build
    would lend the wheel files the package data does not name)."""
    source, folder = tmp_path_factory.mktemp("source"), tmp_path_factory.mktemp("wheel")
    shutil.copytree(ROOT, source, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns(".git", "build", "dist", "*.egg-info", "__pycache__", ".*_cache",
                                                 "kernel-*", "test-artifacts"))
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                            "-w", str(folder), str(source)], capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr[-2000:]
    (wheel,) = folder.glob("gouji_teach-*.whl")
    return set(zipfile.ZipFile(wheel).namelist())


def served_files() -> list[Path]:
    """Every file the app loads from the package: the Voila template, its static files and the configuration,
    the notebooks, the scenarios."""
    files = [p for p in JUPYTER_DIR.rglob("*") if p.is_file()]
    files += sorted(COURSE_DIR.glob("*.ipynb")) + sorted(SCENARIO_DIR.glob("*.yaml"))
    return [p for p in files if "__pycache__" not in p.parts and ".ipynb_checkpoints" not in p.parts]


def test_the_app_loads_its_template_script_notebooks_and_scenarios_from_the_package() -> None:
    names = {p.relative_to(PACKAGE).as_posix() for p in served_files()}
    assert "app/jupyter/voila/templates/gouji/static/gouji.js" in names
    assert "app/jupyter/config/voila.json" in names and "course/index.ipynb" in names
    assert any(name.startswith("scenarios/") for name in names)


def test_the_wheel_holds_every_file_the_app_serves(wheel_files: set[str]) -> None:
    missing = [p.relative_to(ROOT).as_posix() for p in served_files()
               if p.relative_to(ROOT).as_posix() not in wheel_files]
    assert missing == []


def test_the_wheel_holds_every_module_and_package_file(wheel_files: set[str]) -> None:
    """Every file of the package folder that is not a cache, Python files included (a new subpackage without
    its ``__init__.py`` found would be left out too)."""
    files = [p.relative_to(ROOT).as_posix() for p in PACKAGE.rglob("*")
             if p.is_file() and "__pycache__" not in p.parts and ".ipynb_checkpoints" not in p.parts
             and not p.name.endswith(".pyc")]
    assert [f for f in files if f not in wheel_files] == []

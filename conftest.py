"""How the suite shares the machine: pytest-xdist runs it on two workers (``-n 2 --dist loadgroup`` in
pyproject.toml). A notebook runs whole on one worker (its cells in order, in one kernel), and so does a test module
whose tests share a module-scoped fixture (made once); the browser tests run together on one worker, sharing the
app they start (their session's server); every other test goes to whichever worker is free. The tests that start
servers look for free ports from bases of their own (``free_port``: 18100-18300 the hub, 18700 the CLI's
``serve``, 18866 the browser tests' app, 18950 the kernel cap, 19466 the session, 19866 the classroom), so that two
workers do not pick the same port."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).parent


def _shares_a_module_fixture(item: pytest.Item) -> bool:
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    return any(d.scope in ("module", "class", "package") for defs in info.name2fixturedefs.values() for d in defs)


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.path))
        if "browser" in path.parent.parts:
            item.add_marker(pytest.mark.xdist_group("browser"))
        elif path.suffix == ".ipynb" or _shares_a_module_fixture(item):
            item.add_marker(pytest.mark.xdist_group(str(path.relative_to(ROOT))))


@pytest.fixture(autouse=True)
def _own_progress(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test's pages save into a progress file of its own, never the user's: a name one test signs in with
    (and whose pass key it gets) is new to the next. A test that wants another store sets ``progress._STORE``."""
    from gouji_teach.teach import progress

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv(progress.ENV_VAR, raising=False)
    monkeypatch.setattr(progress, "_STORE", [])

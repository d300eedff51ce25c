"""How the suite shares the machine: pytest-xdist runs it on two workers (``-n 2 --dist loadgroup`` in
pyproject.toml). Each test module (each notebook) runs whole on one worker, so a notebook's cells run in order in
one kernel and a module's fixtures are made once; the browser tests run together on one worker, sharing the app
they start (their session's server). The other tests that start servers look for free ports from bases of their
own (``free_port``: 18100-18300 the hub, 18700 the CLI's ``serve``, 18866 the browser tests' app, 18950 the kernel
cap, 19466 the session, 19866 the classroom), so that two workers do not pick the same port."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).parent


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.path))
        browser = "browser" in path.parent.parts
        item.add_marker(pytest.mark.xdist_group("browser" if browser else str(path.relative_to(ROOT))))

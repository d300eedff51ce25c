"""Under JupyterHub the learner is the hub's user (JUPYTERHUB_USER): the page's address and the landing page's
name box cannot file answers under somebody else's name."""

from __future__ import annotations

from pathlib import Path

import pytest

from gouji_teach.teach import course, pages, progress
from gouji_teach.teach.progress import ProgressStore


@pytest.fixture
def hub(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> ProgressStore:
    monkeypatch.setenv("JUPYTERHUB_USER", "alice")
    store = ProgressStore(tmp_path / "class.sqlite3")
    monkeypatch.setattr(progress, "_STORE", [store])
    return store


def test_the_address_cannot_change_the_learner(hub: ProgressStore) -> None:
    session = course.start("cards", "learner=bob&lang=en")
    assert session.learner == "alice"
    assert session.lang == "en"


def test_the_landing_page_has_no_name_to_type(hub: ProgressStore) -> None:
    session = course.start("index", "learner=bob")
    page = pages.landing(session)
    name = page.children[0].children[0]
    assert name.disabled and name.value == "alice"
    name.value = "bob"  # what a browser can still send for a disabled box
    text = page.children[1].value
    assert "alice" in text and "bob" not in text


def test_without_a_hub_names_are_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    assert course.start("cards", "learner=bob").learner == "bob"

"""Fixtures shared by the tests (the browser tests have their own in tests/browser/conftest.py)."""

from __future__ import annotations

import ipywidgets as w
import pytest

from gouji_teach.teach.i18n import set_language


@pytest.fixture
def fresh_widgets():
    """No live widget at the start, Chinese before and after (widget tests use it with autouse)."""
    w.Widget.close_all()
    set_language("zh")
    yield
    set_language("zh")

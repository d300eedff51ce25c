"""The class report is the instructor's (issue 22, item 8): a learner's request for the report page without the
token ``serve`` printed (or, under a hub, from a user who is no admin or instructor) gets nothing of the report,
and so does ``gouji-teach report`` run by a hub learner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from widget_state import fresh_widgets

from gouji_teach.app import voila_env
from gouji_teach.cli import main
from gouji_teach.teach import exam as ex
from gouji_teach.teach import report as rep
from gouji_teach.teach.access import INSTRUCTORS_VAR, TOKEN_VAR, new_token
from gouji_teach.teach.progress import ProgressStore

TOKEN = "tok-" + "7" * 20


@pytest.fixture(autouse=True)
def _fresh_widgets():
    yield from fresh_widgets()


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    store = ProgressStore(tmp_path / "progress.sqlite3")
    store.record_attempt("小明", "compare", "beats/1", rules=("compare.rank",), correct=True)
    return store


def _page(store: ProgressStore, query: str) -> rep.ReportPage:
    return rep.ReportPage(ex.start(query, on=rep.REPORT_PAGE), store)


def _shown(page: rep.ReportPage) -> str:
    return page.head.value + page.body.value


def test_without_the_token_the_page_shows_nothing_of_the_report(store, monkeypatch) -> None:
    monkeypatch.setenv(TOKEN_VAR, TOKEN)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    for query in ("", "lang=en", "token=", "token=guess", f"token={TOKEN[:-1]}"):
        page = _page(store, query)
        assert "小明" not in _shown(page) and page._report is None, query
        assert "口令" in _shown(page) or "token" in _shown(page)
        assert page.gate in page.box.children and page.refresh_button not in page.box.children
    page.open("guess")
    assert "小明" not in _shown(page)
    page.open(TOKEN)  # typed into the page
    assert "小明" in _shown(page) and page.gate not in page.box.children and page.token_box.value == ""
    assert "小明" in _shown(_page(store, f"lang=en&token={TOKEN}"))  # the address serve printed


def test_under_a_hub_only_an_instructor_reads_it(store, monkeypatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "alice")
    monkeypatch.setenv(INSTRUCTORS_VAR, "teacher, head")
    monkeypatch.setenv(TOKEN_VAR, TOKEN)
    monkeypatch.delenv("JUPYTERHUB_API_URL", raising=False)
    page = _page(store, f"token={TOKEN}")  # the token does not make a hub learner an instructor
    assert "小明" not in _shown(page) and "instructors" in _shown(page)
    assert page.gate not in page.box.children
    monkeypatch.setenv("JUPYTERHUB_USER", "head")
    assert "小明" in _shown(_page(store, ""))


def test_the_hub_says_who_is_an_admin_or_in_the_group(monkeypatch) -> None:
    from gouji_teach.teach import access

    monkeypatch.delenv(INSTRUCTORS_VAR, raising=False)
    for model, ok in (({"name": "bo", "admin": True, "groups": []}, True),
                      ({"name": "bo", "admin": False, "groups": ["instructors"]}, True),
                      ({"name": "bo", "admin": False, "groups": ["learners"]}, False),
                      ({"name": "someone else", "admin": True}, False), ({}, False)):
        monkeypatch.setattr(access, "_hub_model", lambda model=model: model)
        assert access.hub_instructor("bo") is ok, model


def test_report_on_the_command_line_refuses_a_hub_learner(store, monkeypatch, capsys) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "alice")
    monkeypatch.delenv("JUPYTERHUB_API_URL", raising=False)
    monkeypatch.setenv(INSTRUCTORS_VAR, "teacher")
    assert main(["report", "--json", "--progress", str(store.path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "小明" not in err and err.count("\n") == 1
    assert err.startswith("report: 班级报告只给老师看") and " / the class report is for the instructor" in err
    monkeypatch.setenv("JUPYTERHUB_USER", "teacher")
    assert main(["report", "--json", "--progress", str(store.path)]) == 0
    assert "小明" in json.dumps(json.loads(capsys.readouterr().out), ensure_ascii=False)


def test_serve_gives_its_kernels_a_fresh_token() -> None:
    first, second = new_token(), new_token()
    assert first != second and len(first) >= 22  # 128 bits
    assert voila_env(None, report_token=first)[TOKEN_VAR] == first

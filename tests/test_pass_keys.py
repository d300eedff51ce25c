"""Nobody records under another learner's name (issue 22: "``?learner=B`` and 看答案 locks B's drills at 0
stars"). Under ``gouji-teach serve`` a typed name is the only identity, so the first page that saves for a name
gives it a pass key, which the page's address and links carry; a page opened with the name and no key (or a wrong
one) says so and saves nothing: no answer, no hint, no shown answer, no live answer. The learner on another
computer types the key beside their name; the instructor looks keys up or renews them (``gouji-teach keys``);
under JupyterHub the hub's user needs none."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs

import pytest
from progress_backends import kernel_store_fixture, where_fixture  # noqa: F401 (the fixtures `store`, `where`)
from widget_state import answers_of, fresh_widgets, right_answer

from gouji_teach.cli import main
from gouji_teach.teach import course, live, pages, present
from gouji_teach.teach.progress import SCHEMA_VERSION, NameTaken, ProgressStore

DRILLS = [("buy", "easy"), ("buy", "medium"), ("buy", "hard")]


@pytest.fixture(autouse=True)
def _fresh():
    yield from fresh_widgets()


def _page(query: str):
    """A page of stage ``biesan`` opened at ``query``: its session, header and quiz widgets."""
    session = course.start("biesan", query)
    header = pages.header(session)
    quiz = pages.quiz(session, DRILLS)
    _STATUS[:] = [quiz.children[-1]]  # the quiz's status line: what the store refused
    return session, header, quiz.puzzle_widgets


_STATUS: list = []


def _wrong(puzzle) -> str:
    return next(a for a in answers_of(puzzle) if puzzle.check(a).valid and not puzzle.check(a).correct)


def _history(store: ProgressStore, name: str) -> tuple[list, dict, int]:
    learner = store.learner(name)
    return ([(a.puzzle_id, a.number, a.correct) for a in store.attempts(learner)], store.stars(learner),
            len(store.attempts()))


@pytest.mark.parametrize("typed", ["", "&pass=AAAA-BBBB"], ids=["no key", "a wrong key"])
def test_typing_another_learners_name_spoils_none_of_their_drills(store: ProgressStore, typed: str) -> None:
    session, header, (first, second, third) = _page("learner=B&rules=qingdao&lang=zh")
    first.answer(right_answer(first.puzzle))  # B's own page: the first save gave the name its key
    assert len(session.passkey) == 8 and f"pass={session.passkey}" in header.value
    before = _history(store, "B")
    assert before[1] == {("biesan", first.puzzle.puzzle_id): 3}

    attacker, header, (a_first, a_second, a_third) = _page("learner=B&rules=qingdao&lang=zh" + typed)
    assert "已经有人用了" in header.value and "口令规则" in header.value and "学员：B" not in header.value
    a_second.show_button.click()  # 看答案: on main this locked B's drill at 0 stars
    a_first.answer(_wrong(a_first.puzzle))
    a_third.hint_button.click()
    a_third.answer(right_answer(a_third.puzzle))
    assert _history(store, "B") == before  # not one attempt, star, hint or shown answer more
    assert "进度没有保存" in _STATUS[0].value and "口令规则" in _STATUS[0].value  # said, naming the rule
    assert "★★★" not in a_third.status.value  # the page shows no stars the store does not keep
    assert attacker.passkey == ("" if not typed else "AAAABBBB")

    second.answer(right_answer(second.puzzle))  # B, on their own page, is not hindered
    third.answer(right_answer(third.puzzle))
    assert _history(store, "B")[1] == {("biesan", w.puzzle.puzzle_id): 3 for w in (first, second, third)}


def test_the_refusal_is_said_on_the_page_in_its_language(store: ProgressStore) -> None:
    store.sign_in("B")
    _, header, widgets = _page("learner=B&lang=en")
    assert "the name 'B' is taken" in header.value and "pass key rule" in header.value
    widgets[0].answer(right_answer(widgets[0].puzzle))
    assert "Progress not saved: the name 'B' is taken" in _STATUS[0].value and "已经" not in _STATUS[0].value
    assert store.attempts() == []


def test_a_reload_and_the_next_stage_keep_the_key(store: ProgressStore) -> None:
    session, header, _ = _page("learner=小明&lang=zh")
    address = re.search(r'data-query="([^"]+)"', header.value).group(1).replace("&amp;", "&")
    assert parse_qs(address)["pass"] == [session.passkey]
    assert f"pass={session.passkey}" in session.link(course.stage("geming"))
    assert "pass=" not in session.link(course.stage("geming"), learner="小红")  # not with another's name
    reloaded, header, (widget, *_) = _page(address)
    assert "学员：小明" in header.value and f"口令 {session.passkey[:4]}-{session.passkey[4:]}" in header.value
    widget.answer(right_answer(widget.puzzle))
    assert reloaded.passkey == session.passkey and len(store.attempts(store.learner("小明"))) == 1


def test_a_stage_page_asks_for_the_key_of_a_taken_name_and_takes_it(store: ProgressStore) -> None:
    """A learner on another computer who opens a stage with their name (a link without its key) gets a key box in
    the header; the right key signs them in where they are (nothing lost: the page stays, the answer saves), a
    wrong one keeps the refusal and the box."""
    _, key = store.sign_in("小红")
    session, header, (widget, *_) = _page("learner=小红&lang=zh")
    box = header.children[1]
    assert "gj-key" in box._dom_classes and box.layout.display is None and "已经有人用了" in header.value
    box.value = "ZZZZ-ZZZZ"  # a wrong key: still refused, the box still there
    assert "已经有人用了" in header.value and box.layout.display is None and session.passkey == "ZZZZZZZZ"
    box.value = key.lower()  # typed as it comes: case and dash do not matter
    assert session.passkey == key and "学员：小红" in header.value and box.layout.display == "none"
    assert f"pass={key}" in header.value  # the address and the links carry it now
    widget.answer(right_answer(widget.puzzle))
    assert len(store.attempts(store.learner("小红"))) == 1
    _, own_header, _ = _page(f"learner=小红&pass={key}&lang=en")
    assert own_header.children[1].layout.display == "none"


def test_on_another_computer_the_learner_types_the_key_beside_the_name(store: ProgressStore) -> None:
    _, key = store.sign_in("小红")
    store.record_attempt(store.learner("小红"), "cards", "rank/1", correct=True)
    box = pages.landing(course.start("index", "learner=小红&lang=zh"))
    _, key_box, start = box.children[0].children
    assert key_box.layout.display is None and "已经有人用了" in box.children[1].value
    assert "称号" not in box.children[1].value  # neither stars nor title shown to whoever typed the name
    key_box.value = f"{key[:4]}-{key[4:].lower()}"  # as typed: a dash, lower case
    text = box.children[1].value
    assert "学员：小红" in text and "称号：" in text and key_box.layout.display == "none"
    assert f"pass={key}" in start.value  # 开始学习 carries the key
    new = pages.landing(course.start("index", "learner=小刚&lang=en"))
    assert "Your name's pass key is" in new.children[1].value
    given = new.children[0].children[1].value.replace("-", "")
    assert store.sign_in("小刚", given)[1] == ""


def test_a_live_lesson_is_joined_under_a_taken_name_only_with_its_key(store: ProgressStore) -> None:
    wall = present.page(present.start("scenario=qingdao_dagouji")).wall
    wall.start_live()
    code = wall.live.code
    _, key = store.sign_in("甲")
    view = live.page(live.start(query=f"live={code}&learner=甲"))._view
    assert not view._joined and "已经有人用了" in view.status.value + view._message
    assert view.key_box.layout.display is None and store.live_members(code) == []
    view.key_box.value = key
    assert view._joined and [m.name for m in store.live_members(code)] == ["甲"]
    assert f"pass={key}" in view.head.value
    keyed = live.page(live.start(query=f"live={code}&learner=甲&pass={key}"))._view  # the link from the start page
    assert keyed._joined


def test_under_a_hub_the_hubs_user_needs_no_key(store: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> None:
    store.sign_in("alice")
    monkeypatch.setenv("JUPYTERHUB_USER", "alice")
    session, header, (widget, *_) = _page("learner=mallory")
    assert session.learner == "alice" and session.passkey == "" and "学员：alice" in header.value
    widget.answer(right_answer(widget.puzzle))
    assert len(store.attempts(store.learner("alice"))) == 1


def test_the_instructor_looks_up_and_renews_a_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "class.sqlite"
    store = ProgressStore(path)
    _, old = store.sign_in("小明")
    assert main(["keys", "--progress", str(path)]) == 0
    assert f"小明     {old[:4]}-{old[4:]}" in capsys.readouterr().out
    assert main(["keys", "--renew", "小明", "--progress", str(path)]) == 0
    new = dict(store.keys())["小明"]
    assert new != old and f"{new[:4]}-{new[4:]}" in capsys.readouterr().out
    with pytest.raises(NameTaken):
        store.sign_in("小明", old)
    assert store.sign_in("小明", new)[1] == ""
    assert main(["keys", "nobody", "--progress", str(path)]) == 2
    assert "'nobody'" in capsys.readouterr().err
    assert main(["keys", "--renew", "--progress", str(path)]) == 2


def test_a_version_5_store_gains_pass_keys_and_its_learners_keep_their_progress(where: Path | str) -> None:
    from progress_backends import run_sql

    store = ProgressStore(where)
    store.record_attempt(store.learner("老王"), "cards", "rank/1", correct=True)
    run_sql(where, "DROP TABLE learner_keys")
    run_sql(where, "DELETE FROM schema_version")
    run_sql(where, "INSERT INTO schema_version (version) VALUES (5)")
    store = ProgressStore(where)
    assert run_sql(where, "SELECT MAX(version) FROM schema_version") == [(SCHEMA_VERSION,)] and SCHEMA_VERSION == 6
    learner, key = store.sign_in("老王")  # the first to use the name again claims it
    assert len(key) == 8 and store.stars(learner) == {("cards", "rank/1"): 3}


def test_a_start_page_built_before_its_address_takes_the_name_and_key_that_arrive(store: ProgressStore) -> None:
    _, key = store.sign_in("小红")
    session = course.Session(course.stage("index"))  # what a preheated kernel builds the page for
    box = pages.landing(session)
    session.apply(f"learner=小红&pass={key}&lang=zh")
    assert "学员：小红" in box.children[1].value and "已经有人用了" not in box.children[1].value

"""Stars that cannot be laundered (issue 22 item 1): the store derives a drill's stars from the attempts it holds
for the learner, so two misses, a reload (a new page, a new kernel) and the right answer earn ★ (the third try),
on the page and in the store; a rule-set switch, a second tab and replayed widget messages change nothing; and
migration 4 derives the stars an older store kept from its history."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from progress_backends import kernel_store_fixture, run_sql, where_fixture  # noqa: F401 (the fixtures `store`, `where`)
from widget_state import answers_of, fresh_widgets, right_answer

from gouji_teach.teach import course, pages
from gouji_teach.teach.progress import SCHEMA_VERSION, ProgressStore

DRILL = ("buy", "easy")  # the drill: buy/qingdao/easy/…


ADDRESS = "rules=qingdao&lang=zh&learner=小明"
_address: list[str] = []  # what the learner's browser shows: the last page's address (with the name's pass key)


@pytest.fixture(autouse=True)
def _fresh():
    _address[:] = [ADDRESS]
    yield from fresh_widgets()


def page():
    """A fresh page of stage ``biesan`` with one drill, at the address the browser shows (what a reload, or a new
    tab, gives): its header signs the learner in (a new name gets its pass key, which the address then carries),
    and its widget is returned."""
    session = course.start("biesan", _address[0])
    session.follow(lambda _changed: _address.__setitem__(0, session.query()))
    pages.header(session)
    return pages.quiz(session, [DRILL]).puzzle_widgets[0]


def wrong(puzzle) -> str:
    return next(a for a in answers_of(puzzle) if puzzle.check(a).valid and not puzzle.check(a).correct)


def shown_stars(widget) -> int:
    match = re.search(r"([★☆]{3})", widget.status.value)
    return match.group(1).count("★") if match else -1


def test_wrong_wrong_reload_right_is_one_star_on_the_page_and_in_the_store(store: ProgressStore) -> None:
    widget = page()
    drill = widget.puzzle
    widget.answer(wrong(drill))
    widget.answer(wrong(drill))
    reloaded = page()  # the reload: a new widget that counts from 1
    assert reloaded.puzzle.puzzle_id == drill.puzzle_id
    reloaded.answer(right_answer(drill))
    ming = store.learner("小明")
    assert store.drill_stars(ming, "biesan", drill.puzzle_id) == 1
    assert reloaded.stars == shown_stars(reloaded) == 1
    assert "第3次答对" in reloaded.status.value  # the store's count, not the page's
    assert [(a.number, a.correct, a.stars) for a in store.attempts(ming)] == [(1, False, 0), (2, False, 0),
                                                                                 (3, True, 1)]


def test_the_store_alone_counts_the_laundering_sequence(store: ProgressStore) -> None:
    ming = store.learner("小明")
    for correct in (False, False):
        store.record_attempt(ming, "biesan", "buy/qingdao/easy/1001", correct=correct, answer="b")
    with pytest.raises(TypeError):  # a page cannot say how many stars it thinks the solve earned
        store.record_attempt(ming, "biesan", "buy/qingdao/easy/1001", correct=True, answer="a",
                             stars=3)  # type: ignore[call-arg]
    solved = store.record_attempt(ming, "biesan", "buy/qingdao/easy/1001", correct=True, answer="a")
    assert (solved.number, solved.stars) == (3, 1)
    assert store.stage_stars(ming) == {"biesan": 1}


def test_a_hint_asked_before_a_reload_still_costs_a_star(store: ProgressStore) -> None:
    widget = page()
    widget.hint_button.click()
    reloaded = page()
    reloaded.answer(right_answer(reloaded.puzzle))
    assert store.drill_stars(store.learner("小明"), "biesan", reloaded.puzzle.puzzle_id) == 2
    assert reloaded.stars == shown_stars(reloaded) == 2 and "提示" in reloaded.status.value


def test_a_rule_set_switch_and_back_keeps_the_count(store: ProgressStore) -> None:
    session = course.start("biesan", ADDRESS)
    quiz = pages.quiz(session, [DRILL])
    widget = quiz.puzzle_widgets[0]
    drill = widget.puzzle
    widget.answer(wrong(drill))
    widget.answer(wrong(drill))
    session.apply(session.query(rules="linyi"))  # what the header's switches do
    session.apply(session.query(rules="qingdao"))
    widget = quiz.puzzle_widgets[0]
    assert widget.puzzle.puzzle_id == drill.puzzle_id
    widget.answer(right_answer(drill))
    assert store.drill_stars(store.learner("小明"), "biesan", drill.puzzle_id) == widget.stars == 1


def test_a_second_tab_and_replayed_messages_change_nothing(store: ProgressStore) -> None:
    first, second = page(), page()
    drill = first.puzzle
    first.answer(wrong(drill))
    second.answer(right_answer(drill))  # the other tab answers the second time
    ming = store.learner("小明")
    assert store.drill_stars(ming, "biesan", drill.puzzle_id) == second.stars == 2
    right = next(b for b, c in zip(second.choice_buttons, drill.choices, strict=True) if drill.check(c.key).correct)
    for _ in range(3):  # the same click sent again, to the old widget and to a new tab
        right.click()
        page().answer(right_answer(drill))
    first.answer(right_answer(drill))
    assert store.drill_stars(ming, "biesan", drill.puzzle_id) == 2
    assert store.stage_stars(ming) == {"biesan": 2}


def test_migration_4_derives_the_stars_kept_from_the_history(where: Path | str) -> None:
    store = ProgressStore(where)
    ming = store.learner("小明")
    for drill, results in (("buy/qingdao/easy/1", (False, False, True)), ("buy/qingdao/easy/2", (False, True)),
                           ("buy/qingdao/easy/3", (True,)), ("buy/qingdao/easy/4", (False, False, False, True))):
        for correct in results:
            store.record_attempt(ming, "biesan", drill, correct=correct, answer="a" if correct else "b")
    store.record_attempt(ming, "shao", "practice/qingdao/7", correct=True, answer="+2", source="table")
    # as release 0.2 left it: the page's stars (3: it counted from 1 after a reload), no source, no choice
    run_sql(where, "DELETE FROM shown")
    run_sql(where, "INSERT INTO stars (learner, stage, puzzle_id, stars, attempt) SELECT learner, stage, puzzle_id,"
                   " 3, id FROM attempts WHERE puzzle_id = 'buy/qingdao/easy/4' AND correct = 1")
    run_sql(where, "UPDATE stars SET stars = 3")
    run_sql(where, "DROP TABLE hints")
    run_sql(where, "ALTER TABLE attempts DROP COLUMN source")
    run_sql(where, "ALTER TABLE attempts DROP COLUMN choice")
    run_sql(where, "DELETE FROM schema_version")
    run_sql(where, "INSERT INTO schema_version (version) VALUES (3)")

    again = ProgressStore(where)
    assert run_sql(where, "SELECT MAX(version) FROM schema_version") == [(SCHEMA_VERSION,)]
    assert again.stars(ming) == {("biesan", "buy/qingdao/easy/1"): 1, ("biesan", "buy/qingdao/easy/2"): 2,
                                 ("biesan", "buy/qingdao/easy/3"): 3, ("shao", "practice/qingdao/7"): 3}
    assert again.drill_stars(ming, "biesan", "buy/qingdao/easy/4") == 0  # solved after its third miss: shown
    attempts = again.attempts(ming)
    assert {(a.source, a.choice) for a in attempts if a.stage == "shao"} == {("table", None)}
    assert all((a.source, a.choice) == ("practice", a.answer) for a in attempts if a.stage == "biesan")

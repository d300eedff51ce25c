"""Honest stars (issue 11 item 3): a drill's stars are those of its first solve, a hint costs one, "show answer"
and three misses give 0, an empty or unreadable answer is not an attempt, 再来一次 gives a new drill, and what the
page shows is what the progress store keeps, end to end through ``pages.quiz``."""

from __future__ import annotations

import re

import pytest
from progress_backends import where_fixture  # noqa: F401 (the fixture `where`)
from widget_state import answers_of, fresh_widgets, right_answer

from gouji_teach.teach import course, pages, progress
from gouji_teach.teach.drills import make_drill
from gouji_teach.teach.progress import ProgressStore
from gouji_teach.teach.widgets import Attempt, PuzzleWidget


@pytest.fixture(autouse=True)
def _fresh():
    yield from fresh_widgets()


def wrong_answers(puzzle) -> list[str]:
    return [a for a in answers_of(puzzle) if puzzle.check(a).valid and not puzzle.check(a).correct]


def shown_stars(widget: PuzzleWidget) -> int:
    """The stars the page shows (★ filled), read from the status HTML."""
    match = re.search(r"([★☆]{3})", widget.status.value)
    return match.group(1).count("★") if match else -1


def test_a_hint_asked_for_costs_a_star():
    puzzle = make_drill("gouji", 4, level="medium", rules="qingdao")
    widget = PuzzleWidget(puzzle)
    widget.hint_button.click()
    widget.answer(right_answer(puzzle))
    assert widget.stars == 2 and shown_stars(widget) == 2 and "提示" in widget.status.value


def test_the_second_miss_shows_the_hint_the_third_the_answer_with_no_star():
    attempts: list[Attempt] = []
    puzzle = make_drill("count", 6, level="hard", rules="linyi")
    widget = PuzzleWidget(puzzle, on_attempt=attempts.append)
    wrong = wrong_answers(puzzle)[0]
    widget.answer(wrong)
    assert "gouji-hint" not in widget.feedback.value and "gouji-solution" not in widget.feedback.value
    widget.answer(wrong)
    assert "gouji-hint" in widget.feedback.value and "gouji-solution" not in widget.feedback.value
    widget.answer(wrong)
    assert "gouji-solution" in widget.feedback.value and puzzle.solution().text("zh") in widget.feedback.value
    assert widget.stars == 0 and shown_stars(widget) == 0 and attempts[-1].shown
    widget.answer(right_answer(puzzle))  # over: no more attempts, no stars
    assert widget.stars == 0 and len(attempts) == 3
    assert not attempts[1].hinted  # the free hint after a second miss costs nothing


def test_show_answer_scores_zero_and_ends_the_drill():
    attempts: list[Attempt] = []
    puzzle = make_drill("beats", 8, level="easy", rules="tongsu")
    widget = PuzzleWidget(puzzle, on_attempt=attempts.append)
    assert puzzle.solution().text("zh") not in widget.feedback.value
    widget.show_button.click()
    assert puzzle.solution().text("zh") in widget.feedback.value and widget.stars == 0
    assert [(a.answer, a.shown) for a in attempts] == [("", True)]
    widget.answer(right_answer(puzzle))
    assert widget.stars == 0 and len(attempts) == 1


def test_an_empty_or_unreadable_submission_is_not_an_attempt():
    attempts: list[Attempt] = []
    puzzle = make_drill("pick", 3, level="easy", rules="qingdao")
    widget = PuzzleWidget(puzzle, on_attempt=attempts.append)
    widget.submit.click()  # 出牌 with nothing selected
    assert attempts == [] and "⚠" in widget.feedback.value
    widget.answer("Z?")
    widget.answer("   ")
    assert attempts == []
    widget.answer(right_answer(puzzle))
    assert widget.stars == 3 and [a.attempt for a in attempts] == [1]
    choice = make_drill("beats", 2, rules="linyi")
    other = PuzzleWidget(choice, on_attempt=attempts.append)
    other.answer("maybe")
    assert len(attempts) == 1 and other.stars == 0


def test_a_two_choice_drill_missed_once_keeps_one_star_on_the_page_and_in_the_store(where, monkeypatch):
    """After one miss a two-choice drill (能 / 不能) has one answer left: its solve is worth one star, and the store
    counts the choices from the drill the kernel made (nothing the page says)."""
    store = ProgressStore(where)
    monkeypatch.setattr(progress, "_STORE", [store])
    session = course.start("compare", "rules=qingdao&lang=zh&learner=小明")
    widget = pages.quiz(session, [("beats", "easy")]).puzzle_widgets[0]
    assert len(widget.puzzle.choices) == 2
    widget.answer(wrong_answers(widget.puzzle)[0])
    widget.answer(right_answer(widget.puzzle))
    stored = store.drill_stars(store.learner("小明"), "compare", widget.puzzle.puzzle_id)
    assert stored == widget.stars == shown_stars(widget) == 1


def retry_until_new(widget: PuzzleWidget) -> None:
    before = widget.puzzle.puzzle_id
    widget.retry_button.click()
    assert widget.puzzle.puzzle_id != before


@pytest.mark.parametrize("kind", ["beats", "tribute", "who_is_men"])
def test_page_shows_what_the_store_keeps_and_retry_gives_a_new_drill(kind, where, monkeypatch):
    store = ProgressStore(where)  # a SQLite file, and a PostgreSQL schema
    monkeypatch.setattr(progress, "_STORE", [store])
    session = course.start("compare", "rules=linyi&lang=zh&learner=小明")
    quiz = pages.quiz(session, [(kind, "medium")])
    widget = quiz.puzzle_widgets[0]
    first = widget.puzzle
    learner = store.learner("小明")
    # a hint, a miss, then right: 3 - 1 (miss) - 1 (hint) = 1 star, shown and stored alike
    widget.show_hint()
    widget.answer(wrong_answers(first)[0])
    widget.answer(right_answer(first))
    stored = store.drill_stars(learner, "compare", first.puzzle_id)
    assert stored == widget.stars == shown_stars(widget) == 1
    # retry: a new drill of the same kind and level under the same rules; the old keeps its 1 star
    retry_until_new(widget)
    new = widget.puzzle
    assert new.puzzle_id.split("/")[:3] == first.puzzle_id.split("/")[:3] == [kind, "linyi", "medium"]
    widget.answer(right_answer(new))
    assert store.drill_stars(learner, "compare", new.puzzle_id) == widget.stars == shown_stars(widget) == 3
    assert store.drill_stars(learner, "compare", first.puzzle_id) == 1
    # the same drill met again (a reload shows drill 1 again): the page shows the stars of the first solve
    again = pages.quiz(session, [(kind, "medium")]).puzzle_widgets[0]
    again.answer(right_answer(again.puzzle))
    assert again.stars == shown_stars(again) == store.drill_stars(learner, "compare", first.puzzle_id) == 1
    assert "第一次" in again.status.value
    # a shown answer is stored as 0 stars, and the page says 0 (drill compare.1001 was solved above: the next one)
    again.retry_button.click()
    again.retry_button.click()
    assert again.puzzle.puzzle_id.endswith("/compare.2001")
    again.show_answer()
    assert store.drill_stars(learner, "compare", again.puzzle.puzzle_id) == 0 == shown_stars(again)
    assert store.stage_stars(learner, rules="linyi") == {"compare": 4}
    assert store.stage_stars(learner, rules="qingdao") == {}


def test_a_quiz_is_levels_each_with_a_goal_a_par_and_the_stars_the_store_keeps(where, monkeypatch):
    """A stage's quiz is its levels in order, one kind of drill each: a heading with its goal (the anchor a link
    opens), its par and the learner's stars from the store, which a solve raises at once; a row of links on top
    marks the next level. Another page of the same learner (a reload) shows the same stars."""
    store = ProgressStore(where)
    monkeypatch.setattr(progress, "_STORE", [store])
    session = course.start("kaidian", "rules=linyi&lang=zh&learner=小明")

    def heads(box):
        return [c.value for c in box.children if "gj-level" in getattr(c, "value", "")]

    box = pages.quiz(session)
    assert [lv.kind for lv in course.stage("kaidian").levels] == ["gouji", "open_by_play", "who_opened"]
    kinds = [w.puzzle.puzzle_id.split("/")[0] for w in box.puzzle_widgets]
    assert kinds == ["gouji", *["open_by_play"] * 2, *["who_opened"] * 3]  # the page's order: level by level
    strip, first, second, third = heads(box)
    assert all(f'href="#level-{n}"' in strip for n in (1, 2, 3))
    assert "gj-level-next" in strip.split('href="#level-2"')[0]  # level 1 is the next
    assert 'id="level-1"' in first and "认出够级牌" in first and "标准：1道题" in first and "0/3 星" in first
    assert 'id="level-2"' in second and "标准：2道题" in second and "0/6 星" in second
    assert 'id="level-3"' in third and "标准：3道题" in third and "0/9 星" in third
    widget = box.puzzle_widgets[0]
    widget.answer(right_answer(widget.puzzle))
    strip, first, _second, _third = heads(box)
    assert "3/3 星" in first and "过关" in first and "gj-level-next" in strip.split('href="#level-1"')[1]
    assert "3/3 星" in heads(pages.quiz(session))[1]  # a reload: what the store keeps
    guest = pages.quiz(course.start("kaidian", "rules=linyi&lang=en"))
    assert "0 of 3 stars" in heads(guest)[1] and "Level 1: Recognise a 够级 play" in heads(guest)[1]

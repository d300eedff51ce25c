"""Puzzle widgets, built and clicked in Python, and the proof that answers never reach the browser."""

from __future__ import annotations

import pytest
from widget_state import answers_of, fresh_widgets, right_answer, synced_state

from gouji_teach import PRESETS
from gouji_teach.show.i18n import set_language
from gouji_teach.teach.drills import KINDS, LEVELS, make_drill
from gouji_teach.teach.table import puzzle_widget
from gouji_teach.teach.widgets import Attempt, PuzzleWidget, RulesetComparison


@pytest.fixture(autouse=True)
def _fresh():
    """Every test here starts with no live widget."""
    yield from fresh_widgets()




def secrets_of(puzzle) -> list[str]:
    """What must not reach the browser before an answer: every explanation and counter-example the checker
    could give, and the solution."""
    texts = []
    for answer in answers_of(puzzle):
        fb = puzzle.check(answer)
        texts += [fb.zh, fb.en, fb.text("zh"), fb.text("en"), fb.counter_zh, fb.counter_en]
    sol = puzzle.solution()
    texts += [sol.zh, sol.en]
    return [x for x in texts if len(x) > 6]


right_key = right_answer


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rules", list(PRESETS))
def test_no_answer_or_explanation_in_any_synced_widget_state_before_answering(kind, rules):
    puzzle = make_drill(kind, 11, level="hard", rules=rules)
    widget = puzzle_widget(puzzle, presenter=True)  # the widget a quiz page shows
    state = synced_state()
    for secret in secrets_of(puzzle):
        assert secret not in state, f"leaked before answering: {secret!r}"
    for lang in ("en", "zh"):  # switching language re-renders: still nothing leaks
        set_language(lang)
        state = synced_state()
        assert not any(secret in state for secret in secrets_of(puzzle))
    # the test can see a leak: after answering, the feedback is (rightly) in the synced state
    fb = widget.answer(right_key(puzzle))
    assert fb.text("zh") in synced_state()  # as the page says it: its rules by name
    widget.close()  # and closing forgets it
    assert fb.text("zh") not in synced_state()


def test_clicking_a_wrong_then_the_right_choice_gives_feedback_and_one_star_when_no_choice_was_left():
    """A two-choice drill (能 / 不能) missed once has nothing left to choose: its solve earns one star, not two."""
    attempts: list[Attempt] = []
    puzzle = make_drill("beats", 3, level="medium", rules="qingdao")
    widget = PuzzleWidget(puzzle, on_attempt=attempts.append)
    right = right_key(puzzle)
    buttons = dict(zip([c.key for c in puzzle.choices], widget.choice_buttons, strict=True))
    wrong = next(k for k in buttons if k != right)
    buttons[wrong].click()
    assert "✘" in widget.feedback.value and widget.stars == 0
    assert "反例" in widget.feedback.value or puzzle.check(wrong).counter_zh == ""
    assert len(puzzle.choices) == 2
    buttons[right].click()
    assert "✔" in widget.feedback.value and widget.stars == 1
    assert "★☆☆" in widget.status.value
    assert [(a.attempt, a.feedback.correct) for a in attempts] == [(1, False), (2, True)]
    buttons[wrong].click()  # solved: no further attempts until retry
    assert len(attempts) == 2
    widget.retry_button.click()  # a new drill of the same kind and level
    assert widget.puzzle.puzzle_id == "beats/qingdao/medium/1003" and widget.puzzle != puzzle
    assert widget.feedback.value == "" and widget.stars == 0 and widget.status.value == ""
    widget.answer(right_key(widget.puzzle))
    assert widget.stars == 3
    widget.close()


def test_a_second_try_among_three_choices_or_more_earns_two_stars():
    puzzle = next(p for p in (make_drill("count", n, level="hard", rules="linyi") for n in range(50))
                  if len(p.choices) >= 3)
    widget = PuzzleWidget(puzzle)
    right = right_key(puzzle)
    widget.answer(next(c.key for c in puzzle.choices if c.key != right))
    widget.answer(right)
    assert widget.stars == 2 and "★★☆" in widget.status.value
    widget.close()


@pytest.mark.parametrize("kind", ["beats", "pick", "revolution", "luanchan"])
def test_show_answer_is_disabled_once_the_drill_is_solved_or_shown_until_retry(kind):
    """看答案 (show answer) has nothing left to show once the drill is solved, shown or missed three times: the
    browser's state of the button says disabled; 再来一次 (retry) enables it for the new drill."""
    widget = puzzle_widget(make_drill(kind, 4, level="medium", rules="linyi"))

    def disabled() -> bool:
        return widget.show_button.get_state()["disabled"]

    assert not disabled()
    widget.answer(right_key(widget.puzzle))  # solved
    assert disabled()
    set_language("en")  # a re-render keeps it so
    assert disabled()
    widget.retry()
    assert not disabled()
    widget.show_button.click()  # shown
    assert disabled()
    widget.retry()
    wrong = next(a for a in answers_of(widget.puzzle) if not widget.puzzle.check(a).correct)
    for _ in range(3):
        assert not disabled()
        widget.answer(wrong)
    assert disabled()  # three misses end the drill with its answer shown
    widget.close()


def test_language_switch_rerenders_question_buttons_and_feedback():
    puzzle = make_drill("gouji", 5, level="medium", rules="linyi")
    widget = PuzzleWidget(puzzle)
    widget.answer(right_key(puzzle))
    assert puzzle.question()[0] in widget.question.value and widget.hint_button.description == "提示"
    set_language("en")
    assert puzzle.question()[1] in widget.question.value
    assert widget.hint_button.description == "Hint" and "Right!" in widget.feedback.value
    assert widget.choice_buttons[0].description == puzzle.choices[0].en
    widget.close()


def test_hint_names_a_rule():
    widget = PuzzleWidget(make_drill("beats", 1, rules="tongsu"))
    widget.hint_button.click()
    assert "规则" in widget.feedback.value
    widget.close()


def test_pick_puzzle_by_toggles_and_by_keyboard_typing():
    puzzle = make_drill("pick", 2, level="medium", rules="qingdao")
    widget = PuzzleWidget(puzzle)
    example = puzzle.example()
    wanted = list(example.cards)
    for card, toggle in zip(puzzle.hand.cards, widget.toggles, strict=True):
        if card in wanted:
            wanted.remove(card)
            toggle.value = True
    widget.submit.click()
    assert widget.stars == 3 and "✔" in widget.feedback.value
    widget.retry()
    assert not any(t.value for t in widget.toggles)
    widget.typed.value = "Z9"  # typed: bad notation is feedback in place, not an attempt
    assert "Z" in widget.feedback.value and widget.stars == 0
    widget.typed.value = widget.puzzle.example().notation
    assert widget.stars == 3
    widget.close()


def test_presenter_reveals_the_answer_only_on_request():
    puzzle = make_drill("count", 9, level="hard", rules="zaozhuang")
    widget = PuzzleWidget(puzzle, presenter=True)
    solution = puzzle.solution().text("zh")  # as the page says it
    assert solution not in synced_state()
    widget.reveal_button.click()
    assert solution in widget.feedback.value
    widget.close()


def test_untrusted_values_from_the_browser_are_checked_not_trusted():
    puzzle = make_drill("beats", 4, rules="qingdao")
    widget = PuzzleWidget(puzzle)
    fb = widget.answer("<img src=x onerror=alert(1)>")
    assert not fb.correct and "<img" not in widget.feedback.value
    widget.close()


def test_ruleset_comparison_widget_shows_four_answers_and_keeps_input_on_error():
    view = RulesetComparison("DD", "D")
    assert view.table.value.count("<tr") == 5 and "◆" in view.table.value
    good_table = view.table.value
    view.challenger.value = "DQ?"
    assert "?" in view.error.value and 'role="alert"' in view.error.value
    assert view.challenger.value == "DQ?" and view.table.value == good_table
    view.challenger.value = "22333"
    view.target.value = ""
    assert view.error.value == "" and "不合规" in view.table.value  # tongsu refuses 贴钱
    view.close()


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_builds_a_widget(level):
    for kind in KINDS:
        widget = puzzle_widget(make_drill(kind, 0, level=level, rules="qingdao"))
        assert widget.question.value and widget.cards.value
        widget.close()


def test_a_quiz_page_shares_layouts_and_styles_and_answering_makes_no_new_models():
    """A page's controls share their Layout and style models (the browser loads a page's models before it shows
    anything): a quiz of three seat puzzles and two choice puzzles stays near a hundred models (each puzzle has
    hint, show-answer and retry buttons), and an answer or a language switch creates none."""
    import ipywidgets as w

    from gouji_teach.teach import course, pages

    session = course.start("biesan", "rules=qingdao&lang=zh")
    quiz = pages.quiz(session, [("who_is_men", "easy"), ("who_is_men", "medium"), ("who_is_men", "hard"),
                                ("beats", "easy"), ("count", "easy")])
    models = dict(w.widgets.widget._instances)  # every live model, as widget_state.synced_state reads them
    assert len(models) < 110, len(models)
    assert sum(isinstance(m, w.Layout) for m in models.values()) <= 5
    puzzle_box = quiz.puzzle_widgets[3].box
    next(b for b in puzzle_box.children[2].children if isinstance(b, w.Button)).click()
    set_language("en")
    assert w.widgets.widget._instances.keys() == models.keys()


def test_a_puzzle_widget_shows_another_puzzle_of_the_same_shape_as_new():
    first, other = make_drill("beats", 1, level="easy"), make_drill("beats", 2, level="hard", rules="linyi")
    widget = PuzzleWidget(first)
    wrong = next(c for c in first.choices if not first.check(c.key).correct)
    widget.answer(wrong.key)
    assert widget.show(other)
    assert "gouji-feedback" not in widget.feedback.value and other.puzzle_id in widget.question.value
    right = next(c for c in other.choices if other.check(c.key).correct)
    next(b for b in widget.choice_buttons if b.description == right.text("zh")).click()  # the new puzzle's
    assert "gouji-feedback right" in widget.feedback.value and widget.stars == 3
    pick = make_drill("pick", 1, level="easy")
    assert not widget.show(pick) and other.puzzle_id in widget.question.value  # other controls: unchanged


def test_a_pick_widget_relabels_its_card_toggles_for_another_hand():
    shown = make_drill("pick", 1, level="medium")
    widget = PuzzleWidget(shown)
    other = next(p for n in range(2, 60) if PuzzleWidget._shape(p := make_drill("pick", n, level="medium"))
                 == PuzzleWidget._shape(shown) and p.hand.cards != shown.hand.cards)
    assert widget.show(other)
    assert [t.description for t in widget.toggles] == [c.notation for c in other.hand.cards]


@pytest.mark.parametrize("misses", [0, 1, 2, 3])
def test_shown_answer_says_what_happened_and_shows_the_answer_once(misses):
    """看答案 after fewer than three misses says the learner asked for it, three misses say so; either way the
    answer's label appears once and "think again" is gone (issue 26 item 5: "Three misses" after one miss)."""
    set_language("zh")
    widget = PuzzleWidget(make_drill("beats", 1, rules="qingdao"))
    wrong = next(a for a in answers_of(widget.puzzle) if not widget.puzzle.check(a).correct)
    for _ in range(misses):
        widget.answer(wrong)
    if misses < 3:
        widget.show_button.click()
    for lang, last, asked, label, again in (
            ("zh", "三次都没答对", "你要看答案", "答案：", "再想想"),
            ("en", "Three misses", "You asked for the answer", "Answer: ", "Think again")):
        set_language(lang)
        shown = widget.feedback.value
        assert (last in shown, asked in shown) == (misses == 3, misses < 3), shown
        assert shown.count(label) == 1 and again not in shown, shown
    widget.close()

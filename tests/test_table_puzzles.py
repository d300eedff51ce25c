"""Engine-based puzzles (who may act, who opened, who is 闷ed, may this seat..., tribute, places), their drills,
the table view of the engine, the seat-picking widget, and the proof that none of them leaks an answer."""

from __future__ import annotations

import html

import pytest
from widget_state import answers_of, fresh_widgets, right_answer, synced_state

from gouji_teach import PRESETS
from gouji_teach.rules.engine import Game
from gouji_teach.rules.events import Action
from gouji_teach.rules.record import Burn, GameRecord, Men
from gouji_teach.rules.settlement import place_seats, score, settle
from gouji_teach.show.i18n import set_language
from gouji_teach.show.pictures import table_svg
from gouji_teach.teach.drills import KINDS, LEVELS, make_drill
from gouji_teach.teach.puzzles import (
    CanActPuzzle,
    PlacesPuzzle,
    SeatsPuzzle,
    TributePuzzle,
    WhoIsMenPuzzle,
    WhoMayActPuzzle,
    WhoOpenedPuzzle,
    parse_seats,
    seats_key,
)
from gouji_teach.teach.table import SeatPickWidget, position_html, puzzle_widget, round_plays, table_view
from gouji_teach.teach.widgets import PuzzleWidget

NEW_KINDS = ("who_may_act", "who_opened", "who_is_men", "tribute", "places")
RULESETS = list(PRESETS)


@pytest.fixture(autouse=True)
def _fresh():
    """Every test here starts with no live widget."""
    yield from fresh_widgets()




def secrets_of(puzzle) -> list[str]:
    """Every explanation and counter-example the checker could give, and the solution."""
    texts = []
    for answer in answers_of(puzzle):
        fb = puzzle.check(answer)
        texts += [fb.zh, fb.en, fb.text("zh"), fb.text("en"), fb.counter_zh, fb.counter_en]
    sol = puzzle.solution()
    return [x for x in [*texts, sol.zh, sol.en] if len(x) > 6]


def right_key(puzzle) -> str:
    if not isinstance(puzzle, SeatsPuzzle):
        assert sum(puzzle.check(c.key).correct for c in puzzle.choices) == 1
    return right_answer(puzzle)


def gouji_on_table(hands: dict[int, str], rules: str = "qingdao", play: str = "seat 0 plays KK") -> Game:
    game = Game.from_hands(hands, rules, leader=0)
    game.act(play)
    return game


BURNABLE = {0: "KK 5", 1: "AA 7", 2: "9 6", 3: "7 8", 4: "22 9", 5: "J Q"}


# -- who may act ----------------------------------------------------------------------------------------------
def test_who_may_act_002_s5_dagouji_only_the_duitou_answers_and_the_wrong_seat_is_named_with_its_rule():
    p = WhoMayActPuzzle(gouji_on_table({0: "KK 5", 1: "QQ 4", 2: "9", 3: "AA 6", 4: "8", 5: "7"}))
    assert p.check("3").correct and p.check(" 3 ").correct
    fb = p.check("1,3")
    assert not fb.correct and fb.rule_ids == ("gouji.duitou",) and "seat 1 may only burn it" in fb.en
    missed = p.check("-")  # the seat left out is not named: that would be the answer
    assert not missed.correct and "gouji.duitou" in missed.en and "002 §5" in missed.en
    assert "seat 3" not in missed.en + missed.counter_en and "座位3" not in missed.zh + missed.counter_zh
    wrong = p.check("1")  # seat 1's own refusal names seat 3, the seat left out: only the rule is given
    assert "seat 3" not in wrong.en + wrong.counter_en and "Seat 1 does not belong" in wrong.en


def test_who_may_act_002_s5_burn_priority_the_burners_and_the_duitou_act_together():
    game = gouji_on_table(BURNABLE)
    p = WhoMayActPuzzle(game)
    assert p.answer_seats() == {1, 3, 4} == set(game.may_act())
    assert p.check("4,3,1").correct and "burn.priority" in p.rule_ids()
    fb = p.check("1,3")
    assert not fb.correct and "burn.priority" in fb.en and "seat 4" not in fb.en + fb.counter_en


def test_seat_answers_are_untrusted_input():
    p = WhoMayActPuzzle(gouji_on_table(BURNABLE))
    for junk in ("9", "1,,", "<img src=x>", "1;drop", "x" * 500, "１"):
        fb = p.check(junk)
        assert not fb.correct and fb.zh and fb.en
    assert parse_seats("1 4") == {1, 4} and seats_key({4, 1}) == "1,4" and seats_key(()) == "-"


def test_puzzles_copy_the_game_and_compare_by_position():
    game = gouji_on_table(BURNABLE)
    p = WhoMayActPuzzle(game)
    game.act("seat 4 passes")  # the caller's game goes on; the puzzle's does not
    assert p.answer_seats() == {1, 3, 4} and p == WhoMayActPuzzle(p.game) and p != WhoMayActPuzzle(game)


# -- who opened / who is men ------------------------------------------------------------------------------------
def test_who_opened_002_s5_kaidian_an_unanswered_gouji_play_opens():
    game = gouji_on_table({0: "KK 5 6 3", 1: "AA 7 8 3", 2: "9 6 5 3", 3: "7 8 9 J 3", 4: "10 9 6 3", 5: "Q 10 J 3"})
    game.act("seat 3 passes")  # nobody may burn; the 对头 cannot beat it
    p = WhoOpenedPuzzle(game)
    assert p.answer_seats() == {0} and p.check("0").correct
    fb = p.check("0,3")
    assert not fb.correct and fb.rule_ids == ("kaidian",) and "Seat 3 has not 开点ed" in fb.en
    assert "开点" in p.solution().zh and p.before().top is None and not p.before().kaidian_seats()
    assert "gj-kaidian" not in position_html(p)  # the table as the round began: the marker would be the answer


def test_who_opened_linyi_fasi_a_point_stands_only_after_the_4s():
    game = gouji_on_table({0: "AA 44 6", 1: "7 8 9", 2: "7 8 9", 3: "7 8 9", 4: "7 8 9", 5: "7 8 9"}, "linyi",
                          "seat 0 plays AA")
    game.act("seat 3 passes")
    p = WhoOpenedPuzzle(game)
    assert p.answer_seats() == frozenset()
    fb = p.check("0")
    assert not fb.correct and fb.rule_ids == ("fasi",) and "发四" in fb.zh
    game.act("seat 0 plays 44")
    assert WhoOpenedPuzzle(game).check("0").correct


def test_who_is_men_tongsu_biesan_the_victim_and_who_menned_it():
    game = Game.from_hands({0: "88 4", 1: "99 33", 2: "TT 6", 3: "JJ 33", 4: "QQ 6", 5: "5 6"}, "tongsu", leader=0)
    for step in ("seat 0 plays 88", "seat 1 plays 99", "seat 2 plays TT"):
        game.act(step)
    p = WhoIsMenPuzzle(game)
    assert p.answer_seats() == {1} and p.check("1").correct
    assert "seat 2" in p.solution().en  # by whom
    fb = p.check("1,3")
    assert not fb.correct and "Seat 3 is not 闷ed" in fb.en and fb.rule_ids == ("men",)


def test_can_act_puzzle_explains_the_refusal_or_what_follows():
    game = gouji_on_table({0: "KK 5", 1: "QQ 4", 2: "9", 3: "AA 6", 4: "8", 5: "7"})
    no = CanActPuzzle(game, Action.parse("seat 1 plays QQ"))
    assert no.check("no").correct and not no.check("yes").correct and no.rule_ids() == ("gouji.duitou",)
    yes = CanActPuzzle(game, Action.parse("seat 3 plays AA"))
    fb = yes.check("no")
    assert not fb.correct and "seat 3 plays two As" not in fb.en  # the rule, not the answer:
    assert "[gouji.duitou," in fb.en  # the one the engine names (the 对头 answers a 够级 play)
    assert "seat 3 plays two As" in yes.solution().en and yes.check("yes").correct
    assert not yes.check("<b>").correct


# -- tribute and places ----------------------------------------------------------------------------------------
SEED_RECORD = GameRecord(rules="qingdao", first_hand=False, finish_order=(0, 1, 2, 3, 4, 5),
                         kaidian=frozenset({0, 1, 2, 3}))


def test_tribute_puzzle_002_s4_the_seed_example_against_other_rule_sets_and_changed_transfers():
    p = TributePuzzle(SEED_RECORD)
    texts = [c.en for c in p.choices]
    assert len(set(texts)) == len(texts) >= 3
    key = right_key(p)
    right = p.check(key)
    assert "tribute.luo" in right.rule_ids and "大落" in right.zh
    for choice in p.choices:
        if choice.key != key:
            fb = p.check(choice.key)  # what that choice gets wrong, and the rule, with its seed citation
            assert (not fb.correct and "[tribute." in fb.en and "002 §4" in fb.en) or "000 " in fb.en
    assert not p.check("9").correct and not p.check("9").valid


def test_places_puzzle_tongsu_men_is_daluo_and_points_come_from_the_place_table():
    record = GameRecord(rules="tongsu", first_hand=False, finish_order=(0, 1, 2, 3, 4, 5), men=(Men(2, 5),))
    place = PlacesPuzzle(record, ask="place", seat=5)
    assert place.check("5").correct and not place.check("4").correct
    assert "is seat" in place.check("0").counter_en
    points = PlacesPuzzle(record, ask="points", seat=1)
    expected = score(place_seats(record)).points[1]
    assert points.check(str(expected)).correct and right_key(points) == str(expected)
    with pytest.raises(ValueError):
        PlacesPuzzle(record, ask="colour")


def test_a_burn_record_settles_in_the_tribute_puzzle():
    record = GameRecord(rules="zaozhuang", first_hand=False, finish_order=(1, 0, 2, 3, 4, 5),
                        kaidian=frozenset({0, 1}), burns=(Burn(1, 0, "success"),))
    p = TributePuzzle(record)
    assert p.check(right_key(p)).correct and "烧" in p.question()[0]


# -- drills -----------------------------------------------------------------------------------------------------
def test_kinds_include_the_engine_based_puzzles():
    assert set(NEW_KINDS) <= set(KINDS)


@pytest.mark.parametrize("kind", NEW_KINDS)
@pytest.mark.parametrize("rules", RULESETS)
def test_every_engine_drill_has_the_answer_the_engine_or_settlement_gives(kind, rules):
    for level in LEVELS:
        for number in range(2):
            p = make_drill(kind, number, level=level, rules=rules)
            assert p.puzzle_id == f"{kind}/{rules}/{level}/{number}" and p.rules.name == rules
            key = right_key(p)
            assert p.check(key).correct and all(p.hint()) and all(p.question())
            if isinstance(p, WhoMayActPuzzle):
                assert key == seats_key(p.game.may_act())
                assert all(bool(p.game.legal_actions(s)) == (s in p.answer_seats()) for s in range(6))
            elif isinstance(p, WhoOpenedPuzzle):
                assert key == seats_key(p.game.kaidian_seats())
            elif isinstance(p, WhoIsMenPuzzle):
                assert key == seats_key(v for v, _ in p.game.men())
            elif isinstance(p, TributePuzzle):
                owed = settle(p.record, p.rules).tributes
                text = next(c.zh for c in p.choices if c.key == key)
                assert all(f"座位{x.payer}给座位{x.receiver}{x.kind.zh}{x.count}张" in text for x in owed)
            else:
                assert isinstance(p, PlacesPuzzle)
                places = place_seats(p.record, p.rules)
                want = places.of(p.seat) if p.ask == "place" else score(places, p.rules).points[p.seat]
                assert key == str(want)
            assert p == make_drill(kind, number, level=level, rules=rules)  # the number reproduces it


def test_levels_differ_in_what_they_ask():
    hard = [make_drill("who_may_act", n, level="hard", rules="qingdao") for n in range(4)]
    assert any(len(p.answer_seats()) > 1 for p in hard)
    medium = [make_drill("places", n, level="medium", rules="linyi") for n in range(2)]
    assert all(p.ask == "points" for p in medium)
    hard_records = [make_drill("tribute", n, level="hard", rules="tongsu").record for n in range(2)]
    assert all(r.burns or r.men for r in hard_records)


# -- the table --------------------------------------------------------------------------------------------------
def test_table_view_shows_cards_last_actions_markers_turn_and_the_play():
    game = gouji_on_table({0: "KK 5", 1: "QQ 4", 2: "9", 3: "AA 6", 4: "8", 5: "7"})
    view = table_view(game, viewer=3, lang="en")
    assert (view.to_act, view.viewer, view.current_play.notation) == (3, 3, "KK")
    assert view.seats[0].last_action == "two Ks" and view.seats[0].cards_left == 1
    game.act("seat 3 passes")
    view = table_view(game, lang="zh")
    assert view.seats[0].kaidian and view.seats[3].last_action == "过" and view.current_play is None
    assert [s for s, _ in round_plays(game)] == [0, 3]
    assert "开点" in table_svg(view, lang="zh")


def test_table_view_marks_places_and_men():
    game = Game.from_hands({0: "88 4", 1: "99 33", 2: "TT 6", 3: "JJ 33", 4: "QQ 6", 5: "5 6"}, "tongsu", leader=0)
    for step in ("seat 0 plays 88", "seat 1 plays 99", "seat 2 plays TT"):
        game.act(step)
    view = table_view(game, lang="en")
    assert view.seats[1].finished == "闷ed by seat 2"


def test_who_may_act_picture_hides_the_turn():
    p = WhoMayActPuzzle(gouji_on_table(BURNABLE))
    picture = position_html(p, lang="en")
    assert "gj-to-act" not in picture and "to act" not in picture and "gj-hands" in picture


# -- the seat widget --------------------------------------------------------------------------------------------
def test_seat_widget_clicked_by_toggles_and_answered_by_keyboard():
    p = WhoMayActPuzzle(gouji_on_table(BURNABLE))
    widget = puzzle_widget(p)
    assert isinstance(widget, SeatPickWidget) and widget.toggles[0].description == "座位0"
    assert not any(b.comm for b in widget.choice_buttons)  # the seats replace the choices
    widget.toggles[1].value = True
    widget.submit.click()
    assert "✘" in widget.feedback.value and widget.stars == 0
    for seat in (3, 4):
        widget.toggles[seat].value = True
    widget.submit.click()
    assert "✔" in widget.feedback.value and widget.stars == 2
    widget.retry_button.click()
    assert not any(t.value for t in widget.toggles)
    widget.typed.value = "<script>"  # unreadable: said so, not an attempt
    assert "&lt;script&gt;" in widget.feedback.value and widget.stars == 0
    widget.typed.value = "1, 3, 4"  # not a drill, so the same puzzle again: it keeps its first solve's stars
    assert widget.stars == 2 and "★★☆" in widget.status.value
    set_language("en")
    assert widget.toggles[5].description == "seat 5" and widget.submit.description == "These seats"
    widget.close()


def test_record_puzzles_use_the_choice_widget_and_show_how_the_hand_ended():
    assert type(puzzle_widget(TributePuzzle(SEED_RECORD))) is PuzzleWidget
    drill = make_drill("places", 3, level="easy", rules="linyi")
    widget = puzzle_widget(drill)
    # the finish (who went out when, 闷, burns, 开点) with the asked seat ringed: not a lone card
    assert "gj-finish" in widget.cards.value and "gj-asked" in widget.cards.value
    assert "gj-hand" not in widget.cards.value and "gj-card" not in widget.cards.value
    widget.close()


def test_tribute_choices_are_pictures_of_arrows_with_lettered_buttons():
    p = make_drill("tribute", 2, level="hard", rules="qingdao")
    widget = puzzle_widget(p)
    assert [b.description for b in widget.choice_buttons] == ["A", "B", "C", "D"][:len(p.choices)]
    assert widget.cards.value.count("class=\"gj-tribute\"") == len(p.choices)
    for choice in p.choices:  # each picture draws that choice's payments, and names them for screen readers
        picture = p.choice_picture(choice.key, "zh")
        assert picture.count('class="gj-arrow"') == len(p.transfers()[choice.key])
        assert html.escape(choice.zh) in picture or choice.zh in picture
    set_language("en")
    assert widget.choice_buttons[0].description == "A" and "gj-tribute" in widget.cards.value
    widget.close()


def test_tribute_answers_are_sets_of_payments_not_orders():
    """An option with the right payments in another order is the right option: choices are sets (one per set),
    written in one canonical order, whatever order settlement pays them in."""
    p = TributePuzzle(SEED_RECORD)
    owed = settle(SEED_RECORD, p.rules).tributes
    right = p.transfers()[right_key(p)]
    assert right == {(x.kind, x.payer, x.receiver, x.count) for x in reversed(owed)}
    assert sum(s == right for s in p.transfers().values()) == 1


def test_luogong_to_a_teammate_is_explained():
    """Where 大落 and 头科 are teammates and the rule set waives tribute between teammates, the answer says so."""
    from gouji_teach.rules.rulesets import PRESETS as SETS

    waiving = [r for r in SETS.values() if not r.same_team_pays]
    assert waiving, "some rule set waives tribute between teammates"
    rules = waiving[0]
    record = GameRecord(rules=rules.name, first_hand=False, finish_order=(0, 1, 3, 5, 4, 2),
                        kaidian=frozenset(range(6)))
    p = TributePuzzle(record)
    explained = p.solution()
    assert "tribute.same_team" in explained.en and "teammates" in explained.en


# -- the leak test ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", NEW_KINDS)
@pytest.mark.parametrize("rules", RULESETS)
def test_no_answer_or_explanation_in_any_synced_state_before_answering(kind, rules):
    puzzle = make_drill(kind, 5, level="hard", rules=rules)
    widgets = [puzzle_widget(puzzle, presenter=True)]
    if isinstance(puzzle, SeatsPuzzle):
        widgets.append(PuzzleWidget(puzzle))  # the plain choice widget too
    secrets = secrets_of(puzzle)
    for lang in ("zh", "en"):
        set_language(lang)
        state = synced_state()
        leaked = [s for s in secrets if s in state]
        assert not leaked, f"leaked before answering: {leaked[0]!r}"
    fb = widgets[0].answer(right_key(puzzle))
    assert html.escape(fb.text("en")) in synced_state()  # the test can see a leak: the feedback is there once answered
    for widget in widgets:
        widget.close()


def test_can_act_puzzle_does_not_leak():
    puzzle = CanActPuzzle(gouji_on_table(BURNABLE), Action.parse("seat 1 burns AA"))
    widget = puzzle_widget(puzzle, presenter=True)
    assert not any(s in synced_state() for s in secrets_of(puzzle))
    widget.reveal_button.click()
    assert puzzle.solution().text("zh") in widget.feedback.value
    widget.close()


def test_points_feedback_for_the_other_teams_score_does_not_give_the_answer():
    """Answering minus the right score used to be told "that is the other team's score": the answer by negation."""
    record = GameRecord(rules="tongsu", first_hand=False, finish_order=(0, 1, 2, 3, 4, 5))
    points = PlacesPuzzle(record, ask="points", seat=0)  # its options include the other team's score, 2 → -2
    expected = score(place_seats(record)).points[0]
    assert expected == 2 and "-2" in [c.key for c in points.choices]
    wrong = points.check("-2")
    assert not wrong.correct
    said = f"{wrong.zh} {wrong.counter_zh} {wrong.en} {wrong.counter_en}"
    assert "另一帮" not in said and "other team" not in said

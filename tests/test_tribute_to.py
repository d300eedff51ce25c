"""Stage 14's acting level (issue 26 item 3): whom does one seat pay tribute to, answered by picking seats under
the picture of how the hand ended; settlement decides, under every rule set."""

from __future__ import annotations

import pytest

from gouji_teach import PRESETS
from gouji_teach.rules.record import GameRecord
from gouji_teach.rules.settlement import settle
from gouji_teach.teach.course import stage
from gouji_teach.teach.drills import make_drill
from gouji_teach.teach.puzzles import AnsweredBy, TributeToPuzzle, seats_key
from gouji_teach.teach.table import SeatPickWidget, puzzle_widget


@pytest.mark.parametrize("rules", list(PRESETS))
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_the_answer_is_every_seat_the_settlement_has_the_seat_pay(rules, level):
    for n in range(1, 6):
        puzzle = make_drill("tribute_to", n, level=level, rules=rules)
        paid = {x.receiver for x in settle(puzzle.record, puzzle.rules).tributes if x.payer == puzzle.seat}
        assert paid and puzzle.answer_seats() == paid  # the drills ask about a seat that pays
        assert puzzle.check(seats_key(paid)).correct and not puzzle.check(str(puzzle.seat)).correct
        assert f"座位{puzzle.seat}" in puzzle.question()[0]


def test_a_wrong_seat_is_told_why_a_teammate_owed_nothing_and_the_way_round():
    record = GameRecord(rules="qingdao", first_hand=False, finish_order=(2, 5, 0, 1, 3, 4))
    puzzle = TributeToPuzzle(record, seat=3)
    assert puzzle.answer_seats() == {0}  # 点贡 to its 对家; its 落贡 to seat 5 is waived: teammates
    teammate = puzzle.check("5")
    assert not teammate.correct and "tribute.same_team" in teammate.rule_ids and "同帮" in teammate.zh
    assert "payer itself" in puzzle.check("3").en
    assert not puzzle.check("9").valid and not puzzle.check("0,1; drop").valid  # untrusted input: not an attempt


def test_it_is_a_level_of_stage_14_answered_on_the_seats_under_the_hands_picture():
    kinds = [lv.kind for lv in stage("jingong").levels]
    assert kinds.index("tribute_to") < kinds.index("tribute")  # one seat's payments before the whole tribute
    puzzle = make_drill("tribute_to", "jingong.1", level="easy", rules="linyi")
    assert puzzle.answered_by is AnsweredBy.SEATS and not puzzle.choices
    widget = puzzle_widget(puzzle)
    assert isinstance(widget, SeatPickWidget) and len(widget.toggles) == 6
    assert 'class="gj-finish' in widget.cards.value and "gj-asked" in widget.cards.value  # the seat asked, ringed

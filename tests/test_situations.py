"""Every stage practises its own topic: the stages' drill lists, honest levels, and the situation puzzles
(革命, 四户乱缠 and 接风, 让牌, 买三, 宣点, the four rule sets) checked against hand-built examples of the seeds,
with feedback that explains a wrong answer without giving the right one, and nothing of the answer in widget
state before the learner answers."""

from __future__ import annotations

import re

import pytest
from guessing import score_rules
from widget_state import answers_of, fresh_widgets, right_answer, synced_state

from gouji_teach import PRESETS
from gouji_teach.rules.engine import Game
from gouji_teach.rules.plays import Play
from gouji_teach.rules.record import GameRecord
from gouji_teach.teach import course
from gouji_teach.teach.drills import level_of, make_drill
from gouji_teach.teach.puzzles import (
    LuanchanPuzzle,
    RulesetsPuzzle,
    YieldPuzzle,
    buy_puzzle,
    revolution_puzzle,
    seats_key,
    xuandian_puzzle,
)
from gouji_teach.teach.table import puzzle_widget

RULES = list(PRESETS)
CHOICE_KINDS = ("revolution", "buy", "xuandian")
#: The kinds about a stage's situations: 革命, 四户乱缠, 让牌, 买三, 宣点 and the rule sets side by side.
SITUATION_KINDS = ("revolution", "luanchan", "yield", "buy", "xuandian", "rulesets")
LEVELS = ("easy", "medium", "hard")


@pytest.fixture(autouse=True)
def _fresh():
    yield from fresh_widgets()


def right_text(puzzle, lang: str = "en") -> str:
    return next(getattr(c, lang) for c in puzzle.choices if puzzle.check(c.key).correct)


# -- the stages ---------------------------------------------------------------------------------------------------

#: The puzzle kinds a stage must offer, for its topic.
TOPICS = {
    "table": {"who_may_act"}, "cards": {"card"}, "plays": {"count"}, "compare": {"beats", "pick"},
    "gouji": {"gouji"}, "turns": {"yield"}, "dagouji": {"who_may_act"}, "kaidian": {"who_opened"},
    "shao": {"who_may_act"}, "biesan": {"buy", "who_is_men"}, "geming": {"revolution"},
    "luanchan": {"luanchan"}, "scores": {"places"}, "jingong": {"xuandian", "tribute"}, "rulesets": {"rulesets"},
    "quiz": {"revolution", "buy", "xuandian", "luanchan", "yield", "rulesets", "beats", "tribute"},
    "practice": set(),  # whole hands at the practice table (teach/practice.py), no drills
}


@pytest.mark.parametrize("stage", course.STAGES, ids=lambda s: s.id)
def test_each_stage_offers_the_puzzle_kinds_of_its_topic(stage):
    offered = {kind for kind, _, _ in stage.drills}
    assert TOPICS[stage.id] <= offered, (stage.id, offered)


def test_the_new_kinds_are_offered_only_by_their_own_stage_and_the_final_quiz():
    homes = {"revolution": "geming", "luanchan": "luanchan", "yield": "turns", "buy": "biesan",
             "xuandian": "jingong", "rulesets": "rulesets"}
    for stage in course.STAGES:
        for kind, _, _ in stage.drills:
            if kind in homes:
                assert stage.id in (homes[kind], "quiz"), (kind, stage.id)


@pytest.mark.parametrize("rules", RULES)
def test_no_drill_id_is_on_two_stages(rules):
    seen: dict[str, str] = {}
    for stage in course.STAGES:
        for kind, level, number in stage.drills:
            drill_id = f"{kind}/{rules}/{level}/{number}"
            assert drill_id not in seen, f"{drill_id} on {seen[drill_id]} and {stage.id}"
            seen[drill_id] = stage.id


@pytest.mark.parametrize("rules", RULES)
def test_every_stage_drill_has_the_level_it_is_labelled_with(rules):
    for stage in course.STAGES:
        for kind, level, number in stage.drills:
            puzzle = make_drill(kind, number, level=level, rules=rules)
            measured = level_of(puzzle)
            assert measured in (None, level), f"{puzzle.puzzle_id} on {stage.id} is really {measured}"


def test_a_single_2_against_a_6_is_not_hard():
    from gouji_teach.teach.drills import LEVEL_OF
    from gouji_teach.teach.puzzles import BeatsPuzzle

    puzzle = BeatsPuzzle(Play.parse("2"), Play.parse("6"))
    assert LEVEL_OF["beats"](puzzle) == "medium"
    assert LEVEL_OF["beats"](BeatsPuzzle(Play.parse("99"), Play.parse("66"))) == "easy"
    assert LEVEL_OF["beats"](BeatsPuzzle(Play.parse("X99"), Play.parse("X66"))) == "hard"
    for n in range(30):  # and the generator never calls one hard
        drill = make_drill("beats", n, level="hard", rules="qingdao")
        assert any(c.rank.is_joker for p in (drill.challenger, drill.target) for c in p.cards), drill


@pytest.mark.parametrize("rules", RULES)
def test_stage_2_drills_use_single_cards_only_as_sets_come_in_stage_3(rules):
    stage = course.stage("cards")
    assert course.STAGES.index(stage) < course.STAGES.index(course.stage("plays"))  # sets are taught after
    for kind, level, number in stage.drills:
        puzzle = make_drill(kind, number, level=level, rules=rules)
        assert puzzle.challenger.size == puzzle.target.size == 1, puzzle.puzzle_id
        for answer in ("yes", "no"):  # a wrong answer's counter-example is a single card too
            fb = puzzle.check(answer)
            assert not re.search(r"\b(two|three|four|five|six|seven) ", fb.en + fb.counter_en), (answer, fb.counter_en)


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("level", LEVELS)
def test_count_drills_have_every_level_under_every_rule_set(rules, level):
    from gouji_teach.teach.drills import count_level

    for n in range(8):
        puzzle = make_drill("count", n, level=level, rules=rules)
        assert count_level(puzzle.play) == level_of(puzzle) == level, puzzle.puzzle_id
        assert len(puzzle.choices) == 4
    assert count_level(Play.parse("X999")) == "easy" and count_level(Play.parse("DX999")) == "hard"


def test_quiz_without_drills_uses_the_stages_own():
    from gouji_teach.teach import pages

    session = course.start("geming", "rules=linyi&lang=en")
    quiz = pages.quiz(session)
    ids = re.findall(r"revolution/linyi/\w+/[\w.]+", synced_state())
    assert sorted(set(ids)) == sorted(f"revolution/linyi/{lv}/{n}" for _, lv, n in course.stage("geming").drills)
    quiz.close()


# -- hand-built examples of the seeds --------------------------------------------------------------------------

_REVOLT_HANDS = ["KK QQQ JJJJ 3 9", "2 2 A 5 6 7 8 9 10 3", "5 6 7 8 9 10 J Q 3 3",
                 "X 2 2 AA 5 6 7 3", "5 6 7 8 9 10 J Q K 3", "D 9 9 8 8 7 7 6 3"]


def test_revolution_002_s5_geming_concedes_the_point_and_the_duitou_chooses_its_head():
    # 002 §5 革命: a revolution counts as conceding the point (the 对家 opens); 002 §5 要头/无头: the 对家 chooses
    puzzle = revolution_puzzle(_REVOLT_HANDS, 0, ["seat 0 revolts"], "qingdao")
    assert right_text(puzzle) == "开点: seat 3; seat 3 must choose 要头 or 无头"
    assert right_text(puzzle, "zh") == "开点：座位3；座位3要选要头还是无头"


def test_revolution_000_part3_s47_three_plays_all_killed_fail_and_the_duitou_keeps_its_head():
    # 000 part 3 第47条: all three plays killed: the revolution fails, the revolutionary is 大落, the 对家 有头;
    # the 对家 opens when one of its answers is pure 够级 (AA over KK is)
    actions = ["seat 0 revolts", "seat 0 plays KK", "seat 3 plays AA", "seat 0 plays QQQ", "seat 3 plays X22",
               "seat 0 plays JJJJ", "seat 3 passes"]
    puzzle = revolution_puzzle(_REVOLT_HANDS, 0, [*actions[:6], "seat 3 passes"], "tongsu")
    assert right_text(puzzle) == "开点: seat 0, seat 3; seat 3 is 无头"  # the third play lived: success
    hands = list(_REVOLT_HANDS)
    hands[3] = "X X D 2 2 2 2 AA 3"
    killed = revolution_puzzle(hands, 0, [*actions[:6], "seat 3 plays XD22"], "tongsu")
    assert right_text(killed) == ("开点: seat 3; the revolution failed and seat 3 keeps its head (有头)")


def test_revolution_000_part1_chongdian_the_duitou_opens_only_by_killing_all_three():
    # 000 part 1 冲点 (linyi): the 对家 opens only if it kills all three; the revolutionary opens otherwise
    actions = ["seat 0 revolts", "seat 0 plays KK", "seat 3 passes", "seat 0 plays QQQ", "seat 3 passes",
               "seat 0 plays JJJJ", "seat 3 passes"]
    puzzle = revolution_puzzle(_REVOLT_HANDS, 0, actions, "linyi")
    assert right_text(puzzle) == "开点: seat 0; seat 3 must choose 要头 or 无头"


def test_revolution_002_s5_two_revolutions_void_the_hand():
    hands = list(_REVOLT_HANDS)
    hands[2] = "5 6 7 8 9 10 J Q 3 3"  # no 2, no joker: it may revolt too
    puzzle = revolution_puzzle(hands, 0, ["seat 0 revolts", "seat 2 revolts"], "qingdao")
    assert right_text(puzzle) == "the hand is void"


def test_buy_002_s5_maisan_the_duijia_sells_for_a_2_then_its_team_then_ones_own_team():
    # 002 §5 买三: buy from the 对家 with a 2; if it has none or one, from the 对家's team; else a teammate gives
    hands = ["2 5 6 7 8 9", "3 5 6", "3 5 6", "3 3 4", "3 4", "3 4 5"]
    assert right_text(buy_puzzle(hands, 0, "qingdao")) == "seat 3 sells, for a 2"
    hands[3], hands[1] = "3 4 4", "3 3 5 6"
    assert right_text(buy_puzzle(hands, 0, "qingdao")) == "seat 1 sells, for a 2"
    hands[1] = "3 5 6"
    hands[2] = "3 3 5"
    assert right_text(buy_puzzle(hands, 0, "qingdao")) == "teammate seat 2 gives one, for nothing"


def _dian_record(declared, opened, rules="qingdao"):
    return GameRecord(rules=rules, first_hand=False, finish_order=(1, 0, 2, 4, 5, 3),
                      kaidian=frozenset(opened), xuandian=frozenset(declared))


def test_xuandian_002_s4_diangong_the_declared_table():
    # 002 §4 进贡/点贡, 自己宣点对家不宣点: 自己开点对家没开 → 对家进3张; 两方都开点 → 自己进2张
    assert right_text(xuandian_puzzle(_dian_record({0}, {0}), 0)) == "seat 3 pays seat 0 3 × 点贡"
    assert right_text(xuandian_puzzle(_dian_record({0}, {0, 3}), 0)) == "seat 0 pays seat 3 2 × 点贡"
    # 双方都宣点: 自己开点对家没开 → 对家进4张
    assert right_text(xuandian_puzzle(_dian_record({0, 3}, {0}), 0)) == "seat 3 pays seat 0 4 × 点贡"


def test_luanchan_000_part3_s15_jiefeng_the_next_seat_leads_after_nobody_beats_the_last_play():
    # 000 part 3 第15条 接风: nobody beats the last play of a seat that went out: the next seat leads
    game = Game.from_hands({0: "9", 1: "7 5", 2: "6 6", 3: "5 4", 4: "8 8", 5: "4 4 3"}, "zaozhuang", leader=0)
    for action in ("seat 0 plays 9", "seat 1 passes", "seat 2 passes", "seat 3 passes", "seat 4 passes",
                   "seat 5 passes"):
        game.act(action)
    puzzle = LuanchanPuzzle(game, rules=game.rules)
    assert puzzle.check("1").correct and "接风" in puzzle.solution().zh
    assert not puzzle.check("0,1").correct


def test_luanchan_002_s5_sihu_luanchan_a_seat_that_passed_plays_again():
    # 002 §5 四户乱缠: two seats gone, no pass rule: a seat that passed this round may play again
    game = Game.from_hands({0: "9", 1: "K", 2: "6 6 5", 3: "A 4", 4: "8 8 7", 5: "Q Q 3"}, "tongsu", leader=0)
    for action in ("seat 0 plays 9", "seat 1 plays K", "seat 2 passes", "seat 3 plays A", "seat 4 passes",
                   "seat 5 passes"):
        game.act(action)
    assert game.luanchan and game.rules.pass_rule == "final"  # before 四户乱缠, passing would be final here
    puzzle = LuanchanPuzzle(game, rules=game.rules)
    assert puzzle.check("2").correct  # it passed, yet it may answer: no pass rule in 四户乱缠
    solution = puzzle.solution()  # names the rule, cited from tongsu's own seed (000 part 3 第14条)
    assert solution.rule_ids == ("luanchan",) and "【luanchan, 000 第三部分 第14条】" in solution.zh


def test_yield_000_part3_s12_the_next_two_answer_first():
    # 000 part 3 第12条 让牌: on the 对家's non-够级 play, the two seats before having passed, the next two answer
    game = Game.from_hands({0: "9 5", 1: "8 4", 2: "7 4", 3: "10 6", 4: "J 6", 5: "Q 7"}, "tongsu", leader=0)
    for action in ("seat 0 plays 9", "seat 1 passes", "seat 2 passes", "seat 3 yields"):
        game.act(action)
    puzzle = YieldPuzzle(game, rules=game.rules)
    assert puzzle.check("4").correct
    assert not puzzle.check("3").correct


def test_rulesets_000_part3_s8_one_2_is_not_gouji_there_but_is_under_002():
    # 002 §2 够级牌: one 2 is 够级 (qingdao, linyi, zaozhuang); 000 part 3 第8条 asks for two (tongsu)
    puzzle = RulesetsPuzzle("gouji", ("2", ""), rules="tongsu")
    assert puzzle.answer() == {"qingdao", "linyi", "zaozhuang"}
    assert puzzle.check("zaozhuang, LINYI,qingdao").correct  # compared as a set
    assert puzzle.check("青岛够级、临沂够级（憋三发四）、枣庄够级").correct
    assert not puzzle.check("qingdao").correct and not puzzle.check("paris").correct


# -- feedback ---------------------------------------------------------------------------------------------------

_CJK = re.compile(r"[\u4e00-\u9fff]")


def _drills(kinds, count=6):
    for kind in kinds:
        for rules in RULES:
            for n in range(count):
                yield make_drill(kind, 500 + n, level=LEVELS[n % 3], rules=rules)


@pytest.mark.parametrize("kind", CHOICE_KINDS)
def test_a_wrong_choice_says_why_it_is_wrong_and_never_the_right_answer(kind):
    for puzzle in _drills([kind]):
        right_zh, right_en = right_text(puzzle, "zh"), right_text(puzzle, "en")
        for choice in puzzle.choices:
            fb = puzzle.check(choice.key)
            if fb.correct:
                continue
            assert fb.zh and fb.en and fb.rule_ids, (puzzle.puzzle_id, choice.en)
            told_zh, told_en = fb.zh.replace(choice.zh, ""), fb.en.replace(choice.en, "")  # the learner's own
            assert right_zh not in told_zh and right_en not in told_en, (puzzle.puzzle_id, fb.en)
            assert _CJK.search(fb.zh) and re.search("[a-z]{3}", fb.en)


@pytest.mark.parametrize("kind", ["luanchan", "yield", "rulesets"])
def test_a_wrong_set_names_the_wrong_seat_or_rule_set_and_not_the_answer(kind):
    for puzzle in _drills([kind], 3):
        if kind == "rulesets":
            right = puzzle.answer()
            wrong = [",".join(sorted(right ^ {name})) or "-" for name in PRESETS]
        else:
            right = puzzle.answer_seats()
            wrong = [seats_key(right ^ {seat}) for seat in range(6)]
        solution = puzzle.solution()
        for answer in wrong:
            fb = puzzle.check(answer)
            assert not fb.correct and fb.zh and fb.en and fb.rule_ids
            assert fb.zh != solution.zh and fb.en not in solution.en


@pytest.mark.parametrize("kind", SITUATION_KINDS)
def test_the_solution_explains_with_rule_id_and_seed_citation_in_both_languages(kind):
    for puzzle in _drills([kind], 3):
        sol = puzzle.solution()
        assert sol.correct and sol.rule_ids
        assert any(f"[{rule}, " in sol.en for rule in sol.rule_ids), sol.en
        assert any(f"【{rule}, " in sol.zh for rule in sol.rule_ids), sol.zh
        zh, en = puzzle.question()
        assert _CJK.search(zh) and re.search("[A-Za-z]{4}", en) and zh != en


@pytest.mark.parametrize("kind", CHOICE_KINDS)
def test_no_choice_only_guessing_rule_beats_chance_by_much(kind):
    """No rule of :mod:`guessing` (it sees only the choices, in either language) picks the right choice in more
    than chance + 15 points over 200 drills (40% with four choices)."""
    rates, chance = score_rules(kind, 200, first=1000)
    best = max(rates, key=rates.get)
    assert rates[best] <= chance + 0.15, f"{kind}: '{best}' right in {rates[best]:.0%} of 200 (chance {chance:.0%})"


# -- nothing of the answer in widget state ------------------------------------------------------------------------


@pytest.mark.parametrize("kind", SITUATION_KINDS)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_answer_in_widget_state_before_answering(kind, lang):
    from gouji_teach.show.i18n import set_language

    set_language(lang)
    for puzzle in _drills([kind], 2):
        widget = puzzle_widget(puzzle)
        state = synced_state()
        secrets = [puzzle.solution().zh, puzzle.solution().en]
        for answer in answers_of(puzzle):
            fb = puzzle.check(answer)
            secrets += [fb.zh, fb.en, fb.text("zh"), fb.text("en")]
        assert not [s for s in secrets if len(s) > 6 and s in state], puzzle.puzzle_id
        if kind == "rulesets":  # answered with toggles: the right set is nowhere until answered
            assert all(not toggle.value for toggle in widget.toggles)
        right = right_answer(puzzle)
        fb = widget.answer(right)
        assert fb.correct
        widget.close()


@pytest.mark.parametrize("stage_id", ["turns", "biesan", "geming", "luanchan", "jingong", "rulesets"])
def test_a_stage_quiz_follows_the_rule_set_with_the_same_kinds_and_ids(stage_id):
    from gouji_teach.teach import pages

    session = course.start(stage_id, "rules=qingdao&lang=zh")
    quiz = pages.quiz(session)
    for rules in ("linyi", "tongsu", "zaozhuang"):
        session.apply(f"rules={rules}&lang=en")
        state = synced_state()
        for kind, level, number in session.stage.drills:
            assert f"{kind}/{rules}/{level}/{number}" in state
    quiz.close()

"""Pure puzzle checkers and the drill generators: tested without a browser or widgets."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gouji_teach import PRESETS, Hand, Play, beats, can_kaidian, is_gouji
from gouji_teach.rules.errors import OptionError
from gouji_teach.show.i18n import MESSAGES
from gouji_teach.teach.drills import KINDS, LEVELS, make_drill
from gouji_teach.teach.puzzles import (
    BeatsPuzzle,
    CountPuzzle,
    GoujiPuzzle,
    HandPuzzle,
    PickPuzzle,
    SeatsPuzzle,
    nearest_play,
    seats_key,
)

RULESETS = list(PRESETS)


def right_answer(puzzle) -> str:
    """Find the accepted answer by asking the checker about every choice (the tests never hard-code it)."""
    if isinstance(puzzle, HandPuzzle):
        return puzzle.example().notation
    if isinstance(puzzle, SeatsPuzzle):  # answered by clicking seats, no choices
        return seats_key(puzzle.answer_seats())
    right = [c.key for c in puzzle.choices if puzzle.check(c.key).correct]
    assert len(right) == 1, f"exactly one right choice expected in {puzzle}"
    return right[0]


# -- beats ---------------------------------------------------------------------------------------------------
def test_beats_puzzle_002_s3_seed_example_is_right_with_yes():
    p = BeatsPuzzle(Play.parse("DD999"), Play.parse("XX888"))
    fb = p.check("yes")
    assert fb.correct and "compare.aspects" in fb.en and fb.rule_ids == ("compare.aspects",)
    assert not p.check("no").correct


def test_beats_puzzle_wrong_answer_shows_a_counter_example_with_the_opposite_verdict():
    target = Play.parse("XX888")
    p = BeatsPuzzle(Play.parse("XX999"), target)
    fb = p.check("yes")
    assert not fb.correct
    assert "not beat" not in fb.en and "大不过" not in fb.zh  # the right answer is not given away ...
    assert "compare.aspects" in fb.en and "002 §3" in fb.en  # ... the rule that decides is, with its source
    assert "3 small jokers with two 9s beat " in fb.counter_en  # a plural subject: 'beat', not 'beats'


def test_beats_puzzle_counter_example_when_the_learner_says_no_but_it_beats():
    p = BeatsPuzzle(Play.parse("99999"), Play.parse("88888"))
    fb = p.check("no")
    assert not fb.correct and "do not beat" in fb.counter_en  # e.g. five 8s would not (plural: 'do not')
    assert "five 8s do not beat five 8s" not in fb.counter_en  # never a play compared with itself


def test_a_beats_counter_example_never_compares_the_target_with_itself():
    for number in range(60):
        p = make_drill("beats", number, level="easy", rules="qingdao")
        for key in ("yes", "no"):
            fb = p.check(key)
            if not fb.correct and fb.counter_en:
                assert not re.search(f"{re.escape(p.target.text_en)} (beats?|do(es)? not beat) "
                                     f"{re.escape(p.target.text_en)}", fb.counter_en)


def test_bad_answers_are_feedback_not_exceptions():
    p = BeatsPuzzle(Play.parse("9"), Play.parse("8"))
    for junk in ("maybe", "", "<script>", "yes; drop table"):
        fb = p.check(junk)
        assert not fb.correct and fb.zh and fb.en


# -- gouji / kaidian ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("cards", "rules", "expected"), [
    ("22", "qingdao", "kaidian"),       # 002 §5: only jokers and a single 2 cannot 开点
    ("22", "linyi", "gouji"),           # 000 part 1: only pure 够级 opens
    ("2", "tongsu", "not"),             # 000 part 3 第8条: one 2 is not 够级
    ("XKK", "qingdao", "gouji"),
    ("JJJ", "zaozhuang", "not"),
    ("QQQ", "zaozhuang", "kaidian"),
])
def test_gouji_puzzle_classification_follows_the_engine(cards, rules, expected):
    p = GoujiPuzzle(Play.parse(cards, rules))
    assert right_answer(p) == expected
    fb = p.check(next(c.key for c in p.choices if c.key != expected))
    assert not fb.correct and fb.counter_en  # a nearby play that has the class the learner chose


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("rules", RULESETS)
def test_gouji_drills_of_each_level_vary_their_answer(level, rules):
    """Over 60 drill numbers, every level of the 够级 drill has at least two right answers and none is right more
    than 70% of the time (hard drills were all plays with a joker: always '够级, cannot open', a free guess)."""
    answers = Counter(right_answer(make_drill("gouji", n, level=level, rules=rules)) for n in range(60))
    assert len(answers) >= 2, answers
    assert max(answers.values()) <= 42, answers


def test_nearest_play_finds_the_boundary():
    assert nearest_play(Play.parse("JJJ"), lambda p: bool(is_gouji(p))).notation == "QQQ"
    assert nearest_play(Play.parse("QQQ"), lambda p: not is_gouji(p)).notation == "JJJ"


# -- counting -------------------------------------------------------------------------------------------------
def test_count_puzzle_002_s2_mixed_jokers_count_as_small_and_the_other_option_names_its_rule_set():
    play = Play.parse("DX225555")
    options = (play, Play.parse("DX225555", "zaozhuang"), Play.parse("DD225555"))
    p = CountPuzzle(play, options)
    assert right_answer(p) == "0"
    fb = p.check("1")
    assert not fb.correct and "1个大花1个小花带6个5" in fb.counter_zh and "枣庄" in fb.counter_zh


def test_count_puzzle_refuses_options_without_the_right_count():
    with pytest.raises(ValueError):
        CountPuzzle(Play.parse("22333"), (Play.parse("333"), Play.parse("22222")))


# -- pick -----------------------------------------------------------------------------------------------------
def test_pick_puzzle_accepts_any_beating_play_and_refuses_others_with_reasons():
    p = PickPuzzle(Hand.parse("DX 2 KK 99 5"), Play.parse("88"))
    for ok in ("99", "KK", "2K", "DX", "X9"):
        assert p.check(ok).correct, ok
    assert not p.check("55").correct                           # not in hand (only one 5)
    assert "not hold" in p.check("55").en
    fb = p.check("9K")
    assert not fb.correct and fb.valid and fb.rule_ids == ("play.shape",) and "99" not in fb.counter_en
    assert not p.check("5").correct and "differ in size" in p.check("5").en
    assert "KK" not in p.check("5").counter_en and "99" not in p.check("5").counter_en  # no right play given
    assert not p.check("").valid and not p.check("9Z").valid and not p.check("55").valid  # not attempts


# -- drills ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("rules", RULESETS)
def test_every_drill_has_one_answer_the_engine_confirms(kind, level, rules):
    for number in range(8):
        p = make_drill(kind, number, level=level, rules=rules)
        assert p.puzzle_id == f"{kind}/{rules}/{level}/{number}"
        assert p.rules.name == rules
        answer = right_answer(p)
        assert p.check(answer).correct
        if isinstance(p, BeatsPuzzle):
            assert (answer == "yes") == bool(beats(p.challenger, p.target, p.rules))
        elif isinstance(p, GoujiPuzzle):
            assert (answer != "not") == bool(is_gouji(p.play))
            assert (answer == "kaidian") == bool(can_kaidian(p.play))
        elif isinstance(p, PickPuzzle):
            assert beats(Play.parse(answer, p.rules), p.target, p.rules)
        zh, en = p.question()
        assert zh and en
        assert all(x for x in p.hint())


@settings(max_examples=40, deadline=None)
@given(kind=st.sampled_from(KINDS), level=st.sampled_from(LEVELS), rules=st.sampled_from(RULESETS),
       number=st.integers(0, 10**9))
def test_drill_numbers_reproduce_their_puzzles(kind, level, rules, number):
    assert make_drill(kind, number, level=level, rules=rules) == make_drill(kind, number, level=level, rules=rules)


def test_drills_are_balanced_between_yes_and_no():
    yes = sum(make_drill("beats", n, level="hard", rules="linyi").check("yes").correct for n in range(100))
    assert 30 <= yes <= 70


def test_hard_drills_use_jokers_and_the_kill_rule():
    puzzles = [make_drill("beats", n, level="hard", rules="zaozhuang") for n in range(200)]
    assert any(p.challenger.jokers for p in puzzles)
    assert any(p.challenger.size == p.target.size + 1 for p in puzzles)


@pytest.mark.parametrize(("args", "field", "message"), [
    (("poker", 1), "kind", "choose one of"),
    (("beats", -1), "number", "whole number"),
    (("beats", True), "number", "whole number"),
    (("beats", 1, "expert"), "level", "use easy, medium or hard"),
])
def test_bad_drill_requests_say_what_is_wrong(args, field, message):
    kind, number, *level = args
    with pytest.raises(OptionError, match=message) as info:
        make_drill(kind, number, level=level[0] if level else "easy")
    assert info.value.field == field and field in info.value.zh and field in info.value.en


def test_every_message_exists_in_both_languages():
    for key, (zh, en) in MESSAGES.items():
        assert zh.strip() and en.strip(), key
        assert zh != en or key.startswith("render."), key


def test_every_stage_names_rules_of_the_rule_book():
    import gouji_teach.teach.pages  # noqa: F401  (registers the engine's and settlement's rules too)
    from gouji_teach.rules.rulebook import RULES
    from gouji_teach.teach.course import STAGES

    for stage in STAGES:
        assert stage.id == "quiz" or stage.rules, stage.id
        assert all(rule in RULES for rule in stage.rules), stage.id


def test_a_presenter_link_opens_the_page_scenario_at_its_step():
    from gouji_teach.teach import pages
    from gouji_teach.teach.course import start

    session = start("dagouji", "step=3&lang=zh")
    assert session.step == 3 and start("dagouji", "lang=zh").step == 0
    player = pages.scenario(session, "qingdao_dagouji")
    assert player.step.value == 3
    player.close()

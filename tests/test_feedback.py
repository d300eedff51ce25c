"""Feedback that teaches without giving the answer away (issue 11 item 2), for every kind the drill registry
offers (kinds added later are covered too): a wrong answer's feedback never contains the right answer's text; a
right answer's explanation names its rule with the seed citation."""

from __future__ import annotations

import re

import pytest
from widget_state import answers_of

from gouji_teach import PRESETS
from gouji_teach.teach.drills import KINDS, LEVELS, make_drill
from gouji_teach.teach.puzzles import HandPuzzle, Puzzle, SeatsPuzzle, parse_seats

RULESETS = list(PRESETS)
NUMBERS = range(6)
_CITATION = re.compile(r"【[^】]*】|\[[^\]]*\]")


def without_citations(text: str) -> str:
    """The text without its 【rule, source】 / [rule, source] citations (seed section numbers are not answers)."""
    return _CITATION.sub("", text)


def contains(text: str, secret: str) -> bool:
    """Whether ``secret`` is in ``text``: as a whole number if it is one (a score), else as a substring."""
    text = without_citations(text)
    if re.fullmatch(r"-?\d+", secret):
        return re.search(rf"(?<![\d-]){re.escape(secret)}(?!\d)", text) is not None
    return secret in text


def secrets_for(puzzle: Puzzle, answer: str) -> list[str]:
    """The texts of the right answer that feedback on the wrong ``answer`` must not contain."""
    if isinstance(puzzle, SeatsPuzzle):  # each seat of the answer the learner left out
        chosen = parse_seats(answer) or frozenset()
        return [x for s in sorted(puzzle.answer_seats() - chosen) for x in (f"座位{s}", f"seat {s}")]
    if isinstance(puzzle, HandPuzzle):  # every right play of the hand (a one-character notation such as "2" also
        # names a card of the learner's own play or of a rule: its words are checked instead)
        plays = puzzle.right_plays()
        texts = [x for p in plays for x in (p.notation, p.text_zh, p.text_en) if len(x) > 1]
        return [x for x in texts if x not in answer]
    right = [c for c in puzzle.choices if puzzle.check(c.key).correct]
    return [x for c in right for x in (c.zh, c.en)]


def wrong_feedback(puzzle: Puzzle):
    for answer in answers_of(puzzle):
        fb = puzzle.check(answer)
        if fb.valid and not fb.correct:
            yield answer, fb


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rules", RULESETS)
def test_wrong_answer_feedback_never_contains_the_right_answer(kind, rules):
    checked = 0
    for level in LEVELS:
        for number in NUMBERS:
            puzzle = make_drill(kind, number, level=level, rules=rules)
            for answer, fb in wrong_feedback(puzzle):
                texts = (fb.zh, fb.en, fb.counter_zh, fb.counter_en)
                for choice in (c for c in puzzle.choices if c.key == answer):  # the learner's own choice, quoted,
                    texts = tuple(x.replace(choice.zh, "").replace(choice.en, "") for x in texts)  # may hold it
                for secret in secrets_for(puzzle, answer):
                    leaked = [x for x in texts if contains(x, secret)]
                    assert not leaked, f"{puzzle.puzzle_id}: answer {answer!r} gives away {secret!r}: {leaked[0]!r}"
                assert fb.zh and fb.en and fb.rule_ids  # it says why, and names the rule
                checked += 1
    assert checked >= len(LEVELS) * len(NUMBERS)  # every drill had a wrong answer to check


@pytest.mark.parametrize("kind", KINDS)
def test_a_right_answer_gets_the_full_explanation_with_rule_and_seed_citation(kind):
    from widget_state import right_answer

    for level in LEVELS:
        for number in range(3):
            puzzle = make_drill(kind, number, level=level, rules="linyi")
            fb = puzzle.check(right_answer(puzzle))
            assert fb.correct and fb.rule_ids
            assert any(f"[{rule}, " in fb.en for rule in fb.rule_ids), fb.en  # e.g. [tribute.luo, 000 part 1 ...]
            assert any(f"【{rule}, " in fb.zh for rule in fb.rule_ids), fb.zh
            assert fb.en == puzzle.solution().en or isinstance(puzzle, HandPuzzle)  # any right play is right


def test_the_leak_check_can_see_a_leak():
    """The checks above would fail on the old feedback, which began with the right answer."""
    puzzle = make_drill("count", 1, level="hard", rules="qingdao")
    [right] = [c for c in puzzle.choices if puzzle.check(c.key).correct]
    old_style = f"{puzzle.play.notation}算作{right.zh}"
    assert contains(old_style, right.zh)
    assert contains("each scores 12 [score.place, 002 §4]", "12") and not contains("[score.place, 002 §12]", "12")


def _can_act_checkpoints():
    from gouji_teach.rules.scenario import SCENARIO_DIR, Scenario, frames, shipped
    from gouji_teach.teach.player import checkpoint_puzzle
    from gouji_teach.teach.puzzles import CanActPuzzle

    for name in shipped():
        for number, frame in enumerate(frames(Scenario.load(SCENARIO_DIR / f"{name}.yaml"))):
            if frame.step is not None and frame.step.kind == "ask":
                puzzle = checkpoint_puzzle(frame.game, frame.step.text)
                if isinstance(puzzle, CanActPuzzle):
                    yield f"{name}#{number}", puzzle


CAN_ACT = list(_can_act_checkpoints())


@pytest.mark.parametrize(("where", "puzzle"), CAN_ACT, ids=[where for where, _ in CAN_ACT])
def test_a_can_seat_question_cites_the_rule_the_engine_names(where, puzzle):
    """A "can seat N ...?" checkpoint's feedback, right or wrong, cites the rule the engine names for that action:
    its refusal's rule, or the rule of the first event the action causes; a wrong "no" to a legal answer had cited
    逆时针由下家上牌 whatever the question (issue 26 item 5)."""
    refusal = puzzle.game.why_not(puzzle.action)
    events = [] if refusal is not None else puzzle.game.copy().apply(puzzle.action)
    named = refusal.rule if refusal is not None else next(e.rule for e in events if e.rule)
    wrong = "yes" if refusal is not None else "no"
    for fb in (puzzle.check(wrong), puzzle.solution()):
        assert f"[{named}," in fb.en and f"【{named}," in fb.zh, (fb.zh, named)
    assert puzzle.rule_ids() == (named,)


def test_a_wrong_no_to_an_answer_cites_the_answering_rule_not_the_turn_order():
    answered = dict(CAN_ACT)["qingdao_card_order#5"]  # 座位4现在能出 A吗？ over a single K: yes
    assert "turn.order" not in answered.check("no").en and "[answer.beat," in answered.check("no").en


def test_who_may_act_before_the_first_lead_names_each_actions_own_rule():
    """要头/无头 are labelled with the rule of the 对头's choice (head.choice), not 宣点要在出牌前 (issue 26 item 5:
    stage 11 checkpoint 4)."""
    from gouji_teach.rules.scenario import SCENARIO_DIR, Scenario, frames
    from gouji_teach.teach.player import checkpoint_puzzle

    frame = frames(Scenario.load(SCENARIO_DIR / "linyi_chongdian.yaml"))[11]
    solution = checkpoint_puzzle(frame.game, frame.step.text).solution()
    assert "要头、无头（革命后对头选要头或无头【head.choice," in solution.zh and "xuandian.when" not in solution.en


def test_stage_10s_can_seat_question_about_3s_is_answered_by_biesan():
    """"座位N能出33吗？" is asked of the seat that leads, so 憋三 answers it, not the turn order (issue 26 item 5)."""
    assert dict(CAN_ACT)["tongsu_biesan_men#1"].rule_ids() == ("biesan",)

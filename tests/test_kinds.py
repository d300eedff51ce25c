"""One registry of puzzle kinds: a kind is declared once (its class names its id, hint and how it is answered; one
``declare`` call its generator, level measure and stages), and the drills, the exams, the levels, each stage's quiz
and the widget all follow from it."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from widget_state import fresh_widgets

from gouji_teach.rules.cards import Rank
from gouji_teach.rules.errors import SetupError
from gouji_teach.rules.plays import Play
from gouji_teach.rules.rulesets import find_ruleset
from gouji_teach.teach import course, exam
from gouji_teach.teach.drills import KINDS, LEVEL_OF, level_of, make_drill, stage_drills
from gouji_teach.teach.puzzles import REGISTRY, AnsweredBy, BeatsPuzzle, Feedback, Puzzle, Registry
from gouji_teach.teach.table import RulesetPickWidget, SeatPickWidget, puzzle_widget
from gouji_teach.teach.widgets import PuzzleWidget


@pytest.fixture(autouse=True)
def _fresh():
    yield from fresh_widgets()


def test_kinds_levels_and_the_course_derive_from_the_registry() -> None:
    assert tuple(REGISTRY) == KINDS and set(LEVEL_OF) == set(KINDS)
    for stage in course.STAGES:
        assert stage.drills == stage_drills(stage.id)
        assert {d.kind for d in stage.drills} <= set(KINDS)
    drilled = {d.kind for s in course.STAGES for d in s.drills}
    assert drilled == set(KINDS)  # every kind is drilled on some stage
    assert exam.parse_kinds(",".join(KINDS)) == [(k, "medium") for k in KINDS]


def test_every_stage_named_by_a_kind_is_a_stage_of_the_course() -> None:
    stages = {s.id for s in course.STAGES}
    assert {stage for kind in REGISTRY.values() for stage in kind.stages} <= stages


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_is_answered_with_the_widget_its_class_names(kind: str) -> None:
    puzzle = make_drill(kind, 1, level="easy", rules="linyi")
    widget = puzzle_widget(puzzle)
    expected = {AnsweredBy.SEATS: SeatPickWidget, AnsweredBy.RULESETS: RulesetPickWidget}
    assert type(widget) is expected.get(REGISTRY[kind].answered_by, PuzzleWidget)
    assert (REGISTRY[kind].answered_by is AnsweredBy.CHOICE) == bool(widget.choice_buttons)
    assert level_of(puzzle) == "easy" or not REGISTRY[kind].redraw
    widget.close()


@dataclass(frozen=True)
class _Higher(Puzzle, kind="higher_test", hint=("看点数。", "Look at the ranks.")):
    """A kind a test declares: is the first card higher? (the rest of the class is what any puzzle needs)"""

    first: Play
    second: Play

    def _own_rules(self):
        return self.first.rules

    def question(self):
        return f"{self.first.notation}比{self.second.notation}大吗？", f"Is {self.first.notation} higher?"

    def rule_ids(self):
        return ("compare.rank",)

    def check(self, answer: str) -> Feedback:
        return self.solution()

    def solution(self) -> Feedback:
        return Feedback(True, "对", "right", rule_ids=self.rule_ids())


SPECIAL = (Rank.TWO, Rank.SMALL_JOKER, Rank.BIG_JOKER)


def _higher(rng: random.Random, level: str, rules) -> _Higher:
    cards = "345678910JQKA" if level == "easy" else "2XD"
    return _Higher(Play.parse(rng.choice(cards), rules), Play.parse("3", rules))


def test_a_kind_declared_in_one_place_is_drilled_measured_and_answered() -> None:
    registry = Registry()
    kind = registry.declare(_Higher, _higher, level=lambda p: "hard" if p.first.rank in SPECIAL else "easy",
                            stages={"cards": ("easy", "hard", "easy")})
    assert kind.id == "higher_test" and kind.answered_by is AnsweredBy.CHOICE
    assert [d.number for d in stage_drills("cards", registry)] == ["cards.1", "cards.1", "cards.2"]
    puzzle = kind.make(random.Random("higher_test/qingdao/hard/cards.1"), "hard", find_ruleset("qingdao"))
    assert kind.level(puzzle) == "hard"
    assert puzzle.hint()[1].startswith("Look at the ranks. Rule: ")
    widget = puzzle_widget(puzzle)
    assert type(widget) is PuzzleWidget
    widget.close()


@pytest.mark.parametrize("declaration", [
    {"id": "beats"},  # the id of another kind
    {"id": "Beats!"},
    {"stages": {"cards": ("expert",)}},
    {"stages": {"Cards": ("easy",)}},
    {"stages": {"cards": ()}},
])
def test_a_bad_declaration_is_refused_in_both_languages(declaration: dict) -> None:
    registry = Registry()
    registry.declare(BeatsPuzzle, REGISTRY["beats"].generate, level=REGISTRY["beats"].level)
    with pytest.raises(SetupError) as caught:
        registry.declare(BeatsPuzzle, REGISTRY["beats"].generate, level=REGISTRY["beats"].level,
                         **{"id": "other", **declaration})
    assert caught.value.zh and caught.value.en

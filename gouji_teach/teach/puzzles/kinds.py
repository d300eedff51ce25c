"""The registry of puzzle kinds: every kind of drill is declared once, beside its puzzle class and generator.

A declaration names the puzzle class (which carries the kind's id, its hint and how it is answered, see
:class:`~.base.Puzzle`), the generator that makes a drill of a level under a rule set from a seeded random
stream, the measure that tells the level of any drill of the kind from the puzzle itself, and the stages of the
course that drill it, at which levels::

    declare(BeatsPuzzle, _beats, level=lambda p: cards_level(p.challenger, p.target),
            stages={"compare": ("easy", "medium", "hard"), "quiz": ("easy", "hard")})

Everything else follows from the registry: the kinds drills and exams know (:data:`gouji_teach.teach.drills.KINDS`),
how a drill's level is measured (:data:`~gouji_teach.teach.drills.LEVEL_OF`), each stage's quiz
(:attr:`gouji_teach.teach.course.Stage.drills`) and the widget a puzzle is answered with.

>>> from gouji_teach import Play
>>> from gouji_teach.teach.puzzles import BeatsPuzzle
>>> def nine_on_eight(rng, level, rules):
...     return BeatsPuzzle(Play.parse("9", rules), Play.parse("8", rules))
>>> registry = Registry()
>>> kind = registry.declare(BeatsPuzzle, nine_on_eight, level=lambda p: "easy", stages={"compare": ("easy",)})
>>> kind.id, kind.answered_by, list(registry)
('beats', <AnsweredBy.CHOICE: 'choice'>, ['beats'])
>>> registry.declare(BeatsPuzzle, nine_on_eight, level=lambda p: "easy")
Traceback (most recent call last):
...
gouji_teach.rules.errors.SetupError: 题型 'beats' 已经有了 / the puzzle kind 'beats' is declared twice
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from ...rules.errors import SetupError
from ...rules.rulesets import Ruleset
from ..dealing import LEVELS
from .base import AnsweredBy, Puzzle

__all__ = ["REGISTRY", "Kind", "Registry", "declare", "evenly"]

P = TypeVar("P", bound=Puzzle)

#: How a stage is named in a declaration: its id (``compare``, ``jingong``).
_STAGE_ID = re.compile(r"[a-z][a-z0-9_]*")
#: Draws a generator may make before the level measured is the level asked for.
REDRAWS = 40
#: Draws of the survey that finds the answers a level allows under a rule set (:func:`evenly`), and the least
#: share of them an answer needs to be one the level allows (rarer ones are accidents of the drawing): defaults.
SURVEY = 2000
RARE = 0.004


@dataclass(frozen=True, eq=False)
class Kind(Generic[P]):
    """One kind of drill. ``generate(rng, level, rules)`` makes a puzzle of class ``puzzle``; ``level(puzzle)``
    measures the level a drill really has; ``stages`` maps a stage id to the levels of the drills it asks of this
    kind, in order (a level twice: two drills). With ``redraw``, :meth:`make` draws again (from the same stream)
    until the level measured is the one asked for; a generator that keeps to its level itself has none."""

    id: str
    puzzle: type[P]
    generate: Callable[[random.Random, str, Ruleset], P]
    level: Callable[[P], str]
    stages: Mapping[str, tuple[str, ...]]
    redraw: bool = True

    @property
    def answered_by(self) -> AnsweredBy:
        """How a drill of this kind is answered (its puzzle class says)."""
        return self.puzzle.answered_by

    def make(self, rng: random.Random, level: str, rules: Ruleset) -> P:
        """A drill of this kind at ``level`` under ``rules``, drawn from ``rng``."""
        puzzle = self.generate(rng, level, rules)
        if self.redraw:
            for _ in range(REDRAWS):
                if self.level(puzzle) == level:
                    break
                puzzle = self.generate(rng, level, rules)
        return puzzle


class Registry(Mapping[str, Kind[Any]]):
    """The kinds of drill by id, in the order they were declared (the order a stage's quiz asks them in)."""

    def __init__(self) -> None:
        self._kinds: dict[str, Kind[Any]] = {}

    def declare(self, puzzle: type[P], generate: Callable[[random.Random, str, Ruleset], P], *,
                level: Callable[[P], str], stages: Mapping[str, tuple[str, ...]] | None = None,
                id: str | None = None, redraw: bool = True) -> Kind[P]:
        """Declare a kind (its id is the puzzle class's ``kind`` unless ``id`` is given: two kinds may share a
        class) and return it."""
        kind_id = id or puzzle.kind
        if kind_id in self._kinds:
            raise SetupError(f"题型 {kind_id!r} 已经有了", f"the puzzle kind {kind_id!r} is declared twice")
        if not _STAGE_ID.fullmatch(kind_id):
            raise SetupError(f"题型的名字只能用小写字母、数字和 _：{kind_id!r}",
                             f"a puzzle kind's id is lower-case letters, digits and _: {kind_id!r}")
        drilled = {stage: tuple(levels) for stage, levels in (stages or {}).items()}
        for stage, levels in drilled.items():
            if not _STAGE_ID.fullmatch(stage) or not levels or any(lv not in LEVELS for lv in levels):
                raise SetupError(f"题型 {kind_id!r} 的课 {stage!r}：难度只能是 {'、'.join(LEVELS)}",
                                 f"puzzle kind {kind_id!r}, stage {stage!r}: levels are {', '.join(LEVELS)}")
        kind = Kind(kind_id, puzzle, generate, level, MappingProxyType(drilled), redraw)
        self._kinds[kind_id] = kind
        return kind

    def of(self, puzzle: Puzzle) -> Kind[Any] | None:
        """The kind of a puzzle: the one its drill id names, else the first declared for its class."""
        named = self._kinds.get(puzzle.puzzle_id.partition("/")[0])
        if named is not None and isinstance(puzzle, named.puzzle):
            return named
        return next((k for k in self._kinds.values() if type(puzzle) is k.puzzle), None)

    def __getitem__(self, kind_id: str) -> Kind[Any]:
        return self._kinds[kind_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._kinds)

    def __len__(self) -> int:
        return len(self._kinds)


def evenly(draw: Callable[[random.Random, str, Ruleset], P | None], answer: Callable[[P], str], *,
           tries: int = 2000, survey: int = SURVEY, rare: float = RARE) -> Callable[[random.Random, str, Ruleset], P]:
    """A generator whose drills' answers are drawn evenly among the answers the level allows under the rule set,
    from ``draw`` (one candidate drawn from the stream, ``None`` when it is not of the level asked for) and
    ``answer`` (a drill's right answer, as text). The answers a level allows are those of a seeded survey of
    ``survey`` draws (those at least a share ``rare`` of them have), made once per level and rule set; a drill
    draws its answer among them, then candidates until one has it (at most ``tries``), so that no answer is right
    in most drills of a level merely because the drawing makes it more often.

    >>> def parity(rng, level, rules):
    ...     return rng.choice((1, 3, 5, 7, 2))  # odd four times in five
    >>> make = evenly(parity, lambda n: "odd" if n % 2 else "even")
    >>> from gouji_teach.rules.rulesets import find_ruleset
    >>> drawn = [make(random.Random(k), "easy", find_ruleset("qingdao")) % 2 for k in range(1000)]
    >>> 0.45 < sum(drawn) / 1000 < 0.55
    True
    """
    surveys: dict[tuple[str, str], tuple[str, ...]] = {}

    def allowed(level: str, rules: Ruleset) -> tuple[str, ...]:
        if (level, rules.key) not in surveys:
            rng = random.Random(f"survey/{level}/{rules.key}")
            counts: dict[str, int] = {}
            for _ in range(survey):
                puzzle = draw(rng, level, rules)
                if puzzle is not None:
                    counts[answer(puzzle)] = counts.get(answer(puzzle), 0) + 1
            least = max(1.0, rare * sum(counts.values()))
            surveys[level, rules.key] = tuple(sorted(a for a, n in counts.items() if n >= least))
        return surveys[level, rules.key]

    def generate(rng: random.Random, level: str, rules: Ruleset) -> P:
        answers = allowed(level, rules)
        want = rng.choice(answers) if answers else None
        found: P | None = None
        for _ in range(tries):
            puzzle = draw(rng, level, rules)
            if puzzle is not None:
                found = puzzle
                if answer(puzzle) == want:
                    break
        if found is None:
            raise SetupError(f"没有这个难度的题：{level}", f"no drill of the level {level}")
        return found

    return generate


#: The kinds of the course, declared by the puzzle modules of this package as they are imported.
REGISTRY = Registry()
#: Declare a kind of the course (:meth:`Registry.declare` of :data:`REGISTRY`).
declare = REGISTRY.declare

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

__all__ = ["REGISTRY", "Kind", "Registry", "declare"]

P = TypeVar("P", bound=Puzzle)

#: How a stage is named in a declaration: its id (``compare``, ``jingong``).
_STAGE_ID = re.compile(r"[a-z][a-z0-9_]*")
#: Draws a generator may make before the level measured is the level asked for.
REDRAWS = 40


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


#: The kinds of the course, declared by the puzzle modules of this package as they are imported.
REGISTRY = Registry()
#: Declare a kind of the course (:meth:`Registry.declare` of :data:`REGISTRY`).
declare = REGISTRY.declare

"""Seeded drills: every kind of puzzle at three levels, reproducible from an id an instructor can hand out.

A drill id is ``kind/rules/level/number``: ``make_drill("beats", 4711, level="hard", rules="linyi")`` always
builds the same puzzle, ``beats/linyi/hard/4711``, shown with it. A stage's drills are numbered by the stage's id,
not its place in the course: ``revolution/linyi/easy/geming.1`` is the first easy revolution drill of the stage
``geming``, so a stage inserted before it, or a drill of another kind added to it, changes no drill id, no
question and no saved star. The kinds are those of the registry (:mod:`gouji_teach.teach.puzzles.kinds`): each
declares its generator, its level measure and the stages that drill it.

>>> p = make_drill("beats", 4711, level="hard", rules="linyi")
>>> p.puzzle_id
'beats/linyi/hard/4711'
>>> p == make_drill("beats", 4711, level="hard", rules="linyi") == drill("beats/linyi/hard/4711")
True
>>> stage_drills("geming")[:2]
(Drill(kind='revolution', level='easy', number='geming.1'), Drill(kind='revolution', level='medium', number='geming.1'))

A stage's quiz is a short sequence of levels (lichess style), one idea each: the drills of one kind, easy first,
with a goal line, a par and stars (:func:`levels_of`):

>>> [(lv.number, lv.kind, len(lv.drills)) for lv in levels_of("turns", stage_drills("turns"))]
[(1, 'pick', 1), (2, 'who_may_act', 1), (3, 'yield', 3)]
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from types import MappingProxyType
from typing import NamedTuple

from ..rules.errors import GoujiError, OptionError
from ..rules.rulesets import Ruleset, find_ruleset
from ..show.i18n import register, t
from .dealing import LEVELS, cards_level, count_level, gouji_level, random_play
from .puzzles import REGISTRY, Puzzle, Registry

__all__ = ["KINDS", "LEVELS", "LEVEL_OF", "RETRY_STEP", "Drill", "Level", "cards_level", "count_level", "drill",
           "gouji_level", "level_of", "levels_of", "make_drill", "next_drill", "number_drills", "random_play",
           "stage_drills"]

register({
    "level.card": ("比单张：哪一张大", "Single cards: which one is higher"),
    "level.beats": ("判断一手牌能不能大过桌上的牌", "Tell whether a play beats the one on the table"),
    "level.gouji": ("认出够级牌，看它能不能开点", "Recognise a 够级 play and whether it can 开点"),
    "level.count": ("算出一手牌算作什么", "Count what a play counts as"),
    "level.pick": ("从手里挑出大得过桌上的一手牌", "Pick from your hand a play that beats the table"),
    "level.who_may_act": ("找出现在谁能行动", "Find the seats that may act now"),
    "level.open_by_play": ("自己出牌开点：挑一手没人接得住的够级牌", "开点 yourself: lead a 够级 play nobody can take"),
    "level.who_opened": ("看出一轮之后谁开了点", "See who has 开点 after a round"),
    "level.who_is_men": ("看出谁被闷了", "See who is 闷ed"),
    "level.luanchan": ("四户乱缠时谁能行动", "Who may act in 四户乱缠"),
    "level.yield": ("让牌以后谁能行动", "Who may act after a 让牌"),
    "level.revolution": ("革命以后的局面", "What a revolution leads to"),
    "level.buy": ("没有3的人怎么买三", "How a seat without a 3 buys one"),
    "level.xuandian": ("宣点以后进多少点贡", "How much 点贡 follows a 宣点"),
    "level.tribute_to": ("点出一家要给谁进贡", "Pick whom one seat pays tribute to"),
    "level.tribute": ("一局之后谁给谁进贡", "Who pays tribute to whom after a hand"),
    "level.places": ("从走科顺序看名次", "Places from the finishing order"),
    "level.rulesets": ("同一手牌在四种规则下", "One play under the four rule sets"),
    "level.review": ("前面各课的题，每种一两道", "One or two puzzles of every stage before"),
    "drill.bad_id": ("不是题号：{id!r}（应该像 beats/linyi/medium/4711）",
                     "not a drill id: {id!r} (it looks like beats/linyi/medium/4711)"),
})

#: The puzzle kinds that drills generate, in the order they are declared.
KINDS: tuple[str, ...] = tuple(REGISTRY)
#: How the level of a drill of each kind is measured from the puzzle itself.
LEVEL_OF = MappingProxyType({kind.id: kind.level for kind in REGISTRY.values()})
#: How far 再来一次 (retry) moves a drill's number: far from the small numbers a page hands out (1, 2, ...).
RETRY_STEP = 1000
#: A drill's number: a whole number (``4711``), or a stage's id and a whole number (``geming.1``).
_NUMBER = re.compile(r"(?:([a-z][a-z0-9_]*)\.)?([0-9]{1,9})")


class Drill(NamedTuple):
    """One drill of a stage's quiz: its kind, level and number (the stage's id and a count)."""

    kind: str
    level: str
    number: str


def number_drills(stage_id: str, specs: Iterable[tuple[str, str]]) -> tuple[Drill, ...]:
    """``(kind, level)`` pairs as the drills of the stage ``stage_id``: each numbered ``<stage id>.1``, ``.2``, …
    among the drills of its kind and level on that stage.

    >>> number_drills("compare", [("beats", "easy"), ("pick", "easy"), ("beats", "easy")])[2].number
    'compare.2'
    """
    counts: dict[tuple[str, str], int] = {}
    drills = []
    for kind, level in specs:
        counts[kind, level] = counts.get((kind, level), 0) + 1
        drills.append(Drill(kind, level, f"{stage_id}.{counts[kind, level]}"))
    return tuple(drills)


class Level(NamedTuple):
    """One level of a stage's quiz: one idea (the drills of one kind; a review stage's one level holds every
    kind), numbered from 1 on its stage; its goal line, its par (every drill right at the first try) and the most
    stars it gives."""

    stage: str
    number: int
    kind: str | None  # None: a review, every kind
    drills: tuple[Drill, ...]

    @property
    def anchor(self) -> str:
        """Its place on the stage's page (``#level-2``): a link to the page with it opens the level."""
        return f"level-{self.number}"

    @property
    def most(self) -> int:
        return 3 * len(self.drills)

    def goal(self, lang: str | None = None) -> str:
        return t(f"level.{self.kind or 'review'}", lang)

    def stars(self, kept: dict[tuple[str, str], int], rules: str) -> int:
        """The stars of the level from a learner's best stars per ``(stage, drill id)`` (what the store keeps):
        those of its stage's drills of its kind under the rule set ``rules`` (a retry, 再来一次, is one of
        them), up to :attr:`most`.

        >>> lv = levels_of("cards", stage_drills("cards"))[0]
        >>> lv.stars({("cards", "card/qingdao/easy/cards.1"): 3, ("cards", "card/linyi/easy/cards.1"): 2}, "qingdao")
        3
        """
        got = sum(stars for (stage, drill_id), stars in kept.items() if stage == self.stage
                  and (parts := drill_id.split("/"))[1:2] == [rules] and self.kind in (None, parts[0]))
        return min(got, self.most)


def levels_of(stage_id: str, drills: Iterable[Drill], *, review: bool = False) -> tuple[Level, ...]:
    """The levels of a stage's ``drills`` (:func:`number_drills`): one a kind, in the order the kinds come,
    each kind's drills easiest first; a ``review`` stage's drills are one level."""
    drills = tuple(drills)
    if review:
        return (Level(stage_id, 1, None, drills),) if drills else ()
    kinds = list(dict.fromkeys(d.kind for d in drills))
    return tuple(Level(stage_id, n, kind, tuple(sorted((d for d in drills if d.kind == kind),
                                                       key=lambda d: LEVELS.index(d.level))))
                 for n, kind in enumerate(kinds, start=1))


def stage_drills(stage_id: str, registry: Registry = REGISTRY) -> tuple[Drill, ...]:
    """The quiz of the stage ``stage_id``: the drills the kinds of ``registry`` declare for it, in the order the
    kinds are declared."""
    return number_drills(stage_id, ((kind.id, level) for kind in registry.values()
                                    for level in kind.stages.get(stage_id, ())))


def level_of(puzzle: Puzzle) -> str | None:
    """The level a drill really has, measured from the puzzle (``None`` for a puzzle of no kind of drill)."""
    kind = REGISTRY.of(puzzle)
    return kind.level(puzzle) if kind is not None else None


def _number(number: object) -> str | None:
    """A drill number as its id writes it, or ``None`` if it is none."""
    if isinstance(number, bool):
        return None
    if isinstance(number, int):
        return str(number) if number >= 0 else None
    return number if isinstance(number, str) and _NUMBER.fullmatch(number) else None


def make_drill(kind: str, number: int | str, *, level: str = "easy", rules: Ruleset | str | None = None) -> Puzzle:
    """The drill ``number`` (a whole number, or a stage's ``<stage id>.<n>``) of a puzzle ``kind`` at ``level``
    under ``rules``; the same arguments always give the same puzzle."""
    if kind not in REGISTRY:
        raise OptionError("kind", kind, f"没有这种题，可选：{'、'.join(KINDS)}", f"choose one of {', '.join(KINDS)}")
    if level not in LEVELS:
        raise OptionError("level", level, "难度只能是 easy、medium、hard", "use easy, medium or hard")
    written = _number(number)
    if written is None:
        raise OptionError("number", number, "题号必须是非负整数（或课的名字加序号，如 geming.1）",
                          "a drill number is a whole number from 0 up (or a stage's id and one, e.g. geming.1)")
    rules = find_ruleset(rules)
    puzzle_id = f"{kind}/{rules.key}/{level}/{written}"
    puzzle = REGISTRY[kind].make(random.Random(puzzle_id), level, rules)
    object.__setattr__(puzzle, "puzzle_id", puzzle_id)
    return puzzle


def _parts(drill_id: str) -> tuple[str, str, str, str] | None:
    parts = str(drill_id).split("/")
    if len(parts) != 4 or parts[0] not in REGISTRY or parts[2] not in LEVELS or not _NUMBER.fullmatch(parts[3]):
        return None
    return parts[0], parts[1], parts[2], parts[3]


def drill(drill_id: str) -> Puzzle:
    """The puzzle of a drill id such as ``beats/linyi/hard/4711`` or ``revolution/linyi/easy/geming.1``; an id
    that is none is refused in one line naming it."""
    zh, en = t("drill.bad_id", "zh", id=drill_id), t("drill.bad_id", "en", id=drill_id)
    parts = _parts(drill_id)
    if parts is None:
        raise OptionError("drill", drill_id, zh, en)
    kind, rules, level, number = parts
    try:
        return make_drill(kind, int(number) if number.isdigit() else number, level=level, rules=rules)
    except GoujiError as e:  # a rule set that is none
        raise OptionError("drill", drill_id, f"{zh}：{e.zh}", f"{en}: {e.en}") from None


def next_drill(puzzle: Puzzle) -> Puzzle | None:
    """A new drill of the same kind and level under the same rule set, for 再来一次 (retry): the drill
    ``number + RETRY_STEP``; ``None`` if ``puzzle`` is not a drill (its id is not ``kind/rules/level/number``).
    The old drill keeps its stars: a retry is another question, not the same one again.

    >>> next_drill(make_drill("beats", 2, level="hard", rules="linyi")).puzzle_id
    'beats/linyi/hard/1002'
    >>> next_drill(drill("revolution/linyi/easy/geming.1")).puzzle_id
    'revolution/linyi/easy/geming.1001'
    """
    parts = _parts(puzzle.puzzle_id)
    if parts is None:
        return None
    kind, rules, level, number = parts
    stage, _, n = number.rpartition(".")
    retry: int | str = f"{stage}.{int(n) + RETRY_STEP}" if stage else int(n) + RETRY_STEP
    return make_drill(kind, retry, level=level, rules=rules)

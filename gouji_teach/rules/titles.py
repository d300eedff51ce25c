"""The 临沂 title ladder (积分等级): 21 titles from 农民 to 主席, earned by accumulated points.

The ladder comes from the 临沂 encyclopedia entry (seed 000, part 1, 积分等级). Its table was flattened in the
scrape, but it reads plainly: level 2, 副村长, needs 20 points, and every level after needs twice the one
before (村长 40, 副乡长 80 ... 副主席 5242880). Two cells are damaged, so two readings are ours:

* 农民's cell reads ``&20``, an HTML-mangled "< 20": 农民 is every score below 20, negative ones included.
* 主席's number is cut off; the doubling gives 10485760.

>>> title_for(0).zh, title_for(19).zh, title_for(20).zh
('农民', '农民', '副村长')
>>> title_for(5120)
Title(level=10, zh='县长', en='county head', min_points=5120)
>>> title_for(-8).zh
'农民'
>>> next_title(100)
Title(level=5, zh='乡长', en='township head', min_points=160)
>>> next_title(10**8) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .rulesets import Source, default, seed

__all__ = ["DAMAGED", "SOURCE", "TITLES", "Title", "next_title", "title_for"]

#: Where the ladder comes from.
SOURCE: Source = seed("000", "part 1 积分等级", "1农民&20 2副村长20 3村长40 …… 20副主席5242880 21主席")
#: The two cells read by choice (see the module docs).
DAMAGED: tuple[Source, ...] = (
    default("农民's cell reads '&20', taken as '< 20' (all scores below 20)"),
    default("主席's points are cut off in the scrape; doubling 副主席's 5242880 gives 10485760"),
)


@dataclass(frozen=True, slots=True)
class Title:
    """A rung of the ladder: its level (1-21), names, and the points it needs (``None``: no floor)."""

    level: int
    zh: str
    en: str
    min_points: int | None


_NAMES = (
    ("农民", "farmer"),
    ("副村长", "deputy village head"),
    ("村长", "village head"),
    ("副乡长", "deputy township head"),
    ("乡长", "township head"),
    ("副镇长", "deputy town head"),
    ("镇长", "town head"),
    ("镇委书记", "town party secretary"),
    ("副县长", "deputy county head"),
    ("县长", "county head"),
    ("县委书记", "county party secretary"),
    ("副市长", "deputy mayor"),
    ("市长", "mayor"),
    ("市委书记", "city party secretary"),
    ("副省长", "vice governor"),
    ("省长", "governor"),
    ("省委书记", "provincial party secretary"),
    ("副总理", "vice premier"),
    ("总理", "premier"),
    ("副主席", "vice chairman"),
    ("主席", "chairman"),
)

#: The ladder, lowest first. 农民 has no floor.
TITLES: tuple[Title, ...] = tuple(
    Title(level, zh, en, None if level == 1 else 20 * 2 ** (level - 2))
    for level, (zh, en) in enumerate(_NAMES, start=1)
)


def title_for(points: int) -> Title:
    """The title earned with ``points`` accumulated points: the highest rung whose minimum is reached."""
    earned = TITLES[0]
    for title in TITLES[1:]:
        if title.min_points is not None and points >= title.min_points:
            earned = title
    return earned


def next_title(points: int) -> Title | None:
    """The next rung to reach (``None`` at 主席): for a progress display, ``next.min_points - points`` to go."""
    level = title_for(points).level
    return TITLES[level] if level < len(TITLES) else None

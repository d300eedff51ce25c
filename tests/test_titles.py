"""The 临沂 title ladder (000 part 1 积分等级)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gouji_teach.rules.titles import DAMAGED, SOURCE, TITLES, next_title, title_for

# The table of 000 part 1 积分等级, as printed: level, title, points (主席's points are cut off).
LADDER = [
    (1, "农民", None), (2, "副村长", 20), (3, "村长", 40), (4, "副乡长", 80), (5, "乡长", 160), (6, "副镇长", 320),
    (7, "镇长", 640), (8, "镇委书记", 1280), (9, "副县长", 2560), (10, "县长", 5120), (11, "县委书记", 10240),
    (12, "副市长", 20480), (13, "市长", 40960), (14, "市委书记", 81920), (15, "副省长", 163840),
    (16, "省长", 327680), (17, "省委书记", 655360), (18, "副总理", 1310720), (19, "总理", 2621440),
    (20, "副主席", 5242880), (21, "主席", None),
]


@pytest.mark.parametrize(("level", "zh", "points"), LADDER, ids=[row[1] for row in LADDER])
def test_linyi_000p1_jifen_dengji_every_row(level, zh, points):
    title = TITLES[level - 1]
    assert (title.level, title.zh) == (level, zh)
    if points is not None:
        assert title.min_points == points
        assert title_for(points) == title
        assert title_for(points - 1) == TITLES[level - 2]


def test_linyi_000p1_nongmin_is_below_20_and_has_no_floor():
    assert title_for(19).zh == title_for(0).zh == title_for(-1000).zh == "农民"
    assert TITLES[0].min_points is None


def test_linyi_000p1_zhuxi_points_cut_off_doubling_chosen():
    assert TITLES[-1].min_points == 2 * 5242880
    assert title_for(10485760).zh == "主席" and title_for(10485759).zh == "副主席"
    assert all(s.is_default for s in DAMAGED) and SOURCE.cite() == "000 part 1 积分等级"


def test_next_title_for_a_progress_display():
    assert next_title(0).zh == "副村长"
    assert next_title(20).zh == "村长"
    assert next_title(10**9) is None


@given(st.integers(-(10**8), 10**8))
def test_law_title_is_the_highest_rung_reached(points):
    title = title_for(points)
    assert title.min_points is None or title.min_points <= points
    upcoming = next_title(points)
    assert upcoming is None or points < upcoming.min_points
    assert upcoming is None or upcoming.level == title.level + 1

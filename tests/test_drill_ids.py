"""Drill ids that survive a new stage: a stage's drills are keyed by the stage's id (``geming.1``), never by its place
in the course, so inserting a stage (or a kind drilled on an existing stage) changes no drill id, question or saved
star; a progress store of release 0.1 (schema 1, drills numbered ``100 × place + n``) is migrated to those ids."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from progress_backends import run_sql, where_fixture  # noqa: F401 (the fixture `where`)

from gouji_teach.rules.rulesets import PRESETS
from gouji_teach.teach import course
from gouji_teach.teach.drills import RETRY_STEP, drill, make_drill, next_drill, stage_drills
from gouji_teach.teach.progress import SCHEMA_VERSION, ProgressStore
from gouji_teach.teach.puzzles import REGISTRY, BeatsPuzzle, Registry

STAGES_WITH_DRILLS = [s for s in course.STAGES if s.drills]


def _drill_ids(stages, registry: Registry = REGISTRY, rules: str = "linyi") -> dict[str, list[str]]:
    return {s.id: [f"{d.kind}/{rules}/{d.level}/{d.number}" for d in stage_drills(s.id, registry)] for s in stages}


def _course_with_a_stage_inserted() -> tuple[tuple[course.Stage, ...], Registry]:
    """The course with a new stage after the third, drilled by a new kind (declared first, so that it comes first on
    every page) which the stage ``compare`` drills too; and the registry with that kind and all of the course's."""
    new = replace(course.stage("compare"), id="acting", notebook="04_acting.ipynb", title_en="A new stage")
    stages = (*course.STAGES[:3], new, *course.STAGES[3:])
    registry = Registry()
    beats = REGISTRY["beats"]
    registry.declare(BeatsPuzzle, beats.generate, id="acting", level=beats.level,
                     stages={"acting": ("easy", "hard"), "compare": ("easy",)})
    for kind in REGISTRY.values():
        registry.declare(kind.puzzle, kind.generate, id=kind.id, level=kind.level, stages=kind.stages,
                         redraw=kind.redraw)
    return stages, registry


def test_inserting_a_stage_changes_no_drill_id_question_or_saved_star(tmp_path: Path) -> None:
    before = _drill_ids(STAGES_WITH_DRILLS)
    stages, registry = _course_with_a_stage_inserted()
    after = _drill_ids(stages, registry)
    assert [s.id for s in stages].index("acting") == 3 and after["acting"]  # the stage is there, with its drills
    for stage_id, ids in before.items():  # every stage keeps its drill ids, in order; compare has one more
        assert [i for i in after[stage_id] if not i.startswith("acting/")] == ids, stage_id
    assert after["compare"][0] == "acting/linyi/easy/compare.1"
    for ids in before.values():  # each drill asks the same question (its id seeds it)
        kind, rules, level, number = ids[0].split("/")
        asked = registry[kind].make(random.Random(ids[0]), level, PRESETS[rules])
        assert asked.question() == make_drill(kind, number, level=level, rules=rules).question(), ids[0]

    store = ProgressStore(tmp_path / "class.sqlite3")  # stars saved before the stage came in
    ming = store.learner("小明")
    for stage_id, ids in before.items():
        store.record_attempt(ming, stage_id, ids[-1], correct=True)
    offered = {(stage_id, i) for stage_id, ids in after.items() for i in ids}
    assert set(store.stars(ming)) <= offered  # every saved star is still a drill of its stage
    assert store.stage_stars(ming) == {stage_id: 3 for stage_id in before}


def test_the_old_numbering_would_have_moved_every_later_stage() -> None:
    """What the ids guard against: numbered by place (``100 × place + n``), a stage inserted fourth moves the drills of
    every stage after it."""
    stages, _ = _course_with_a_stage_inserted()

    def by_place(course_stages) -> dict[str, list[int]]:
        return {s.id: [100 * i + n for n, _ in enumerate(s.drills, start=1)]
                for i, s in enumerate(course_stages, start=1) if s.id != "acting"}

    old, new = by_place(course.STAGES), by_place(stages)
    assert [sid for sid in old if old[sid] != new[sid]] == [s.id for s in course.STAGES[3:] if s.drills]


@pytest.mark.parametrize("rules", list(PRESETS))
def test_every_stage_drill_id_is_its_own_and_names_its_stage(rules: str) -> None:
    seen: dict[str, str] = {}
    for stage in STAGES_WITH_DRILLS:
        for kind, level, number in stage.drills:
            drill_id = f"{kind}/{rules}/{level}/{number}"
            assert number.startswith(f"{stage.id}.") and drill_id not in seen, drill_id
            seen[drill_id] = stage.id
            assert drill(drill_id).puzzle_id == drill_id


def test_a_retry_keeps_the_stage_key() -> None:
    first = course.stage("geming").drills[0]
    puzzle = make_drill(first.kind, first.number, level=first.level, rules="tongsu")
    retried = next_drill(puzzle)
    assert retried is not None and retried.puzzle_id == f"revolution/tongsu/easy/geming.{1 + RETRY_STEP}"
    assert next_drill(retried).puzzle_id.endswith(f"/geming.{1 + 2 * RETRY_STEP}")


@pytest.mark.parametrize("bad", ["beats/linyi/easy/compare", "beats/linyi/easy/Compare.1", "beats/linyi/easy/.1",
                                 "beats/linyi/easy/compare.1.2", "beats/linyi/easy/-1"])
def test_a_drill_number_that_is_none_is_refused_naming_it(bad: str) -> None:
    from gouji_teach.rules.errors import GoujiError

    with pytest.raises(GoujiError, match="beats/linyi/medium/4711"):
        drill(bad)


# -- the store of release 0.1 ------------------------------------------------------------------------------------

#: Ids a progress store of release 0.1 holds: (stage, id then, id now).
OLD_IDS = [
    ("geming", "revolution/linyi/easy/1101", "revolution/linyi/easy/geming.1"),
    ("geming", "revolution/linyi/hard/1104", "revolution/linyi/hard/geming.2"),
    ("table", "who_may_act/qingdao/easy/1102", "who_may_act/qingdao/easy/table.1002"),  # the 2nd, retried once
    ("quiz", "rulesets/zaozhuang/hard/1616", "rulesets/zaozhuang/hard/quiz.1"),
    ("compare", "beats/linyi/medium/4711", "beats/linyi/medium/4711"),  # handed out by number: kept
    ("compare", "pick/linyi/easy/404", "pick/linyi/easy/404"),  # not the drill 404 of compare: kept
]


def test_a_store_of_release_0_1_is_migrated_to_stage_keyed_drill_ids(where: Path | str) -> None:
    store = ProgressStore(where)
    ming, hong = store.learner("小明"), store.learner("小红")
    for stage, old, _ in OLD_IDS:
        store.record_attempt(ming, stage, old, rules=("compare.rank",), correct=False, answer="x")
        store.record_attempt(ming, stage, old, rules=("compare.rank",), correct=True, answer="y")
        store.record_shown(hong, stage, old)
    stars, totals = store.stars(ming), store.stage_stars(ming)
    run_sql(where, "DELETE FROM schema_version")
    run_sql(where, "INSERT INTO schema_version (version) VALUES (1)")  # as release 0.1 left it

    again = ProgressStore(where)
    assert run_sql(where, "SELECT MAX(version) FROM schema_version") == [(SCHEMA_VERSION,)]
    renamed = {old: new for _, old, new in OLD_IDS}
    assert again.stars(ming) == {(stage, renamed[old]): n for (stage, old), n in stars.items()}
    assert again.stage_stars(ming) == totals
    assert again.drill_stars(hong, "geming", "revolution/linyi/easy/geming.1") == 0  # shown, kept as shown
    assert {a.puzzle_id for a in again.attempts(ming)} == set(renamed.values())
    assert again.mastery(ming) == {"compare.rank": (len(OLD_IDS), 2 * len(OLD_IDS))}
    ProgressStore(where)  # opened again: nothing left to migrate
    assert again.stars(ming) == {(stage, renamed[old]): n for (stage, old), n in stars.items()}

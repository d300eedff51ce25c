"""The steps that bring a progress store written by an older release up to the schema of this one, each step its
own function, run in order inside the transaction that opens the store (:class:`~.progress.ProgressStore`).

**Version 2: drills keyed by their stage.** Release 0.1 numbered a stage's drills by the stage's place in the course
(``100 × place + n``: the first drill of the eleventh stage was ``revolution/linyi/easy/1101``), so inserting a
stage would have changed every later stage's questions and orphaned their stars. Now a stage's drill is numbered
by the stage's id and its count among the stage's drills of its kind and level (``revolution/linyi/easy/geming.1``;
retries add 1000 as before: ``…/geming.1001``). The step renames every attempt, shown answer and star of a stage
drill to the new id; any other id (an exam's, a drill handed out by number) is kept.

>>> stage_keyed("geming", "revolution/linyi/easy/1101"), stage_keyed("geming", "revolution/linyi/hard/2104")
('revolution/linyi/easy/geming.1', 'revolution/linyi/hard/geming.1002')
>>> stage_keyed("table", "who_may_act/qingdao/easy/1102")  # the table's second drill, retried once
'who_may_act/qingdao/easy/table.1002'
>>> stage_keyed("compare", "beats/qingdao/easy/4711"), stage_keyed("index", "rank/1")
(None, None)

**Version 4: stars from the history.** Release 0.2 stored the stars the page computed, from the page's own count
of attempts, so a reload between answers (a new page counts from 1) kept 3 stars for a drill solved at the store's
third attempt. The step adds each attempt's ``source`` (``table`` for a practice-table hand, else ``practice``) and
``choice`` (the answer as the learner chose it: the attempt's answer, none for a hand), then derives every drill's
stars again from the attempts the store holds (:func:`rederived`): a first solve at attempt 1, 2, 3 keeps at most
3, 2, 1 stars (fewer if the page took one for a hint, which the store did not keep), and a solve after three misses
(the page showed the answer at the third) keeps none: the drill is marked shown at its third miss.

>>> rederived(3, 1), rederived(3, 3), rederived(2, 2), rederived(3, 4)
(3, 1, 2, 0)

The step also folds the learners' names as the store now keeps them (:func:`~.names.fold_name`), so that a learner
whose name was stored with a zero-width space or a trailing space is found again under the name they type; a name
whose folded form another learner already has, or that is empty once folded, is kept as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .names import fold_name
from .scoring import MISSES_SHOWN, stars_for

__all__ = ["STEPS", "rederived", "stage_keyed"]

#: The drills of each stage of release 0.1 (schema version 1), in its order: ``(place, "kind:level ...")``.
#: Frozen: it says how those files numbered their drills, whatever the course becomes.
_V1_DRILLS: dict[str, tuple[int, str]] = {
    "table": (1, "who_may_act:easy who_may_act:easy"),
    "cards": (2, "card:easy card:easy card:medium card:hard"),
    "plays": (3, "count:easy count:medium count:medium count:hard"),
    "compare": (4, "beats:easy beats:medium beats:hard pick:medium"),
    "gouji": (5, "gouji:easy gouji:easy gouji:medium gouji:hard"),
    "turns": (6, "yield:easy yield:medium yield:hard who_may_act:easy pick:easy"),
    "dagouji": (7, "who_may_act:medium who_may_act:medium gouji:medium pick:hard"),
    "kaidian": (8, "who_opened:easy who_opened:medium who_opened:hard gouji:medium"),
    "shao": (9, "who_may_act:hard who_may_act:hard beats:hard pick:hard"),
    "biesan": (10, "buy:easy buy:medium buy:hard who_is_men:easy who_is_men:medium"),
    "geming": (11, "revolution:easy revolution:medium revolution:hard revolution:hard"),
    "luanchan": (12, "luanchan:easy luanchan:medium luanchan:hard places:easy"),
    "scores": (13, "places:easy places:medium places:hard"),
    "jingong": (14, "xuandian:easy xuandian:medium xuandian:hard tribute:easy tribute:medium tribute:hard"),
    "rulesets": (15, "rulesets:easy rulesets:medium rulesets:hard rulesets:hard"),
    "quiz": (16, "beats:easy count:medium gouji:medium pick:medium yield:medium who_may_act:medium "
                 "who_opened:medium beats:hard who_is_men:hard buy:medium revolution:medium luanchan:hard "
                 "places:hard xuandian:medium tribute:hard rulesets:hard"),
}
#: How far a retry moved a drill's number (as it still does).
_RETRY_STEP = 1000


def stage_keyed(stage: str, puzzle_id: str) -> str | None:
    """The id a stage's drill of release 0.1 has now, or ``None`` if ``puzzle_id`` was not one of ``stage``'s."""
    parts = puzzle_id.split("/")
    if stage not in _V1_DRILLS or len(parts) != 4 or not parts[3].isascii() or not parts[3].isdigit():
        return None
    kind, rules, level, number = parts
    place, listed = _V1_DRILLS[stage]
    drills = [tuple(item.split(":")) for item in listed.split()]
    retries, n = divmod(int(number) - 100 * place, _RETRY_STEP)  # the number was 100 × place + n + 1000 × retries
    if retries < 0 or not 1 <= n <= len(drills) or drills[n - 1] != (kind, level):
        return None
    count = drills[:n].count((kind, level))
    return f"{kind}/{rules}/{level}/{stage}.{count + _RETRY_STEP * retries}"


def _stage_keyed_drills(connection: Any) -> None:
    """Version 2: every attempt, shown answer and star of a stage's drill under its stage-keyed id."""
    for table in ("attempts", "shown", "stars"):
        rows = connection.execute(f"SELECT DISTINCT stage, puzzle_id FROM {table}").fetchall()
        renamed = [(new, stage, old) for stage, old in rows if (new := stage_keyed(stage, old)) is not None]
        if renamed:
            connection.executemany(f"UPDATE {table} SET puzzle_id = ? WHERE stage = ? AND puzzle_id = ?", renamed)


def rederived(kept: int, number: int) -> int:
    """The stars a drill keeps after version 4, which stored ``kept`` stars for a first solve at the store's attempt
    ``number``: never more than that attempt earns, and none after three misses."""
    return 0 if number > MISSES_SHOWN else min(kept, stars_for(number))


def _stars_from_history(connection: Any) -> None:
    """Version 4: every attempt's source and choice, and every drill's stars derived again from its attempts."""
    columns = {d[0] for d in connection.execute("SELECT * FROM attempts LIMIT 0").description}
    for column in ("source TEXT NOT NULL DEFAULT 'practice'", "choice TEXT"):
        if column.split()[0] not in columns:  # (a store that had them, marked older, keeps them)
            connection.execute(f"ALTER TABLE attempts ADD COLUMN {column}")
    connection.execute("UPDATE attempts SET source = 'table' WHERE puzzle_id LIKE 'practice/%'")
    connection.execute("UPDATE attempts SET choice = answer WHERE source <> 'table' AND answer <> ''")
    rows = connection.execute(
        "SELECT s.learner, s.stage, s.puzzle_id, s.stars, a.number FROM stars s JOIN attempts a ON a.id = s.attempt"
    ).fetchall()
    _fold_names(connection)
    for learner, stage, puzzle_id, kept, number in rows:
        stars = rederived(kept, number)
        key = (learner, stage, puzzle_id)
        if stars == kept:
            continue
        if stars:
            connection.execute("UPDATE stars SET stars = ? WHERE learner = ? AND stage = ? AND puzzle_id = ?",
                               (stars, *key))
            continue
        (third_miss,) = connection.execute(
            "SELECT at FROM attempts WHERE learner = ? AND stage = ? AND puzzle_id = ? AND number = 3"
            " ORDER BY id LIMIT 1", key).fetchone()
        connection.execute("DELETE FROM stars WHERE learner = ? AND stage = ? AND puzzle_id = ?", key)
        connection.execute("INSERT INTO shown (learner, stage, puzzle_id, at) VALUES (?, ?, ?, ?)"
                           " ON CONFLICT DO NOTHING", (*key, third_miss))


def _fold_names(connection: Any) -> None:
    """Version 4: every learner's name folded, unless another learner has the folded name or it is empty."""
    names = dict(connection.execute("SELECT name, id FROM learners").fetchall())
    for name, learner in sorted(names.items()):
        folded = fold_name(name)
        if folded and folded != name and folded not in names:
            connection.execute("UPDATE learners SET name = ? WHERE id = ?", (folded, learner))
            names[folded] = learner


#: The step that brings a store to each schema version from the one before (run in order of the version).
STEPS: dict[int, Callable[[Any], None]] = {2: _stage_keyed_drills, 4: _stars_from_history}

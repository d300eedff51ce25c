"""Matches between the computer players' levels, the way their strength is measured.

A match deals each deal twice, the teams swapped (hands 0 and 1 share a deal, 2 and 3 the next …): the luck of the
cards cancels, and what is left is the players. Team A's margin is its points less team B's per hand (the sum of
its three seats' scores, each hand settled on its own), with its standard error over the deals.

>>> r = play_match("linyi", 1, 2)
>>> r.illegal, r.levels, len(r.a_points)
(0, ('team', 'simple'), 2)
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..rules.engine import Game, team
from ..rules.events import Action, EventKind
from ..rules.rulesets import Ruleset, find_ruleset
from ..rules.settlement import settle
from .players import SimplePlayer
from .search import StrongPlayer
from .strategy import TeamPlayer

__all__ = ["LEVELS", "MATCH_COUNTS", "MatchResult", "Player", "combined", "play_match"]


class Player(Protocol):
    """What a computer player does: declare before the first lead, then choose its actions."""

    def declare(self, game: Game, seat: int) -> Action | None: ...

    def choose(self, game: Game, seat: int) -> Action: ...


#: The computer players by level, weakest first (``match --team-a``, the practice table's level choice).
LEVELS: dict[str, Callable[[], Player]] = {"simple": SimplePlayer, "team": TeamPlayer, "strong": StrongPlayer}

#: What a match counts per team, from the events of each hand (:attr:`MatchResult.counts`).
MATCH_COUNTS = ("burns", "burns_ok", "burns_failed", "kaidian", "men", "yields")
_COUNTED = {EventKind.BURN: "burns", EventKind.COUNTER_BURN: "burns", EventKind.BURN_SUCCESS: "burns_ok",
            EventKind.BURN_FAILED: "burns_failed", EventKind.MEN: "men", EventKind.YIELD: "yields"}


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A match's figures: the two teams' levels, per hand the points of team A and of team B, each team's decision
    times in CPU ms (process time: wall time on an idle machine, not inflated when other processes share the
    cores), and the actions that were illegal (must be 0)."""

    rules: str
    seed: int
    levels: tuple[str, str]
    a_points: tuple[int, ...]
    b_points: tuple[int, ...]
    decision_ms: tuple[tuple[float, ...], tuple[float, ...]]
    illegal: int
    #: Per team ("a", "b"), over all hands: burns begun (烧 and 反烧), burns that succeeded, burns that failed (a
    #: lead without a joker), seats that opened (开点), seats 闷ed, and 让牌.
    counts: Mapping[str, Mapping[str, int]] = field(default_factory=dict)

    def margin(self) -> tuple[float, float, float]:
        """Team A's lead per hand: mean, standard deviation of a deal's mean (its two hands), and the standard
        error of the mean over the deals."""
        diffs = [a - b for a, b in zip(self.a_points, self.b_points, strict=True)]
        if not diffs:
            return 0.0, 0.0, 0.0
        deals = [statistics.fmean(diffs[i:i + 2]) for i in range(0, len(diffs), 2)]
        sd = statistics.stdev(deals) if len(deals) > 1 else 0.0
        return statistics.fmean(diffs), sd, sd / len(deals) ** 0.5

    def to_json(self) -> dict[str, Any]:
        mean, sd, se = self.margin()
        every = sorted(ms for team_ms in self.decision_ms for ms in team_ms)
        return {
            "rules": self.rules,
            "seed": self.seed,
            "hands": len(self.a_points),
            "illegal": self.illegal,
            "decisions": len(every),
            "max_decision_ms": round(every[-1], 3) if every else 0.0,
            "median_decision_ms": round(every[len(every) // 2], 3) if every else 0.0,
            "margin_per_hand": round(mean, 3),
            "margin_stdev": round(sd, 3),
            "margin_stderr": round(se, 3),
            "teams": {
                name: {"level": level, "points": sum(points), "per_hand": list(points), **_times(ms),
                       **dict(self.counts.get(name, {}))}
                for name, level, points, ms in (("a", self.levels[0], self.a_points, self.decision_ms[0]),
                                                ("b", self.levels[1], self.b_points, self.decision_ms[1]))
            },
        }


def combined(parts: Sequence[MatchResult]) -> MatchResult:
    """One match out of ``parts`` played apart (in parallel, say): the same rule set and levels, consecutive seeds
    and whole deals each, in order. The first part's seed is the match's.

    >>> whole, halves = play_match("tongsu", 3, 4), [play_match("tongsu", 3, 2), play_match("tongsu", 4, 2)]
    >>> both = combined(halves)
    >>> (both.a_points, both.b_points, both.counts, both.seed) == (whole.a_points, whole.b_points, whole.counts, 3)
    True
    """
    first = parts[0]
    if any((p.rules, p.levels) != (first.rules, first.levels) or len(p.a_points) % 2 for p in parts):
        raise ValueError("parts of one match share its rule set and levels, and hold whole deals")
    counts = {name: {k: sum(p.counts.get(name, {}).get(k, 0) for p in parts) for k in MATCH_COUNTS}
              for name in ("a", "b")}
    return MatchResult(first.rules, first.seed, first.levels, sum((p.a_points for p in parts), ()),
                       sum((p.b_points for p in parts), ()),
                       tuple(sum((p.decision_ms[i] for p in parts), ()) for i in (0, 1)),  # type: ignore[arg-type]
                       sum(p.illegal for p in parts), counts)


def _times(ms: tuple[float, ...]) -> dict[str, float]:
    """A team's decision times: slowest, 95th percentile and median, in CPU ms."""
    s = sorted(ms)
    if not s:
        return {"max_decision_ms": 0.0, "p95_decision_ms": 0.0, "median_decision_ms": 0.0}
    return {"max_decision_ms": round(s[-1], 3), "p95_decision_ms": round(s[int(0.95 * (len(s) - 1))], 3),
            "median_decision_ms": round(s[len(s) // 2], 3)}


def _timed(times: list[float], choice: Callable[[Game, int], Action | None], game: Game, seat: int) -> Action | None:
    t0 = time.process_time()
    action = choice(game, seat)
    times.append((time.process_time() - t0) * 1000)
    return action


def play_match(rules: Ruleset | str | None, seed: int, hands: int, *, team_a: str = "team", team_b: str = "simple",
               max_actions: int = 10_000) -> MatchResult:
    """``hands`` hands, level ``team_a`` against level ``team_b`` (:data:`LEVELS`): hands 2k and 2k+1 are dealt
    from seed ``seed + k``, team A on seats 0, 2, 4 in the first and on 1, 3, 5 in the second. An illegal choice is
    counted and replaced by the first legal action, so that the hand goes on."""
    rules = find_ruleset(rules)
    levels = (team_a, team_b)
    unknown = [x for x in levels if x not in LEVELS]
    if unknown:
        raise ValueError(f"no such level: {unknown[0]!r} (levels: {', '.join(LEVELS)})")
    players = (LEVELS[team_a](), LEVELS[team_b]())
    points: tuple[list[int], list[int]] = ([], [])
    times: tuple[list[float], list[float]] = ([], [])
    illegal = 0
    counts = {name: Counter({k: 0 for k in MATCH_COUNTS}) for name in ("a", "b")}
    for i in range(hands):
        game = Game.deal(seed + i // 2, rules)
        a_team = i % 2  # the team (0: seats 0, 2, 4) that team A plays this hand

        def side(s: int, a_team: int = a_team) -> int:
            return 0 if team(s) == a_team else 1

        for s in range(6):
            action = _timed(times[side(s)], players[side(s)].declare, game, s)
            if action is not None and game.can(action):
                game.apply(action)
        for _ in range(max_actions):
            if game.is_over:
                break
            s = game.to_act  # type: ignore[assignment]  # asked only while the hand goes on: a seat is to act
            action = _timed(times[side(s)], players[side(s)].choose, game, s)
            if action is None or not game.can(action):
                illegal += 1
                action = game.legal_actions(s)[0]
            game.apply(action)
        else:
            raise RuntimeError(f"hand {i} (deal {seed + i // 2}) did not end within {max_actions} actions")
        settled = settle(game.game_record(), rules).scores.points
        for k in (0, 1):
            points[k].append(sum(p for s, p in enumerate(settled) if side(s) == k))
        for event in game.events:
            if event.kind in _COUNTED and event.seat is not None:
                counts["ab"[side(event.seat)]][_COUNTED[event.kind]] += 1
        for s in game.kaidian_seats():
            counts["ab"[side(s)]]["kaidian"] += 1
    return MatchResult(rules.name, seed, levels, tuple(points[0]), tuple(points[1]),
                       (tuple(times[0]), tuple(times[1])), illegal, {name: dict(c) for name, c in counts.items()})

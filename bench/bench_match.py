"""Benchmark of the practice table's computer players: one level against another (default team against simple).

    python bench/bench_match.py                                      # 200 hands per rule set
    python bench/bench_match.py --hands 40                           # quicker
    python bench/bench_match.py --team-a strong --team-b team --hands 40 --jobs 2

Per rule set: illegal actions (goal 0), each team's points (the sum of its seats' scores, hand by hand), team A's
margin per hand with the standard deviation of a deal and the standard error (goal: ahead; strong against team by
3 standard errors), and team A's decision times in CPU ms: median, p95 (strong: goal <= 1000 ms) and slowest.
Each deal is played twice, the teams swapped (:func:`gouji_teach.bots.match.play_match`); ``--jobs`` plays parts
of ``--part`` deals in parallel processes (:func:`~gouji_teach.bots.match.combined`), each rule set printed when
its parts are done; wall s is then the time from the start until that rule set was whole.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from gouji_teach.bots.match import LEVELS, MatchResult, combined, play_match
from gouji_teach.rules.rulesets import PRESETS


def _part(name: str, args: argparse.Namespace, first: int, deals: int) -> MatchResult:
    """Deals ``first`` to ``first + deals - 1`` of the rule set's match (each twice)."""
    return play_match(name, args.seed + first, 2 * deals, team_a=args.team_a, team_b=args.team_b)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--team-a", default="team", choices=list(LEVELS))
    parser.add_argument("--team-b", default="simple", choices=list(LEVELS))
    parser.add_argument("--rules", nargs="*", default=list(PRESETS), choices=list(PRESETS))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--part", type=int, default=5, help="deals a process plays at a time (with --jobs)")
    args = parser.parse_args()
    print(f"{args.team_a} (A) against {args.team_b} (B), {args.hands} hands per rule set (each deal twice, the teams "
          f"swapped) from seed {args.seed}")
    print(f"{'rules':<10} {'illegal':>7} {'A':>7} {'B':>7} {'margin/hand':>12} {'sd':>6} {'se':>6} {'margin/se':>9} "
          f"{'A median ms':>11} {'A p95 ms':>9} {'A max ms':>9} {'wall s':>7}")
    deals = (args.hands + 1) // 2
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        runs = {name: [pool.submit(_part, name, args, first, min(args.part, deals - first))
                       for first in range(0, deals, args.part)] for name in args.rules}
        for name in args.rules:
            r = combined([run.result() for run in runs[name]]).to_json()
            wall = time.perf_counter() - t0
            a, b = r["teams"]["a"], r["teams"]["b"]
            z = r["margin_per_hand"] / r["margin_stderr"] if r["margin_stderr"] else float("nan")
            print(f"{name:<10} {r['illegal']:>7} {a['points']:>+7} {b['points']:>+7} {r['margin_per_hand']:>+12.2f} "
                  f"{r['margin_stdev']:>6.2f} {r['margin_stderr']:>6.2f} {z:>+9.1f} {a['median_decision_ms']:>11.2f} "
                  f"{a['p95_decision_ms']:>9.1f} {a['max_decision_ms']:>9.1f} {wall:>7.1f}", flush=True)
            for team, c in (("A", a), ("B", b)):
                n = r["hands"]
                print(f"{'':<10} {team} {c['level']}: burns {c['burns']} (ok {c['burns_ok']}, failed "
                      f"{c['burns_failed']}), per hand: 开点 {c['kaidian'] / n:.2f}, 闷ed {c['men'] / n:.2f}, "
                      f"让 {c['yields'] / n:.2f}", flush=True)
    print("goals: illegal 0, margin > 0 (strong against team: margin/se >= 3), no burn failed; team: max <= 200 ms, "
          "median <= 20 ms; strong: p95 <= 1000 ms")


if __name__ == "__main__":
    main()

"""Benchmark of the practice table's computer players: TeamPlayer against SimplePlayer.

    python bench/bench_match.py              # 200 seeded hands per rule set (the issue's goal)
    python bench/bench_match.py --hands 40   # quicker

Per rule set: illegal actions (goal 0), each team's points (the sum of its seats' scores, hand by hand), the
improved team's margin per hand with its standard deviation and standard error (goal: ahead), and the decision
times in CPU ms: slowest (goal <= 200 ms) and median (goal <= 20 ms). Seats are swapped every other hand
(:func:`gouji_teach.bots.strategy.play_match`).
"""

from __future__ import annotations

import argparse
import time

from gouji_teach.bots.strategy import play_match
from gouji_teach.rules.rulesets import PRESETS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"TeamPlayer vs SimplePlayer, {args.hands} hands per rule set from seed {args.seed}")
    print(f"{'rules':<10} {'illegal':>7} {'coach':>7} {'simple':>7} {'margin/hand':>12} {'sd':>6} {'se':>6} "
          f"{'max ms':>7} {'median ms':>9} {'wall s':>7}")
    for name in PRESETS:
        t0 = time.perf_counter()
        r = play_match(name, args.seed, args.hands).to_json()
        wall = time.perf_counter() - t0
        print(f"{name:<10} {r['illegal']:>7} {r['teams']['coach']['points']:>+7} "
              f"{r['teams']['simple']['points']:>+7} {r['margin_per_hand']:>+12.2f} {r['margin_stdev']:>6.2f} "
              f"{r['margin_stderr']:>6.2f} {r['max_decision_ms']:>7.2f} {r['median_decision_ms']:>9.3f} "
              f"{wall:>7.1f}", flush=True)
        for team in ("coach", "simple"):
            c, n = r["teams"][team], r["hands"]
            print(f"{'':<10} {team}: burns {c['burns']} (ok {c['burns_ok']}, failed {c['burns_failed']}), per hand: "
                  f"开点 {c['kaidian'] / n:.2f}, 闷ed {c['men'] / n:.2f}, 让 {c['yields'] / n:.2f}", flush=True)
    print("goals: illegal 0, margin > 0, max <= 200 ms, median <= 20 ms, no burn failed")


if __name__ == "__main__":
    main()

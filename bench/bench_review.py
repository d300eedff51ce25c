"""Benchmark of the practice table's review (复盘): how long the review of one whole hand takes.

    python bench/bench_review.py             # 6 hands per rule set
    python bench/bench_review.py --hands 2   # quicker

A "learner" (SimplePlayer on seat 0, which makes mistakes a review should find) plays a hand with TeamPlayers on
the other seats; the hand is reviewed (:func:`gouji_teach.bots.review.review`, as the table's 复盘 button does).
Printed per rule set: the decisions weighed per hand, the costly ones found, and the review's wall time per hand,
median and slowest (goal: <= 15 s a hand, on an idle machine).
"""

from __future__ import annotations

import argparse
import statistics
import time

from gouji_teach.bots.players import SimplePlayer, play_hand
from gouji_teach.bots.review import review
from gouji_teach.bots.strategy import TeamPlayer
from gouji_teach.rules.rulesets import PRESETS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"review of a hand, {args.hands} hands per rule set from seed {args.seed}")
    print(f"{'rules':<10} {'weighed/hand':>12} {'found/hand':>10} {'median s':>9} {'max s':>7}")
    for name in PRESETS:
        walls, weighed, found = [], [], []
        for seed in range(args.seed, args.seed + args.hands):
            game = play_hand(seed, name, [SimplePlayer()] + [TeamPlayer() for _ in range(5)])
            steps: list[int] = []
            t0 = time.perf_counter()
            mistakes = review(game, 0, top=100, on_progress=lambda done, _total, steps=steps: steps.append(done))
            walls.append(time.perf_counter() - t0)
            weighed.append(len(steps))
            found.append(len(mistakes))
        print(f"{name:<10} {statistics.fmean(weighed):>12.1f} {statistics.fmean(found):>10.1f} "
              f"{statistics.median(walls):>9.1f} {max(walls):>7.1f}", flush=True)
    print("goal: <= 15 s a hand")


if __name__ == "__main__":
    main()

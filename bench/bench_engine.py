"""Benchmark of the play engine: prints medians, and the targets of the play-engine issue.

    python bench/bench_engine.py            # 40 hands per rule set, 200 legal_actions calls per position
    python bench/bench_engine.py --quick    # 10 hands, 50 calls

* one self-played hand with six :class:`~gouji_teach.players.SimplePlayer` (deal, 买三/买四, play to the end),
  median ms per rule set over different seeds (target <= 50 ms);
* ``legal_actions`` of a seat holding 36 dealt cards, median ms: answering a play on the table (target
  <= 1 ms) and, for comparison, leading (every distinct play of the hand).
"""

from __future__ import annotations

import argparse
import statistics
import time

from gouji_teach.cards import Rank
from gouji_teach.engine import Game
from gouji_teach.players import play_hand
from gouji_teach.rulesets import PRESETS


def median_ms(fn, repeats: int) -> float:
    """Median CPU time of ``fn(i)`` in ms (process time: the same as wall time on an idle machine, and not
    inflated when other processes share the cores)."""
    times = []
    for i in range(repeats):
        t0 = time.process_time()
        fn(i)
        times.append((time.process_time() - t0) * 1000)
    return statistics.median(times)


def bench_selfplay(hands: int) -> None:
    print(f"one self-played hand, six SimplePlayers (median of {hands} seeds; target <= 50 ms)")
    for name in PRESETS:
        ms = median_ms(lambda i, name=name: play_hand(1000 + i, name), hands)
        print(f"  {name:<10} {ms:7.1f} ms")


def _positions(name: str) -> tuple[Game, Game]:
    """A dealt hand: the seat after the leader answering a single card, and the leader about to lead."""
    lead = Game.deal(7, name)
    answer = lead.copy()
    seat = answer.to_act
    lowest = min((c for c in answer.hands[seat] if Rank.FIVE <= c.rank <= Rank.NINE), key=lambda c: c.rank)
    answer.act(f"seat {seat} plays {lowest.rank.notation}")
    return answer, lead


def bench_legal_actions(calls: int) -> None:
    print(f"legal_actions on a dealt hand (median of {calls} calls; target <= 1 ms)")
    for name in PRESETS:
        answer, lead = _positions(name)
        a = median_ms(lambda i, g=answer: g.legal_actions(), calls)
        b = median_ms(lambda i, g=lead: g.legal_actions(), calls)
        print(f"  {name:<10} answering a single ({len(answer.hands[answer.to_act])} cards) {a:6.2f} ms   "
              f"leading ({len(lead.hands[lead.to_act])} cards) {b:6.2f} ms, {len(lead.legal_actions())} actions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller workloads")
    args = parser.parse_args()
    bench_selfplay(10 if args.quick else 40)
    bench_legal_actions(50 if args.quick else 200)


if __name__ == "__main__":
    main()

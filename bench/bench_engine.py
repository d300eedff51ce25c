"""Benchmark of the play engine: prints cold and warm medians (CPU time), and the targets of issues 8 and 14.

    python bench/bench_engine.py            # 40 hands per rule set, 30 fresh deals, 9 fresh processes
    python bench/bench_engine.py --quick    # 10 hands, 10 deals, 3 processes

* one self-played hand with six :class:`~gouji_teach.bots.players.SimplePlayer` (deal, 买三/买四, play to the end),
  median ms per rule set over different seeds (target <= 50 ms);
* ``legal_actions`` of the seat to act on a dealt hand, leading (every distinct play of the hand: 36 cards, 51
  under zaozhuang) and answering a single card, timed three ways:

  - **first call in a fresh process**: a new interpreter imports the package, deals, and times its very first
    ``legal_actions`` (median over the processes);
  - **cold**: a fresh deal in a running process with the engine's caches cleared first
    (:func:`gouji_teach.rules.options.composition_notation`), the first call on that deal (median over the deals);
  - **warm**: the same position asked again, median of repeated calls.

  Targets (issue 14), cold: <= 1 ms on 36 cards, <= 2 ms on zaozhuang's 51.

Every figure is process CPU time (``time.process_time``), so other jobs on a shared machine do not inflate it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from gouji_teach.bots.players import play_hand
from gouji_teach.rules.cards import Rank
from gouji_teach.rules.engine import Game
from gouji_teach.rules.options import composition_notation
from gouji_teach.rules.rulesets import PRESETS


def cpu_ms(fn: Callable[[], object]) -> float:
    """CPU time of one call of ``fn``, in ms."""
    t0 = time.process_time()
    fn()
    return (time.process_time() - t0) * 1000


def median_ms(fn: Callable[[int], object], repeats: int) -> float:
    """Median CPU time of ``fn(i)`` for ``i`` in ``range(repeats)``, in ms."""
    return statistics.median(cpu_ms(lambda i=i: fn(i)) for i in range(repeats))


def bench_selfplay(hands: int) -> None:
    print(f"one self-played hand, six SimplePlayers (median of {hands} seeds; target <= 50 ms)")
    for name in PRESETS:
        ms = median_ms(lambda i, name=name: play_hand(1000 + i, name), hands)
        print(f"  {name:<10} {ms:7.1f} ms")


def answering(game: Game) -> Game:
    """A copy of a dealt ``game`` in which the leader has led its lowest single from 5 to 9: the next seat
    answers it."""
    game = game.copy()
    seat = game.to_act
    lowest = min((c for c in game.hands[seat] if Rank.FIVE <= c.rank <= Rank.NINE), key=lambda c: c.rank)
    game.act(f"seat {seat} plays {lowest.rank.notation}")
    return game


def _first_call(name: str, seed: int) -> dict[str, float]:
    """In this process: the first ``legal_actions`` ever, leading, then (caches cleared) answering."""
    lead = Game.deal(seed, name)
    answer = answering(lead)
    first = cpu_ms(lead.legal_actions)
    composition_notation.cache_clear()
    return {"lead": first, "answer": cpu_ms(answer.legal_actions)}


def fresh_processes(name: str, runs: int) -> dict[str, float]:
    """Median over ``runs`` new interpreters of :func:`_first_call` (a new seed each)."""
    code = "import json, sys; from bench_engine import _first_call; print(json.dumps(_first_call(sys.argv[1], "
    code += "int(sys.argv[2]))))"
    figures = []
    for i in range(runs):
        out = subprocess.run([sys.executable, "-c", code, name, str(500 + i)], check=True, capture_output=True,
                             text=True, cwd=Path(__file__).resolve().parent).stdout
        figures.append(json.loads(out))
    return {k: statistics.median(f[k] for f in figures) for k in ("lead", "answer")}


def cold_and_warm(name: str, deals: int, calls: int) -> dict[str, float]:
    """Medians over ``deals`` fresh deals: the first call with cleared caches (cold), then ``calls`` repeats
    (warm), leading and answering; with the hand sizes and the number of leading actions."""
    cold_lead, cold_answer, warm_lead, warm_answer, sizes, actions = [], [], [], [], [], []
    for i in range(deals):
        lead = Game.deal(2000 + i, name)
        answer = answering(lead)
        composition_notation.cache_clear()
        cold_lead.append(cpu_ms(lead.legal_actions))
        composition_notation.cache_clear()
        cold_answer.append(cpu_ms(answer.legal_actions))
        warm_lead.append(median_ms(lambda _i, g=lead: g.legal_actions(), calls))
        warm_answer.append(median_ms(lambda _i, g=answer: g.legal_actions(), calls))
        sizes.append(len(lead.hands[lead.to_act]))
        actions.append(len(lead.legal_actions()))
    med = statistics.median
    return {"cold lead": med(cold_lead), "cold answer": med(cold_answer), "warm lead": med(warm_lead),
            "warm answer": med(warm_answer), "cards": med(sizes), "actions": med(actions)}


def bench_legal_actions(deals: int, calls: int, runs: int) -> None:
    print(f"legal_actions of the seat to act on a dealt hand, CPU ms: first call in a fresh process (median of "
          f"{runs}), cold = fresh deal with cleared caches, warm = repeated call (medians of {deals} deals, "
          f"{calls} calls each); cold targets <= 1 ms on 36 cards, <= 2 ms on 51")
    for name in PRESETS:
        fresh = fresh_processes(name, runs)
        f = cold_and_warm(name, deals, calls)
        print(f"  {name:<10} leading {f['cards']:.0f} cards ({f['actions']:.0f} actions): fresh process "
              f"{fresh['lead']:5.2f}, cold {f['cold lead']:5.2f}, warm {f['warm lead']:5.2f}   "
              f"answering a single: cold {f['cold answer']:5.2f}, warm {f['warm answer']:5.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller workloads")
    args = parser.parse_args()
    bench_selfplay(10 if args.quick else 40)
    bench_legal_actions(10 if args.quick else 30, 20 if args.quick else 50, 3 if args.quick else 9)


if __name__ == "__main__":
    main()

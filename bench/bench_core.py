"""Benchmark of the rules core: prints medians of several runs, and the targets of issue 2.

    python bench/bench_core.py            # full run (about a minute)
    python bench/bench_core.py --quick    # smaller workloads

Workload: random same-size plays dealt from four packs, a base rank with 2s and jokers attached at random
(never more copies of a card than four packs hold), under each rule set in turn.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time

from gouji_teach import PRESETS, Hand, Play, Rank, beating_plays, beats, build_deck
from gouji_teach.cards import BASE_RANKS, format_cards
from gouji_teach.plays import _CARD


def random_play_cards(rng: random.Random, size: int, tieqian: bool) -> list:
    """A random legal composition of ``size`` cards from four packs, as a list of cards."""
    while True:
        big = rng.choice((0, 0, 0, 1, 2)) if size > 1 else rng.choice((0, 0, 0, 0, 1))
        small = rng.choice((0, 0, 0, 1, 2)) if size > 1 else rng.choice((0, 0, 0, 0, 1))
        twos = rng.choice((0, 0, 1, 2, 3)) if tieqian or rng.random() < 0.1 else 0
        base = size - big - small - twos
        if base < 0 or base > 16 or (twos and base and not tieqian) or big > 4 or small > 4:
            continue
        cards = [_CARD[Rank.BIG_JOKER]] * big + [_CARD[Rank.SMALL_JOKER]] * small + [_CARD[Rank.TWO]] * twos
        cards += [_CARD[rng.choice(BASE_RANKS)]] * base
        return cards


def workload(rules, n: int, seed: int) -> list[tuple[Play, Play]]:
    rng = random.Random(seed)
    pairs = []
    for _ in range(n):
        size = rng.choice((1, 1, 2, 2, 3, 4, 5, 6, 7))
        a = random_play_cards(rng, size, rules.tieqian)
        b = random_play_cards(rng, size, rules.tieqian)
        pairs.append((Play(a, rules), Play(b, rules)))
    return pairs


def median_rate(fn, count: int, repeats: int) -> float:
    rates = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        rates.append(count / (time.perf_counter() - t0))
    return statistics.median(rates)


def bench_beats(n: int, repeats: int) -> None:
    print(f"beats on pre-parsed same-size plays ({n:,} pairs per run, median of {repeats}; target >= 1,500,000/s)")
    for rules in PRESETS.values():
        pairs = workload(rules, n, seed=1)
        yes = sum(1 for a, b in pairs if beats(a, b, rules))

        def run(pairs=pairs, rules=rules):
            for a, b in pairs:
                beats(a, b, rules)

        rate = median_rate(run, n, repeats)
        print(f"  {rules.name:<10} {rate:>12,.0f} verdicts/s   ({100 * yes / n:.0f}% yes)")


def bench_notation(n: int, repeats: int) -> None:
    print(f"parse + count + verdict from notation strings ({n:,} pairs per run; target >= 100,000/s)")
    for rules in PRESETS.values():
        texts = [(format_cards(a.cards), format_cards(b.cards)) for a, b in workload(rules, n, seed=2)]

        def run(texts=texts, rules=rules):
            for a, b in texts:
                beats(Play.parse(a, rules), Play.parse(b, rules), rules)

        print(f"  {rules.name:<10} {median_rate(run, n, repeats):>12,.0f} /s")


def bench_enumerator(hands: int) -> None:
    print(f"all beating plays, 36-card hand vs 5-card plain target ({hands} hands; target median <= 0.5 ms)")
    rng = random.Random(3)
    for rules in PRESETS.values():
        times, found = [], []
        for _ in range(hands):
            deck = build_deck(4, suits=False)
            rng.shuffle(deck)
            hand = Hand(deck[:36])
            target = Play([_CARD[rng.choice(BASE_RANKS[:8])]] * 5, rules)
            t0 = time.perf_counter()
            plays = beating_plays(hand, target, rules)
            times.append(time.perf_counter() - t0)
            found.append(len(plays))
        print(f"  {rules.name:<10} median {1000 * statistics.median(times):.3f} ms, "
              f"p90 {1000 * statistics.quantiles(times, n=10)[-1]:.3f} ms, median {statistics.median(found):.0f} plays")


def bench_import(repeats: int) -> None:
    def run(code: str) -> float:
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        return time.perf_counter() - t0

    base = statistics.median(run("pass") for _ in range(repeats))
    full = statistics.median(run("import gouji_teach") for _ in range(repeats))
    print(f"import gouji_teach: {1000 * (full - base):.1f} ms over a bare interpreter start "
          f"({1000 * base:.1f} ms), median of {repeats}; target <= 100 ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller workloads")
    args = parser.parse_args()
    scale = 10 if args.quick else 1
    print(f"Python {sys.version.split()[0]}, one process")
    bench_beats(200_000 // scale, 5)
    bench_notation(50_000 // scale, 5)
    bench_enumerator(500 // scale)
    bench_import(7)


if __name__ == "__main__":
    main()

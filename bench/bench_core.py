"""Benchmark of the rules core: prints medians of several runs, and the targets of issue 2.

    python bench/bench_core.py            # full run (about a minute)
    python bench/bench_core.py --quick    # smaller workloads, shorter windows

Workload: random same-size plays dealt from four packs, a base rank with 2s and jokers attached at random
(never more copies of a card than four packs hold), under each rule set in turn.

Rates and times are process CPU time (``time.process_time``), so other jobs sharing the machine do not inflate
them; each rate is measured over a window of at least ``--window`` seconds of CPU time (the workload repeats
until the window is full), the median of five windows. The enumerator has no cache: each hand is a fresh one.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time

from gouji_teach import PRESETS, Hand, Play, Rank, beating_plays, beats, build_deck
from gouji_teach.rules.cards import BASE_RANKS, deck_limits, format_cards
from gouji_teach.rules.plays import _CARD


def random_play_cards(rng: random.Random, size: int, tieqian: bool, limits: tuple[int, ...]) -> list:
    """A random legal composition of ``size`` cards, as a list of cards: never more copies of a card than
    ``limits`` (:func:`~gouji_teach.rules.cards.deck_limits` of the rule set, four packs at least) allow."""
    while True:
        big = rng.choice((0, 0, 0, 1, 2)) if size > 1 else rng.choice((0, 0, 0, 0, 1))
        small = rng.choice((0, 0, 0, 1, 2)) if size > 1 else rng.choice((0, 0, 0, 0, 1))
        twos = rng.choice((0, 0, 1, 2, 3)) if tieqian or rng.random() < 0.1 else 0
        base = size - big - small - twos
        if base < 0 or base > 16 or (twos and base and not tieqian) or big > 4 or small > 4:
            continue
        cards = [_CARD[Rank.BIG_JOKER]] * big + [_CARD[Rank.SMALL_JOKER]] * small + [_CARD[Rank.TWO]] * twos
        rank = rng.choice(BASE_RANKS)
        if base > limits[rank]:
            continue
        cards += [_CARD[rank]] * base
        return cards


def workload(rules, n: int, seed: int) -> list[tuple[Play, Play]]:
    rng = random.Random(seed)
    limits = deck_limits(rules.packs, rules.keep_threes)
    pairs = []
    for _ in range(n):
        size = rng.choice((1, 1, 2, 2, 3, 4, 5, 6, 7))
        a = random_play_cards(rng, size, rules.tieqian, limits)
        b = random_play_cards(rng, size, rules.tieqian, limits)
        pairs.append((Play(a, rules), Play(b, rules)))
    return pairs


#: CPU seconds each rate is measured over at least (``--window``).
WINDOW = [0.5]


def median_rate(fn, count: int, repeats: int) -> float:
    """Median over ``repeats`` windows of ``count`` operations per CPU second; ``fn`` does ``count`` operations
    and runs again until the window (:data:`WINDOW`) is full."""
    rates = []
    for _ in range(repeats):
        runs, t0 = 0, time.process_time()
        while True:
            fn()
            runs += 1
            elapsed = time.process_time() - t0
            if elapsed >= WINDOW[0]:
                break
        rates.append(runs * count / elapsed)
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
    print(f"all beating plays, 36-card hand dealt from the rule set's deck vs 5-card plain target ({hands} hands; "
          "target median <= 0.5 ms)")
    rng = random.Random(3)
    for rules in PRESETS.values():
        times, found = [], []
        for _ in range(hands):
            keep = {Rank.THREE: rules.keep_threes} if rules.keep_threes else None
            deck = build_deck(rules.packs, suits=False, keep=keep)
            rng.shuffle(deck)
            hand = Hand(deck[:36])
            target = Play([_CARD[rng.choice(BASE_RANKS[:8])]] * 5, rules)
            t0 = time.process_time()
            plays = beating_plays(hand, target, rules)
            times.append(time.process_time() - t0)
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
    parser.add_argument("--window", type=float, help="CPU seconds per measured window (default 0.5, quick 0.2)")
    args = parser.parse_args()
    scale = 10 if args.quick else 1
    WINDOW[0] = args.window or (0.2 if args.quick else 0.5)
    print(f"Python {sys.version.split()[0]}, one process, CPU time, windows of {WINDOW[0]} s")
    bench_beats(200_000 // scale, 5)
    bench_notation(50_000 // scale, 5)
    bench_enumerator(500 // scale)
    bench_import(7)


if __name__ == "__main__":
    main()

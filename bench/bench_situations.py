"""Benchmark of the situation drills (革命, 四户乱缠, 让牌, 买三, 宣点, the rule sets): it prints figures and asserts
nothing.

    python bench/bench_situations.py [--drills 200]

1. Time to build one drill of each kind (median and worst over the drills, all rule sets and levels; a quiz page
   builds its drills in the kernel before it is shown).
2. Choice-only guessing on the multiple-choice kinds: the rule of ``tests/guessing.py`` (it sees only the
   choices, in Chinese and English) that picks the right one most often, and chance (25% with four choices).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from guessing import score_rules  # from tests/, put on the path just above

from gouji_teach import PRESETS
from gouji_teach.teach.drills import LEVELS, make_drill
from gouji_teach.teach.puzzles import REGISTRY, AnsweredBy

RULES = list(PRESETS)
#: The kinds about a stage's situations.
KINDS = ("buy", "luanchan", "revolution", "rulesets", "xuandian", "yield")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drills", type=int, default=200, help="drills of each kind (default 200)")
    n = parser.parse_args().drills
    print(f"{'kind':12} {'median ms':>10} {'worst ms':>9}  best choice-only rule (of {n} drills), chance")
    for kind in KINDS:
        times: list[float] = []
        for i in range(n):
            start = time.perf_counter()
            make_drill(kind, 1000 + i, level=LEVELS[i % 3], rules=RULES[(i // 3) % 4])
            times.append((time.perf_counter() - start) * 1000)
        if REGISTRY[kind].answered_by is AnsweredBy.CHOICE:  # else toggled seats or rule sets: no one choice
            rates, chance = score_rules(kind, n, first=1000)
            best = max(rates, key=rates.__getitem__)
            guess = f"{best} {rates[best]:.0%}, chance {chance:.0%}"
        else:
            guess = "(toggles: no choices)"
        print(f"{kind:12} {statistics.median(times):10.1f} {max(times):9.1f}  {guess}")


if __name__ == "__main__":
    main()

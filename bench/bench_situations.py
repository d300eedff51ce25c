"""Benchmark of the situation drills (革命, 四户乱缠, 让牌, 买三, 宣点, the rule sets): it prints figures and asserts
nothing.

    python bench/bench_situations.py [--drills 200]

1. Time to build one drill of each kind (median and worst over the drills, all rule sets and levels; a quiz page
   builds its drills in the kernel before it is shown).
2. Choice-only guessing on the multiple-choice kinds: how often each rule that sees only the choices (first,
   second, last, longest, shortest, the choice sharing the most or the fewest words with the others, in Chinese
   and English) picks the right one (chance: 25% with four choices).
"""

from __future__ import annotations

import argparse
import re
import statistics
import time
from collections import Counter

from gouji_teach import PRESETS
from gouji_teach.teach.drills import make_drill
from gouji_teach.teach.situations import GENERATORS

LEVELS = ("easy", "medium", "hard")
RULES = list(PRESETS)


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+|[\u4e00-\u9fff]", text.lower()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drills", type=int, default=200, help="drills of each kind (default 200)")
    n = parser.parse_args().drills
    print(f"{'kind':12} {'median ms':>10} {'worst ms':>9}  best choice-only rule (of {n} drills)")
    for kind in sorted(GENERATORS):
        times: list[float] = []
        hits: Counter[str] = Counter()
        for i in range(n):
            start = time.perf_counter()
            puzzle = make_drill(kind, 1000 + i, level=LEVELS[i % 3], rules=RULES[(i // 3) % 4])
            times.append((time.perf_counter() - start) * 1000)
            choices = puzzle.choices
            if kind in ("luanchan", "yield", "rulesets") or len(choices) < 2:
                continue  # answered by toggling seats or rule sets: no choice to guess from
            right = next(c.key for c in choices if puzzle.check(c.key).correct)
            for lang in ("zh", "en"):
                def shared(c, lang=lang, choices=choices):
                    return sum(len(_words(getattr(c, lang)) & _words(getattr(o, lang))) for o in choices if o is not c)

                picks = {"first": choices[0], "second": choices[1], "last": choices[-1],
                         "longest": max(choices, key=lambda c, lang=lang: len(getattr(c, lang))),
                         "shortest": min(choices, key=lambda c, lang=lang: len(getattr(c, lang))),
                         "centre": max(choices, key=shared), "outlier": min(choices, key=shared)}
                for rule, choice in picks.items():
                    hits[f"{rule}/{lang}"] += choice.key == right
        best = max(hits, key=hits.__getitem__) if hits else None
        guess = f"{best} {100 * hits[best] / n:.0f}%" if best else "(toggles: no choices)"
        print(f"{kind:12} {statistics.median(times):10.1f} {max(times):9.1f}  {guess}")


if __name__ == "__main__":
    main()

"""Benchmark of the practice table: the kernel's CPU time to draw the table after each computer action.

    python bench/bench_practice.py

At a pace above 0 the practice table draws itself after every computer action, then pauses; a hand has about
170 of them, for every learner sitting at a table. The figure is the process CPU time per drawing (the pauses
themselves are skipped), best of three hands, for one deal per rule set.
"""

from __future__ import annotations

import time

from gouji_teach.rules.rulesets import PRESETS
from gouji_teach.teach import practice
from gouji_teach.teach.practice import PracticeTable


def drawing_ms(rules: str, seed: int = 3) -> tuple[int, float]:
    """The computer actions of one hand and the best CPU milliseconds per drawing after one."""
    best, pauses = float("inf"), []
    practice.time.sleep = pauses.append  # a drawing, then a pause: counted, not waited for
    for _ in range(3):
        pauses.clear()
        table = PracticeTable(rules, seed=seed, length=1, pace=0.6)
        start = time.process_time()
        table.practice.finish_with_computer()
        best = min(best, (time.process_time() - start) / len(pauses))
        table.close()
    return len(pauses), 1000 * best


def main() -> None:
    print(f"{'rule set':<10} {'actions':>8} {'ms per drawing':>15}")
    for rules in PRESETS:
        actions, ms = drawing_ms(rules)
        print(f"{rules:<10} {actions:>8} {ms:>15.1f}")


if __name__ == "__main__":
    main()

"""Benchmark of the levels' answers (issue 22 item 3): for every multiple-choice kind of the drill registry, every
level and every rule set, the right answer that comes most often over the drills and its share, against chance
(the mean of 1 / number of choices); a share above what ``tests/test_level_answers.py`` allows (chance + 15 points,
or 1 / the number of answers + 15 points where a level allows fewer answers than choices) is marked. It asserts
nothing.

    python bench/bench_levels.py [--drills 200] [--kinds gouji rulesets]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from guessing import answer_shares  # from tests/, put on the path just above
from test_level_answers import bound

from gouji_teach import PRESETS
from gouji_teach.teach.drills import KINDS, LEVELS, make_drill


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drills", type=int, default=200, help="drills of each kind, level and rule set")
    parser.add_argument("--kinds", nargs="*", help="only these kinds (default: every multiple-choice kind)")
    args = parser.parse_args()
    kinds = args.kinds or [k for k in KINDS if make_drill(k, 0, level="easy", rules="qingdao").choices]
    print(f"{'kind':11} {'level':7} {'rules':10} {'share':>6} {'chance':>7} {'bound':>6}  most frequent right answer")
    for kind in kinds:
        start = time.perf_counter()
        for level in LEVELS:
            for rules in PRESETS:
                shares = answer_shares(kind, level, rules, args.drills)
                try:
                    most, why = bound(kind, level, rules, shares)
                except AssertionError as e:  # an answer the level should not allow
                    most, why = 0.0, str(e)
                mark = "  FAIL" if shares.share > most else ""
                note = f"  ({why.split(':')[0]})" if why else ""
                print(f"{kind:11} {level:7} {rules:10} {shares.share:6.0%} {shares.chance:7.0%} {min(most, 1):6.0%}  "
                      f"{shares.top[:50]}{mark}{note}", flush=True)
        print(f"{kind:11} ({time.perf_counter() - start:.1f} s)", flush=True)


if __name__ == "__main__":
    main()

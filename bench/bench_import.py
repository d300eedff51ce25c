"""Benchmark of ``import gouji_teach``: the median process CPU time of the import in a fresh interpreter, and the
modules that cost the most (issue 27 item 7, target <= 60 ms CPU).

    python bench/bench_import.py              # 9 fresh interpreters
    python bench/bench_import.py --runs 21    # more
    python bench/bench_import.py --module gouji_teach.teach   # another module

Each run starts a new interpreter and times only the import statement with ``time.process_time`` (CPU time, so
other jobs sharing the machine do not inflate it). Bytecode is written and used as an installed package would:
``PYTHONDONTWRITEBYTECODE`` is dropped from the children's environment and one untimed import warms the cache
first (without a cache every module is compiled from source on each import, several times slower). The top
modules are ranked by their median self time from ``python -X importtime`` over the same number of runs (wall
time in microseconds, as Python reports it).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from collections import defaultdict

_TIMED = "import time; t = time.process_time(); import {m}; print(time.process_time() - t)"


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def cpu_ms(module: str, runs: int) -> list[float]:
    """The CPU milliseconds of ``import module``, one fresh interpreter per run."""
    env = _env()
    subprocess.run([sys.executable, "-c", f"import {module}"], check=True, env=env)  # writes the bytecode cache
    out = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", _TIMED.format(m=module)], check=True, env=env,
                              capture_output=True, text=True)
        out.append(1000 * float(done.stdout))
    return out


def self_times(module: str, runs: int) -> dict[str, float]:
    """Median self time (microseconds) of each module imported by ``import module``, from ``-X importtime``."""
    times: dict[str, list[int]] = defaultdict(list)
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-X", "importtime", "-c", f"import {module}"], check=True,
                              env=_env(), capture_output=True, text=True)
        lines = done.stderr.splitlines()
        # only what the import itself brings in: the lines after the interpreter's own start-up (site)
        start = next((i + 1 for i, line in enumerate(lines) if line.rstrip().endswith("| site")), 0)
        for line in lines[start:]:
            if not line.startswith("import time:") or "self [us]" in line:
                continue
            own, _, name = line[len("import time:"):].split("|")
            times[name.strip()].append(int(own))
    return {name: statistics.median(v + [0] * (runs - len(v))) for name, v in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="fresh interpreters (default 9)")
    parser.add_argument("--module", default="gouji_teach", help="module to import (default gouji_teach)")
    args = parser.parse_args()
    ms = cpu_ms(args.module, args.runs)
    print(f"Python {sys.version.split()[0]}: import {args.module}: median {statistics.median(ms):.1f} ms CPU "
          f"(min {min(ms):.1f}, max {max(ms):.1f}) over {args.runs} fresh interpreters; target <= 60 ms")
    own = self_times(args.module, args.runs)
    print(f"top 10 modules by self time (median of {args.runs} runs of -X importtime, us, wall):")
    for name, us in sorted(own.items(), key=lambda kv: -kv[1])[:10]:
        print(f"  {us:>8,.0f}  {name}")
    print(f"  {sum(own.values()):>8,.0f}  all {len(own)} modules")


if __name__ == "__main__":
    main()

"""Benchmark of the input limits: it prints figures and asserts nothing.

    python bench/bench_inputs.py [--runs 5]

The 306-byte YAML alias bomb of issue 22 (9 alias levels of 9: 9⁹ values once written out), given to
``gouji-teach check`` and ``gouji-teach replay`` in process: the median time to its one-line refusal
(target: < 1 s; before aliases were counted, both ran past 60 s).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import tempfile
import time
from pathlib import Path

from gouji_teach.cli import main

BOMB = ("a: &a [x,x,x,x,x,x,x,x,x]\n" + "".join(
    f"{n}: &{n} [{','.join(['*' + p] * 9)}]\n" for p, n in zip("abcdefgh", "bcdefghi", strict=True)))


def main_bench() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bomb.yaml"
        path.write_text(BOMB, encoding="utf-8")
        print(f"alias bomb: {len(BOMB.encode())} bytes")
        for command in ("check", "replay"):
            times, err = [], io.StringIO()
            for _ in range(runs):
                err = io.StringIO()
                start = time.perf_counter()
                with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                    status = main([command, str(path)])
                times.append(time.perf_counter() - start)
            print(f"{command}: median {statistics.median(times) * 1000:.0f} ms over {runs} runs, exit {status}: "
                  f"{err.getvalue().strip().replace(str(path), 'bomb.yaml')}")


if __name__ == "__main__":
    main_bench()

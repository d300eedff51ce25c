"""Benchmark of the progress store on SQLite and PostgreSQL: it prints figures and asserts nothing.

    python bench/bench_progress.py [--processes 4] [--attempts 500] [--postgres postgresql://…]

Several processes (kernels, in a class) record attempts into one new store at once, as fast as they can; the
figures are attempts per second in all, the median and 95th percentile time of one ``record_attempt`` call, and
whether every attempt was kept. PostgreSQL is measured in a new schema of the database ``--postgres`` (default:
``$GOUJI_TEST_POSTGRES``), dropped afterwards; without one only SQLite is measured.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gouji_teach.teach.progress import ProgressStore


def _record(where: str, index: int, attempts: int, start, out) -> None:
    store = ProgressStore(where)
    learner = store.learner(f"learner {index}")
    start.wait()
    times = []
    for n in range(attempts):
        began = time.perf_counter()
        store.record_attempt(learner, "bench", f"drill-{n % 10}", rules=("compare.rank",), correct=n % 4 == 0,
                             answer=str(n))
        times.append(time.perf_counter() - began)
    out.put(times)


def measure(where: str, processes: int, attempts: int) -> None:
    context = multiprocessing.get_context("spawn")
    start, out = context.Barrier(processes + 1), context.Queue()
    workers = [context.Process(target=_record, args=(where, i, attempts, start, out)) for i in range(processes)]
    ProgressStore(where)  # the schema exists before the clock starts
    for worker in workers:
        worker.start()
    start.wait()
    began = time.perf_counter()
    times = [t for _ in workers for t in out.get()]
    elapsed = time.perf_counter() - began
    for worker in workers:
        worker.join()
    kept = len(ProgressStore(where).attempts())
    quantiles = statistics.quantiles(times, n=20)
    print(f"  {processes} processes x {attempts} attempts: {len(times) / elapsed:.0f} attempts/s, "
          f"record_attempt median {statistics.median(times) * 1000:.1f} ms, p95 {quantiles[18] * 1000:.1f} ms, "
          f"kept {kept}/{processes * attempts}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--attempts", type=int, default=500)
    parser.add_argument("--postgres", default=os.environ.get("GOUJI_TEST_POSTGRES", ""))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        print("SQLite (one file, WAL):")
        measure(str(Path(folder) / "bench.sqlite3"), args.processes, args.attempts)
    if not args.postgres:
        print("PostgreSQL: not measured (give --postgres or set GOUJI_TEST_POSTGRES)")
        return
    import psycopg

    schema = f"gouji_bench_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(args.postgres, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    try:
        print("PostgreSQL (one schema):")
        separator = "&" if "?" in args.postgres else "?"
        measure(f"{args.postgres}{separator}options=-csearch_path%3D{schema}", args.processes, args.attempts)
    finally:
        with psycopg.connect(args.postgres, autocommit=True) as admin:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")


if __name__ == "__main__":
    main()

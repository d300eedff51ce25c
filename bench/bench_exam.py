"""Benchmark of exams and the class report: prints figures (CPU time, so other jobs on the machine do not inflate
them); there are no targets, the figures say what a class of this size costs.

    python bench/bench_exam.py              # a 20-question exam of every kind, a class of 30 learners
    python bench/bench_exam.py --quick      # 9 questions, 10 learners

* the exam page in a kernel: building the page with every question (after "start"), keeping one answer,
  submitting (every answer checked then), in ms;
* rebuilding a learner's questions offline: how many candidate secrets a second one machine can test (each
  candidate: one learner's variant drawn with HMAC), and what searching the 128-bit secret would take;
* ``gouji-teach report``'s work for a class that practised (30 answers each) and sat the exam: building the
  report, its CSV and JSON, and the mastery map (SVG), in ms.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import tempfile
import time
from pathlib import Path

from gouji_teach.teach import exam as ex
from gouji_teach.teach import report as rep
from gouji_teach.teach.drills import KINDS
from gouji_teach.teach.progress import ProgressStore


def cpu_ms(fn) -> tuple[float, object]:
    t0 = time.process_time()
    out = fn()
    return 1000 * (time.process_time() - t0), out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    count, learners = (len(KINDS), 10) if args.quick else (20, 30)
    with tempfile.TemporaryDirectory() as folder:
        store = ProgressStore(Path(folder) / "class.sqlite3")
        exam = ex.new_exam(store, rules="linyi", kinds=",".join(KINDS), count=count, seed=1)
        build, first = [], []
        keep = submit = 0.0
        for i in range(learners):
            name = f"learner-{i:02d}"
            for j in range(30):
                store.record_attempt(name, "compare", f"beats/{j}", rules=(f"rule.{j % 12}",), correct=(i + j) % 3 > 0)
            puzzles = [ex.drill(d) for _n, d in ex.variant(exam, name)]
            page = ex.ExamPage(ex.start(f"exam={exam.code}"), store)
            page.name.value = name
            ms, _ = cpu_ms(page.begin)
            (first if i == 0 else build).append(ms)
            for question, puzzle in zip(page.questions, puzzles, strict=True):
                answer = puzzle.choices[i % len(puzzle.choices)].key if puzzle.choices else "3"
                ms, _ = cpu_ms(lambda q=question, a=answer: q.answer(a))
                keep += ms
            ms, _ = cpu_ms(lambda p=page: (p.submit(), p.submit()))
            submit += ms
            page.close()
        answers = learners * count
        print(f"exam of {count} questions ({', '.join(KINDS)}), {learners} learners, linyi")
        print(f"  page with every question (after start): first learner {first[0]:.0f} ms,"
              f" median of the others {sorted(build)[len(build) // 2]:.0f} ms")
        print(f"  keeping one answer (saved at once, no verdict): {keep / answers:.1f} ms")
        print(f"  submitting (every answer checked, verdicts stored, results drawn): {submit / learners:.0f} ms")
        tries = 20_000
        ms, _ = cpu_ms(lambda: [ex.variant(dataclasses.replace(exam, secret=i.to_bytes(16)), "learner-00")
                                for i in range(tries)])
        rate = tries / (ms / 1000)
        years = 2 ** 127 / rate / (365.25 * 24 * 3600)  # half the space, on average
        print(f"offline search of the exam's secret: {rate:,.0f} candidates a second;"
              f" 2^128 secrets, about {years:.1e} years on average")
        ms, report = cpu_ms(lambda: rep.build(store))
        print(f"report of {learners} learners x {len(report.rules)} rules, 1 exam: build {ms:.0f} ms", end="")
        ms_csv, _ = cpu_ms(lambda: rep.to_csv(report))
        ms_json, _ = cpu_ms(lambda: json.dumps(rep.to_json(report), ensure_ascii=False))
        ms_svg, svg = cpu_ms(lambda: rep.heatmap_svg(report))
        print(f", CSV {ms_csv:.1f} ms, JSON {ms_json:.1f} ms, mastery map {ms_svg:.1f} ms ({len(svg) // 1024} KB)")


if __name__ == "__main__":
    main()

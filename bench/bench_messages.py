"""What a page's kernel sends the browser while its notebook runs: iopub messages by kind (widget models opened,
widget updates after they opened, the rest), their JSON size, and the updates by the properties they set. It runs
each course notebook in a kernel of its own (as Voila does, without the server) and asserts nothing.

    python bench/bench_messages.py                    # 04_compare, 08_kaidian, 14_jingong, the landing page
    python bench/bench_messages.py 02_cards.ipynb 17_practice.ipynb

Widgets the course's page builders make open with their final properties (``controls.built_whole``): an update
after a ``comm_open`` is a property set after the widget was made outside a builder.
"""

from __future__ import annotations

import argparse
import collections
import json
import tempfile
from typing import Any

import nbformat
from nbclient import NotebookClient

from gouji_teach.app import COURSE_DIR

DEFAULT = ("04_compare.ipynb", "08_kaidian.ipynb", "14_jingong.ipynb", "index.ipynb")


class _Counting(NotebookClient):
    """A notebook client that counts the kernel's iopub messages."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kinds: collections.Counter[str] = collections.Counter()
        self.updates: collections.Counter[str] = collections.Counter()
        self.size = 0

    def process_message(self, msg: dict, cell: Any, cell_index: int) -> Any:
        kind = msg["msg_type"]
        self.kinds[kind] += 1
        self.size += len(json.dumps(msg["content"], default=str))
        data = msg["content"].get("data", {}) if kind == "comm_msg" else {}
        if data.get("method") == "update":
            self.updates[", ".join(sorted(data.get("state", {})))] += 1
        return super().process_message(msg, cell, cell_index)


def measure(name: str) -> _Counting:
    notebook = nbformat.read(COURSE_DIR / name, as_version=4)
    with tempfile.TemporaryDirectory() as here:  # the kernel's working folder: nothing left in the checkout
        client = _Counting(notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": here}})
        client.execute()
    return client


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", default=list(DEFAULT), help="course notebooks (file names)")
    args = parser.parse_args(argv)
    print(f"{'page':<20} {'iopub':>6} {'comm_open':>9} {'updates':>8} {'other':>6} {'kB':>6}")
    for name in args.notebooks:
        c = measure(name)
        total, opened, updates = sum(c.kinds.values()), c.kinds["comm_open"], sum(c.updates.values())
        print(f"{name:<20} {total:>6} {opened:>9} {updates:>8} {total - opened - updates:>6} {c.size / 1000:>6.0f}")
        for props, n in c.updates.most_common(5):
            print(f"    {n:>4} updates of {props}")


if __name__ == "__main__":
    main()

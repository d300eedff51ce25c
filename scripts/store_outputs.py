"""Execute the course notebooks and store the outputs that nbval compares.

    python scripts/store_outputs.py            # every notebook in tutorials/
    python scripts/store_outputs.py tutorials/04_compare.ipynb

Only cells tagged ``nbval-check-output`` keep their outputs (deterministic text that nbval compares); every
other cell is stored without outputs and widget state, so that the files stay small and hold no answers.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

TUTORIALS = Path(__file__).resolve().parent.parent / "tutorials"
CHECKED = "nbval-check-output"


def store(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}},
                   store_widget_state=False).execute()
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)  # timestamps: noise in every diff
        if cell.cell_type == "code" and CHECKED not in cell.metadata.get("tags", []):
            cell.outputs = []
            cell.execution_count = None
    notebook.metadata.pop("widgets", None)
    nbformat.write(notebook, path)
    print(f"stored {path.name}")


def main(paths: list[str]) -> None:
    for path in [Path(p) for p in paths] or sorted(TUTORIALS.glob("*.ipynb")):
        store(path)


if __name__ == "__main__":
    main(sys.argv[1:])

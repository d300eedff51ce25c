"""Regenerate the golden replay transcripts: ``tests/golden/<scenario>.txt`` for every ``scenarios/*.yaml``.

Run from the repository root after a deliberate change of the engine's narration::

    python scripts/regen_golden.py

then review the diff (``git diff tests/golden``) before committing it.
"""

from __future__ import annotations

from pathlib import Path

from gouji_teach.rules.scenario import Scenario, replay

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
GOLDEN = ROOT / "tests" / "golden"


def golden_path(scenario: Path) -> Path:
    """Where the transcript of ``scenario`` is stored."""
    return GOLDEN / (scenario.stem + ".txt")


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for path in sorted(SCENARIOS.glob("*.yaml")):
        text = replay(Scenario.load(path.relative_to(ROOT)))
        golden_path(path).write_text(text, encoding="utf-8")
        print(f"wrote {golden_path(path).relative_to(ROOT)}")


if __name__ == "__main__":
    main()

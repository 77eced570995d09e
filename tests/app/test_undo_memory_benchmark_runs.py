"""The undo memory benchmark prints its rows (a small map, no figure asserted)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import undo_memory  # noqa: E402


def test_the_undo_memory_benchmark_prints_its_rows(
    qapp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    assert undo_memory.main(["--side", "64", "--strokes", "3"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0] == "| measure | now |"
    assert [line.split(" | ")[0].strip("| ") for line in lines[2:]] == [
        "one stroke of 300 dabs on 64 x 64: kept",
        "... a dab, pushed (tracemalloc on)",
        "then 3 strokes of 40 dabs (4 undo steps): kept",
        "the history cleared: left (the map's own fog)",
    ]

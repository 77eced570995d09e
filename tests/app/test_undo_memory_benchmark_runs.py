"""The undo memory benchmark prints its rows (a small map, no figure asserted)."""

from __future__ import annotations

import pytest

from benchmarks import undo_memory
from tests.app.benchmark_output import printed_lines


def test_the_undo_memory_benchmark_prints_its_rows(
    qapp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = printed_lines(undo_memory.main, ["--side", "64", "--strokes", "3"], capsys)
    assert lines[0] == "| measure | now |"
    assert [line.split(" | ")[0].strip("| ") for line in lines[2:]] == [
        "one stroke of 300 dabs on 64 x 64: kept",
        "... a dab, pushed (tracemalloc on)",
        "then 3 strokes of 40 dabs (4 undo steps): kept",
        "the history cleared: left (the map's own fog)",
    ]

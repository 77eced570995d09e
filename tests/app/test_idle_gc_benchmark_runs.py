"""The idle collections benchmark prints its rows (200 tokens, a few drags; no figure asserted)."""

from __future__ import annotations

import pytest

from benchmarks import idle_gc
from tests.app.benchmark_output import printed_lines


@pytest.mark.slow
def test_the_idle_gc_benchmark_prints_its_rows(capsys: pytest.CaptureFixture[str]) -> None:
    lines = printed_lines(idle_gc.main, ["--quick", "--drags", "3", "--rest", "1.5"], capsys)
    assert lines[0] == "| moment | now | before (same work) |"
    rows = [line.strip("| ").split(" | ") for line in lines[2:-1]]
    assert [row[0].split(", ", 2)[-1] for row in rows[:4]] == [
        "after the load and the warm-up: longest idle step",
        "after a scene switch (away and back): longest idle step",
        "after the scripted hour: longest idle step",
        "after File > Open of the same file: longest idle step",
    ]
    assert rows[-1][1].endswith(" objects") and lines[-1].startswith("load average")

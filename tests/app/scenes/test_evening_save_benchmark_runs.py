"""The evening-save benchmark prints its two rows: six scenes and the scene alone."""

from __future__ import annotations

import re

import pytest

from benchmarks import evening_save
from tests.app.benchmark_output import printed_lines


def test_the_evening_save_benchmark_prints_its_rows(capsys: pytest.CaptureFixture[str]) -> None:
    lines = printed_lines(evening_save.main, ["--repeat", "1"], capsys)
    assert lines[0] == "| save (medians) | total ms | snapshot ms | write ms | file |"
    rows = [line.strip("| ").split(" | ") for line in lines[2:]]
    assert [row[0] for row in rows] == [
        "benchmark-256 alone (reference)",
        "six scenes, benchmark-256 changed",
    ]
    assert all(re.fullmatch(r"[0-9.]+", figure) for row in rows for figure in row[1:4])

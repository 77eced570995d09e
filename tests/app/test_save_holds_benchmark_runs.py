"""The save's holds benchmark prints a row per map, its figures in ms (no timing asserted)."""

from __future__ import annotations

import re

import pytest

from benchmarks import save_holds
from tests.app.benchmark_output import printed_lines


def test_the_save_holds_benchmark_prints_its_rows(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["--size", "64", "--tokens", "40", "--saves", "1", "--traced", "1"]
    lines = printed_lines(save_holds.main, arguments, capsys)
    assert lines[0].startswith("| Ctrl+S's worker (thread CPU")
    rows = [line.strip("| ").split(" | ") for line in lines[2:-1]]
    assert [row[0] for row in rows] == ["64 x 64, 40 tokens"]
    assert re.fullmatch(r"[0-9]+", rows[0][1])
    assert all(re.fullmatch(r"[0-9.]+ \([0-9.]+\)", figure) for figure in rows[0][2:4])
    assert lines[-1].startswith("load average")

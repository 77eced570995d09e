"""The save benchmark prints its rows, now and before (a small picture, no timing asserted)."""

from __future__ import annotations

import re

import pytest

from benchmarks import save
from tests.app.benchmark_output import printed_lines


def test_the_save_benchmark_prints_its_rows(
    qapp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = printed_lines(save.main, ["--small", "--repeat", "1"], capsys)
    assert lines[0] == "| measure | now | before (the reference) |"
    rows = [line.strip("| ").split(" | ") for line in lines[2:]]
    assert [re.sub(r"[0-9.]+ MiB", "N MiB", row[0]) for row in rows] == [
        "PNG 640 x 360: save (Ctrl+S), N MiB file",
        "PNG 640 x 360: save (Ctrl+S), first after opening",
        "PNG 640 x 360: autosave, a move kept: longest GUI stall",
        "PNG 640 x 360: autosave, a move kept: to on disk",
    ]
    assert all(re.fullmatch(r"[0-9.]+ (ms|s)", figure) for row in rows for figure in row[1:])

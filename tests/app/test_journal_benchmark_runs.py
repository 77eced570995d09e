"""The journal benchmark prints its rows (a small map, no figure asserted)."""

from __future__ import annotations

import pytest

from benchmarks import journal
from tests.app.benchmark_output import printed_lines


def test_the_journal_benchmark_prints_its_rows(
    qapp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = ["--side", "64", "--tokens", "40", "--repeat", "3", "--records", "12"]
    lines = printed_lines(journal.main, arguments, capsys)
    assert lines[0] == "| measure | now | reference: the minute-ly autosave |"
    assert [line.split(" | ")[0].strip("| ") for line in lines[2:]] == [
        "64 x 64, 40 tokens, fog: GUI thread's copy of a token's move",
        "64 x 64, 40 tokens, fog: GUI thread's copy of a fog dab",
        "64 x 64, 40 tokens, fog: GUI thread's copy of a terrain dab",
        "64 x 64, 40 tokens, fog: a move to on disk, median (slowest) of 3",
        "64 x 64, 40 tokens, fog: the first change after opening an untitled map to on disk",
        "64 x 64, 40 tokens, fog: memory the journal keeps between changes",
        "64 x 64, 40 tokens, fog: memory peak while it writes a base",
        "64 x 64, 40 tokens, fog: journal after 12 changes",
        "64 x 64, 40 tokens, fog: recovery at start: base and 12 records",
    ]

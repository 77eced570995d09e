"""The evening journal benchmark prints its rows (a small map, no figure asserted)."""

from __future__ import annotations

import pytest

from benchmarks import journal_evening
from tests.app.benchmark_output import printed_lines


def test_the_evening_journal_benchmark_prints_its_rows(
    qapp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = ["--side", "64", "--tokens", "40", "--repeat", "2"]
    lines = printed_lines(journal_evening.main, arguments, capsys)
    assert lines[0] == "| measure | now | reference: a new base, as before |"
    assert [line.split(" | ")[0].strip("| ") for line in lines[2:]] == [
        "64 x 64, 40 tokens: a phone's move off the GM's screen, the GUI thread",
        "64 x 64, 40 tokens: the same move to on disk",
        "64 x 64, 40 tokens: a roster character's status, the GUI thread",
        "64 x 64, 40 tokens: the first change there after a new base (the scene copied)",
    ]

"""The attack benchmark prints its rows (a short flood, no timing asserted)."""

from __future__ import annotations

import re

import pytest

from benchmarks import phones_attack
from tests.app.benchmark_output import printed_lines


@pytest.mark.slow
def test_the_attack_benchmark_prints_its_rows(
    qapp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = printed_lines(
        phones_attack.main, ["--seconds", "1.5", "--count", "60", "--repeat", "1"], capsys
    )
    assert re.fullmatch(r"open files: soft limit \d+ before sharing, \d+ after", lines[0])
    header = lines[2].strip("| ").split(" | ")
    rows = [line.strip("| ").split(" | ") for line in lines[4:]]
    assert [row[0] for row in rows] == [
        "sharing, no attack (the reference)",
        "60 half-open from one address",
        "60 half-open from 50 addresses",
    ]
    loads = header.index("phone's loads whole")
    for row in rows:
        assert re.fullmatch(r"[0-9.]+ \([0-9.]+, [0-9.]+\)", row[1])  # the gap, its CPU, queued
        assert re.fullmatch(r"[0-9.]+", row[2])
        whole, tries = map(int, re.fullmatch(r"(\d+) of (\d+)", row[loads]).groups())  # type: ignore[union-attr]
        assert 0 < whole == tries  # a phone's page came whole every time

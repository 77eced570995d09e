"""The phones' pages benchmark prints its rows (a small map, no figure asserted)."""

from __future__ import annotations

import pytest

from benchmarks import phone_pages


def test_the_phone_pages_benchmark_prints_its_rows(capsys: pytest.CaptureFixture[str]) -> None:
    assert phone_pages.main(["--size", "64", "--repeat", "2"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    header = "| the share server's worker | CPU, median | sent, median | of it the ground |"
    assert lines[0] == header
    assert [line.split(" | ")[0].strip("| ") for line in lines[2:]] == [
        "64 x 64: 8 pages after a token's move",
        "64 x 64: 8 pages after a fog change (a delta each)",
        "64 x 64: 8 pages after a fog change (the whole ground: reference)",
    ]

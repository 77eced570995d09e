"""The Universal VTT benchmark runs and prints its rows (a small picture, no timing asserted)."""

from __future__ import annotations

import re

import pytest

from benchmarks import uvtt
from tests.app.benchmark_output import printed_lines


def test_the_uvtt_benchmark_prints_its_rows(
    qapp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = printed_lines(uvtt.main, ["--small", "--repeat", "1"], capsys)
    assert lines[0] == "| measure | figure | target |"
    measures = [
        re.sub(r"[0-9.]+ MiB", "N MiB", line.split(" | ")[0].lstrip("| ")) for line in lines[2:]
    ]
    assert measures == [
        "import (WEBP 640 x 360, 500 lines (449 on the map), N MiB UVTT)",
        "open the encounter (WEBP 640 x 360, 500 lines (449 on the map))",
        "decode the picture for display (WEBP)",
        "import (PNG 640 x 360, 500 lines (449 on the map), N MiB UVTT)",
        "open the encounter (PNG 640 x 360, 500 lines (449 on the map))",
        "decode the picture for display (PNG)",
    ]

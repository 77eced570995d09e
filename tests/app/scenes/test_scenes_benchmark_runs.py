"""The scenes benchmark runs and prints its rows (256 x 256, one run; no timing asserted)."""

from __future__ import annotations

import pytest

from benchmarks import scenes
from tests.app.benchmark_output import printed_lines


def test_the_scenes_benchmark_prints_its_rows(
    qapp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = printed_lines(scenes.main, ["--quick"], capsys)
    table = lines[lines.index("| measure | scenes | reference (replace / alone) | target |") :]
    assert [line.split(" | ")[0].lstrip("| ") for line in table[2:]] == [
        "switch the GM's scene to tavern-brawl (areas), first frame",
        "switch the GM's scene to benchmark-256 (256 x 256), first frame",
        "switch the GM's scene to big (256 x 256), first frame",
        "memory: 20 scenes, one 256 x 256 on screen, against it alone",
    ]

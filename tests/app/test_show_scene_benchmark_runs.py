"""The Show to players benchmark runs once through each example scene (no figure asserted)."""

from __future__ import annotations

import pytest

from benchmarks import show_scene
from tests.app.benchmark_output import printed_lines


def test_the_show_scene_benchmark_shows_each_example_scene(
    qapp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = printed_lines(show_scene.main, ["--repeat", "1"], capsys)
    assert lines[0].startswith("| scene shown | TV's first frame ms |")
    assert [line.split(" | ")[0] for line in lines[2:]] == [
        "| tavern-brawl",
        "| hillside-ruin",
        "| crypt-fog",
    ]

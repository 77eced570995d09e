"""The Show to players benchmark runs once through each example scene (no figure asserted)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import show_scene  # noqa: E402


def test_the_show_scene_benchmark_shows_each_example_scene(
    qapp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    assert show_scene.main(["--repeat", "1"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("| scene shown | TV's first frame ms |")
    assert [line.split(" | ")[0] for line in lines[2:]] == [
        "| tavern-brawl",
        "| hillside-ruin",
        "| crypt-fog",
    ]

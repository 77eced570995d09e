"""The benchmark command runs and prints its table (tiny sizes, no timing asserted)."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import maps, run, table_scale  # noqa: E402
from tactical.core import find_path  # noqa: E402


@pytest.mark.slow
def test_the_benchmark_prints_every_measure(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--size", "48", "--repeat", "2", "--no-cold", "--no-example", "--no-print"]
    args += ["--no-big", "--no-write"]
    assert run.main(args) == 0
    out = capsys.readouterr().out
    lines = out.strip().splitlines()
    assert lines[0] == (
        "| measure | generated 48 | open 48 | 500 wall lines | sight 256 | target |"
    )
    measures = [line.split(" | ")[0].lstrip("| ") for line in lines[2:]]
    for expected in (
        "reachable, budget 12",
        "reachable, budget 30",
        "find_path across the map",
        "find_path to a walled-off square",
        "find_path into a ring of enemies (no search)",
        "paint one square (index update)",
        "cover_table, all pairs of 200 tokens",
        "wall lines: blocked-step masks build",
        "wall lines: toggle one door (index update)",
        "wall lines: toggle one door, then find_path (regions refresh)",
        "party sight, 6 PCs together, 500 wall lines",
    ):
        assert expected in measures


@pytest.mark.slow
def test_the_table_scale_benchmark_writes_the_hillside_pdf() -> None:
    pytest.importorskip("PySide6")
    figures = table_scale.run_case(table_scale.MAPS / "hillside-ruin.tactical.json")
    assert figures["status"] == 0 and figures["pages"] == 31
    assert 0 < figures["writing"] < figures["process"] and figures["rss"] > 0


def test_the_generated_map_has_a_sealed_vault() -> None:
    encounter = maps.generated(48, tokens=10)
    goal = run.sealed_goal(encounter)
    assert goal is not None
    assert find_path(encounter, "t000", goal) is None


def test_the_ringed_map_seals_its_middle() -> None:
    encounter = maps.ringed_map(64, ring=40)
    assert find_path(encounter, "runner", (32, 32)) is None
    assert find_path(encounter, "runner", (63, 63)) is not None

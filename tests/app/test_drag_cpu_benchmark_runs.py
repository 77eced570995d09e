"""The drag CPU benchmark's small run times each kind of event (no figure asserted)."""

from __future__ import annotations

import pytest

from benchmarks import drag_cpu
from tests.app.benchmark_output import printed_lines


def test_the_drag_cpu_benchmark_times_each_event_of_a_small_run(
    qapp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = printed_lines(drag_cpu.main, ["--rounds", "1", "--only", "crypt"], capsys)
    assert lines[0] == "| event (how many) | GUI CPU, median (ms) | most (ms) |"
    assert [line.split(" (")[0] for line in lines[2:8]] == [
        f"| crypt-fog: {event}" for event in drag_cpu.EVENTS
    ]

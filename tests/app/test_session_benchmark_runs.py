"""The session benchmark's short run plays its rounds and reopens its save (no figure asserted)."""

from __future__ import annotations

import pytest

from benchmarks import session
from tests.app.benchmark_output import printed_lines


def test_the_session_benchmark_short_run_plays_and_reopens_its_save(
    qapp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = printed_lines(session.main, ["--short", "--rounds", "1"], capsys)
    assert lines[0] == (
        "| session | memory grown | longest GUI gap (GUI CPU, waiting for a core) | in the step "
        "| save reopens equal |"
    )
    assert lines[2].startswith("| crypt-fog: 1 rounds") and lines[2].endswith("| yes |")


def test_the_save_gaps_benchmark_runs_small(
    qapp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from benchmarks import save_gaps
    from tactical.app.storage import background_save
    from tactical.core.give_way import SAVE_BUDGET_S

    lines = printed_lines(save_gaps.main, ["--saves", "1", "--size", "64"], capsys)
    assert lines[0].startswith("| Ctrl+S on 64 x 64, the GM ... (median (most) of 1, ms) |")
    assert [line.split(" | ")[0] for line in lines[2:6]] == [
        "| waiting, giving way",
        "| waiting, not",
        "| dragging, giving way",
        "| dragging, not",
    ]
    assert background_save.SAVE_BUDGET_S == SAVE_BUDGET_S  # put back as it was

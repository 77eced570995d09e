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

"""The session benchmark's short run plays its rounds and reopens its save (no figure asserted)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import session  # noqa: E402


def test_the_session_benchmark_short_run_plays_and_reopens_its_save(
    qapp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    assert session.main(["--short", "--rounds", "1"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0] == "| session | memory grown | longest GUI gap | save reopens equal |"
    assert lines[2].startswith("| crypt-fog: 1 rounds") and lines[2].endswith("| yes |")

"""The app hands the interpreter lock back to the GUI thread within a quarter of a millisecond."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from tactical.app.runtime import gil_turns


@pytest.fixture
def interval() -> Iterator[None]:
    before = sys.getswitchinterval()
    sys.setswitchinterval(0.005)
    yield
    sys.setswitchinterval(before)


def test_the_app_start_sets_a_quarter_millisecond_turn(interval: None) -> None:
    gil_turns.install_quick_gil_turns()
    assert sys.getswitchinterval() == pytest.approx(0.00025)


def test_the_app_start_installs_it() -> None:
    """``tactical FILE`` goes through ``main.run``: the call must stay there."""
    from pathlib import Path

    import tactical.app.main as main

    assert "install_quick_gil_turns()" in Path(main.__file__).read_text(encoding="utf-8")

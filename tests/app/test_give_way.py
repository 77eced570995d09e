"""The GUI thread marks itself busy for each event it handles and idle before its loop waits,
so the phones' page builder gives way to it (tactical.app.runtime.give_way, issue 32)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEventLoop, QTimer

from tactical.app.runtime.give_way import install_give_way, remove_give_way
from tactical.share.give_way import GiveWay


class Marks(GiveWay):
    """A gate that notes each mark the GUI thread makes."""

    def __init__(self) -> None:
        super().__init__()
        self.marks: list[str] = []

    def busy(self) -> None:
        self.marks.append("busy")
        super().busy()

    def idle(self) -> None:
        self.marks.append("idle")
        super().idle()


@pytest.fixture
def gate(qapp: Any) -> Iterator[Marks]:
    gate = Marks()
    install_give_way(qapp, gate)
    try:
        yield gate
    finally:
        remove_give_way(qapp)


def wait_in_loop(until: Any) -> None:
    """Turn the event loop, waiting in it (as the app's loop does), until ``until()``."""
    loop = QEventLoop()
    for _ in range(1000):
        if until():
            return
        QTimer.singleShot(1, loop.quit)
        loop.exec()
    raise AssertionError("never")


def test_an_event_marks_the_gui_busy_and_waiting_marks_it_idle(gate: Marks, qapp: Any) -> None:
    ran: list[bool] = []
    QTimer.singleShot(0, lambda: ran.append(gate.is_busy))
    wait_in_loop(lambda: ran)
    assert ran == [True]  # the timer's handler ran with the GUI marked busy
    gate.marks.clear()
    wait_in_loop(lambda: "idle" in gate.marks)


def test_a_waiting_builder_goes_on_once_the_gui_waits_for_events(gate: Marks, qapp: Any) -> None:
    gate.budget = 60.0
    reached, passed = threading.Event(), threading.Event()

    def build() -> None:
        with gate.turn():
            reached.set()
            gate.checkpoint()
            passed.set()

    gate.busy()
    builder = threading.Thread(target=build, daemon=True)
    builder.start()
    assert reached.wait(10)
    assert not passed.is_set()
    wait_in_loop(passed.is_set)
    builder.join(10)


def test_installed_once_and_removed_the_builders_wait_no_more(gate: Marks, qapp: Any) -> None:
    assert install_give_way(qapp, Marks()) is install_give_way(qapp, gate)
    remove_give_way(qapp)
    gate.marks.clear()
    QTimer.singleShot(0, lambda: None)
    wait_in_loop(lambda: True)
    qapp.processEvents()
    assert gate.marks == []
    assert not gate.is_busy
    install_give_way(qapp, gate)  # for the fixture to remove


def test_the_app_start_installs_it() -> None:
    """``tactical FILE`` goes through ``main.run``: the call must stay there."""
    import tactical.app.main as main

    assert "install_give_way(app)" in Path(main.__file__).read_text(encoding="utf-8")

"""The phones' page builder gives way to the GUI thread, bounded (issue 32; no Qt here).

No clock is read: the waits are a fake that says how long it waited, or real threads
told by events when to go on.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from tactical.share import give_way, server
from tactical.share.give_way import GiveWay
from tactical.share.links import links_for
from tactical.share.publish import builder_for
from tests.share.conftest import crypt


class FakeTime:
    """A clock and a wait: each wait lasts what :attr:`gui_for` says (the GUI's busy
    stretch: then it marks itself idle), or the whole timeout when that is shorter."""

    def __init__(self) -> None:
        self.now = 0.0
        self.waits: list[float] = []
        self.gui_for = float("inf")
        self.busy_again = False
        """The GUI handles another event right after it rested."""
        self.gate: GiveWay | None = None

    def clock(self) -> float:
        return self.now

    def wait(self, timeout: float) -> bool:
        self.waits.append(timeout)
        lasted = min(timeout, self.gui_for)
        self.now += lasted
        if lasted < timeout and self.gate is not None:
            self.gate.idle()
            if self.busy_again:
                self.gate.busy()
            return True
        return False


@pytest.fixture
def fake() -> FakeTime:
    return FakeTime()


def gate_of(fake: FakeTime, budget: float = 0.05) -> GiveWay:
    fake.gate = GiveWay(budget, clock=fake.clock, wait=fake.wait)
    return fake.gate


def test_an_idle_gui_is_not_waited_for(fake: FakeTime) -> None:
    gate = gate_of(fake)
    with gate.turn():
        gate.checkpoint()
        gate.busy()
        gate.idle()
        gate.checkpoint()
    assert fake.waits == []


def test_a_busy_gui_is_waited_for_until_it_is_idle(fake: FakeTime) -> None:
    gate = gate_of(fake)
    fake.gui_for = 0.004
    gate.busy()
    with gate.turn():
        gate.checkpoint()
        assert fake.waits == [0.05]
        assert not gate.is_busy
        gate.checkpoint()  # idle now: goes on at once
    assert fake.waits == [0.05]
    assert gate.waited == pytest.approx(0.004)


def test_a_build_waits_its_budget_at_most_then_goes_on(fake: FakeTime) -> None:
    gate = gate_of(fake)
    fake.gui_for = 0.03  # the GUI rests 30 ms into each wait, then is busy again at once
    with gate.turn():
        for _ in range(5):
            gate.busy()
            gate.checkpoint()
    assert fake.waits == pytest.approx([0.05, 0.02])  # 30 ms, then the 20 ms left
    assert gate.waited == pytest.approx(0.05)
    with gate.turn():  # the next build has its own budget
        gate.busy()
        gate.checkpoint()
    assert fake.waits[-1] == pytest.approx(0.05)


def test_a_gui_that_never_rests_holds_each_build_its_budget_only(fake: FakeTime) -> None:
    gate = gate_of(fake)
    gate.busy()
    with gate.turn():
        for _ in range(10):
            gate.checkpoint()
    assert fake.waits == [0.05]
    assert fake.now == pytest.approx(0.05)


def test_the_builds_under_way_are_counted(fake: FakeTime) -> None:
    gate = gate_of(fake)
    assert gate.building == 0
    with gate.turn():
        assert gate.building == 1
    assert gate.building == 0


def test_outside_a_build_nothing_waits(fake: FakeTime) -> None:
    """The GUI thread itself (or a test) building a view never waits for itself."""
    gate = gate_of(fake)
    gate.busy()
    gate.checkpoint()
    assert fake.waits == []


def test_a_builder_thread_waits_without_the_lock_until_the_gui_rests() -> None:
    gate = GiveWay(budget=60.0)
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
    assert not passed.is_set()  # this thread runs while the builder waits
    gate.idle()
    assert passed.wait(10)
    builder.join(10)


@pytest.fixture
def counted() -> Iterator[FakeTime]:
    """The app's gate with a fake wait, the GUI busy and never resting."""
    fake = FakeTime()
    real = give_way.GATE
    give_way.GATE = gate_of(fake, budget=1.0)
    give_way.GATE.busy()
    try:
        yield fake
    finally:
        give_way.GATE = real


def test_the_server_builder_gives_way_before_each_page_and_its_message(
    counted: FakeTime,
) -> None:
    encounter = crypt()
    links = links_for(encounter).all()
    counted.gui_for, counted.busy_again = 0.001, True
    built = server._build_all(builder_for(encounter), links, {})
    characters = sum(1 for link in links if link.character is not None)
    assert characters and len(counted.waits) >= 2 * len(links) + characters
    give_way.GATE = GiveWay()  # the same pages without it
    alone = server._build_all(builder_for(encounter), links, {})
    assert {k: v[0].full for k, v in built.items()} == {k: v[0].full for k, v in alone.items()}

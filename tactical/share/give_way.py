"""The phones' page builder gives way to the GUI thread (issue 32): the gate of
:mod:`tactical.core.give_way`, which the save's worker shares.

The builder's :func:`turn` and :func:`checkpoint` ask this module's :data:`GATE` (the
core's one gate; a test may put another in its place).
"""

from __future__ import annotations

from contextlib import AbstractContextManager

from tactical.core.give_way import BUDGET_S as BUDGET_S
from tactical.core.give_way import GATE as GATE
from tactical.core.give_way import GiveWay as GiveWay


def turn() -> AbstractContextManager[None]:
    """:meth:`GiveWay.turn` of :data:`GATE`."""
    return GATE.turn()


def checkpoint() -> None:
    """:meth:`GiveWay.checkpoint` of :data:`GATE`."""
    GATE.checkpoint()

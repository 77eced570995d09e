"""A gate of the GUI's (``core.give_way``) that notes Python's allocated memory blocks at each
checkpoint: how much one stretch between two checkpoints made or freed, with no clock read
(the save's worker holds Python's lock for the whole of a call into C, issue 32)."""

from __future__ import annotations

import itertools
import sys

from tactical.core.give_way import GiveWay


class CountingGate(GiveWay):
    """Notes ``sys.getallocatedblocks()`` at each checkpoint (:attr:`blocks`)."""

    def __init__(self) -> None:
        super().__init__()
        self.blocks: list[int] = []

    def checkpoint(self) -> None:
        self.blocks.append(sys.getallocatedblocks())
        super().checkpoint()

    def steps(self) -> list[int]:
        """How many blocks each stretch made (negative: freed), up to now."""
        marks = [*self.blocks, sys.getallocatedblocks()]
        return [after - before for before, after in itertools.pairwise(marks)]

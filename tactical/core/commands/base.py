"""Undoable edits as plain Python objects.

The Qt layer wraps each one in a QUndoCommand; the rules and tests use them
directly. A command that can absorb a later one of the same ``merge_key``
(the steps of one drag, the squares of one paint stroke) does so in
:meth:`Command.merge`, so one gesture is one undo entry: the app's undo
history merges them itself (Qt never sees a merge). :meth:`Command.held_bytes`
says what a step keeps, so the history can bound its memory.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence

from tactical.core.commands.held import held_bytes
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap


def grid_of(encounter: Encounter, needs: str = "this edit needs a grid map") -> GridMap:
    """The encounter's grid; TypeError saying ``needs`` on an area map (a command misused)."""
    grid = encounter.grid
    if grid is None:
        raise TypeError(needs)
    return grid


class Command(ABC):
    """One user edit: ``do`` applies it, ``undo`` restores exactly what was there."""

    text: str = "Edit"
    merge_key: Hashable | None = None

    @abstractmethod
    def do(self, encounter: Encounter) -> None: ...

    @abstractmethod
    def undo(self, encounter: Encounter) -> None: ...

    def merge(self, other: Command) -> bool:
        """Absorb ``other`` (done just after this one) and return True, or return False."""
        return False

    def held_bytes(self) -> int:
        """Roughly the bytes this step keeps (what it changed, to undo and redo it)."""
        return held_bytes(self)


class TakenBack(Command):
    """``command``, done in an earlier step still on the history, taken back in a later one:
    ``do`` undoes it and ``undo`` does it again (a correction replacing it, in a
    :class:`Batch` after it, is one step whose undo gives it back)."""

    def __init__(self, command: Command) -> None:
        self.command = command
        self.text = command.text

    def do(self, encounter: Encounter) -> None:
        self.command.undo(encounter)

    def undo(self, encounter: Encounter) -> None:
        self.command.do(encounter)

    def held_bytes(self) -> int:
        return 64  # the command it names is held by its own step


SAMPLED = 32
"""Of more commands of one kind in a batch, this many are asked what they keep."""


class Batch(Command):
    """Several commands done in order and undone in reverse, as one step."""

    def __init__(self, text: str, commands: Sequence[Command]) -> None:
        self.text = text
        self.commands = list(commands)

    def do(self, encounter: Encounter) -> None:
        for command in self.commands:
            command.do(encounter)

    def undo(self, encounter: Encounter) -> None:
        for command in reversed(self.commands):
            command.undo(encounter)

    def held_bytes(self) -> int:
        """The sum over the commands; of many of one kind, a sample's average times their number.

        A panel press on a big fight is thousands of figure edits: asking each would
        cost more than the press itself.
        """
        kinds: dict[type, list[Command]] = {}
        for command in self.commands:
            kinds.setdefault(type(command), []).append(command)
        total = held_bytes(self.text) + sys.getsizeof(self.commands)
        for same in kinds.values():
            step = max(1, len(same) // SAMPLED)
            sample = same[::step]
            total += sum(command.held_bytes() for command in sample) * len(same) // len(sample)
        return total


class UndoStack:
    """A minimal Qt-free undo stack, for scripts and tests of the rules.

    The app uses QUndoStack instead; both drive the same commands.
    """

    def __init__(self, encounter: Encounter) -> None:
        self.encounter = encounter
        self.done: list[Command] = []
        self.undone: list[Command] = []

    def push(self, command: Command) -> None:
        command.do(self.encounter)
        self.undone.clear()
        last = self.done[-1] if self.done else None
        mergeable = last is not None and last.merge_key is not None
        if mergeable and last.merge_key == command.merge_key and last.merge(command):  # type: ignore[union-attr]
            return
        self.done.append(command)

    def undo(self) -> bool:
        if not self.done:
            return False
        command = self.done.pop()
        command.undo(self.encounter)
        self.undone.append(command)
        return True

    def redo(self) -> bool:
        if not self.undone:
            return False
        command = self.undone.pop()
        command.do(self.encounter)
        self.done.append(command)
        return True

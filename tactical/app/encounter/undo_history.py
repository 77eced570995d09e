"""The document's undo history: our own merge layer and a bound on its memory.

Qt's QUndoStack keeps the steps (the Edit menu's Undo and Redo follow it);
this layer decides what reaches it. A command that merges into the step
before (a dab of the same brush stroke) is merged here, into that step's
core command, so Qt never sees ``mergeWith``: PySide6 6.11 never frees the
Python side of a command merged away there. Each step reports the bytes it
keeps (:meth:`~tactical.core.commands.base.Command.held_bytes`); past
:data:`UNDO_BUDGET_BYTES` the oldest steps are let go, and the GM is told
once.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Protocol, TypeGuard

from PySide6.QtGui import QUndoCommand, QUndoStack

from tactical.app.tokens.token_names import by_name
from tactical.core.changes import HistoryStep, Initiator, Operation
from tactical.core.commands.base import Batch, Command
from tactical.core.commands.scenes import SceneCommand
from tactical.core.encounter import Encounter


class EncounterDocument(Protocol):
    """What the history reads of the document that owns it (named here, not imported: the
    document imports this module)."""

    @property
    def encounter(self) -> Encounter: ...

    @property
    def history(self) -> UndoHistory: ...

    def operation(self, initiator: object | None = None) -> AbstractContextManager[Operation]: ...

    def on_encounter(
        self, encounter: Encounter, initiator: object | None
    ) -> AbstractContextManager[None]: ...

    def follow_step(self, encounter: Encounter, said: str) -> None: ...


MB = 1024 * 1024
UNDO_BUDGET_BYTES = 200 * MB
"""The undo history keeps at most this much; past it, its oldest steps go."""
TRIM_TO = 0.75
"""Letting steps go, the history comes down to this share of its budget (not at every push)."""
STEP_BYTES = 1024
"""What one step costs besides its command: Qt's command and its Python wrapper, roughly."""


class CoreCommandAdapter(QUndoCommand):
    """One undo step: a Qt-free core command, done already when pushed, and who made it."""

    def __init__(
        self,
        document: EncounterDocument,
        command: Command,
        initiator: Initiator,
        text: str | None = None,
        encounter: Encounter | None = None,
    ) -> None:
        encounter = document.encounter if encounter is None else encounter
        super().__init__(by_name(command.text, encounter) if text is None else text)
        self.document = document
        self.command = command
        self.initiator = initiator
        """Who made this step (the GM, or a phone)."""
        self.encounter = encounter
        """The scene's encounter the step was done on: its undo and redo are done there."""
        self.held = STEP_BYTES + command.held_bytes()
        """Roughly the bytes this step keeps."""
        self._pushed = True
        """Qt's push redoes the step; the document did it already."""

    def redo(self) -> None:
        if self._pushed:
            self._pushed = False
            return
        if self.document.history.replaying:
            return
        step = HistoryStep("Redone", self.text())
        self._follow(step)
        self.document.history.moved("redo", self)
        with self.document.on_encounter(self.encounter, step), self.document.operation(step):
            self.command.do(self.encounter)

    def undo(self) -> None:
        if self.document.history.replaying:
            return
        step = HistoryStep("Undone", self.text())
        self._follow(step)
        self.document.history.moved("undo", self)
        with self.document.on_encounter(self.encounter, step), self.document.operation(step):
            self.command.undo(self.encounter)

    def _follow(self, step: HistoryStep) -> None:
        """A step done on another scene than the GM's: the GM is taken there first (an edit
        of the scene list is the evening's, not a scene's)."""
        if self.encounter is not self.document.encounter and not isinstance(
            self.command, SceneCommand
        ):
            self.document.follow_step(self.encounter, str(step))


MOVES_KEPT = 64
"""At most this many moves wait to be taken (nobody takes them without a journal)."""
JOIN_LOOKBACK = 64
"""How far down the history :meth:`UndoHistory.step_of` looks for a step."""


def _plain(command: Command) -> TypeGuard[Batch]:
    """A batch of its own (not a subclass with a meaning of its own)."""
    return type(command) is Batch


def _holds(step: Command, command: Command) -> bool:
    return step is command or (_plain(step) and any(c is command for c in step.commands))


class UndoHistory:
    """What goes on the document's QUndoStack: merged steps, and no more than a budget.

    ``tell`` is called once with a sentence for the GM when the history first
    lets steps go (again after :meth:`clear`).
    """

    def __init__(
        self,
        document: EncounterDocument,
        stack: QUndoStack,
        tell: Callable[[str], None],
        budget: int = UNDO_BUDGET_BYTES,
    ) -> None:
        self.document = document
        self.stack = stack
        self.tell = tell
        self.budget = budget
        self.replaying = False
        """The stack is being rebuilt: its steps' undo and redo change nothing."""
        self.let_go = 0
        """How many of the oldest steps were let go since the history was last cleared."""
        self._sizes: list[int] = []
        """The bytes of each step on the stack, by index."""
        self._moves: list[tuple[weakref.ref[Encounter], dict[str, Any]]] = []
        """The history's moves not yet taken (:meth:`take_moves`): the recovery journal
        writes each with the changes it made."""

    @property
    def held_bytes(self) -> int:
        """Roughly the bytes the history's steps keep."""
        self._check_sizes()
        return sum(self._sizes)

    def _check_sizes(self) -> None:
        stack = self.stack
        if len(self._sizes) != stack.count():  # cleared behind our back (the stack's own clear)
            self._sizes = [
                step.held if isinstance(step, CoreCommandAdapter) else STEP_BYTES
                for step in map(stack.command, range(stack.count()))
            ]

    def add(
        self, command: Command, initiator: Initiator, encounter: Encounter | None = None
    ) -> None:
        """Put ``command`` (done already on ``encounter``, the GM's current one when not
        given) on the history: into the open step, or as a new one."""
        self._check_sizes()
        stack = self.stack
        encounter = self.document.encounter if encounter is None else encounter
        top = self._merged_into(command, initiator, encounter)
        if top is not None:
            self.moved("merge", top)
            top.held = STEP_BYTES + top.command.held_bytes()
            self._sizes[-1] = top.held
            stack.indexChanged.emit(stack.index())  # as Qt says after a merge
        else:
            step = CoreCommandAdapter(self.document, command, initiator, None, encounter)
            del self._sizes[stack.index() :]  # the push drops what was undone
            stack.push(step)
            self._sizes.append(step.held)
            self.moved("push", step)
        self._bound()

    def _merged_into(
        self, command: Command, initiator: Initiator, encounter: Encounter
    ) -> CoreCommandAdapter | None:
        """The step ``command`` merged into, or None (Qt's rules: the top, not saved there)."""
        stack = self.stack
        index = stack.index()
        if command.merge_key is None or index == 0 or index != stack.count():
            return None
        if index == stack.cleanIndex():
            return None  # the step just saved stays as it was saved
        top = stack.command(index - 1)
        if not isinstance(top, CoreCommandAdapter) or top.initiator != initiator:
            return None
        if top.encounter is not encounter:
            return None
        if top.command.merge_key != command.merge_key or not top.command.merge(command):
            return None
        return top

    def step_of(self, command: Command) -> tuple[CoreCommandAdapter, bool] | None:
        """The done step holding ``command`` (pushed lately), and whether more may join it:
        it is the last step, nothing undone above it, not the one saved. None when the
        step was undone or let go."""
        stack = self.stack
        index = stack.index()
        for at in range(index - 1, max(-1, index - JOIN_LOOKBACK), -1):
            step = stack.command(at)
            if isinstance(step, CoreCommandAdapter) and _holds(step.command, command):
                last = at == index - 1 and index == stack.count() and index != stack.cleanIndex()
                return step, last
        return None

    def join(self, step: CoreCommandAdapter, extra: Command) -> None:
        """Put ``extra`` (done already) into ``step``, the last step (:meth:`step_of`)."""
        self._check_sizes()
        self.moved("merge", step)
        held = step.command
        step.command = Batch(held.text, [*held.commands, extra] if _plain(held) else [held, extra])
        step.held = STEP_BYTES + step.command.held_bytes()
        self._sizes[-1] = step.held
        self._bound()

    def clear(self) -> None:
        """Forget every step (a new encounter); the next letting go is told again."""
        self.stack.clear()
        self._sizes = []
        self._moves = []
        self.let_go = 0

    # -- the moves, for the recovery journal ----------------------------------------

    def moved(self, kind: str, step: CoreCommandAdapter) -> None:
        """Note a move of the history: a step pushed, merged into, undone or redone (what the
        journal writes of it, not the step: a step let go is freed)."""
        move: dict[str, Any] = {"do": kind}
        if kind == "push":
            move.update(text=step.text(), by=step.initiator.name)
            if step.initiator.character is not None:
                move["character"] = step.initiator.character
        self._moves.append((weakref.ref(step.encounter), move))
        del self._moves[:-MOVES_KEPT]

    def take_moves(self, encounter: Encounter) -> tuple[dict[str, Any], ...]:
        """The moves of steps done on ``encounter`` not taken yet, as the journal writes
        them (``journal_format.Step``): pushes with their text and who made them."""
        taken = tuple(move for on, move in self._moves if on() is encounter)
        self._moves = [(on, move) for on, move in self._moves if on() is not encounter]
        return taken

    def forget_moves(self) -> None:
        """Drop the moves not taken (a new journal base holds what they did)."""
        self._moves = []

    # -- the memory bound -------------------------------------------------------

    def _bound(self) -> None:
        if sum(self._sizes) <= self.budget:
            return
        keep = int(self.budget * TRIM_TO)
        first, kept = len(self._sizes), 0
        while first > 1 and kept + self._sizes[first - 1] <= keep:
            first -= 1
            kept += self._sizes[first]
        first = min(first, len(self._sizes) - 1)  # the step just made always stays
        if first > 0:
            self._let_go(first)

    def _let_go(self, count: int) -> None:
        """Drop the ``count`` oldest steps: the stack is rebuilt from the others, as they are."""
        stack = self.stack
        steps = [stack.command(i) for i in range(count, stack.count())]
        kept = [
            (step.command, step.initiator, step.text(), step.encounter)
            for step in steps
            if isinstance(step, CoreCommandAdapter)
        ]
        del steps
        index, clean = stack.index() - count, stack.cleanIndex() - count
        blocked = stack.blockSignals(True)  # the steps kept are the same: nobody is told
        try:
            self._rebuild(kept, index, clean)
        finally:
            stack.blockSignals(blocked)
        self._sizes = self._sizes[count:]
        self.let_go += count
        stack.indexChanged.emit(stack.index())
        if self.let_go == count:
            self.tell(
                f"Undo keeps the last {_amount(self.budget)} of steps: from now on the "
                "oldest steps are let go."
            )

    def _rebuild(
        self,
        steps: list[tuple[Command, Initiator, str, Encounter]],
        index: int,
        clean: int = -1,
    ) -> None:
        """The stack made of ``steps`` (done already up to ``index``), none of them done
        or undone again; ``clean``: the index saved (none when below 0)."""
        stack = self.stack
        self.replaying = True
        try:
            stack.clear()
            for command, initiator, text, encounter in steps:
                stack.push(CoreCommandAdapter(self.document, command, initiator, text, encounter))
            if clean >= 0:
                stack.setIndex(clean)
                stack.setClean()
                stack.setIndex(index)
            else:
                stack.setIndex(index)
                stack.resetClean()  # no step is the saved state
        finally:
            self.replaying = False

    def restore(self, steps: list[tuple[Command, Initiator, str, Encounter]], index: int) -> None:
        """The history a crash's recovery rebuilt: ``steps`` (oldest first), of which the
        first ``index`` are done; none is the saved state."""
        self._rebuild(steps, index)
        self._sizes = [STEP_BYTES + command.held_bytes() for command, *_ in steps]
        self._moves = []
        self.stack.indexChanged.emit(self.stack.index())


def _amount(size: int) -> str:
    """``size`` bytes for the GM: "200 MB", "20 KB"."""
    return f"{size // MB} MB" if size >= MB else f"{max(1, size // 1024)} KB"

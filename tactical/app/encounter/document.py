"""The open encounter as the Qt side sees it: the model, its undo history, its file.

Every user edit reaches the encounter through :meth:`EncounterDocument.push`,
with who made it (the GM, a phone): the document does the core command, lets
contributors extend it (fog's reveal after a move, :meth:`add_contributor`)
and puts it on the undo history (:mod:`tactical.app.encounter.undo_history`), where
consecutive commands with the same ``merge_key`` (the dabs of one brush
stroke) become one step. Views listen to :attr:`EncounterDocument.changes_done`
instead of polling the model: one :class:`~tactical.core.changes.ChangeSet` per
push, undo, redo or :meth:`EncounterDocument.operation` (a panel press that
applies, takes back and pushes its steps is one set, carried with the panel as
its initiator; an undo or redo carries a :class:`~tactical.core.changes.HistoryStep`).
"""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack
from shiboken6 import isValid

from tactical.app.encounter.procedure_reading import ProcedureReading, ReadingCache
from tactical.app.encounter.undo_history import CoreCommandAdapter, UndoHistory
from tactical.core.changes import Change, ChangeGatherer, ChangeSet, Initiator, Operation
from tactical.core.commands.base import Batch, Command
from tactical.core.encounter import Encounter
from tactical.core.evening import Evening, evening_of
from tactical.core.tokens import Token
from tactical.persistence.file_stamp import FileStamp
from tactical.persistence.safe_read import same_file

__all__ = ["Contributor", "CoreCommandAdapter", "EncounterDocument"]

log = logging.getLogger(__name__)

Contributor = Callable[[Command], Command | None]
"""Given a command just done, what it brings along (not done yet), or None."""
REREAD_KINDS = frozenset({"procedure", "tokens", "dice", "sides"})
"""Changes after which the procedure is asked again who acts and how far tokens may move."""


class EncounterDocument(QObject):
    """One open encounter: model, undo stack, file path and what the map should highlight."""

    changes_done = Signal(object)
    """Emitted with one core :class:`ChangeSet` after every edit, undo, redo and operation."""
    changed = Signal(object)
    """Emitted with each :class:`Change` of a set, just after :attr:`changes_done`.

    For a listener of one kind; a view that redraws should listen to the set.
    """
    replacing = Signal()
    """Emitted just before a different encounter is loaded (what was said of the old one goes)."""
    encounter_replaced = Signal()
    """Emitted when a different encounter is loaded into this document."""
    path_changed = Signal()
    highlights_changed = Signal()
    """Who acts now or the targets of revealed actions changed (the procedure says so)."""
    modified_changed = Signal(bool)
    """The document became modified or unmodified (for the title's unsaved mark)."""
    scene_switched = Signal(str)
    """The GM's scene changed to the scene of this id (after :attr:`encounter_replaced`)."""
    history_said = Signal(str)
    """A sentence for the status bar about the undo history (it let its oldest steps go)."""
    elsewhere_starting = Signal(object)
    """Emitted with a scene's :class:`Encounter` just before a push, undo or redo is done on
    it while it is not the GM's current one (the recovery journal copies it first)."""
    elsewhere_done = Signal(object, object)
    """Emitted with a scene's :class:`Encounter` and one :class:`ChangeSet` after a push,
    undo or redo done on a scene that is not the GM's current one (``push(..., on=)``)."""

    def __init__(self, encounter: Encounter, path: Path | None = None) -> None:
        super().__init__()
        self.undo_stack = QUndoStack(self)
        self.history = UndoHistory(self, self.undo_stack, self.history_said.emit)
        """Our own merge layer over the stack, and the bound on its memory."""
        self._contributors: list[Contributor] = []
        self._modified_outside_undo = False
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)
        self.encounter = encounter
        self.evening: Evening = _evening_around(encounter)
        """The evening the encounter is a scene of: the file's, or one scene around a lone map."""
        self._place = self.evening.index(self.scene_id)
        """Where the GM's scene stands in the list (kept to go to a neighbour when it goes)."""
        self.switching = False
        """True while :meth:`switch_scene` tells who follows ``encounter_replaced``: the same
        file and history, another scene (a journal or a save does not start afresh)."""
        self.pushing_on: Encounter = encounter
        """The encounter the command being pushed is done on (contributors read it)."""
        self.path = path
        self.imported_from: Path | None = None
        """The foreign map file (a .dd2vtt) this unsaved document was imported from, if any."""
        self.file_stamp: FileStamp | None = None
        """The version of :attr:`path` it equals at its history's clean point (None: not
        known): the recovery journal copies only that version as its base."""
        self.acting: set[str] = set()
        self.targets: set[str] = set()
        self.public_targets: set[str] = set()
        """The targets of revealed actions: the only targets the player view may show."""
        self._gatherer = ChangeGatherer(self._send)
        self._reading = ReadingCache()
        """The last reading; read again when first asked after opening (the rules load
        after the window's first frame), at once after a change that may change it."""
        encounter.subscribe(self._relay)
        self.evening.subscribe(self._relay)

    def __del__(self) -> None:
        # A document Python owns (made without a window, as the tests and the snapshot
        # command make) is freed by the cycle collector, which may take the commands off
        # the undo stack's wrapper before the stack goes: Qt would then delete each
        # command twice, a crash inside QUndoStack::clear(). Emptied first, Qt's way.
        stack = self.__dict__.get("undo_stack")
        if stack is not None and isValid(stack):
            stack.blockSignals(True)  # nobody is told: the document is going
            stack.clear()

    def _relay(self, change: Change) -> None:
        self._gatherer.add(change)

    def _send(self, changes: ChangeSet) -> None:
        if "scenes" in changes.kinds and self.evening.scene_of(self.encounter) is None:
            self._to_neighbour()  # the GM's scene left the evening (an undone Add scene)
        elif "scenes" in changes.kinds:
            self._place = self.evening.index(self.scene_id)
        if changes.touches(REREAD_KINDS):
            self._reading.changed()
            self.procedure_reading()  # marks the map before the views hear of the change
        self.changes_done.emit(changes)
        for change in changes:
            self.changed.emit(change)

    def operation(self, initiator: object | None = None) -> AbstractContextManager[Operation]:
        """Send what changes inside as one change set, with ``initiator`` (nested ones join)."""
        return self._gatherer.operation(initiator)

    def add_contributor(self, contributor: Contributor) -> None:
        """Let ``contributor`` extend every command pushed from now on (not an undo or a redo)."""
        self._contributors.append(contributor)

    def push(self, command: Command, initiator: Initiator, *, on: Encounter | None = None) -> None:
        """Do ``command`` for ``initiator`` and put it on the undo history.

        One push is one change set, carried with ``initiator`` (or with the
        operation it runs inside), and one undo step recording who made it:
        what contributors add joins the step before it is pushed. ``on`` is the
        scene's encounter the command is done on when it is not the GM's current
        one (a phone's move on the scene shown to players while the GM looks
        elsewhere): its changes go out as :attr:`elsewhere_done`, and the step
        remembers that encounter for its undo and redo.
        """
        target = self.encounter if on is None else on
        with self.on_encounter(target, initiator), self.operation(initiator):
            command.do(target)
            command = self._contributed(command, target)
            self.history.add(command, initiator, target)

    @contextlib.contextmanager
    def on_encounter(self, encounter: Encounter, initiator: object | None) -> Iterator[None]:
        """Inside, contributors read ``encounter`` as :attr:`pushing_on`; when that is not
        the GM's current one, its changes are gathered and sent as :attr:`elsewhere_done`."""
        before, self.pushing_on = self.pushing_on, encounter
        if encounter is self.encounter:
            try:
                yield
            finally:
                self.pushing_on = before
            return
        self.elsewhere_starting.emit(encounter)
        elsewhere = ChangeGatherer(lambda changes: self.elsewhere_done.emit(encounter, changes))
        encounter.subscribe(elsewhere.add)
        try:
            with elsewhere.operation(initiator):
                yield
        finally:
            encounter.unsubscribe(elsewhere.add)
            self.pushing_on = before

    def join(self, command: Command, extra: Command | None) -> None:
        """Do ``extra``, which follows ``command`` pushed earlier (a reveal worked out
        after a move), in ``command``'s undo step while that is still the last one; else
        as a step of its own named after it. Nothing when ``command`` was undone."""
        found = None if extra is None else self.history.step_of(command)
        if extra is None or found is None:
            return
        step, last = found
        with self.on_encounter(step.encounter, step.initiator), self.operation(step.initiator):
            extra.do(step.encounter)
            if last:
                self.history.join(step, extra)
            else:
                extra.text = f"{extra.text} after {step.text()}"
                self.history.add(extra, step.initiator, step.encounter)

    def push_as(self, initiator: Initiator) -> Callable[[Command], None]:
        """:meth:`push` for ``initiator``, as the procedure controller takes it."""
        return functools.partial(self.push, initiator=initiator)

    def _contributed(self, command: Command, target: Encounter) -> Command:
        """``command`` with what the contributors bring along, done on ``target``, in one batch."""
        extra: list[Command] = []
        for contributor in self._contributors:
            try:
                more = contributor(command)
                if more is not None:
                    more.do(target)
                    extra.append(more)
            except Exception:  # a bug in what follows an edit must not lose the edit
                log.exception("extending '%s' failed", command.text)
        return Batch(command.text, [command, *extra]) if extra else command

    def replace_encounter(
        self, encounter: Encounter, path: Path | None, stamp: FileStamp | None = None
    ) -> None:
        """Load another encounter into this document, with a fresh undo history (``stamp``:
        the version of ``path`` it was read from, :attr:`file_stamp`)."""
        self.replacing.emit()
        self.encounter.unsubscribe(self._relay)
        self.evening.unsubscribe(self._relay)
        closed = self.evening
        self.history.clear()
        self.encounter = encounter
        self.pushing_on = encounter
        self.evening = _evening_around(encounter)
        self._place = self.evening.index(self.scene_id)
        encounter.subscribe(self._relay)
        self.evening.subscribe(self._relay)
        self.set_path(path)
        self.file_stamp = stamp
        self.undo_stack.setClean()
        self._modified_outside_undo = False
        self._reading.forget()
        self.set_highlights(set(), set())  # until the new encounter's procedure is read
        self.encounter_replaced.emit()
        self.modified_changed.emit(False)
        if closed is not self.evening:
            closed.close()  # freed as it goes, without a collection of everything

    @property
    def scene_id(self) -> str:
        """The id of the GM's scene (the one on screen)."""
        scene = self.evening.scene_of(self.encounter)
        assert scene is not None, "the document's encounter is a scene of its evening"
        return scene.id

    def switch_scene(self, scene_id: str) -> bool:
        """Show the scene ``scene_id`` to the GM: the map, panel, fog and legend follow
        (``encounter_replaced`` with :attr:`switching` set, then :attr:`scene_switched`);
        the undo history, the file and whether it is saved stay. False when it is on screen."""
        encounter = self.evening.scene(scene_id).encounter
        if encounter is self.encounter:
            return False
        self.replacing.emit()
        self.encounter.unsubscribe(self._relay)
        self.encounter = self.pushing_on = encounter
        encounter.subscribe(self._relay)
        self._reading.forget()
        self.set_highlights(set(), set())  # until this scene's procedure is read
        self._place = self.evening.index(scene_id)
        self.switching = True
        try:
            self.encounter_replaced.emit()
        finally:
            self.switching = False
        self.scene_switched.emit(scene_id)
        return True

    def _to_neighbour(self) -> None:
        """Show the GM the scene now where the GM's scene stood (or the last one)."""
        scenes = self.evening.scenes
        self.switch_scene(scenes[min(self._place, len(scenes) - 1)].id)

    def follow_step(self, encounter: Encounter, said: str) -> None:
        """Before an undo or redo of a step done on another scene: show that scene to the
        GM and say so (nothing when the scene is no longer in the evening)."""
        scene = self.evening.scene_of(encounter)
        if scene is None or not self.switch_scene(scene.id):
            return
        self.history_said.emit(f"{said}, on the scene {scene.name or scene.id}")

    def set_path(self, path: Path | None) -> None:
        self.path = path
        self.imported_from = None
        self.path_changed.emit()

    def set_imported_from(self, source: Path) -> None:
        """Name the foreign file this unsaved document came from (the titles say it)."""
        self.imported_from = source
        self.path_changed.emit()

    def read_from(self, path: Path) -> bool:
        """Whether ``path`` is the file this document was read from (its own, or the foreign
        file it was imported from), through links too: no export or print writes over it."""
        return any(
            source is not None and same_file(source, path)
            for source in (self.path, self.imported_from)
        )

    @property
    def modified(self) -> bool:
        return self._modified_outside_undo or not self.undo_stack.isClean()

    def mark_saved(self, stamp: FileStamp | None = None) -> None:
        self.file_stamp = stamp  # the version written
        self._modified_outside_undo = False
        self.undo_stack.setClean()
        self.modified_changed.emit(False)

    def _on_clean_changed(self, clean: bool) -> None:
        # Uses the argument, not the stack: this also fires while the stack is destroyed.
        self.modified_changed.emit(self._modified_outside_undo or not clean)

    def mark_modified(self) -> None:
        """Count as unsaved although the undo stack is clean (e.g. recovered after a crash)."""
        self._modified_outside_undo = True
        self.modified_changed.emit(True)

    def procedure_reading(self) -> ProcedureReading:
        """What the encounter's procedure says now: read once after each change that may
        change it, and the map marked from it (who acts, revealed targets), panel or none."""
        reading, marks = self._reading.read(self.encounter)
        if marks is not None:
            self.set_highlights(*marks)
        return reading

    def move_budget(self, token: Token) -> int | None:
        """How far ``token`` may move now: what the procedure leaves it, else its speed."""
        return self.procedure_reading().budgets.get(token.id, token.speed)

    def set_highlights(
        self, acting: set[str], targets: set[str], public: set[str] | None = None
    ) -> None:
        """Tell the map who acts now and which tokens actions target.

        ``targets`` are all targets (the GM's map); ``public`` those of revealed
        actions (the player view), none when not given.
        """
        public = set(public or ()) & set(targets)
        if acting == self.acting and targets == self.targets and public == self.public_targets:
            return
        self.acting, self.targets, self.public_targets = set(acting), set(targets), public
        self.highlights_changed.emit()


def _evening_around(encounter: Encounter) -> Evening:
    """The evening ``encounter`` is a scene of; a lone map becomes the one scene of one."""
    return evening_of(encounter) or Evening.single(encounter)

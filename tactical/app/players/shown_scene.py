"""The scene shown to players, as the player view, the TV and the phones read it.

The GM may look at and edit any scene of the evening while the players stay on
theirs (:attr:`tactical.core.evening.Evening.shown`, set by Show to players).
:class:`ShownScene` is a read-only relay of that scene's encounter with the
document's face (a :class:`~tactical.app.map.scene.source.MapSource`): the
player view's map scene, its fight summary and the phones' session read it
instead of the GM's document, so they stay on the shown scene and keep its
live changes (phone moves, the GM's edits once back on it, fog reveals).

While the GM's window shows the shown scene too, the document's own change
sets and highlights are passed on as they are: the same edits arrive either
way. While it does not, the relay passes on the sets the document sends for
that scene (``elsewhere_done``: a phone's move, its undo, a reveal joined to
it), hears the rest of its changes itself (a character edited on another
scene) and reads its procedure (who acts, revealed targets, movement left).
When the shown scene changes (or another file is opened) it says
:attr:`ShownScene.replacing`, points at the new encounter and says
:attr:`ShownScene.encounter_replaced`, as the document does for a new file.
Edits made through it (a phone's move, a drag in the player view) are pushed
on the GM's document, on the shown scene's encounter: one undo step each.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal

from tactical.app.encounter.document import REREAD_KINDS, EncounterDocument
from tactical.app.encounter.procedure_reading import Marks, ProcedureReading, ReadingCache
from tactical.core.changes import Change, ChangeGatherer, ChangeSet, Initiator
from tactical.core.commands.base import Command
from tactical.core.encounter import Encounter
from tactical.core.evening import Evening
from tactical.core.tokens import Token


class ShownScene(QObject):
    """The encounter of the scene shown to players, relayed (see the module's docstring)."""

    changes_done = Signal(object)
    """One :class:`ChangeSet` per edit, undo, redo or operation on the shown scene."""
    replacing = Signal()
    """Another scene is about to be shown (the TV's curtain goes down)."""
    encounter_replaced = Signal()
    """Another scene's encounter is read from now on."""
    highlights_changed = Signal()
    path_changed = Signal()
    gm_scene_changed = Signal()
    """The GM's window came to the shown scene, or left it (following stops there)."""

    def __init__(self, document: EncounterDocument) -> None:
        super().__init__(document)
        self.document = document
        self._encounter = document.encounter
        self._evening: Evening | None = None
        self._gathering = ChangeGatherer(self._send)
        self._reading = ReadingCache()
        self._marks: Marks = (set(), set(), set())
        self._gm_here = True
        document.changes_done.connect(self._gm_changes)
        document.elsewhere_done.connect(self._elsewhere)
        document.encounter_replaced.connect(self._gm_replaced)
        document.highlights_changed.connect(self._gm_highlights)
        document.path_changed.connect(self.path_changed)
        self._encounter.subscribe(self._hear)
        self._follow_evening()
        self._point(self._wanted(), announce=False)

    # -- what it reads ----------------------------------------------------------------

    @property
    def encounter(self) -> Encounter:
        return self._encounter

    @property
    def path(self) -> Path | None:
        return self.document.path

    @property
    def evening(self) -> Evening | None:
        return self._evening

    @property
    def on_gm_scene(self) -> bool:
        """Whether the GM's window shows the shown scene too (asked of the document itself:
        the GM's view may say it moved before this relay hears that the GM switched)."""
        return self.document.encounter is self._encounter

    @property
    def acting(self) -> set[str]:
        return self.document.acting if self.on_gm_scene else self._marks[0]

    @property
    def targets(self) -> set[str]:
        return self.document.targets if self.on_gm_scene else self._marks[1]

    @property
    def public_targets(self) -> set[str]:
        return self.document.public_targets if self.on_gm_scene else self._marks[2]

    def procedure_reading(self) -> ProcedureReading:
        """What the shown scene's procedure says now (read once after each change)."""
        if self.on_gm_scene:
            return self.document.procedure_reading()
        reading, marks = self._reading.read(self._encounter)
        if marks is not None and marks != self._marks:
            self._marks = marks
            self.highlights_changed.emit()
        return reading

    def move_budget(self, token: Token) -> int | None:
        """How far ``token`` of the shown scene may move now (a phone's, a player view drag)."""
        return self.procedure_reading().budgets.get(token.id, token.speed)

    # -- edits through it ---------------------------------------------------------------

    def push(self, command: Command, initiator: Initiator) -> None:
        """Do ``command`` on the shown scene: one undo step on the GM's document."""
        self.document.push(command, initiator, on=self._encounter)

    # -- following the document and the evening -------------------------------------------

    def _wanted(self) -> Encounter:
        evening = self._evening
        return self.document.encounter if evening is None else evening.shown_scene.encounter

    def _follow_evening(self) -> None:
        evening = self.document.evening
        if evening is self._evening:
            return
        if self._evening is not None:
            self._evening.unsubscribe(self._evening_changed)
        self._evening = evening
        evening.subscribe(self._evening_changed)

    def _evening_changed(self, change: Change) -> None:
        if change.kind == "scenes":
            self._point(self._wanted())

    def _point(self, encounter: Encounter, *, announce: bool = True) -> None:
        """Read ``encounter`` from now on (the scene shown changed, another file opened)."""
        if encounter is self._encounter:
            self._gm_moved()
            return
        if announce:
            self.replacing.emit()
        self._encounter.unsubscribe(self._hear)
        self._encounter = encounter
        encounter.subscribe(self._hear)
        self._reading.forget()
        self._gm_here = self.document.encounter is encounter
        if announce:
            self.encounter_replaced.emit()
            self.highlights_changed.emit()
            self.gm_scene_changed.emit()

    def _gm_moved(self) -> None:
        here = self.document.encounter is self._encounter
        if here != self._gm_here:
            self._gm_here = here
            self._reading.forget()
            self.gm_scene_changed.emit()
            self.highlights_changed.emit()

    def _gm_replaced(self) -> None:
        """The GM's window shows another encounter: another scene, or another file."""
        self._follow_evening()
        self._point(self._wanted())

    def _gm_changes(self, changes: ChangeSet) -> None:
        if self.document.encounter is self._encounter:
            self.changes_done.emit(changes)

    def _gm_highlights(self) -> None:
        if self.on_gm_scene:
            self.highlights_changed.emit()

    def _elsewhere(self, encounter: Encounter, changes: ChangeSet) -> None:
        if encounter is self._encounter and self.document.encounter is not encounter:
            self._send(changes)

    def _hear(self, change: Change) -> None:
        """A change of the shown encounter the document sends nothing of: not while the GM
        is on it, nor inside a push, undo or redo done there (``elsewhere_done`` says those)."""
        document = self.document
        if document.encounter is not self._encounter and document.pushing_on is not self._encounter:
            self._gathering.add(change)

    def _send(self, changes: ChangeSet) -> None:
        if changes.touches(REREAD_KINDS):
            self._reading.changed()
            if not self.on_gm_scene:
                self.procedure_reading()  # marks the map before the views hear of the change
        self.changes_done.emit(changes)


def shown_scene(document: EncounterDocument) -> ShownScene:
    """The one relay of ``document``'s shown scene (made on first need, the document's child)."""
    found = document.findChild(ShownScene)
    return found if isinstance(found, ShownScene) else ShownScene(document)

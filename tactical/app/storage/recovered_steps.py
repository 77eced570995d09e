"""The undo history a crash's recovery rebuilt, put back on the document's history.

The recovery journal (:mod:`tactical.persistence.journal_history`) rebuilds each step
the GM could undo or redo when the app died as the parts its records changed, before
and after. Here each becomes an undo step again, with its text and who made it, on the
scene it was done on: Edit > Undo offers the same steps as before the crash.
"""

from __future__ import annotations

from tactical.app.encounter.document import EncounterDocument
from tactical.core.changes import Initiator
from tactical.core.commands.base import Command
from tactical.core.encounter import Encounter
from tactical.core.evening import EveningError
from tactical.persistence.journal_history import RecoveredHistory
from tactical.persistence.journal_patch import Parts


class RestoreParts(Command):
    """A recovered undo step: its undo puts back the parts its records changed as they
    were before, its redo as they were after."""

    def __init__(self, text: str, parts: Parts) -> None:
        self.text = text
        self.parts = parts

    def do(self, encounter: Encounter) -> None:
        self.parts.redo(encounter)

    def undo(self, encounter: Encounter) -> None:
        self.parts.undo(encounter)

    def held_bytes(self) -> int:
        return self.parts.held_bytes()


def restore_history(document: EncounterDocument, history: RecoveredHistory) -> None:
    """Put ``history`` on ``document``'s undo history (just loaded from the recovery)."""
    steps: list[tuple[Command, Initiator, str, Encounter]] = []
    index = history.index
    for number, step in enumerate(history.steps):
        try:
            scene = document.evening.scene(step.scene) if step.scene else None
        except EveningError:  # pragma: no cover - recovery names only the evening's scenes
            index = min(index, number)
            break
        encounter = document.encounter if scene is None else scene.encounter
        initiator = Initiator(step.by or "GM", step.character)
        steps.append((RestoreParts(step.text, step.parts), initiator, step.text, encounter))
    if steps:
        document.history.restore(steps, min(index, len(steps)))

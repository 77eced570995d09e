"""The undo history a journal's records rebuild (version 3 on).

Each record says how its change moved the history (``journal_format.Step``): a step
pushed (with its text and who made it), a record merged into the step before, a step
undone or redone. Replaying them in order gives the steps the history held when the
app died and how many were done; a step holds its records' after- and before-values
(:class:`~tactical.persistence.journal_patch.Parts`), as small as what it changed.
Steps the journal never saw pushed (made before its base) cannot be rebuilt: the
history keeps the steps above the last such one that is done and below the first that
is undone, and at most :data:`BUDGET_BYTES` of them, the newest.
"""

from __future__ import annotations

from dataclasses import dataclass

from tactical.persistence.journal_format import Step
from tactical.persistence.journal_patch import Parts, Patch

BUDGET_BYTES = 200 * 1024 * 1024
"""What the recovered steps keep at most (the app's undo history's own bound)."""


@dataclass
class RecoveredStep:
    """One undo step of the recovered history: its scene, its text and who made it."""

    scene: str | None
    text: str
    by: str
    character: str | None
    parts: Parts


@dataclass
class RecoveredHistory:
    """The recovered steps, oldest first, and how many of them are done (Qt's index)."""

    steps: list[RecoveredStep]
    index: int


class HistoryBuilder:
    """The history as the records move it; None marks a step the journal never saw."""

    def __init__(self) -> None:
        self.steps: list[RecoveredStep | None] = []
        self.index = 0

    def wants(self, moves: list[Step]) -> bool:
        """Whether a record with ``moves`` adds its values to a step (it pushed or merged)."""
        return bool(moves) and moves[-1].do in ("push", "merge")

    def move(self, scene: str | None, moves: list[Step]) -> RecoveredStep | None:
        """Move the history by ``moves``; the step the record's values then belong to."""
        for move in moves:
            if move.do == "push":
                del self.steps[self.index :]
                step = RecoveredStep(scene, move.text, move.by, move.character, Parts())
                self.steps.append(step)
                self.index += 1
            elif move.do == "undo":
                if self.index == 0:
                    self.steps.insert(0, None)  # a step from before the base, undone
                else:
                    self.index -= 1
            elif move.do == "redo":
                if self.index == len(self.steps):
                    self.steps.append(None)  # redone: one the journal never saw
                self.index += 1
        if not self.wants(moves) or self.index == 0:
            return None
        top = self.steps[self.index - 1]
        return top if top is not None and top.scene == scene else None

    def add(self, step: RecoveredStep, after: Patch, before: Patch) -> None:
        step.parts.add(after, before)

    def history(self, budget: int = BUDGET_BYTES) -> RecoveredHistory:
        """The steps that can be undone and redone from where the history stands."""
        done = self.steps[: self.index]
        undone = self.steps[self.index :]
        unknown = [i for i, s in enumerate(done) if s is None]
        kept_done = done[unknown[-1] + 1 :] if unknown else done
        cut = next((i for i, s in enumerate(undone) if s is None), len(undone))
        steps = [s for s in [*kept_done, *undone[:cut]] if s is not None]
        index = len(kept_done)
        total, first = 0, len(steps)
        while first > 0:
            size = steps[first - 1].parts.held_bytes()
            if total + size > budget and first < len(steps):
                break
            total += size
            first -= 1
        return RecoveredHistory(steps[first:], max(0, index - first))

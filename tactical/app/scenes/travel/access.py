"""The evening the open scene belongs to, as the travel feature reads it.

A file of one map opens as an encounter alone; the first roster edit makes it
an evening of one scene (saved as such). Commands of another scene than the
one on screen are wrapped in :class:`OnScene`, so a reveal worked out for the
arrival scene joins the move's undo step.
"""

from __future__ import annotations

import copy
from typing import Protocol

from tactical.core.commands.base import Command
from tactical.core.encounter import Encounter
from tactical.core.evening import Evening, Scene, evening_of
from tactical.core.sides import Side
from tactical.core.tokens import Token


class HasEncounter(Protocol):
    """The document, as far as this feature reads it."""

    @property
    def encounter(self) -> Encounter: ...


def evening_for(document: HasEncounter) -> Evening | None:
    """The evening on screen (the document's, once it keeps one), or None for a lone map."""
    kept = getattr(document, "evening", None)
    if isinstance(kept, Evening):
        return kept
    return evening_of(document.encounter)


def ensure_evening(document: HasEncounter) -> Evening:
    """The evening on screen, made of this one map if it has none yet."""
    evening = evening_for(document)
    return evening if evening is not None else Evening.single(document.encounter)


def scene_here(document: HasEncounter) -> Scene | None:
    """The scene on screen, or None for a lone map."""
    evening = evening_for(document)
    return evening.scene_of(document.encounter) if evening is not None else None


def other_scenes(document: HasEncounter) -> list[Scene]:
    """The evening's scenes but the one on screen, in their order."""
    evening = evening_for(document)
    if evening is None:
        return []
    return [s for s in evening.scenes if s.encounter is not document.encounter]


class OnScene(Command):
    """``inner`` done on ``encounter`` (another scene's), whatever it is pushed on."""

    def __init__(self, inner: Command, encounter: Encounter) -> None:
        self.inner = inner
        self.encounter = encounter
        self.text = inner.text

    def do(self, encounter: Encounter) -> None:
        self.inner.do(self.encounter)

    def undo(self, encounter: Encounter) -> None:
        self.inner.undo(self.encounter)


def side_for(evening: Evening, token: Token, here: Encounter) -> Side | None:
    """A copy of the side ``token`` has, from any scene, when ``here`` lacks it."""
    if token.side in here.sides:
        return None
    for scene in evening.scenes:
        side = scene.encounter.sides.get(token.side)
        if side is not None:
            return copy.deepcopy(side)
    return Side(token.side, token.side)

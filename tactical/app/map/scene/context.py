"""What a map scene's layers read of it, and what each tells it it redrew.

The scene is a router (:class:`~tactical.app.map.scene.map_scene.MapScene`): for each
change set it asks its layers in turn (the map under everything, the tokens, the
templates, then the layers features added, such as the fog) to apply their own part
(:meth:`SceneLayer.apply`), and emits ``tokens_refreshed`` and ``map_refreshed`` at
most once for them all. A layer reads the scene through :class:`SceneContext` only
and puts its items on the scene as a plain ``QGraphicsScene``: no layer imports the
scene, and none reads another's state.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Flag, auto
from typing import Protocol

from PySide6.QtCore import QRectF

from tactical.app.map.scene.area_layer import AreaLayer
from tactical.app.map.scene.grid_layer import GridLayer
from tactical.app.map.scene.source import MapSource
from tactical.core.changes import ChangeSet
from tactical.core.encounter import Encounter
from tactical.core.templates import Template
from tactical.core.tokens import Token

MapLayer = GridLayer | AreaLayer
"""What paints the map itself: a grid's squares or an area map's areas."""


class SceneContext(Protocol):
    """The scene as its layers see it: read, never written."""

    @property
    def document(self) -> MapSource: ...

    @property
    def encounter(self) -> Encounter: ...

    @property
    def player(self) -> bool:
        """Only what the players may see is shown (a player scene, or the GM's filter)."""
        ...

    @property
    def layer(self) -> MapLayer: ...

    def sceneRect(self) -> QRectF: ...

    def token_z(self) -> float:
        """How high token items stand (over the fog for the players, under it for the GM)."""
        ...

    def shows_token(self, token: Token) -> bool: ...

    def shows_tokens(self, tokens: Sequence[Token]) -> list[bool]:
        """:meth:`shows_token` of each of ``tokens`` (asked together: thousands after the fog)."""
        ...

    def shows_template(self, template: Template) -> bool: ...


class Refreshed(Flag):
    """What a layer redrew for a change set: the scene's signals to emit once, after all."""

    NOTHING = 0
    TOKENS = auto()
    """Token items were added, removed, moved or restyled (``tokens_refreshed``)."""
    MAP = auto()
    """The terrain, the areas or the background changed (``map_refreshed``)."""


class SceneLayer(Protocol):
    """A layer of a scene: it applies its own part of each change set."""

    def apply(self, changes: ChangeSet) -> Refreshed:
        """Bring this layer up to date with ``changes``; what it redrew."""
        ...

    def rebuild(self) -> None:
        """The scene was rebuilt (another encounter, a resized grid): start afresh."""
        ...

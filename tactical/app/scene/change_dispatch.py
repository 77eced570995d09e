"""What a scene redoes for one change set: each layer at most once, each signal at most once.

A GM's action sends one :class:`~tactical.core.changes.ChangeSet` (a panel
press that moves, rolls and advances the procedure included), so the tokens
are synced once, the map invalidated once and ``tokens_refreshed`` /
``map_refreshed`` emitted once, whatever the set holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QGraphicsScene

from tactical.app.scene.area_layer import AreaLayer
from tactical.app.scene.grid_layer import GridLayer
from tactical.core.changes import ChangeSet

if TYPE_CHECKING:
    from tactical.app.scene.map_scene import MapScene

ALL_TOKENS_KINDS = frozenset({"fog", "sides", "meta"})
"""Kinds after which every token is synced (who shows, its colour, its name)."""


def apply_changes(scene: MapScene, changes: ChangeSet) -> None:
    """Bring ``scene`` up to date with ``changes`` (see the module's docstring)."""
    layer = scene.layer
    if isinstance(layer, GridLayer) and layer.grid is not scene.encounter.map:
        scene.rebuild()  # the grid was resized (a new grid object)
        return
    encounter = scene.encounter
    everything = list(encounter.tokens)
    tokens: set[str] | None = set()  # None: all of them
    templates: set[str] | None = set()
    tokens_refreshed = map_refreshed = False
    pictures = changes.get("pictures")
    if pictures is not None:
        for picture in pictures.ids:
            scene.token_pictures.forget(picture)
        users = {t.id for t in encounter.tokens.values() if t.image in pictures.ids}
        if users:
            tokens.update(users)
            tokens_refreshed = True
    if changes.touches(("background", "pictures")):
        scene._update_background()
        scene.invalidate(scene.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        map_refreshed = True
    if isinstance(layer, GridLayer):
        for kind in ("terrain", "walls"):
            change = changes.get(kind)  # type: ignore[arg-type]
            if change is not None:
                rect = layer.refresh(change.squares or None)
                scene.invalidate(rect, QGraphicsScene.SceneLayer.BackgroundLayer)
                map_refreshed = True
    if "areas" in changes.kinds and isinstance(layer, AreaLayer):
        layer.refresh()
        scene.fit_scene_rect()
        scene.invalidate(scene.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        tokens = templates = None
        map_refreshed = True
    token_change = changes.get("tokens")
    if token_change is not None:
        if token_change.ids and tokens is not None:
            tokens.update(token_change.ids)
        else:
            tokens = None
        templates = None
        tokens_refreshed = True
    if changes.touches(ALL_TOKENS_KINDS):
        tokens = None
        tokens_refreshed = True
        if "fog" in changes.kinds:
            templates = None  # auras of tokens in fog come and go on the players' screens
    template_change = changes.get("templates")
    if template_change is not None and templates is not None:
        if template_change.ids:
            templates.update(template_change.ids)
        else:
            templates = None
    if tokens is None or tokens:
        scene._sync_tokens(everything if tokens is None else sorted(tokens))
    if templates is None:
        scene.refresh_templates()
    elif templates:
        scene._sync_templates(sorted(templates))
    if tokens_refreshed:
        scene.tokens_refreshed.emit()
    if map_refreshed:
        scene.map_refreshed.emit()

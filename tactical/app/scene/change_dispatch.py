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
from tactical.core.changes import ChangeKind, ChangeSet

if TYPE_CHECKING:
    from tactical.app.scene.map_scene import MapScene

GRID_KINDS: tuple[ChangeKind, ...] = ("terrain", "walls")
"""Kinds a grid layer redraws, over the squares they name (all when they name none)."""
ALL_TOKENS_KINDS = frozenset({"fog", "sides", "meta"})
"""Kinds after which every token is synced (who shows, its colour, its name)."""


def apply_changes(scene: MapScene, changes: ChangeSet) -> None:
    """Bring ``scene`` up to date with ``changes`` (see the module's docstring)."""
    layer = scene.layer
    if isinstance(layer, GridLayer) and layer.grid is not scene.encounter.map:
        scene.rebuild()  # the grid was resized (a new grid object)
        return
    encounter = scene.encounter
    all_tokens = all_templates = tokens_refreshed = map_refreshed = False
    token_ids: set[str] = set()
    template_ids: set[str] = set()
    pictures = changes.get("pictures")
    if pictures is not None:
        for picture in pictures.ids:
            scene.token_pictures.forget(picture)
        users = {t.id for t in encounter.tokens.values() if t.image in pictures.ids}
        if users:
            token_ids |= users
            tokens_refreshed = True
    if changes.touches(("background", "pictures")):
        scene._update_background()
        scene.invalidate(scene.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        map_refreshed = True
    if isinstance(layer, GridLayer):
        for kind in GRID_KINDS:
            change = changes.get(kind)
            if change is not None:
                rect = layer.refresh(change.squares or None)
                scene.invalidate(rect, QGraphicsScene.SceneLayer.BackgroundLayer)
                map_refreshed = True
    if "areas" in changes.kinds and isinstance(layer, AreaLayer):
        layer.refresh()
        scene.fit_scene_rect()
        scene.invalidate(scene.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        all_tokens = all_templates = map_refreshed = True
    if changes.touches(("fog", "areas")) and scene._name_found_areas():
        scene.invalidate(scene.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
    token_change = changes.get("tokens")
    if token_change is not None:
        token_ids |= token_change.ids
        all_tokens = all_tokens or not token_change.ids
        all_templates = tokens_refreshed = True
    if changes.touches(ALL_TOKENS_KINDS):
        all_tokens = tokens_refreshed = True
        if "fog" in changes.kinds:
            all_templates = True  # auras of tokens in fog come and go on the players' screens
    template_change = changes.get("templates")
    if template_change is not None:
        template_ids |= template_change.ids
        all_templates = all_templates or not template_change.ids
    if all_tokens or token_ids:
        scene._sync_tokens(list(encounter.tokens) if all_tokens else sorted(token_ids))
    if all_templates:
        scene.refresh_templates()
    elif template_ids:
        scene._sync_templates(sorted(template_ids))
    if tokens_refreshed:
        scene.tokens_refreshed.emit()
    if map_refreshed:
        scene.map_refreshed.emit()

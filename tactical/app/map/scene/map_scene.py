"""The scene of one encounter: a router over its layers, each drawing its part.

The GM's window and the player view each have their own scene over the same
document. A player scene (``player=True``) leaves out hidden tokens and hidden
templates, has no GM overlays, and marks only the targets of revealed actions
(``document.public_targets``), never the rest of ``document.targets``.

The GM's scene can switch to the same filter at run time
(:meth:`MapScene.set_player_filter`, the GM window's "Hide secrets on this
screen"): the GM's tools keep working on the tokens that stay.

Under that filter the tokens left are drawn above the fog (:data:`PLAYER_TOKEN_Z`):
every token standing in fog is already gone from the scene, so what rises over
the fog is only what the players may see, whole, its name label included.

The scene's layers are the map under everything (:mod:`~tactical.app.map.scene.ground`),
the tokens (:mod:`~tactical.app.map.scene.token_sync`) and the templates
(:mod:`~tactical.app.map.scene.template_layer`); features add theirs (the fog:
:func:`tactical.app.fog.layer.install_fog_layer`) with :meth:`MapScene.add_layer`.
For each change set the scene asks every layer, in that order, to apply its own part
and emits ``tokens_refreshed`` and ``map_refreshed`` once for all
(:mod:`~tactical.app.map.scene.context`). The scene draws; it knows nothing of who edits.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRectF, Signal
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from tactical.app.map.scene import colours
from tactical.app.map.scene.background import BackgroundArt, paint_map
from tactical.app.map.scene.context import MapLayer, Refreshed, SceneLayer
from tactical.app.map.scene.ground import MapGround
from tactical.app.map.scene.overlays import (
    FootprintOverlay,
    LinesOverlay,
    PathOverlay,
    ReachOverlay,
)
from tactical.app.map.scene.source import MapSource
from tactical.app.map.scene.stacking import PLAYER_TOKEN_Z, TOKEN_Z
from tactical.app.map.scene.template_layer import TemplateLayer
from tactical.app.map.scene.token_item import TokenItem
from tactical.app.map.scene.token_look import TokenLook
from tactical.app.map.scene.token_pictures import token_pictures
from tactical.app.map.scene.token_sync import UNTOLD_ZOOM, TokenSync
from tactical.app.tokens.token_names import gm_name
from tactical.core.changes import ChangeSet
from tactical.core.encounter import Encounter
from tactical.core.grid import Square
from tactical.core.templates import Template
from tactical.core.tokens import Position, Token
from tactical.share.players import template_shown, token_shown, tokens_shown

INPUT_EVENTS = frozenset(
    {
        QEvent.Type.GraphicsSceneMousePress,
        QEvent.Type.GraphicsSceneMouseMove,
        QEvent.Type.GraphicsSceneMouseRelease,
        QEvent.Type.GraphicsSceneMouseDoubleClick,
        QEvent.Type.GraphicsSceneHoverMove,
        QEvent.Type.GraphicsSceneContextMenu,
        QEvent.Type.GraphicsSceneWheel,
        QEvent.Type.GraphicsSceneHelp,
        QEvent.Type.GraphicsSceneDragEnter,
        QEvent.Type.GraphicsSceneDrop,
        QEvent.Type.KeyPress,
    }
)
"""Events that reach token items: the pending ones are made first (``token_pending``)."""


class MapScene(QGraphicsScene):
    """Everything drawn for one encounter; rebuilt on ``encounter_replaced``."""

    tokens_refreshed = Signal()
    """Token items were added, removed, moved or restyled (cover marks may need a refresh)."""
    map_refreshed = Signal()
    """The terrain or the areas changed, or the whole encounter was replaced."""

    def __init__(self, document: MapSource, *, player: bool = False, in_view: bool = False) -> None:
        """``in_view``: a view will show the scene and tell its zoom before it paints;
        until then its tokens are dots (see :mod:`tactical.app.map.scene.token_sync`)."""
        super().__init__()
        self.document = document
        self.player = player
        self.ground = MapGround(self, self)
        """The map layer and the background picture (see :mod:`tactical.app.map.scene.ground`)."""
        self.token_pictures = token_pictures(document)
        self.tokens = TokenSync(self, self, self.token_pictures, UNTOLD_ZOOM if in_view else None)
        self.tokens.fog_watch.refreshed = self.tokens_refreshed.emit
        self.token_items = self.tokens.items
        """Every shown token's item, by token id."""
        self.token_layout = self.tokens.layout
        """Where the token items stand (see :mod:`tactical.app.map.scene.token_layout`)."""
        self.templates = TemplateLayer(self, self, self.token_items)
        """The placed templates (see :mod:`tactical.app.map.scene.template_layer`)."""
        self.template_items = self.templates.items
        self.layers: list[SceneLayer] = [self.ground, self.tokens, self.templates]
        """What applies each change set, in order: the map, tokens, templates, then the
        layers features added (:meth:`add_layer`)."""
        self.reach = ReachOverlay()
        self.path = PathOverlay()
        self.ruler = PathOverlay(colour=QColor("#6a1b9a"))
        self.template_preview = FootprintOverlay(z=25.0)
        self.cover_lines = LinesOverlay()
        for overlay in (self.reach, self.path, self.ruler, self.template_preview, self.cover_lines):
            overlay.setVisible(False)
            self.addItem(overlay)
        self.token_dots = dots = self.tokens.dots
        self.addItem(dots)
        self.sceneRectChanged.connect(dots.set_bounds)
        self.selectionChanged.connect(dots.selection_changed)  # tokens tell their own changes
        self.map_refreshed.connect(dots.changed)  # the scene rebuilt
        document.changes_done.connect(self._on_changes)
        document.encounter_replaced.connect(self.rebuild)
        document.highlights_changed.connect(self.refresh_highlights)
        self.rebuild()

    @property
    def encounter(self) -> Encounter:
        return self.document.encounter

    @property
    def layer(self) -> MapLayer:
        """What paints the map: the grid's squares or the areas."""
        return self.ground.layer

    @property
    def background_art(self) -> BackgroundArt:
        return self.ground.background_art

    def add_layer(self, layer: SceneLayer) -> None:
        """A feature's layer (the fog): told each change set after the scene's own."""
        self.layers.append(layer)

    def items(self, *args: Any, **kwargs: Any) -> list[QGraphicsItem]:
        """``QGraphicsScene.items``, every pending token's item made first."""
        self.tokens.make_pending()
        return super().items(*args, **kwargs)

    def event(self, event: QEvent) -> bool:
        if self.tokens.pending and event.type() in INPUT_EVENTS:
            self.tokens.make_pending()  # what is clicked, hovered or keyed has its item
        return super().event(event)

    # -- the router ------------------------------------------------------------

    def rebuild(self) -> None:
        """Drop every item and rebuild from the document's encounter."""
        self.tokens.clear()
        self.templates.clear()
        for overlay in (self.reach, self.path, self.ruler, self.template_preview, self.cover_lines):
            overlay.clear()
        for layer in self.layers:
            layer.rebuild()  # the map first: the tokens stand on it, the templates ring them
        self.ground.invalidate()
        self.map_refreshed.emit()

    def _on_changes(self, changes: ChangeSet) -> None:
        """Each layer applies its part of ``changes``; each signal is emitted at most once."""
        if self.ground.stale():
            self.rebuild()
            return
        refreshed = Refreshed.NOTHING
        for layer in self.layers:
            refreshed |= layer.apply(changes)
        if Refreshed.TOKENS in refreshed:
            self.tokens_refreshed.emit()
        if Refreshed.MAP in refreshed:
            self.map_refreshed.emit()

    # -- background --------------------------------------------------------------

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:  # type: ignore[override]
        painter.fillRect(rect, colours.OUTSIDE)
        paint_map(painter, self, rect)

    def map_rect(self) -> QRectF:
        """The map in scene units; an area map's includes its background picture."""
        return self.ground.map_rect()

    def fit_scene_rect(self) -> None:
        """The scene spans the map (and its picture) with a margin to scroll into."""
        self.ground.fit_scene_rect()

    # -- what is shown -----------------------------------------------------------

    def set_player_filter(self, on: bool) -> None:
        """Show only what the players may see (``on``), or everything again.

        The same filter as a player scene's: hidden tokens, hidden templates, the
        auras of hidden tokens and unrevealed targets are left out.
        """
        if on == self.player:
            return
        self.player = on
        if self.ground.name_found_areas():
            self.ground.invalidate()
        for item in (*self.token_items.values(), self.token_dots):
            item.setZValue(self.token_z())
        self.tokens.sync(list(self.encounter.tokens))
        self.templates.refresh()
        self.tokens_refreshed.emit()

    def set_view_zoom(self, zoom: float, shown: QRectF | None = None) -> None:
        """The view's zoom (and what it ``shown``): names, badges and marks grow to stay
        readable when zoomed out; tokens too small, or far from what is shown, are dots."""
        self.path.set_view_zoom(zoom)  # the drag's label too
        self.ruler.set_view_zoom(zoom)
        self.tokens.set_view_zoom(zoom, shown)

    @property
    def label_scale(self) -> float:
        """How large token names are drawn (the player view's label size setting)."""
        return self.tokens.label_scale

    @property
    def view_boost(self) -> float:
        """Names, badges and marks enlarged for the view's zoom (:meth:`set_view_zoom`)."""
        return self.tokens.view_boost

    def set_label_scale(self, factor: float) -> None:
        """Draw token names ``factor`` times their usual size (readable on a TV)."""
        self.tokens.set_label_scale(factor)

    def token_z(self) -> float:
        """Tokens over the fog for the players (only visible ones are left), under it for the GM."""
        return PLAYER_TOKEN_Z if self.player else TOKEN_Z

    def shows_token(self, token: Token) -> bool:
        return not self.player or token_shown(self.encounter, token)

    def shows_tokens(self, tokens: Sequence[Token]) -> list[bool]:
        """:meth:`shows_token` of each of ``tokens``, asked together (the fog looked up once)."""
        return tokens_shown(self.encounter, tokens) if self.player else [True] * len(tokens)

    def shows_template(self, template: Template) -> bool:
        if self.player and not template_shown(self.encounter, template):
            return False
        if template.token_id is not None and template.kind == "aura":
            source = self.encounter.tokens.get(template.token_id)
            if source is None or not self.shows_token(source):
                return False
        return True

    def visible_tokens(self) -> list[Token]:
        return [t for t in self.encounter.tokens.values() if self.shows_token(t)]

    # -- tokens ----------------------------------------------------------------

    def look_of(self, token: Token) -> TokenLook:
        return self.tokens.look_of(token)

    def restore_token(self, token_id: str) -> None:
        """Put a token's item back where the model has it (after a refused drop)."""
        self.token_layout.restore(token_id)

    def preview_token_at(self, token_id: str, position: Position) -> None:
        """Show a dragged token at ``position`` without touching the model."""
        self.token_layout.preview(token_id, position)

    def token_item_at(self, point: QPointF) -> TokenItem | None:
        """The topmost visible token item under a scene point."""
        for item in self.items(point):
            if isinstance(item, TokenItem) and item.isVisible():
                return item
        return None

    def refresh_highlights(self) -> None:
        self.tokens.refresh_highlights()

    # -- templates ---------------------------------------------------------------

    def draw_template(self, item: FootprintOverlay, template: Template, ok: bool = True) -> None:
        """Paint a template's footprint and ring the tokens it affects."""
        self.templates.draw(item, template, ok)

    def refresh_templates(self) -> None:
        self.templates.refresh()

    def affected_by_templates(self) -> set[str]:
        """Every token a placed template touches (what the map rings)."""
        return self.templates.affected()

    # -- for the status bar ------------------------------------------------------------

    def describe(self, point: QPointF) -> str:
        """What is under a scene point: square or area, elevation, terrain, token."""
        from tactical.app.map.geometry import scene_to_map, square_at

        grid, area_map = self.encounter.grid, self.encounter.area_map
        parts: list[str] = []
        if grid is not None:
            square: Square = square_at(point.x(), point.y())
            if not grid.in_bounds(square):
                return ""
            terrain = grid.terrain_at(square).name.lower()
            parts.append(f"Square {square[0]}, {square[1]}")
            parts.append(f"elevation {grid.elevation_at(square):+d}")
            parts.append(terrain)
        elif area_map is not None:
            area_id = area_map.area_at(*scene_to_map(point.x(), point.y()))
            if area_id is None:
                return ""
            area = area_map.areas[area_id]
            parts.append(f"Area: {area.name}")
            if area.tags:
                parts.append(", ".join(area.tags))
            inside = [t for t in self.encounter.tokens_in_area(area_id) if self.shows_token(t)]
            parts.append(f"{len(inside)} token{'' if len(inside) == 1 else 's'}")
        item = self.token_item_at(point)
        if item is not None:
            token = self.encounter.tokens.get(item.token_id)
            name = item.look.name
            if token is not None and not self.player:
                name = gm_name(token, self.encounter, name)
            parts.append(f"token: {name}")
        return " · ".join(parts)

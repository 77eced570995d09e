"""The map under everything: the grid or area layer and the background picture.

Drawn in the scene's background (:func:`~tactical.app.map.scene.background.paint_map`),
cached by the view: an edit of some squares repaints the rectangle round them, a
new picture or new areas the whole map. The ground also fits the scene's rectangle
round the map and its picture, with a margin to scroll into.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsScene

from tactical.app.map.geometry import CELL
from tactical.app.map.scene.area_layer import AreaLayer
from tactical.app.map.scene.background import BackgroundArt, shared_cache
from tactical.app.map.scene.context import MapLayer, Refreshed, SceneContext
from tactical.app.map.scene.grid_layer import NUMBERS_FROM, GridLayer
from tactical.core.changes import ChangeKind, ChangeSet
from tactical.core.encounter import Encounter
from tactical.core.fog import Fog, FogMark
from tactical.core.grid import GridMap
from tactical.core.square_bits import changed_box
from tactical.share.players import shown_squares

MARGIN = CELL * 2
GRID_KINDS: tuple[ChangeKind, ...] = ("terrain", "walls")
"""Kinds a grid layer redraws, over the squares they name (all when they name none)."""


class MapGround:
    """The map layer and background picture of one scene (see the module's docstring)."""

    def __init__(self, context: SceneContext, canvas: QGraphicsScene) -> None:
        self.context = context
        self.canvas = canvas
        self.layer: MapLayer
        self.background_art = BackgroundArt(shared_cache(context.document))
        """The background picture, decoded once (see :mod:`tactical.app.map.scene.background`)."""
        self._art_of: Encounter | None = None
        self._numbered_mark: tuple[MapLayer, FogMark] | None = None
        """The layer whose heights follow the fog, and where the fog stood then."""

    def rebuild(self) -> None:
        """A layer for the encounter's map, its picture decoded, the scene fitted round it
        (the scene repaints its background once all its layers are rebuilt)."""
        encounter = self.context.encounter
        if encounter.grid is not None:
            self.layer = GridLayer(encounter.grid)
        else:
            assert encounter.area_map is not None
            self.layer = AreaLayer(encounter.area_map)
        self.name_found_areas()
        if self._art_of is not encounter:  # another encounter: other pictures
            self.background_art.reset()
            self._art_of = encounter
        self._update_background()

    def use_background_art(self, art: BackgroundArt) -> None:
        """Draw the picture through ``art`` from now on (a players' print cuts it first)."""
        self.background_art = art
        self._art_of = self.context.encounter
        self._update_background()

    def stale(self) -> bool:
        """The grid was resized (a new grid object): the whole scene is rebuilt."""
        layer = self.layer
        return isinstance(layer, GridLayer) and layer.grid is not self.context.encounter.map

    def apply(self, changes: ChangeSet) -> Refreshed:
        """Redraw the picture, the squares or the areas ``changes`` touch."""
        refreshed = Refreshed.NOTHING
        layer = self.layer
        if changes.touches(("background", "pictures")):
            self._update_background()
            self.invalidate()
            refreshed |= Refreshed.MAP
        if isinstance(layer, GridLayer):
            for kind in GRID_KINDS:
                change = changes.get(kind)
                if change is not None:
                    self.invalidate(layer.refresh(change.squares or None))
                    refreshed |= Refreshed.MAP
        if "areas" in changes.kinds and isinstance(layer, AreaLayer):
            layer.refresh()
            self.fit_scene_rect()
            self.invalidate()
            refreshed |= Refreshed.MAP
        if changes.touches(("fog", "areas")) and self.name_found_areas() and self._numbers_seen():
            self.invalidate(self._numbered_rect())
        return refreshed

    def _numbers_seen(self) -> bool:
        """Whether a view of the scene may have heights in its cached background: squares
        too small for them in every view (the players' screen fitting 1024 x 1024) draw
        none, so a change of the squares numbered repaints nothing there (fog turned on
        repainted the players' whole map, 8 ms). A view zoomed in draws its whole cache
        afresh, as the fog then is."""
        if not isinstance(self.layer, GridLayer):
            return True  # an area's name is drawn at every zoom
        for view in self.canvas.views():
            shown = view.transform()
            if CELL * math.hypot(shown.m11(), shown.m12()) >= NUMBERS_FROM * 0.9:
                return True
        return False

    def _numbered_rect(self) -> QRectF | None:
        """Where the squares whose height is written changed (None: anywhere), a square
        round them for the numbers' edges."""
        box = self.layer.numbered_box if isinstance(self.layer, GridLayer) else None
        if box is None:
            return None
        top, left, bottom, right = box
        return QRectF(
            (left - 1) * CELL,
            (top - 1) * CELL,
            (right - left + 2) * CELL,
            (bottom - top + 2) * CELL,
        )

    def invalidate(self, rect: QRectF | None = None) -> None:
        """Repaint the cached background within ``rect`` (everywhere: None)."""
        whole = self.canvas.sceneRect() if rect is None else rect
        self.canvas.invalidate(whole, QGraphicsScene.SceneLayer.BackgroundLayer)

    def name_found_areas(self) -> bool:
        """For the players, no area's name nor square's height under fog, not even drawn
        and then covered (True: the labels drawn changed)."""
        encounter, player = self.context.encounter, self.context.player
        if isinstance(self.layer, GridLayer):
            if player and encounter.fog.enabled and encounter.grid is not None:
                return self._number_found(self.layer, encounter.fog, encounter.grid)
            self._numbered_mark = None
            return self.layer.number_only(shown_squares(encounter) if player else None)
        assert isinstance(self.layer, AreaLayer)
        return self.layer.name_only_found(encounter.fog if player else None)

    def _number_found(self, layer: GridLayer, fog: Fog, grid: GridMap) -> bool:
        """Heights on the found squares only, following the fog's edits in their boxes."""
        mark, self._numbered_mark = self._numbered_mark, (layer, fog.mark(grid))
        numbered = layer.numbered
        if mark is None or mark[0] is not layer or numbered is None:
            return layer.number_only(fog.mask(grid).copy())
        within = fog.changed_since(mark[1], grid)
        layer.numbered_box = None
        if within is None:
            return False
        top, left, bottom, right = within
        before, now = numbered[top:bottom, left:right], fog.mask(grid)[top:bottom, left:right]
        box = changed_box(before, now)
        if box is not None:
            before[...] = now
            layer.numbered_box = (box[0] + top, box[1] + left, box[2] + top, box[3] + left)
        return box is not None

    def map_rect(self) -> QRectF:
        """The map in scene units; an area map's includes its background picture."""
        rect = self.layer.scene_rect()
        if isinstance(self.layer, AreaLayer):
            encounter = self.context.encounter
            art = self.background_art.scene_rect(encounter.background)
            if not art.isEmpty():
                area_map = encounter.area_map
                rect = art if area_map is not None and not area_map.areas else rect.united(art)
        return rect

    def fit_scene_rect(self) -> None:
        """The scene spans the map (and its picture) with a margin to scroll into."""
        self.canvas.setSceneRect(self.map_rect().adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN))

    def _update_background(self) -> None:
        """Decode a new background picture and fit the scene around the map and it."""
        encounter = self.context.encounter
        path = self.context.document.path
        self.background_art.update(encounter, None if path is None else path.parent)
        background = encounter.background
        shown = background is not None and self.background_art.image is not None
        self.layer.overlay = background.overlay_opacity if background and shown else None
        self.fit_scene_rect()

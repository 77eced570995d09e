"""The players' elevation legend never covers a token: tokens always win.

On the players' screen (following the GM, fitted, or a battle mat at true scale)
the legend stands in a corner of the map. Whenever the tokens, the view (a pan,
a zoom, the battle-mat scale, a quarter turn, a fit) or the legend's size change,
it stands in its usual corner (the players' bottom left, unless the GM moved it;
turned with the players' screen) while no token's rectangle on screen
(disc, name and badges) comes within :data:`GAP` pixels of it; otherwise it stays
in the corner it moved to while that one is free (it does not hop about as tokens
move), else moves to the first free corner (bottom right, top left, top right).
When a token stands in every corner it is put away until a corner is free again.

Why moving, not translucency or a folded tab: a miniature standing on the glass
hides whatever is drawn under it, and a translucent legend over a token still
muddies the token's name, which is what the players read from across the table.
A corner is nearly always free on a map bigger than the screen, and a fitted map
already keeps its squares out of the legend's corner (:meth:`MapView.fit_map`),
so the legend only moves when a token really comes to it.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtWidgets import QGraphicsScene

from tactical.app.map.legend import ElevationLegend
from tactical.app.map.map_view import MapView
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.map.scene.token_item import TokenItem

CORNERS = (
    Qt.Corner.BottomLeftCorner,
    Qt.Corner.BottomRightCorner,
    Qt.Corner.TopLeftCorner,
    Qt.Corner.TopRightCorner,
)
"""Where the legend may stand, in the order it tries them (its usual corner first)."""
GAP = 4
"""Pixels kept between the legend and the nearest token (rounding never makes them touch)."""
_CLOCKWISE = (
    Qt.Corner.TopLeftCorner,
    Qt.Corner.TopRightCorner,
    Qt.Corner.BottomRightCorner,
    Qt.Corner.BottomLeftCorner,
)


def turned_corner(corner: Qt.Corner, rotation: int) -> Qt.Corner:
    """The screen's corner where the players' ``corner`` is, their screen turned ``rotation``."""
    steps = (rotation % 360) // 90
    return _CLOCKWISE[(_CLOCKWISE.index(corner) + steps) % 4]


def token_rects(view: MapView, near: QRect | None = None) -> list[QRect]:
    """Every shown token's rectangle on ``view``'s viewport, name and badges included; with
    ``near`` (a viewport rectangle), at least those that meet it: only the tokens the scene's
    index finds there are measured, not every token on the map."""
    scene = view.scene()
    if not isinstance(scene, MapScene):
        return []  # the window is being taken down
    scene.set_view_zoom(view.zoom, view.visible_scene_rect())  # names as the next paint's
    transform = view.viewportTransform()
    area = None
    if near is None:
        items: Iterable[object] = scene.tokens.made_items()
    else:  # a pixel more each side: the aligned rectangles round outwards
        area = view.mapToScene(near.adjusted(-2, -2, 2, 2)).boundingRect()
        # by bounding rectangle (a token's shape is its disc), not making pending items
        items = QGraphicsScene.items(scene, area, Qt.ItemSelectionMode.IntersectsItemBoundingRect)
    rects = [
        transform.mapRect(item.sceneBoundingRect()).toAlignedRect()
        for item in items
        if isinstance(item, TokenItem) and item.isVisible()
    ]
    # tokens whose items are not made yet (scene/token_pending.py): dots, their square boxes
    pending = scene.tokens.pending_boxes(area)  # near: only those there (5,000 after a reveal)
    return rects + [transform.mapRect(box).toAlignedRect() for box in pending]


def _size(view: MapView) -> tuple[int, int]:
    return view.width(), view.height()


class LegendOffTokens(QObject):
    """Keeps one view's legend in a corner no token is in (see the module's docstring)."""

    def __init__(self, view: MapView, legend: ElevationLegend) -> None:
        super().__init__(legend)
        self.view = view
        self.legend = legend
        self.wanted = False
        """The map has a legend to show (a grid map)."""
        self.crowded = False
        """Put away: a token stands in every corner."""
        self._placing = False
        self.rotation = 0
        self.home = CORNERS[0]
        """The players' corner the legend stands in when free (the GM may move it)."""
        view.view_changed.connect(self.place)
        view.resized.connect(self.place)
        scene = view.map_scene()
        scene.tokens_refreshed.connect(self.place)
        scene.map_refreshed.connect(self.place)
        legend.installEventFilter(self)  # a new label size resizes it

    def set_turn(self, rotation: int, home: Qt.Corner) -> None:
        """The players' screen turned ``rotation``; the legend's corner ``home`` as they see it."""
        if (rotation % 360, home) != (self.rotation, self.home):
            self.rotation, self.home = rotation % 360, home
            self.place()

    def corners(self) -> list[Qt.Corner]:
        """The screen's corners in the order the legend tries them (the players' home first)."""
        players = dict.fromkeys((self.home, *CORNERS))
        return [turned_corner(corner, self.rotation) for corner in players]

    def set_wanted(self, on: bool) -> None:
        """Show the legend (somewhere free of tokens) or not at all."""
        self.wanted = on
        self.place()

    def covers_a_token(self, corner: Qt.Corner | None = None) -> bool:
        """Whether the legend, where it stands (or would in ``corner``), is near a token."""
        legend = self.legend
        spot = legend.pos() if corner is None else legend.spot(corner, *_size(self.view))
        around = QRect(self.view.viewport().mapFrom(self.view, spot), legend.size())
        around.adjust(-GAP, -GAP, GAP, GAP)
        return any(rect.intersects(around) for rect in token_rects(self.view, around))

    def place(self, *_: object) -> None:
        """Back home (bottom left) when free, else stay, else the first free corner, else hide."""
        if self._placing:
            return  # a fitted map refitting round the legend we just moved
        self._placing = True
        try:
            self._place()
        finally:
            self._placing = False

    def _place(self) -> None:
        legend = self.legend
        if not self.wanted:
            legend.hide()
            return
        corners = self.corners()
        home, current = corners[0], legend.corner
        for corner in dict.fromkeys((home, current, *corners)):  # home, else stay, else any
            if self.view.fitted:  # the map refits round the legend: try it there for real
                self._put(corner)
                free = not self.covers_a_token()
            else:
                free = not self.covers_a_token(corner)
            if free:
                self._put(corner)
                self.crowded = False
                return
        legend.hide()
        self.crowded = True

    def _put(self, corner: Qt.Corner) -> None:
        """Stand the legend, shown, in ``corner`` (a fitted map refits round it)."""
        if corner != self.legend.corner:
            self.legend.corner = corner
            self.legend.place()
        if not self.legend.isVisibleTo(self.view):
            self.legend.show()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.legend and event.type() == QEvent.Type.Resize:
            self.place()
        return False

"""Where the player view looks, how large and which way up: the battle mat's placement.

Unlocked, the player view zooms like any map view (or follows the GM).
Locked to physical scale, its zoom is fixed so one square is the calibrated
number of device pixels, whatever else asks it to zoom (F, the wheel, a
pinch): only its centre moves, by the GM dragging the players' frame or a
finger panning. A quarter turn (0, 90, 180, 270 degrees clockwise) serves a
TV lying flat with the players on another side of it.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QObject, QPointF, QRectF, Signal
from PySide6.QtGui import QTransform

from tactical.app.map.geometry import CELL
from tactical.app.map.map_view import MapView
from tactical.core.screen_scale import frame_size, normalise_rotation


class BattleMat(QObject):
    """The placement of one player view (see the module's docstring)."""

    changed = Signal()
    """What the players see moved, turned, or changed scale."""

    def __init__(self, view: MapView) -> None:
        super().__init__(view)
        self.view = view
        self.rotation = 0
        self.square_px: int | None = None
        """Device pixels per square while locked to physical scale; None when not locked."""
        self._applying = False
        view.view_changed.connect(self._keep)
        view.resized.connect(self._keep)
        view.map_scene().sceneRectChanged.connect(self._keep)

    @property
    def locked(self) -> bool:
        return self.square_px is not None

    def wanted_zoom(self) -> float:
        """Screen (logical) pixels per scene unit that make a square ``square_px`` device pixels."""
        assert self.square_px is not None
        return self.square_px / self.view.devicePixelRatioF() / CELL

    def centre(self) -> QPointF:
        return self.view.visible_scene_rect().center()

    def shown_rect(self) -> QRectF:
        """The part of the map the players see, in scene units (square to the map at any turn)."""
        return self.view.visible_scene_rect()

    # -- changing it -------------------------------------------------------------------

    def lock(self, square_px: int) -> None:
        """Fix the zoom so one square is ``square_px`` device pixels, keeping the centre."""
        centre = self.centre()
        self.square_px = square_px
        self._apply(self.wanted_zoom(), centre)

    def unlock(self) -> None:
        centre = self.centre()
        self.square_px = None
        self.view.setSceneRect(QRectF())
        self._apply(self.view.zoom, centre)

    def set_rotation(self, degrees: int) -> None:
        """Turn the picture; a fitted map (not locked) is fitted again, turned."""
        degrees = normalise_rotation(degrees)
        if degrees == self.rotation and self._turned() == degrees:
            return
        fitted = self.view.fitted and not self.locked
        centre = self.centre()
        self.rotation = degrees
        zoom = self.wanted_zoom() if self.locked else self.view.zoom
        self._apply(zoom, centre)
        if fitted:
            self.view.fit_map()

    def centre_on(self, point: QPointF) -> None:
        """Show ``point`` in the middle (the GM dragged the frame, or a finger panned)."""
        self._apply(self.view.zoom if not self.locked else self.wanted_zoom(), point)

    # -- keeping it --------------------------------------------------------------------

    def _turned(self) -> int:
        transform = self.view.transform()
        return round(math.degrees(math.atan2(transform.m12(), transform.m11()))) % 360

    def _keep(self, *_: object) -> None:
        """After anything changed the view: put back the locked zoom and the turn."""
        if self._applying:
            return
        wrong_zoom = self.locked and abs(self.view.zoom - self.wanted_zoom()) > 1e-6
        if wrong_zoom or self._turned() != self.rotation:
            zoom = self.wanted_zoom() if self.locked else self.view.zoom
            self._apply(zoom, self.centre())
            return
        if self.locked:
            self._widen_scene_rect()
        self.changed.emit()

    def _widen_scene_rect(self) -> None:
        """While locked, let the map go to any edge of the screen: pan past the map by a screen."""
        viewport = self.view.viewport()
        w, h = frame_size(viewport.width(), viewport.height(), self.view.zoom, self.rotation)
        wide = self.view.map_scene().sceneRect().adjusted(-w, -h, w, h)
        if self.view.sceneRect() != wide:
            self.view.setSceneRect(wide)

    def _apply(self, zoom: float, centre: QPointF) -> None:
        self._applying = True
        try:
            transform = QTransform()
            transform.rotate(self.rotation)
            transform.scale(zoom, zoom)
            self.view.fitted = False
            self.view.setTransform(transform)
            if self.locked:
                self._widen_scene_rect()
            self.view.centerOn(centre)
        finally:
            self._applying = False
        self.changed.emit()

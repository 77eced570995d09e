"""What the editing tools draw over the map: the brush, a wall run, a draft outline, handles.

One graphics item holds it all; each tool sets the whole picture at once with
:meth:`EditOverlay.show_state`. Its bounds follow what it shows, so a mouse
move repaints only the small rectangle around the brush or the run, never the
whole map. Pens are cosmetic (a fixed number of screen pixels) so the marks
read the same at every zoom.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tactical.app.map.geometry import CELL
from tactical.app.map.scene.overlays import squares_path
from tactical.core.grid import Square

EDIT_Z = 40.0
HANDLE_PX = 7.0
"""Vertex handles are squares this many screen pixels wide."""

BRUSH = QColor("#ffffff")
RUN = QColor("#1b1b1b")
DOOR_RUN = QColor("#c07a32")
ERASE = QColor("#e53935")
HOVER = QColor(255, 210, 31, 220)
DRAFT = QColor("#1565c0")
SELECTED = QColor("#ffd21f")
REFUSED = QColor("#e53935")


def _pen(colour: QColor, pixels: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(colour, pixels, style, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    pen.setCosmetic(True)
    return pen


@dataclass
class EditPicture:
    """Everything the overlay shows; empty fields draw nothing."""

    squares: list[Square] = field(default_factory=list)
    """The brush outline (grid maps)."""
    segments: list[QLineF] = field(default_factory=list)
    segment_colour: QColor = field(default_factory=lambda: QColor(RUN))
    dashed: bool = False
    draft: list[QPointF] = field(default_factory=list)
    """A new area's outline so far; ``cursor`` is where the next point would go."""
    cursor: QPointF | None = None
    handles: list[QPointF] = field(default_factory=list)
    ring: QPointF | None = None
    """The vertex a click would snap to, or the one being dragged."""
    outlines: list[tuple[QPolygonF, QColor]] = field(default_factory=list)
    """Areas to outline: the selected one, an outline being reshaped."""


class EditOverlay(QGraphicsItem):
    """The editing tools' marks, above the terrain and the tokens."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(EDIT_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.picture = EditPicture()
        self._bounds = QRectF()
        self._squares = QPainterPath()
        self.px = 1.0
        """Scene units per screen pixel at the view's zoom (handle sizes, bounds)."""
        self.setVisible(False)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def show_state(self, picture: EditPicture, px: float) -> None:
        """Show ``picture`` (replacing what was shown) at ``px`` scene units per pixel."""
        old = self.mapRectToScene(self._bounds)
        scene = self.scene()
        if scene is not None and not old.isNull():
            # Repaint where the last picture was even when a terrain edit in the same event
            # redraws the background under it (painting left bits of outlines behind).
            scene.update(old)
        self.prepareGeometryChange()
        self.picture = picture
        self.px = px
        self._squares = squares_path(picture.squares) if picture.squares else QPainterPath()
        self._bounds = self._measure()
        self.setVisible(not self._bounds.isNull())
        self.update()

    def clear(self) -> None:
        self.show_state(EditPicture(), self.px)

    def _measure(self) -> QRectF:
        p = self.picture
        rect = QRectF(self._squares.boundingRect()) if p.squares else QRectF()
        points: list[QPointF] = [*p.draft, *p.handles]
        for line in p.segments:
            points += [line.p1(), line.p2()]
        for polygon, _colour in p.outlines:
            rect = rect.united(polygon.boundingRect())
        for extra in (p.cursor, p.ring):
            if extra is not None:
                points.append(extra)
        rect = _united(rect, points)
        if rect.isNull():
            return QRectF()
        margin = CELL * 0.2 + 16 * self.px
        return rect.adjusted(-margin, -margin, margin, margin)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        p = self.picture
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for polygon, colour in p.outlines:
            painter.setPen(_pen(QColor(0, 0, 0, 150), 5))
            painter.drawPolygon(polygon)
            painter.setPen(_pen(colour, 3))
            painter.drawPolygon(polygon)
        if p.squares:
            painter.setPen(_pen(QColor(0, 0, 0, 170), 4))
            painter.drawPath(self._squares)
            painter.setPen(_pen(BRUSH, 2))
            painter.drawPath(self._squares)
        if p.segments:
            style = Qt.PenStyle.DashLine if p.dashed else Qt.PenStyle.SolidLine
            painter.setPen(_pen(HOVER, 10))  # a yellow halo: not placed yet
            painter.drawLines(p.segments)
            painter.setPen(_pen(p.segment_colour, 6, style))
            painter.drawLines(p.segments)
        if p.draft:
            self._paint_draft(painter)
        if p.handles:
            half = HANDLE_PX * self.px / 2
            painter.setPen(_pen(QColor("#1d1d1d"), 1))
            painter.setBrush(QColor("#ffffff"))
            painter.drawRects(
                [QRectF(h.x() - half, h.y() - half, 2 * half, 2 * half) for h in p.handles]
            )
        if p.ring is not None:
            radius = HANDLE_PX * 1.2 * self.px
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(_pen(SELECTED, 3))
            painter.drawEllipse(p.ring, radius, radius)

    def _paint_draft(self, painter: QPainter) -> None:
        p = self.picture
        line = QPolygonF(p.draft)
        painter.setPen(_pen(QColor(255, 255, 255, 200), 5))
        painter.drawPolyline(line)
        painter.setPen(_pen(DRAFT, 3))
        painter.drawPolyline(line)
        if p.cursor is not None:
            painter.setPen(_pen(DRAFT, 2, Qt.PenStyle.DashLine))
            painter.drawLine(p.draft[-1], p.cursor)
            if len(p.draft) >= 2:
                painter.drawLine(p.cursor, p.draft[0])
        radius = 4 * self.px
        painter.setPen(_pen(QColor("#ffffff"), 1.5))
        painter.setBrush(DRAFT)
        for point in p.draft:
            painter.drawEllipse(point, radius, radius)


def _united(rect: QRectF, points: Iterable[QPointF]) -> QRectF:
    xs: list[float] = []
    ys: list[float] = []
    for point in points:
        xs.append(point.x())
        ys.append(point.y())
    if not xs:
        return rect
    box = QRectF(QPointF(min(xs), min(ys)), QPointF(max(xs), max(ys)))
    if box.isNull():  # a single point: give it some size so it is not dropped
        box = box.adjusted(-1, -1, 1, 1)
    return box if rect.isNull() else rect.united(box)


def polygon_of(points: Sequence[tuple[float, float]]) -> QPolygonF:
    """Map-unit points as a scene polygon."""
    return QPolygonF([QPointF(x * CELL, y * CELL) for x, y in points])

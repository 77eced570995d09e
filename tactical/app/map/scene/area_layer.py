"""The areas of an area map, painted in the scene background.

An area map has a handful of polygons, so painting them all on every exposed
rectangle is cheap; the polygons, label spots and adjacency lines are rebuilt
only when the areas change (:meth:`AreaLayer.refresh`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF
from shapely.geometry import LineString, Polygon

from tactical.app.map.geometry import CELL
from tactical.app.map.scene import colours
from tactical.core.area_layout import anchor_point
from tactical.core.areas import AreaMap
from tactical.core.fog import Fog


@dataclass
class _Shape:
    area_id: str
    name: str
    polygon: QPolygonF
    fill: QColor
    label_at: QPointF
    centre: QPointF


class AreaLayer:
    """Paints one :class:`AreaMap`: filled, outlined, named areas and optional adjacency."""

    def __init__(self, area_map: AreaMap) -> None:
        self.area_map = area_map
        self.show_adjacency = False
        self.overlay: float | None = None
        """How strongly to fill the areas over a background picture (0 to 1), or None."""
        self.unnamed: frozenset[str] = frozenset()
        """Areas whose names are not drawn: under fog, on a players' screen (a long name
        would reach past the fog into a room the players see)."""
        self._shapes: list[_Shape] = []
        self._label_boxes: dict[str, tuple[float, float, float, float]] = {}
        self._links: list[tuple[QLineF, bool]] = []
        self._font = QFont()
        self._font.setPixelSize(int(CELL * 0.32))
        self._font.setBold(True)
        self.refresh()

    def name_only_found(self, fog: Fog | None) -> bool:
        """Draw no name of an area under ``fog`` (None: every name); True if that changed."""
        unnamed: frozenset[str] = frozenset()
        if fog is not None and fog.enabled:
            unnamed = frozenset(a.id for a in self.area_map if a.id not in fog.areas)
        changed, self.unnamed = unnamed != self.unnamed, unnamed
        return changed

    def refresh(self) -> QRectF:
        """Rebuild the cached shapes after an edit; returns the rectangle to repaint."""
        self._shapes = []
        for index, area in enumerate(self.area_map):
            outline = QPolygonF([QPointF(x * CELL, y * CELL) for x, y in area.points])
            lx, ly = label_point(area.polygon)
            cx, cy = anchor_point(area.polygon)
            self._shapes.append(
                _Shape(
                    area.id,
                    area.name,
                    outline,
                    colours.area_fill(index),
                    QPointF(lx * CELL, ly * CELL),
                    QPointF(cx * CELL, cy * CELL),
                )
            )
        metrics = QFontMetricsF(self._font)
        self._label_boxes = {}
        for shape in self._shapes:
            half_w = (metrics.horizontalAdvance(shape.name) + CELL * 0.3) / 2 / CELL
            half_h = metrics.height() / 2 / CELL
            x, y = shape.label_at.x() / CELL, shape.label_at.y() / CELL
            self._label_boxes[shape.area_id] = (x - half_w, y - half_h, x + half_w, y + half_h)
        centres = {shape.area_id: shape.centre for shape in self._shapes}
        graph = self.area_map.graph()
        added = {link.pair for link in self.area_map.links if link.kind == "add"}
        self._links = [
            (QLineF(centres[a], centres[b]), frozenset((a, b)) in added)
            for a, b in graph.edges()
            if a in centres and b in centres
        ]
        return self.scene_rect()

    def scene_rect(self) -> QRectF:
        min_x, min_y, max_x, max_y = self.area_map.bounds()
        return QRectF(min_x * CELL, min_y * CELL, (max_x - min_x) * CELL, (max_y - min_y) * CELL)

    def outlines(self) -> dict[str, QPolygonF]:
        """Each area's outline in scene coordinates."""
        return {shape.area_id: shape.polygon for shape in self._shapes}

    def centres(self) -> dict[str, QPointF]:
        """Each area's anchor point (where its tokens gather) in scene coordinates."""
        return {shape.area_id: shape.centre for shape in self._shapes}

    def badge_points(self) -> dict[str, QPointF]:
        """Where a number about each area goes (reach costs): just right of its name."""
        return {
            area_id: QPointF((x1 + 0.3) * CELL, (y0 + y1) / 2 * CELL)
            for area_id, (_x0, y0, x1, y1) in self._label_boxes.items()
        }

    def label_box(self, area_id: str) -> tuple[float, float, float, float] | None:
        """Where an area's name is drawn, in map units (tokens are laid out around it)."""
        return self._label_boxes.get(area_id)

    def centre_of(self, area_id: str) -> QPointF | None:
        for shape in self._shapes:
            if shape.area_id == area_id:
                return shape.centre
        return None

    def paint(self, painter: QPainter, rect: QRectF, scale: float) -> None:
        """Paint the areas; over a background picture (:attr:`overlay`) fill them that strongly."""
        overlay = self.overlay
        outline = QPen(QColor("#2d2d2d"), max(2.0, 2.0 / max(scale, 1e-6)))
        outline.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        shown = [s for s in self._shapes if s.polygon.boundingRect().intersects(rect)]
        if overlay is not None:
            painter.save()
            painter.setOpacity(overlay)
            painter.setPen(Qt.PenStyle.NoPen)
            for shape in shown:
                painter.setBrush(shape.fill)
                painter.drawPolygon(shape.polygon)
            painter.restore()
        for shape in shown:
            painter.setPen(outline)
            painter.setBrush(Qt.BrushStyle.NoBrush if overlay is not None else shape.fill)
            painter.drawPolygon(shape.polygon)
        painter.setFont(self._font)
        metrics = QFontMetricsF(self._font)
        for shape in self._shapes:
            if shape.area_id in self.unnamed:
                continue
            width = metrics.horizontalAdvance(shape.name) + CELL * 0.3
            box = QRectF(
                shape.label_at.x() - width / 2,
                shape.label_at.y() - metrics.height() / 2,
                width,
                metrics.height(),
            )
            if not box.intersects(rect):
                continue
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 255, 255, 170))
            painter.drawRoundedRect(box, 4, 4)
            painter.setPen(QColor("#1d1d1d"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, shape.name)
        if self.show_adjacency:
            self._paint_links(painter, scale)

    def _paint_links(self, painter: QPainter, scale: float) -> None:
        width = max(2.0, 3.0 / max(scale, 1e-6))
        geometric = QPen(QColor(30, 80, 200, 200), width, Qt.PenStyle.SolidLine)
        added = QPen(QColor(30, 80, 200, 200), width, Qt.PenStyle.DashLine)
        painter.setBrush(QColor(30, 80, 200))
        for line, is_added in self._links:
            painter.setPen(added if is_added else geometric)
            painter.drawLine(line)
        painter.setPen(Qt.PenStyle.NoPen)
        for shape in self._shapes:
            painter.drawEllipse(shape.centre, CELL * 0.12, CELL * 0.12)


def label_point(polygon: Polygon) -> tuple[float, float]:
    """Where an area's name goes: near the top, in the middle of the widest run inside.

    Tokens gather around the centre (see :mod:`tactical.core.area_layout`), so
    the name sits above them where it stays readable.
    """
    min_x, min_y, max_x, max_y = polygon.bounds
    y = min_y + min(0.45, (max_y - min_y) / 2)
    cut = polygon.intersection(LineString([(min_x - 1, y), (max_x + 1, y)]))
    pieces = [
        g for g in getattr(cut, "geoms", [cut]) if isinstance(g, LineString) and not g.is_empty
    ]
    if not pieces:
        point = polygon.representative_point()
        return (float(point.x), float(point.y))
    widest = max(pieces, key=lambda g: g.length)
    mid = widest.interpolate(0.5, normalized=True)
    return (float(mid.x), float(mid.y))

"""The GM's exit markers: a small door (or stairs) and the target scene's name, per exit.

One item per exit, drawn on the GM's map only: the player view, the TV and the
prints draw their own scenes and never get this layer; while the GM hides
secrets on this screen the markers are hidden too. The name is the GM's text,
drawn as plain text. The items take no mouse button, so drags go to the tokens.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget
from shapely.geometry import Point

from tactical.app.map.geometry import CELL
from tactical.core.encounter import Encounter
from tactical.core.evening import Exit
from tactical.core.tokens import Position

EXIT_Z = 33.0
"""Over the GM's fog tint and the sight preview, under the fog tool's preview."""
DOOR = QRectF(-9.0, -14.0, 18.0, 24.0)


def exit_point(encounter: Encounter, at: Position) -> QPointF | None:
    """The scene point an exit is drawn at: its square's middle; on an area map, a quarter
    of the way from the area's first corner to its middle (its tokens stand in the middle)."""
    if isinstance(at, tuple):
        return QPointF((at[0] + 0.5) * CELL, (at[1] + 0.5) * CELL)
    area_map = encounter.area_map
    if isinstance(at, str) and area_map is not None and at in area_map.areas:
        polygon = area_map.areas[at].polygon
        middle = polygon.representative_point()
        x, y = area_map.areas[at].points[0]
        point = (x + (middle.x - x) * 0.25, y + (middle.y - y) * 0.25)
        if not polygon.contains(Point(*point)):
            point = (middle.x, middle.y)
        return QPointF(point[0] * CELL, point[1] * CELL)
    return None


class ExitMarker(QGraphicsItem):
    """A door with a step, and "to <scene>" under it (plain text)."""

    def __init__(self, exit_: Exit, text: str) -> None:
        super().__init__()
        self.exit = exit_
        self.text = text
        self.font = QFont()
        self.font.setPixelSize(12)
        self.width = QFontMetricsF(self.font).horizontalAdvance(text) + 8.0
        self.setZValue(EXIT_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        # the same size on screen at any zoom, like a label
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)

    def boundingRect(self) -> QRectF:
        half = max(14.0, self.width / 2 + 1.0)
        return QRectF(-half, -16.0, 2 * half, 46.0)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#1b1b1b"), 2))
        painter.setBrush(QColor("#c98a3a"))
        painter.drawRoundedRect(DOOR, 3, 3)
        painter.setBrush(QColor("#1b1b1b"))
        painter.drawEllipse(QPointF(4.0, -1.0), 1.8, 1.8)
        painter.drawLine(QPointF(-12.0, 11.0), QPointF(12.0, 11.0))
        painter.setFont(self.font)
        box = QRectF(-self.width / 2, 13.0, self.width, 16.0)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 220))
        painter.drawRoundedRect(box, 3, 3)
        painter.setPen(QColor("#1b1b1b"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.text)


class ExitLayer:
    """The exits of the scene on screen, one marker each, rebuilt only when they change."""

    def __init__(self, scene: QGraphicsScene, hidden: Callable[[], bool]) -> None:
        self.scene = scene
        self.hidden = hidden
        """Whether the GM hides secrets on this screen now (the markers go too)."""
        self.markers: dict[str, ExitMarker] = {}
        self._shown: tuple[object, ...] = ()

    def show(self, encounter: Encounter, exits: list[Exit], names: dict[str, str]) -> None:
        """Draw ``exits`` (of ``encounter``'s scene), naming targets from ``names``."""
        key = (id(encounter), tuple(exits), tuple(sorted(names.items())))
        if key != self._shown:
            self._shown = key
            for marker in self.markers.values():
                self.scene.removeItem(marker)
            self.markers = {}
            for exit_ in exits:
                point = exit_point(encounter, exit_.at)
                if point is None:
                    continue
                name = names.get(exit_.to_scene, exit_.to_scene)
                marker = ExitMarker(exit_, f"to {name}")
                marker.setPos(point)
                self.scene.addItem(marker)
                self.markers[exit_.id] = marker
        hidden = self.hidden()
        for marker in self.markers.values():
            marker.setVisible(not hidden)

    def exits_at(self, point: QPointF) -> list[Exit]:
        """The exits whose marker (as big on screen at any zoom) is under ``point``."""
        views = self.scene.views()
        scale = views[0].transform().m11() if views else 1.0
        found = []
        for marker in self.markers.values():
            rect = marker.boundingRect()
            where = QRectF(marker.pos() + rect.topLeft() / scale, rect.size() / max(scale, 1e-6))
            if marker.isVisible() and where.contains(point):
                found.append(marker.exit)
        return found

"""A ping: rings spreading from a spot for two seconds, on the GM's map and the players' screen.

The ripple keeps its size on screen at any zoom (it ignores the view's
transform), so it is as easy to see on a fitted overview as on the battle mat.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

PING_MS = 2000
PING_RADIUS_PX = 70.0
PING_Z = 90.0
RINGS = 3
COLOUR = QColor("#ffd600")


class PingRipple(QGraphicsItem):
    """Rings spreading from a point; removes itself from its scene after :data:`PING_MS`."""

    def __init__(self, point: QPointF) -> None:
        super().__init__()
        self.setPos(point)
        self.setZValue(PING_Z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.progress = 0.0
        self.animation = QVariantAnimation()
        self.animation.setStartValue(0.0)
        self.animation.setEndValue(1.0)
        self.animation.setDuration(PING_MS)
        self.animation.valueChanged.connect(self._step)
        self.animation.finished.connect(self._finish)

    def start(self) -> None:
        self.animation.start()

    def _step(self, value: object) -> None:
        self.progress = float(value)  # type: ignore[arg-type]
        self.update()

    def _finish(self) -> None:
        scene = self.scene()
        if scene is not None:
            scene.removeItem(self)

    def boundingRect(self) -> QRectF:
        r = PING_RADIUS_PX + 4
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        paint_ripple(painter, QPointF(0, 0), self.progress)


def paint_ripple(painter: QPainter, centre: QPointF, progress: float) -> None:
    """The rings of a ping ``progress`` (0 to 1) of the way through, around ``centre``."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for ring in range(RINGS):
        # Each ring starts a little later and spreads over half the ping.
        phase = (progress * (RINGS + 1) - ring) / 2
        t = min(1.0, max(0.0, phase))
        if t <= 0.0 or t >= 1.0:
            continue
        colour = QColor(COLOUR)
        colour.setAlphaF(1.0 - t)
        painter.setPen(QPen(colour, 6 * (1 - t) + 2))
        radius = PING_RADIUS_PX * t
        painter.drawEllipse(centre, radius, radius)
    dot = QColor(COLOUR)
    dot.setAlphaF(max(0.0, 1.0 - progress))
    painter.setPen(QPen(QColor(0, 0, 0, int(200 * (1 - progress))), 2))
    painter.setBrush(dot)
    painter.drawEllipse(centre, 9, 9)
    painter.restore()


def ping(scenes: Iterable[QGraphicsScene], point: QPointF) -> list[PingRipple]:
    """Start a ripple at ``point`` in each scene; the ripples, for tests to watch."""
    ripples = []
    for scene in scenes:
        ripple = PingRipple(point)
        scene.addItem(ripple)
        ripple.start()
        ripples.append(ripple)
    return ripples

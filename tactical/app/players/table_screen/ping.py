"""A ping: seen from across the room, on the GM's map and the players' screen, for five seconds.

Thick rings spread from the spot again and again, a bold dot marks it and an
arrow bobs above it pointing down at it, the arrow's "down" being the players'
down: on a TV lying flat and turned a quarter, the ping turns with the map.
The ping keeps its size on screen at any zoom (it ignores the view's transform,
then turns itself), so it is as easy to see on a fitted overview as on the
battle mat; on the players' screen it grows with the label size.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

PING_MS = 5000
PING_RADIUS_PX = 180.0
"""How far the rings spread, in screen pixels at size 1 (the GM's map)."""
PING_Z = 90.0
PULSES = 4
"""Rings sent out over the ping; each spreads over two pulses' time."""
FADE = 0.15
"""The last share of the ping, over which the dot and the arrow fade out."""
COLOUR = QColor("#ffd600")
OUTLINE = QColor("#000000")


class PingRipple(QGraphicsItem):
    """A ping at a point; removes itself from its scene after :data:`PING_MS`."""

    def __init__(self, point: QPointF, rotation: int = 0, size: float = 1.0) -> None:
        super().__init__()
        self.setPos(point)
        self.setZValue(PING_Z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setRotation(rotation)  # the view's turn is ignored with its zoom: turn back
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.size = size
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
        r = extent(self.size)
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        paint_ripple(painter, QPointF(0, 0), self.progress, 0, self.size)


def extent(size: float = 1.0) -> float:
    """Pixels from the spot to the farthest thing a ping draws."""
    return (PING_RADIUS_PX + 12) * size


def paint_ripple(
    painter: QPainter, centre: QPointF, progress: float, rotation: int = 0, size: float = 1.0
) -> None:
    """The ping ``progress`` (0 to 1) of the way through, at ``centre``, turned ``rotation``."""
    painter.save()
    painter.translate(centre)
    painter.rotate(rotation)
    painter.scale(size, size)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    pulse = progress * PULSES
    for ring in range(PULSES):
        t = (pulse - ring) / 2  # each ring spreads over two pulses' time
        if not 0.0 < t < 1.0:
            continue
        radius = PING_RADIUS_PX * (0.15 + 0.85 * t)
        alpha = min(1.0, (1.0 - t) / 0.3, (1.0 - progress) / FADE)  # bright, then fading
        painter.setPen(QPen(_alpha(OUTLINE, 0.6 * alpha), 16 * (1 - t) + 6))
        painter.drawEllipse(QPointF(0, 0), radius, radius)
        painter.setPen(QPen(_alpha(COLOUR, alpha), 10 * (1 - t) + 3))
        painter.drawEllipse(QPointF(0, 0), radius, radius)
    fade = min(1.0, (1.0 - progress) / FADE)
    painter.setPen(QPen(_alpha(OUTLINE, fade), 4))
    painter.setBrush(_alpha(COLOUR, fade))
    painter.drawEllipse(QPointF(0, 0), 16, 16)
    bob = 12 * abs(((progress * PULSES * 2) % 2) - 1)  # up and down, twice a pulse
    painter.drawPath(_arrow(30 + bob))
    painter.restore()


def _alpha(colour: QColor, alpha: float) -> QColor:
    faded = QColor(colour)
    faded.setAlphaF(max(0.0, min(1.0, alpha)))
    return faded


def _arrow(gap: float) -> QPainterPath:
    """A bold arrow above the spot (at ``gap`` pixels), pointing down at it."""
    path = QPainterPath()
    tip = gap
    path.moveTo(0, -tip)
    path.lineTo(-30, -tip - 36)
    path.lineTo(-12, -tip - 36)
    path.lineTo(-12, -tip - 80)
    path.lineTo(12, -tip - 80)
    path.lineTo(12, -tip - 36)
    path.lineTo(30, -tip - 36)
    path.closeSubpath()
    return path


def ping(
    scenes: Iterable[QGraphicsScene], point: QPointF, turns: Iterable[tuple[int, float]] = ()
) -> list[PingRipple]:
    """Start a ping at ``point`` in each scene; the pings, for tests to watch.

    ``turns`` gives each scene's (rotation, size) in order; a scene without one
    gets (0, 1.0): the GM's map, never turned.
    """
    ripples = []
    looks = list(turns)
    for index, scene in enumerate(scenes):
        rotation, size = looks[index] if index < len(looks) else (0, 1.0)
        ripple = PingRipple(point, rotation, size)
        scene.addItem(ripple)
        ripple.start()
        ripples.append(ripple)
    return ripples

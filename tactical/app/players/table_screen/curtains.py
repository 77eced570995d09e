"""What can stand in front of the map on the players' screen: blackout, a frozen frame, a handout.

Each is a child widget covering the whole player view (the tracker column
too), kept the window's size. Stacked from the back: the frozen frame, the
handout, the blackout curtain, so a blackout hides everything and lifting
it shows whatever was under it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QElapsedTimer, QEvent, QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import QWidget

from tactical.app.players.table_screen.ping import PING_MS, paint_ripple


class Curtain(QWidget):
    """A widget over the whole of its parent window, following its size."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.hide()
        parent.installEventFilter(self)
        self.setGeometry(parent.rect())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parent() and event.type() == QEvent.Type.Resize:
            parent = self.parentWidget()
            if parent is not None:
                self.setGeometry(parent.rect())
        return False

    def lift(self) -> None:
        """Show it on top of the map (callers raise the others in stacking order)."""
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self.show()
        self.raise_()


class Blackout(Curtain):
    """Black, nothing else: the players see the TV is on but not the map."""

    def paintEvent(self, event: QPaintEvent) -> None:
        QPainter(self).fillRect(self.rect(), QColor("#000000"))


class FrozenFrame(Curtain):
    """The last frame the players saw, held still while the GM moves things.

    A ping still shows on it: the picture holds still, the GM's finger does not.
    ``cover`` paints over the picture what must be hidden now (today's fog, so a
    square the GM hid again after the freeze is hidden on the frozen frame too).
    """

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.picture = QPixmap()
        self.cover: Callable[[QPainter], None] | None = None
        self.pings: list[tuple[QPointF, QElapsedTimer]] = []
        self.ping_look = (0, 1.0)
        """The players' screen's turn and label size: a ping here turns and grows with them."""
        self._ticks = QTimer(self)
        self._ticks.setInterval(30)
        self._ticks.timeout.connect(self._tick)

    def freeze(self, picture: QPixmap) -> None:
        self.picture = picture
        self.pings = []
        self.lift()

    def ping(self, point: QPointF) -> None:
        """Ripples at ``point`` (this widget's pixels) for :data:`~.ping.PING_MS`."""
        clock = QElapsedTimer()
        clock.start()
        self.pings.append((QPointF(point), clock))
        self._ticks.start()
        self.update()

    def _tick(self) -> None:
        self.pings = [(p, c) for p, c in self.pings if c.elapsed() < PING_MS]
        if not self.pings:
            self._ticks.stop()
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#000000"))
        if not self.picture.isNull():
            # The window changed size after the GM moved something (a frame held still is
            # taken again at the new size): the same picture, as large as fits, in the
            # middle; the fog and pings go with it.
            held = self.picture.deviceIndependentSize()
            scale = min(self.width() / held.width(), self.height() / held.height())
            if abs(scale - 1.0) > 1e-3:
                painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
                painter.translate(
                    (self.width() - held.width() * scale) / 2,
                    (self.height() - held.height() * scale) / 2,
                )
                painter.scale(scale, scale)
            painter.drawPixmap(0, 0, self.picture)
        if self.cover is not None:
            painter.save()
            self.cover(painter)
            painter.restore()
        rotation, size = self.ping_look
        for point, clock in self.pings:
            paint_ripple(painter, point, min(1.0, clock.elapsed() / PING_MS), rotation, size)


class Handout(Curtain):
    """A picture full screen on black, as large as fits, turned with the players' screen."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.image = QImage()
        self.rotation = 0

    def show_image(self, image: QImage) -> None:
        self.image = image
        self.lift()

    def set_rotation(self, degrees: int) -> None:
        self.rotation = degrees
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#000000"))
        if self.image.isNull():
            return
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        w, h = float(self.width()), float(self.height())
        if self.rotation in (90, 270):
            w, h = h, w  # the picture's room, measured along the turned screen
        scale = min(w / self.image.width(), h / self.image.height())
        size_w, size_h = self.image.width() * scale, self.image.height() * scale
        painter.translate(QPointF(self.width() / 2, self.height() / 2))
        painter.rotate(self.rotation)
        painter.drawImage(QRectF(-size_w / 2, -size_h / 2, size_w, size_h), self.image)

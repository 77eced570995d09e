"""Map > Align background…: line the picture's own grid up with the map's squares.

The GM types the offset (the picture pixel under the map's top-left corner)
and the square's size (pixels per square, or how many squares the picture is
across; fractions allowed), presses Guess (the picture's lines, see
:mod:`tactical.core.grid_guess`), or drags a box over three squares of the
picture's grid. The map's grid is drawn over the picture as it changes, and
the map's size that follows is shown.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QMouseEvent,
    QPainter,
    QPen,
    QPixmap,
    QShowEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from tactical.app.backgrounds.making import MapKind, grey_array
from tactical.core.alignment import BOX_SQUARES, Alignment, from_box, map_size, square_px_for
from tactical.core.grid_guess import guess_grid

GRID_PEN = QColor(0, 220, 255, 230)
BOX_PEN = QColor(255, 80, 200)
MAP_EDGE = QColor(255, 200, 0)
SNAP_SHARE = 0.06
"""A box and the picture's lines within this share of a square are taken to agree."""
MAX_LINES = 400
"""Grid lines drawn in the preview at most (per direction), whatever the zoom."""


class AlignPreview(QGraphicsView):
    """The picture with the map's grid over it; drag a box over three of the art's squares."""

    box_drawn = Signal(QRectF)

    def __init__(self, pixmap: QPixmap, parent: QWidget | None = None) -> None:
        scene = QGraphicsScene(parent)
        scene.addPixmap(pixmap)
        scene.setSceneRect(QRectF(pixmap.rect()).adjusted(-40, -40, 40, 40))
        super().__init__(scene, parent)
        self.picture_size = (pixmap.width(), pixmap.height())
        self.grid_alignment = Alignment(0.0, 0.0, 100.0)
        self.show_map_edge = True
        self._box_start: QPointF | None = None
        self._box: QRectF | None = None
        self._pan_from: QPointF | None = None
        self.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setCursor(Qt.CursorShape.CrossCursor)
        self.setMinimumSize(640, 480)

    def set_alignment(self, alignment: Alignment) -> None:
        self.grid_alignment = alignment
        self.viewport().update()

    def fit(self) -> None:
        self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def wheelEvent(self, event: QWheelEvent) -> None:
        factor = 1.25 if event.angleDelta().y() > 0 else 0.8
        self.scale(factor, factor)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() in (Qt.MouseButton.MiddleButton, Qt.MouseButton.RightButton):
            self._pan_from = event.position()
            return
        if event.button() == Qt.MouseButton.LeftButton:
            self._box_start = self.mapToScene(event.position().toPoint())
            self._box = QRectF(self._box_start, self._box_start)
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            delta = event.position() - self._pan_from
            self._pan_from = event.position()
            horizontal, vertical = self.horizontalScrollBar(), self.verticalScrollBar()
            horizontal.setValue(horizontal.value() - round(delta.x()))
            vertical.setValue(vertical.value() - round(delta.y()))
            return
        if self._box_start is not None:
            self._box = QRectF(self._box_start, self.mapToScene(event.position().toPoint()))
            self.viewport().update()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            self._pan_from = None
            return
        if self._box_start is not None and event.button() == Qt.MouseButton.LeftButton:
            box = QRectF(self._box_start, self.mapToScene(event.position().toPoint())).normalized()
            self._box_start = None
            self._box = None
            self.viewport().update()
            if box.width() >= 6 and box.height() >= 6:
                self.box_drawn.emit(box)
            return
        super().mouseReleaseEvent(event)

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:  # type: ignore[override]
        a = self.grid_alignment
        width, height = self.picture_size
        s = a.square_px
        cols, rows = map_size(width, height, a)
        left, top = a.x, a.y
        right, bottom = left + cols * s, top + rows * s
        pen = QPen(GRID_PEN, 0)
        painter.setPen(pen)
        step = max(1, int(max(cols, rows) / MAX_LINES) + 1)
        for c in range(0, cols + 1, step):
            x = left + c * s
            painter.drawLine(QPointF(x, top), QPointF(x, bottom))
        for r in range(0, rows + 1, step):
            y = top + r * s
            painter.drawLine(QPointF(left, y), QPointF(right, y))
        if self.show_map_edge:
            edge = QPen(MAP_EDGE, 2)
            edge.setCosmetic(True)
            painter.setPen(edge)
            painter.drawRect(QRectF(left, top, right - left, bottom - top))
        if self._box is not None:
            box = self._box.normalized()
            painter.setPen(QPen(BOX_PEN, 0, Qt.PenStyle.DashLine))
            painter.setBrush(QColor(255, 80, 200, 40))
            painter.drawRect(box)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            third_w, third_h = box.width() / BOX_SQUARES, box.height() / BOX_SQUARES
            for i in range(1, BOX_SQUARES):
                painter.drawLine(
                    QPointF(box.left() + i * third_w, box.top()),
                    QPointF(box.left() + i * third_w, box.bottom()),
                )
                painter.drawLine(
                    QPointF(box.left(), box.top() + i * third_h),
                    QPointF(box.right(), box.top() + i * third_h),
                )


class AlignDialog(QDialog):
    """Align a picture with the map's squares (and, for a new map, choose grid or areas)."""

    def __init__(
        self,
        pixmap: QPixmap,
        alignment: Alignment,
        parent: QWidget | None = None,
        *,
        choose_kind: bool = False,
        kind: MapKind = "grid",
        title: str = "Align background",
        current_size: tuple[int, int] | None = None,
        opening_note: str = "",
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.current_size = current_size
        """The grid's size now (an open map): shown beside the size it would take."""
        self.pixmap = pixmap
        self.picture_width, self.picture_height = pixmap.width(), pixmap.height()
        self.preview = AlignPreview(pixmap, self)
        self.preview.box_drawn.connect(self.apply_box)
        form = QFormLayout()
        self.kind_buttons = QButtonGroup(self)
        self.grid_radio = QRadioButton("&Grid map (squares)")
        self.area_radio = QRadioButton("&Area map (trace areas over it)")
        self.kind_buttons.addButton(self.grid_radio)
        self.kind_buttons.addButton(self.area_radio)
        (self.grid_radio if kind == "grid" else self.area_radio).setChecked(True)
        if choose_kind:
            form.addRow("New map:", self.grid_radio)
            form.addRow("", self.area_radio)
        else:
            self.grid_radio.hide()
            self.area_radio.hide()
        self.grid_radio.toggled.connect(self._refresh)
        self.x_box = self._spin(-self.picture_width, self.picture_width, 2, " px")
        self.y_box = self._spin(-self.picture_height, self.picture_height, 2, " px")
        self.square_box = self._spin(4.0, 4096.0, 3, " px")
        self.across_box = self._spin(0.1, 4096.0, 3, " squares")
        form.addRow("Map's corner, x:", self.x_box)
        form.addRow("Map's corner, y:", self.y_box)
        form.addRow("One square:", self.square_box)
        form.addRow("Picture across:", self.across_box)
        self.size_label = QLabel()
        self.size_label.setTextFormat(Qt.TextFormat.PlainText)
        form.addRow("Map:", self.size_label)
        self.guess_button = QPushButton("&Guess from the picture's lines")
        self.guess_button.clicked.connect(self.guess)
        self.fit_button = QPushButton("&Fit picture")
        self.fit_button.clicked.connect(self.preview.fit)
        self.note = QLabel(
            opening_note
            or "Drag a box over 3 x 3 squares of the picture's own grid,\n"
            "or type the numbers. Wheel: zoom; right or middle drag: pan."
        )
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        side = QVBoxLayout()
        side.addLayout(form)
        side.addWidget(self.guess_button)
        side.addWidget(self.fit_button)
        side.addWidget(self.note)
        side.addStretch(1)
        side.addWidget(buttons)
        layout = QHBoxLayout(self)
        layout.addWidget(self.preview, 1)
        layout.addLayout(side)
        self._syncing = False
        self._guessed: Alignment | None = None
        """The lines' alignment once guessed (None: no lines, or not guessed yet)."""
        self._looked_for_lines = False
        self.x_box.valueChanged.connect(self._typed)
        self.y_box.valueChanged.connect(self._typed)
        self.square_box.valueChanged.connect(self._typed)
        self.across_box.valueChanged.connect(self._typed_across)
        self.set_alignment(alignment)
        self.resize(1200, 760)

    def _spin(self, low: float, high: float, decimals: int, suffix: str) -> QDoubleSpinBox:
        box = QDoubleSpinBox(self)
        box.setRange(low, high)
        box.setDecimals(decimals)
        box.setSuffix(suffix)
        box.setKeyboardTracking(False)
        return box

    # -- values ------------------------------------------------------------------

    def kind(self) -> MapKind:
        return "grid" if self.grid_radio.isChecked() else "areas"

    def alignment(self) -> Alignment:
        return Alignment(self.x_box.value(), self.y_box.value(), self.square_box.value())

    def set_alignment(self, alignment: Alignment) -> None:
        self._syncing = True
        self.x_box.setValue(alignment.x)
        self.y_box.setValue(alignment.y)
        self.square_box.setValue(alignment.square_px)
        self.across_box.setValue(self.picture_width / alignment.square_px)
        self._syncing = False
        self._refresh()

    def map_size(self) -> tuple[int, int]:
        return map_size(self.picture_width, self.picture_height, self.alignment())

    def apply_box(self, box: QRectF) -> None:
        """A box over three squares of the art's grid sets the square and the offset.

        When the picture's lines agree with the box (within :data:`SNAP_SHARE`
        of a square), their finer measure is taken: a box dragged at a low zoom
        is a pixel or two off, and over twenty squares that shows.
        """
        boxed = from_box(box.left(), box.top(), box.right(), box.bottom())
        lines = self._lines()
        if lines is not None and _agree(boxed, lines):
            self.set_alignment(lines)
            self.note.setText(
                f"Box over {BOX_SQUARES} squares: {boxed.square_px:.2f} px a square; "
                f"snapped to the picture's lines: {lines.square_px:.2f} px."
            )
            return
        self.set_alignment(boxed)
        self.note.setText(f"Box over {BOX_SQUARES} squares: {boxed.square_px:.2f} px a square.")

    def _lines(self) -> Alignment | None:
        """The picture's grid as its lines show it (guessed once per dialog)."""
        if not self._looked_for_lines:
            self._looked_for_lines = True
            found = guess_grid(grey_array(self.pixmap.toImage()))
            self._guessed = None if found is None else Alignment(found.x, found.y, found.square_px)
        return self._guessed

    def guess(self) -> bool:
        """Guess the square and offset from the picture's lines; False when none show."""
        found = self._lines()
        if found is None:
            self.note.setText("No grid lines found in the picture: drag a box or type the size.")
            return False
        self.set_alignment(found)
        self.note.setText(f"Guessed from the lines: {found.square_px:.2f} px a square.")
        return True

    def _typed(self, *_: object) -> None:
        if self._syncing:
            return
        self._syncing = True
        self.across_box.setValue(self.picture_width / self.square_box.value())
        self._syncing = False
        self._refresh()

    def _typed_across(self, value: float) -> None:
        if self._syncing or value <= 0:
            return
        self._syncing = True
        self.square_box.setValue(square_px_for(self.picture_width, value))
        self._syncing = False
        self._refresh()

    def _refresh(self, *_: object) -> None:
        alignment = self.alignment()
        self.preview.set_alignment(alignment)
        grid = self.kind() == "grid"
        self.preview.show_map_edge = grid
        if grid:
            width, height = self.map_size()
            text = f"{width} x {height} squares"
            if self.current_size is not None and self.current_size != (width, height):
                text += f" (now {self.current_size[0]} x {self.current_size[1]})"
            self.size_label.setText(text)
        else:
            across = self.picture_width / alignment.square_px
            down = self.picture_height / alignment.square_px
            self.size_label.setText(f"picture {across:.1f} x {down:.1f} units")

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.preview.fit()


def _agree(boxed: Alignment, lines: Alignment) -> bool:
    """Whether a dragged box and the picture's lines describe the same grid."""
    s = lines.square_px
    if abs(boxed.square_px - s) > SNAP_SHARE * s:
        return False

    def near(a: float, b: float) -> bool:
        gap = abs(a - b) % s
        return min(gap, s - gap) <= SNAP_SHARE * 2 * s

    return near(boxed.x, lines.x) and near(boxed.y, lines.y)

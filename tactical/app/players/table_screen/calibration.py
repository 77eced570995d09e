"""Calibrating the players' screen: type its diagonal, or drag two marks to a ruler on the glass.

The dialog stands on the GM's screen; the ruler marks appear on the players'
screen itself (a :class:`RulerMarks` curtain), where the GM holds a ruler to
the glass and drags one mark to its 0 and the other to its 10 cm. Either
way the answer is device pixels per millimetre, remembered for that screen.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPaintEvent, QPen, QScreen
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from tactical.app.players.table_screen.curtains import Curtain
from tactical.app.players.table_screen.settings import device_resolution
from tactical.core.screen_scale import (
    MM_PER_INCH,
    RULER_MARKS_MM,
    SQUARE_SIZES,
    SquareSize,
    parse_diagonal,
    pixels_per_mm_from_diagonal,
    pixels_per_mm_from_marks,
    square_pixels,
    starting_ppi,
)

MARK_GRAB_PX = 30


def reported_ppi(screen: QScreen) -> float:
    """The device pixels per inch ``screen`` reports (see
    :func:`tactical.core.screen_scale.starting_ppi`)."""
    ratio = screen.devicePixelRatio() or 1.0
    return starting_ppi(screen.physicalDotsPerInch(), screen.logicalDotsPerInch() * ratio)


class RulerMarks(Curtain):
    """Two vertical marks on the players' screen, dragged to a ruler's 0 and 10 cm."""

    moved = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.marks = [parent.width() * 0.3, parent.width() * 0.6]
        self._held: int | None = None
        self.setCursor(Qt.CursorShape.SizeHorCursor)

    def start(self, ppi: float | None = None) -> None:
        """Marks 10 cm apart as the screen reports its density (``ppi``, device pixels per
        inch), centred; without one, a third and two thirds across."""
        width = float(self.width())
        if ppi is None or ppi <= 0:
            self.set_marks(width / 3, width * 2 / 3)
            return
        apart = RULER_MARKS_MM / MM_PER_INCH * ppi / self.devicePixelRatioF()
        apart = min(apart, width * 0.9)
        self.set_marks((width - apart) / 2, (width + apart) / 2)

    def distance_px(self) -> float:
        """How far apart the marks are, in device pixels."""
        return abs(self.marks[1] - self.marks[0]) * self.devicePixelRatioF()

    def set_marks(self, left: float, right: float) -> None:
        self.marks = [left, right]
        self.update()
        self.moved.emit()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        x = event.position().x()
        nearest = min(range(2), key=lambda i: abs(self.marks[i] - x))
        self._held = nearest if abs(self.marks[nearest] - x) < MARK_GRAB_PX else None
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._held is not None:
            self.marks[self._held] = max(0.0, min(float(self.width() - 1), event.position().x()))
            self.update()
            self.moved.emit()
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._held = None
        event.accept()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#f4f1e8"))
        font = QFont()
        font.setPixelSize(22)
        painter.setFont(font)
        painter.setPen(QColor("#222222"))
        painter.drawText(
            self.rect().adjusted(20, 20, -20, -20),
            Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter,
            "Hold a ruler to the glass. Drag one line to its 0 and the other to 10 cm.",
        )
        middle = self.height() / 2
        for index, x in enumerate(self.marks):
            painter.setPen(QPen(QColor("#c62828"), 1))
            painter.drawLine(QPointF(x, 60), QPointF(x, self.height() - 20))
            painter.setPen(QPen(QColor("#c62828"), 3))
            painter.drawLine(QPointF(x, middle - 40), QPointF(x, middle + 40))
            painter.drawText(QPointF(x + 8, middle - 50), "0" if index == 0 else "10 cm")


class CalibrationDialog(QDialog):
    """Diagonal or ruler marks -> pixels per millimetre of ``screen``; and the square size."""

    def __init__(
        self,
        screen: QScreen,
        square: SquareSize,
        marks: RulerMarks | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Calibrate the players' screen")
        # Modal to the GM's window only: the ruler marks on the players' screen must take the mouse.
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.marks = marks
        self.players_screen = screen
        """Where the ruler marks stand (their first spacing is its reported density)."""
        width, height = device_resolution(screen)
        self.resolution = (width, height)
        layout = QVBoxLayout(self)
        about = QLabel(f"{screen.name() or 'Screen'}: {width} x {height} pixels")
        about.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(about)
        self.by_diagonal = QRadioButton("Its diagonal (the visible picture, corner to corner):")
        self.by_ruler = QRadioButton("A ruler held to the glass (marks on the players' screen)")
        group = QButtonGroup(self)
        group.addButton(self.by_diagonal)
        group.addButton(self.by_ruler)
        self.by_diagonal.setChecked(True)
        self.by_ruler.setEnabled(marks is not None)
        layout.addWidget(self.by_diagonal)
        row = QHBoxLayout()
        self.diagonal = QLineEdit("43")
        self.diagonal.setPlaceholderText('43, 43", 109 cm')
        self.unit = QComboBox()
        self.unit.addItems(["inches", "cm"])
        row.addWidget(self.diagonal)
        row.addWidget(self.unit)
        layout.addLayout(row)
        layout.addWidget(self.by_ruler)
        form = QFormLayout()
        self.square = QComboBox()
        self.square.addItems([size.name for size in SQUARE_SIZES])
        self.square.setCurrentText(square.name)
        form.addRow("One square on the glass:", self.square)
        layout.addLayout(form)
        self.result_label = QLabel()
        self.result_label.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.result_label)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        for signal in (
            self.diagonal.textChanged,
            self.unit.currentIndexChanged,
            self.square.currentIndexChanged,
            self.by_ruler.toggled,
        ):
            signal.connect(self._update)
        if marks is not None:
            marks.moved.connect(self._update)
        self.by_ruler.toggled.connect(self._show_marks)
        self.finished.connect(lambda _: self._show_marks(False))
        self._update()

    def chosen_square(self) -> SquareSize:
        return SQUARE_SIZES[self.square.currentIndex()]

    def px_per_mm(self) -> float | None:
        """The calibration the dialog would save now (None while the input makes no sense)."""
        if self.by_ruler.isChecked():
            if self.marks is None or self.marks.distance_px() < 1:
                return None
            return pixels_per_mm_from_marks(self.marks.distance_px())
        parsed = parse_diagonal(self.diagonal.text())
        if parsed is None:
            return None
        value, unit = parsed
        if not any(c.isalpha() or c == '"' for c in self.diagonal.text()):
            unit = "cm" if self.unit.currentText() == "cm" else "in"
        return pixels_per_mm_from_diagonal(value, *self.resolution, unit)

    def _show_marks(self, on: bool) -> None:
        if self.marks is not None:
            if on:
                self.marks.lift()
                self.marks.start(reported_ppi(self.players_screen))
            else:
                self.marks.hide()

    def _update(self, *_: object) -> None:
        per_mm = self.px_per_mm()
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(per_mm is not None)
        if per_mm is None:
            self.result_label.setText("Type the diagonal, like 43 or 109 cm.")
            return
        square = self.chosen_square()
        self.result_label.setText(
            f"{per_mm * MM_PER_INCH:.1f} pixels per inch: a square of {square.name} is "
            f"{square_pixels(per_mm, square)} pixels."
        )

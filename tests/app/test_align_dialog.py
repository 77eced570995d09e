"""The alignment window: typed numbers, the three-square box, the guess, the map's size."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPixmap

from tactical.app.backgrounds.align_dialog import AlignDialog
from tactical.core.alignment import Alignment

SQUARE, OFFSET = 70.4, 13.0


def battle_map(width: int = 1420, height: int = 1000, lines: bool = True) -> QPixmap:
    """A floor with small patches and, when ``lines``, a dark grid of 70.4 px from 13 px."""
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("#7d7062"))
    painter = QPainter(image)
    for i in range(300):
        painter.fillRect(
            QRectF((i * 977) % width, (i * 613) % height, 23, 17),
            QColor.fromHsv((i * 7) % 60, 80, 90 + i % 60),
        )
    if lines:
        painter.setPen(QPen(QColor(20, 20, 20), 2))
        for k in range(int(width / SQUARE) + 1):
            painter.drawLine(QPointF(OFFSET + k * SQUARE, 0), QPointF(OFFSET + k * SQUARE, height))
        for k in range(int(height / SQUARE) + 1):
            painter.drawLine(QPointF(0, OFFSET + k * SQUARE), QPointF(width, OFFSET + k * SQUARE))
    painter.end()
    return QPixmap.fromImage(image)


def dialog(qtbot, pixmap: QPixmap, **kwargs: object) -> AlignDialog:  # type: ignore[no-untyped-def]
    window = AlignDialog(pixmap, Alignment(0, 0, 100), **kwargs)  # type: ignore[arg-type]
    qtbot.addWidget(window)
    return window


def test_typed_squares_across_sets_the_square_and_the_map_size(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = dialog(qtbot, battle_map())
    assert window.size_label.text() == "14 x 10 squares"
    window.across_box.setValue(20.0)
    assert window.square_box.value() == pytest.approx(71.0)
    window.x_box.setValue(13.0)
    window.y_box.setValue(13.0)
    window.square_box.setValue(70.4)
    assert window.across_box.value() == pytest.approx(1420 / 70.4, abs=0.001)
    assert window.alignment() == Alignment(13.0, 13.0, 70.4)
    assert window.size_label.text() == "20 x 14 squares"
    assert window.preview.grid_alignment == Alignment(13.0, 13.0, 70.4)  # the grid over the picture
    # the grid's alignment once sat on QGraphicsView.alignment, hiding Qt's own
    assert window.preview.alignment() == Qt.AlignmentFlag.AlignCenter


def test_a_box_a_little_off_snaps_to_the_pictures_lines(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = dialog(qtbot, battle_map())
    left, top = OFFSET + 2 * SQUARE + 1.5, OFFSET + 3 * SQUARE - 1.0
    window.apply_box(QRectF(left, top, 3 * SQUARE - 2.5, 3 * SQUARE + 1.0))
    aligned = window.alignment()
    assert aligned.square_px == pytest.approx(SQUARE, abs=0.02)
    assert aligned.x == pytest.approx(OFFSET, abs=1.0)
    assert aligned.y == pytest.approx(OFFSET, abs=1.0)
    assert "snapped" in window.note.text()
    assert window.size_label.text() == "20 x 14 squares"


def test_a_box_on_a_picture_without_lines_is_taken_as_drawn(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = dialog(qtbot, battle_map(lines=False))
    window.apply_box(QRectF(110, 40, 300, 300))
    assert window.alignment() == Alignment(10.0, 40.0, 100.0)
    assert "snapped" not in window.note.text()
    assert not window.guess()
    assert "No grid lines" in window.note.text()


def test_guess_finds_the_drawn_grid(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = dialog(qtbot, battle_map())
    assert window.guess()
    assert window.alignment().square_px == pytest.approx(SQUARE, abs=0.02)
    assert window.map_size() == (20, 14)


def test_a_new_map_offers_grid_or_areas(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = dialog(qtbot, battle_map(), choose_kind=True)
    assert window.kind() == "grid"
    window.area_radio.setChecked(True)
    assert window.kind() == "areas"
    assert window.size_label.text().startswith("picture 14.2 x 10.0 units")
    plain = dialog(qtbot, battle_map())
    assert plain.grid_radio.isHidden() and plain.area_radio.isHidden()


def test_an_open_maps_size_is_shown_beside_the_new_one(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = dialog(qtbot, battle_map(), current_size=(30, 20))
    window.set_alignment(Alignment(13.0, 13.0, 70.4))
    assert window.size_label.text() == "20 x 14 squares (now 30 x 20)"
    window.set_alignment(Alignment(0, 0, 1420 / 30))
    assert window.size_label.text() == "30 x 21 squares (now 30 x 20)"

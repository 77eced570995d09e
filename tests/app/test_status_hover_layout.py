"""What is under the cursor, shown in the status bar, lays out nothing when its width holds.

A plain label asked its layout again at every new text, and Qt then laid out the whole
window (docks, toolbars) at every square a drag or a fog stroke crossed. The hover label
now stands in a box that asks the layout only when its size changes: the same pixels as
a plain label, no layout when its size holds.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QStatusBar

from tactical.app.map.geometry import CELL
from tactical.app.window.status_line import HoverBox

from .settle import settle


class LayoutRequests(QObject):
    """Counts the layout requests posted to the watched widgets."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self.count += 1
        return False


def test_a_new_square_of_the_same_width_lays_out_nothing(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    status = window.status
    first, second = QPointF(5.5 * CELL, 3.5 * CELL), QPointF(6.5 * CELL, 3.5 * CELL)
    texts = [window.scene.describe(p) for p in (first, second)]
    metrics = status.hover_label.fontMetrics()
    assert texts[0] != texts[1]
    assert metrics.horizontalAdvance(texts[0]) == metrics.horizontalAdvance(texts[1])
    status.show_hover(first)
    settle(qtbot, window)
    requests = LayoutRequests()
    for widget in (window, status.bar):
        widget.installEventFilter(requests)
    status.show_hover(second)
    QApplication.processEvents()
    assert status.hover_label.text() == texts[1]
    assert requests.count == 0
    status.show_hover(QPointF(1.5 * CELL, 4.5 * CELL))  # the orc's square: a longer text
    QApplication.processEvents()
    assert requests.count > 0  # a wider text: laid out as before
    assert status.hover_label.width() == status.hover_label.sizeHint().width()


def _bar(shown: QLabel | HoverBox, text: str, message: str, rested: bool = True) -> QImage:
    window = QMainWindow()
    bar = QStatusBar()
    window.setStatusBar(bar)
    bar.addPermanentWidget(shown)
    window.resize(700, 200)
    window.show()
    if isinstance(shown, HoverBox):
        shown.show_text("Square 1000, 1000 · elevation +10 · open · token: the Longest Name")
        for _ in range(5):
            QApplication.processEvents()
        shown.show_text(text)  # narrower: the box keeps its room while the GM moves
        if rested:
            shown.fit()
    else:
        shown.setText(text)
    bar.showMessage(message)
    for _ in range(5):
        QApplication.processEvents()
    image = bar.grab().toImage()
    window.close()
    return image


def test_the_hover_label_looks_as_a_plain_label(qtbot) -> None:  # type: ignore[no-untyped-def]
    for text, message in (
        ("Square 5, 3 · elevation +2 · open", "Saved"),
        ("Square 12, 40 · elevation -1 · rough · token: Goblin with a long name", "x" * 90),
        ("", "Opened a map"),
    ):
        plain = QLabel()
        plain.setTextFormat(Qt.TextFormat.PlainText)
        assert _bar(HoverBox(), text, message) == _bar(plain, text, message), text
        if len(message) < 20:  # while the GM moves: the same pixels beside a short message
            plain = QLabel()
            plain.setTextFormat(Qt.TextFormat.PlainText)
            moving = _bar(HoverBox(), text, message, rested=False)
            assert moving == _bar(plain, text, message), text


def test_a_narrower_text_lays_out_nothing_until_the_gm_rests(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    status = window.status
    status.show_hover(QPointF(1.5 * CELL, 4.5 * CELL))  # the orc's square: a long text
    settle(qtbot, window)
    requests = LayoutRequests()
    for widget in (window, status.bar):
        widget.installEventFilter(requests)
    status.show_hover(QPointF(5.5 * CELL, 3.5 * CELL))  # no token: shorter
    QApplication.processEvents()
    assert requests.count == 0
    label, box = status.hover_label, status.hover
    assert label.width() == label.sizeHint().width() < box.width()
    assert label.geometry().right() == box.rect().right()  # flush right, as it stood alone
    qtbot.waitUntil(lambda: box.width() == label.width(), timeout=3000)  # the GM rests
    assert requests.count > 0

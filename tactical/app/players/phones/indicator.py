"""The main window's sign that phones are watching: "Sharing: 3 devices" in the status bar.

Shown while sharing is on, even with the dialog closed; a click opens the dialog. It
counts the devices every second (the server's list is thread-safe and cheap to read).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QPushButton, QStatusBar

STYLE = (
    "QPushButton { background: #1b5e20; color: white; font-weight: bold; "
    "border: none; padding: 1px 8px; }"
)


def sharing_text(count: int) -> str:
    return f"Sharing: {count} device" + ("" if count == 1 else "s")


class SharingIndicator(QPushButton):
    """The status bar's "Sharing: N devices" (see the module's docstring)."""

    def __init__(
        self, bar: QStatusBar, count: Callable[[], int | None], open_dialog: Callable[[], object]
    ) -> None:
        super().__init__()
        self._count = count
        self.setStyleSheet(STYLE)
        self.setFlat(True)
        self.setToolTip("Phones are watching over the Wi-Fi: click for the links and devices")
        self.clicked.connect(lambda: open_dialog())
        self._timer = QTimer(self)
        self._timer.setInterval(1000)
        self._timer.timeout.connect(self.refresh)
        bar.addPermanentWidget(self)
        self.hide()

    def refresh(self) -> None:
        """Show the count while sharing (``count`` gives None when not sharing)."""
        count = self._count()
        if count is None:
            self._timer.stop()
            self.hide()
            return
        self.setText(sharing_text(count))
        self.show()
        if not self._timer.isActive():
            self._timer.start()

"""Player view > Share with phones…: start sharing, hand out the links, see who watches.

One row per link: its QR code, whose view it shows, the link itself (to copy),
"Allow moves" for a character's link and "Revoke". Below, the devices watching
now. Plain HTTP on the local network: the dialog says what that means.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tactical.app.players.phones.qr import qr_pixmap
from tactical.app.players.phones.session import ShareSession
from tactical.app.window.plain_text import plain_label
from tactical.share.address import lan_address
from tactical.share.links import Link

DEFAULT_PORT = 8765
WARNING = (
    "Plain HTTP on the local network: anyone on this Wi-Fi who has a link can watch "
    "what it shows. Hand links only to your players; revoke one to cut its device off."
)


class ShareDialog(QDialog):
    """The GM's view of one sharing session (see the module's docstring)."""

    def __init__(
        self,
        parent: QWidget | None,
        start: Callable[[str, int], ShareSession | str],
        stop: Callable[[], None],
        session: ShareSession | None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Share with phones")
        self._start, self._stop = start, stop
        self.session = session
        self.host = QLineEdit(lan_address())
        self.port = QSpinBox()
        self.port.setRange(0, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.port.setToolTip("0 picks a free port")
        self.toggle = QPushButton()
        self.toggle.clicked.connect(self._toggle)
        self.problem = plain_label()
        top = QHBoxLayout()
        for widget in (QLabel("Address:"), self.host, QLabel("Port:"), self.port, self.toggle):
            top.addWidget(widget)
        warning = plain_label(WARNING)
        warning.setWordWrap(True)
        self.rows = QWidget()
        self.grid = QGridLayout(self.rows)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.rows)
        self.devices = QListWidget()
        self.devices.setMaximumHeight(140)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(warning)
        layout.addWidget(self.problem)
        layout.addWidget(scroll, 1)
        layout.addWidget(plain_label("Devices watching now:"))
        layout.addWidget(self.devices)
        self._timer = QTimer(self)
        self._timer.setInterval(1000)
        self._timer.timeout.connect(self.refresh_devices)
        self._timer.start()
        self.resize(760, 720)
        self._show_session()

    # -- start and stop ----------------------------------------------------------------

    def _toggle(self) -> None:
        if self.session is not None and self.session.active:
            self._stop()
            self.session = None
        else:
            started = self._start(self.host.text().strip(), self.port.value())
            if isinstance(started, str):
                self.problem.setText(started)
                return
            self.session = started
        self.problem.setText("")
        self._show_session()

    def _show_session(self) -> None:
        sharing = self.session is not None and self.session.active
        self.toggle.setText("Stop sharing" if sharing else "Start sharing")
        self.host.setEnabled(not sharing)
        self.port.setEnabled(not sharing)
        if self.session is not None:
            self.session.links_changed.connect(self.fill_links)
        self.fill_links()
        self.refresh_devices()

    # -- links and devices ----------------------------------------------------------------

    def fill_links(self) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        session = self.session
        if session is None or not session.active:
            self.grid.addWidget(plain_label("Not sharing: nothing listens on the network."), 0, 0)
            return
        for row, link in enumerate(session.links.all()):
            self._link_row(session, link, row)

    def _link_row(self, session: ShareSession, link: Link, row: int) -> None:
        url = session.url(link)
        code = QLabel()
        pixmap = qr_pixmap(url)
        code.setPixmap(pixmap)
        code.setFixedSize(pixmap.size())  # a cropped code does not scan
        name = plain_label("Table (what the TV shows)" if link.kind == "table" else link.label)
        name.setStyleSheet("font-weight: bold")
        field = QLineEdit(url)
        field.setReadOnly(True)
        copy = QPushButton("Copy")
        copy.clicked.connect(lambda _=False, u=url: QGuiApplication.clipboard().setText(u))
        revoke = QPushButton("Revoke")
        revoke.setToolTip("Cut this link's devices off at once; the link stops working")
        revoke.clicked.connect(lambda _=False, x=link: session.revoke(x))
        side = QVBoxLayout()
        side.addWidget(name)
        side.addWidget(field)
        buttons = QHBoxLayout()
        buttons.addWidget(copy)
        if link.kind == "character":
            moves = QCheckBox("Allow moves")
            moves.setToolTip("This phone may move its own token (on its turn, or with no fight)")
            moves.setChecked(link.moves)
            moves.toggled.connect(lambda on, x=link: session.set_moves(x, on))
            buttons.addWidget(moves)
        buttons.addWidget(revoke)
        buttons.addStretch(1)
        side.addLayout(buttons)
        side.addStretch(1)
        holder = QWidget()
        holder.setLayout(side)
        self.grid.addWidget(code, row, 0)
        self.grid.addWidget(holder, row, 1)

    def refresh_devices(self) -> None:
        self.devices.clear()
        if self.session is None or not self.session.active:
            return
        now = time.time()
        for device in self.session.devices():
            minutes = int((now - device.since) // 60)
            self.devices.addItem(f"{device.label} — {device.address} — {minutes} min")

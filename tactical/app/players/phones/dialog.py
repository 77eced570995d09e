"""Player view > Share with phones…: start sharing, hand out the links, see who watches.

At the top: the address phones will open the links at, and why that one (or, with no
network, that phones cannot open them and what to do: :func:`tactical.share.address.address_note`).
Then one card per link (:mod:`.link_card`), as many side by side as the dialog is wide, each
with a QR code big enough to scan over the table. Below, every device watching now, one row
each, with its number, its link, what sort of device it says it is and its address: two
devices on one link are two rows. Plain HTTP on the local network: the dialog says what that
means. Stop, Revoke and New link say what they will do before they do it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tactical.app.players.phones.link_card import (
    CARD_WIDTH,
    LinkActions,
    LinkCard,
    devices_text,
    link_title,
)
from tactical.app.players.phones.session import ShareSession
from tactical.app.window.plain_text import plain_label, plain_message_box
from tactical.share.address import address_note, lan_address, phones_cannot_reach

DEFAULT_PORT = 8765
WARNING = (
    "Plain HTTP on the local network: anyone on this Wi-Fi who has a link can watch "
    "what it shows. Hand links only to your players; revoke one to cut its devices off."
)
COLUMN_WIDTH = CARD_WIDTH + 8
"""A card's width with the room between two: the columns are the dialog's width over it."""
DEVICE_COLUMNS = ("No.", "Link", "Device", "Address", "Since")
CAUTION = "background: #fff3cd; color: #5c4400; padding: 4px;"
PROBLEM = "color: #a4262c; font-weight: bold;"


def ask(parent: QWidget) -> Callable[[str, str, str], bool]:
    """A question box: its text, then the button that does it, or Cancel."""

    def confirm(title: str, text: str, yes: str) -> bool:
        box = plain_message_box(parent, QMessageBox.Icon.Question, title, text)
        go = box.addButton(yes, QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(box.addButton(QMessageBox.StandardButton.Cancel))
        box.exec()
        return box.clickedButton() is go

    return confirm


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
        self.confirm = ask(self)
        """Asks before Stop, Revoke and New link (tests answer for the GM)."""
        self.cards: list[LinkCard] = []
        self.host = QLineEdit(lan_address())
        self.host.textChanged.connect(self._explain_address)
        self.find_address = QPushButton("Find address")
        self.find_address.setToolTip("Ask this computer again for its address on the Wi-Fi")
        self.find_address.clicked.connect(lambda: self.host.setText(lan_address()))
        self.port = QSpinBox()
        self.port.setRange(0, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.port.setToolTip("0 picks a free port")
        self.toggle = QPushButton()
        self.toggle.clicked.connect(self._toggle)
        top = QHBoxLayout()
        for widget in (
            QLabel("Address:"),
            self.host,
            self.find_address,
            QLabel("Port:"),
            self.port,
        ):
            top.addWidget(widget)
        top.addWidget(self.toggle)
        self.note = self._wrapped()
        self.problem = self._wrapped()
        self.problem.setStyleSheet(PROBLEM)
        self.problem.hide()
        self.rows = QWidget()
        self.grid = QGridLayout(self.rows)
        self.grid.setContentsMargins(4, 4, 4, 4)  # room for whole cards on a laptop
        self.grid.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.cards_area = QScrollArea()
        self.cards_area.setWidgetResizable(True)
        self.cards_area.setWidget(self.rows)
        self.devices = self._device_table()
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.note)
        layout.addWidget(self.problem)
        layout.addWidget(self._wrapped(WARNING))
        layout.addWidget(self.cards_area, 1)
        self.devices_title = plain_label("Devices watching now:")
        layout.addWidget(self.devices_title)
        layout.addWidget(self.devices)
        self._timer = QTimer(self)
        self._timer.setInterval(1000)
        self._timer.timeout.connect(self.refresh_devices)
        self._timer.start()
        self._size_to_screen()
        self._explain_address()
        self._show_session()

    def _wrapped(self, text: str = "") -> QLabel:
        label = plain_label(text)
        label.setWordWrap(True)
        return label

    def _device_table(self) -> QTableWidget:
        table = QTableWidget(0, len(DEVICE_COLUMNS))
        table.setHorizontalHeaderLabels(list(DEVICE_COLUMNS))
        table.verticalHeader().hide()
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setStretchLastSection(True)
        table.setMaximumHeight(130)
        return table

    def _size_to_screen(self) -> None:
        """As much of the screen as it takes: on 1366 x 768, four cards a row."""
        screen = self.screen().availableGeometry()
        self.resize(min(1240, screen.width() - 40), min(900, screen.height() - 60))

    def _explain_address(self) -> None:
        host = self.host.text().strip()
        self.note.setText(address_note(host))
        self.note.setStyleSheet(CAUTION if phones_cannot_reach(host) else "")

    # -- start and stop ----------------------------------------------------------------

    def _toggle(self) -> None:
        if self.session is not None and self.session.active:
            count = len(self.session.devices())
            if not self.confirm(
                "Stop sharing?",
                f"The {devices_text(count)} watching are cut off now and their pages say the "
                "GM stopped sharing. Every link stops working: starting again makes new "
                "links (new codes) for everyone, each as a new link starts. To cut one player "
                "off, use that link's Revoke instead.",
                "Stop sharing",
            ):
                return
            self._stop()
            self.session = None
        else:
            started = self._start(self.host.text().strip(), self.port.value())
            if isinstance(started, str):
                self.problem.setText(started)
                self.problem.show()
                return
            self.session = started
            self.port.setValue(started.server.port)  # the port 0 picked
        self.problem.setText("")
        self.problem.hide()
        self._show_session()

    def _show_session(self) -> None:
        sharing = self.session is not None and self.session.active
        self.toggle.setText("Stop sharing…" if sharing else "Start sharing")
        for widget in (self.host, self.port, self.find_address):
            widget.setEnabled(not sharing)
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
        self.cards = []
        session = self.session
        if session is None or not session.active:
            self.grid.addWidget(plain_label("Not sharing: nothing listens on the network."), 0, 0)
            return
        actions = LinkActions(session.allow, session.revoke, session.renew)
        self.cards = [
            LinkCard(link, session.url(link), actions, self.confirm) for link in session.links.all()
        ]
        self._place_cards()
        self.refresh_devices()

    def _place_cards(self) -> None:
        columns = max(1, (self.width() - 60) // COLUMN_WIDTH)  # its scroll bar and margins
        for index, card in enumerate(self.cards):
            self.grid.addWidget(card, index // columns, index % columns)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.cards:
            for card in self.cards:
                self.grid.removeWidget(card)
            self._place_cards()

    def refresh_devices(self) -> None:
        session = self.session
        rows = session.devices() if session is not None and session.active else []
        rows.sort(key=lambda row: row.number)
        for card in self.cards:
            card.set_devices([row for row in rows if row.link_token == card.link.token])
        names = {card.link.token: link_title(card.link) for card in self.cards}
        self.devices_title.setText(f"Devices watching now: {len(rows)}")
        self.devices.setRowCount(len(rows))
        for line, row in enumerate(rows):
            since = time.strftime("%H:%M", time.localtime(row.since))
            cells = (str(row.number), names.get(row.link_token, row.label), row.kind)
            for column, text in enumerate((*cells, row.address, since)):
                self.devices.setItem(line, column, QTableWidgetItem(text))

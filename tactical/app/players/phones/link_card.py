"""One link in the sharing dialog: a card with its QR code, whose view it shows, and its buttons.

The code is big enough to scan from across the table
(:data:`tactical.app.players.phones.qr.CARD_SIDE`); a click on it shows it larger still
(:class:`LargeCode`). A revoked link keeps its card, with
"New link" to give that one player a new code; the other links are untouched.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tactical.app.players.phones.qr import CARD_SIDE, qr_pixmap
from tactical.app.window.plain_text import plain_label, set_tooltip
from tactical.rules.player_hand import Permission
from tactical.share.devices import DeviceRow
from tactical.share.links import Link

CARD_WIDTH = 280
"""A card's width: its code and a little room on either side."""
PERMISSION_TIPS = (
    "Its player makes their character's choices and declarations on the phone "
    "(a card put down face down, a spell declared)",
    "Its player enters their character's rolls: dice rolled on the table, or rolled for them",
    "Its player moves their own token (on its turn, or with no fight)",
)
Confirm = Callable[[str, str, str], bool]
"""(title, what will happen, the button that does it) -> whether the GM went on."""


def link_title(link: Link) -> str:
    return "Table (what the TV shows)" if link.kind == "table" else link.label


def whose(link: Link) -> str:
    return "the table link" if link.kind == "table" else f"{link.label}'s link"


def devices_text(count: int) -> str:
    return f"{count} device" + ("" if count == 1 else "s")


class LinkCard(QFrame):
    """One link's card (see the module's docstring)."""

    def __init__(
        self,
        link: Link,
        url: str,
        actions: LinkActions,
        confirm: Confirm,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.link, self.url, self.link_actions, self.confirm = link, url, actions, confirm
        self.count = 0
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setFixedWidth(CARD_WIDTH)
        layout = QVBoxLayout(self)
        layout.setSpacing(4)
        layout.setContentsMargins(8, 6, 8, 6)
        self.title = plain_label(link_title(link))
        self.title.setStyleSheet("font-weight: bold; font-size: 15pt")
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.code = QToolButton()
        self.code.setAutoRaise(True)
        if link.revoked:
            self.code.setText("Revoked: this link opens nothing")
            self.code.setFixedSize(CARD_SIDE, CARD_SIDE)
            self.code.setEnabled(False)
        else:
            pixmap = qr_pixmap(url, side=CARD_SIDE)
            self.code.setIcon(QIcon(pixmap))
            self.code.setIconSize(pixmap.size())
            self.code.setFixedSize(pixmap.size() + QSize(6, 6))  # a cropped code does not scan
            self.code.setToolTip("Show this code large, to scan from across the table")
            self.code.clicked.connect(self.show_large)
        layout.addWidget(self.code, 0, Qt.AlignmentFlag.AlignHCenter)
        self.field = QLineEdit("" if link.revoked else url)
        self.field.setReadOnly(True)
        self.field.setPlaceholderText("Revoked")
        self.field.setCursorPosition(0)  # "http://192.168…", not the key's end
        self.watching = plain_label()
        address = QHBoxLayout()  # [the link's address][Copy]: one row, so the card fits
        address.addWidget(self.field, 1)
        if not link.revoked:
            copy = QPushButton("Copy")
            copy.setToolTip("Copy this link, to send it to a player")
            copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.url))
            address.addWidget(copy)
        layout.addLayout(address)
        layout.addWidget(self.watching)
        layout.addLayout(self._buttons())
        layout.addStretch(1)
        self.set_devices([])

    def _buttons(self) -> QVBoxLayout:
        """What a character's link may do, over [New link…] [Revoke…]; a revoked link:
        [New link]."""
        link = self.link
        second = QHBoxLayout()
        rows = QVBoxLayout()
        if link.kind == "character" and not link.revoked:
            rows.addWidget(plain_label("This phone may:"))
            rows.addLayout(self._permissions())
        self.renew_button = QPushButton("New link" if link.revoked else "New link…")
        set_tooltip(
            self.renew_button,
            f"A new code for {whose(link)} alone: the old one stops working; "
            "the other links and what they may do are untouched",
        )
        self.renew_button.clicked.connect(self.renew)
        second.addWidget(self.renew_button)
        if not link.revoked:
            self.revoke_button = QPushButton("Revoke…")
            set_tooltip(
                self.revoke_button,
                f"Cut the devices of {whose(link)} off now; it opens nothing until New link",
            )
            self.revoke_button.clicked.connect(self.revoke)
            second.addWidget(self.revoke_button)
        second.addStretch(1)
        rows.addLayout(second)
        return rows

    def _permissions(self) -> QGridLayout:
        """Watch (always), declare, roll, move: each takes effect at once."""
        link = self.link
        grid = QGridLayout()
        watch = QCheckBox("Watch")
        watch.setChecked(True)
        watch.setEnabled(False)
        watch.setToolTip("Every link watches: Revoke stops that")
        self.declares = self._permission("Declare", "declare", link.declares, PERMISSION_TIPS[0])
        self.rolls = self._permission("Roll", "roll", link.rolls, PERMISSION_TIPS[1])
        self.moves = self._permission("Move", "move", link.moves, PERMISSION_TIPS[2])
        for index, box in enumerate((watch, self.declares, self.rolls, self.moves)):
            grid.addWidget(box, index // 2, index % 2)
        return grid

    def _permission(self, text: str, what: Permission, on: bool, tip: str) -> QCheckBox:
        box = QCheckBox(text)
        box.setToolTip(tip)
        box.setChecked(on)
        box.toggled.connect(lambda checked: self.link_actions.allow(self.link, what, checked))
        return box

    def set_devices(self, rows: list[DeviceRow]) -> None:
        """The devices watching this link now, each by its number, so two tell apart."""
        self.count = len(rows)
        if self.link.revoked:
            self.watching.setText("Revoked: no device can open it.")
        elif not rows:
            self.watching.setText("No device watching.")
        else:
            numbers = ", ".join(f"no. {row.number}" for row in rows)
            self.watching.setText(f"Watching: {devices_text(len(rows))} ({numbers})")

    # -- what the buttons do (each says first what it will do) ------------------------------

    def revoke(self) -> bool:
        link = self.link
        if not self.confirm(
            f"Revoke {whose(link)}?",
            f"Its {devices_text(self.count)} watching are cut off now and their page says "
            "the GM revoked the link. The link opens nothing from then on; the other links "
            "carry on. New link gives a new code for this link alone.",
            "Revoke",
        ):
            return False
        self.link_actions.revoke(link)
        return True

    def renew(self) -> bool:
        link = self.link
        if not link.revoked and not self.confirm(
            f"A new link for {link_title(link)}?",
            f"The old link stops working: its {devices_text(self.count)} watching are cut "
            "off, and whoever should watch scans the new code. The other links, and "
            "what each may do, are untouched.",
            "New link",
        ):
            return False
        self.link_actions.renew(link)
        return True

    def show_large(self) -> LargeCode:
        large = LargeCode(self, link_title(self.link), self.url)
        large.show()
        return large


class LinkActions:
    """What a card asks of the sharing session (the dialog hands its session's methods)."""

    def __init__(
        self,
        allow: Callable[[Link, Permission, bool], None],
        revoke: Callable[[Link], None],
        renew: Callable[[Link], object],
    ) -> None:
        self.allow, self.revoke, self.renew = allow, revoke, renew


class LargeCode(QDialog):
    """One code as large as the screen allows, to hold up or scan from across the table."""

    def __init__(self, parent: QWidget, title: str, url: str) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Scan: {title}")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        screen = parent.screen().availableGeometry()
        side = int(min(screen.height() - 160, screen.width() - 80))
        layout = QVBoxLayout(self)
        name = plain_label(title)
        name.setStyleSheet("font-weight: bold; font-size: 22pt")
        name.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.code = QLabel()
        pixmap = qr_pixmap(url, side=side)
        self.code.setPixmap(pixmap)
        self.code.setFixedSize(pixmap.size())
        text = plain_label(url)
        text.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        layout.addWidget(name)
        layout.addWidget(self.code, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(text)
        layout.addWidget(close, 0, Qt.AlignmentFlag.AlignHCenter)

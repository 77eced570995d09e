"""A roll outside the procedure's steps: expression, an optional typed result, a reason."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QLineEdit, QPushButton, QWidget

from tactical.app.encounter.limits import MAX_NAME
from tactical.app.panel.keys import keep_return
from tactical.app.players.secrets import Secrets
from tactical.core.encounter import Encounter

GM = "GM"


class RollBox(QWidget):
    """Emits :attr:`roll_requested` (expression, who, why, typed result or None)."""

    roll_requested = Signal(str, str, str, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.expression = QLineEdit("1d6")
        self.expression.setPlaceholderText("2d6+3")
        self.typed = QLineEdit()
        self.typed.setPlaceholderText("typed")
        self.typed.setToolTip("The total of a physical roll; empty: the app rolls")
        self.typed.setValidator(QIntValidator(-100_000, 100_000, self.typed))
        self.typed.setMaximumWidth(70)
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("why (e.g. perception)")
        self.expression.setMaxLength(MAX_NAME)  # the file keeps at most this much of either
        self.reason.setMaxLength(MAX_NAME)
        self.who = QComboBox()
        self.who.addItem(GM, GM)
        self.roll_button = QPushButton("Roll")
        self.roll_button.clicked.connect(self.request)
        for line in (self.expression, self.typed, self.reason):
            keep_return(line)
            line.returnPressed.connect(self.request)
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("Roll"), 0, 0)
        layout.addWidget(self.expression, 0, 1)
        layout.addWidget(self.typed, 0, 2)
        layout.addWidget(self.roll_button, 0, 3)
        layout.addWidget(self.who, 1, 1)
        layout.addWidget(self.reason, 1, 2, 1, 2)
        layout.setColumnStretch(1, 1)
        self._names: tuple[tuple[str, str], ...] = ()

    def set_tokens(self, encounter: Encounter, secrets: Secrets | None = None) -> None:
        """Offer the tokens as who rolls, keeping the current choice (hidden ones unnamed
        while secrets are hidden)."""
        names = tuple(
            (t.id, secrets.alias(t.id, t.name) if secrets else t.name)
            for t in encounter.tokens.values()
        )
        if names == self._names:
            return
        self._names = names
        current = self.who.currentData()
        self.who.clear()
        self.who.addItem(GM, GM)
        for token_id, name in names:
            self.who.addItem(name, token_id)
        index = self.who.findData(current)
        self.who.setCurrentIndex(max(index, 0))

    def request(self) -> None:
        typed = self.typed.text().strip()
        self.roll_requested.emit(
            self.expression.text().strip(),
            str(self.who.currentData() or GM),
            self.reason.text().strip() or "free roll",
            int(typed) if typed else None,
        )

    def clear_typed(self) -> None:
        self.typed.clear()

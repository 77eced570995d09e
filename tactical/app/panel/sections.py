"""Collapsible sections of the combat panel: steps, combatants, roll box, dice log.

At 1400 x 900 the panel is short of room; each section has a small header
button that folds it to its header line, and the splitter hands the freed
height to the sections still open. Which sections are folded is remembered in
the window's QSettings (``panel/collapsed/<key>``), when the panel has them.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtWidgets import QSizePolicy, QToolButton, QVBoxLayout, QWidget

SETTINGS_PREFIX = "panel/collapsed/"


class Section(QWidget):
    """A titled header button over one widget; folding it leaves only the header."""

    toggled = Signal(bool)
    """True when the section opens, False when it folds."""

    def __init__(
        self,
        key: str,
        title: str,
        content: QWidget,
        settings: QSettings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.key = key
        self.content = content
        self.settings = settings
        self.button = QToolButton()
        self.button.setObjectName(f"section-{key}")
        self.button.setText(title)  # a button's text is plain in Qt
        self.button.setCheckable(True)
        self.button.setChecked(True)
        self.button.setAutoRaise(True)
        self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.button.setArrowType(Qt.ArrowType.DownArrow)
        self.button.setToolTip(f"Fold or unfold {title.lower()}")
        self.button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.button.setStyleSheet("QToolButton { font-weight: bold; text-align: left; }")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.button)
        layout.addWidget(content, 1)
        self.button.toggled.connect(self.set_open)
        if settings is not None and _as_bool(settings.value(SETTINGS_PREFIX + key, False)):
            self.button.setChecked(False)

    def is_open(self) -> bool:
        return self.button.isChecked()

    def set_open(self, on: bool) -> None:
        """Unfold (``on``) or fold to the header line; remember it."""
        if self.button.isChecked() != on:
            self.button.setChecked(on)  # comes back here through toggled
            return
        self.button.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self.content.setVisible(on)
        header = self.button.sizeHint().height()
        if on:
            self.setMaximumHeight(16_777_215)
            self.setMinimumHeight(0)
        else:
            self.setMaximumHeight(header)
            self.setMinimumHeight(header)
        if self.settings is not None:
            self.settings.setValue(SETTINGS_PREFIX + self.key, not on)
        self.toggled.emit(on)


def _as_bool(value: object) -> bool:
    """QSettings gives back "true"/"false" strings from an ini file, bools otherwise."""
    if isinstance(value, str):
        return value.lower() == "true"
    return bool(value)

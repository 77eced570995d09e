"""Foldable sections of the combat panel: combatants, steps, roll box, dice log.

Each section has a header button that folds it; a folded section's button waits
in one line at the foot of the panel (:class:`~tactical.app.panel.layout.PanelWidgets`
moves it), so three folded sections cost one line. The GM's fold or unfold is
remembered in the window's QSettings (``panel/collapsed/<key>``: true when
folded, false when unfolded by hand); a section the GM never touched opens when
the panel has room for it after the combatants (:meth:`Section.set_room`).
"""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtWidgets import QSizePolicy, QToolButton, QVBoxLayout, QWidget

SETTINGS_PREFIX = "panel/collapsed/"


class Section(QWidget):
    """A titled header button over one widget; folding it leaves only the button."""

    toggled = Signal(bool)
    """True when the section opens, False when it folds (by the GM or for room)."""

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
        self.chosen: bool | None = None
        """The GM's choice, open or folded; None while the room decides."""
        self.roomy = True
        """Whether the panel has room for it now (for a section the GM left alone)."""
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
        self.head = QVBoxLayout(self)
        """The section's layout: the button (while open), then the content."""
        self.head.setContentsMargins(0, 0, 0, 0)
        self.head.setSpacing(0)
        self.head.addWidget(self.button)
        self.head.addWidget(content, 1)
        self.button.clicked.connect(self.set_open)  # the GM's click only, not set_room
        if settings is not None:
            saved = settings.value(SETTINGS_PREFIX + key)
            self.chosen = None if saved is None else not _as_bool(saved)
        self._show(self.is_open())

    def is_open(self) -> bool:
        return self.roomy if self.chosen is None else self.chosen

    def set_open(self, on: bool) -> None:
        """The GM unfolds (``on``) or folds it: remembered, and the room no longer decides."""
        self.chosen = on
        if self.settings is not None:
            self.settings.setValue(SETTINGS_PREFIX + self.key, not on)
        self._show(on)

    def set_room(self, roomy: bool) -> None:
        """Whether the panel has room for it: it opens or folds unless the GM chose."""
        self.roomy = roomy
        self._show(self.is_open())

    def header_height(self) -> int:
        return self.button.sizeHint().height()

    def _show(self, on: bool) -> None:
        changed = self.button.isChecked() != on or self.content.isHidden() == on
        self.button.setChecked(on)
        self.button.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self.content.setVisible(on)
        if changed:
            self.toggled.emit(on)


def _as_bool(value: object) -> bool:
    """QSettings gives back "true"/"false" strings from an ini file, bools otherwise."""
    if isinstance(value, str):
        return value.lower() == "true"
    return bool(value)

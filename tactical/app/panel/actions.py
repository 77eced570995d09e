"""The buttons of what the GM may do now, the Back button and the typed-dice field.

The primary action is the big button and carries the advance key's name.
Actions bound to a combatant appear on its row; those of whoever acts now
and those bound to no one are also listed here, in a grid.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tactical.app.panel.buttons import ElidedButton
from tactical.app.panel.keys import ADVANCE_KEY_NAME
from tactical.app.panel.style import PRIMARY_STYLE
from tactical.app.plain_text import set_tooltip
from tactical.rules import Action

COLUMNS = 2
ELLIPSIS = "\N{HORIZONTAL ELLIPSIS}"


def button_text(action: Action, names: dict[str, str]) -> str:
    """``Label…`` when the action asks for params; ``Name: Label`` when bound to a
    combatant whose name the label does not already say."""
    text = action.label + (ELLIPSIS if action.params else "")
    name = names.get(action.token_id or "")
    if name and name not in action.label:
        text = f"{name}: {text}"
    return text


TYPED_MAX_LENGTH = 10_000
"""Room for the 1000 typed results an action may use."""


class ActionBar(QWidget):
    """Emits :attr:`action_requested` with the Action of a pressed button."""

    action_requested = Signal(object)
    back_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setStyleSheet(PRIMARY_STYLE)
        self.primary_button = ElidedButton()
        self.primary_button.setObjectName("primary")
        self.primary_button.clicked.connect(self._primary_clicked)
        self.back_button = QPushButton("Back")
        self.back_button.clicked.connect(self.back_requested.emit)
        top = QHBoxLayout()
        top.addWidget(self.primary_button, 1)
        top.addWidget(self.back_button)
        self.others = QWidget()
        """The secondary buttons; hidden while a params form is open."""
        self.grid = QGridLayout(self.others)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.typed = QLineEdit()
        self.typed.setPlaceholderText("totals, e.g. 8, 5; empty: the app rolls")
        self.typed.setMaxLength(TYPED_MAX_LENGTH)
        self.typed.setToolTip(
            "Physical rolls for the next action: one total per roll, its modifier included "
            "(2d6+1 showing 4 and 3 is typed 8, not '4 3'). The action uses them in order, "
            "then rolls the rest itself"
        )
        # No keep_return here: dice typed, Enter runs the primary action with them.
        typed_row = QHBoxLayout()
        typed_row.addWidget(QLabel("Typed dice for the next action"))
        typed_row.addWidget(self.typed, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.others)
        layout.addLayout(typed_row)
        self.buttons: dict[str, ElidedButton] = {}
        self._primary: Action | None = None
        self._actions: tuple[Action, ...] = ()
        self._key: object = None
        self.set_actions([], {})

    def set_actions(
        self,
        actions: Sequence[Action],
        names: dict[str, str],
        acting: frozenset[str] | set[str] = frozenset(),
    ) -> None:
        """Rebuild the buttons (only when the actions changed).

        Listed here: the primary action, the actions of whoever acts now, and the
        actions bound to no one. Other combatants' actions stay on their rows.
        """
        actions = tuple(actions)
        key = (actions, tuple(sorted(names.items())), frozenset(acting))
        if key == self._key:
            return
        self._key = key
        self._actions = actions
        self._primary = next((a for a in actions if a.primary), None)
        if self._primary is not None:
            label = button_text(self._primary, names)
            self.primary_button.set_label(label, f"   [{ADVANCE_KEY_NAME}]")
            set_tooltip(self.primary_button, "\n".join(t for t in (label, self._primary.hint) if t))
            self.primary_button.setEnabled(True)
        else:
            self.primary_button.set_label("Nothing to advance")
            self.primary_button.setToolTip("")
            self.primary_button.setEnabled(False)
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.setParent(None)
                widget.deleteLater()
        self.buttons = {}
        others = [a for a in actions if not a.primary and a.token_id in acting]
        others += [a for a in actions if not a.primary and a.token_id is None]
        # With one combatant acting, its name on each of its buttons is noise.
        plain = {next(iter(acting)): ""} if len(acting) == 1 else {}
        for index, action in enumerate(others):
            button = ElidedButton()
            button.set_label(button_text(action, {**names, **plain}))
            set_tooltip(button, "\n".join(t for t in (button.full_text(), action.hint) if t))
            button.clicked.connect(lambda _=False, a=action: self.action_requested.emit(a))
            self.grid.addWidget(button, index // COLUMNS, index % COLUMNS)
            self.buttons[action.id] = button
        if self._primary is not None:
            self.buttons[self._primary.id] = self.primary_button

    @property
    def primary(self) -> Action | None:
        return self._primary

    def set_back(self, enabled: bool, what: str, why_not: str = "") -> None:
        """Back names what it would take back, or (off) why it takes nothing back."""
        self.back_button.setEnabled(enabled)
        if not enabled and why_not:
            set_tooltip(self.back_button, why_not)
        else:
            set_tooltip(self.back_button, f"Undo: {what}" if what else "Nothing to undo")

    def _primary_clicked(self) -> None:
        if self._primary is not None:
            self.action_requested.emit(self._primary)

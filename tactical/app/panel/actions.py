"""The buttons of what the GM may do now, the Back button and the typed-dice field.

The primary action is the big button and carries the advance key's name.
Actions bound to a combatant appear on its row; those of whoever acts now
and those bound to no one are also listed here (:mod:`.secondary`), each as wide
as its label and wrapped to the panel's width, the typed-dice field after them.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tactical.app.panel.buttons import ElidedButton
from tactical.app.panel.keys import ADVANCE_KEY_NAME
from tactical.app.panel.secondary import SecondaryButtons
from tactical.app.panel.style import PRIMARY_STYLE
from tactical.app.window.plain_text import set_tooltip
from tactical.rules import Action

ELLIPSIS = "\N{HORIZONTAL ELLIPSIS}"


def button_text(action: Action, names: dict[str, str]) -> str:
    """``Label…`` when the action asks for params; ``Name: Label`` when bound to a
    combatant whose name the label does not already say."""
    text = action.label + (ELLIPSIS if action.params else "")
    name = names.get(action.token_id or "")
    if name and name not in action.label:
        text = f"{name}: {text}"
    return text


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
        self.others = SecondaryButtons(self.action_requested.emit)
        """The secondary buttons and the typed-dice field, wrapped to the width."""
        self.typed = self.others.typed
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.others)
        self.buttons: dict[str, ElidedButton] = {}
        """Every button by its action's id (one past the allowed lines is hidden, in More)."""
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
        others = [a for a in actions if not a.primary and a.token_id in acting]
        others += [a for a in actions if not a.primary and a.token_id is None]
        # With one combatant acting, its name on each of its buttons is noise.
        plain = {next(iter(acting)): ""} if len(acting) == 1 else {}
        self.others.set_actions(others, [button_text(a, {**names, **plain}) for a in others])
        self.buttons = dict(self.others.buttons)
        if self._primary is not None:
            self.buttons[self._primary.id] = self.primary_button

    def show_others(self, on: bool) -> None:
        """Show (or hide, while a params form is what to do now) the secondary buttons."""
        self.others.show_buttons(on)

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

"""The secondary buttons under the step's button, and the typed-dice field after them.

Each button is as wide as its label, wrapped to the panel's width. On a short
screen the panel may allow them fewer lines (:meth:`SecondaryButtons.set_max_lines`):
the last buttons then wait in a "More" menu at the end of the last line, so the
order below stays in view. The procedure lists its actions most pressing first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLineEdit, QMenu, QToolButton, QWidget

from tactical.app.panel.buttons import ElidedButton
from tactical.app.panel.flow import FlowLayout
from tactical.app.panel.room import buttons_shown, lines_of
from tactical.app.window.plain_text import menu_text, set_tooltip
from tactical.rules import Action

GAP = 4
TYPED_WIDTH = 90
"""Pixels: room for a few totals (a longer text scrolls in the field)."""
TYPED_MAX_LENGTH = 10_000
"""Room for the 1000 typed results an action may use."""
MORE = "More"


class SecondaryButtons(QWidget):
    """Buttons of (label, action) in order, wrapped; those past the allowed lines in a menu."""

    def __init__(self, chosen: Callable[[Action], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._chosen = chosen
        self.flow = FlowLayout(self, spacing=GAP)
        self.typed = QLineEdit()
        """Physical dice for the next action (the panel reads it)."""
        self.typed.setPlaceholderText("typed dice")
        self.typed.setAccessibleName("Typed dice for the next action")
        self.typed.setMaxLength(TYPED_MAX_LENGTH)
        self.typed.setToolTip(
            "Physical rolls for the next action: one total per roll, its modifier included "
            "(2d6+1 showing 4 and 3 is typed 8, not '4 3'). The action uses them in order, "
            "then rolls the rest itself. Empty: the app rolls"
        )
        self.typed.setFixedWidth(TYPED_WIDTH)
        # No keep_return here: dice typed, Enter runs the primary action with them.
        self.more = QToolButton()
        """The menu of the buttons past the allowed lines (hidden when all are shown)."""
        self.more.setText(MORE)
        self.more.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.more.setMenu(QMenu(self.more))
        self.more.menu().triggered.connect(self._from_menu)
        self.flow.addWidget(self.more)
        self.flow.addWidget(self.typed)  # after the buttons, on their last line when it has room
        self.more.hide()
        self.buttons: dict[str, ElidedButton] = {}
        self._actions: list[Action] = []
        self._shown = True
        self.max_lines: int | None = None
        """Lines the buttons may take (None: as many as they need)."""
        self._rearrange = QTimer(self)
        """A new width wraps the buttons again once the resizing is over."""
        self._rearrange.setSingleShot(True)
        self._rearrange.setInterval(0)
        self._rearrange.timeout.connect(self._arrange)

    def set_actions(self, actions: Sequence[Action], labels: Sequence[str]) -> None:
        """Make a button per action, labelled in order."""
        for old in self.buttons.values():
            self.flow.removeWidget(old)
            old.hide()
            old.setParent(None)
            old.deleteLater()
        self.buttons, self._actions = {}, list(actions)
        for index, (action, label) in enumerate(zip(actions, labels, strict=True)):
            button = ElidedButton()
            button.set_label(label)
            set_tooltip(button, "\n".join(t for t in (button.full_text(), action.hint) if t))
            button.clicked.connect(lambda _=False, a=action: self._chosen(a))
            self.flow.insert(index, button)  # its parent first: shown alone, it is a window
            self.buttons[action.id] = button
        self._arrange()

    def show_buttons(self, on: bool) -> None:
        """Show (or hide, while a params form is what to do now) the buttons."""
        self._shown = on
        self._arrange()

    def set_max_lines(self, lines: int | None) -> None:
        if lines != self.max_lines:
            self.max_lines = lines
            self._arrange()

    def natural_lines(self, width: int) -> int:
        """The lines every button and the field take at ``width``."""
        return lines_of([*self._widths(), TYPED_WIDTH], width, GAP)

    def height_of(self, lines: int) -> int:
        """The height of ``lines`` lines of buttons."""
        line = max(self.typed.sizeHint().height(), self.more.sizeHint().height())
        for button in self.buttons.values():
            line = max(line, button.sizeHint().height())
        return lines * line + max(lines - 1, 0) * GAP

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self._rearrange.start()

    def _widths(self) -> list[int]:
        return [self.buttons[a.id].sizeHint().width() for a in self._actions] if self._shown else []

    def _arrange(self) -> None:
        """Show the buttons the allowed lines hold; the rest go in the More menu."""
        count = len(self._actions) if self._shown else 0
        width = self.width()
        if self.max_lines is not None and count and width > 0:
            more = self.more.sizeHint().width()
            count = buttons_shown(self._widths(), more, TYPED_WIDTH, width, GAP, self.max_lines)
        menu = self.more.menu()
        menu.clear()
        for index, action in enumerate(self._actions):
            button = self.buttons[action.id]
            wanted = self._shown and index < count
            if button.isHidden() == wanted:  # shown or hidden only when it changes
                button.setVisible(wanted)
            if self._shown and index >= count:
                entry = menu.addAction(menu_text(button.full_text()))
                set_tooltip(entry, action.hint)
                entry.setData(action)
        if self.more.isHidden() != menu.isEmpty():
            self.more.setVisible(not menu.isEmpty())
        self.updateGeometry()

    def _from_menu(self, entry: object) -> None:
        action = getattr(entry, "data", lambda: None)()
        if isinstance(action, Action):
            self._chosen(action)

"""The advance key: Return or Enter anywhere in the window runs the primary action.

Space pans the map, so the advance key is Return (and the keypad's Enter).
A text field that needs Return itself (the roll box, a cell being edited)
is marked with :func:`keep_return`: it then claims the key before the
window shortcut sees it. Filters sit on those few widgets only, never on the
application, so mouse drags on the map pay nothing.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QLineEdit, QWidget

ADVANCE_KEYS = (QKeySequence(Qt.Key.Key_Return), QKeySequence(Qt.Key.Key_Enter))
ADVANCE_KEY_NAME = "Enter"


class _ClaimReturn(QObject):
    """Accepts the shortcut override of Return/Enter so the widget, not a shortcut, gets it."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            event.accept()
            return True
        return False


class _ClaimReturnWhileTyping(_ClaimReturn):
    """As :class:`_ClaimReturn`, only once the GM has typed in the line edit."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(watched, QLineEdit) and not watched.isModified():
            return False
        return super().eventFilter(watched, event)


_CLAIM = _ClaimReturn()
_CLAIM_WHILE_TYPING = _ClaimReturnWhileTyping()


def keep_return(widget: QWidget) -> None:
    """Let ``widget`` (a line edit, a spin box) keep Return instead of advancing the fight."""
    widget.installEventFilter(_CLAIM)


def keep_return_while_typing(line: QLineEdit) -> None:
    """Let ``line`` keep Return once the GM has typed in it (Return records the text); a
    field focus merely landed in (a form closed) lets Return advance the fight."""
    line.installEventFilter(_CLAIM_WHILE_TYPING)


def advance_action(parent: QWidget) -> QAction:
    """A QAction on Return/Enter, active while ``parent``'s window is the active window."""
    action = QAction("Advance", parent)
    action.setShortcuts(list(ADVANCE_KEYS))
    action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    parent.addAction(action)
    return action

"""A combatant row's right-click menu: its actions, the figures its row leaves out, its statuses.

Split from :mod:`tactical.app.panel.combatants`; the entries only emit the
table's signals, which the panel turns into undoable commands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog, QLabel, QLineEdit, QMenu, QToolButton, QWidget

from tactical.app.encounter.limits import MAX_FIGURE_TEXT
from tactical.app.window.plain_text import menu_text, set_tooltip
from tactical.core.tokens import Token
from tactical.rules import Action

ELLIPSIS = "\N{HORIZONTAL ELLIPSIS}"
ROW_BUTTON = ELLIPSIS
"""The text of a row's menu button of its combatant's actions."""
ROW_PADDING = 6
"""Pixels above and below a row's line of text together; the row's menu button fits in."""


SetStatus = Callable[[str, str, int | None], None]
"""token id, status, stacks (None removes it)"""


def action_label(action: Action) -> str:
    return action.label + (ELLIPSIS if action.params else "")


def add_action(menu: QMenu, action: Action, report: Callable[[Action], None]) -> None:
    entry = menu.addAction(menu_text(action_label(action)))
    set_tooltip(entry, action.hint)
    entry.triggered.connect(lambda _=False, a=action: report(a))


def add_figure_edits(
    menu: QMenu, figures: Sequence[tuple[str, str, str]], edit: Callable[[str], None]
) -> None:
    """``Edit Resolve modifier (1)…`` for each figure the row leaves out: (key, label, value)."""
    for key, label, value in figures:
        shown = value or "\N{EM DASH}"
        entry = menu.addAction(menu_text(f"Edit {label} ({shown}){ELLIPSIS}"))
        entry.triggered.connect(lambda _=False, k=key: edit(k))


def add_statuses(
    menu: QMenu, token: Token, set_status: SetStatus, add_status: Callable[[str], None]
) -> None:
    """Add status…, then each status with +1, −1 and Remove."""
    add = menu.addAction(f"Add status{ELLIPSIS}")
    add.triggered.connect(lambda _=False, t=token.id: add_status(t))
    for status, stacks in token.statuses.items():
        sub = menu.addMenu(menu_text(f"{status} ({stacks})" if stacks != 1 else status))
        more = sub.addAction("+1")
        more.triggered.connect(
            lambda _=False, t=token.id, s=status, n=stacks + 1: set_status(t, s, n)
        )
        less = sub.addAction("\N{MINUS SIGN}1")
        less.triggered.connect(
            lambda _=False, t=token.id, s=status, n=stacks - 1: set_status(t, s, n or None)
        )
        remove = sub.addAction("Remove")
        remove.triggered.connect(lambda _=False, t=token.id, s=status: set_status(t, s, None))


def actions_button(actions: Sequence[Action], chosen: Callable[[QAction], None]) -> QToolButton:
    """A narrow menu button of a row's actions, so the figures stay in view on a narrow dock.

    ``chosen`` gets the menu entry, whose data is its :class:`Action`: one connection to
    a method, not one lambda per entry (buttons are remade on every rebuild and resize).
    """
    button = QToolButton()
    button.setText(ROW_BUTTON)
    button.setAutoRaise(True)  # a flat button, as tall as the row's text and its padding
    button.setMaximumHeight(button.fontMetrics().lineSpacing() + ROW_PADDING)
    set_tooltip(button, "\n".join(action_label(a) for a in actions))
    menu = QMenu(button)
    for action in actions:
        entry = menu.addAction(menu_text(action_label(action)))
        set_tooltip(entry, action.hint)
        entry.setData(action)
    menu.triggered.connect(chosen)
    button.setMenu(menu)
    button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
    return button


def ask_figure(parent: QWidget, label: str, raw: str) -> str | None:
    """The GM's new text for a figure the row leaves out, from it as typed; None when cancelled.

    ``label`` names the combatant (plain text: a name is the user's)."""
    dialog = QInputDialog(parent)
    dialog.setWindowTitle("Edit figure")
    dialog.setLabelText(label)
    for text in dialog.findChildren(QLabel):
        text.setTextFormat(Qt.TextFormat.PlainText)
    dialog.setMinimumWidth(320)
    dialog.setTextValue(raw)
    editor = dialog.findChild(QLineEdit)
    if editor is not None:
        editor.setMaxLength(MAX_FIGURE_TEXT)  # longer text cannot be saved
    return dialog.textValue() if dialog.exec() else None

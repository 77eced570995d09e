"""Every key of the main window does one thing: no two actions share a shortcut, and F fits.

Qt fires neither action of an ambiguous shortcut (it only logs "Ambiguous
shortcut overload"), so a clash made by two branches merging silently kills
both keys. The same holds for one action that lists a key twice (Redo once
listed the platform's Redo key and Ctrl+Y, which are the same key on some
platforms), and for the player view, a window of its own.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QShortcut
from PySide6.QtWidgets import QApplication, QWidget

from tactical.app.panel import CombatPanel
from tactical.app.window.help_keys import keys_markdown
from tactical.core.changes import GM
from tactical.core.commands import SetStatus
from tactical.persistence import load_encounter

from .conftest import MAPS, WindowFactory


def key_owners(window: QWidget) -> dict[str, list[str]]:
    """Each key of the window's actions and shortcuts, with every entry that binds it."""
    keys: dict[str, list[str]] = defaultdict(list)
    actions = window.findChildren(QAction)
    actions += [action for action in window.actions() if action not in actions]  # lent keys
    for action in actions:
        for shortcut in action.shortcuts():
            if not shortcut.isEmpty():
                keys[shortcut.toString()].append(action.text().replace("&", ""))
    for shortcut_object in window.findChildren(QShortcut):
        keys[shortcut_object.key().toString()].append(shortcut_object.objectName() or "shortcut")
    return keys


def clashes_of(window: QWidget) -> dict[str, list[str]]:
    return {key: sorted(who) for key, who in key_owners(window).items() if len(who) > 1}


def test_no_two_actions_of_the_window_share_a_key(make_window: WindowFactory) -> None:
    window = make_window()
    assert clashes_of(window) == {}


def test_no_two_actions_of_the_player_view_share_a_key(make_window: WindowFactory) -> None:
    window = make_window()
    player_view = window.open_player_view()
    assert {"F11", "B", "Shift+U"} <= set(key_owners(player_view))  # its own and lent keys
    assert clashes_of(player_view) == {}
    player_view.close()


@pytest.mark.parametrize(
    "modifiers",
    [
        Qt.KeyboardModifier.ControlModifier,  # Ctrl+Y
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,  # Ctrl+Shift+Z
    ],
)
def test_ctrl_y_and_ctrl_shift_z_redo(make_window: WindowFactory, qtbot, qtlog, modifiers) -> None:  # type: ignore[no-untyped-def]
    """QA: Help > Keys lists Ctrl+Shift+Z for Redo, but only Ctrl+Y redid."""
    window = make_window()
    stack = window.document.undo_stack
    window.document.push(SetStatus("hero", "prone", 1), GM)
    stack.undo()
    assert stack.index() == 0
    window.activateWindow()
    key = Qt.Key.Key_Y if modifiers == Qt.KeyboardModifier.ControlModifier else Qt.Key.Key_Z
    qtbot.keyClick(window, key, modifiers)
    assert stack.index() == 1
    assert not [r.message for r in qtlog.records if "mbiguous" in r.message]
    assert {"Ctrl+Y", "Ctrl+Shift+Z"} <= {
        k.toString() for k in window.edit_menu.redo_action.shortcuts()
    }


def test_help_keys_names_every_key_of_the_window(make_window: WindowFactory) -> None:
    """Help > Keys and mouse (F1) is where a GM looks a key up: every key is there."""
    window = make_window()
    text = keys_markdown()
    named = {key for key in key_owners(window) if re.search(rf"(?<![\w+]){re.escape(key)}\b", text)}
    missing = set(key_owners(window)) - named - {"+", "-"}  # zoom keys: "+ / -" in the table
    assert missing - {"Del"} == set()
    assert "| Delete |" in text and "| + / - |" in text


def mnemonic(text: str) -> str | None:
    """The letter after a single '&' (the menu's Alt key), lower case."""
    found = re.search(r"&([^&])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


def mnemonic_clashes(actions: list[QAction], where: str) -> dict[str, list[str]]:
    """Entries of one menu (and, recursively, its submenus) that share an Alt letter."""
    letters: dict[str, list[str]] = defaultdict(list)
    clashes: dict[str, list[str]] = {}
    for action in actions:
        letter = mnemonic(action.text())
        if letter is not None:
            letters[letter].append(action.text())
        if action.menu() is not None:
            clashes.update(mnemonic_clashes(action.menu().actions(), action.text()))
    clashes.update({f"{where} {k}": v for k, v in letters.items() if len(v) > 1})
    return clashes


def test_no_two_entries_of_a_menu_share_an_alt_letter(make_window) -> None:  # type: ignore[no-untyped-def]
    """With two entries on one letter, the letter only moves between them (nothing runs)."""
    window = make_window()
    assert mnemonic_clashes(window.menuBar().actions(), "menu bar") == {}


def test_fit_key_shows_the_whole_map(make_window: WindowFactory, qtbot: Any) -> None:
    window = make_window()
    view = window.view
    view.zoom_by(5.0)
    qtbot.keyClick(view, Qt.Key.Key_F)
    assert view.fitted
    assert view.visible_scene_rect().contains(window.scene.layer.scene_rect())


def test_keys_act_on_the_selection(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.scene.token_items["ally"].setSelected(True)
    window.edit_menu.hide_action.trigger()
    assert window.document.encounter.tokens["ally"].hidden
    window.edit_menu.remove_action.trigger()
    assert "ally" not in window.document.encounter.tokens


# The combat panel's result line follows an undo or redo made anywhere, as it follows Back.
# QA: on the hillside ruin, Start (Thrum), Enter, then Ctrl+Z twice left the panel saying
# "No combat procedure" above the stale "12 combatants take part.".


HILLSIDE = MAPS / "hillside-ruin.tactical.json"


def test_ctrl_z_and_ctrl_y_replace_a_stale_result_line(
    qtbot: Any, make_window: WindowFactory
) -> None:
    window = make_window(load_encounter(HILLSIDE), HILLSIDE)
    panel = window.ensure_panel()
    assert isinstance(panel, CombatPanel)
    panel.start("thrum")
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    assert panel.header.message.text() == "12 combatants take part."
    step = window.document.undo_stack.undoText()
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert panel.header.message.text() == f"Undone: {step}"
    start = window.document.undo_stack.undoText()
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert panel.header.title.text() == "No combat procedure"
    assert panel.header.message.text() == f"Undone: {start}"
    assert "combatants take part" not in panel.header.message.text()
    qtbot.keyClick(window.view, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert panel.header.message.text() == f"Redone: {start}"
    assert panel.header.title.text() != "No combat procedure"

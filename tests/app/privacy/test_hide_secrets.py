"""Hide secrets on this screen: the GM's window on a screen the whole table sees.

On the Approximated Fray example the Goblin Shaman is hidden. With the mode on,
nothing the main window shows (labels, buttons, tables, lists, trees, combo
boxes, line edits, the map's items, the status bar) names it or tells a face-down
card; with the mode off the GM sees them again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QSettings, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QLabel,
    QLineEdit,
    QListWidget,
    QTableView,
    QTreeWidget,
    QTreeWidgetItemIterator,
)

from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.geometry import CELL
from tactical.app.panel import CombatPanel
from tactical.app.players.secrets import FACE_DOWN, HIDDEN_ACTS, HIDDEN_MESSAGE, SECRET_ROLL
from tactical.app.window.main_window import HIDE_SECRETS_SETTING, MainWindow
from tactical.core.changes import GM
from tactical.core.commands import PlaceTemplate
from tactical.core.templates import Template
from tactical.persistence import load_encounter
from tactical.rules import ProcedureController

MAPS = Path(__file__).resolve().parents[3] / "maps"
FRAY = MAPS / "approximated-fray.tactical.json"
HIDDEN = "Goblin Shaman"
CARDS = [
    {"card": "Rebuke", "target": "ogre"},
    {"card": "Charge", "target": "ogre"},
    {"card": "Longbow", "target": "archer"},
    {"card": "Lumber", "to": "west-bank"},
    {"card": "Scurry", "to": "bridge"},
    {"card": "Shortbow", "target": "corin"},
]
SHAMAN_CARD = {"card": "Fire Field", "area": "west-bank"}


def window_texts(window: MainWindow) -> list[str]:
    """Every text the window shows now, tooltips of its buttons and cells included."""
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # replaced row buttons
    texts = [window.windowTitle(), window.statusBar().currentMessage()]
    for label in window.findChildren(QLabel):
        if label.isVisibleTo(window):
            texts.append(label.text())
    for button in window.findChildren(QAbstractButton):
        texts += [button.text(), button.toolTip()]
    for table in window.findChildren(QTableView):  # the combatants: read from the model
        model = table.model()
        for row in range(model.rowCount()):
            for col in range(model.columnCount()):
                index = model.index(row, col)
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    texts.append(str(index.data(role) or ""))
    for listing in window.findChildren(QListWidget):
        texts += [listing.item(i).text() for i in range(listing.count())]
    for tree in window.findChildren(QTreeWidget):
        iterator = QTreeWidgetItemIterator(tree)
        while iterator.value() is not None:
            texts.append(iterator.value().text(0))
            iterator += 1
    for combo in window.findChildren(QComboBox):
        texts += [combo.itemText(i) for i in range(combo.count())]
    for line in window.findChildren(QLineEdit):
        texts.append(line.text())
    for item in window.scene.items():
        if isinstance(item, QGraphicsTextItem):
            texts.append(item.toPlainText())
        elif isinstance(item, QGraphicsSimpleTextItem):
            texts.append(item.text())
    texts += [item.look.name for item in window.scene.token_items.values()]
    return [t for t in texts if t]


def leaks(window: MainWindow, secrets: list[str]) -> list[str]:
    return [t for t in window_texts(window) if any(s in t for s in [HIDDEN, *secrets])]


def secret_texts(document: EncounterDocument) -> list[str]:
    view = ProcedureController(document.encounter, document.push_as(GM)).view()
    return [c.secret for c in view.combatants if c.secret]


def stage(panel: CombatPanel, params: dict[str, Any]) -> None:
    primary = panel.actions_bar.primary
    assert primary is not None
    assert panel.perform(primary, params), panel.header.message.text()


def fray_window(make_window: Any) -> MainWindow:
    window: MainWindow = make_window(load_encounter(FRAY), FRAY)
    assert window.document.encounter.token("shaman").hidden
    return window


def test_the_fray_shows_no_hidden_token_nor_secret_card_while_on(make_window: Any) -> None:
    window = fray_window(make_window)
    panel = window.docks.panel
    assert isinstance(panel, CombatPanel)
    for params in CARDS:
        stage(panel, params)
    window.document.push(PlaceTemplate(Template("smoke", "aura", 1, token_id="shaman")), GM)
    window.view_menu.hide_secrets_action.setChecked(True)

    # The shaman stages its card: the button says so without its name, and still works.
    secrets = secret_texts(window.document)
    assert len(secrets) == 6
    assert leaks(window, secrets) == [], "\n".join(leaks(window, secrets))
    primary = panel.actions_bar.primary_button.full_text()
    assert primary.startswith("Put down hidden combatant's card")
    assert "shaman" not in panel.table.token_order()
    assert panel.table.cell_text("bram", "declared").endswith(FACE_DOWN)
    assert "shaman" not in window.scene.token_items
    assert "smoke" not in window.scene.template_items  # the hidden token's aura
    assert window.status.secrets_label.isVisibleTo(window)

    # Its form offers the hidden token as "Hidden combatant"; its message is neutral.
    panel.request(panel.actions_bar.primary)  # type: ignore[arg-type]
    assert panel.form is not None
    assert leaks(window, secrets) == [], "\n".join(leaks(window, secrets))
    target = panel.form.inputs["target"]
    assert isinstance(target, QComboBox)
    assert target.itemText(target.findData("shaman")) == "Hidden combatant"
    for name, value in SHAMAN_CARD.items():
        panel.form.set_value(name, value)
    panel.form.submit()
    assert window.document.encounter.procedure_state is not None
    assert panel.header.message.text() == HIDDEN_MESSAGE
    secrets = secret_texts(window.document)
    assert any("Fire Field" in s for s in secrets)
    assert leaks(window, secrets) == [], "\n".join(leaks(window, secrets))
    assert "Put down hidden combatant" in panel.actions_bar.back_button.toolTip()

    # Off: the GM sees the shaman, its card and the others' cards again.
    window.view_menu.hide_secrets_action.setChecked(False)
    texts = window_texts(window)
    assert any(HIDDEN in t for t in texts)
    assert all(any(s in t for t in texts) for s in secrets)
    assert "shaman" in window.scene.token_items
    assert "smoke" in window.scene.template_items
    assert not window.status.secrets_label.isVisibleTo(window)


def test_an_instruction_and_a_roll_naming_the_hidden_token_are_replaced(
    make_window: Any,
) -> None:
    window = fray_window(make_window)
    panel = window.docks.panel
    assert isinstance(panel, CombatPanel)
    panel.free_roll("1d6", "shaman", "hex", None)
    window.view_menu.hide_secrets_action.setChecked(True)
    assert panel.dice_log.lines()[0].endswith(SECRET_ROLL)
    assert leaks(window, []) == []
    # A procedure that names the hidden token in its instruction (Staging once did).
    view = ProcedureController(window.document.encounter, window.document.push_as(GM)).view()
    from dataclasses import replace

    from tactical.app.players.secrets import Secrets

    masked = Secrets(window.document.encounter).view(
        replace(view, instruction="Goblin Shaman chooses a card", notes=("shaman hexes",))
    )
    assert masked.instruction == HIDDEN_ACTS
    assert all(HIDDEN not in n and "shaman" not in n for n in masked.notes)


def test_the_status_bar_names_no_hidden_token(make_window: Any) -> None:
    window = make_window()  # small_grid: Spy hidden at (8, 1)
    spot = QPointF(8.5 * CELL, 1.5 * CELL)
    window.status.show_hover(spot)
    assert "Spy" in window.status.hover_label.text()
    window.view_menu.hide_secrets_action.setChecked(True)
    assert "Spy" not in window.status.hover_label.text()
    assert window.status.hover_label.text().startswith("Square 8, 1")
    assert "spy" not in window.scene.token_items
    assert window.scene.token_item_at(QPointF(1.5 * CELL, 1.5 * CELL)) is not None  # Hero


def test_hidden_templates_go_and_come_back(make_window: Any) -> None:
    window = make_window()
    window.document.push(PlaceTemplate(Template("trap", "area", 2, origin=(2, 5), hidden=True)), GM)
    window.document.push(PlaceTemplate(Template("fog", "area", 2, origin=(4, 5))), GM)
    window.view_menu.hide_secrets_action.setChecked(True)
    assert set(window.scene.template_items) == {"fog"}
    window.view_menu.hide_secrets_action.setChecked(False)
    assert set(window.scene.template_items) == {"fog", "trap"}


def test_the_mode_is_remembered(make_window: Any, settings: QSettings) -> None:
    first = make_window()
    assert not first.view_menu.hide_secrets_action.isChecked()
    first.view_menu.hide_secrets_action.trigger()  # Ctrl+Shift+H
    assert settings.value(HIDE_SECRETS_SETTING, type=bool) is True
    second = make_window()
    assert second.view_menu.hide_secrets_action.isChecked()
    assert second.scene.player
    assert "spy" not in second.scene.token_items
    assert second.status.secrets_label.isVisibleTo(second)
    panel = second.docks.panel
    assert isinstance(panel, CombatPanel)
    assert panel.hide_secrets
    assert panel.privacy_button.isChecked()
    assert second.view_menu.hide_secrets_action.shortcut().toString() == "Ctrl+Shift+H"
    assert "Spy" not in " ".join(window_texts(second))
    panel.privacy_button.click()  # the panel's button is the same switch
    assert settings.value(HIDE_SECRETS_SETTING, type=bool) is False
    assert "spy" in second.scene.token_items


def test_the_edit_menu_names_no_hidden_token(make_window: Any) -> None:
    from tactical.core.commands import MoveToken

    window = make_window()  # small_grid: Spy hidden at (8, 1)
    window.document.push(MoveToken("spy", (8, 2)), GM)
    assert "spy" in window.edit_menu.undo_action.text().lower()
    window.view_menu.hide_secrets_action.setChecked(True)
    assert "spy" not in window.edit_menu.undo_action.text().lower()
    assert window.edit_menu.undo_action.text().startswith("&Undo Move")
    window.document.undo_stack.undo()
    assert "spy" not in window.edit_menu.redo_action.text().lower()
    window.document.undo_stack.redo()
    window.document.push(MoveToken("spy", (8, 3)), GM)
    assert "spy" not in window.edit_menu.undo_action.text().lower()
    window.view_menu.hide_secrets_action.setChecked(False)
    assert "spy" in window.edit_menu.undo_action.text().lower()

"""Names are plain text everywhere (issue 17): a token named ``<b>Brute</b><img src="x">``
is shown as typed in every label, tooltip, button, list, table and window title of the
GM's window and the player view, through every procedure example, never as markup."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, QEvent, Qt
from PySide6.QtGui import QAction, QTextDocument
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QLabel,
    QListWidget,
    QTableView,
    QToolBar,
    QTreeWidget,
    QTreeWidgetItemIterator,
    QWidget,
)

from tactical.app.panel import CombatPanel
from tactical.app.window.main_window import MainWindow
from tactical.app.window.plain_text import plain_label, set_tooltip, tooltip
from tactical.core.changes import GM
from tactical.core.encounter import Encounter
from tactical.persistence import load_encounter
from tactical.rules import available

MAPS = Path(__file__).resolve().parents[2] / "maps"
EXAMPLES = sorted(p for p in available() if (MAPS / f"{p}.tactical.json").exists())
IMAGE = '<img src="x">'
PRESSES = 8


def marked(name: str) -> str:
    return f"<b>{name}</b>{IMAGE}"


def mark_every_name(encounter: Encounter) -> list[str]:
    """Give every token, side and area a marked-up name; the bold parts, to look for."""
    marks = []
    for token in encounter.tokens.values():
        token.name = marked(token.name)
        marks.append(token.name.removesuffix(IMAGE))
    for side in encounter.sides.values():
        side.name = marked(side.name)
    if encounter.area_map is not None:
        for area in encounter.area_map:
            area.name = marked(area.name)
    return marks


def rendered(text: str, rich: bool) -> str:
    """What the user reads: the text itself, or what is left of it read as HTML."""
    if not rich:
        return text
    document = QTextDocument()
    document.setHtml(text)
    return document.toPlainText()


def _cell_texts(view: QAbstractItemView) -> list[tuple[str, str]]:
    """The texts and tooltips of a list, table or tree widget's cells."""
    items: list[Any] = []
    if isinstance(view, QListWidget):
        items = [view.item(i) for i in range(view.count())]
    elif isinstance(view, QTableView):  # a table widget or the combatants' model and view
        return _model_texts(view.model())
    elif isinstance(view, QTreeWidget):
        iterator = QTreeWidgetItemIterator(view)
        while iterator.value() is not None:
            items.append(iterator.value())
            iterator += 1
    found = []
    for item in items:
        if item is None:
            continue
        columns = item.columnCount() if isinstance(view, QTreeWidget) else 1
        for column in range(columns):
            text = item.text(column) if isinstance(view, QTreeWidget) else item.text()
            tip = item.toolTip(column) if isinstance(view, QTreeWidget) else item.toolTip()
            found += [("cell", text), ("cell tooltip", tip)]
    return [(where, text) for where, text in found if text]


def _model_texts(model: QAbstractItemModel) -> list[tuple[str, str]]:
    """The texts and tooltips of a table model's cells and column headers, as painted."""
    display, tip = Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole
    found = []
    for row in range(model.rowCount()):
        for col in range(model.columnCount()):
            index = model.index(row, col)
            found += [("cell", index.data(display)), ("cell tooltip", index.data(tip))]
    for col in range(model.columnCount()):
        for role, where in ((display, "header"), (tip, "header tooltip")):
            found.append((where, model.headerData(col, Qt.Orientation.Horizontal, role)))
    return [(where, str(text)) for where, text in found if text]


def shown_texts(widget: QWidget) -> list[tuple[str, str, bool]]:
    """``(where, text, read as rich text)`` for everything ``widget`` and its children show."""
    found: list[tuple[str, str, bool]] = []
    widgets = [widget, *widget.findChildren(QWidget)]
    for child in widgets:
        name = type(child).__name__
        tip = child.toolTip()
        if tip:
            found.append((f"{name} tooltip", tip, GuiQt.mightBeRichText(tip)))
        if isinstance(child, QLabel) and child.text():
            text = child.text()
            form = child.textFormat()
            rich = form == Qt.TextFormat.RichText or (
                form == Qt.TextFormat.AutoText and GuiQt.mightBeRichText(text)
            )
            found.append((f"QLabel {child.objectName()}", text, rich))
        if isinstance(child, QAbstractItemView):
            for where, text in _cell_texts(child):
                rich = where.endswith("tooltip") and GuiQt.mightBeRichText(text)
                found.append((f"{name} {where}", text, rich))
        if isinstance(child, QToolBar):
            for action in child.actions():
                tip = action.toolTip()
                found.append(("toolbar action tooltip", tip, GuiQt.mightBeRichText(tip)))
        if child.isWindow():
            found.append(("window title", child.windowTitle(), False))
    for action in widget.findChildren(QAction):
        found.append(("action text", action.text(), False))
    return found


def markup_shown(windows: list[QWidget], marks: list[str]) -> tuple[list[str], int]:
    """Texts in which a marked-up name is rendered as markup; and how many show one literally."""
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    bad = []
    literal = 0
    for window in windows:
        for where, text, rich in shown_texts(window):
            if not any(mark in text or mark in rendered(text, rich) for mark in marks):
                continue
            seen = rendered(text, rich)
            if any(mark in text and mark not in seen for mark in marks) or (
                IMAGE in text and IMAGE not in seen
            ):
                bad.append(f"{where}: {text!r}")
            else:
                literal += 1
    return bad, literal


def press_advance(qtbot: Any, panel: CombatPanel) -> bool:
    """The advance key as the GM presses it (confirming a form); False when nothing moved."""
    before = panel.document.undo_stack.index()
    qtbot.keyClick(panel.table, Qt.Key.Key_Return)
    return panel.document.undo_stack.index() != before


@pytest.mark.parametrize("procedure_id", EXAMPLES)
def test_no_marked_up_name_is_rendered_as_markup(
    make_window: Any, qtbot: Any, procedure_id: str
) -> None:
    encounter = load_encounter(MAPS / f"{procedure_id}.tactical.json")
    marks = mark_every_name(encounter)
    window: MainWindow = make_window(encounter)
    player = window.open_player_view()
    qtbot.addWidget(player)
    player.show()
    panel = window.docks.panel
    assert isinstance(panel, CombatPanel)
    windows: list[QWidget] = [window, player]
    literal = 0
    for _ in range(PRESSES):
        bad, shown = markup_shown(windows, marks)
        assert bad == [], "\n".join(bad)
        literal += shown
        moved = press_advance(qtbot, panel)
        if panel.form is not None:  # a form lists token names: look at it too
            bad, shown = markup_shown(windows, marks)
            assert bad == [], "\n".join(bad)
            literal += shown
            moved = press_advance(qtbot, panel)
        if not moved:
            break
    bad, shown = markup_shown(windows, marks)
    assert bad == [], "\n".join(bad)
    assert literal + shown > 10, "the walk saw marked-up names shown, literally"
    tracker = player.tracker
    assert any(mark in tracker.now.text() for mark in marks) or not tracker.now.text()


def test_the_probe_finds_markup_where_a_label_is_left_automatic(qtbot: Any) -> None:
    """The check itself: an automatic label or a raw tooltip with a marked name is found."""
    holder = QWidget()
    qtbot.addWidget(holder)
    automatic = QLabel(f"Now: {marked('Brute')}", holder)
    assert markup_shown([holder], ["<b>Brute</b>"])[0] == [f"QLabel : {automatic.text()!r}"]
    automatic.setParent(None)
    plain = plain_label(f"Now: {marked('Brute')}", holder)
    holder.setToolTip(marked("Brute"))
    assert markup_shown([holder], ["<b>Brute</b>"])[0] == [f"QWidget tooltip: {marked('Brute')!r}"]
    set_tooltip(holder, marked("Brute"))
    assert markup_shown([holder], ["<b>Brute</b>"]) == ([], 2)
    assert plain.textFormat() == Qt.TextFormat.PlainText


def test_tooltips_escape_only_what_qt_would_read_as_markup() -> None:
    assert tooltip("Undo: Move hero") == "Undo: Move hero"
    assert tooltip("a < b\nc") == "a < b\nc"
    assert tooltip('<b>Brute</b><img src="x">\nsecret') == (
        '<qt>&lt;b&gt;Brute&lt;/b&gt;&lt;img src="x"&gt;<br>secret</qt>'
    )
    assert rendered(tooltip("<b>Brute</b>\nnext"), True) == "<b>Brute</b>\nnext"


def test_hide_secrets_is_on_the_main_toolbar_and_off_by_default(make_window: Any) -> None:
    window: MainWindow = make_window()
    assert window.view_menu.hide_secrets_action in window.map_tools.toolbar.actions()
    assert not window.view_menu.hide_secrets_action.isChecked()


def test_a_file_name_with_the_modified_placeholder_shows_it(
    make_window: Any, tmp_path: Path
) -> None:
    from tactical.core.commands.name_shown import ShowNameToPlayers
    from tactical.persistence import save_encounter

    from .conftest import small_grid

    path = tmp_path / "ambush [*] v2.tactical.json"
    save_encounter(small_grid(), path)
    window: MainWindow = make_window(load_encounter(path), path)
    player = window.open_player_view()
    player.show()
    QApplication.processEvents()
    assert window.windowHandle().title() == "ambush [*] v2 — tactical"
    assert player.windowHandle().title() == "Player view"  # the file's name is the GM's
    window.document.encounter.name = "Ambush [*] at dusk"
    window.document.push(ShowNameToPlayers(True), GM)  # the GM shows it: the title follows
    assert player.windowHandle().title() == "Ambush [*] at dusk — player view"
    window.files.ask_unsaved = lambda: "discard"
    player.close()

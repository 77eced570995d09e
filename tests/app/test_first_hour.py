"""What a new GM meets in the first hour: Help, Ctrl+N, undo that says what it did, names."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from PySide6.QtGui import QColor, QKeySequence
from PySide6.QtWidgets import QApplication

from tactical.app.tokens.token_names import by_name, gm_name
from tactical.app.window.help_keys import KeysDialog, keys_markdown
from tactical.core.changes import GM
from tactical.core.commands.tokens import MoveToken, SetTokenField

from .conftest import small_grid


def menu_titles(window: Any) -> list[str]:
    return [action.text() for action in window.menuBar().actions()]


def test_help_lists_keys_and_mouse_from_the_guide_and_about(make_window: Any) -> None:
    window = make_window(small_grid())
    assert menu_titles(window)[-1] == "&Help"
    help_menu = window.menuBar().actions()[-1].menu()
    texts = [action.text() for action in help_menu.actions()]
    assert texts[:2] == ["&Getting started", "&Keys and mouse"] and "&About tactical" in texts
    window.help_keys_action.trigger()
    dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, KeysDialog))
    shown = dialog.browser.toPlainText()
    assert "Mouse" in shown and "Keys" in shown
    assert "Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y" in shown
    assert "Playing on a TV" not in shown  # only the keys and the mouse
    dialog.close()


def test_the_keys_text_is_the_guides_sections() -> None:
    guide = "# T\n\n## Mouse\n\nwheel\n\n## Files\n\nsave\n\n## Keys\n\nF fits\n![x](y.png)\n"
    assert keys_markdown(guide) == "## Mouse\n\nwheel\n\n\n## Keys\n\nF fits\n"


def test_ctrl_n_makes_a_new_map(make_window: Any) -> None:
    window = make_window(small_grid())
    action = window.map_editing.new_grid_action
    assert action.shortcut() == QKeySequence(QKeySequence.StandardKey.New)
    assert action in window.actions()


def test_undo_and_redo_say_what_they_did_by_name(make_window: Any) -> None:
    window = make_window(small_grid())
    window.document.push(MoveToken("orc", (2, 4)), GM)
    assert window.edit_menu.undo_action.text() == "&Undo Move Orc"
    window.edit_menu.undo_action.trigger()
    assert window.statusBar().currentMessage() == "Undone: Move Orc"
    window.edit_menu.redo_action.trigger()
    assert window.statusBar().currentMessage() == "Redone: Move Orc"


def test_names_replace_ids_and_hidden_tokens_are_marked_one_way() -> None:
    encounter = small_grid()
    assert by_name("Move spy; Remove orc", encounter) == "Move Spy; Remove Orc"
    assert by_name("orcish", encounter) == "orcish"
    assert gm_name(encounter.tokens["spy"], encounter) == "Spy (hidden)"
    assert gm_name(encounter.tokens["orc"], encounter) == "Orc"
    SetTokenField("orc", "hidden", True).do(encounter)
    assert gm_name(encounter.tokens["orc"], encounter) == "Orc (hidden)"


def test_opening_another_file_clears_what_the_status_bar_said(
    make_window: Any, tmp_path: Any
) -> None:
    from tactical.persistence import save_encounter

    other = tmp_path / "other.tactical.json"
    save_encounter(small_grid(), other)
    window = make_window(small_grid())
    window.say("Moved Orc.")
    window.status.show_hover(window.view.mapToScene(window.view.viewport().rect().center()))
    window.status.hover_label.setText("Square 1, 1 · elevation +0 · open")
    assert window.files.load_path(other)
    assert window.statusBar().currentMessage() == ""
    assert window.status.hover_label.text() == ""


def test_the_legend_stays_whole_when_the_editing_toolbar_shows(
    make_window: Any, qtbot: Any
) -> None:
    window = make_window(small_grid())
    window.show()
    qtbot.waitExposed(window)
    window.map_editing.set_editing(True)
    qtbot.waitUntil(lambda: window.map_editing.toolbar.isVisible())
    QApplication.processEvents()
    legend, view = window.view_menu.legend, window.view
    assert legend.isVisible()
    assert legend.geometry().bottom() <= view.height() - 10


def test_the_brush_outline_goes_when_the_cursor_leaves_the_map(
    make_window: Any, qtbot: Any
) -> None:
    from PySide6.QtCore import QEvent, QPointF

    from tactical.app.map.geometry import CELL

    window = make_window(small_grid())
    window.show()
    qtbot.waitExposed(window)
    editing = window.map_editing
    editing.set_editing(True)
    viewport = window.view.viewport()
    qtbot.mouseMove(viewport, window.view.mapFromScene(QPointF(2.5 * CELL, 2.5 * CELL)))
    assert editing.overlay.isVisible()
    QApplication.sendEvent(viewport, QEvent(QEvent.Type.Leave))
    assert not editing.overlay.isVisible()


def test_the_combatant_table_scrolls_to_whoever_acts(qtbot: Any) -> None:
    from tactical.app.panel.combatants import CombatantTable
    from tactical.core import Encounter, GridMap, Token
    from tactical.rules import Combatant

    tokens = [Token(f"t{i}", f"Fighter {i}", "npcs", (i % 10, i // 10)) for i in range(40)]
    encounter = Encounter(GridMap(10, 10), tokens)
    table = CombatantTable()
    qtbot.addWidget(table)
    table.resize(400, 200)
    table.show()
    qtbot.waitExposed(table)
    rows = [Combatant(t.id, t.name, "npcs", acting=(t.id == "t35")) for t in tokens]
    table.show_combatants(encounter, rows, {})
    qtbot.waitUntil(lambda: table.verticalScrollBar().value() > 0)
    acting = table.visualItemRect(table.item(35, 0))
    assert table.viewport().rect().contains(acting.center())


def test_names_badges_and_marks_stay_readable_when_zoomed_out(make_window: Any, qtbot: Any) -> None:
    from PySide6.QtGui import QFontMetricsF, QTransform

    from tactical.app.map.scene.token_item import MIN_LABEL_PX

    encounter = small_grid()
    encounter.tokens["orc"].name = "Maud the Archer"
    window = make_window(encounter)
    window.show()
    qtbot.waitExposed(window)
    view = window.view
    view.setTransform(QTransform.fromScale(0.4, 0.4))
    view.viewport().repaint()
    item = window.scene.token_items["orc"]
    assert item.boost > 1
    assert item._font.pixelSize() * view.zoom >= MIN_LABEL_PX - 1  # screen pixels
    metrics = QFontMetricsF(item._font)
    assert item._label.width() >= metrics.horizontalAdvance("Maud the Archer")  # not elided
    view.setTransform(QTransform.fromScale(1.5, 1.5))
    view.viewport().repaint()
    assert item.boost == 1.0


def test_the_player_view_has_an_elevation_legend_and_a_whole_summary_title(
    make_window: Any, qtbot: Any
) -> None:
    window = make_window(small_grid())
    player = window.open_player_view()
    qtbot.waitExposed(player)
    player.resize(1920, 1080)
    QApplication.processEvents()
    assert player.legend.isVisible()
    assert [value for value, _ in player.legend.entries] == [0, 2]
    assert player.legend.geometry().bottom() <= player.view.height()
    assert player.legend.width() > 112  # larger than the GM's, read from across the table
    assert player.tracker.heading.wordWrap()
    player.close()


def test_every_elevation_up_to_16_has_its_own_shade() -> None:
    from tactical.app.map.scene.colours import elevation_rgb

    shades = [elevation_rgb(level) for level in range(9, 17)]
    assert len(set(shades)) == len(shades)
    for lower, higher in pairwise(shades):
        assert sum(abs(a - b) for a, b in zip(lower, higher, strict=True)) >= 9


def test_the_panels_steps_and_dice_fold_away_but_the_table_stays(make_window: Any) -> None:
    window = make_window(small_grid())
    panel = window.ensure_panel()
    assert panel is not None
    splitter = panel.splitter
    # The order first (issue 34), under the step's button; the steps and the dice below it.
    assert [splitter.isCollapsible(i) for i in range(3)] == [False, True, True]
    total = sum(splitter.sizes())
    splitter.setSizes([total, 0, 0])
    assert splitter.sizes()[1] == 0 and splitter.sizes()[2] == 0
    assert splitter.sizes()[0] > 0


def test_a_large_label_size_is_not_boosted_again(qtbot: Any) -> None:
    from tactical.app.map.scene.token_item import LABEL_PX, TokenItem
    from tactical.app.map.scene.token_look import TokenLook

    item = TokenItem("t", TokenLook("Orc", QColor("#d8432f")))
    item.set_label_scale(2.0)
    item.set_boost(1.5)  # the player view's Large labels are readable already
    assert item._font.pixelSize() == int(LABEL_PX * 2.0)
    item.set_boost(2.5)
    assert item._font.pixelSize() == int(LABEL_PX * 2.5)

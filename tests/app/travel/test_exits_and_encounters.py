"""Exits the GM marks (GM-only markers, taken with the selection) and encounters that spring."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QMenu

from tactical.app.scenes.travel.exit_dialog import ExitAnswer
from tactical.app.scenes.travel.exit_layer import ExitMarker

from ..byte_scan import scan
from ..test_players_outputs import tv_outputs, window_outputs
from .evening import centre, entry, evening, texts

SECRET_SCENE = "Qzvault of Ashes"
SECRET_LABEL = "Qztrapdoor"


def markers(window) -> list[ExitMarker]:  # type: ignore[no-untyped-def]
    return [i for i in window.scene.items() if isinstance(i, ExitMarker)]


def right_click(window, col: int, row: int) -> list[str]:  # type: ignore[no-untyped-def]
    """Right-click a square of the GM's map; trigger "Mark exit here…" in the menu that opens;
    the menu's entries (none when no menu opened)."""
    viewport = window.view.viewport()
    local = window.view.mapFromScene(centre(col, row))
    seen: list[str] = []

    def look() -> None:
        menus = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMenu)]
        for menu in (m for m in menus if m.isVisible()):
            seen.extend(texts(menu))
            found = [a for a in menu.actions() if a.text() == "Mark exit here…"]
            menu.close()
            if found:
                found[0].trigger()

    QTimer.singleShot(0, look)  # while the menu is open
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, local, viewport.mapToGlobal(local))
    QApplication.sendEvent(viewport, event)
    QApplication.processEvents()
    return seen


def test_mark_exit_here_is_in_the_editing_tools_right_click_menu_too(make_window) -> None:  # type: ignore[no-untyped-def]
    scenes = evening()
    window = make_window(scenes.scene("road").encounter)
    window.travel.exits.ask_exit = lambda choices, editing: ExitAnswer("crypt", (6, 4), "Stairs")
    window.map_editing.edit_action.trigger()  # Edit map (E): a brush in hand
    assert window.view.tool is not window.action_registry.tools["select"]
    assert "Mark exit here…" in right_click(window, 9, 7)
    (exit_,) = scenes.scene("road").exits
    assert (exit_.at, exit_.to_scene, exit_.to) == ((9, 7), "crypt", (6, 4))
    assert [m.text for m in markers(window)] == ["to Crypt"]
    entries = right_click(window, 9, 7)  # the marker's own entries, but taking it is play
    assert "Edit exit…" in entries and "Remove exit" in entries
    assert "Take this exit" not in entries
    window.document.undo_stack.undo()
    assert scenes.scene("road").exits == [] and markers(window) == []


def test_an_exit_is_marked_taken_edited_and_removed_each_undoable(make_window) -> None:  # type: ignore[no-untyped-def]
    scenes = evening()
    window = make_window(scenes.scene("road").encounter)
    exits = window.travel.exits
    asked = []

    def answer(choices, editing):  # type: ignore[no-untyped-def]
        asked.append(([s.name for s in choices], editing))
        return ExitAnswer("crypt", (6, 4), "Stairs <b>down</b>")

    exits.ask_exit = answer
    entry(window.context_menu_at(centre(9, 7)), "Mark exit here…").trigger()
    assert asked == [(["Crypt", "Tavern"], None)]
    (exit_,) = scenes.scene("road").exits
    assert (exit_.at, exit_.to_scene, exit_.to, exit_.label) == (
        (9, 7),
        "crypt",
        (6, 4),
        "Stairs <b>down</b>",
    )
    (marker,) = markers(window)
    assert marker.text == "to Crypt" and marker.isVisible()
    menu = window.context_menu_at(centre(9, 7))
    assert "Exit Stairs <b>down</b> to Crypt" in texts(menu)
    take = entry(menu, "Take this exit")
    assert not take.isEnabled()  # nothing selected
    window.scene.token_items["hero"].setSelected(True)
    entry(window.context_menu_at(centre(9, 7)), "Take this exit").trigger()
    assert scenes.scene("crypt").encounter.tokens["hero"].position == (6, 4)
    window.document.undo_stack.undo()
    assert "hero" in window.document.encounter.tokens
    # edit: the marker follows; remove; undo brings it back
    exits.ask_exit = lambda choices, editing: ExitAnswer("tavern", "bar", "")
    entry(window.context_menu_at(centre(9, 7)), "Edit exit…").trigger()
    assert [m.text for m in markers(window)] == ["to Tavern"]
    assert scenes.scene("road").exits[0].to == "bar"
    entry(window.context_menu_at(centre(9, 7)), "Remove exit").trigger()
    assert markers(window) == [] and scenes.scene("road").exits == []
    window.document.undo_stack.undo()
    assert [m.text for m in markers(window)] == ["to Tavern"]
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert markers(window) == [] and scenes.scene("road").exits == []


def test_exit_markers_reach_no_players_output(make_window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    scenes = evening()
    scenes.scene("crypt").encounter.name = SECRET_SCENE
    window = make_window(scenes.scene("road").encounter)
    window.travel.exits.ask_exit = lambda choices, editing: ExitAnswer(
        "crypt", (1, 1), SECRET_LABEL
    )
    assert window.travel.exits.mark_at((4, 6)) is not None
    assert [m.text for m in markers(window)] == [f"to {SECRET_SCENE}"]
    outputs = window_outputs(window, tmp_path) + tv_outputs(window, qtbot, tmp_path)
    assert scan(outputs, (SECRET_SCENE, SECRET_LABEL), ()) == []
    player = window.player_controls.player_view
    assert not [i for i in player.scene.items() if isinstance(i, ExitMarker)]
    # hiding secrets on the GM's screen hides the markers too
    window.scene.set_player_filter(True)
    assert not markers(window)[0].isVisible()
    window.scene.set_player_filter(False)
    assert markers(window)[0].isVisible()


def test_spring_reveals_the_group_and_starts_the_procedure_at_its_first_step(make_window) -> None:  # type: ignore[no-untyped-def]
    scenes = evening()
    road = scenes.scene("road").encounter
    window = make_window(road)
    road.tokens["orc"].hidden = True
    encounters = window.travel.encounters
    encounters.ask_text = lambda title, label: "Ambush at the ford"
    window.scene.token_items["spy"].setSelected(True)
    window.scene.token_items["orc"].setSelected(True)
    entry(window.context_menu_at(centre(8, 1)), "Mark as an encounter…").trigger()
    (group,) = scenes.scene("road").groups
    assert (group.name, sorted(group.tokens)) == ("Ambush at the ford", ["orc", "spy"])
    asked = []

    def pick(choices, offered):  # type: ignore[no-untyped-def]
        asked.append([title for _, title in choices])
        return choices[offered][0]

    encounters.ask_procedure = pick
    menu = window.context_menu_at(centre(1, 4))
    entry(menu, "Spring Ambush at the ford").trigger()
    assert asked and "Thrum" in asked[0] and "Approximated Fray" not in asked[0]
    assert not road.tokens["spy"].hidden and not road.tokens["orc"].hidden
    assert road.procedure == "thrum"
    panel = window.ensure_panel()
    assert panel.header.title.text() != "No combat procedure"
    assert panel.view is not None
    statuses = [step.status for step in panel.view.steps]
    assert statuses[0] == "current" and "done" not in statuses  # at its first step
    assert window.document.undo_stack.undoText() == "Spring Ambush at the ford"
    window.travel.encounters.fill_menu(window.travel.encounters_menu)
    assert texts(window.travel.encounters_menu) == ["Ambush at the ford (sprung)"]
    window.document.undo_stack.undo()
    assert road.tokens["spy"].hidden and road.tokens["orc"].hidden and road.procedure is None
    window.travel.encounters.fill_menu(window.travel.encounters_menu)
    assert texts(window.travel.encounters_menu) == ["Spring Ambush at the ford"]

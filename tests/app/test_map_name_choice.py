"""Player view > Show the map's name to players: off for a file never ticked, one undo step
(the feature alone, on fake services)."""

from __future__ import annotations

from tactical.app.players.map_name_choice import ACTION_ID, install_map_name_choice
from tactical.app.window.plain_text import shown_text
from tactical.persistence import load_encounter

from .conftest import MAPS

CRYPT = MAPS / "crypt-fog.tactical.json"
THRUM = MAPS / "thrum.tactical.json"


def test_the_entry_is_off_for_the_crypt_and_one_undo_step_turns_it_on(make_services) -> None:  # type: ignore[no-untyped-def]
    window = make_services(load_encounter(CRYPT), CRYPT)
    choice = install_map_name_choice(window)  # kept, as the window keeps its features
    window.build()
    action = window.action_registry.action(ACTION_ID)
    assert action is choice.action
    menu = window.action_registry.menu("player")
    assert action in menu.actions()
    assert shown_text(action.text()) == "Show the map's name to players"
    assert action.isCheckable() and not action.isChecked()
    player = window.open_player_view()
    assert player.windowTitle() == "Player view"
    stack = window.document.undo_stack
    before = stack.count()
    action.trigger()
    assert window.document.encounter.show_name_to_players
    assert stack.count() == before + 1
    assert stack.undoText() == "Show the map's name to players"
    assert player.windowTitle() == "Crypt of the Hollow Saint — player view"
    stack.undo()
    assert not action.isChecked() and not window.document.encounter.show_name_to_players
    assert player.windowTitle() == "Player view"
    stack.redo()
    assert action.isChecked()


def test_the_entry_follows_the_file_opened(make_services) -> None:  # type: ignore[no-untyped-def]
    window = make_services(load_encounter(CRYPT), CRYPT)
    choice = install_map_name_choice(window)  # kept, as the window keeps its features
    action = window.action_registry.action(ACTION_ID)
    assert action is choice.action
    assert not action.isChecked()
    assert window.files.load_path(THRUM)  # an example whose name is no secret: shown
    assert action.isChecked()
    assert window.files.load_path(CRYPT)
    assert not action.isChecked()

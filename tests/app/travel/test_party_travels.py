"""The party between scenes: roster characters, Move to scene, its fog and its undo."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from tactical.app.scenes.travel.move_dialog import MoveChoice, MoveDialog, MoveRequest
from tactical.core.changes import GM
from tactical.core.commands.tokens import RemoveToken, SetFigure, SetStatus
from tactical.core.encounter import Encounter
from tactical.core.evening import Exit
from tactical.core.tokens import Token

from .evening import centre, entry, evening, texts


def fog_hides(encounter: Encounter, square: tuple[int, int]) -> bool:
    assert encounter.grid is not None
    return not encounter.fog.mask(encounter.grid)[square[1], square[0]]


def test_a_token_made_a_party_character_is_that_character_on_every_scene(make_window) -> None:  # type: ignore[no-untyped-def]
    scenes = evening()
    window = make_window(scenes.scene("road").encounter)
    menu = window.context_menu_at(centre(1, 1))
    entry(menu, "Make a party character").trigger()
    hero = window.document.encounter.tokens["hero"]
    assert hero.character == "hero" and scenes.roster["hero"].name == "Hero"
    assert "Make a party character" not in texts(window.context_menu_at(centre(1, 1)))
    section = window.travel.party_section
    assert not section.isHidden() and section.names() == ["Hero"]
    # the crypt's token of the hero is the hero: an edit here shows there
    crypt = scenes.scene("crypt").encounter
    crypt.add_token(scenes.roster["hero"].token("hero", (0, 0)))
    window.document.push(SetStatus("hero", "Blessed", 2), GM)
    assert crypt.tokens["hero"].statuses == {"Blessed": 2}
    window.document.undo_stack.undo()
    assert crypt.tokens["hero"].statuses == {}
    window.document.undo_stack.undo()  # the character unmade, in one step
    assert hero.character is None and scenes.roster == {}


def test_a_roster_character_is_placed_here_from_the_map_or_the_palette(make_window) -> None:  # type: ignore[no-untyped-def]
    scenes = evening()
    window = make_window(scenes.scene("road").encounter)
    window.travel.party.make_characters(["hero", "ally"])
    window.document.push(SetStatus("ally", "Hasted", 1), GM)
    window.document.push(RemoveToken("ally"), GM)  # the ally stands on no scene
    assert window.travel.party_section.names() == ["Hero", "Ally  (on no scene)"]
    menu = window.context_menu_at(centre(4, 6))
    entry(menu, "Ally").trigger()  # Place here > Ally
    placed = next(t for t in window.document.encounter.tokens.values() if t.name == "Ally")
    assert (placed.character, placed.position, placed.statuses) == ("ally", (4, 6), {"Hasted": 1})
    assert window.document.undo_stack.undoText() == "Place Ally"
    window.document.undo_stack.undo()
    section = window.travel.party_section
    assert section.names() == ["Hero", "Ally  (on no scene)"]
    section.list.setCurrentRow(1)
    section.place_button.click()
    assert any(t.character == "ally" for t in window.document.encounter.tokens.values())
    assert section.names() == ["Hero", "Ally"]


def test_placing_a_character_standing_on_another_scene_moves_it_here(make_window) -> None:  # type: ignore[no-untyped-def]
    scenes = evening()
    road, crypt = scenes.scene("road").encounter, scenes.scene("crypt").encounter
    window = make_window(road)
    window.travel.party.make_characters(["hero", "ally"])
    window.document.push(SetStatus("ally", "Hasted", 1), GM)
    window.document.push(SetFigure("ally", "hp", 7), GM)
    window.travel.moves.move(["ally"], "crypt", (2, 2))
    section = window.travel.party_section
    assert section.names() == ["Hero", "Ally  (on Crypt)"]
    entry(window.context_menu_at(centre(4, 6)), "Ally").trigger()  # Place here > Ally
    allies = [(s.id, t.position) for s, t in scenes.tokens_of("ally")]
    assert allies == [("road", (4, 6))]  # it stands on one scene: this one
    placed = next(t for t in road.tokens.values() if t.character == "ally")
    assert (placed.statuses, placed.figures) == ({"Hasted": 1}, {"hp": 7})
    assert section.names() == ["Hero", "Ally"]
    assert window.edit_menu.undo_action.text() == "&Undo Move Ally to Road"
    window.document.undo_stack.undo()  # one step puts it back on the crypt
    assert [(s.id, t.position) for s, t in scenes.tokens_of("ally")] == [("crypt", (2, 2))]
    assert "ally" in crypt.tokens and section.names() == ["Hero", "Ally  (on Crypt)"]
    section.list.setCurrentRow(1)
    section.place_button.click()  # Place on this scene
    assert [s.id for s, _ in scenes.tokens_of("ally")] == ["road"]
    window.document.undo_stack.undo()
    section.list.itemDoubleClicked.emit(section.list.item(1))  # a double-click
    assert [s.id for s, _ in scenes.tokens_of("ally")] == ["road"]


def test_a_party_character_is_dragged_from_the_palette_onto_a_square(make_window) -> None:  # type: ignore[no-untyped-def]
    scenes = evening()
    window = make_window(scenes.scene("road").encounter)
    window.travel.party.make_characters(["hero", "ally"])
    window.document.push(RemoveToken("ally"), GM)  # the ally stands on no scene
    section = window.travel.party_section
    assert section.names() == ["Hero", "Ally  (on no scene)"]
    hero, ally = section.list.item(0), section.list.item(1)
    assert not hero.flags() & Qt.ItemFlag.ItemIsDragEnabled  # already here
    assert ally.flags() & Qt.ItemFlag.ItemIsDragEnabled
    data = section.list.mimeData([ally])  # what the list's drag carries
    viewport = window.view.viewport()
    spot = QPointF(window.view.mapFromScene(centre(4, 6)))
    move = Qt.DropAction.MoveAction
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(spot.toPoint(), move, data, buttons, keys)
    QApplication.sendEvent(viewport, enter)
    assert enter.isAccepted()  # the map takes the character
    steps = window.document.undo_stack.count()
    QApplication.sendEvent(viewport, QDropEvent(spot, move, data, buttons, keys))
    placed = next(t for t in window.document.encounter.tokens.values() if t.name == "Ally")
    assert (placed.character, placed.position) == ("ally", (4, 6))
    assert placed.id in window.scene.token_items  # on the map
    assert section.names() == ["Hero", "Ally"]
    assert window.document.undo_stack.count() == steps + 1
    assert window.document.undo_stack.undoText() == "Place Ally"
    window.document.undo_stack.undo()
    assert not any(t.character == "ally" for t in window.document.encounter.tokens.values())


def test_move_to_scene_lands_on_exact_squares_with_statuses_and_one_undo(make_window) -> None:  # type: ignore[no-untyped-def]
    scenes = evening()
    road, crypt = scenes.scene("road").encounter, scenes.scene("crypt").encounter
    crypt.add_token(Token("rat", "Rat", "npcs", (3, 2)))
    window = make_window(road)
    window.document.push(SetStatus("hero", "Slowed", 2), GM)
    window.document.push(SetFigure("ally", "hp", 7), GM)
    asked = []

    def answer(request):  # type: ignore[no-untyped-def]
        asked.append(([s.name for s in request.scenes], request.selected, request.party))
        return MoveChoice(request.selected, "crypt", (3, 2))

    window.travel.moves.ask_move = answer
    for token_id in ("hero", "ally"):
        window.scene.token_items[token_id].setSelected(True)
    menu = window.context_menu_at(centre(1, 1))
    entry(menu, "Move to scene…").trigger()
    assert asked == [(["Crypt", "Tavern"], ["hero", "ally"], ["hero", "ally"])]
    # the rat holds (3, 2): the hero stands beside it, the ally beside the hero
    assert crypt.tokens["hero"].position == (2, 1)
    assert crypt.tokens["ally"].position == (3, 1)
    assert crypt.tokens["hero"].statuses == {"Slowed": 2}
    assert crypt.tokens["ally"].figures == {"hp": 7}
    assert set(road.tokens) == {"orc", "ogre", "spy"}
    assert set(window.scene.token_items) == {"orc", "ogre", "spy"}
    assert window.document.undo_stack.undoText() == "Move Hero and Ally to Crypt"
    window.document.undo_stack.undo()
    assert set(crypt.tokens) == {"rat"}
    assert road.tokens["hero"].position == (1, 1) and road.tokens["ally"].position == (3, 1)
    assert {"hero", "ally"} <= set(window.scene.token_items)
    window.document.undo_stack.redo()
    assert crypt.tokens["hero"].position == (2, 1)


def test_move_to_scenes_undo_names_who_moved(make_window) -> None:  # type: ignore[no-untyped-def]
    scenes = evening()
    window = make_window(scenes.scene("road").encounter)
    undo = window.document.undo_stack
    window.travel.moves.move(["hero"], "tavern", "door")
    assert window.edit_menu.undo_action.text() == "&Undo Move Hero to Tavern"
    undo.undo()
    window.travel.moves.move(["hero", "ally", "orc", "ogre"], "crypt", (0, 0))
    assert window.edit_menu.undo_action.text() == "&Undo Move Hero and 3 others to Crypt"


def test_an_area_map_takes_them_into_the_chosen_area(make_window) -> None:  # type: ignore[no-untyped-def]
    scenes = evening()
    window = make_window(scenes.scene("road").encounter)
    assert window.travel.moves.move(window.travel.moves.party(), "tavern", "door")
    tavern = scenes.scene("tavern").encounter
    assert tavern.tokens["hero"].area == "door" and tavern.tokens["ally"].area == "door"


def test_the_arrival_scenes_fog_opens_by_their_sight_with_reveal_after_move(  # type: ignore[no-untyped-def]
    make_window, qtbot
) -> None:
    scenes = evening()
    crypt = scenes.scene("crypt").encounter
    window = make_window(scenes.scene("road").encounter)
    window.document.push(SetFigure("hero", "sight", 2), GM)  # the hero sees 2 squares
    assert fog_hides(crypt, (1, 1))
    window.travel.moves.move(["hero"], "crypt", (1, 1))  # reveal after every move is off
    assert fog_hides(crypt, (1, 1))
    window.document.undo_stack.undo()
    crypt.fog.auto_reveal = True
    window.travel.moves.move(["hero"], "crypt", (1, 1))
    qtbot.waitUntil(lambda: not fog_hides(crypt, (1, 1)))
    assert not fog_hides(crypt, (3, 3))  # as far as the hero sees
    assert fog_hides(crypt, (4, 1))  # and not farther
    assert window.document.undo_stack.count() == 2  # the sight, then the move with its reveal
    window.document.undo_stack.undo()
    assert fog_hides(crypt, (1, 1)) and "hero" not in crypt.tokens
    assert window.document.encounter.tokens["hero"].position == (1, 1)


def test_move_to_scene_on_a_file_of_one_map_says_what_to_do(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    said: list[str] = []
    window.travel.services.say = said.append
    window.scene.token_items["hero"].setSelected(True)
    assert "Move to scene…" not in texts(window.context_menu_at(centre(1, 1)))
    assert not window.travel.moves.move_selected()
    assert "one scene" in said[-1]


def test_the_move_dialog_reads_a_square_an_area_or_an_exit(qtbot) -> None:  # type: ignore[no-untyped-def]
    scenes = evening()
    crypt = scenes.scene("crypt")
    crypt.encounter.add_token(Token("rat", "Rat", "npcs", (2, 3)))
    exit_ = Exit("trapdoor", (0, 0), "tavern", "bar", "Trap<b>door</b>")
    others = [crypt, scenes.scene("tavern")]
    names = {"crypt": "Crypt", "tavern": "Tavern"}
    dialog = MoveDialog(MoveRequest(["hero"], ["hero", "ally"], others, [exit_], names))
    qtbot.addWidget(dialog)
    dialog.picker.set_place((2, 3))
    assert dialog.picker.free.text() == "Taken: they arrive from column 1, row 2 on."
    picture = dialog.picker.picture  # a click on the small map picks its square
    click = picture.mapToGlobal(QPoint(int(5.5 * picture.scale), int(5.5 * picture.scale)))
    qtbot.mouseClick(picture, Qt.MouseButton.LeftButton, pos=picture.mapFromGlobal(click))
    assert (dialog.picker.column.value(), dialog.picker.row.value()) == (5, 5)
    assert picture.square == (5, 5)
    assert dialog.picker.free.text() == "That square is free."
    assert dialog.choice() == MoveChoice(["hero"], "crypt", (5, 5))
    dialog.party_button.setChecked(True)
    dialog.follow.setChecked(True)
    dialog.picker.pick_scene("tavern")
    assert dialog.picker.square_row.isHidden() and not dialog.picker.area.isHidden()
    dialog.picker.set_place("door")
    assert dialog.choice() == MoveChoice(["hero", "ally"], "tavern", "door", follow=True)
    assert dialog.exit.itemText(0) == "Trap<b>door</b>: to Tavern (bar)"
    dialog.via_exit.setChecked(True)
    assert not dialog.picker.isEnabled()
    assert dialog.choice() == MoveChoice(["hero", "ally"], "tavern", "bar", follow=True)


def test_edit_token_makes_a_party_character_with_its_edit_in_one_step(make_window) -> None:  # type: ignore[no-untyped-def]
    scenes = evening()
    window = make_window(scenes.scene("road").encounter)
    editor = window.token_edits.editor

    def tick(form):  # type: ignore[no-untyped-def]
        assert form.party is not None and not form.party.isChecked()
        form.name.setText("Orc chief")
        form.party.setChecked(True)
        return form.spec()

    editor.ask = tick
    entry(window.context_menu_at(centre(1, 4)), "Edit token…").trigger()
    orc = window.document.encounter.tokens["orc"]
    assert orc.character == "orc" and scenes.roster["orc"].name == "Orc chief"
    assert window.travel.party_section.names() == ["Orc chief"]
    window.document.undo_stack.undo()
    assert (orc.name, orc.character, scenes.roster) == ("Orc", None, {})
    window.document.undo_stack.redo()

    def untick(form):  # type: ignore[no-untyped-def]
        assert form.party is not None and form.party.isChecked()
        form.party.setChecked(False)
        return form.spec()

    editor.ask = untick
    editor.edit(["orc"])
    assert orc.character is None and "orc" in scenes.roster  # a one-off again; the roster keeps it


def test_an_area_scene_shows_its_picture_to_click_an_area_on(qtbot) -> None:  # type: ignore[no-untyped-def]
    scenes = evening()
    tavern = scenes.scene("tavern")
    dialog = MoveDialog(MoveRequest(["hero"], ["hero"], [tavern], [], {"tavern": "Tavern"}))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    picker, picture = dialog.picker, dialog.picker.picture
    assert picture.isVisible() and not picker.area.isHidden()  # the picture and the list

    def at(x: float, y: float) -> QPoint:
        return QPoint(
            int(picture.origin.x() + x * picture.scale), int(picture.origin.y() + y * picture.scale)
        )

    def colour(x: float, y: float) -> tuple[int, int, int]:
        pixel = picture.grab().toImage().pixelColor(at(x, y))
        return pixel.red(), pixel.green(), pixel.blue()

    floor = colour(6, 2.5)
    qtbot.mouseClick(picture, Qt.MouseButton.LeftButton, pos=at(10, 1.5))  # on the door
    assert picker.area.currentText() == "Door" and picture.area == "door"
    assert dialog.choice() == MoveChoice(["hero"], "tavern", "door")
    lit = colour(10, 2.5)
    assert lit != floor and lit[0] > lit[2] + 60  # the door lit in yellow, the floor not
    picker.area.setCurrentIndex(picker.area.findData("bar"))  # the list still picks
    assert picture.area == "bar" and colour(10, 2.5) == floor
    qtbot.mouseClick(picture, Qt.MouseButton.LeftButton, pos=QPoint(2, 2))  # off every area
    assert picker.area.currentText() == "Bar"

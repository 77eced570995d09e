"""The palette's picture names survive save and reopen, and undo: the file keeps them."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl

from tactical.app.map.geometry import CELL
from tactical.core.alignment import Alignment
from tactical.core.pictures import Picture, picture_id
from tactical.persistence import load_encounter, save_encounter
from tests.app.conftest import small_grid
from tests.app.test_palette import answer, drop, red_png

MARKS = ["Mark: Paw", "Mark: Shield", "Mark: Skull", "Mark: Sword"]


def shown_labels(window) -> list[str]:  # type: ignore[no-untyped-def]
    """The picture list as the GM reads it in the palette dock."""
    window.token_palette.dock.show()
    window.token_palette.refresh()
    pictures = window.token_palette.dock.pictures
    return [pictures.item(i).text() for i in range(pictures.count())]


def reopen(make_window, path: Path):  # type: ignore[no-untyped-def]
    return make_window(load_encounter(path), path)


def test_each_picture_keeps_its_name_after_save_and_reopen(make_window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = make_window(small_grid(), tmp_path / "fight.tactical.json")
    palette = window.token_palette
    palette.adder.ask = answer("Wolf")
    assert palette.add_from_file(red_png(tmp_path / "giant-wolf.png")) == "wolf"
    palette.adder.ask = answer("Boss")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(red_png(tmp_path / "goblin-boss.png", 32)))])
    drop(window, mime, QPointF(6.5 * CELL, 3.5 * CELL), Qt.KeyboardModifier.ShiftModifier)
    assert window.document.encounter.tokens["boss"].square == (6, 3)
    palette.dock.show()
    palette.dock.pictures.setCurrentRow(shown_labels(window).index("Mark: Skull"))
    palette.adder.ask = answer("Chief")
    assert palette.add_token() == "chief"
    before = shown_labels(window)
    assert before == ["Plain disc", "giant-wolf.png", "goblin-boss.png", *MARKS]
    assert window.files.save()

    saved = json.loads((tmp_path / "fight.tactical.json").read_text(encoding="utf-8"))
    assert saved["schema_version"] == 6  # saved as an evening of one scene
    assert [p["name"] for p in saved["scenes"][0]["pictures"]] == [
        "giant-wolf.png",
        "goblin-boss.png",
        "Skull",
    ]
    again = reopen(make_window, tmp_path / "fight.tactical.json")
    assert shown_labels(again) == before
    wolf = again.document.encounter.pictures[picture_id((tmp_path / "giant-wolf.png").read_bytes())]
    assert again.token_palette.adder.name_for(wolf) == "Giant wolf"  # the form proposes it again


def test_a_name_survives_undo_and_redo_after_reopen(make_window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = make_window(small_grid(), tmp_path / "fight.tactical.json")
    window.token_palette.adder.ask = answer("Wolf")
    assert window.token_palette.add_from_file(red_png(tmp_path / "giant-wolf.png")) == "wolf"
    assert window.files.save()
    again = reopen(make_window, tmp_path / "fight.tactical.json")
    assert shown_labels(again) == ["Plain disc", "giant-wolf.png", *MARKS]
    again.token_edits.remove_tokens(["wolf"])
    assert shown_labels(again) == ["Plain disc", *MARKS]  # no token wears it: not offered
    again.document.undo_stack.undo()
    assert shown_labels(again) == ["Plain disc", "giant-wolf.png", *MARKS]
    again.document.undo_stack.redo()
    again.document.undo_stack.undo()
    assert shown_labels(again) == ["Plain disc", "giant-wolf.png", *MARKS]


def test_a_numbered_picture_of_a_version_3_file_is_named_by_its_file_and_keeps_it(  # type: ignore[no-untyped-def]
    make_window, tmp_path
) -> None:
    knight = red_png(tmp_path / "knight.png").read_bytes()
    encounter = small_grid()
    encounter.pictures[picture_id(knight)] = Picture(picture_id(knight), data=knight)
    encounter.tokens["hero"].image = picture_id(knight)
    path = tmp_path / "old.tactical.json"
    save_encounter(encounter, path)
    text = path.read_text(encoding="utf-8").replace('"schema_version": 5,', '"schema_version": 3,')
    text = text.replace('  "show_name_to_players": false,\n', "")
    path.write_text(text, encoding="utf-8")  # as a version 3 app wrote it: no name

    window = reopen(make_window, path)
    assert shown_labels(window) == ["Plain disc", "Picture 1", *MARKS]
    window.token_palette.adder.ask = answer("Knight")
    assert window.token_palette.add_from_file(tmp_path / "knight.png") == "knight"
    assert shown_labels(window) == ["Plain disc", "knight.png", *MARKS]
    pictures = window.document.encounter.pictures
    assert pictures[picture_id(knight)].name == "knight.png"
    window.document.undo_stack.undo()  # the token and the name go back together
    assert pictures[picture_id(knight)].name == ""
    assert shown_labels(window) == ["Plain disc", "knight.png", *MARKS]  # the file chosen
    window.document.undo_stack.redo()
    assert pictures[picture_id(knight)].name == "knight.png"
    assert window.files.save()
    assert shown_labels(reopen(make_window, path)) == ["Plain disc", "knight.png", *MARKS]


def test_the_same_picture_chosen_under_another_file_name_keeps_its_first_name(  # type: ignore[no-untyped-def]
    make_window, tmp_path
) -> None:
    window = make_window(small_grid(), tmp_path / "fight.tactical.json")
    palette = window.token_palette
    palette.adder.ask = answer("Wolf")
    assert palette.add_from_file(red_png(tmp_path / "giant-wolf.png")) == "wolf"
    copy = tmp_path / "copy of wolf.png"
    copy.write_bytes((tmp_path / "giant-wolf.png").read_bytes())
    palette.adder.ask = answer("Wolf")
    assert palette.add_from_file(copy) == "wolf-2"
    assert shown_labels(window) == ["Plain disc", "giant-wolf.png", *MARKS]
    assert [p.name for p in window.document.encounter.pictures.values()] == ["giant-wolf.png"]


def test_a_new_map_from_a_picture_keeps_the_pictures_file_name(make_window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.backgrounds.ask_alignment = lambda image, guess, new, kind: (Alignment(0, 0, 16), "grid")
    assert window.backgrounds.new_map_from_file(red_png(tmp_path / "goblin-cave.png", 160))
    background = window.document.encounter.background
    assert background is not None
    assert window.document.encounter.pictures[background.picture].name == "goblin-cave.png"
    assert window.files.save_to(tmp_path / "cave.tactical.json")
    again = load_encounter(tmp_path / "cave.tactical.json")
    assert again.pictures[background.picture].name == "goblin-cave.png"


def test_a_file_name_with_a_line_break_names_its_picture_on_one_line(make_window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = make_window(small_grid(), tmp_path / "fight.tactical.json")
    window.token_palette.adder.ask = answer("Odd")
    assert window.token_palette.add_from_file(red_png(tmp_path / "odd\nname.png")) == "odd"
    assert shown_labels(window) == ["Plain disc", "odd name.png", *MARKS]
    assert window.files.save()  # the file takes the name (one line of text)
    assert shown_labels(reopen(make_window, tmp_path / "fight.tactical.json"))[1] == "odd name.png"

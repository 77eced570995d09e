"""The token palette: adds with pictures, copies, deletes, hides, sides; each one undo step."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QPointF, QSize, Qt, QUrl
from PySide6.QtGui import QColor, QDragEnterEvent, QDropEvent, QImage, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QStyleOptionGraphicsItem

from tactical.app.map.geometry import CELL
from tactical.app.map.scene.token_item import TokenItem
from tactical.app.tokens.palette.form import TokenForm
from tactical.app.tokens.palette.marks import ready_marks
from tactical.app.tokens.palette.spec import TokenSpec
from tactical.core.changes import GM
from tactical.core.commands import MoveToken
from tactical.core.pictures import Picture
from tactical.persistence import load_encounter, save_encounter
from tests.app.conftest import small_grid
from tests.app.settle import settle
from tests.app.test_pictures import png_header_only

RED = QColor("#d01010")


def red_png(path: Path, size: int = 64) -> Path:
    image = QImage(size, size, QImage.Format.Format_RGB32)
    image.fill(RED)
    assert image.save(str(path), "PNG")
    return path


def huge_png_header(path: Path) -> Path:
    """A PNG whose header says 20,000 x 20,000 pixels (its pixels are never there)."""
    path.write_bytes(png_header_only(20_000, 20_000))
    return path


def answer(name: str, *, side: int | None = None, size: int = 0, speed: int | None = None):  # type: ignore[no-untyped-def]
    def ask(form: TokenForm) -> TokenSpec:
        form.name.setText(name)
        if side is not None:
            form.side.setCurrentIndex(side)
        form.size_choice.setCurrentIndex(size)
        if speed is not None:
            form.speed.setValue(speed)
        return form.spec()

    return ask


def item_pixels(item: TokenItem) -> QImage:
    """The item drawn alone at scale 1 into an image the size of its disc box."""
    d = int(item.diameter)
    image = QImage(d, d, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    item.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    return image


def test_a_token_from_a_picture_file_is_one_undo_step_and_draws_the_picture(  # type: ignore[no-untyped-def]
    make_window, tmp_path
) -> None:
    window = make_window()
    palette = window.token_palette
    document = window.document
    palette.adder.ask = answer("Goblin")
    token_id = palette.add_from_file(red_png(tmp_path / "goblin.png"))
    assert token_id == "goblin"
    token = document.encounter.tokens["goblin"]
    assert token.image in document.encounter.pictures
    assert (token.side, token.speed, token.size) == ("npcs", 6, 1)
    image = item_pixels(window.scene.token_items["goblin"])
    centre = image.pixelColor(image.width() // 2, image.height() // 2)
    assert (centre.red(), centre.green(), centre.blue()) == (RED.red(), RED.green(), RED.blue())
    ring = image.pixelColor(int(CELL * 0.06) + 1, image.height() // 2)  # the side's ring
    assert ring.red() > 150 and ring.blue() < 120  # the NPCs' red-orange, not the picture
    assert document.undo_stack.undoText() == "Add Goblin"
    document.undo_stack.undo()
    assert document.encounter.pictures == {} and "goblin" not in document.encounter.tokens


def test_a_plain_disc_and_the_ready_made_marks(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    palette = window.token_palette
    labels = [c.label for c in palette.adder.picture_choices()]
    assert labels[0] == "Plain disc"
    assert {"Mark: Paw", "Mark: Shield", "Mark: Skull", "Mark: Sword"} <= set(labels)
    palette.dock.pictures.setCurrentRow(0)
    palette.adder.ask = answer("Giant rat", size=1, speed=4)
    token_id = palette.add_token()
    assert token_id is not None
    rat = window.document.encounter.tokens[token_id]
    assert (rat.image, rat.size, rat.speed, rat.side) == (None, 2, 4, "npcs")
    assert window.document.encounter.occupants()[rat.square] == rat.id  # type: ignore[index]


def test_the_palette_and_its_form_still_answer_qts_palette_and_size(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Their widgets once sat on QWidget.palette and QWidget.size, so Qt's own calls failed."""
    window = make_window()
    assert isinstance(window.token_palette.dock.palette(), QPalette)
    form = TokenForm(None, window.document.encounter, side="npcs", speed=6, pictures=[])
    qtbot.addWidget(form)
    assert isinstance(form.size(), QSize)
    assert form.size_choice.itemText(1) == "2 x 2"


def test_duplicate_takes_the_next_free_number(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    palette = window.token_palette
    encounter = window.document.encounter
    new = palette.duplicate(["orc"])
    assert [encounter.tokens[t].name for t in new] == ["Orc 2"]
    new = palette.duplicate(["orc"])
    assert [encounter.tokens[t].name for t in new] == ["Orc 3"]
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert [t.name for t in encounter.tokens.values()].count("Orc 2") == 0
    palette.adder.ask = answer("Goblin 1")
    palette.add_token()
    palette.adder.ask = answer("Goblin 3")
    palette.add_token()
    two = palette.duplicate(["goblin-1", "goblin-3"])
    assert [encounter.tokens[t].name for t in two] == ["Goblin 2", "Goblin 4"]
    squares = [encounter.tokens[t].square for t in two]
    assert len(set(squares)) == 2 and None not in squares  # beside, not on top of, others
    assert window.document.undo_stack.undoText() == "Duplicate 2 tokens"


def test_delete_and_hide_from_the_palette(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.token_palette.dock.show()  # a hidden palette fills its lists when shown
    palette = window.token_palette
    encounter = window.document.encounter
    palette.toggle_hidden(["orc"])
    assert encounter.tokens["orc"].hidden
    rows = [palette.dock.tokens.item(i).text() for i in range(palette.dock.tokens.count())]
    assert "Orc  (hidden)" in rows
    palette.delete(["orc", "ally"])
    assert "orc" not in encounter.tokens and "ally" not in encounter.tokens
    window.document.undo_stack.undo()
    assert encounter.tokens["orc"].hidden and "ally" in encounter.tokens
    window.document.undo_stack.undo()
    assert not encounter.tokens["orc"].hidden


def test_sides_added_renamed_and_recoloured_with_undo(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.token_palette.dock.show()  # a hidden palette fills its lists when shown
    palette = window.token_palette
    encounter = window.document.encounter
    palette.ask_text = lambda title, label, text: "Rat swarm"
    palette.ask_colour = lambda colour: "#228b22"
    palette.add_side_dialog()
    assert encounter.sides["rat-swarm"].color == "#228b22"
    assert palette.dock.sides.itemText(2) == "Rat swarm"
    palette.ask_text = lambda title, label, text: "Orcs of the Pass"
    palette.rename_side_dialog("npcs")
    assert encounter.sides["npcs"].name == "Orcs of the Pass"
    palette.ask_colour = lambda colour: "#00ff00"
    palette.recolour_side_dialog("npcs")
    assert window.scene.token_items["orc"].look.colour == QColor("#00ff00")
    stack = window.document.undo_stack
    assert stack.undoText() == "Recolour side"
    stack.undo()
    assert window.scene.token_items["orc"].look.colour != QColor("#00ff00")
    stack.undo()
    assert encounter.sides["npcs"].name == "Non-player characters"
    stack.undo()
    assert "rat-swarm" not in encounter.sides
    palette.ask_text = lambda title, label, text: "x" * 201
    palette.add_side_dialog()
    assert "rat-swarm" not in encounter.sides and len(encounter.sides) == 2


def test_an_oversized_picture_is_refused_and_changes_nothing(make_window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    before = window.document.undo_stack.count()
    asked: list[TokenForm] = []
    window.token_palette.adder.ask = lambda form: asked.append(form)  # type: ignore[func-returns-value]
    assert window.token_palette.add_from_file(huge_png_header(tmp_path / "huge.png")) is None
    assert asked == [] and window.document.encounter.pictures == {}
    assert window.document.undo_stack.count() == before
    assert window.statusBar().currentMessage() == (
        "Refused: huge.png is 20000 x 20000 pixels; tactical opens pictures up to "
        "16,384 pixels a side."
    )


def test_twenty_goblins_share_one_picture_through_save_and_reload(  # type: ignore[no-untyped-def]
    make_window, tmp_path
) -> None:
    window = make_window()
    palette = window.token_palette
    palette.adder.ask = answer("Goblin 1")
    first = palette.add_from_file(red_png(tmp_path / "goblin.png"))
    assert first is not None
    for _ in range(19):
        palette.duplicate([first])
    encounter = window.document.encounter
    goblins = [t for t in encounter.tokens.values() if t.name.startswith("Goblin")]
    assert len(goblins) == 20 and goblins[-1].name == "Goblin 20"
    saved = tmp_path / "goblins.tactical.json"
    save_encounter(encounter, saved)
    again = load_encounter(saved)
    assert len(again.pictures) == 1
    assert {t.image for t in again.tokens.values() if t.name.startswith("Goblin")} == {
        goblins[0].image
    }
    reopened = make_window(again, saved)
    pictures = [reopened.scene.token_items[t.id].look.picture for t in goblins]
    assert all(p is not None and not p.isNull() for p in pictures)
    assert len({p.cacheKey() for p in pictures if p is not None}) == 1  # scaled once


def test_a_picture_path_out_of_the_folder_draws_the_disc_and_is_said_once(  # type: ignore[no-untyped-def]
    make_window, tmp_path
) -> None:
    encounter = small_grid()
    encounter.pictures["sneaky"] = Picture("sneaky", path="../../etc/passwd")
    encounter.pictures["absolute"] = Picture("absolute", path="/etc/passwd")
    encounter.tokens["orc"].image = "sneaky"
    encounter.tokens["ogre"].image = "absolute"
    said: list[str] = []
    from tactical.app.window.main_window import MainWindow

    original = MainWindow.say
    MainWindow.say = lambda self, text: said.append(text)  # type: ignore[method-assign]
    try:
        window = make_window(encounter, tmp_path / "sent.tactical.json")
        window.document.push(MoveToken("orc", (2, 4)), GM)  # a redraw does not say it again
    finally:
        MainWindow.say = original  # type: ignore[method-assign]
    assert window.scene.token_items["orc"].look.picture is None
    assert window.scene.token_items["ogre"].look.picture is None
    problems = [text for text in said if text.startswith("Token picture")]
    # One message, so the second picture does not hide the first.
    assert problems == [
        "Token picture /etc/passwd not shown (its path is an absolute path; use a path relative "
        "to the encounter's folder): Ogre shows initials. "
        "Token picture ../../etc/passwd not shown (its path leaves the encounter's folder ('..')):"
        " Orc shows initials."
    ]


def test_a_missing_token_picture_is_said_when_the_file_opens(make_window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    encounter = small_grid()
    encounter.pictures["hero"] = Picture("hero", path="hero.png", name="hero.png")
    encounter.tokens["orc"].image = "hero"
    encounter.tokens["ogre"].image = "hero"
    path = tmp_path / "missing.tactical.json"
    save_encounter(encounter, path)
    window = make_window()
    assert window.files.open_path(path)
    shown = window.statusBar().currentMessage()
    assert shown.startswith("Token picture hero.png not shown (")
    assert shown.endswith(": Ogre, Orc show initials.")
    said: list[str] = []
    window.statusBar().messageChanged.connect(said.append)
    window.document.push(MoveToken("orc", (2, 4)), GM)  # a redraw does not say it again
    assert not [text for text in said if "Token picture" in text]
    assert window.files.open_path(path)  # opened again: said again
    assert window.statusBar().currentMessage() == shown


def drop(window, mime: QMimeData, at: QPointF, modifiers: Qt.KeyboardModifier) -> None:  # type: ignore[no-untyped-def]
    """Drag ``mime`` over the map and drop it at the scene point ``at``."""
    viewport = window.view.viewport()
    point = window.view.mapFromScene(at)
    enter = QDragEnterEvent(
        point, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, modifiers
    )
    QApplication.sendEvent(viewport, enter)
    assert enter.isAccepted()
    event = QDropEvent(
        QPointF(point), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, modifiers
    )
    QApplication.sendEvent(viewport, event)


def test_a_picture_dropped_with_shift_becomes_a_token_there(make_window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.token_palette.adder.ask = answer("Goblin")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(red_png(tmp_path / "goblin-boss.png")))])
    drop(window, mime, QPointF(6.5 * CELL, 3.5 * CELL), Qt.KeyboardModifier.ShiftModifier)
    token = window.document.encounter.tokens["goblin"]
    assert token.square == (6, 3) and token.image is not None
    window.token_palette.dock.toggleViewAction().trigger()  # View > Token palette
    assert window.token_palette.dock.isVisible()
    assert window.settings.value("palette/shown", type=bool) is True
    window.token_palette.dock.drop_tokens.setChecked(True)
    drop(window, mime, QPointF(4.5 * CELL, 6.5 * CELL), Qt.KeyboardModifier.NoModifier)
    assert window.document.encounter.tokens["goblin-2"].square == (4, 6)
    assert len(window.document.encounter.pictures) == 1


def test_the_examples_goblins_wear_the_skull_mark(make_window) -> None:  # type: ignore[no-untyped-def]
    from tactical.data import mark_png
    from tests.app.conftest import MAPS

    for name, goblins in (("hillside-ruin", 6), ("side-initiative", 5)):
        path = MAPS / f"{name}.tactical.json"
        encounter = load_encounter(path)
        assert [p.data for p in encounter.pictures.values()] == [mark_png("skull")]
        wearing = [t for t in encounter.tokens.values() if t.image is not None]
        assert len(wearing) == goblins and all("oblin" in t.side + t.name for t in wearing)
        window = make_window(encounter, path)
        assert all(window.scene.token_items[t.id].look.picture is not None for t in wearing)
        labels = [c.label for c in window.token_palette.adder.picture_choices()]
        assert labels.count("Mark: Skull") == 1  # the same picture, offered once by its name


def test_snapshots_and_the_player_view_draw_the_same_picture(make_window, tmp_path, qtbot) -> None:  # type: ignore[no-untyped-def]
    from tactical.app.panel.public_view import PublicTracker
    from tactical.app.players.player_view import PlayerView
    from tactical.app.snapshot.map_drawing import make_scene

    window = make_window()
    window.token_palette.adder.ask = answer("Goblin")
    token_id = window.token_palette.add_from_file(red_png(tmp_path / "goblin.png"))
    assert token_id is not None
    mine = window.scene.token_items[token_id].look.picture
    paper = make_scene(window.document, "players").token_items[token_id].look.picture
    view = PlayerView(window.document, tracker=PublicTracker(window.document))
    qtbot.addWidget(view)
    players = view.scene.token_items[token_id].look.picture
    assert mine is not None and paper is not None and players is not None
    assert mine.cacheKey() == paper.cacheKey()  # one scaled copy for the GM's scene and prints
    # the TV keeps its own copies: it reads the scene shown to players, maybe another scene,
    # whose picture ids may name other pictures; the same picture all the same
    assert mine.toImage() == players.toImage()


def test_the_form_asks_the_figures_the_active_rules_track(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.document.encounter.procedure = "side-initiative"
    labels: list[str] = []

    def ask(form: TokenForm) -> TokenSpec:
        labels.extend(form.figures)
        form.name.setText("Giant rat")
        form.figures["hp"].setText("3")
        form.figures["missile"].setText("20/40/60")
        return form.spec()

    window.token_edits.adder.ask = ask
    token_id = window.token_edits.add_token_at((4, 6))
    assert labels == ["hp", "max_hp", "speed_ft", "morale", "missile"]
    rat = window.document.encounter.tokens[token_id or ""]
    assert rat.figures == {"hp": 3, "missile": "20/40/60"}
    assert (rat.side, rat.speed) == ("npcs", 6)


def test_the_form_refuses_a_token_without_a_name(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    form = window.token_edits.adder.form()
    qtbot.addWidget(form)
    form.show()
    form._accept()
    assert form.result() == 0 and form.isVisible()
    assert form.problem.text() == "Refused: a token needs a name."
    settle(qtbot, form)  # the layout places the shown line
    under = form.problem.geometry().top() - form.name.geometry().bottom()
    assert form.problem.isVisibleTo(form) and 0 <= under < 20  # right under the name
    form.name.setText("Rat")
    assert not form.problem.isVisibleTo(form)  # fixed: the refusal goes
    form._accept()
    assert form.result() == 1


def test_the_token_list_follows_the_map_selection_and_back(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.token_palette.dock.show()  # a hidden palette fills its lists when shown
    dock = window.token_palette.dock
    window.scene.token_items["orc"].setSelected(True)
    assert dock.selected_ids() == ["orc"]
    for row in range(dock.tokens.count()):
        item = dock.tokens.item(row)
        item.setSelected(item.text() == "Ally")
    assert window.token_edits.selected() == ["ally"]


def test_a_hidden_palette_fills_its_lists_when_shown(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    dock = window.token_palette.dock
    assert not dock.isVisible() and dock.tokens.count() == 0
    window.token_palette.duplicate(["orc"])
    window.findChild(type(dock)).toggleViewAction().trigger()
    names = [dock.tokens.item(i).text() for i in range(dock.tokens.count())]
    assert names == ["Hero", "Ally", "Orc", "Ogre", "Spy  (hidden)", "Orc 2"]


def test_a_picture_keeps_the_name_the_gm_or_the_file_gave_it_once_tokens_wear_it(  # type: ignore[no-untyped-def]
    make_window, tmp_path
) -> None:
    window = make_window()
    palette = window.token_palette
    palette.adder.ask = answer("Goblin")
    assert palette.add_from_file(red_png(tmp_path / "goblin.png")) == "goblin"
    skull = [c.label for c in palette.adder.picture_choices()].index("Mark: Skull")
    palette.dock.show()
    palette.dock.pictures.setCurrentRow(skull)
    palette.adder.ask = answer("Orc chief")
    chief = palette.add_token()
    assert chief is not None
    labels = [c.label for c in palette.adder.picture_choices()]
    assert labels.count("goblin.png") == 1 and labels.count("Mark: Skull") == 1
    assert not [label for label in labels if label.endswith("'s picture")]
    window.document.push(MoveToken("goblin", (5, 5)), GM)  # tokens change: names do not
    window.document.undo_stack.undo()
    shown = [palette.dock.pictures.item(i).text() for i in range(palette.dock.pictures.count())]
    assert shown == labels and shown.index("Mark: Skull") == skull  # it stays where it was


def test_pictures_of_a_reopened_file_are_named_by_their_file_or_numbered_and_kept(  # type: ignore[no-untyped-def]
    make_window, tmp_path
) -> None:
    from tactical.core.commands import SetTokenField
    from tactical.core.pictures import picture_id

    encounter = small_grid()
    red = red_png(tmp_path / "red.png").read_bytes()
    encounter.pictures["chief"] = Picture("chief", path="art/orc-chief.png")
    encounter.pictures[picture_id(red)] = Picture(picture_id(red), data=red)
    encounter.tokens["orc"].image = "chief"
    encounter.tokens["ogre"].image = picture_id(red)
    window = make_window(encounter, tmp_path / "reopened.tactical.json")
    labels = [c.label for c in window.token_palette.adder.picture_choices()]
    assert labels[:3] == ["Plain disc", "orc-chief.png", "Picture 1"]
    window.document.push(SetTokenField("ogre", "name", "Ogre boss"), GM)
    again = [c.label for c in window.token_palette.adder.picture_choices()]
    assert again == labels


def test_the_palette_shown_stays_shown_after_the_window_closes(make_window, settings) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.token_palette.dock.toggleViewAction().trigger()  # View > Token palette
    assert settings.value("palette/shown", type=bool) is True
    window.files.ask_unsaved = lambda: "discard"
    window.close()
    assert settings.value("palette/shown", type=bool) is True  # it opens shown next time
    again = make_window()
    assert again.token_palette.dock.isVisible()
    again.token_palette.dock.close()  # the dock's own close button
    assert settings.value("palette/shown", type=bool) is False


def test_a_numbered_picture_takes_the_file_name_the_gm_chooses_it_by(  # type: ignore[no-untyped-def]
    make_window, tmp_path
) -> None:
    from tactical.core.pictures import picture_id

    encounter = small_grid()
    red = red_png(tmp_path / "knight.png").read_bytes()
    encounter.pictures[picture_id(red)] = Picture(picture_id(red), data=red)
    encounter.tokens["hero"].image = picture_id(red)
    window = make_window(encounter, tmp_path / "reopened.tactical.json")
    palette = window.token_palette
    assert [c.label for c in palette.adder.picture_choices()][1] == "Picture 1"
    palette.adder.ask = answer("Knight")
    assert palette.add_from_file(tmp_path / "knight.png") is not None
    labels = [c.label for c in palette.adder.picture_choices()]
    assert labels.count("knight.png") == 1 and "Picture 1" not in labels
    assert palette.adder.choose_file(red_png(tmp_path / "paladin.png")) is not None
    assert "knight.png" in [c.label for c in palette.adder.picture_choices()]  # a name stays


def test_the_picture_the_gm_picked_stays_picked_when_the_list_grows(  # type: ignore[no-untyped-def]
    make_window, tmp_path
) -> None:
    window = make_window()
    palette = window.token_palette
    palette.dock.show()
    skull = [c.label for c in palette.adder.picture_choices()].index("Mark: Skull")
    palette.dock.pictures.setCurrentRow(skull)
    palette.adder.ask = answer("Knight")
    assert palette.add_from_file(red_png(tmp_path / "knight.png")) is not None  # one more
    current = palette.dock.pictures.currentItem().text()
    assert current == "Mark: Skull"
    palette.adder.ask = answer("Goblin")
    goblin = palette.add_token()  # "Add token…" with what is picked
    assert goblin is not None
    assert window.document.encounter.tokens[goblin].image == dict(ready_marks())["Skull"].id


def test_two_pictures_dropped_with_shift_make_one_token_and_say_so(make_window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.token_palette.adder.ask = answer("Goblin")
    mime = QMimeData()
    mime.setUrls(
        [
            QUrl.fromLocalFile(str(red_png(tmp_path / "goblin.png"))),
            QUrl.fromLocalFile(str(red_png(tmp_path / "wolf.png", 32))),
        ]
    )
    before = len(window.document.encounter.tokens)
    drop(window, mime, QPointF(6.5 * CELL, 3.5 * CELL), Qt.KeyboardModifier.ShiftModifier)
    assert window.document.encounter.tokens["goblin"].square == (6, 3)
    assert len(window.document.encounter.tokens) == before + 1
    assert window.statusBar().currentMessage() == (
        "2 files were dropped: only goblin.png was used (drop one file at a time)."
    )


def test_the_copies_are_selected_and_named_after_duplicate(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    palette = window.token_palette
    palette.dock.show()
    new = palette.duplicate(["orc", "ogre"])
    assert sorted(window.token_edits.selected()) == sorted(new)  # a drag moves the copies
    assert sorted(palette.dock.selected_ids()) == sorted(new)
    assert window.statusBar().currentMessage() == "Added Orc 2, Ogre 2."


def test_a_picture_from_a_file_proposes_its_name_in_the_form(make_window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    palette = window.token_palette
    palette.dock.show()
    assert palette.adder.choose_file(red_png(tmp_path / "giant-wolf.png")) is not None
    palette.refresh()
    names: list[str] = []

    def ask(form: TokenForm) -> None:
        names.append(form.name.text())

    palette.adder.ask = ask  # type: ignore[assignment]
    palette.dock.pictures.setCurrentRow(
        [c.label for c in palette.adder.picture_choices()].index("giant-wolf.png")
    )
    palette.add_token()  # double-click or Add token… with the file's picture picked
    palette.dock.pictures.setCurrentRow(0)
    palette.add_token()  # a plain disc: no name to propose
    assert names == ["Giant wolf", ""]


def test_the_plain_disc_is_offered_as_a_disc(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    palette = window.token_palette
    palette.dock.show()
    item = palette.dock.pictures.item(0)
    assert item.text() == "Plain disc"
    image = item.icon().pixmap(palette.dock.pictures.iconSize()).toImage()
    assert (image.width(), image.height()) == (40, 40)  # as big as the pictures beside it
    assert image.pixelColor(20, 20).alpha() == 255  # a disc: filled in the middle,
    assert image.pixelColor(1, 1).alpha() == 0  # empty in the corners

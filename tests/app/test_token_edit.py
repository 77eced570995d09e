"""Edit token…: the add form filled from the token, one undo step; several tokens at once;
double-clicks and the D key on the map (on fake services; the palette's Edit and the
double-click's ping to the TV, which need the whole window, are in test_menu_declarations.py)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QDialogButtonBox

from tactical.app.map.geometry import CELL
from tactical.app.tokens.palette.edit_spec import KEEP, ManyEdit
from tactical.app.tokens.palette.form import TokenForm
from tactical.app.tokens.palette.many_form import ManyTokensForm
from tactical.app.tokens.palette.marks import ready_marks
from tactical.app.tokens.palette.spec import TokenSpec
from tactical.core.grid import Wall
from tactical.persistence import load_encounter
from tactical.persistence.examples import examples_dir
from tactical.share.public import panel_view

from .conftest import small_grid
from .services_kit import ShowsMap
from .wall_line_encounter import DOOR_INDEX, DOOR_MIDDLE, crypt


def _at(services: ShowsMap, x: float, y: float) -> QPoint:
    return services.view.mapFromScene(QPointF(x * CELL, y * CELL))


def test_the_edit_form_shows_the_token_and_one_undo_step_changes_every_field(  # type: ignore[no-untyped-def]
    make_services,
) -> None:
    services = make_services()
    services.install_editing()  # the map's gestures: double-clicks, D
    services.document.encounter.procedure = "side-initiative"
    editor = services.token_edits.editor
    seen: dict[str, object] = {}
    mark = ready_marks()[0][1]

    def ask(form: TokenForm) -> TokenSpec:
        seen.update(
            name=form.name.text(),
            side=form.side.currentText(),
            size=form.size_choice.currentText(),
            speed=form.speed.value(),
            title=form.windowTitle(),
            ok=form.buttons.button(QDialogButtonBox.StandardButton.Ok).text(),
        )
        form.name.setText("Orc chief")
        form.side.setCurrentIndex(0)  # pcs: a turncoat
        form.size_choice.setCurrentIndex(1)
        form.speed.setValue(5)
        form.picture.setCurrentIndex(
            next(i for i, c in enumerate(form._pictures) if c.picture == mark)
        )
        form.hidden.setChecked(True)
        form.sight.setText("6")
        form.figures["hp"].setText("12")
        return form.spec()

    editor.ask = ask
    assert editor.edit(["orc"])
    assert seen == {
        "name": "Orc",
        "side": "Non-player characters",
        "size": "1 x 1",
        "speed": 6,
        "title": "Edit token: Orc",
        "ok": "Save",
    }
    orc = services.document.encounter.tokens["orc"]
    assert (orc.name, orc.side, orc.size, orc.speed, orc.hidden) == ("Orc chief", "pcs", 2, 5, True)
    assert orc.image == mark.id and mark.id in services.document.encounter.pictures
    assert orc.figures == {"sight": 6, "hp": 12}
    stack = services.document.undo_stack
    assert stack.count() == 1 and stack.undoText() == "Edit Orc chief"
    stack.undo()
    assert (orc.name, orc.side, orc.size, orc.speed, orc.hidden) == ("Orc", "npcs", 1, 6, False)
    assert orc.image is None and orc.figures == {}


def test_an_untouched_form_changes_nothing_and_a_size_off_the_map_is_refused(  # type: ignore[no-untyped-def]
    make_services,
) -> None:
    services = make_services()
    services.install_editing()  # the map's gestures: double-clicks, D
    services.document.encounter.tokens["ogre"].figures = {"hp": "lots", "x": True}
    editor = services.token_edits.editor
    said: list[str] = []
    editor.say = said.append
    editor.ask = lambda form: form.spec()
    assert not editor.edit(["ogre"])
    assert said == ["Nothing changed."] and services.document.undo_stack.count() == 0

    def grow(form: TokenForm) -> TokenSpec:
        form.size_choice.setCurrentIndex(2)  # 3 x 3 at (8, 1) on a 10 x 8 grid
        return form.spec()

    editor.ask = grow
    assert not editor.edit(["spy"])
    assert said[-1] == "Refused: a 3 x 3 token does not fit on the map there."
    form = editor.form_for("spy")
    form.size_choice.setCurrentIndex(2)
    form._accept()
    assert form.problem.text() == "Refused: a 3 x 3 token does not fit on the map there."
    row, _role = form._form.getWidgetPosition(form.problem)
    assert row == form._form.getWidgetPosition(form.size_choice)[0] + 1  # under the size


def test_several_tokens_change_side_hidden_and_picture_in_one_undo_step(make_services) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    services.install_editing()  # the map's gestures: double-clicks, D
    editor = services.token_edits.editor
    mark = ready_marks()[1][1]

    def ask(form: ManyTokensForm) -> ManyEdit:
        assert form.side.currentText() == "Keep each token's side"  # pcs and npcs
        assert form.hidden.checkState() == Qt.CheckState.PartiallyChecked  # spy is hidden
        form.side.setCurrentIndex(2)  # npcs
        form.hidden.setCheckState(Qt.CheckState.Checked)
        form.picture.setCurrentIndex(
            next(i for i, c in enumerate(form._pictures) if c.picture == mark) + 1
        )
        return form.edit()

    editor.ask_many = ask
    assert editor.edit(["hero", "orc", "spy"])
    tokens = services.document.encounter.tokens
    assert [
        (tokens[t].side, tokens[t].hidden, tokens[t].image) for t in ("hero", "orc", "spy")
    ] == [("npcs", True, mark.id)] * 3
    assert tokens["ally"].side == "pcs" and tokens["ally"].image is None
    stack = services.document.undo_stack
    assert stack.count() == 1 and stack.undoText() == "Edit 3 tokens"
    stack.undo()
    assert [
        (tokens[t].side, tokens[t].hidden, tokens[t].image) for t in ("hero", "orc", "spy")
    ] == [
        ("pcs", False, None),
        ("npcs", False, None),
        ("npcs", True, None),
    ]
    editor.ask_many = lambda form: form.edit()  # OK on the untouched form
    assert not editor.edit(["hero", "orc"])
    assert editor.ask_many(editor.many_form(["hero", "orc"])) == ManyEdit(None, None, KEEP)  # type: ignore[arg-type]


def test_a_door_opens_with_a_double_click_or_d_over_it(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    encounter = small_grid()
    grid = encounter.grid
    assert grid is not None
    grid.walls[((1, 1), (2, 1))] = Wall(door=True)
    services = make_services(encounter)
    services.install_editing()  # the map's gestures: double-clicks, D
    viewport = services.view.viewport()
    qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=_at(services, 2.0, 1.6))
    assert grid.walls[((1, 1), (2, 1))] == Wall(door=True, open=True)
    assert services.document.undo_stack.undoText() == "Open door"
    qtbot.mouseMove(viewport, _at(services, 1.97, 1.3))
    services.map_gestures.door_key()
    assert grid.walls[((1, 1), (2, 1))] == Wall(door=True)
    assert services.document.undo_stack.count() == 2
    qtbot.mouseMove(viewport, _at(services, 4.5, 6.5))
    services.map_gestures.door_key()
    assert services.document.undo_stack.count() == 2
    assert services.host.statusBar().currentMessage().startswith("No door under the mouse")
    assert services.map_gestures.door_action.shortcut().toString() == "D"


def test_a_double_click_on_a_door_line_opens_it_once(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = make_services(crypt())
    services.install_editing()  # the map's gestures: double-clicks, D
    grid = services.document.encounter.grid
    assert grid is not None
    point = _at(services, *DOOR_MIDDLE)
    viewport = services.view.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=point)  # a double-click's first
    qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=point)  # QTest sends only this
    assert grid.wall_lines[DOOR_INDEX].open
    assert services.document.undo_stack.count() == 1
    services.map_gestures.toggle_door_at(QPointF(DOOR_MIDDLE[0] * CELL, DOOR_MIDDLE[1] * CELL))
    assert not grid.wall_lines[DOOR_INDEX].open


def test_the_form_shows_the_figures_the_panel_shows_and_leaves_them_alone(  # type: ignore[no-untyped-def]
    make_services,
) -> None:
    """Issue 34: under Thrum, crypt-fog's Bram has no figures, the combat table shows 5 for his
    tolerances, and the form showed them blank ("optional"). It shows the panel's values now, and
    OK with the form untouched writes none of them."""
    encounter = load_encounter(examples_dir() / "crypt-fog.tactical.json")
    encounter.procedure = "thrum"
    services = make_services(encounter)
    services.install_editing()  # the map's gestures: double-clicks, D
    view = panel_view(services.document.encounter)
    assert view is not None
    row = next(c for c in view.combatants if c.token_id == "bram")
    form = services.token_edits.editor.form_for("bram")
    shown = {key: edit.text() for key, edit in form.figures.items()}
    assert shown == row.figures
    assert shown["fatigue_tolerance"] == shown["stress_tolerance"] == "5"
    assert form.spec().figures == {}

"""Adding and removing tokens, hiding them, statuses, removing templates: each one undo step
(the token edits and the right-click menu on fake services; H and Delete are in
test_shortcuts.py)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from tactical.app.encounter.limits import MAX_ID
from tactical.app.map.geometry import CELL
from tactical.app.tokens.token_edits import parse_status
from tactical.core.changes import GM
from tactical.core.commands import PlaceTemplate
from tactical.core.templates import Template
from tactical.core.token_names import new_id


def centre(col: int, row: int) -> QPointF:
    return QPointF((col + 0.5) * CELL, (row + 0.5) * CELL)


def test_parse_status() -> None:
    assert parse_status("Slowed 2") == ("Slowed", 2)
    assert parse_status("  Dazed ") == ("Dazed", 1)
    assert parse_status("Level 3 drain 0") == ("Level 3 drain", 1)
    assert parse_status("") is None


def test_new_ids_do_not_clash() -> None:
    assert new_id({}, "Goblin Archer", MAX_ID) == "goblin-archer"
    assert (
        new_id({"goblin-archer", "goblin-archer-2"}, "Goblin archer", MAX_ID) == "goblin-archer-3"
    )
    assert len(new_id({}, "x" * 500, MAX_ID)) <= MAX_ID


def test_add_a_token_from_the_context_menu_and_undo(make_services) -> None:  # type: ignore[no-untyped-def]
    """One form (name, side, size, speed), defaults: a foe's side and speed 6; one undo step."""
    services = make_services()
    actions = services.token_edits
    seen: dict[str, object] = {}

    def answer(form):  # type: ignore[no-untyped-def]
        seen["side"] = form.side.currentText()
        seen["speed"] = form.speed.value()
        seen["sizes"] = [form.size_choice.itemText(i) for i in range(form.size_choice.count())]
        form.name.setText("Wolf <i>alpha</i>")
        form.size_choice.setCurrentIndex(1)
        return form.spec()

    actions.adder.ask = answer
    menu = services.context_menu_at(centre(4, 6))
    texts = [a.text() for a in menu.actions()]
    assert "Add token here…" in texts
    next(a for a in menu.actions() if a.text() == "Add token here…").trigger()
    assert seen == {
        "side": "Non-player characters",
        "speed": 6,
        "sizes": ["1 x 1", "2 x 2", "3 x 3"],
    }
    token = services.document.encounter.tokens["wolf-i-alpha-i"]
    assert (token.name, token.side, token.position) == ("Wolf <i>alpha</i>", "npcs", (4, 6))
    assert (token.size, token.speed, token.image) == (2, 6, None)
    assert services.scene.token_items["wolf-i-alpha-i"].pos() == QPointF(4 * CELL, 6 * CELL)
    assert services.document.undo_stack.undoText() == "Add Wolf <i>alpha</i>"
    services.document.undo_stack.undo()
    assert "wolf-i-alpha-i" not in services.scene.token_items


def test_the_form_remembers_the_last_side(make_services) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    adder = services.token_edits.adder
    sides: list[str] = []

    def answer(form):  # type: ignore[no-untyped-def]
        sides.append(form.side.currentText())
        form.name.setText("Squire")
        form.side.setCurrentIndex(0)
        return form.spec()

    adder.ask = answer
    services.token_edits.add_token_at((4, 6))
    services.token_edits.add_token_at((4, 7))
    assert sides == ["Non-player characters", "Player characters"]
    assert services.document.encounter.tokens["squire-2"].side == "pcs"


def test_token_menu_statuses_hide_remove(make_services) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    actions = services.token_edits
    document = services.document
    actions.ask_text = lambda title, label: "Slowed 2"
    menu = services.context_menu_at(centre(1, 4))
    texts = [a.text() for a in menu.actions()]
    assert texts[:3] == ["Orc", "Edit token…", "Add status…"]
    next(a for a in menu.actions() if a.text() == "Add status…").trigger()
    assert document.encounter.tokens["orc"].statuses == {"Slowed": 2}
    assert services.scene.token_items["orc"].look.statuses == {"Slowed": 2}
    menu = services.context_menu_at(centre(1, 4))
    next(a for a in menu.actions() if a.text() == "Clear Slowed (2)").trigger()
    assert document.encounter.tokens["orc"].statuses == {}
    next(
        a
        for a in services.context_menu_at(centre(1, 4)).actions()
        if a.text() == "Hide from players"
    ).trigger()
    assert document.encounter.tokens["orc"].hidden
    next(
        a for a in services.context_menu_at(centre(1, 4)).actions() if a.text() == "Remove token"
    ).trigger()
    assert "orc" not in document.encounter.tokens
    for _ in range(3):
        document.undo_stack.undo()
    assert document.encounter.tokens["orc"].statuses == {"Slowed": 2}
    assert not document.encounter.tokens["orc"].hidden
    assert document.undo_stack.count() == 4


def test_removing_a_token_removes_its_aura_in_the_same_step(make_services) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    document = services.document
    document.push(PlaceTemplate(Template("glow", "aura", 1, token_id="hero")), GM)
    services.token_edits.remove_tokens(["hero"])
    assert document.encounter.templates == {} and "hero" not in document.encounter.tokens
    document.undo_stack.undo()
    assert "glow" in document.encounter.templates and "hero" in document.encounter.tokens
    assert "glow" in services.scene.template_items


def test_remove_a_template_from_the_menu(make_services) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    services.document.push(
        PlaceTemplate(Template("fire", "area", 2, origin=(4, 4), label="Fire & ice")), GM
    )
    menu = services.context_menu_at(centre(5, 5))
    action = next(a for a in menu.actions() if a.text().startswith("Remove template"))
    assert action.text() == "Remove template: Fire && ice"  # '&' shown, not a shortcut
    action.trigger()
    assert services.document.encounter.templates == {}


def test_right_click_keeps_the_selection(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    view = services.view
    services.scene.token_items["hero"].setSelected(True)
    orc = view.mapFromScene(services.scene.token_items["orc"].centre())
    qtbot.mousePress(view.viewport(), Qt.MouseButton.RightButton, pos=orc)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.RightButton, pos=orc)
    assert services.token_edits.selected() == ["hero"]


def test_what_the_file_cannot_hold_is_refused_at_the_menu(make_services) -> None:  # type: ignore[no-untyped-def]
    """A 280-character name (its id would pass 128), 5,000,000 stacks, a 254-character status."""
    services = make_services()
    actions = services.token_edits
    said: list[str] = []
    actions.say = said.append
    name = "N" * 200

    def answer(form):  # type: ignore[no-untyped-def]
        form.name.setText(name)
        spec = form.spec()
        spec.name = name  # past the field's own limit, as a script could
        return spec

    actions.adder.ask = answer
    token_id = actions.add_token_at((4, 6))
    assert token_id is not None and len(token_id) <= 128
    name = "N" * 280
    assert actions.add_token_at((4, 5)) is None
    actions.ask_text = lambda title, label: "Slowed 5000000"
    actions.add_status(["orc"])
    actions.ask_text = lambda title, label: "S" * 254
    actions.add_status(["orc"])
    assert said == [
        "Refused: a token's name may be at most 200 characters long.",
        "Refused: at most 1,000,000 stacks of a status.",
        "Refused: a status name may be at most 200 characters.",
    ]
    assert services.document.encounter.tokens["orc"].statuses == {}
    from tactical.persistence import encounter_bytes

    encounter_bytes(services.document.encounter)  # what was accepted can be saved

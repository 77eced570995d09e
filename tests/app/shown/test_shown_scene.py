"""The players' relay of the scene shown to them (issue 33): the TV and the phones read the shown
scene, not the GM's, and keep its live changes while the GM looks at another."""

from __future__ import annotations

from typing import Any

from tactical.app.encounter.document import EncounterDocument
from tactical.app.players.shown_scene import shown_scene
from tactical.core.changes import GM, ChangeSet, phone
from tactical.core.commands import MoveToken, SetStatus
from tactical.core.commands.scenes import ShowScene

from .evenings import evening, look_at


def test_the_players_stay_on_their_scene_while_the_gm_looks_at_another(qapp: Any) -> None:
    night = evening(shown="tavern")
    tavern, crypt = night.scene("tavern").encounter, night.scene("crypt").encounter
    document = EncounterDocument(tavern)
    shown = shown_scene(document)
    assert shown is shown_scene(document)  # one relay per document
    sets: list[ChangeSet] = []
    shown.changes_done.connect(sets.append)
    look_at(document, "crypt")
    assert shown.encounter is tavern and not shown.on_gm_scene
    document.push(MoveToken("warden", (8, 2)), GM)  # the GM edits the crypt
    assert sets == []
    bram = phone("bram", "Bram")
    shown.push(MoveToken("bram", (3, 1)), bram)  # Bram's phone, on the tavern
    assert tavern.tokens["bram"].square == (3, 1)
    assert [s.initiator for s in sets] == [bram] and "tokens" in sets[0].kinds
    assert crypt.tokens["warden"].square == (8, 2)
    document.undo_stack.undo()  # the GM's crypt edit
    document.undo_stack.undo()  # Bram's move: undone on the tavern
    assert tavern.tokens["bram"].square == (2, 1)
    assert "tokens" in sets[-1].kinds
    look_at(document, "tavern")  # the GM comes back: the GM's edits arrive again
    assert shown.on_gm_scene
    document.push(MoveToken("keep", (5, 4)), GM)
    assert sets[-1].initiator == GM and sets[-1].get("tokens") is not None


def test_when_the_gm_is_on_the_shown_scene_the_same_edits_arrive(qapp: Any) -> None:
    night = evening(shown="tavern")
    document = EncounterDocument(night.scene("tavern").encounter)
    shown = shown_scene(document)
    by_document: list[ChangeSet] = []
    by_relay: list[ChangeSet] = []
    document.changes_done.connect(by_document.append)
    shown.changes_done.connect(by_relay.append)
    document.push(MoveToken("bram", (3, 1)), GM)
    shown.push(MoveToken("bram", (4, 1)), phone("bram", "Bram"))
    assert shown.on_gm_scene
    assert by_relay == by_document and len(by_relay) == 2


def test_a_character_edited_on_the_gms_scene_changes_on_the_shown_one_too(qapp: Any) -> None:
    night = evening(shown="tavern")
    tavern = night.scene("tavern").encounter
    document = EncounterDocument(night.scene("crypt").encounter)  # the GM on the crypt
    shown = shown_scene(document)
    sets: list[ChangeSet] = []
    shown.changes_done.connect(sets.append)
    document.push(SetStatus("mira-c", "Blessed", 1), GM)
    assert tavern.tokens["mira-t"].statuses == {"Blessed": 1}
    change = next(s.get("tokens") for s in sets if s.get("tokens") is not None)
    assert change is not None and "mira-t" in change.ids


def test_show_to_players_points_the_relay_at_the_new_scene_one_undo_step(qapp: Any) -> None:
    night = evening(shown="tavern")
    document = EncounterDocument(night.scene("tavern").encounter)
    shown = shown_scene(document)
    look_at(document, "crypt")
    said: list[tuple[str, str]] = []
    shown.replacing.connect(lambda: said.append(("replacing", shown.encounter.name)))
    shown.encounter_replaced.connect(lambda: said.append(("replaced", shown.encounter.name)))
    document.push(ShowScene(night, "crypt"), GM)
    assert said == [("replacing", "Tavern"), ("replaced", "Crypt of the Hollow Saint")]
    assert shown.on_gm_scene and night.shown == "crypt"
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert shown.encounter is night.scene("tavern").encounter and not shown.on_gm_scene

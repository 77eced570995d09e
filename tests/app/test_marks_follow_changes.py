"""A drop visits the token items it changed, not every item of the map, and shows the same.

A move marks the items it syncs; who acts and the targets mark every item, when they change.

Each change set used to mark every token item of the scene again (acting, targeted), on
each screen, although those marks change only with the document's highlights, which mark
every item themselves. The marks the GM sees are the same; a drop no longer visits every
item of a crowded map.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPointF

from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.geometry import CELL
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.map.scene.token_item import TokenItem
from tactical.app.map.scene.token_layout import SHARED_FILL
from tactical.core.changes import GM
from tactical.core.commands import MoveToken
from tactical.core.tokens import Token
from tactical.persistence.files import load_encounter

from .conftest import small_grid
from .test_procedure_marks import THRUM, kestrels_move_step


def acting(scene: MapScene) -> set[str]:
    items = scene.token_items.items()
    return {i for i, item in items if isinstance(item, TokenItem) and item.acting}


def test_a_move_marks_only_what_it_syncs_and_the_marks_stay_right(
    qapp: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = EncounterDocument(load_encounter(THRUM), THRUM)
    scene = MapScene(document)
    kestrels_move_step(document)
    assert acting(scene) == {"kestrel"}
    marked: list[str] = []
    set_marks = TokenItem.set_marks

    def spied(item: TokenItem, **kwargs: bool) -> None:
        marked.append(item.token_id)
        set_marks(item, **kwargs)

    monkeypatch.setattr(TokenItem, "set_marks", spied)
    document.push(MoveToken("hound", (13, 8)), GM)  # not the turn's: who acts holds
    assert marked == ["hound"]
    assert acting(scene) == {"kestrel"}
    marked.clear()
    while document.undo_stack.canUndo():  # back before the fight: nobody acts, all told
        document.undo_stack.undo()
    assert acting(scene) == set()
    assert {"kestrel", "orrin", "hound"} <= set(marked)


def test_a_drop_lays_out_the_squares_it_touched_in_encounter_order(qapp: Any) -> None:
    """A drop lays out the tokens of the squares it left and reached, side by side in the
    encounter's order even when their items were made in another (the hero's last), and
    reads no other token to find them (it read every token of the encounter)."""
    encounter = small_grid()
    for i in range(200):
        encounter.tokens[f"extra-{i}"] = Token(f"extra-{i}", f"Extra {i}", "npcs", None)
    document = EncounterDocument(encounter)
    scene = MapScene(document)
    scene.tokens.clear()
    scene.tokens.build([*list(encounter.tokens)[1:], "hero"])
    hero, orc = scene.token_items["hero"], scene.token_items["orc"]
    asked: list[str] = []
    encounter_tokens = encounter.tokens

    class Watched(dict):  # type: ignore[type-arg]
        def values(self) -> Any:
            asked.append("values")
            return super().values()

    encounter.tokens = Watched(encounter_tokens)
    document.push(MoveToken("orc", (1, 1)), GM)  # onto the hero's square
    assert asked == []
    assert hero.centre() == QPointF(1.25 * CELL, 1.5 * CELL)  # first in the encounter: left
    assert orc.centre() == QPointF(1.75 * CELL, 1.5 * CELL)
    assert hero.diameter == orc.diameter == CELL / 2 * SHARED_FILL

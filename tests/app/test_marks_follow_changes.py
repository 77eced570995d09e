"""A move marks the items it syncs; who acts and the targets mark every item, when they change.

Each change set used to mark every token item of the scene again (acting, targeted), on
each screen, although those marks change only with the document's highlights, which mark
every item themselves. The marks the GM sees are the same; a drop no longer visits every
item of a crowded map.
"""

from __future__ import annotations

from typing import Any

import pytest

from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.map.scene.token_item import TokenItem
from tactical.core.changes import GM
from tactical.core.commands import MoveToken
from tactical.persistence.files import load_encounter

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

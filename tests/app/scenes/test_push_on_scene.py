"""``document.push(command, initiator, on=)``: an edit done on a scene the GM is not looking at.

Issue 33: a phone moves on the scene shown to players while the GM looks at
another; the move is done there, its change set goes out as ``elsewhere_done``
and its undo step is undone there, never on the scene on screen.
"""

from __future__ import annotations

from typing import Any

from tactical.app.encounter.document import EncounterDocument
from tactical.core.changes import GM, ChangeSet, phone
from tactical.core.commands import MoveToken
from tactical.core.encounter import Encounter
from tactical.core.evening import Evening, Scene
from tactical.core.fog import Fog
from tests.app.conftest import small_grid


def two_scenes() -> tuple[Evening, Encounter, Encounter]:
    looked_at, shown = small_grid(), small_grid()
    evening = Evening([Scene("gm", looked_at), Scene("table", shown)], shown="table")
    return evening, looked_at, shown


def test_the_document_has_an_evening_even_around_a_lone_map(qapp: Any) -> None:
    lone = small_grid()
    document = EncounterDocument(lone)
    assert [s.encounter for s in document.evening.scenes] == [lone]
    evening, looked_at, _shown = two_scenes()
    assert EncounterDocument(looked_at).evening is evening


def test_a_push_on_another_scene_is_done_there_and_undone_there(qapp: Any) -> None:
    _evening, looked_at, shown = two_scenes()
    document = EncounterDocument(looked_at)
    here: list[ChangeSet] = []
    there: list[tuple[Encounter, ChangeSet]] = []
    document.changes_done.connect(here.append)
    document.elsewhere_done.connect(lambda encounter, changes: there.append((encounter, changes)))
    mira = phone("hero", "Hero")
    document.push(MoveToken("hero", (2, 1)), mira, on=shown)
    assert shown.tokens["hero"].square == (2, 1)
    assert looked_at.tokens["hero"].square == (1, 1)
    assert here == [] and [e for e, _ in there] == [shown]
    assert there[0][1].initiator == mira
    document.push(MoveToken("hero", (1, 2)), GM)
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert shown.tokens["hero"].square == (1, 1)
    assert looked_at.tokens["hero"].square == (1, 1)
    document.undo_stack.redo()
    assert shown.tokens["hero"].square == (2, 1) and looked_at.tokens["hero"].square == (1, 1)


def test_a_phones_move_on_another_scene_reveals_that_scenes_fog(
    make_window: Any, qtbot: Any
) -> None:
    looked_at, shown = small_grid(), small_grid()
    shown.fog = Fog(enabled=True, auto_reveal=True)
    Evening([Scene("gm", looked_at), Scene("table", shown)], shown="table")
    window = make_window(looked_at)
    window.document.push(MoveToken("hero", (5, 1)), phone("hero", "Hero"), on=shown)
    qtbot.waitUntil(lambda: not window.fog_controls.worker.busy())
    qtbot.waitUntil(lambda: shown.fog.revealed is not None and bool(shown.fog.revealed[1, 5]))
    assert looked_at.fog.revealed is None and window.document.encounter is looked_at
    assert window.document.undo_stack.count() == 1  # the reveal joined the move's step

"""The changes of one operation go out as one change set, carried with who started it."""

from __future__ import annotations

import pytest

from tactical.core.changes import Change, ChangeGatherer, ChangeSet, merge_changes
from tactical.core.commands import MoveToken
from tactical.core.commands.base import Batch, UndoStack
from tactical.core.commands.procedure import SetProcedureState
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.tokens import Token


def test_one_change_per_kind_with_ids_and_squares_united() -> None:
    merged = merge_changes(
        [
            Change("tokens", frozenset({"a"}), frozenset({(1, 1)})),
            Change("procedure"),
            Change("tokens", frozenset({"b"}), frozenset({(2, 2)})),
            Change("procedure"),
        ]
    )
    assert merged == (
        Change("tokens", frozenset({"a", "b"}), frozenset({(1, 1), (2, 2)})),
        Change("procedure"),
    )


def test_a_change_of_a_whole_kind_absorbs_the_narrower_ones() -> None:
    merged = merge_changes([Change("tokens", frozenset({"a"})), Change("tokens")])
    assert merged == (Change("tokens"),)
    merged = merge_changes([Change("terrain"), Change("terrain", squares=frozenset({(3, 4)}))])
    assert merged == (Change("terrain"),)


def test_nested_operations_send_one_set_with_the_outer_initiator() -> None:
    sent: list[ChangeSet] = []
    gatherer = ChangeGatherer(sent.append)
    panel = object()
    with gatherer.operation(panel) as outer:
        gatherer.add(Change("procedure"))
        with gatherer.operation() as inner:
            gatherer.add(Change("dice"))
        assert sent == [] and inner.changes is None
        gatherer.add(Change("procedure"))
    assert sent == [ChangeSet((Change("procedure"), Change("dice")), panel)]
    assert outer.changes is sent[0]
    assert sent[0].kinds == {"procedure", "dice"}
    assert sent[0].get("dice") == Change("dice") and sent[0].get("tokens") is None


def test_a_change_outside_an_operation_is_sent_at_once_and_nothing_sends_nothing() -> None:
    sent: list[ChangeSet] = []
    gatherer = ChangeGatherer(sent.append)
    gatherer.add(Change("meta"))
    assert sent == [ChangeSet((Change("meta"),))]
    with gatherer.operation("someone"):
        pass
    assert len(sent) == 1


def test_an_operation_that_fails_still_sends_what_changed() -> None:
    sent: list[ChangeSet] = []
    gatherer = ChangeGatherer(sent.append)
    with pytest.raises(ValueError), gatherer.operation("panel"):
        gatherer.add(Change("tokens", frozenset({"a"})))
        raise ValueError("refused")
    assert sent == [ChangeSet((Change("tokens", frozenset({"a"})),), "panel")]
    assert not gatherer.active


def test_a_batch_applied_taken_back_and_pushed_is_one_set() -> None:
    """What the procedure controller does for one panel press: do, undo, push (redo)."""
    encounter = Encounter(GridMap.from_text("0 0 0\n0 0 0"), [Token("a", "A", "pcs", (0, 0))])
    sent: list[ChangeSet] = []
    gatherer = ChangeGatherer(sent.append)
    encounter.subscribe(gatherer.add)
    batch = Batch("Act", [MoveToken("a", (2, 1)), SetProcedureState({"round": 1})])
    with gatherer.operation("panel"):
        batch.do(encounter)
        batch.undo(encounter)
        UndoStack(encounter).push(batch)
    assert len(sent) == 1
    assert sent[0].kinds == {"tokens", "procedure"}
    assert sent[0].initiator == "panel"
    assert encounter.tokens["a"].position == (2, 1)

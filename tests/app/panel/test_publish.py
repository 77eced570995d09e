"""What the maps learn: who acts and revealed targets; a secret target reaches no map."""

from __future__ import annotations

from typing import Any

from tactical.app.document import EncounterDocument
from tactical.app.panel.publish import publish_highlights
from tactical.core import Encounter, GridMap
from tactical.rules import PanelView


def view(targets: set[str], secret: set[str]) -> PanelView:
    return PanelView(
        "t", (), "", (), acting=frozenset({"a"}), targets=frozenset(targets),
        secret_targets=frozenset(secret),
    )  # fmt: skip


def test_secret_targets_reach_no_map(qtbot: Any) -> None:
    document = EncounterDocument(Encounter(GridMap(2, 2)))
    emitted: list[tuple[set[str], set[str]]] = []
    document.highlights_changed.connect(
        lambda: emitted.append((set(document.targets), set(document.public_targets)))
    )
    publish_highlights(document, view({"x"}, {"y"}))
    assert document.acting == {"a"}
    assert document.targets == {"x"}
    assert document.public_targets == {"x"}
    # Never, not even for one signal, is a secret target public.
    for every, public in emitted:
        assert "y" not in public and "y" not in every
    assert emitted
    emitted.clear()
    publish_highlights(document, view({"x", "y"}, set()))  # y revealed
    assert document.public_targets == {"x", "y"}
    assert emitted[-1] == ({"x", "y"}, {"x", "y"})
    publish_highlights(document, None)  # no procedure
    assert document.acting == set() and document.targets == set()
    assert document.public_targets == set()

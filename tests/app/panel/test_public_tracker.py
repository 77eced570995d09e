"""The players' summary: round, step, who acts; never a hidden token or a secret."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from tactical.app.panel import CombatPanel, PublicTracker
from tactical.app.panel.style import LOCK


def test_public_summary_follows_the_fight_without_secrets(qtbot: Any, panel: CombatPanel) -> None:
    tracker = PublicTracker(panel.document)
    qtbot.addWidget(tracker)
    assert tracker.lines() == []
    panel.start("toy")
    assert tracker.lines() == ["Toy fight \N{EM DASH} Roll initiative", "Hero", "Ally", "Orc"]
    panel.actions_bar.typed.setText("5, 2, 6, 1")
    qtbot.mouseClick(panel.actions_bar.primary_button, Qt.MouseButton.LeftButton)
    declare = {a.id: a for a in panel.controller.actions()}
    panel.perform(declare["declare:hero"], {"target": "orc", "intent": "shoots"})
    panel.perform(declare["declare:spy"], {"target": "hero", "intent": "stabs"})
    panel.perform(declare["declare:orc"], {"target": "spy", "intent": "hails"})
    lines = tracker.lines()
    assert lines == ["Round 1 \N{EM DASH} Declare", "Orc", "Hero", "Ally"]
    assert not any(LOCK in line or "shoots" in line for line in lines)
    assert "Ties: PCs first." not in lines and panel.header.instruction.text() not in lines
    qtbot.mouseClick(panel.actions_bar.primary_button, Qt.MouseButton.LeftButton)  # reveal
    assert tracker.lines() == [
        "Round 1 \N{EM DASH} Act in order",
        "Now: Orc",
        "Orc",  # "hails Spy" names the hidden token: left out
        "Hero \N{EM DASH} shoots Orc",
        "Ally",
    ]
    assert tracker.order.item(0).font().bold()


def test_public_summary_hides_a_hidden_acting_token(qtbot: Any, panel: CombatPanel) -> None:
    tracker = PublicTracker(panel.document)
    qtbot.addWidget(tracker)
    panel.start("toy")
    panel.actions_bar.typed.setText("1, 2, 3, 6")  # the hidden Spy acts first
    qtbot.mouseClick(panel.actions_bar.primary_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(panel.actions_bar.primary_button, Qt.MouseButton.LeftButton)
    assert panel.header.instruction.text() == "Spy acts now."  # the GM knows
    assert tracker.lines() == ["Round 1 \N{EM DASH} Act in order", "Orc", "Ally", "Hero"]


def test_a_round_step_is_not_repeated_in_the_heading(qtbot: Any) -> None:
    """Thrum's round step is titled "Round 1": the players see the turn step instead."""
    from pathlib import Path

    from tactical.app.encounter.document import EncounterDocument
    from tactical.persistence import load_encounter

    maps = Path(__file__).resolve().parents[3] / "maps"
    document = EncounterDocument(load_encounter(maps / "thrum.tactical.json"))
    panel = CombatPanel(document)
    tracker = PublicTracker(document)
    qtbot.addWidget(panel)
    qtbot.addWidget(tracker)
    for _ in range(20):  # placement, initiative, ties, Round Zero's turns
        if panel.view is not None and panel.view.round == 1:
            break
        primary = panel.controller.primary()
        assert primary is not None
        assert panel.perform(primary, {})
    assert panel.view is not None and panel.view.round == 1
    assert tracker.lines()[0] == "Round 1 \N{EM DASH} Start of Turn: Panic Roll, start effects"

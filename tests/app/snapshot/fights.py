"""Shipped examples put a few steps into their fights, for the snapshot tests."""

from __future__ import annotations

from pathlib import Path

from tactical.core.commands.base import UndoStack
from tactical.core.encounter import Encounter
from tactical.persistence import load_encounter
from tactical.rules import ProcedureController
from tests.rules.approximated_fray.fight import ROUND_ONE_PLAYS

MAPS = Path(__file__).resolve().parents[3] / "maps"
THRUM = MAPS / "thrum.tactical.json"
FRAY = MAPS / "approximated-fray.tactical.json"
HILLSIDE = MAPS / "hillside-ruin.tactical.json"

FRAY_PLAYS = ROUND_ONE_PLAYS
"""The example round of tests/rules/approximated_fray/; the shaman is hidden."""


def controller_of(encounter: Encounter) -> ProcedureController:
    return ProcedureController(encounter, UndoStack(encounter).push)


def staged_fray() -> tuple[Encounter, ProcedureController]:
    """The ford with every card down in secret (Staging done, nothing revealed yet)."""
    encounter = load_encounter(FRAY)
    controller = controller_of(encounter)
    for token_id, params in FRAY_PLAYS:
        controller.perform(f"declare:{token_id}", params)
    return encounter, controller


def started_thrum() -> tuple[Encounter, ProcedureController]:
    """The watchtower after NPC placement and the initiative roll (seeded dice)."""
    encounter = load_encounter(THRUM)
    controller = controller_of(encounter)
    for expected in ("npcs-placed", "roll-initiative"):
        action = controller.primary()
        assert action is not None and action.id == expected
        controller.perform(action.id)
    return encounter, controller

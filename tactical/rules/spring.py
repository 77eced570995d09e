"""Springing an encounter group: reveal the ambushers and start (or join) the scene's fight.

The reveal and the procedure's first state are one undoable command
(:class:`tactical.core.commands.party.Spring`); the rules say how the chosen
procedure starts. A fight already running on the scene is joined: the
procedures take every token of the encounter, and the sprung ones now show.
"""

from __future__ import annotations

import secrets
from typing import Any

from tactical.core.commands.party import Spring
from tactical.core.encounter import Encounter
from tactical.core.evening import Evening
from tactical.rules.registry import get


def spring(
    evening: Evening, scene_id: str, group_id: str, procedure_id: str, seed: int | None = None
) -> Spring:
    """The command that springs ``group_id`` on ``scene_id``, starting ``procedure_id`` if no
    fight runs there (UnknownProcedure for an id no procedure has)."""
    procedure = get(procedure_id)
    chosen = secrets.randbelow(2**31) if seed is None else seed

    def start(encounter: Encounter) -> tuple[str, dict[str, Any]]:
        state = procedure.new_state(encounter, chosen)
        return procedure_id, procedure.dump_state(state)

    return Spring(evening, scene_id, group_id, start)

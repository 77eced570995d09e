"""What the running combat procedure says now: its view, the movement left, or why it cannot say.

The document reads it after every change (:meth:`EncounterDocument.procedure_reading`)
and marks the map from it (who acts, revealed targets) and bounds drags with it
(movement left), with or without a combat panel; the panel shows the same
reading instead of asking again. Qt-free.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from tactical.core.commands.base import Command
from tactical.core.encounter import Encounter
from tactical.rules import PanelView, ProcedureController, RulesError, UnknownProcedure

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ProcedureReading:
    """The procedure's view and movement left now (empty with no procedure or a problem)."""

    view: PanelView | None = None
    """Unmasked: the panel masks it while secrets are hidden; only revealed targets reach maps."""
    budgets: dict[str, int] = field(default_factory=dict)
    """Movement left per token the procedure limits now; others move up to their speed."""
    problem: str = ""
    """Why the procedure cannot be read now, in the GM's words ("" when it can)."""


def _nothing_pushed(command: Command) -> None:
    raise AssertionError("reading a procedure pushes nothing")  # pragma: no cover


def read_procedure(encounter: Encounter) -> ProcedureReading:
    """Ask the encounter's procedure for its view and the movement left of every token."""
    if not encounter.procedure:
        return ProcedureReading()
    controller = ProcedureController(encounter, _nothing_pushed)
    try:
        return ProcedureReading(controller.view(), controller.movement_budgets())
    except UnknownProcedure as error:  # a file naming a procedure this version does not have
        return ProcedureReading(problem=str(error))
    except RulesError as error:  # StateError: a saved state that does not validate
        return ProcedureReading(problem=f"The saved procedure state cannot be used:\n{error}")
    except Exception as error:  # a bug in the procedure: logged as one
        log.exception("procedure view failed")
        return ProcedureReading(problem=f"The procedure failed to show its state: {error}")

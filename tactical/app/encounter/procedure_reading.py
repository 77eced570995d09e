"""What the running combat procedure says now: its view, the movement left, or why it cannot say.

The document reads it after every change (:meth:`EncounterDocument.procedure_reading`,
and the players' relay of the shown scene the same way, through :class:`ReadingCache`)
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


Marks = tuple[set[str], set[str], set[str]]
"""Who acts, every target, the targets of revealed actions: what a map is marked with."""


def marks_of(reading: ProcedureReading) -> Marks:
    """The map's marks from a reading (revealed targets: those the view names)."""
    view = reading.view
    targets = set(view.targets) if view is not None else set()
    return (set(view.acting) if view is not None else set(), targets, set(targets))


class ReadingCache:
    """One encounter's reading, read again only after a change that may change it.

    :meth:`changed` counts such changes; :meth:`forget` drops the reading (another
    encounter, or the rules loaded late); :meth:`read` gives the reading now, with the
    map's marks when it was read anew (None: the marks are as they were).
    """

    def __init__(self) -> None:
        self._generation = 0
        self._held: tuple[object, ProcedureReading] | None = None

    def changed(self) -> None:
        self._generation += 1

    def forget(self) -> None:
        self._held = None

    def read(self, encounter: Encounter) -> tuple[ProcedureReading, Marks | None]:
        key = (self._generation, id(encounter), encounter.procedure, id(encounter.procedure_state))
        if self._held is not None and self._held[0] == key:
            return self._held[1], None
        reading = read_procedure(encounter)
        self._held = (key, reading)
        return reading, marks_of(reading)

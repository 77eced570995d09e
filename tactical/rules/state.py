"""The base of every procedure's saved state: the one type procedures and their context share.

It has a module of its own so that :mod:`tactical.rules.procedure` (which
names the context its actions run in) and :mod:`tactical.rules.context`
(which rolls with the state's seed) both import it and not each other.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class ProcedureState(BaseModel):
    """Base of every procedure's saved state: strict, no unknown keys, finite numbers."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, validate_assignment=True)

    seed: int = 0
    """Seed of the fight's dice (see :mod:`tactical.rules.dice`)."""
    rolls: int = 0
    """How many seeded rolls were made so far."""
    step: str = "setup"
    """The id of the current step in :meth:`Procedure.outline`."""
    round: int = 0
    ended: bool = False
    moved: dict[str, int] = Field(default_factory=dict)
    """Movement spent (squares or areas) per token id in the current turn or round.

    The controller adds to it when a limited token is dragged
    (:meth:`~tactical.rules.controller.ProcedureController.move_command`); the
    procedure decides when it starts again from empty. Saved states without it
    load with it empty."""

"""The saved state of an Approximated Fray fight: declarations, the phase queue, pending effects.

Figures that belong to a creature (injury, morale, fatigue, seat, hand) live
on its token; what belongs to this turn (the cards face down, the order of
resolution, effects not yet landed) and the cards out of hand live here.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tactical.rules.procedure import ProcedureState
from tactical.rules.procedures.approximated_fray.cards import Hurts, Kind, Phase

Part = Literal["attack", "other", "move", "damage"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, validate_assignment=True)


class Declaration(_Strict):
    """One card placed face down in the Staging: secret until its phase reveals it."""

    token: str
    card: str
    phase: Phase = "middle"
    kind: Kind = "attack"
    hurts: Hurts = "injury"
    target: str | None = None
    """The creature targeted, if any."""
    area: str | None = None
    """The area targeted (an area effect hits everyone in it), if any."""
    to: str | None = None
    """Where a move or charge goes (for a charge: the target's area when revealed)."""
    recovery: int = Field(default=1, ge=0)
    revealed: bool = False
    cancelled: str = ""
    """Why the card does nothing after all (its creature fell unconscious, fled)."""


class Item(_Strict):
    """One thing to resolve now: an attack on one creature, another action, a move, a damage."""

    token: str
    """Who acts (for ``damage``: who takes it)."""
    part: Part
    target: str | None = None
    to: str | None = None
    condition: str = ""
    """For ``damage``: the condition that does it."""
    outcome: str = ""
    """Empty while unresolved; afterwards what happened, for the GM's record."""


class Effect(_Strict):
    """What lands on a creature at the end of the phase (000: "placed onto the card at the
    end of the phase when all cards have been resolved")."""

    target: str
    source: str
    injury: int = 0
    morale: int = 0
    fatigue: int = 0
    """Change of fatigue: negative when traded for injury, positive when regained."""
    condition: str = ""


class Hit(_Strict):
    """A rolled hit waiting for the target's fatigue trade."""

    target: str
    levels: int = Field(ge=0)
    source: str
    condition: str = ""


class SpentCard(_Strict):
    name: str
    recovery: int = Field(default=1, ge=0)


class FrayState(ProcedureState):
    step: str = "staging"
    round: int = 1
    declarations: dict[str, Declaration] = Field(default_factory=dict)
    """By token id, for this turn."""
    passed: list[str] = Field(default_factory=list)
    """Tokens that play no card this turn."""
    queue: list[Item] = Field(default_factory=list)
    """What the current phase (or the Mop Up damage step) resolves, in order."""
    cursor: int = 0
    pending: list[Effect] = Field(default_factory=list)
    hit: Hit | None = None
    spent: dict[str, list[SpentCard]] = Field(default_factory=dict)
    """Cards out of each creature's hand until a recovery roll returns them."""
    recovered: list[Literal["party", "gm"]] = Field(default_factory=list)
    fatigue_reset: dict[str, int] = Field(default_factory=dict)
    """Fatigue at the start, for tokens without a ``fatigue_max`` figure."""
    skill_healed: list[str] = Field(default_factory=list)

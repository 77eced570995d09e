"""What the Game Judge procedure saves: the turn's step, declarations and initiative.

Health, Karma and Intuition live on the tokens (``token.figures``), stun and
slam on ``token.statuses``, so the panel shows and edits them and they save
with the token. Everything here is small and JSON-shaped.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tactical.rules.procedure import ProcedureState

Kind = Literal[
    "ranged",
    "fire-move",
    "lateral",
    "dodge-move",
    "close",
    "charge",
    "withdraw",
    "disengage",
    "slugfest",
    "speed-strike",
    "speed-charge",
    "reach-attack",
    "other",
    "hold",
]

KIND_LABELS: dict[str, str] = {
    "ranged": "Ranged attack",
    "fire-move": "Ranged attack while moving",
    "lateral": "Lateral move",
    "dodge-move": "Dodge while moving",
    "close": "Close to slugfest or wrestle",
    "charge": "Charge attack",
    "withdraw": "Fighting withdrawal",
    "disengage": "Disengage",
    "slugfest": "Slugfest (already engaged)",
    "speed-strike": "Super-speed slugfest or grapple (Phase A)",
    "speed-charge": "Super-speed charge (Phase A)",
    "reach-attack": "Elastic or long-reach attack (Phase C)",
    "other": "Other action",
    "hold": "Hold position",
}
"""Every kind of declared action, in the order the panel offers them.

The three after the slugfest have their timing in 002's text: a super-speedster
"may resolve ... Slugfest/Grapple (now instead of Phase-B) or Charge (now
instead of Phase-C)", and "Elasticity and Long Reach due to Size: These are not
considered Ranged Attacks…They are resolved during Phase-C". Who is a
super-speedster, stretches or is big enough to reach is the GM's call (the
panel offers the kinds to everyone).
"""

Dodge = Literal["none", "white", "green", "yellow", "red"]

DODGE_SHIFTS: dict[str, int] = {"none": 0, "white": 0, "green": -2, "yellow": -4, "red": -6}
"""The Dodge FEAT's adjustment to the foe's attack FEAT by result colour.

002 gives one point: "Moving 6 areas with a Red Dodge FEAT = -8CS", and 6
areas is -2CS, so Red is -6CS. Green -2CS and Yellow -4CS follow the same
steps (our choice); White is a failed dodge.
"""

ATTACKS: frozenset[str] = frozenset(
    {
        "ranged",
        "fire-move",
        "close",
        "charge",
        "withdraw",
        "slugfest",
        "speed-strike",
        "speed-charge",
        "reach-attack",
    }
)
"""Kinds that attack a target (the target is required)."""

MOVES: frozenset[str] = frozenset(
    {
        "fire-move",
        "lateral",
        "dodge-move",
        "close",
        "charge",
        "speed-charge",
        "withdraw",
        "disengage",
    }
)
"""Kinds whose declared movement makes the mover a moving target."""


class Declaration(BaseModel):
    """One combatant's declared action for the turn."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    kind: Kind
    target: str | None = None
    """The token attacked (or closed on, charged)."""
    destination: str | None = None
    """The area moved to; closers and chargers go to their target's area."""
    areas: int = Field(default=0, ge=0)
    """Areas moved: from the map when a destination is given, else as typed."""
    engaged: bool = False
    """Shared an area with an active enemy when declared (in a slugfest)."""
    attacks: int = Field(default=1, ge=1)
    """Attacks this turn (Step 3 pre-initiative feats: multiple fighting feats)."""
    dodge: Dodge = "none"
    """The Dodge FEAT result rolled in Step 3 (dodge while moving)."""
    note: str = ""


class SideRoll(BaseModel):
    """One side's initiative: the 1d10, the Intuition column shifts added, the total."""

    model_config = ConfigDict(extra="forbid")

    die: int
    bonus: int = 0

    @property
    def total(self) -> int:
        return self.die + self.bonus


class GameJudgeState(ProcedureState):
    """Where the turn stands. ``done`` holds ``"<step>:<token>"`` of resolved phase entries."""

    step: str = "step1"
    round: int = 1
    declarations: dict[str, Declaration] = Field(default_factory=dict)
    initiative: dict[str, SideRoll] = Field(default_factory=dict)
    side_order: list[str] = Field(default_factory=list)
    """Sides in acting order, Master Initiative first; empty until Step 4."""
    done: list[str] = Field(default_factory=list)
    stunned_at_start: list[str] = Field(default_factory=list)
    """Tokens already stunned when the turn began: their stun counts down at its end."""
    end_reason: str = ""

"""What Side initiative keeps between presses: declarations, the sides' rolls, morale counters.

Hit points, speed, Morale and missile ranges are figures on the tokens; the
round's declarations, the initiative, who is in melee and each side's morale
history live here.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tactical.rules.procedure import ProcedureState

PHASES = ("movement", "missile", "magic", "melee")
"""004 line 14: the order in which a side's actions are handled."""
PHASE_TITLES = {
    "movement": "Movement",
    "missile": "Missile attacks",
    "magic": "Magic",
    "melee": "Melee attacks",
}
Kind = Literal["spell", "rune", "flee"]
KINDS: tuple[Kind, ...] = ("spell", "rune", "flee")
OutReason = Literal["killed", "defeated", "fled", "surrendered"]
OUT_REASONS: tuple[OutReason, ...] = ("killed", "defeated", "fled", "surrendered")


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class Declaration(_Part):
    """004 line 12: a spell, a rune or flight from melee, declared before initiative."""

    kind: Kind
    detail: str = ""
    secret: bool = False
    """The Referee's: hidden from the players until revealed."""
    disrupted: bool = False
    cast: bool = False


class Attack(_Part):
    """An attack announced with its modifiers, waiting for the GM to record the roll."""

    kind: Literal["missile", "melee"]
    attacker: str
    target: str
    modifier: int = 0
    why: str = ""
    """The modifiers spelled out, e.g. "short range +1, cover -2"."""
    warning: str = ""
    """What the map says against the shot (a wall between them: full cover?); the GM decides."""


class SideRecord(_Part):
    """One side's morale history over the whole fight (004 lines 125-133)."""

    successes: int = 0
    checked_first_death: bool = False
    checked_half: bool = False
    checked_first_harm: bool = False
    checked_quarter: bool = False
    harmed: bool = False
    """A member has been harmed (for a creature encountered alone)."""
    broken_round: int | None = None
    """The round in whose Morale step the side broke."""


class SideState(ProcedureState):
    """The saved state of a Side initiative fight."""

    step: str = "declarations"
    round: int = 1
    declarations: dict[str, Declaration] = Field(default_factory=dict)
    initiative: dict[str, list[int]] = Field(default_factory=dict)
    """Each side's rolls this round: the first roll, then any tie re-rolls."""
    simultaneous: list[list[str]] = Field(default_factory=list)
    """Tied sides the GM chose to resolve simultaneously this round."""
    waiting: list[str] = Field(default_factory=list)
    """Sides that chose to lose initiative this round (004 line 69)."""
    order: list[list[str]] = Field(default_factory=list)
    """The order of play fixed when the first side begins: sides that act together."""
    group: int = 0
    """Index of the acting group in ``order``."""
    phase: str = ""
    acted: list[str] = Field(default_factory=list)
    """Who has used this round's action (an attack or a cast)."""
    attack: Attack | None = None
    melee: list[list[str]] = Field(default_factory=list)
    """Pairs that have made a melee attack on each other (004 line 28)."""
    engaged: list[str] = Field(default_factory=list)
    """The acting sides' combatants in melee when their movement phase began: half Speed,
    even after moving away (see :mod:`.movement`)."""
    out: dict[str, OutReason] = Field(default_factory=dict)
    sides: dict[str, SideRecord] = Field(default_factory=dict)
    lone: list[str] = Field(default_factory=list)
    """Sides of a single creature encountered alone (different morale triggers)."""

"""What Two-second turns keeps between presses: the order, readies, effects, a ranged chain.

Tracked figures (dexterity, willpower, the initiative total) and the visible
effect counters live on the tokens; everything about the order lives here.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tactical.rules.procedure import ProcedureState

Direction = Literal["left", "right", "up", "down"]
DIRECTIONS: tuple[Direction, ...] = ("left", "right", "up", "down")
STEPS: dict[Direction, tuple[int, int]] = {
    "left": (-1, 0),
    "right": (1, 0),
    "up": (0, -1),
    "down": (0, 1),
}
"""The square step towards each direction, as ``(column, row)``."""


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class Ready(_Part):
    """A readied combat action waiting for its trigger (003 line 15)."""

    action: str
    trigger: str
    target: str | None = None
    secret: bool = False
    """NPC readies stay the GM's until triggered; the players see their own."""


class Effect(_Part):
    """An effect on one character, counted in that character's turns (003 line 37)."""

    token: str
    name: str
    seconds: int
    turns_left: int
    since: int
    """The turn number it was applied in: the affected character's turn in
    progress then does not count."""
    direction: Direction | None = None
    """Stumble: the direction the effect came from, which the character cannot move in."""
    no_defence: bool = False
    """Daze: the character cannot make defensive rolls while this is set."""


class Chain(_Part):
    """A ranged attack being resolved, re-rolled through a cluster (003 line 33)."""

    attacker: str
    targets: list[str]
    """Who is rolled against, in initiative order from the original target."""
    index: int = 0
    distance_penalty: int = 0
    cluster_penalty: int = 0
    """The cluster part of the penalty for the current roll (down by one per re-roll)."""

    @property
    def target(self) -> str:
        return self.targets[self.index]

    @property
    def penalty(self) -> int:
        return self.distance_penalty + self.cluster_penalty


class TurnsState(ProcedureState):
    """The saved state of a Two-second turns fight."""

    step: str = "setup"
    order: list[str] = Field(default_factory=list)
    """Everyone in the fight, in the current initiative order (delays and readies move them)."""
    done: list[str] = Field(default_factory=list)
    """Who has had their turn this round."""
    rolled: list[str] = Field(default_factory=list)
    """Player characters whose players rolled their own initiative before the GM's roll."""
    acting: str | None = None
    acted: bool = False
    """True once the acting character has done something: too late to delay."""
    delayed: list[str] = Field(default_factory=list)
    """Who moved themselves in the order this round (shown next to their initiative)."""
    readies: dict[str, Ready] = Field(default_factory=dict)
    effects: list[Effect] = Field(default_factory=list)
    chain: Chain | None = None
    out: list[str] = Field(default_factory=list)
    turn_no: int = 0
    """Counts turn starts over the whole fight, to date effects."""

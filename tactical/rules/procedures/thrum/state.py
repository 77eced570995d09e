"""Thrum's saved state, its step ids, and reading a combatant's tracked figures.

Loads, tolerances, modifiers, Wounds and the Stance live on the tokens
(``token.figures``) so the panel shows and edits them and they save with the
token; the order, who has acted or delayed this round, the Starting Area and
the outcome live here.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from tactical.core.encounter import Encounter
from tactical.core.grid import Square
from tactical.core.tokens import Token
from tactical.rules.procedure import ProcedureState

# -- steps ------------------------------------------------------------------

PLACEMENT = "placement"
INITIATIVE = "initiative"
ORDER = "order"
ZERO = "zero"
START = "start"
MOVE = "move"
ACTION = "action"
STANCE = "stance"
END = "end"
ENDED = "ended"

TURN_STEPS = (START, MOVE, ACTION, STANCE, END)
"""The steps of one turn in Rounds 1+ (001 lines 23-33)."""

# -- figures on tokens --------------------------------------------------------

INITIATIVE_MOD = "initiative_mod"
FATIGUE_LOAD = "fatigue_load"
FATIGUE_TOLERANCE = "fatigue_tolerance"
STRESS_LOAD = "stress_load"
STRESS_TOLERANCE = "stress_tolerance"
RESOLVE_MOD = "resolve_mod"
RESILIENCE_MOD = "resilience_mod"
WOUNDS = "wounds"
STANCE_FIGURE = "stance"

DEFAULT_TOLERANCE = 5
"""Tolerance given to a combatant whose token has none when the fight begins.

The rule text does not say how tolerances are derived; the GM types the real
values in the panel. A default keeps a forgotten figure from making a fresh
character Exhausted by its first point of Fatigue."""

DEFAULTS: dict[str, int | str] = {
    INITIATIVE_MOD: 0,
    FATIGUE_LOAD: 0,
    FATIGUE_TOLERANCE: DEFAULT_TOLERANCE,
    STRESS_LOAD: 0,
    STRESS_TOLERANCE: DEFAULT_TOLERANCE,
    RESOLVE_MOD: 0,
    RESILIENCE_MOD: 0,
    WOUNDS: 0,
    STANCE_FIGURE: "",
}
"""Every figure Thrum tracks, with the value a combatant starts with if it has none."""

MAX_WOUNDS = 3
"""001: "Upon accumulating three Wounds, they are removed from combat"."""

# -- statuses -----------------------------------------------------------------

FRAYED = "Frayed"
EXHAUSTED = "Exhausted"
INCAPACITATED = "Incapacitated"
STUNNED = "Stunned"
SLOWED = "Slowed"
DAZED = "Dazed"

CONDITIONS = frozenset({FRAYED, EXHAUSTED, INCAPACITATED})
"""Statuses that follow the loads instead of ticking down at the end of a turn."""


class TriggeredEffect(BaseModel):
    """One character's effect waiting on a trigger (001 line 81)."""

    model_config = ConfigDict(extra="forbid")

    token: str
    effect: str


class TriggerGroup(BaseModel):
    """The effects of several characters waiting on one common trigger, in initiative order."""

    model_config = ConfigDict(extra="forbid")

    trigger: str
    effects: list[TriggeredEffect] = Field(default_factory=list)


class ThrumState(ProcedureState):
    """Where a Thrum fight stands."""

    step: str = PLACEMENT
    starting_area: list[Square] = Field(default_factory=list)
    """The squares of the Starting Area the GM designated, sorted (001 line 22)."""
    win_condition: str = ""
    defeat_condition: str = ""
    initiative: dict[str, int] = Field(default_factory=dict)
    """Each combatant's rolled initiative total (2d6 + modifier)."""
    preferred: list[str] = Field(default_factory=list)
    """The GM's choices among exact ties, most recent first."""
    order: list[str] = Field(default_factory=list)
    """The turn order; a delay moves a combatant in it for the rest of the combat."""
    current: str | None = None
    """The combatant whose turn (or Round Zero turn) it is."""
    acted: list[str] = Field(default_factory=list)
    """Who has finished their turn this round."""
    delayed: list[str] = Field(default_factory=list)
    """Who has delayed this round (once per round)."""
    panic_rolled: bool = False
    """The current combatant's Panic Roll of this turn is made."""
    targets: list[str] = Field(default_factory=list)
    """Who the current combatant's action has hit so far this turn."""
    action_rolls: int = Field(default=-1, ge=-1)
    """The dice log's length when the current Action step began (-1 outside it): a roll
    logged since closes Overexert (001: "declared and Stress taken before any rolls")."""
    overexerted: int = Field(default=0, ge=0)
    """The Stress the current combatant has taken to Overexert this Action."""
    removed: list[str] = Field(default_factory=list)
    """Combatants removed from combat by their third Wound."""
    lasting: list[str] = Field(default_factory=list)
    """Statuses the GM marked as not ticking down at the end of a turn."""
    outcome: str = ""
    recorded: dict[str, dict[str, int]] = Field(default_factory=dict)
    """At the end of combat: each combatant's tolerances and Wounds (001 line 17)."""
    triggers: list[TriggerGroup] = Field(default_factory=list)
    """Triggered effects waiting to resolve, a stack: the last group resolves first."""
    resolving: TriggeredEffect | None = None
    """The triggered effect the GM is resolving now (its own triggers go on top)."""
    resolving_at: str = ""
    """Where the fight stood when it began to resolve: shown until the fight moves on."""


# -- reading tokens -----------------------------------------------------------


def int_figure(token: Token, name: str) -> int:
    """A tracked integer figure of ``token``, its default when absent or not a number."""
    value = token.figures.get(name)
    if isinstance(value, bool) or not isinstance(value, int | float):
        default = DEFAULTS.get(name, 0)
        return default if isinstance(default, int) else 0
    return int(value)


def stance_of(token: Token) -> str:
    value = token.figures.get(STANCE_FIGURE)
    return value if isinstance(value, str) else ""


def is_pc(encounter: Encounter, token: Token) -> bool:
    """PCs are the ``pcs`` side and its allies; every other side counts as NPCs."""
    if "pcs" not in encounter.sides:
        return token.side == "pcs"
    return encounter.are_allies(token.side, "pcs")


def is_out(token: Token, state: ThrumState) -> bool:
    """Incapacitated or removed from combat: what the end conditions count."""
    return token.id in state.removed or INCAPACITATED in token.statuses


def display_name(token: Token) -> str:
    return token.name or token.id


def combatant_ids(encounter: Encounter, state: ThrumState) -> list[str]:
    """The fight's combatants: the order once fixed, before that who would take part.

    Before initiative, every PC takes part (they are placed in Round Zero) and
    every NPC the GM has put on the map; NPCs left off the map sit out until
    the GM has them join.
    """
    if state.order:
        return [t for t in state.order if t in encounter.tokens]
    return [
        t.id for t in encounter.tokens.values() if is_pc(encounter, t) or t.position is not None
    ]


ALL_PCS_OUT = "All PCs are incapacitated or removed from combat"
ALL_NPCS_OUT = "All NPCs are incapacitated or removed from combat"
WIN = "The Win Condition is met"
DEFEAT = "The Defeat Condition is met"
GM_ENDS = "The GM ends the fight"
OUTCOMES = (ALL_PCS_OUT, ALL_NPCS_OUT, WIN, DEFEAT, GM_ENDS)


def end_reason(encounter: Encounter, state: ThrumState) -> str | None:
    """Which automatic end condition of 001 line 12 holds now, in Rounds 1+."""
    if state.ended or state.round < 1:
        return None
    tokens = [encounter.tokens[t] for t in combatant_ids(encounter, state)]
    pcs = [t for t in tokens if is_pc(encounter, t)]
    npcs = [t for t in tokens if not is_pc(encounter, t)]
    if pcs and all(is_out(t, state) for t in pcs):
        return ALL_PCS_OUT
    if npcs and all(is_out(t, state) for t in npcs):
        return ALL_NPCS_OUT
    return None

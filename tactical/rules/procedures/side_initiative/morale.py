"""Morale (004 lines 121-135): when a Referee's side checks, and what a check does.

Choices where the text is vague:

- The side with id ``pcs`` is the players'; it never checks ("Players always
  make this decision for their characters"). Every other side is the
  Referee's and checks as one ("One check per side").
- A side's Morale is the ``morale`` figure of its combatants (the most common
  value among them, the higher on a tie), so the GM edits it in the table.
- A side checks in the Morale step of a round in which a reason arose: its
  first member killed, half its members killed or defeated (every way out of
  the fight counts), or, for a creature encountered alone (a side of one
  combatant when the fight began), when first harmed and when at a quarter of
  its hit points or less. Several reasons in one round make one check; each
  reason is checked once per fight.
- A break makes the side flee or surrender in the next round (shown on its
  rows and in the notes); it checks no more. Two successes end checking;
  Morale 12 never checks.
"""

from __future__ import annotations

from collections import Counter

from tactical.core.encounter import Encounter
from tactical.rules.procedures.side_initiative.state import SideRecord, SideState

PLAYER_SIDE = "pcs"
NEVER_CHECKS = 12
"""004 line 133: "Combatants with Morale 12 fight to the death, never rolling a Morale Check"."""
ENOUGH_SUCCESSES = 2
"""004 line 131: after two successful checks, "no further checks necessary"."""


def is_players(side: str) -> bool:
    return side == PLAYER_SIDE


def members(encounter: Encounter, side: str) -> list[str]:
    """Everyone of ``side`` on the map, in or out of the fight."""
    return [t.id for t in encounter.tokens.values() if t.side == side and t.position is not None]


def side_morale(encounter: Encounter, side: str) -> int | None:
    """The side's Morale: its members' most common ``morale`` figure, the higher on a tie."""
    values = [
        int(value)
        for token_id in members(encounter, side)
        if isinstance(value := encounter.token(token_id).figures.get("morale"), int | float)
        and not isinstance(value, bool)
    ]
    if not values:
        return None
    counts = Counter(values)
    return max(counts, key=lambda v: (counts[v], v))


def record(state: SideState, side: str) -> SideRecord:
    return state.sides.get(side) or SideRecord()


def _int(encounter: Encounter, token_id: str, name: str) -> int | None:
    value = encounter.token(token_id).figures.get(name)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return int(value)
    return None


def fights_to_the_death(encounter: Encounter, state: SideState, side: str) -> str:
    """Why a Referee's side never checks again ("" when it still may)."""
    morale = side_morale(encounter, side)
    if morale is not None and morale >= NEVER_CHECKS:
        return "Morale 12: fights to the death"
    if record(state, side).successes >= ENOUGH_SUCCESSES:
        return "two successful checks: fights until killed"
    return ""


def due(encounter: Encounter, state: SideState, side: str) -> list[str]:
    """The reasons ``side`` must check morale now (empty when it need not or cannot)."""
    if is_players(side):
        return []
    rec = record(state, side)
    if rec.broken_round is not None or fights_to_the_death(encounter, state, side):
        return []
    everyone = members(encounter, side)
    standing = [t for t in everyone if t not in state.out]
    if not standing:
        return []
    reasons: list[str] = []
    if side in state.lone:
        token_id = standing[0]
        if rec.harmed and not rec.checked_first_harm:
            reasons.append("first harmed")
        hp, max_hp = _int(encounter, token_id, "hp"), _int(encounter, token_id, "max_hp")
        if hp is not None and max_hp and hp * 4 <= max_hp and not rec.checked_quarter:
            reasons.append("at a quarter of its hit points or less")
        return reasons
    if any(state.out.get(t) == "killed" for t in everyone) and not rec.checked_first_death:
        reasons.append("first death")
    if 2 * (len(everyone) - len(standing)) >= len(everyone) and not rec.checked_half:
        reasons.append("half the side killed or defeated")
    return reasons


def mark_checked(state: SideState, side: str, reasons: list[str], held: bool | None) -> SideRecord:
    """Record a check covering ``reasons`` (held, broke, or None: skipped by the GM)."""
    rec = record(state, side).model_copy()
    if "first death" in reasons:
        rec.checked_first_death = True
    if "half the side killed or defeated" in reasons:
        rec.checked_half = True
    if "first harmed" in reasons:
        rec.checked_first_harm = True
    if "at a quarter of its hit points or less" in reasons:
        rec.checked_quarter = True
    if held is True:
        rec.successes += 1
    elif held is False:
        rec.broken_round = state.round
    state.sides = {**state.sides, side: rec}
    return rec

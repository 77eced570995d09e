"""Which side acts when: 1d6 per side, highest first, ties re-rolled or simultaneous.

004 line 65: "The side with the highest roll acts first, followed by other
sides in order from highest to lowest initiative." Line 67: "Ties: Either
both sides may roll again, or actions on both sides may be resolved
simultaneously." Line 69: a waiting side voluntarily loses initiative.

A re-roll is appended to the tied sides' rolls, so it orders them among
themselves without moving them past anyone they did not tie with. Waiting
sides act after every other side, among themselves by their rolls.
"""

from __future__ import annotations

from collections.abc import Sequence

from tactical.core.encounter import Encounter
from tactical.rules.procedures.side_initiative.state import SideState


def sides_in_fight(encounter: Encounter, state: SideState) -> list[str]:
    """Sides with at least one combatant on the map and not out, in the encounter's order."""
    present = {
        t.side
        for t in encounter.tokens.values()
        if t.position is not None and t.id not in state.out
    }
    return [side for side in encounter.sides if side in present]


def _key(state: SideState, side: str) -> tuple[bool, tuple[int, ...]]:
    return (side not in state.waiting, tuple(state.initiative.get(side, [])))


def ranked(state: SideState, sides: Sequence[str]) -> list[str]:
    """Sides from first to act to last (stable for equal keys)."""
    return sorted(sides, key=lambda s: _key(state, s), reverse=True)


def _tied_blocks(state: SideState, sides: Sequence[str]) -> list[list[str]]:
    blocks: list[list[str]] = []
    for side in ranked(state, sides):
        if blocks and _key(state, blocks[-1][0]) == _key(state, side):
            blocks[-1].append(side)
        else:
            blocks.append([side])
    return blocks


def unresolved_ties(state: SideState, sides: Sequence[str]) -> list[list[str]]:
    """Groups of tied sides the GM has not yet declared simultaneous."""
    chosen = [set(group) for group in state.simultaneous]
    return [
        block
        for block in _tied_blocks(state, sides)
        if len(block) > 1 and not any(set(block) <= group for group in chosen)
    ]


def acting_groups(state: SideState, sides: Sequence[str]) -> list[list[str]]:
    """The order of play: each entry is the sides that act together."""
    chosen = [set(group) for group in state.simultaneous]
    groups: list[list[str]] = []
    for block in _tied_blocks(state, sides):
        if len(block) > 1 and any(set(block) <= group for group in chosen):
            groups.append(block)
        else:
            groups.extend([side] for side in block)
    return groups

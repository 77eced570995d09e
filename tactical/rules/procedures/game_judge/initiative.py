"""Step Four: one die per side plus the Intuition column shifts, giving Master Initiative.

002: "COMPARE THE HIGHEST INTUITION RANK ON EACH SIDE AND COUNT THE NUMBER OF
COLUMN SHIFTS BETWEEN THEM ON THE UNIVERSAL TABLE. ADD THIS NUMBER TO THE DIE
ROLL OF THE SIDE WITH THE HIGHEST INTUITION."

Choices (002 names neither the die nor what a tie does):

- each side rolls 1d10;
- with more than two sides, each side adds the shifts between its best
  Intuition and the lowest best Intuition of all sides (with two sides this is
  exactly the rule: the better side adds the difference);
- a combatant without a readable ``intuition`` figure counts as Typical;
- sides tied for the highest total re-roll their dice (keeping their shifts)
  until one is ahead; ties further down keep the encounter's order of sides.
"""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.rules.context import ActionContext
from tactical.rules.procedures.game_judge.combatants import combatants, is_out
from tactical.rules.procedures.game_judge.ranks import rank_index
from tactical.rules.procedures.game_judge.state import SideRoll

DIE = "1d10"
DEFAULT_RANK = "Typical"
MAX_REROLLS = 50


def acting_sides(encounter: Encounter) -> list[str]:
    """Sides with at least one combatant still in the fight, in the encounter's order."""
    present = {t.side for t in combatants(encounter) if not is_out(t)}
    return [side for side in encounter.sides if side in present]


def best_intuition(encounter: Encounter, side: str) -> tuple[int, list[str]]:
    """The side's highest Intuition column, and the tokens counted as Typical for want of one."""
    best = -1
    unranked: list[str] = []
    for token in combatants(encounter):
        if token.side != side or is_out(token):
            continue
        index = rank_index(token.figures.get("intuition"))
        if index is None:
            unranked.append(token.id)
            index = rank_index(DEFAULT_RANK)
            assert index is not None
        best = max(best, index)
    return best, unranked


def intuition_bonuses(best: dict[str, int]) -> dict[str, int]:
    """Column shifts each side adds: its best Intuition over the lowest best of all sides."""
    if not best:
        return {}
    lowest = min(best.values())
    return {side: value - lowest for side, value in best.items()}


def side_order(rolls: dict[str, SideRoll], sides: list[str]) -> list[str]:
    """Sides by total, highest (Master Initiative) first; ties keep ``sides`` order."""
    return sorted(sides, key=lambda s: (-rolls[s].total, sides.index(s)))


def roll_initiative(
    ctx: ActionContext, sides: list[str], bonuses: dict[str, int]
) -> dict[str, SideRoll]:
    """Roll one die per side; sides tied at the top re-roll until one leads."""
    names = {s: ctx.encounter.sides[s].name for s in sides}
    rolls = {
        side: SideRoll(die=ctx.roll(DIE, names[side], "initiative"), bonus=bonuses[side])
        for side in sides
    }
    for _ in range(MAX_REROLLS):
        top = max(r.total for r in rolls.values())
        tied = [s for s in sides if rolls[s].total == top]
        if len(tied) < 2:
            break
        ctx.say(f"Tie at {top} between {', '.join(names[s] for s in tied)}: re-roll")
        for side in tied:
            die = ctx.roll(DIE, names[side], "initiative re-roll (tie)")
            rolls[side] = SideRoll(die=die, bonus=bonuses[side])
    return rolls

"""Step Six: what each phase and each sub-step of Phase C resolves, in order.

002: "EACH SIDE TAKES TURNS COMPLETING EACH PHASE (IF APPLICABLE). THE SIDE WITH
INITIATIVE, NOW CALLED MASTER INITIATIVE MAY ACT FIRST DURING THE PHASE." So
inside a phase the entries run side by side in initiative order (Master
Initiative first), combatants of one side in the encounter's order. Phase C
runs its five sub-steps in order; in sub-step 2 closers and chargers go
together, fewest areas travelled first (002: "Between Closers and Chargers,
the one who traveled the least distance should resolve first"), ties by
Master Initiative.

Choices where 002 is vague:

- "other" actions (a power, a rescue) are resolved in Phase A with the shots;
- a super-speedster's slugfest or grapple and its charge are resolved in
  Phase A with the shots, side by side like them (002: "Super-speedsters are
  treated as ranged attacks in so far as when they can perform the action");
  the charger moves into its target's area when its charge is resolved;
- an elastic or long-reach attack is resolved in Phase C sub-step 2 with the
  closers and chargers (the sub-step where attacks that come with movement are
  made), as one who travelled no distance, so before them all;
- lateral moves and dodges while moving arrive in Phase C sub-step 1 with
  those who fired while moving;
- the moving target modifier of the target's declared movement applies to
  ranged attacks; a target dodging while moving adds its Dodge FEAT to that
  and the sum applies to every attack on it, ranged or not (002's "-8CS to
  the foe's attack FEAT");
- the +2CS against a disengaging combatant goes to attackers in its area;
- an engaged combatant who fires without Master Initiative fires in Phase B,
  after the foes of the Master Initiative side have struck (002: "his foe
  will be permitted to strike at him during Phase-B PRIOR to the Ranged
  Attack"), at -3CS; with Master Initiative he fires in Phase A at -3CS.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tactical.core import firing_while_moving_modifier, moving_target_modifier
from tactical.core.encounter import Encounter
from tactical.core.tokens import Token
from tactical.rules.procedures.game_judge.combatants import combatants
from tactical.rules.procedures.game_judge.declarations import allowance
from tactical.rules.procedures.game_judge.state import (
    DODGE_SHIFTS,
    MOVES,
    Declaration,
    GameJudgeState,
)

PHASE_STEPS: tuple[str, ...] = ("phase-a", "phase-b", "c1", "c2", "c3", "c4", "c5")

SLUGFEST_RANGED = -3
WITHDRAWAL = -4
AGAINST_DISENGAGER = 2

ATTACKING = frozenset({"fire", "strike", "withdraw-strike", "close", "charge", "reach-attack"})


@dataclass(frozen=True)
class Entry:
    """One combatant's part in one phase or sub-step."""

    step: str
    actor: str
    action: str
    """fire, other, strike, withdraw-strike, reach, close, charge, withdraw, disengage, slam."""
    target: str | None = None
    modifiers: tuple[tuple[str, int], ...] = ()
    attacks: int = 1
    areas: int = 0
    destination: str | None = None
    first_strike: str | None = None
    """Who strikes first in sub-step 2 when the target has not yet acted."""
    note: str = ""

    @property
    def key(self) -> str:
        return f"{self.step}:{self.actor}"

    @property
    def shift(self) -> int:
        return sum(cs for _label, cs in self.modifiers)


def areas_text(n: int) -> str:
    return f"{n} area" if n == 1 else f"{n} areas"


def shift_text(cs: int) -> str:
    return f"{cs:+d}CS" if cs else "0CS"


class _Ranker:
    """Acting order: side in initiative order (Master Initiative first), then token order."""

    def __init__(self, encounter: Encounter, state: GameJudgeState) -> None:
        sides = list(state.side_order) + [s for s in encounter.sides if s not in state.side_order]
        self.side_rank = {side: i for i, side in enumerate(sides)}
        self.token_rank = {token_id: i for i, token_id in enumerate(encounter.tokens)}
        self.encounter = encounter

    def __call__(self, token_id: str) -> tuple[int, int]:
        token = self.encounter.token(token_id)
        return (self.side_rank.get(token.side, len(self.side_rank)), self.token_rank[token_id])


def has_master_initiative(state: GameJudgeState, token: Token) -> bool:
    return bool(state.side_order) and state.side_order[0] == token.side


def attack_modifiers(
    encounter: Encounter,
    state: GameJudgeState,
    attacker: Token,
    declaration: Declaration,
    *,
    ranged: bool,
) -> tuple[tuple[str, int], ...]:
    """The column shifts on one attack, each with why."""
    mods: list[tuple[str, int]] = []
    target_id = declaration.target
    target_decl = state.declarations.get(target_id) if target_id else None
    if target_decl is not None and target_id is not None and target_id in encounter.tokens:
        target = encounter.token(target_id)
        moving = target_decl.kind in MOVES and target_decl.areas > 0
        dodging = target_decl.kind == "dodge-move" and DODGE_SHIFTS[target_decl.dodge] != 0
        if moving and (ranged or dodging):
            mods.append(
                (
                    f"target moving {areas_text(target_decl.areas)}",
                    moving_target_modifier(target_decl.areas),
                )
            )
        if dodging:
            mods.append(
                (
                    f"target's {target_decl.dodge.capitalize()} Dodge FEAT",
                    DODGE_SHIFTS[target_decl.dodge],
                )
            )
        if (
            target_decl.kind == "disengage"
            and target.area is not None
            and target.area == attacker.area
        ):
            mods.append(("target disengaging", AGAINST_DISENGAGER))
    if declaration.kind == "fire-move" and declaration.areas > 0:
        mods.append(
            (
                f"firing while moving {areas_text(declaration.areas)}",
                firing_while_moving_modifier(declaration.areas),
            )
        )
    if ranged and declaration.engaged:
        mods.append(("ranged attack in a slugfest", SLUGFEST_RANGED))
    if declaration.kind == "withdraw":
        mods.append(("fighting withdrawal", WITHDRAWAL))
    return tuple(mods)


def _acted(state: GameJudgeState, token_id: str) -> bool:
    return any(f"{step}:{token_id}" in state.done for step in ("phase-a", "phase-b", "c2"))


def entries(encounter: Encounter, state: GameJudgeState, step: str) -> list[Entry]:
    """Everything to resolve in ``step``, in the order it resolves."""
    rank = _Ranker(encounter, state)
    placed = {t.id: t for t in combatants(encounter)}
    declared = sorted((token_id for token_id in state.declarations if token_id in placed), key=rank)
    found: list[Entry] = []
    for token_id in declared:
        token = placed[token_id]
        decl = state.declarations[token_id]
        kind = decl.kind
        if kind in ("ranged", "fire-move"):
            late = decl.engaged and not has_master_initiative(state, token)
            if step == ("phase-b" if late else "phase-a"):
                mods = attack_modifiers(encounter, state, token, decl, ranged=True)
                found.append(
                    Entry(step, token_id, "fire", decl.target, mods, decl.attacks, decl.areas)
                )
        elif kind == "other" and step == "phase-a":
            found.append(Entry(step, token_id, "other", note=decl.note))
        elif kind in ("speed-strike", "speed-charge") and step == "phase-a":
            mods = attack_modifiers(encounter, state, token, decl, ranged=False)
            action = "strike" if kind == "speed-strike" else "charge"
            found.append(Entry(step, token_id, action, decl.target, mods, decl.attacks, decl.areas))
        elif kind in ("slugfest", "withdraw") and step == "phase-b":
            mods = attack_modifiers(encounter, state, token, decl, ranged=False)
            action = "strike" if kind == "slugfest" else "withdraw-strike"
            found.append(Entry(step, token_id, action, decl.target, mods, decl.attacks))
        if (
            step == "c1"
            and kind in ("fire-move", "lateral", "dodge-move")
            and (decl.destination or decl.areas)
        ):
            found.append(
                Entry(step, token_id, "reach", areas=decl.areas, destination=decl.destination)
            )
        elif (step, kind) in (("c3", "withdraw"), ("c4", "disengage")):
            found.append(
                Entry(
                    step,
                    token_id,
                    kind,
                    areas=allowance(token, kind),
                    destination=decl.destination,
                )
            )
    if step == "c2":
        found = _closers_and_chargers(encounter, state, declared, rank)
    if step == "c5":
        slammed = sorted((t.id for t in placed.values() if "slammed" in t.statuses), key=rank)
        found = [Entry(step, token_id, "slam") for token_id in slammed]
    return found


def _closers_and_chargers(
    encounter: Encounter,
    state: GameJudgeState,
    declared: list[str],
    rank: Callable[[str], tuple[int, int]],
) -> list[Entry]:
    movers = [
        t for t in declared if state.declarations[t].kind in ("close", "charge", "reach-attack")
    ]
    movers.sort(key=lambda t: (state.declarations[t].areas, *rank(t)))
    found = []
    for token_id in movers:
        decl = state.declarations[token_id]
        token = encounter.token(token_id)
        target = decl.target
        first = None
        if target is not None and target in encounter.tokens and not _acted(state, target):
            first = min((token_id, target), key=rank)
        mods = attack_modifiers(encounter, state, token, decl, ranged=False)
        found.append(
            Entry(
                "c2",
                token_id,
                decl.kind,
                target,
                mods,
                decl.attacks,
                decl.areas,
                first_strike=first,
            )
        )
    return found


def describe(entry: Entry, name: Callable[[str], str], area_name: Callable[[str], str]) -> str:
    """One line saying what happens: ``Hawk fires at Brute: -1CS (target moving 2 areas -1CS)``."""
    actor = name(entry.actor)
    target = name(entry.target) if entry.target else ""
    where = f" to {area_name(entry.destination)}" if entry.destination else ""
    many = f", {entry.attacks} attacks" if entry.attacks > 1 else ""
    text = {
        "fire": f"{actor} fires at {target}{many}",
        "other": f"{actor}: {entry.note or 'other action'}",
        "strike": f"{actor} strikes {target}{many}",
        "withdraw-strike": f"{actor} strikes {target}{many}, withdrawing",
        "reach": f"{actor} reaches {area_name(entry.destination)}"
        if entry.destination
        else f"{actor} moves {areas_text(entry.areas)}",
        "close": f"{actor} closes on {target} ({areas_text(entry.areas)}){many}",
        "charge": f"{actor} charges {target} ({areas_text(entry.areas)}){many}",
        "reach-attack": f"{actor} reaches {target} from where it stands{many}",
        "withdraw": f"{actor} withdraws up to {areas_text(entry.areas)}{where}",
        "disengage": f"{actor} disengages, up to {areas_text(entry.areas)}{where}",
        "slam": f"{actor} was slammed: resolve additional and collateral damage",
    }[entry.action]
    if entry.action in ATTACKING:
        if entry.modifiers:
            why = ", ".join(f"{label} {shift_text(cs)}" for label, cs in entry.modifiers)
            text += f": {shift_text(entry.shift)} ({why})"
        else:
            text += ": no column shift"
    if entry.first_strike is not None:
        text += f"; first strike: {name(entry.first_strike)} (Master Initiative)"
    return text

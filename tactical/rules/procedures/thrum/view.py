"""What the panel shows for a Thrum fight: the outline, the rows, the one-line instruction.

Notes and the instruction never name a hidden token except to the acting
GM's instruction line for its own turn; notes say "a hidden combatant".
"""

from __future__ import annotations

from typing import Literal

from tactical.core.distance import token_distance
from tactical.core.encounter import Encounter
from tactical.core.grid import Square
from tactical.core.tokens import Token
from tactical.rules.procedure import Combatant, PanelView, StepLine
from tactical.rules.procedures.thrum import order as turn_order
from tactical.rules.procedures.thrum import triggers
from tactical.rules.procedures.thrum.movement import movement_left
from tactical.rules.procedures.thrum.state import (
    ACTION,
    CONDITIONS,
    DEFAULTS,
    END,
    ENDED,
    EXHAUSTED,
    FATIGUE_LOAD,
    FATIGUE_TOLERANCE,
    FRAYED,
    INCAPACITATED,
    INITIATIVE,
    MOVE,
    ORDER,
    PLACEMENT,
    RESOLVE_MOD,
    STANCE,
    STANCE_FIGURE,
    START,
    STRESS_LOAD,
    STRESS_TOLERANCE,
    STUNNED,
    TURN_STEPS,
    ZERO,
    ThrumState,
    combatant_ids,
    display_name,
    end_reason,
    int_figure,
    is_out,
    is_pc,
    stance_of,
)

TITLE = "Thrum"

_OUTLINE: tuple[tuple[str, str, int], ...] = (
    (PLACEMENT, "NPC Placement", 0),
    (INITIATIVE, "Initiative: 2d6 + Initiative modifier", 0),
    (ORDER, "Settle ties and check the order", 1),
    (ZERO, "Round Zero: positions in the Starting Area, first Stances", 0),
    ("rounds", "Rounds 1+", 0),
    (START, "Start of Turn: Panic Roll, start effects", 1),
    (MOVE, "Move up to Speed", 1),
    (ACTION, "Action", 1),
    (STANCE, "Stance", 1),
    (END, "End of Turn: end effects, statuses tick down", 1),
    (ENDED, "End of Combat", 0),
)


def outline(state: ThrumState) -> list[StepLine]:
    """Every step; the "Rounds" header is current while a turn is under way."""
    ids = [line[0] for line in _OUTLINE]
    current = ids.index(state.step) if state.step in ids else 0
    lines = []
    for index, (step_id, title, depth) in enumerate(_OUTLINE):
        status: Literal["done", "current", "todo"]
        if step_id == "rounds":
            title = f"Round {state.round}" if state.round >= 1 else title
            in_rounds = state.step in TURN_STEPS
            status = "current" if in_rounds else ("done" if state.step == ENDED else "todo")
        else:
            status = "current" if index == current else ("done" if index < current else "todo")
        lines.append(StepLine(step_id, title, depth, status))
    return lines


def public_name(token: Token) -> str:
    """A token's name for notes: hidden tokens stay unnamed."""
    return "a hidden combatant" if token.hidden else display_name(token)


def _names(encounter: Encounter, ids: list[str]) -> str:
    return ", ".join(public_name(encounter.tokens[t]) for t in ids if t in encounter.tokens)


def describe_area(squares: list[Square]) -> str:
    """The Starting Area in words: a rectangle by its columns and rows, else its squares."""
    if not squares:
        return "No Starting Area is designated: PCs may start anywhere free."
    cols = [c for c, _ in squares]
    rows = [r for _, r in squares]
    width = max(cols) - min(cols) + 1
    height = max(rows) - min(rows) + 1
    if width * height == len(set(squares)):
        return (
            f"Starting Area: columns {min(cols)}-{max(cols)}, rows {min(rows)}-{max(rows)} "
            f"({len(squares)} squares)."
        )
    listed = ", ".join(f"({c}, {r})" for c, r in squares)
    return f"Starting Area: {len(squares)} squares: {listed}."


def _row(encounter: Encounter, state: ThrumState, token: Token) -> Combatant:
    figures = {
        name: stance_of(token) if name == STANCE_FIGURE else str(int_figure(token, name))
        for name in DEFAULTS
    }
    order = ""
    if token.id in state.initiative:
        order = str(state.initiative[token.id])
        if token.id in state.delayed:
            order += " (delayed)"
    return Combatant(
        token_id=token.id,
        name=display_name(token),
        side=token.side,
        order=order,
        figures=figures,
        statuses=dict(token.statuses),
        acting=token.id == state.current,
        done=token.id in state.acted,
        out=is_out(token, state),
    )


def rows(encounter: Encounter, state: ThrumState) -> tuple[Combatant, ...]:
    return tuple(
        _row(encounter, state, encounter.tokens[t]) for t in combatant_ids(encounter, state)
    )


def next_label(encounter: Encounter, state: ThrumState) -> str:
    """ "next: Bob" or "next: Round 3, Alice"."""
    token_id, new_round = turn_order.next_up(encounter, state)
    if token_id is None:
        return "no one is left to act"
    name = display_name(encounter.tokens[token_id])
    if state.step == ZERO and new_round:
        return "next: Round 1"
    return f"next: Round {state.round + 1}, {name}" if new_round else f"next: {name}"


def instruction(encounter: Encounter, state: ThrumState) -> str:
    token = encounter.tokens.get(state.current) if state.current else None
    name = display_name(token) if token is not None else ""
    reason = end_reason(encounter, state)
    if reason is not None:
        return f"{reason}: end the combat."
    step = state.step
    if step == PLACEMENT:
        return "Place the NPCs on the map, then press 'NPCs placed'; next: Initiative."
    if step == INITIATIVE:
        count = len(combatant_ids(encounter, state))
        return f"Roll Initiative for all {count} combatants: 2d6 + Initiative modifier."
    if step == ORDER:
        first = display_name(encounter.tokens[state.order[0]]) if state.order else "nobody"
        return f"Check the order and settle ties, then begin Round Zero; first: {first}."
    if step == ENDED:
        return f"Combat is over: {state.outcome}. Loads reset; tolerances recorded."
    if token is None:
        return "The acting combatant is gone from the map: end the turn."
    after = next_label(encounter, state)
    if step == ZERO:
        if is_pc(encounter, token):
            return (
                f"Round Zero: {name} takes a position in the Starting Area and a Stance; {after}."
            )
        return f"Round Zero: {name} takes a Stance (placed already); {after}."
    incapacitated = INCAPACITATED in token.statuses
    if step == START:
        if needs_panic(token) and not state.panic_rolled:
            stress = int_figure(token, STRESS_LOAD)
            return (
                f"{name} is Frayed: make a Panic Roll (2d6 + Resolve must exceed Stress Load "
                f"{stress})."
            )
        if incapacitated:
            return (
                f"{name} is Incapacitated: resolve Start of Turn effects; no Move, Action or "
                "Stance."
            )
        return f"Start of {name}'s turn: resolve Start of Turn effects (or Delay); next: Move."
    if step == MOVE:
        return f"{name} moves up to {token.speed} squares on the map, then 'Done moving'."
    if step == ACTION:
        if EXHAUSTED in token.statuses and not incapacitated:
            return (
                f"{name} takes an Action: record Fatigue and Stress dealt; Exhausted, so an "
                "Incapacity Roll follows."
            )
        return f"{name} takes an Action: record Fatigue and Stress dealt, then 'Action done'."
    if step == STANCE:
        current = stance_of(token) or "no Stance"
        return f"{name} takes a new Stance or remains in {current}."
    if step == END:
        extra = "; Incapacitated: Fatigue Tolerance and Load -1" if incapacitated else ""
        return f"End of {name}'s turn: resolve End of Turn effects{extra}; {after}."
    return ""


def needs_panic(token: Token) -> bool:
    """001: "If Stress Load exceeds Stress Tolerance, make a Panic Roll"."""
    return int_figure(token, STRESS_LOAD) > int_figure(token, STRESS_TOLERANCE)


def _ticking(token: Token, state: ThrumState) -> list[str]:
    return [
        f"{status} {stacks} -> {stacks - 1}" if stacks > 1 else f"{status} ends"
        for status, stacks in sorted(token.statuses.items())
        if status not in CONDITIONS and status not in state.lasting
    ]


def notes(encounter: Encounter, state: ThrumState) -> tuple[str, ...]:
    lines: list[str] = []
    token = encounter.tokens.get(state.current) if state.current else None
    if state.step in (PLACEMENT, INITIATIVE, ORDER, ZERO):
        lines.append(describe_area(state.starting_area))
    if state.win_condition:
        lines.append(f"Win Condition: {state.win_condition}")
    if state.defeat_condition:
        lines.append(f"Defeat Condition: {state.defeat_condition}")
    step = state.step
    if step == PLACEMENT:
        off = [
            t for t in encounter.tokens.values() if not is_pc(encounter, t) and t.position is None
        ]
        if off:
            lines.append(
                f"{len(off)} NPC(s) off the map will not take part unless they join later."
            )
    elif step == ORDER:
        for group in turn_order.tied_totals(state):
            total = state.initiative.get(group[0], 0)
            lines.append(
                f"Tied at {total}: {_names(encounter, group)} (higher modifier first, then PCs, "
                "then the GM's choice)."
            )
    elif step == ZERO:
        lines.append("Round Zero: characters take no actions (001 line 22).")
    elif token is not None and step in TURN_STEPS:
        lines += _turn_notes(encounter, state, token)
    elif step == ENDED:
        lines.append("Diminished tolerances and Wounds heal only in Downtime (001 line 99).")
    return tuple(triggers.notes(encounter, state) + lines)


def _turn_notes(encounter: Encounter, state: ThrumState, token: Token) -> list[str]:
    lines: list[str] = []
    step = state.step
    if step == START:
        if needs_panic(token):
            lines.append(
                f"Panic Roll: 2d6{int_figure(token, RESOLVE_MOD):+d} against Stress Load "
                f"{int_figure(token, STRESS_LOAD)}; on a tie or less: Stunned, Stress added "
                "to Fatigue, Stress Tolerance -1."
            )
        if token.id not in state.delayed and not state.panic_rolled:
            lines.append("Delay: once per round, to after a named combatant, for good.")
        if STUNNED in token.statuses:
            lines.append("Stunned: apply its effect this turn.")
    elif step == MOVE:
        left = movement_left(encounter, state, token.id)
        if left is not None:
            lines.append(f"Movement left: {left} of {token.speed}.")
        lines.append(
            f"Speed {token.speed}: one elevation level up or down is free, +1 per level "
            "beyond; leaving Difficult Terrain +1; allies can be passed, not stopped on; "
            "enemies block."
        )
        lines.append(
            "Descending 2+ levels into an adjacent square: Endurance or Reflex roll against "
            "the difference, free on a success; on a fail +1 Slowed (+1 Dazed if movement "
            "is spent)."
        )
        lines.append("Once it stops moving to act, it cannot move again unless the action says so.")
    elif step == ACTION:
        if EXHAUSTED in token.statuses:
            lines.append("Exhausted: +1 Bane on offensive rolls.")
        adjacent = adjacent_enemies(encounter, state, token)
        lines.append(
            f"Ranged attacks: +1 Bane per adjacent enemy ({len(adjacent)} adjacent now). "
            "Cover: +1 Bane."
        )
        exhausted = [
            t
            for t in combatant_ids(encounter, state)
            if EXHAUSTED in encounter.tokens[t].statuses and t != token.id
        ]
        if exhausted:
            lines.append(
                f"Exhausted (a Finisher forces an Incapacity Roll): {_names(encounter, exhausted)}."
            )
        frayed = [
            t for t in combatant_ids(encounter, state) if FRAYED in encounter.tokens[t].statuses
        ]
        if frayed:
            lines.append(f"Frayed (+1 Bane on defensive rolls): {_names(encounter, frayed)}.")
    elif step == STANCE:
        lines.append(f"Current Stance: {stance_of(token) or 'none'}. One Stance at a time.")
    elif step == END:
        ticking = _ticking(token, state)
        if ticking:
            lines.append("Ticking down: " + ", ".join(ticking) + ".")
        if INCAPACITATED in token.statuses:
            tolerance = max(0, int_figure(token, FATIGUE_TOLERANCE) - 1)
            load = max(0, int_figure(token, FATIGUE_LOAD) - 1)
            wound = " and a Wound" if tolerance == 0 and load > 0 else ""
            lines.append(f"Incapacitated: Fatigue Tolerance {tolerance}, Load {load}{wound}.")
    return lines


def adjacent_enemies(encounter: Encounter, state: ThrumState, token: Token) -> list[str]:
    """Enemy combatants at distance 1 (001 line 60: Ranged attacks, +1 Bane for each)."""
    return [
        t
        for t in combatant_ids(encounter, state)
        if t != token.id
        and encounter.are_enemies(token.side, encounter.tokens[t].side)
        and token_distance(encounter, token.id, t) == 1
    ]


def panel_view(encounter: Encounter, state: ThrumState) -> PanelView:
    actor = encounter.tokens.get(state.current) if state.current else None
    hidden_actor = actor is not None and actor.hidden
    targets = frozenset(t for t in state.targets if t in encounter.tokens)
    return PanelView(
        title=TITLE,
        steps=tuple(outline(state)),
        instruction=instruction(encounter, state),
        combatants=rows(encounter, state),
        round=state.round,
        acting=frozenset({actor.id}) if actor is not None else frozenset(),
        targets=frozenset() if hidden_actor else targets,
        secret_targets=targets if hidden_actor else frozenset(),
        notes=notes(encounter, state),
        ended=state.ended,
    )

"""What the panel shows for Side initiative: the round's outline, the sides' order, one line.

Step titles are public and name only sides. The instruction is the GM's.
Notes never name a hidden combatant ("a hidden combatant" instead).
"""

from __future__ import annotations

from typing import Literal

from tactical.core.encounter import Encounter
from tactical.rules.procedure import Combatant, PanelView, StepLine
from tactical.rules.procedures.side_initiative.morale import (
    due,
    fights_to_the_death,
    is_players,
    record,
    side_morale,
)
from tactical.rules.procedures.side_initiative.movement import in_melee
from tactical.rules.procedures.side_initiative.order import (
    acting_groups,
    ranked,
    sides_in_fight,
    unresolved_ties,
)
from tactical.rules.procedures.side_initiative.state import (
    PHASE_TITLES,
    PHASES,
    Declaration,
    SideState,
)

KIND_TEXT = {"spell": "Spell", "rune": "Rune", "flee": "Flees melee"}


def declaration_text(declaration: Declaration) -> str:
    text = KIND_TEXT[declaration.kind]
    if declaration.detail:
        text += f": {declaration.detail}"
    if declaration.disrupted:
        text += " (disrupted)"
    elif declaration.cast:
        text += " (cast)"
    return text


def _side_name(encounter: Encounter, side: str) -> str:
    found = encounter.sides.get(side)
    return found.name if found is not None else side


def _group_name(encounter: Encounter, group: list[str]) -> str:
    return " and ".join(_side_name(encounter, s) for s in group)


def public_name(encounter: Encounter, token_id: str) -> str:
    token = encounter.token(token_id)
    return "a hidden combatant" if token.hidden else token.name


def groups(encounter: Encounter, state: SideState) -> list[list[str]]:
    """The order of play as known now: fixed once begun, provisional after the roll."""
    if state.order:
        return state.order
    if state.initiative:
        return acting_groups(state, sides_in_fight(encounter, state))
    return []


# -- outline ------------------------------------------------------------------


def outline(encounter: Encounter, state: SideState) -> list[StepLine]:
    lines: list[tuple[str, str, int]] = [
        ("declarations", "1. Declarations: spells, runes, flight from melee", 0),
        ("initiative", "2. Initiative: 1d6 per side, highest first", 0),
    ]
    known = groups(encounter, state)
    headers = (
        [f"Acting{' together' if len(g) > 1 else ''}: {_group_name(encounter, g)}" for g in known]
        if known
        else ["Winning side acts", "Other sides act, highest roll first"]
    )
    for index, header in enumerate(headers):
        number = "3." if index == 0 else "4."
        lines.append((f"act-{index}", f"{number} {header}", 0))
        lines.extend((f"act-{index}-{phase}", PHASE_TITLES[phase], 1) for phase in PHASES)
    lines.append(("morale", "5. Morale checks for the Referee's sides", 0))
    ids = [line[0] for line in lines]
    current = ids.index(state.step) if state.step in ids else (len(ids) if state.ended else -1)
    result: list[StepLine] = []
    for index, (step_id, title, depth) in enumerate(lines):
        status: Literal["done", "current", "todo"]
        if step_id == state.step:
            status = "current"
        elif depth == 0 and step_id.startswith("act-"):
            last = index + len(PHASES)
            status = "done" if current > last else "todo"
        else:
            status = "done" if index < current else "todo"
        result.append(StepLine(step_id, title, depth, status))
    return result


# -- rows ---------------------------------------------------------------------


def _order_text(state: SideState, side: str) -> str:
    rolls = state.initiative.get(side)
    if not rolls:
        return ""
    text = ", ".join(str(r) for r in rolls)
    if any(side in g for g in state.simultaneous):
        text += " (together)"
    if side in state.waiting:
        text = f"waits ({text})"
    return text


def _figures(encounter: Encounter, token_id: str) -> dict[str, str]:
    figures = encounter.token(token_id).figures
    shown: dict[str, str] = {
        name: str(figures[name])
        for name in ("hp", "max_hp", "speed_ft", "morale", "missile")
        if name in figures
    }
    return shown


def _acting_sides(state: SideState) -> list[str]:
    if state.step.startswith("act-") and state.group < len(state.order):
        return state.order[state.group]
    return []


def _side_done(state: SideState, side: str) -> bool:
    if state.step == "morale":
        return True
    if not state.step.startswith("act-"):
        return False
    return any(side in g for g in state.order[: state.group])


def _row(encounter: Encounter, state: SideState, token_id: str) -> Combatant:
    token = encounter.token(token_id)
    declaration = state.declarations.get(token_id)
    secret = revealed = ""
    if declaration is not None:
        if declaration.secret:
            secret = declaration_text(declaration)
        else:
            revealed = declaration_text(declaration)
    if record(state, token.side).broken_round is not None and token_id not in state.out:
        revealed = "; ".join(x for x in (revealed, "Morale broken: flees or surrenders") if x)
    return Combatant(
        token_id=token_id,
        name=token.name,
        side=token.side,
        order=_order_text(state, token.side),
        figures=_figures(encounter, token_id),
        statuses=dict(token.statuses),
        acting=token.side in _acting_sides(state) and token_id not in state.out,
        done=token_id in state.acted or _side_done(state, token.side),
        out=token_id in state.out,
        secret=secret,
        revealed=revealed,
    )


def _row_order(encounter: Encounter, state: SideState) -> list[str]:
    known = groups(encounter, state)
    side_order = [s for g in known for s in g]
    if not side_order and state.initiative:
        side_order = ranked(state, sides_in_fight(encounter, state))
    side_order += [s for s in encounter.sides if s not in side_order]
    placed = [t for t in encounter.tokens.values() if t.position is not None]
    return [t.id for side in side_order for t in placed if t.side == side]


# -- instruction and notes ----------------------------------------------------


def instruction(encounter: Encounter, state: SideState) -> str:
    if state.ended:
        return "The fight is over."
    if state.step == "declarations":
        return (
            f"Round {state.round}: ask every combatant, yours too, whether it casts a spell, "
            "uses a rune or flees melee this round; then roll initiative."
        )
    sides = sides_in_fight(encounter, state)
    if state.step == "initiative":
        ties = unresolved_ties(state, sides)
        if ties:
            rolls = ", ".join(str(r) for r in state.initiative[ties[0][0]])
            return (
                f"{_group_name(encounter, ties[0])} tie at {rolls}: re-roll, "
                "or let them act simultaneously."
            )
        order = acting_groups(state, sides)
        return f"First to act: {_group_name(encounter, order[0])}. Begin with their movement."
    if state.step.startswith("act-"):
        group = _group_name(encounter, state.order[state.group])
        if state.attack is not None:
            attack = state.attack
            why = f" ({attack.why})" if attack.why else ""
            return (
                f"{encounter.token(attack.attacker).name} makes a {attack.kind} attack on "
                f"{encounter.token(attack.target).name}: roll with {attack.modifier:+d}{why}; "
                "record a hit with its damage, or a miss."
            )
        return {
            "movement": f"{group}, movement: move each combatant (half Speed in melee, "
            "none when casting); then missile attacks.",
            "missile": f"{group}, missile attacks: pick attacker and target for each shot "
            "or throw; then magic.",
            "magic": f"{group}, magic: cast the declared spells and runes still standing, "
            "apply their effects with Harm; then melee.",
            "melee": f"{group}, melee attacks and other actions, at 5 ft or less; then next.",
        }[state.phase]
    if state.step == "morale":
        for side in sides:
            reasons = due(encounter, state, side)
            if reasons:
                morale = side_morale(encounter, side)
                against = f"Morale {morale}" if morale is not None else "its Morale (set it)"
                return (
                    f"Morale: {_side_name(encounter, side)} must check ({', '.join(reasons)}): "
                    f"roll 2d6 against {against}; above it, they break."
                )
        if len(sides) <= 1:
            return "Morale: only one side is left in the fight: end combat."
        return f"Morale: no check is due. Start round {state.round + 1}."
    return ""


def _movement_note(encounter: Encounter, state: SideState, token_id: str) -> str:
    token = encounter.token(token_id)
    speed = token.figures.get("speed_ft")
    feet = int(speed) if isinstance(speed, int | float) and not isinstance(speed, bool) else 0
    who = public_name(encounter, token_id)
    declaration = state.declarations.get(token_id)
    if record(state, token.side).broken_round is not None:
        return f"{who}: morale broken, flees or surrenders."
    if declaration is not None and declaration.kind in ("spell", "rune"):
        return f"{who}: casting, may not move."
    if in_melee(encounter, state, token_id):
        if declaration is not None and declaration.kind == "flee":
            return f"{who}: flees melee, up to {feet} ft (no attack this round)."
        return f"{who}: in melee, up to {feet // 2} ft (more only by fleeing, declared)."
    return f"{who}: up to {feet} ft, or flee the encounter running at {3 * feet} ft."


def notes(encounter: Encounter, state: SideState) -> tuple[str, ...]:
    lines: list[str] = []
    if state.attack is not None and state.attack.warning:
        lines.append(state.attack.warning)
    acting = _acting_sides(state)
    if state.step.startswith("act-") and state.phase == "movement":
        for token_id in [t.id for t in encounter.tokens.values() if t.side in acting]:
            if token_id not in state.out and encounter.token(token_id).position is not None:
                lines.append(_movement_note(encounter, state, token_id))
    if state.step.startswith("act-") and state.phase == "missile":
        lines.append(
            "Missiles: more than 5 ft away; short +1, medium 0, long -1; "
            "cover -1 to -4, none through full cover."
        )
    for token_id, declaration in state.declarations.items():
        if declaration.disrupted:
            lines.append(f"{public_name(encounter, token_id)}: {declaration_text(declaration)}.")
    for side in sides_in_fight(encounter, state):
        if is_players(side):
            continue
        rec = record(state, side)
        name = _side_name(encounter, side)
        if rec.broken_round is not None:
            lines.append(f"{name}: morale broken, they flee or surrender.")
            continue
        reason = fights_to_the_death(encounter, state, side)
        morale = side_morale(encounter, side)
        lines.append(
            f"{name}: Morale {morale if morale is not None else '(not set)'}, "
            f"{rec.successes} successful check{'s' if rec.successes != 1 else ''}"
            + (f"; {reason}" if reason else "")
            + "."
        )
    return tuple(lines)


def panel_view(title: str, encounter: Encounter, state: SideState) -> PanelView:
    rows = tuple(_row(encounter, state, t) for t in _row_order(encounter, state))
    targets = frozenset({state.attack.target}) if state.attack is not None else frozenset()
    return PanelView(
        title=title,
        steps=tuple(outline(encounter, state)),
        instruction=instruction(encounter, state),
        combatants=rows,
        round=state.round,
        acting=frozenset(r.token_id for r in rows if r.acting),
        targets=targets,
        notes=notes(encounter, state),
        ended=state.ended,
    )

"""What the panel shows for Two-second turns: the outline, the order, one line of what to do.

Step titles are public, so they never name anyone. The instruction is the
GM's: it names a hidden character with "(hidden)". Notes call a hidden
character "a hidden character", so they can be read out at the table.
"""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.rules.procedure import Combatant, PanelView, StepLine, mark_outline
from tactical.rules.procedures.two_second_turns.clusters import cluster_of
from tactical.rules.procedures.two_second_turns.effects import (
    can_defend,
    is_dazed,
    stumble_from,
)
from tactical.rules.procedures.two_second_turns.flow import gm_name, public_name
from tactical.rules.procedures.two_second_turns.measure import cluster_size_penalty
from tactical.rules.procedures.two_second_turns.order import still_to_act
from tactical.rules.procedures.two_second_turns.state import Ready, TurnsState

OUTLINE = [
    ("setup", "Place the combatants (a shared square is a combat cluster)", 0),
    ("initiative", "Initiative: willpower d6 + dexterity, ties to higher willpower", 0),
    ("turn-start", "Each turn in order: at its start, delay or ready", 0),
    ("action", "Act: move, melee in a cluster, shoot, apply effects; end the turn", 1),
    ("ranged", "Ranged attack: re-roll through the cluster", 2),
]
_RANK = {step: index for index, (step, _title, _depth) in enumerate(OUTLINE)}


def outline(state: TurnsState) -> list[StepLine]:
    if state.ended:
        return mark_outline(OUTLINE, "", {s for s, _t, _d in OUTLINE})
    rank = _RANK.get(state.step, 0)
    done = {s for s, _t, _d in OUTLINE if _RANK[s] < rank and s != "ranged"}
    if state.step == "ranged":
        done.discard("action")
    return mark_outline(OUTLINE, state.step, done)


def ready_text(ready: Ready) -> str:
    return f"Ready: {ready.action}, when {ready.trigger}"


def _combatant(encounter: Encounter, state: TurnsState, token_id: str) -> Combatant:
    token = encounter.token(token_id)
    order = str(token.figures.get("initiative", "")) if state.step != "setup" else ""
    if token_id in state.delayed:
        order += " (delayed)"
    ready = state.readies.get(token_id)
    figures: dict[str, str] = {
        name: str(token.figures[name])
        for name in ("initiative", "dexterity", "willpower")
        if name in token.figures
    }
    return Combatant(
        token_id=token_id,
        name=token.name,
        side=token.side,
        order=order,
        figures=figures,
        statuses=dict(token.statuses),
        acting=token_id == state.acting,
        done=token_id in state.done,
        out=token_id in state.out,
        secret=ready_text(ready) if ready is not None and ready.secret else "",
        revealed=ready_text(ready) if ready is not None and not ready.secret else "",
    )


def _next_up(encounter: Encounter, state: TurnsState) -> str:
    pending = [t for t in still_to_act(state.order, state.done, state.out) if t != state.acting]
    if pending:
        return f"Next: {gm_name(encounter, pending[0])}."
    first = next((t for t in state.order if t not in state.out and t != state.acting), None)
    if first is None:
        return "Next: no one else."
    return f"Next: round {state.round + 1}, {gm_name(encounter, first)}."


def instruction(encounter: Encounter, state: TurnsState) -> str:
    if state.ended:
        return "The fight is over."
    if state.step == "setup":
        return (
            "Place the combatants (characters in one square form a combat cluster), "
            "then roll initiative."
        )
    if state.step == "initiative":
        first = next((t for t in state.order if t not in state.out), None)
        who = gm_name(encounter, first) if first else "no one"
        return (
            f"Check the order (ties: higher willpower first), then start round 1: {who} acts first."
        )
    if state.step == "ranged" and state.chain is not None:
        chain = state.chain
        attempt = f" (re-roll {chain.index})" if chain.index else ""
        return (
            f"{gm_name(encounter, chain.attacker)} shoots at "
            f"{gm_name(encounter, chain.target)}{attempt}: roll with penalty "
            f"{chain.penalty} on consistency, then record hit, dodged or blocked."
        )
    if state.acting is None:
        return "No one is left to act: end the fight."
    who = gm_name(encounter, state.acting)
    next_up = _next_up(encounter, state)
    if is_dazed(state, state.acting):
        return f"Round {state.round}: {who} is dazed and takes no actions: end the turn. {next_up}"
    if state.step == "turn-start":
        return (
            f"Round {state.round}, {who}'s turn: delay, ready an action, or act; "
            f"then end the turn. {next_up}"
        )
    return (
        f"Round {state.round}, {who} acts: move, attack, apply effects; "
        f"then end the turn. {next_up}"
    )


def notes(encounter: Encounter, state: TurnsState) -> tuple[str, ...]:
    lines: list[str] = []
    seen: set[str] = set()
    for token_id in state.order:
        if token_id in state.out or token_id in seen:
            continue
        cluster = cluster_of(encounter, token_id, state.out)
        seen.update(cluster)
        if len(cluster) > 1:
            names = ", ".join(public_name(encounter, t) for t in state.order if t in cluster)
            lines.append(
                f"Cluster of {len(cluster)}: {names}; a shot into it takes a penalty of "
                f"{cluster_size_penalty(len(cluster))}."
            )
    for token_id in state.order:
        direction = stumble_from(state, token_id)
        if direction is not None:
            lines.append(
                f"{public_name(encounter, token_id)} is stumbling: cannot move {direction}, "
                "no ranged attacks, melee only inside its cluster."
            )
        if token_id not in state.out and not can_defend(state, token_id):
            lines.append(f"{public_name(encounter, token_id)} cannot make defensive rolls (daze).")
    for token_id, ready in state.readies.items():
        lines.append(
            f"{public_name(encounter, token_id)}: {ready_text(ready)}; lapses at its next turn."
        )
    return tuple(lines)


def panel_view(title: str, encounter: Encounter, state: TurnsState) -> PanelView:
    ids = state.order or [t.id for t in encounter.tokens.values() if t.position is not None]
    ids = [t for t in ids if t in encounter.tokens]
    ids += [t for t in state.out if t not in ids and t in encounter.tokens]
    combatants = tuple(_combatant(encounter, state, t) for t in ids)
    targets: set[str] = set()
    secret_targets: set[str] = set()
    if state.chain is not None:
        targets.add(state.chain.target)
    for ready in state.readies.values():
        if ready.target:
            (secret_targets if ready.secret else targets).add(ready.target)
    return PanelView(
        title=title,
        steps=tuple(outline(state)),
        instruction=instruction(encounter, state),
        combatants=combatants,
        round=state.round,
        acting=frozenset({state.acting} if state.acting else ()),
        targets=frozenset(targets),
        secret_targets=frozenset(secret_targets - targets),
        notes=notes(encounter, state),
        ended=state.ended,
    )

"""What the panel shows: the outline, one instruction line, the combatants in clockwise order.

The instruction and the notes are public (they may stand on the shared
screen): they never name a hidden creature and never tell an unrevealed card.
Unrevealed cards and their targets go to ``Combatant.secret`` and
``PanelView.secret_targets`` only.
"""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.core.tokens import Token
from tactical.rules.procedure import Combatant, PanelView, StepLine
from tactical.rules.procedures.approximated_fray import flow
from tactical.rules.procedures.approximated_fray.actions import undeclared
from tactical.rules.procedures.approximated_fray.cards import PHASES, in_hand
from tactical.rules.procedures.approximated_fray.levels import (
    INJURY_NAMES,
    MORALE_NAMES,
    describe,
    levels_text,
)
from tactical.rules.procedures.approximated_fray.roster import (
    area_name,
    clockwise,
    covered_by,
    fatigue,
    fatigue_max,
    hand,
    hand_error,
    hops,
    injury,
    morale,
    out_of_fight,
    panicked,
    public_name,
    reach_note,
    seat_label,
    unconscious,
)
from tactical.rules.procedures.approximated_fray.state import Declaration, FrayState, Item
from tactical.rules.procedures.approximated_fray.text import (
    declaration_text,
    effect_text,
    modifier_text,
)

TITLE = "Approximated Fray"

OUTLINE: list[tuple[str, str, int]] = [("staging", "Staging: cards chosen in secret", 0)]
for _phase in PHASES:
    OUTLINE += [
        (_phase, f"{_phase.title()} phase", 0),
        (f"{_phase}.attacks", "Reveal; attacks and other actions", 1),
        (f"{_phase}.moves", "Moves", 1),
        (f"{_phase}.effects", "Effects land", 1),
    ]
OUTLINE += [
    ("mopup", "Mop Up", 0),
    (flow.CONDITIONS, "Dissolve conditions", 1),
    (flow.DAMAGE, "Damage from effects", 1),
    (flow.RECOVERY, "Recovery rolls", 1),
    (flow.HEALING, "After the fight: healing", 0),
    (flow.OVER, "Combat over", 0),
]


def outline(step: str) -> list[StepLine]:
    """Steps before the current one are done; a parent of the current step is current too."""
    ids = [line[0] for line in OUTLINE]
    index = ids.index(step) if step in ids else 0
    lines = []
    for position, (step_id, title, depth) in enumerate(OUTLINE):
        if step_id == step or step.startswith(step_id + "."):
            status = "current"
        elif position < index:
            status = "done"
        else:
            status = "todo"
        lines.append(StepLine(step_id, title, depth, status))  # type: ignore[arg-type]
    return lines


# -- rows --------------------------------------------------------------------


def _figures(token: Token, state: FrayState) -> dict[str, str]:
    top = fatigue_max(token, state.fatigue_reset)
    figures = {
        "injury": describe(INJURY_NAMES, injury(token)),
        "morale": describe(MORALE_NAMES, morale(token)),
        "fatigue": f"{fatigue(token)}/{top}" if top is not None else str(fatigue(token) or "-"),
    }
    cards = hand(token)
    spent = [c.name for c in state.spent.get(token.id, [])]
    declaration = state.declarations.get(token.id)
    if declaration is not None and not declaration.revealed and declaration.card in spent:
        # Spent, but still face down: the players may not read it yet.
        spent.remove(declaration.card)
        spent.append("1 face down")
    if cards:
        left = len(in_hand(cards, spent))
        figures["cards"] = f"{left} in hand" + (f", out: {', '.join(spent)}" if spent else "")
    elif spent:
        figures["cards"] = f"out: {', '.join(spent)}"
    else:
        figures["cards"] = hand_error(token)
    return figures


def _done(state: FrayState, token_id: str) -> bool:
    if state.step == flow.STAGING:
        return token_id in state.declarations or token_id in state.passed
    if token_id in state.passed:
        return True
    declaration = state.declarations.get(token_id)
    if declaration is None:
        return False
    phase = flow.phase_of(state.step)
    if phase is None:
        return True
    if declaration.cancelled:
        return True
    if PHASES.index(declaration.phase) != PHASES.index(phase):
        return PHASES.index(declaration.phase) < PHASES.index(phase)
    return all(i.outcome for i in state.queue if i.token == token_id and i.part != "damage")


def acting(encounter: Encounter, state: FrayState) -> str | None:
    if state.step == flow.STAGING:
        waiting = undeclared(encounter, state)
        return waiting[0].id if waiting else None
    if state.hit is not None:
        return state.hit.target
    item = flow.current_item(state)
    return item.token if item is not None else None


def _row(encounter: Encounter, state: FrayState, token: Token, now: str | None) -> Combatant:
    declaration = state.declarations.get(token.id)
    secret = revealed = ""
    if declaration is not None:
        if declaration.revealed:
            revealed = declaration_text(encounter, declaration)
        else:
            secret = declaration_text(encounter, declaration)
    elif token.id in state.passed:
        revealed = "no card"
    return Combatant(
        token_id=token.id,
        name=token.name,
        side=token.side,
        order=seat_label(token),
        figures=_figures(token, state),
        statuses=dict(token.statuses),
        acting=token.id == now,
        done=_done(state, token.id),
        out=bool(out_of_fight(token)),
        secret=secret,
        revealed=revealed,
    )


# -- what to do now ------------------------------------------------------------


def _targets(encounter: Encounter, declaration: Declaration) -> set[str]:
    found = {declaration.target} if declaration.target else set()
    if declaration.area is not None and declaration.kind != "move":
        covered = covered_by(encounter, declaration.area)
        found |= {t.id for t in encounter.tokens.values() if t.area in covered}
    found.discard(declaration.token)
    return {t for t in found if t in encounter.tokens}


def instruction(encounter: Encounter, state: FrayState) -> str:
    step = state.step
    if step == flow.STAGING:
        waiting = undeclared(encounter, state)
        if not waiting:
            return f"Staging, round {state.round}: all cards are down. Begin the First phase."
        visible = [t for t in clockwise(encounter) if not out_of_fight(t) and not t.hidden]
        down = sum(1 for t in visible if t not in waiting)
        count = f"({down} of {len(visible)} down)"
        if waiting[0].hidden:
            return f"Staging, round {state.round}: the GM chooses in secret {count}."
        return (
            f"Staging, round {state.round}: {waiting[0].name} chooses a card and a "
            f"target in secret {count}."
        )
    phase = flow.phase_of(step)
    if phase is not None:
        return _phase_instruction(encounter, state, phase.title())
    if step == flow.CONDITIONS:
        return "Mop Up: each creature may dissolve its conditions, if they are dissolvable."
    if step == flow.DAMAGE:
        item = flow.current_item(state)
        assert item is not None
        if flow.gone(encounter, item):
            return "Mop Up: this creature is no longer on the map; skip it."
        who = public_name(encounter.token(item.token))
        return f"Mop Up: {who} takes damage from {item.condition}."
    if step == flow.RECOVERY:
        if "party" not in state.recovered and flow.needs_recovery(encounter, state, "party"):
            return "Mop Up: one player rolls 1d6 for the party's recovery; then the GM rolls."
        return "Mop Up: the GM rolls 1d6 for the recovery of his creatures."
    if step == flow.HEALING:
        return "The fight is over: heal with spells on hand or skill (once each), then end."
    return "Combat over: every card is back in hand and fatigue is reset."


def _phase_instruction(encounter: Encounter, state: FrayState, phase: str) -> str:
    item = flow.current_item(state)
    if item is None:
        count = len(state.pending)
        landing = f"{count} effect{'s' if count != 1 else ''} land" if count else "nothing lands"
        return f"End of the {phase} phase: {landing}."
    if flow.gone(encounter, item):
        return f"{phase} phase: this card's creature is no longer on the map; skip it."
    actor = encounter.token(item.token)
    who = public_name(actor)
    declaration = state.declarations.get(item.token)
    card = declaration.card if declaration is not None else "its card"
    if state.hit is not None:
        target = public_name(encounter.token(state.hit.target))
        return (
            f"{phase} phase: {target} is hit for {levels_text(state.hit.levels, 'injury')}; "
            f"trade fatigue one for one?"
        )
    if item.part == "attack":
        assert item.target is not None
        target = public_name(encounter.token(item.target))
        return f"{phase} phase, attacks: {who}'s {card} on {target}. Hit or miss?"
    if item.part == "other":
        return f"{phase} phase: {who} plays {card}; hold its effects until the phase ends."
    if item.to is None:
        return f"{phase} phase, moves: {who} ({card}) moves; choose the area."
    return f"{phase} phase, moves: {who} ({card}) moves to {area_name(encounter, item.to)}."


def _reach_notes(encounter: Encounter, state: FrayState, item: Item) -> list[str]:
    """How far the current attack reaches or the current move goes, from the engine."""
    actor = encounter.token(item.token)
    if actor.hidden:
        return []
    declaration = state.declarations.get(item.token)
    charging = declaration is not None and declaration.kind == "charge"
    if item.part == "attack" and item.target is not None and not charging:
        # A charge's attack comes before its move (000), so its reach says nothing.
        target = encounter.token(item.target)
        note = "" if target.hidden else reach_note(encounter, actor, target)
        return [note] if note else []
    here = actor.position
    if item.part != "move" or item.to is None or not isinstance(here, str) or here == item.to:
        return []
    apart = hops(encounter, here, item.to)
    if apart is not None and apart <= actor.speed:
        return []
    far = "no route" if apart is None else f"{apart} areas"
    return [
        f"{area_name(encounter, item.to)} is {far} from {area_name(encounter, here)} "
        f"({actor.name}'s speed is {actor.speed})"
    ]


def notes(encounter: Encounter, state: FrayState) -> tuple[str, ...]:
    found: list[str] = []
    now = acting(encounter, state)
    if now is not None and now not in encounter.tokens:
        now = None
    if flow.phase_of(state.step) is not None and now is not None:
        token = encounter.token(now)
        if not token.hidden and state.hit is None:
            found.append(modifier_text(token))
    for effect in state.pending:
        target = encounter.tokens.get(effect.target)
        if target is not None and not target.hidden:
            found.append(f"At phase end: {effect_text(encounter, effect)}")
    item = flow.current_item(state)
    if item is not None and state.hit is None and not flow.gone(encounter, item):
        found += _reach_notes(encounter, state, item)
    for token in clockwise(encounter):
        if token.hidden:
            continue
        if unconscious(token):
            found.append(f"{token.name} is mortally wounded: a resolve is needed to avoid death")
        elif panicked(token) and not out_of_fight(token) and state.step == flow.STAGING:
            found.append(f"{token.name} is Panicked: it plays its best move card to flee")
    if state.step == flow.STAGING and state.round == 1 and not state.declarations:
        found.append("Players may discuss their choices; cards go down face down (000)")
    return tuple(found)


def view(encounter: Encounter, state: FrayState) -> PanelView:
    now = acting(encounter, state)
    order = clockwise(encounter)
    phase = flow.phase_of(state.step)
    public: set[str] = set()
    secret: set[str] = set()
    for declaration in state.declarations.values():
        if declaration.token not in encounter.tokens:
            continue
        targets = _targets(encounter, declaration)
        actor_hidden = encounter.token(declaration.token).hidden
        if not declaration.revealed:
            secret |= targets
        elif declaration.phase == phase and not declaration.cancelled:
            for target in targets:
                hidden = actor_hidden or encounter.token(target).hidden
                (secret if hidden else public).add(target)
    return PanelView(
        title=TITLE,
        steps=tuple(outline(state.step)),
        instruction=instruction(encounter, state),
        combatants=tuple(_row(encounter, state, t, now) for t in order),
        round=state.round,
        acting=frozenset({now} if now else ()),
        targets=frozenset(public),
        secret_targets=frozenset(secret - public),
        notes=notes(encounter, state),
        ended=state.ended,
    )

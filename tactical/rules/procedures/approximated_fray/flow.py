"""Moving through the turn: reveal a phase, resolve its queue, land effects, Mop Up.

000's turn: "1) The Staging ... 2) The First Phase ... 3) The Middle Phase ...
4) The Last Phase ... 5) The Mop Up". Inside a phase "all damage actions are
executed before any moving is done", so a phase's queue holds every attack
and other action in clockwise order, then every move in clockwise order; a
charge gives one of each ("charging is executed as an attack first and then
a move"). Effects wait in ``state.pending`` and land when the phase ends.

Steps that have nothing to do are passed over: a phase without attacks goes
straight to its moves, a Mop Up without conditions to its damage, and so on.
Each phase still stops at its end ("Effects land") so the GM sees the phase
close, and the next phase's cards are revealed by the same press.
"""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.rules.context import ActionContext
from tactical.rules.procedures.approximated_fray.cards import PHASES, RECOVERY_DIE, Phase
from tactical.rules.procedures.approximated_fray.levels import (
    DAMAGING,
    FATIGUE,
    INJURY,
    INJURY_NAMES,
    MORALE,
    MORALE_NAMES,
    PANICKED,
    TOP,
    TRACKED_STATUSES,
    UNCONSCIOUS,
    clamp_level,
    describe,
)
from tactical.rules.procedures.approximated_fray.roster import (
    clockwise,
    covered_by,
    fatigue,
    fatigue_max,
    injury,
    is_party,
    morale,
    out_of_fight,
)
from tactical.rules.procedures.approximated_fray.state import (
    Effect,
    FrayState,
    Item,
    SpentCard,
)

STAGING = "staging"
CONDITIONS = "mopup.conditions"
DAMAGE = "mopup.damage"
RECOVERY = "mopup.recovery"
HEALING = "healing"
OVER = "over"


def phase_of(step: str) -> Phase | None:
    head = step.split(".")[0]
    for phase in PHASES:
        if head == phase:
            return phase
    return None


def current_item(state: FrayState) -> Item | None:
    return state.queue[state.cursor] if state.cursor < len(state.queue) else None


def gone(encounter: Encounter, item: Item) -> bool:
    """True when the GM removed the item's creature (or its target) from the encounter."""
    return item.token not in encounter.tokens or (
        item.target is not None and item.target not in encounter.tokens
    )


# -- levels ------------------------------------------------------------------


def set_injury(ctx: ActionContext, token_id: str, level: int) -> str:
    """Set the injury level; the fourth makes the creature unconscious. Returns a report."""
    level = clamp_level(level)
    ctx.set_figure(token_id, INJURY, level)
    ctx.set_status(token_id, UNCONSCIOUS, 1 if level >= TOP else None)
    name = ctx.encounter.token(token_id).name
    if level >= TOP:
        return f"{name} is Mortally wounded and falls unconscious"
    return f"{name} is {describe(INJURY_NAMES, level)}"


def set_morale(ctx: ActionContext, token_id: str, level: int) -> str:
    level = clamp_level(level)
    ctx.set_figure(token_id, MORALE, level)
    ctx.set_status(token_id, PANICKED, 1 if level >= TOP else None)
    name = ctx.encounter.token(token_id).name
    if level >= TOP:
        return f"{name} is Panicked and will flee"
    return f"{name} is {describe(MORALE_NAMES, level)}"


def free_fatigue(encounter: Encounter, state: FrayState, token_id: str) -> int:
    """Fatigue left to trade, counting what pending effects already spend."""
    held = sum(e.fatigue for e in state.pending if e.target == token_id)
    return max(0, fatigue(encounter.token(token_id)) + held)


# -- the phases ----------------------------------------------------------------


def spend_declared(encounter: Encounter, state: FrayState) -> None:
    """The cards put down in the Staging leave their hands until a recovery roll."""
    for token_id, declaration in state.declarations.items():
        if token_id in encounter.tokens:
            state.spent.setdefault(token_id, []).append(
                SpentCard(name=declaration.card, recovery=declaration.recovery)
            )


def begin_phase(encounter: Encounter, state: FrayState, phase: Phase) -> None:
    """Flip this phase's cards and queue their resolution (attacks first, then moves)."""
    order = clockwise(encounter)
    attacks: list[Item] = []
    moves: list[Item] = []
    for token in order:
        declaration = state.declarations.get(token.id)
        if declaration is None or declaration.phase != phase:
            continue
        declaration.revealed = True
        why = out_of_fight(token)
        if why:
            declaration.cancelled = why
            continue
        target = encounter.tokens.get(declaration.target) if declaration.target else None
        aimed_at = target.position if target is not None else None
        if declaration.kind in ("move", "charge") and declaration.to is None:
            declaration.to = aimed_at if isinstance(aimed_at, str) else None
        if declaration.kind in ("attack", "charge"):
            if target is not None:
                attacks.append(Item(token=token.id, part="attack", target=target.id))
            elif declaration.area is not None:
                covered = covered_by(encounter, declaration.area)
                victims = [t.id for t in order if t.area in covered and t.id != token.id]
                attacks.extend(Item(token=token.id, part="attack", target=v) for v in victims)
                if not victims:
                    attacks.append(Item(token=token.id, part="other", to=declaration.area))
            else:
                attacks.append(Item(token=token.id, part="other"))
        elif declaration.kind == "other":
            attacks.append(
                Item(
                    token=token.id,
                    part="other",
                    target=declaration.target,
                    to=declaration.area,
                )
            )
        if declaration.kind in ("move", "charge"):
            moves.append(Item(token=token.id, part="move", to=declaration.to))
    state.queue = attacks + moves
    state.cursor = 0
    state.hit = None
    state.step = f"{phase}.attacks"
    settle(encounter, state)


def settle(encounter: Encounter, state: FrayState) -> None:
    """Put ``state.step`` where the queue's cursor is; pass over steps with nothing to do."""
    phase = phase_of(state.step)
    if phase is not None:
        item = current_item(state)
        if item is None:
            state.step = f"{phase}.effects"
        elif item.part == "move":
            state.step = f"{phase}.moves"
        else:
            state.step = f"{phase}.attacks"
        return
    if state.step == CONDITIONS and not conditions(encounter):
        enter_damage(encounter, state)
    elif state.step == DAMAGE and current_item(state) is None:
        enter_recovery(encounter, state)


def next_item(encounter: Encounter, state: FrayState, outcome: str) -> None:
    item = current_item(state)
    if item is not None:
        item.outcome = outcome
    state.cursor += 1
    state.hit = None
    settle(encounter, state)


def land_effects(ctx: ActionContext, state: FrayState) -> None:
    """000: effects are "placed onto the card at the end of the phase"."""
    encounter = ctx.encounter
    totals: dict[str, Effect] = {}
    for effect in state.pending:
        if effect.target not in encounter.tokens:
            continue
        total = totals.setdefault(effect.target, Effect(target=effect.target, source="phase"))
        total.injury += effect.injury
        total.morale += effect.morale
        total.fatigue += effect.fatigue
        if effect.condition:
            token = encounter.token(effect.target)
            ctx.set_status(token.id, effect.condition, token.statuses.get(effect.condition, 0) + 1)
            total.condition = ", ".join(filter(None, (total.condition, effect.condition)))
    for token_id, total in totals.items():
        token = encounter.token(token_id)
        reports = []
        if total.injury:
            reports.append(set_injury(ctx, token_id, injury(token) + total.injury))
        if total.morale:
            reports.append(set_morale(ctx, token_id, morale(token) + total.morale))
        if total.fatigue:
            value = max(0, fatigue(token) + total.fatigue)
            top = fatigue_max(token, state.fatigue_reset)
            if total.fatigue > 0 and top is not None:
                value = min(value, max(top, fatigue(token)))
            ctx.set_figure(token_id, FATIGUE, value)
            reports.append(f"{token.name} has {value} fatigue")
        if total.condition:
            reports.append(f"{token.name} is {total.condition}")
        if reports:
            ctx.say("; ".join(reports))
    state.pending = []


def end_phase(ctx: ActionContext, state: FrayState) -> None:
    """Land the phase's effects, then reveal the next phase or go to the Mop Up."""
    phase = phase_of(state.step)
    assert phase is not None
    land_effects(ctx, state)
    following = PHASES.index(phase) + 1
    if following < len(PHASES):
        begin_phase(ctx.encounter, state, PHASES[following])
    else:
        state.queue = []
        state.cursor = 0
        state.step = CONDITIONS
        settle(ctx.encounter, state)


# -- Mop Up --------------------------------------------------------------------


def conditions(encounter: Encounter) -> dict[str, list[str]]:
    """Conditions on creatures still in the fight (every status this procedure does not set)."""
    found: dict[str, list[str]] = {}
    for token in clockwise(encounter):
        names = [s for s in token.statuses if s not in TRACKED_STATUSES]
        if names and out_of_fight(token) != "fled":
            found[token.id] = names
    return found


def enter_damage(encounter: Encounter, state: FrayState) -> None:
    """000: "Any effects not dissolved that causes damage are resolved at this stage"."""
    state.queue = [
        Item(token=token_id, part="damage", target=token_id, condition=name)
        for token_id, names in conditions(encounter).items()
        for name in names
        if name.lower() in DAMAGING
    ]
    state.cursor = 0
    state.step = DAMAGE
    settle(encounter, state)


def group_of(encounter: Encounter, token_id: str) -> str:
    token = encounter.tokens.get(token_id)
    return "party" if token is not None and is_party(token) else "gm"


def needs_recovery(encounter: Encounter, state: FrayState, group: str) -> bool:
    return any(
        cards and group_of(encounter, token_id) == group for token_id, cards in state.spent.items()
    )


def enter_recovery(encounter: Encounter, state: FrayState) -> None:
    state.queue = []
    state.cursor = 0
    state.recovered = []
    state.step = RECOVERY
    if not any(needs_recovery(encounter, state, g) for g in ("party", "gm")):
        new_round(state)


def recover(ctx: ActionContext, state: FrayState, group: str) -> None:
    """000: "All cards with a lower or equal roll is returned to the players hand"."""
    encounter = ctx.encounter
    who = "Party" if group == "party" else "GM"
    roll = ctx.roll(RECOVERY_DIE, who, "recovery: spent cards with recovery <= roll return")
    returned: list[str] = []
    for token_id, cards in state.spent.items():
        if group_of(encounter, token_id) != group:
            continue
        name = encounter.tokens[token_id].name if token_id in encounter.tokens else token_id
        returned += [f"{name}'s {c.name}" for c in cards if c.recovery <= roll]
        state.spent[token_id] = [c for c in cards if c.recovery > roll]
    state.spent = {k: v for k, v in state.spent.items() if v}
    state.recovered.append("party" if group == "party" else "gm")
    back = ", ".join(returned) if returned else "nothing"
    ctx.say(f"{who} recovery {roll}: back to hand: {back}")
    if not any(
        needs_recovery(encounter, state, g) and g not in state.recovered for g in ("party", "gm")
    ):
        new_round(state)


def new_round(state: FrayState) -> None:
    state.round += 1
    state.step = STAGING
    state.declarations = {}
    state.passed = []
    state.queue = []
    state.cursor = 0
    state.pending = []
    state.hit = None
    state.recovered = []


# -- after the fight -------------------------------------------------------------


def end_combat(state: FrayState) -> None:
    """The fighting is over: cards not yet resolved and effects not landed are dropped."""
    state.step = HEALING
    state.declarations = {}
    state.passed = []
    state.queue = []
    state.cursor = 0
    state.pending = []
    state.hit = None


def end_scene(ctx: ActionContext, state: FrayState) -> None:
    """000: "all cards are returned ... Fatigue is also reset for all involved"."""
    state.spent = {}
    for token in clockwise(ctx.encounter):
        top = fatigue_max(token, state.fatigue_reset)
        if top is not None:
            ctx.set_figure(token.id, FATIGUE, top)
    state.step = OVER
    state.ended = True
    ctx.say("Combat over: every card is back in hand and fatigue is reset")


def hold(state: FrayState, effect: Effect) -> None:
    state.pending.append(effect)

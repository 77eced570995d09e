"""The Thrum combat procedure (seed 001): its registered class and what each action does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Literal

from tactical.core.encounter import Encounter
from tactical.core.grid import Square, Terrain
from tactical.rules.context import ActionContext
from tactical.rules.procedure import (
    Action,
    PanelView,
    Procedure,
    ProcedureState,
    RulesError,
    StepLine,
)
from tactical.rules.procedures.thrum import loads, movement
from tactical.rules.procedures.thrum import order as turn_order
from tactical.rules.procedures.thrum.actions import available_actions
from tactical.rules.procedures.thrum.state import (
    ACTION,
    CONDITIONS,
    DAZED,
    END,
    ENDED,
    EXHAUSTED,
    INCAPACITATED,
    INITIATIVE,
    INITIATIVE_MOD,
    MOVE,
    ORDER,
    SLOWED,
    STANCE,
    STANCE_FIGURE,
    START,
    ZERO,
    ThrumState,
    combatant_ids,
    display_name,
    is_pc,
)
from tactical.rules.procedures.thrum.view import needs_panic, outline, panel_view
from tactical.rules.registry import register

Handler = Callable[[ActionContext, ThrumState, dict[str, Any]], None]


# -- reading parameters -------------------------------------------------------


def _token_param(ctx: ActionContext, params: dict[str, Any], name: str) -> str:
    value = params.get(name)
    if not isinstance(value, str) or value not in ctx.encounter.tokens:
        raise RulesError(f"choose a combatant for '{name}'")
    return value


def _int_param(params: dict[str, Any], name: str, default: int | None = None) -> int:
    value = params.get(name, default)
    if value is None or value == "":
        if default is None:
            raise RulesError(f"'{name}' needs a whole number")
        return default
    if isinstance(value, bool):
        raise RulesError(f"'{name}' needs a whole number")
    try:
        return int(value)
    except (TypeError, ValueError):
        raise RulesError(f"'{name}' needs a whole number, not '{value}'") from None


def _square_param(params: dict[str, Any], name: str) -> Square:
    value = params.get(name)
    if isinstance(value, list | tuple) and len(value) == 2:
        try:
            return (int(value[0]), int(value[1]))
        except (TypeError, ValueError):
            pass
    raise RulesError(f"choose a square for '{name}'")


def _text_param(params: dict[str, Any], name: str) -> str:
    value = params.get(name)
    return value.strip() if isinstance(value, str) else ""


# -- the procedure ------------------------------------------------------------


@register
class Thrum(Procedure[ThrumState]):
    """Thrum: NPC Placement, Initiative, Round Zero, then Move / Action / Stance turns.

    The steps follow 001 lines 4-33. Choices where the text is vague are in
    the docstrings of :mod:`.order` (ties, delay) and :mod:`.loads` (loads,
    Incapacity, Wounds, statuses) and in docs/rules.md, "Thrum". Here:

    - Combatants: every PC, and every NPC the GM has put on the map when
      pressing "NPCs placed". Others may join later (initiative rolled then).
    - Round Zero: every combatant has a Round Zero turn in initiative order;
      a PC must end it inside the Starting Area (when one is designated).
    - Delay is offered at the start of a turn before anything is done.
    - "Skip to End of Turn" (GM override) goes straight to End of Turn, so
      statuses still tick down.
    - The Incapacity Roll after an Action is made if the character is still
      Exhausted when the GM presses "Action done" ("unless the Action removes
      Exhaustion").
    - When an automatic end condition holds, "End the combat" becomes the
      advance key; the GM may still continue.
    """

    id: ClassVar[str] = "thrum"
    title: ClassVar[str] = "Thrum"
    rule_file: ClassVar[str] = "001_18fb441042e7114e.txt"
    map_kind: ClassVar[Literal["grid", "areas", "any"]] = "grid"
    metric: ClassVar[str] = "chebyshev"
    state_type: ClassVar[type[ProcedureState]] = ThrumState
    figure_labels: ClassVar[dict[str, str]] = {
        "initiative_mod": "Init",
        "fatigue_load": "Fatigue",
        "fatigue_tolerance": "Fat. Tol.",
        "stress_load": "Stress",
        "stress_tolerance": "Str. Tol.",
        "resolve_mod": "Resolve",
        "resilience_mod": "Resil.",
        "wounds": "Wounds",
        "stance": "Stance",
    }

    def outline(self, encounter: Encounter, state: ThrumState) -> list[StepLine]:
        return outline(state)

    def view(self, encounter: Encounter, state: ThrumState) -> PanelView:
        return panel_view(encounter, state)

    def actions(self, encounter: Encounter, state: ThrumState) -> list[Action]:
        return available_actions(encounter, state)

    def movement_left(self, encounter: Encounter, state: ThrumState, token_id: str) -> int | None:
        """Speed less what was spent, in the acting combatant's Move step (see :mod:`.movement`)."""
        return movement.movement_left(encounter, state, token_id)

    def perform(
        self, ctx: ActionContext, state: ThrumState, action: str, params: dict[str, Any]
    ) -> ThrumState:
        handler = _HANDLERS.get(action)
        if handler is None:
            raise RulesError(f"Thrum has no action '{action}'")
        handler(ctx, state, params)
        return state


# -- setup --------------------------------------------------------------------


def _set_starting_area(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    grid = ctx.encounter.grid
    if grid is None:
        raise RulesError("a Starting Area needs a grid map")
    (c1, r1), (c2, r2) = _square_param(params, "from"), _square_param(params, "to")
    squares = {
        (c, r)
        for c in range(min(c1, c2), max(c1, c2) + 1)
        for r in range(min(r1, r2), max(r1, r2) + 1)
    }
    if not all(grid.in_bounds(s) for s in squares):
        raise RulesError("the Starting Area must lie on the map")
    if params.get("add"):
        squares |= set(state.starting_area)
    state.starting_area = sorted(squares, key=lambda s: (s[1], s[0]))
    ctx.say(f"Starting Area: {len(squares)} squares.")


def _clear_starting_area(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    state.starting_area = []


def _set_conditions(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    state.win_condition = _text_param(params, "win")
    state.defeat_condition = _text_param(params, "defeat")


def _npcs_placed(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 6: "NPC Placement: The GM places NPCs on the combat map"."""
    ids = combatant_ids(ctx.encounter, state)
    if not ids:
        raise RulesError("there is nobody to fight: add PCs, or put NPCs on the map")
    for token_id in ids:
        loads.fill_figures(ctx, token_id)
        loads.sync_conditions(ctx, token_id)
    state.order = ids
    state.step = INITIATIVE
    ctx.say(f"{len(ids)} combatants take part.")


def _roll_one(ctx: ActionContext, state: ThrumState, token_id: str) -> int:
    modifier = ctx.int_figure(token_id, INITIATIVE_MOD)
    expression = f"2d6{modifier:+d}" if modifier else "2d6"
    total = ctx.roll(expression, token_id, "Initiative")
    state.initiative = {**state.initiative, token_id: total}
    return total


def _roll_initiative(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 19: "each combatant ... rolls Initiative, by rolling 2d6 and adding their
    Initiative modifier". Rolled in the encounter's token order."""
    for token_id in list(state.order):
        _roll_one(ctx, state, token_id)
    state.order = turn_order.sorted_order(ctx.encounter, state)
    state.step = ORDER
    ctx.say(
        "Order: "
        + ", ".join(
            f"{display_name(ctx.encounter.token(t))} {state.initiative[t]}" for t in state.order
        )
    )


def _set_initiative(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    token_id = _token_param(ctx, params, "token")
    if token_id not in state.order:
        raise RulesError("only a combatant has an initiative")
    state.initiative = {**state.initiative, token_id: _int_param(params, "total")}
    state.order = turn_order.sorted_order(ctx.encounter, state)


def _tie_first(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    token_id = _token_param(ctx, params, "token")
    state.preferred = [token_id, *(t for t in state.preferred if t != token_id)]
    state.order = turn_order.sorted_order(ctx.encounter, state)


def _begin_round_zero(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 22: "a special Round Zero occurs, in which characters take no actions,
    but on their turn can position themselves within the Starting Area"."""
    everyone = turn_order.in_play(ctx.encounter, state)
    if not everyone:
        raise RulesError("there is nobody in the order")
    state.step = ZERO
    state.acted = []
    state.current = everyone[0]


# -- Round Zero -----------------------------------------------------------------


def _placement_problem(ctx: ActionContext, state: ThrumState, token_id: str, corner: Square) -> str:
    """Why ``token_id`` cannot stand with its top-left square at ``corner`` ('' if it can)."""
    token = ctx.encounter.token(token_id)
    grid = ctx.encounter.grid
    area = set(state.starting_area)
    occupants = ctx.encounter.occupants()
    for square in token.squares_at(corner):
        if grid is not None and not grid.in_bounds(square):
            return f"{square} is off the map"
        if area and square not in area:
            return f"{square} is outside the Starting Area"
        if grid is not None and grid.terrain_at(square) == Terrain.IMPASSABLE:
            return f"{square} is impassable"
        if occupants.get(square, token_id) != token_id:
            return f"{square} is taken by {display_name(ctx.encounter.token(occupants[square]))}"
    return ""


def _place(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    token_id = state.current
    assert token_id is not None
    corner = _square_param(params, "square")
    problem = _placement_problem(ctx, state, token_id, corner)
    if problem:
        raise RulesError(problem)
    ctx.move(token_id, corner)


def _take_stance(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 29: "Take a new Stance ... ending the current one". One at a time."""
    token_id = state.current
    assert token_id is not None
    stance = _text_param(params, "stance")
    if not stance:
        raise RulesError("name the Stance")
    if INCAPACITATED in ctx.encounter.token(token_id).statuses:
        raise RulesError("an Incapacitated character cannot take a Stance")
    ctx.set_figure(token_id, STANCE_FIGURE, stance)
    ctx.say(f"{display_name(ctx.encounter.token(token_id))} enters {stance}.")
    if state.step == STANCE:
        state.step = END


def _zero_done(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    token_id = state.current
    assert token_id is not None
    token = ctx.encounter.tokens.get(token_id)
    if token is not None and is_pc(ctx.encounter, token):
        if token.square is None:
            raise RulesError(f"{display_name(token)} has no position yet: place them")
        problem = _placement_problem(ctx, state, token_id, token.square)
        if problem:
            raise RulesError(
                f"{display_name(token)} must start inside the Starting Area: {problem}"
            )
    state.acted = [*state.acted, token_id]
    rest = turn_order.waiting(ctx.encounter, state)
    if rest:
        state.current = rest[0]
        return
    state.round = 1
    state.acted = []
    state.delayed = []
    everyone = turn_order.in_play(ctx.encounter, state)
    _begin_turn(state, everyone[0] if everyone else None)
    ctx.say("Round 1 begins.")


# -- a turn -------------------------------------------------------------------


def _begin_turn(state: ThrumState, token_id: str | None) -> None:
    state.current = token_id
    state.step = START
    state.panic_rolled = False
    state.targets = []
    state.moved = {}


def _current(ctx: ActionContext, state: ThrumState) -> str:
    token_id = state.current
    if token_id is None or token_id not in ctx.encounter.tokens:
        raise RulesError("nobody is acting")
    return token_id


def _panic_roll(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 26: "If Stress Load exceeds Stress Tolerance, make a Panic Roll"."""
    token_id = _current(ctx, state)
    if not needs_panic(ctx.encounter.token(token_id)):
        raise RulesError("only a Frayed character makes a Panic Roll")
    loads.panic_roll(ctx, token_id)
    state.panic_rolled = True


def _start_done(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    token_id = _current(ctx, state)
    token = ctx.encounter.token(token_id)
    if needs_panic(token) and not state.panic_rolled:
        raise RulesError(f"{display_name(token)} must make a Panic Roll first")
    # 001 line 91: Incapacitated characters "cannot move, act, or take stances".
    state.step = END if INCAPACITATED in token.statuses else MOVE


def _delay(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 21: delay "until a specified point in the initiative order ... This can
    only be done once per round"."""
    token_id = _current(ctx, state)
    after = _token_param(ctx, params, "after")
    name = display_name(ctx.encounter.token(token_id))
    if token_id in state.delayed:
        raise RulesError(f"{name} has already delayed this round and must act now")
    if state.panic_rolled:
        raise RulesError(f"{name}'s turn has begun; it is too late to delay")
    if after not in turn_order.waiting(ctx.encounter, state):
        raise RulesError("delay until after a combatant who has yet to act this round")
    turn_order.delay(state, token_id, after)
    ctx.say(f"{name} delays until after {display_name(ctx.encounter.token(after))}.")
    rest = [t for t in turn_order.in_play(ctx.encounter, state) if t not in state.acted]
    _begin_turn(state, rest[0])


def _move_done(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    _current(ctx, state)
    state.step = ACTION


def _descent_failed(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 49: "On a fail they are +1 Slowed. If they have already expended movement
    equal to their new speed, they cannot move further and are +1 Dazed"."""
    token_id = _current(ctx, state)
    loads.add_stacks(ctx, token_id, SLOWED)
    if params.get("dazed"):
        loads.add_stacks(ctx, token_id, DAZED)


def _action_done(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 89: Exhausted characters "must make an Incapacity Roll after they take an
    Action, unless the Action removes Exhaustion"."""
    token_id = _current(ctx, state)
    token = ctx.encounter.token(token_id)
    if EXHAUSTED in token.statuses and INCAPACITATED not in token.statuses:
        loads.incapacity_roll(ctx, state, token_id, "after an Action while Exhausted")
    state.step = END if INCAPACITATED in token.statuses else STANCE


def _keep_stance(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    _current(ctx, state)
    state.step = END


def _skip(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    _current(ctx, state)
    state.step = END


def _end_turn(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 lines 30-33: "End of Turn a. Resolve End of Turn effects b. Decrement stacks
    of any Statuses that tick down at the end of the turn"."""
    token_id = state.current
    if token_id is not None and token_id in ctx.encounter.tokens:
        loads.tick_statuses(ctx, state, token_id, CONDITIONS)
        loads.end_of_turn_incapacity(ctx, state, token_id)
        state.acted = [*state.acted, token_id]
    elif token_id is not None:
        state.acted = [*state.acted, token_id]
    following, new_round = turn_order.next_up(ctx.encounter, state)
    if following is None:
        raise RulesError("nobody is left to act: end the combat")
    if new_round:
        state.round += 1
        state.acted = []
        state.delayed = []
        ctx.say(f"Round {state.round} begins.")
    _begin_turn(state, following)


# -- recording what abilities do ------------------------------------------------


def _deal(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 83: "When a ability deals Fatigue or Stress, the target receives +1 to their
    Fatigue Load or Stress Load"; line 89: a Finisher against an Exhausted target triggers
    an Incapacity Roll "immediately after the attack resolves"."""
    target = _token_param(ctx, params, "target")
    fatigue = _int_param(params, "fatigue", 0)
    stress = _int_param(params, "stress", 0)
    finisher = bool(params.get("finisher"))
    if not (fatigue or stress or finisher):
        raise RulesError("give an amount of Fatigue or Stress")
    loads.change_loads(ctx, target, fatigue, stress)
    if target != state.current and target not in state.targets and (fatigue > 0 or stress > 0):
        state.targets = [*state.targets, target]
    statuses = ctx.encounter.token(target).statuses
    if finisher:
        if EXHAUSTED in statuses and INCAPACITATED not in statuses:
            loads.incapacity_roll(ctx, state, target, "Finisher")
        else:
            ctx.say(
                f"{display_name(ctx.encounter.token(target))} is not Exhausted: the "
                "Finisher has no extra effect."
            )


def _status(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    token_id = _token_param(ctx, params, "token")
    status = _text_param(params, "status")
    if not status:
        raise RulesError("name the status")
    if status in CONDITIONS:
        raise RulesError(f"{status} follows the loads and rolls; deal Fatigue or Stress instead")
    stacks = _int_param(params, "stacks", 1)
    if stacks < 0:
        raise RulesError("stacks cannot be negative")
    ctx.set_status(token_id, status, stacks or None)
    ticks = params.get("ticks", True)
    if ticks is False and status not in state.lasting:
        state.lasting = [*state.lasting, status]
    elif ticks is not False and status in state.lasting:
        state.lasting = [s for s in state.lasting if s != status]


def _end_incapacity(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 96: incapacity ends when "Another character targets them with the
    Resuscitate action" or another ability ends it."""
    token_id = _token_param(ctx, params, "token")
    if INCAPACITATED not in ctx.encounter.token(token_id).statuses:
        raise RulesError("that combatant is not Incapacitated")
    ctx.set_status(token_id, INCAPACITATED, None)
    ctx.say(f"{display_name(ctx.encounter.token(token_id))} is no longer Incapacitated.")


def _join(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """A late arrival rolls Initiative and goes ahead of the first combatant it beats.

    If that place is before the acting combatant, its first turn is next round."""
    token_id = _token_param(ctx, params, "token")
    if token_id in state.order:
        raise RulesError("already in the fight")
    loads.fill_figures(ctx, token_id)
    loads.sync_conditions(ctx, token_id)
    total = _roll_one(ctx, state, token_id)
    index = turn_order.insertion_index(ctx.encounter, state, token_id)
    order = list(state.order)
    order.insert(index, token_id)
    state.order = order
    current = state.current
    if current is not None and current in order and index < order.index(current):
        state.acted = [*state.acted, token_id]
    ctx.say(f"{display_name(ctx.encounter.token(token_id))} joins at initiative {total}.")


def _end_combat(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 17: "End of Combat: Any incapacitated PCs recover, current Fatigue and
    Stress are reset to 0, and current Fatigue Tolerance and Stress Tolerance are recorded"."""
    why = _text_param(params, "why") or "The GM ends the fight"
    loads.end_of_combat(ctx, state)
    state.outcome = why
    state.step = ENDED
    state.ended = True
    state.current = None
    state.targets = []


_HANDLERS: dict[str, Handler] = {
    "set-starting-area": _set_starting_area,
    "clear-starting-area": _clear_starting_area,
    "set-conditions": _set_conditions,
    "npcs-placed": _npcs_placed,
    "roll-initiative": _roll_initiative,
    "set-initiative": _set_initiative,
    "tie-first": _tie_first,
    "begin-round-zero": _begin_round_zero,
    "place": _place,
    "take-stance": _take_stance,
    "zero-done": _zero_done,
    "panic-roll": _panic_roll,
    "start-done": _start_done,
    "delay": _delay,
    "move-done": _move_done,
    "descent-failed": _descent_failed,
    "action-done": _action_done,
    "keep-stance": _keep_stance,
    "skip": _skip,
    "end-turn": _end_turn,
    "deal": _deal,
    "status": _status,
    "end-incapacity": _end_incapacity,
    "join": _join,
    "end-combat": _end_combat,
}

"""What each action does: every change goes through the action context (undoable)."""

from __future__ import annotations

from typing import Any

from tactical.core import areas_between
from tactical.rules.context import ActionContext
from tactical.rules.dice import DiceError
from tactical.rules.procedure import RulesError
from tactical.rules.procedures.game_judge.combatants import disabled_by, is_out
from tactical.rules.procedures.game_judge.declarations import build_declaration
from tactical.rules.procedures.game_judge.flow import TITLES, following_phase, new_turn
from tactical.rules.procedures.game_judge.initiative import (
    acting_sides,
    best_intuition,
    intuition_bonuses,
    roll_initiative,
    side_order,
)
from tactical.rules.procedures.game_judge.phases import ATTACKING, Entry, areas_text, entries
from tactical.rules.procedures.game_judge.phases import describe as describe_entry
from tactical.rules.procedures.game_judge.state import KIND_LABELS, GameJudgeState
from tactical.rules.procedures.game_judge.view import Names, current_entry, declarers

Params = dict[str, Any]

_CONDITION_WORDS = {"stunned": "stunned", "slammed": "slammed", "ko": "KO'd", "dead": "dead"}
_STEPS = ("step1", "step2", "step3", "step4", "step5")


def _token_param(ctx: ActionContext, params: Params, allowed: list[str] | None = None) -> str:
    token_id = params.get("token")
    if not isinstance(token_id, str) or token_id not in ctx.encounter.tokens:
        raise RulesError("choose a combatant")
    if allowed is not None and token_id not in allowed:
        raise RulesError(f"{ctx.encounter.token(token_id).name} cannot do that now")
    return token_id


def _int_param(params: Params, name: str, default: int = 0) -> int:
    value = params.get(name, default)
    if value is None or value == "":
        return default
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise RulesError(f"'{name}' must be a whole number")
    try:
        return int(value)
    except ValueError:
        raise RulesError(f"'{name}' must be a whole number") from None


def declare(ctx: ActionContext, state: GameJudgeState, params: Params) -> None:
    """Steps One and Two: record one combatant's action (replacing an earlier one)."""
    able = [t.id for t in declarers(ctx.encounter, players=state.step == "step2")]
    token_id = _token_param(ctx, params, able)
    token = ctx.encounter.token(token_id)
    kind = str(params.get("kind") or "")
    by_label = {label.lower(): k for k, label in KIND_LABELS.items()}
    kind = by_label.get(kind.lower(), kind)
    declaration = build_declaration(
        ctx.encounter,
        token,
        kind,
        target=params.get("target") or None,
        destination=params.get("destination") or None,
        areas=_int_param(params, "areas"),
        note=str(params.get("note") or ""),
    )
    state.declarations[token_id] = declaration
    if state.step == "step2":
        ctx.say(f"{token.name}: {KIND_LABELS[declaration.kind]}")
    else:
        ctx.say(f"{token.name}'s action is chosen (secret until Step 3)")


def dodge(ctx: ActionContext, state: GameJudgeState, params: Params) -> None:
    """Step Three: a dodge while moving, with the Dodge FEAT's colour."""
    able = [t.id for t in ctx.encounter.tokens.values() if t.position and not disabled_by(t)]
    token_id = _token_param(ctx, params, able)
    token = ctx.encounter.token(token_id)
    result = str(params.get("result") or "")
    if result not in ("white", "green", "yellow", "red"):
        raise RulesError("choose the Dodge FEAT's colour: white, green, yellow or red")
    old = state.declarations.get(token_id)
    destination = params.get("destination") or None
    areas = _int_param(params, "areas")
    if old is not None and old.kind == "dodge-move" and not destination and not areas:
        declaration = old.model_copy()
    else:
        declaration = build_declaration(
            ctx.encounter, token, "dodge-move", destination=destination, areas=areas
        )
    declaration.dodge = result  # type: ignore[assignment]
    state.declarations[token_id] = declaration
    ctx.say(f"{token.name} dodges while moving {declaration.areas} areas: {result} Dodge FEAT")


def attacks(ctx: ActionContext, state: GameJudgeState, params: Params) -> None:
    token_id = _token_param(ctx, params, list(state.declarations))
    count = _int_param(params, "count", 1)
    if count < 1:
        raise RulesError("at least 1 attack")
    state.declarations[token_id].attacks = count
    ctx.say(f"{ctx.encounter.token(token_id).name}: {count} attacks this turn")


def free_roll(ctx: ActionContext, params: Params) -> None:
    expression = str(params.get("expression") or "1d100")
    who = str(params.get("who") or "GM")
    why = str(params.get("why") or "roll")
    try:
        total = ctx.roll(expression, who, why, secret=bool(params.get("secret")))
    except DiceError as error:
        raise RulesError(str(error)) from None
    ctx.say(f"{who} rolls {expression} for {why}: {total}")


def initiative(ctx: ActionContext, state: GameJudgeState) -> None:
    """Step Four: 1d10 per side plus the Intuition shifts; the highest has Master Initiative."""
    sides = acting_sides(ctx.encounter)
    if not sides:
        raise RulesError("no side has a combatant able to fight")
    best: dict[str, int] = {}
    for side in sides:
        best[side], unranked = best_intuition(ctx.encounter, side)
        for token_id in unranked:
            ctx.say(f"{ctx.encounter.token(token_id).name} has no Intuition rank: counted Typical")
    rolls = roll_initiative(ctx, sides, intuition_bonuses(best))
    state.initiative = rolls
    state.side_order = side_order(rolls, sides)
    for side in state.side_order:
        roll = rolls[side]
        total = f"{roll.die} + {roll.bonus} = {roll.total}" if roll.bonus else str(roll.die)
        ctx.say(f"{ctx.encounter.sides[side].name}: {total}")
    ctx.say(f"Master Initiative: {ctx.encounter.sides[state.side_order[0]].name}")


def set_master(ctx: ActionContext, state: GameJudgeState, params: Params) -> None:
    sides = acting_sides(ctx.encounter)
    side = params.get("side")
    if side not in sides:
        raise RulesError("choose a side that is in the fight")
    rest = [s for s in (state.side_order or sides) if s != side]
    state.side_order = [side, *rest]
    ctx.say(f"Master Initiative: {ctx.encounter.sides[side].name} (GM's ruling)")


def _move_to(ctx: ActionContext, entry: Entry, area: str | None) -> None:
    token = ctx.encounter.token(entry.actor)
    if area is not None and token.area is not None:
        ctx.move(entry.actor, area)
        ctx.say(f"{token.name} moves to {Names(ctx.encounter, public=False).area(area)}")
    else:
        ctx.say(f"{token.name} may move up to {areas_text(entry.areas)}: move the token by hand")


def resolve(ctx: ActionContext, state: GameJudgeState) -> None:
    """Carry out the current entry: its moves are made; attacks are the GM's to roll."""
    entry = current_entry(ctx.encounter, state)
    if entry is None:
        raise RulesError("nothing left to resolve in this step")
    state.done.append(entry.key)
    token = ctx.encounter.token(entry.actor)
    names = Names(ctx.encounter, public=False)
    blocked = disabled_by(token)
    if blocked is not None and entry.action != "slam":
        doing = "movement" if entry.action in ("reach", "withdraw", "disengage") else "action"
        ctx.say(f"{token.name} is {_CONDITION_WORDS[blocked]}: no {doing}")
        return
    ctx.say(describe_entry(entry, names.token, names.area))
    if entry.action in ("reach", "withdraw", "disengage"):
        _move_to(ctx, entry, entry.destination)
    elif entry.action in ("close", "charge") and entry.target in ctx.encounter.tokens:
        assert entry.target is not None
        target = ctx.encounter.token(entry.target)
        area_map = ctx.encounter.area_map
        if area_map is None or target.area is None or token.area is None:
            ctx.say(f"Move {token.name} next to {target.name} by hand")
            return
        hops = areas_between(ctx.encounter, token.area, target.area)
        if hops is None or hops > token.speed:
            ctx.say(f"{target.name} is out of {token.name}'s reach now: {token.name} stays")
            return
        ctx.move(entry.actor, target.area)
        ctx.say(f"{token.name} moves to {names.area(target.area)}")


def skip(ctx: ActionContext, state: GameJudgeState) -> None:
    entry = current_entry(ctx.encounter, state)
    if entry is None:
        raise RulesError("nothing left to skip in this step")
    state.done.append(entry.key)
    ctx.say(f"Skipped: {ctx.encounter.token(entry.actor).name}")


def roll_feat(ctx: ActionContext, state: GameJudgeState) -> None:
    entry = current_entry(ctx.encounter, state)
    if entry is None or entry.action not in ATTACKING:
        raise RulesError("no attack to roll for now")
    names = Names(ctx.encounter, public=False)
    actor = ctx.encounter.token(entry.actor)
    why = describe_entry(entry, names.token, names.area)
    total = ctx.roll("1d100", actor.name, why, secret=actor.hidden)
    ctx.say(f"{actor.name} rolls {total} on the Universal Table")


def advance(ctx: ActionContext, state: GameJudgeState) -> GameJudgeState:
    """The primary key: on to the next step (passing over empty phases)."""
    step = state.step
    if step == "step7":
        return new_turn(ctx, state)
    if step in ("step1", "step2"):
        waiting = [
            t.name
            for t in declarers(ctx.encounter, players=step == "step2")
            if t.id not in state.declarations
        ]
        if waiting:
            ctx.say(f"No action declared for {', '.join(waiting)}")
    if step == "step4" and not state.side_order:
        raise RulesError("roll initiative first (or give Master Initiative)")
    if step in _STEPS[:4]:
        state.step = _STEPS[_STEPS.index(step) + 1]
        if state.step == "step3":
            ctx.say("The GM's actions are revealed")
        return state
    left = [e for e in entries(ctx.encounter, state, step) if e.key not in state.done]
    for entry in left:
        ctx.say(f"Not resolved: {ctx.encounter.token(entry.actor).name}")
    following, passed = following_phase(ctx.encounter, state, step)
    for empty in passed:
        ctx.say(f"{TITLES[empty].split(':')[0]}: nothing to resolve")
    state.step = following
    return state


def change_figure(ctx: ActionContext, params: Params, figure: str) -> None:
    token_id = _token_param(ctx, params)
    token = ctx.encounter.token(token_id)
    value = ctx.int_figure(token_id, figure) + _int_param(params, "change")
    ctx.set_figure(token_id, figure, value)
    ctx.say(f"{token.name}: {figure.capitalize()} {value}")
    if figure == "health" and value <= 0 and not is_out(token):
        ctx.set_status(token_id, "ko", 1)
        ctx.say(f"{token.name} is KO'd at {value} Health")


def condition(ctx: ActionContext, params: Params) -> None:
    token_id = _token_param(ctx, params)
    token = ctx.encounter.token(token_id)
    which = params.get("condition")
    if which == "recovered":
        for status in ("stunned", "slammed", "ko", "dead"):
            ctx.set_status(token_id, status, None)
        ctx.say(f"{token.name} recovers")
        return
    if which not in ("stunned", "slammed", "ko", "dead"):
        raise RulesError("choose stunned, slammed, ko, dead or recovered")
    stacks = max(1, _int_param(params, "turns", 1)) if which == "stunned" else 1
    ctx.set_status(token_id, which, stacks)
    ctx.say(f"{token.name}: {which}" + (f" for {stacks} turns" if which == "stunned" else ""))

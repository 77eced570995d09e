"""Declarations before initiative (004): spells, runes and flight from melee."""

from __future__ import annotations

from tactical.rules.context import ActionContext
from tactical.rules.procedure import RulesError
from tactical.rules.procedures.side_initiative import view as views
from tactical.rules.procedures.side_initiative.combat import melee_opponents
from tactical.rules.procedures.side_initiative.morale import is_players
from tactical.rules.procedures.side_initiative.params import Params, pick_token
from tactical.rules.procedures.side_initiative.state import KINDS, Declaration, SideState


def declare(ctx: ActionContext, state: SideState, params: Params) -> None:
    encounter = ctx.encounter
    token_id = pick_token(ctx, state, params, "token")
    if state.initiative:
        raise RulesError("declarations are made before initiative is rolled (004)")
    kind = params.get("kind")
    if kind not in KINDS:
        raise RulesError("declare a spell, a rune or flight from melee")
    if kind == "flee" and not melee_opponents(encounter, state, token_id):
        raise RulesError(
            f"{encounter.token(token_id).name} is not in melee: it may simply move, "
            "or flee the encounter"
        )
    secret = not is_players(encounter.token(token_id).side)
    state.declarations = {
        **state.declarations,
        token_id: Declaration(
            kind=kind, detail=str(params.get("detail") or "").strip(), secret=secret
        ),
    }
    text = views.declaration_text(state.declarations[token_id])
    ctx.say(f"{encounter.token(token_id).name} declares: {text}.")


def withdraw(ctx: ActionContext, state: SideState, params: Params) -> None:
    token_id = pick_token(ctx, state, params, "token")
    state.declarations = {k: v for k, v in state.declarations.items() if k != token_id}

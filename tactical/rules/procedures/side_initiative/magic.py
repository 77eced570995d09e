"""Casting a declared spell or rune, and disrupting a caster (004)."""

from __future__ import annotations

from tactical.rules.context import ActionContext
from tactical.rules.procedure import RulesError
from tactical.rules.procedures.side_initiative import view as views
from tactical.rules.procedures.side_initiative.combat import harm
from tactical.rules.procedures.side_initiative.params import Params, pick_token
from tactical.rules.procedures.side_initiative.state import SideState


def cast(ctx: ActionContext, state: SideState, params: Params) -> None:
    caster = pick_token(ctx, state, params, "caster")
    declaration = state.declarations.get(caster)
    if declaration is None or declaration.kind == "flee":
        raise RulesError("only a declared spell or rune can be cast")
    if declaration.disrupted or declaration.cast:
        raise RulesError("that spell or rune is gone")
    state.declarations = {
        **state.declarations,
        caster: declaration.model_copy(update={"cast": True, "secret": False}),
    }
    state.acted = [*state.acted, caster]
    ctx.say(
        f"{ctx.encounter.token(caster).name} casts {views.declaration_text(declaration)}: "
        "the target must be visible. Apply its effects with Harm."
    )


def harm_caster(ctx: ActionContext, state: SideState, params: Params) -> None:
    token_id = pick_token(ctx, state, params, "token")
    damage = int(params.get("damage", 0))
    failed = bool(params.get("failed_save", False))
    if damage < 0 or (damage == 0 and not failed):
        raise RulesError("give the damage, or mark a failed saving throw")
    if failed:
        ctx.say(f"{ctx.encounter.token(token_id).name} fails a saving throw.")
    harm(ctx, state, token_id, damage)

"""Carrying out the GM's actions; every refusal says why in words the GM reads."""

from __future__ import annotations

from typing import Any

from tactical.core.tokens import Token
from tactical.rules.context import ActionContext
from tactical.rules.procedure import SUBJECT, Handler, RulesError
from tactical.rules.procedures.approximated_fray import flow
from tactical.rules.procedures.approximated_fray.actions import playable, spent_names
from tactical.rules.procedures.approximated_fray.cards import (
    KINDS,
    PHASES,
    Card,
    Hurts,
    Kind,
    Phase,
    in_hand,
)
from tactical.rules.procedures.approximated_fray.levels import (
    FATIGUE,
    FLED,
    INJURY,
    MORALE,
    levels_text,
)
from tactical.rules.procedures.approximated_fray.roster import (
    area_name,
    fatigue,
    hand,
    injury,
    panicked,
)
from tactical.rules.procedures.approximated_fray.state import (
    Declaration,
    Effect,
    FrayState,
    Hit,
    SpentCard,
)
from tactical.rules.procedures.approximated_fray.text import declaration_text, name_of

INJURY_DIE = "1d4"


def _text(params: dict[str, Any], name: str) -> str:
    value = params.get(name)
    return value.strip() if isinstance(value, str) else ""


def _int(params: dict[str, Any], name: str, default: int = 0) -> int:
    value = params.get(name)
    if value is None or value == "":
        return default
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise RulesError(f"{name} must be a whole number")
    try:
        return int(value)
    except ValueError:
        raise RulesError(f"{name} must be a whole number, not '{value}'") from None


def _token(ctx: ActionContext, params: dict[str, Any], name: str) -> Token | None:
    token_id = _text(params, name)
    if not token_id:
        return None
    if token_id not in ctx.encounter.tokens:
        raise RulesError(f"there is no creature '{token_id}'")
    return ctx.encounter.tokens[token_id]


def _area(ctx: ActionContext, params: dict[str, Any], name: str) -> str | None:
    area_id = _text(params, name)
    if not area_id:
        return None
    area_map = ctx.encounter.area_map
    if area_map is None:
        raise RulesError("this map has no areas; Approximated Fray plays on an area map")
    if area_id not in area_map.areas:
        raise RulesError(f"there is no area '{area_id}'")
    return area_id


# -- Staging ---------------------------------------------------------------------


def _card(token: Token, state: FrayState, name: str) -> Card:
    """The card as its hand defines it, or a free card for a creature without a hand."""
    if not name:
        raise RulesError(f"name the card {token.name} puts down")
    if not hand(token):
        if name in spent_names(state, token.id):
            raise RulesError(f"{token.name}'s {name} is out of hand until a recovery returns it")
        return Card(name, kind="move" if panicked(token) else "attack")
    options = playable(token, state)
    if name in options:
        return next(c for c in hand(token) if c.name == name)
    if panicked(token) and not options:
        return Card(name, kind="move")
    if panicked(token):
        raise RulesError(f"{token.name} is Panicked: it must play a move card to flee (000)")
    raise RulesError(f"{name} is not in {token.name}'s hand")


def declare(ctx: ActionContext, state: FrayState, token_id: str, params: dict[str, Any]) -> None:
    """000: each combatant secretly picks a card and "an area or a Creature" as its target."""
    token = ctx.encounter.token(token_id)
    card = _card(token, state, _text(params, "card"))
    phase_word = _text(params, "phase").lower() or card.phase
    kind_word = _text(params, "kind").lower() or card.kind
    hurts_word = _text(params, "hurts").lower() or card.hurts
    if phase_word not in PHASES:
        raise RulesError(f"the phase keyword is First, Middle or Last, not '{phase_word}'")
    if kind_word not in KINDS:
        raise RulesError(f"the kind is attack, move, charge or other, not '{kind_word}'")
    if hurts_word not in ("injury", "morale"):
        raise RulesError("an attack hurts injury or morale")
    phase: Phase = phase_word
    kind: Kind = kind_word
    hurts: Hurts = hurts_word  # type: ignore[assignment]
    target = _token(ctx, params, "target")
    area = _area(ctx, params, "area")
    to = _area(ctx, params, "to")
    if panicked(token) and kind != "move":
        raise RulesError(f"{token.name} is Panicked: it must play a move card to flee (000)")
    if kind == "attack" and target is None and area is None:
        raise RulesError("an attack needs a target creature or a target area")
    if kind == "charge" and target is None:
        raise RulesError("a charge needs the creature it charges")
    if kind == "move":
        to = to or area
        if to is None and target is None:
            raise RulesError("a move needs the area it goes to (or a creature to move to)")
    recovery = _int(params, "recovery", card.recovery)
    if recovery < 0:
        raise RulesError("a recovery value is 0 or more")
    state.declarations[token_id] = Declaration(
        token=token_id,
        card=card.name,
        phase=phase,
        kind=kind,
        hurts=hurts,
        target=target.id if target is not None else None,
        area=area,
        to=to,
        recovery=recovery,
    )
    if token_id in state.passed:
        state.passed.remove(token_id)
    ctx.say(f"{token.name}'s card is down, face down")


def pass_turn(ctx: ActionContext, state: FrayState, token_id: str) -> None:
    state.declarations.pop(token_id, None)
    if token_id not in state.passed:
        state.passed.append(token_id)
    ctx.say(f"{ctx.encounter.token(token_id).name} plays no card this turn")


def begin(ctx: ActionContext, state: FrayState) -> None:
    """000: "When all PCs and NPCs have chosen their actions and targets the staging ends"."""
    flow.spend_declared(ctx.encounter, state)
    flow.begin_phase(ctx.encounter, state, "first")
    _say_revealed(ctx, state, "first")


def _say_revealed(ctx: ActionContext, state: FrayState, phase: Phase) -> None:
    shown = [
        f"{name_of(ctx.encounter, d.token)} - {declaration_text(ctx.encounter, d)}"
        for d in state.declarations.values()
        if d.phase == phase
    ]
    ctx.say(f"{phase.title()} cards: " + ("; ".join(shown) if shown else "none"))


# -- the phases -----------------------------------------------------------------


def _source(ctx: ActionContext, state: FrayState, token_id: str) -> str:
    declaration = state.declarations.get(token_id)
    card = declaration.card if declaration is not None else "card"
    return f"{name_of(ctx.encounter, token_id)}'s {card}"


def resolve(ctx: ActionContext, state: FrayState, params: dict[str, Any]) -> None:
    item = flow.current_item(state)
    assert item is not None
    if item.part == "other":
        flow.next_item(ctx.encounter, state, "resolved")
        return
    result = _text(params, "result").lower()
    if result not in ("hit", "miss"):
        raise RulesError("say whether the attack is a hit or a miss")
    assert item.target is not None
    target = ctx.encounter.token(item.target)
    source = _source(ctx, state, item.token)
    if result == "miss":
        ctx.say(f"{source} misses {target.name}")
        flow.next_item(ctx.encounter, state, "miss")
        return
    declaration = state.declarations.get(item.token)
    hurts = declaration.hurts if declaration is not None else "injury"
    # 000: "If the resolve of an attack is a success the attacker rolls a D4."
    levels = ctx.roll(INJURY_DIE, item.token, f"{hurts} levels: {source} on {target.name}")
    condition = _text(params, "condition")
    if hurts == "morale":
        flow.hold(
            state,
            Effect(target=target.id, source=source, morale=levels, condition=condition),
        )
        ctx.say(
            f"{source} hits {target.name}: {levels_text(levels, 'morale')} at the end of the phase"
        )
        flow.next_item(ctx.encounter, state, f"hit: {levels} morale")
        return
    if flow.free_fatigue(ctx.encounter, state, target.id) > 0:
        state.hit = Hit(target=target.id, levels=levels, source=source, condition=condition)
        ctx.say(f"{source} hits {target.name} for {levels_text(levels, 'injury')}: trade fatigue?")
        return
    flow.hold(state, Effect(target=target.id, source=source, injury=levels, condition=condition))
    ctx.say(f"{source} hits {target.name}: {levels_text(levels, 'injury')} at the end of the phase")
    flow.next_item(ctx.encounter, state, f"hit: {levels} injury")


def settle(ctx: ActionContext, state: FrayState, params: dict[str, Any]) -> None:
    """000: "the creature can choose to reduce his fatigue by one for each wound level"."""
    hit = state.hit
    assert hit is not None
    most = min(hit.levels, flow.free_fatigue(ctx.encounter, state, hit.target))
    traded = _int(params, "fatigue", most)
    if not 0 <= traded <= most:
        raise RulesError(f"trade 0 to {most} fatigue")
    flow.hold(
        state,
        Effect(
            target=hit.target,
            source=hit.source,
            injury=hit.levels - traded,
            fatigue=-traded,
            condition=hit.condition,
        ),
    )
    name = name_of(ctx.encounter, hit.target)
    ctx.say(
        f"{name} trades {traded} fatigue: {levels_text(hit.levels - traded, 'injury')} at phase end"
    )
    flow.next_item(ctx.encounter, state, f"hit: {hit.levels - traded} injury, {traded} fatigue")


def move(ctx: ActionContext, state: FrayState, params: dict[str, Any]) -> None:
    item = flow.current_item(state)
    assert item is not None
    token = ctx.encounter.token(item.token)
    if params.get("leave") is True:
        ctx.move(token.id, None)
        ctx.set_status(token.id, FLED, 1)
        ctx.say(f"{token.name} leaves the scene")
        flow.next_item(ctx.encounter, state, "left the scene")
        return
    to = _area(ctx, params, "to") or item.to
    if to is None:
        raise RulesError(f"say where {token.name} moves to")
    ctx.move(token.id, to)
    ctx.say(f"{token.name} moves to {area_name(ctx.encounter, to)}")
    flow.next_item(ctx.encounter, state, f"moved to {to}")


def skip(ctx: ActionContext, state: FrayState) -> None:
    flow.next_item(ctx.encounter, state, "skipped")


def hold_effect(ctx: ActionContext, state: FrayState, params: dict[str, Any]) -> None:
    target = _token(ctx, params, "token")
    if target is None:
        raise RulesError("say which creature the effect lands on")
    effect = Effect(
        target=target.id,
        source="GM",
        injury=_int(params, "injury"),
        morale=_int(params, "morale"),
        fatigue=_int(params, "fatigue"),
        condition=_text(params, "condition"),
    )
    item = flow.current_item(state)
    if item is not None and item.part != "move":
        effect.source = _source(ctx, state, item.token)
    if not (effect.injury or effect.morale or effect.fatigue or effect.condition):
        raise RulesError("the effect changes nothing")
    flow.hold(state, effect)
    ctx.say(f"Held until the phase ends: {target.name}")


# -- Mop Up and after ----------------------------------------------------------


def dissolve(ctx: ActionContext, state: FrayState, token_id: str, params: dict[str, Any]) -> None:
    condition = _text(params, "condition")
    if condition not in ctx.encounter.token(token_id).statuses:
        raise RulesError(f"{name_of(ctx.encounter, token_id)} has no condition '{condition}'")
    ctx.set_status(token_id, condition, None)
    ctx.say(f"{name_of(ctx.encounter, token_id)} dissolves {condition}")
    flow.settle(ctx.encounter, state)


def damage(ctx: ActionContext, state: FrayState, params: dict[str, Any]) -> None:
    """000: damage from effects not dissolved ("e.g. Burning and Drowning") lands now."""
    item = flow.current_item(state)
    assert item is not None
    token = ctx.encounter.token(item.token)
    levels = _int(params, "levels", token.statuses.get(item.condition, 1))
    if levels < 0:
        raise RulesError("damage is 0 levels or more")
    traded = _int(params, "fatigue", min(levels, fatigue(token)))
    if not 0 <= traded <= min(levels, fatigue(token)):
        raise RulesError(f"trade 0 to {min(levels, fatigue(token))} fatigue")
    if traded:
        ctx.set_figure(token.id, FATIGUE, fatigue(token) - traded)
    ctx.say(flow.set_injury(ctx, token.id, injury(token) + levels - traded))
    flow.next_item(ctx.encounter, state, f"{levels - traded} injury, {traded} fatigue")


def heal(ctx: ActionContext, state: FrayState, params: dict[str, Any]) -> None:
    """000: "only heal spells still residing on a players hand can be cast. Healing using
    skill can be done once per creature"."""
    token = _token(ctx, params, "token")
    if token is None:
        raise RulesError("say who is healed")
    levels = _int(params, "levels", 1)
    if levels < 1:
        raise RulesError("heal at least one level")
    method = _text(params, "method").lower()
    if method == "skill":
        if token.id in state.skill_healed:
            raise RulesError(f"{token.name} was already healed by skill once")
        state.skill_healed.append(token.id)
    elif method == "spell":
        caster = _token(ctx, params, "caster")
        card = _text(params, "card")
        if caster is None or not card:
            raise RulesError("a heal spell needs its caster and its card")
        if hand(caster):
            if card not in [c.name for c in in_hand(hand(caster), spent_names(state, caster.id))]:
                raise RulesError(f"{card} is not on {caster.name}'s hand")
            recovery = next(c.recovery for c in hand(caster) if c.name == card)
            state.spent.setdefault(caster.id, []).append(SpentCard(name=card, recovery=recovery))
    else:
        raise RulesError("heal by skill or by spell")
    ctx.say(flow.set_injury(ctx, token.id, injury(token) - levels))


def adjust(ctx: ActionContext, params: dict[str, Any]) -> None:
    token = _token(ctx, params, "token")
    if token is None:
        raise RulesError("say whose figure to set")
    figure = _text(params, "figure")
    value = _int(params, "value")
    if figure == INJURY:
        ctx.say(flow.set_injury(ctx, token.id, value))
    elif figure == MORALE:
        ctx.say(flow.set_morale(ctx, token.id, value))
    elif figure:
        ctx.set_figure(token.id, figure, value)
        ctx.say(f"{token.name}: {figure} {value}")
    else:
        raise RulesError("say which figure to set")


def _subject(params: dict[str, Any]) -> str:
    return str(params.get(SUBJECT, ""))


HANDLERS: dict[str, Handler[FrayState]] = {
    "begin": lambda ctx, state, params: begin(ctx, state),
    "resolve": resolve,
    "settle": settle,
    "move": move,
    "skip": lambda ctx, state, params: skip(ctx, state),
    "hold": hold_effect,
    "end-phase": lambda ctx, state, params: _end_phase(ctx, state),
    "conditions-done": lambda ctx, state, params: flow.enter_damage(ctx.encounter, state),
    "damage": damage,
    "recover-party": lambda ctx, state, params: flow.recover(ctx, state, "party"),
    "recover-gm": lambda ctx, state, params: flow.recover(ctx, state, "gm"),
    "heal": heal,
    "end-scene": lambda ctx, state, params: flow.end_scene(ctx, state),
    "adjust": lambda ctx, state, params: adjust(ctx, params),
    "end-combat": lambda ctx, state, params: flow.end_combat(state),
    "declare": lambda ctx, state, params: declare(ctx, state, _subject(params), params),
    "pass": lambda ctx, state, params: pass_turn(ctx, state, _subject(params)),
    "dissolve": lambda ctx, state, params: dissolve(ctx, state, _subject(params), params),
}
"""What each action id does; ``declare``, ``pass`` and ``dissolve`` name their creature
after a colon (``declare:ogre``), one button per row."""


def _end_phase(ctx: ActionContext, state: FrayState) -> None:
    phase = flow.phase_of(state.step)
    assert phase is not None
    flow.end_phase(ctx, state)
    following = flow.phase_of(state.step)
    if following is not None and following != phase:
        _say_revealed(ctx, state, following)

"""What the GM may do at each step: the panel's buttons, with one primary (the advance key)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tactical.core.encounter import Encounter
from tactical.core.tokens import Token
from tactical.rules.defaults import first_visible_foe
from tactical.rules.procedure import Action, Param
from tactical.rules.procedures.approximated_fray import flow
from tactical.rules.procedures.approximated_fray.cards import KINDS, PHASES, in_hand
from tactical.rules.procedures.approximated_fray.levels import (
    FATIGUE,
    FATIGUE_MAX,
    INJURY,
    MORALE,
    SEAT,
)
from tactical.rules.procedures.approximated_fray.roster import (
    area_name,
    clockwise,
    fatigue,
    hand,
    injury,
    out_of_fight,
    panicked,
)
from tactical.rules.procedures.approximated_fray.state import FrayState
from tactical.rules.procedures.approximated_fray.text import modifier_text, name_of

ADJUSTABLE = (INJURY, MORALE, FATIGUE, FATIGUE_MAX, SEAT)
PHASE_OPTIONS = tuple(p.title() for p in PHASES)


def spent_names(state: FrayState, token_id: str) -> list[str]:
    return [c.name for c in state.spent.get(token_id, [])]


def playable(token: Token, state: FrayState) -> list[str]:
    """Names of the cards the creature may put down (a Panicked one: move cards only)."""
    cards = in_hand(hand(token), spent_names(state, token.id))
    if panicked(token):
        cards = [c for c in cards if c.kind == "move"]
    return list(dict.fromkeys(c.name for c in cards))


def undeclared(encounter: Encounter, state: FrayState) -> list[Token]:
    """Creatures still in the fight who have neither put a card down nor passed."""
    return [
        t
        for t in clockwise(encounter)
        if not out_of_fight(t) and t.id not in state.declarations and t.id not in state.passed
    ]


def target_default(encounter: Encounter, token: Token) -> Callable[[Mapping[str, Any]], str | None]:
    """The target a card form starts on, following the card chosen.

    An attack or a charge aims at the first foe the players can see (000: "an
    area or a Creature"); a move, an "other" card, or an attack given a target
    area aims at no creature, so a default never sticks to a card that does
    not want it.
    """
    foe = first_visible_foe(encounter, token.id, [t.id for t in clockwise(encounter)])
    kinds = {c.name: c.kind for c in hand(token)}
    free_kind = "move" if panicked(token) else "attack"

    def default(values: Mapping[str, Any]) -> str | None:
        if values.get("area"):
            return None
        kind = values.get("kind") or kinds.get(str(values.get("card", "")), free_kind)
        return foe if kind in ("attack", "charge") else None

    return default


def _declare(encounter: Encounter, token: Token, state: FrayState, primary: bool) -> Action | None:
    options = playable(token, state)
    if hand(token):
        if not options and not panicked(token):
            return None
        card = (
            Param("card", "Card", "choice", tuple(options))
            if options
            else Param("card", "Card (a way to flee)", "text")
        )
    else:
        card = Param("card", "Card", "text")
    hint = "Secret until its phase. Phase and kind default to the card's."
    if panicked(token):
        hint = "Panicked: it must play its best move card to escape the scene (000)."
    return Action(
        f"declare:{token.id}",
        f"Put down {token.name}'s card",
        (
            card,
            Param("phase", "Phase keyword", "choice", PHASE_OPTIONS, optional=True),
            Param("kind", "Kind", "choice", KINDS, optional=True),
            Param("hurts", "Hurts", "choice", ("injury", "morale"), optional=True),
            Param(
                "target",
                "Target creature",
                "token",
                optional=True,
                needed_for="for an attack or a charge",
                follows=target_default(encounter, token),
            ),
            Param(
                "area",
                "Target area",
                "area",
                optional=True,
                needed_for="for an attack, or a creature",
            ),
            Param("to", "Move to", "area", optional=True, needed_for="for a move"),
            # A spin box always gives a number: a card from a hand brings its own.
            *(() if hand(token) else (Param("recovery", "Recovery value", "int", default=1),)),
        ),
        primary=primary,
        token_id=token.id,
        hint=hint,
    )


def staging(encounter: Encounter, state: FrayState) -> list[Action]:
    waiting = undeclared(encounter, state)
    actions: list[Action] = []
    for token in clockwise(encounter):
        if out_of_fight(token):
            continue
        next_up = bool(waiting) and token is waiting[0]
        declare = _declare(encounter, token, state, primary=next_up)
        if declare is not None:
            actions.append(declare)
        actions.append(
            Action(
                f"pass:{token.id}",
                f"{token.name} plays no card",
                # A creature with every card spent can only pass.
                primary=next_up and declare is None,
                token_id=token.id,
            )
        )
    actions.append(
        Action(
            "begin",
            "Begin the First phase: reveal the First cards",
            primary=not waiting,
            hint="Creatures without a card down play none this turn." if waiting else "",
        )
    )
    return actions


def _hold() -> Action:
    return Action(
        "hold",
        "Hold an effect until the phase ends",
        (
            Param("token", "On creature", "token"),
            Param("injury", "Injury levels", "int", default=0, optional=True),
            Param("morale", "Morale levels", "int", default=0, optional=True),
            Param("fatigue", "Fatigue change", "int", default=0, optional=True),
            Param("condition", "Condition", "text", optional=True),
        ),
        hint="000: effects are placed on the card at the end of the phase.",
    )


def phase(encounter: Encounter, state: FrayState) -> list[Action]:
    current = flow.phase_of(state.step)
    assert current is not None
    item = flow.current_item(state)
    actions: list[Action] = []
    if item is not None and flow.gone(encounter, item):
        actions.append(Action("skip", "Skip: its creature is no longer on the map", primary=True))
        return [*actions, _hold()]
    if item is None:
        following = PHASES.index(current) + 1
        then = (
            f"reveal the {PHASES[following].title()} cards"
            if following < len(PHASES)
            else "go to the Mop Up"
        )
        actions.append(
            Action(
                "end-phase",
                f"End the {current.title()} phase: effects land, {then}",
                primary=True,
            )
        )
    elif state.hit is not None:
        free = flow.free_fatigue(encounter, state, state.hit.target)
        most = min(free, state.hit.levels)
        actions.append(
            Action(
                "settle",
                f"Settle the hit on {name_of(encounter, state.hit.target)}",
                (Param("fatigue", f"Fatigue to trade (0 to {most})", "int", default=most),),
                primary=True,
                token_id=state.hit.target,
                hint="000: fatigue can be traded one for one against injury levels.",
            )
        )
    elif item.part == "attack":
        actor = encounter.token(item.token)
        actions.append(
            Action(
                "resolve",
                f"Resolve {actor.name}'s attack on {name_of(encounter, item.target)}",
                (
                    Param("result", "Result", "choice", ("hit", "miss")),
                    Param("condition", "Condition placed on a hit", "text", optional=True),
                ),
                primary=True,
                token_id=actor.id,
                hint=f"{modifier_text(actor)}. A hit rolls 1d4 levels.",
            )
        )
    elif item.part == "other":
        actor = encounter.token(item.token)
        actions.append(
            Action(
                "resolve",
                f"{actor.name}'s card is resolved",
                primary=True,
                token_id=actor.id,
                hint=f"{modifier_text(actor)}. Hold its effects until the phase ends.",
            )
        )
    else:
        actor = encounter.token(item.token)
        actions.append(
            Action(
                "move",
                f"Move {actor.name} to {area_name(encounter, item.to)}"
                if item.to is not None
                else f"Move {actor.name}: choose the area",
                (
                    Param("to", "To area", "area", default=item.to, optional=True),
                    Param("leave", "Leaves the scene", "bool", default=False, optional=True),
                ),
                primary=True,
                token_id=actor.id,
            )
        )
    if item is not None and state.hit is None:
        actions.append(Action("skip", "The card does nothing after all (skip)"))
    actions.append(_hold())
    return actions


def mop_up(encounter: Encounter, state: FrayState) -> list[Action]:
    actions: list[Action] = []
    if state.step == flow.CONDITIONS:
        for token_id, names in flow.conditions(encounter).items():
            actions.append(
                Action(
                    f"dissolve:{token_id}",
                    f"{name_of(encounter, token_id)} dissolves a condition",
                    (Param("condition", "Condition", "choice", tuple(names)),),
                    token_id=token_id,
                )
            )
        actions.append(
            Action("conditions-done", "Conditions done: damage from effects", primary=True)
        )
    elif state.step == flow.DAMAGE:
        item = flow.current_item(state)
        assert item is not None
        if flow.gone(encounter, item):
            return [Action("skip", "Skip: its creature is no longer on the map", primary=True)]
        victim = encounter.token(item.token)
        stacks = victim.statuses.get(item.condition, 1)
        actions.append(
            Action(
                "damage",
                f"{victim.name} takes damage from {item.condition}",
                (
                    Param("levels", "Injury levels", "int", default=stacks),
                    Param(
                        "fatigue",
                        "Fatigue to trade",
                        "int",
                        default=min(stacks, fatigue(victim)),
                        optional=True,
                    ),
                ),
                primary=True,
                token_id=victim.id,
                hint="One injury level per stack unless you say otherwise.",
            )
        )
        actions.append(Action("skip", f"{item.condition} does no damage (skip)"))
    elif state.step == flow.RECOVERY:
        first = True
        for group, label in (("party", "One player rolls"), ("gm", "The GM rolls")):
            if flow.needs_recovery(encounter, state, group) and group not in state.recovered:
                actions.append(
                    Action(
                        f"recover-{group}",
                        f"{label} 1d6 for recovery",
                        primary=first,
                        hint="Spent cards with a recovery value up to the roll return.",
                    )
                )
                first = False
    return actions


def healing(encounter: Encounter, state: FrayState) -> list[Action]:
    hurt = tuple(t.id for t in clockwise(encounter) if injury(t) > 0)
    actions: list[Action] = []
    if hurt:
        actions.append(
            Action(
                "heal",
                "Heal a creature",
                (
                    Param("token", "Creature", "token", hurt),
                    Param("levels", "Injury levels healed", "int", default=1),
                    Param("method", "By", "choice", ("skill", "spell")),
                    Param("caster", "Caster (spell)", "token", optional=True),
                    Param("card", "Heal spell card (spell)", "text", optional=True),
                ),
                hint="000: spells still on a hand only; skill once per creature.",
            )
        )
    actions.append(
        Action("end-scene", "End the scene: cards back to hand, fatigue reset", primary=True)
    )
    return actions


def common(state: FrayState) -> list[Action]:
    actions = [
        Action(
            "adjust",
            "Set a figure by hand",
            (
                Param("token", "Creature", "token"),
                Param("figure", "Figure", "choice", ADJUSTABLE),
                Param("value", "Value", "int"),
            ),
        )
    ]
    if state.step not in (flow.HEALING, flow.OVER):
        actions.append(Action("end-combat", "End the fight (then healing)"))
    return actions


def available(encounter: Encounter, state: FrayState) -> list[Action]:
    if state.step == flow.OVER:
        return []
    if state.step == flow.STAGING:
        found = staging(encounter, state)
    elif flow.phase_of(state.step) is not None:
        found = phase(encounter, state)
    elif state.step == flow.HEALING:
        found = healing(encounter, state)
    else:
        found = mop_up(encounter, state)
    return found + common(state)

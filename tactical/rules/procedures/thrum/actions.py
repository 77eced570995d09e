"""Which buttons the GM has at each step of a Thrum fight."""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.rules.procedure import Action, Param
from tactical.rules.procedures.thrum import order as turn_order
from tactical.rules.procedures.thrum import triggers
from tactical.rules.procedures.thrum.state import (
    ACTION,
    END,
    ENDED,
    GM_ENDS,
    INCAPACITATED,
    INITIATIVE,
    MOVE,
    ORDER,
    OUTCOMES,
    PLACEMENT,
    STANCE,
    START,
    TURN_STEPS,
    ZERO,
    ThrumState,
    combatant_ids,
    end_reason,
    is_pc,
    stance_of,
)
from tactical.rules.procedures.thrum.view import needs_panic


def _setup_actions(state: ThrumState) -> list[Action]:
    return [
        Action(
            "set-starting-area",
            "Designate the Starting Area",
            (
                Param("from", "Corner", "square"),
                Param("to", "Opposite corner", "square"),
                Param("add", "Add to the current area", "bool", default=False, optional=True),
            ),
            hint="PCs choose their starting squares inside it in Round Zero.",
        ),
        Action("clear-starting-area", "Clear the Starting Area"),
    ]


def _conditions(state: ThrumState) -> Action:
    return Action(
        "set-conditions",
        "Set the Win / Defeat Condition",
        (
            Param("win", "Win Condition", "text", default=state.win_condition, optional=True),
            Param(
                "defeat", "Defeat Condition", "text", default=state.defeat_condition, optional=True
            ),
        ),
        hint="Met conditions end the combat (001 line 15).",
    )


def _turn_actions(encounter: Encounter, state: ThrumState) -> list[Action]:
    """The actions of the current step of a turn in Rounds 1+."""
    current = state.current
    token = encounter.tokens.get(current) if current else None
    step = state.step
    if token is None:
        return [Action("end-turn", "End the turn", primary=True)]
    incapacitated = INCAPACITATED in token.statuses
    found: list[Action] = []
    if step == START:
        if needs_panic(token) and not state.panic_rolled:
            found.append(
                Action(
                    "panic-roll",
                    "Panic Roll",
                    primary=True,
                    token_id=current,
                    hint="2d6 + Resolve must exceed the Stress Load.",
                )
            )
        else:
            label = "To End of Turn (Incapacitated)" if incapacitated else "Start effects resolved"
            found.append(Action("start-done", label, primary=True, token_id=current))
        later = turn_order.waiting(encounter, state)
        if current not in state.delayed and not state.panic_rolled and later:
            found.append(
                Action(
                    "delay",
                    "Delay until after",
                    (Param("after", "After", "token", options=tuple(later)),),
                    token_id=current,
                    hint="Once per round; the new place in the order lasts for the combat.",
                )
            )
    elif step == MOVE:
        found.append(Action("move-done", "Done moving", primary=True, token_id=current))
        found.append(
            Action(
                "descent-failed",
                "Descent roll failed (+1 Slowed)",
                (
                    Param(
                        "dazed",
                        "Movement already spent (+1 Dazed)",
                        "bool",
                        default=False,
                        optional=True,
                    ),
                ),
                token_id=current,
            )
        )
    elif step == ACTION:
        found.append(Action("action-done", "Action done", primary=True, token_id=current))
        if 0 <= state.action_rolls == len(encounter.dice_log):
            found.append(
                Action(
                    "overexert",
                    "Overexert: take Stress",
                    (
                        Param("stress", "Stress taken", "int", default=1),
                        Param("ability", "Ability", "text", optional=True),
                    ),
                    token_id=current,
                    hint="Declared, and its Stress taken, before any rolls (001).",
                )
            )
    elif step == STANCE:
        stance = stance_of(token)
        found.append(
            Action(
                "keep-stance",
                f"Remain in {stance}" if stance else "Take no Stance",
                primary=True,
                token_id=current,
            )
        )
        found.append(
            Action(
                "take-stance",
                "Take a new Stance",
                (Param("stance", "Stance", "text"),),
                token_id=current,
            )
        )
    elif step == END:
        found.append(Action("end-turn", "End the turn", primary=True, token_id=current))
    if step != END:
        found.append(
            Action("skip", "Skip to End of Turn", token_id=current, hint="The GM's override.")
        )
    return found


def _anytime_actions(encounter: Encounter, state: ThrumState) -> list[Action]:
    """Recording what abilities do, at any step of Rounds 0+."""
    ids = tuple(combatant_ids(encounter, state))
    found = [
        Action(
            "deal",
            "Deal Fatigue / Stress",
            (
                Param("target", "Target", "token", options=ids),
                # Not optional, and not 0 and 0: a form never refuses what it offered.
                Param("fatigue", "Fatigue", "int", default=1),
                Param("stress", "Stress", "int", default=0),
                Param("finisher", "Finisher", "bool", default=False, optional=True),
            ),
            hint="+1 Load per point; negative amounts recover. A Finisher on an Exhausted "
            "target forces an Incapacity Roll.",
        ),
        Action(
            "status",
            "Give a status",
            (
                Param("token", "Combatant", "token", options=ids),
                Param("status", "Status", "text"),
                Param("stacks", "Stacks (0 removes)", "int", default=1),
                Param("ticks", "Ticks down at end of turn", "bool", default=True, optional=True),
            ),
        ),
    ]
    down = tuple(t for t in ids if INCAPACITATED in encounter.tokens[t].statuses)
    if down:
        found.append(
            Action(
                "end-incapacity",
                "End Incapacitated (Resuscitate)",
                (Param("token", "Combatant", "token", options=down),),
                hint="Resuscitate or another ability that ends Incapacitated.",
            )
        )
    found += triggers.actions(encounter, state, ids)
    outside = tuple(t.id for t in encounter.tokens.values() if t.id not in state.order)
    if outside:
        found.append(
            Action(
                "join",
                "Join the combat",
                (Param("token", "Combatant", "token", options=outside),),
                hint="Rolls its Initiative and puts it in the order.",
            )
        )
    return found


def available_actions(encounter: Encounter, state: ThrumState) -> list[Action]:
    step = state.step
    if step == ENDED:
        return []
    found: list[Action] = []
    if step == PLACEMENT:
        found.append(Action("npcs-placed", "NPCs placed", primary=True))
        found += _setup_actions(state)
    elif step == INITIATIVE:
        found.append(Action("roll-initiative", "Roll Initiative", primary=True))
        for token_id in state.order:
            token = encounter.tokens.get(token_id)
            if token is not None and is_pc(encounter, token):
                rolled = token_id in state.initiative
                found.append(
                    Action(
                        f"initiative:{token_id}",
                        f"{'Roll again' if rolled else 'Roll'} {token.name}'s Initiative",
                        token_id=token_id,
                        hint="Its player's own roll, typed or rolled; the GM rolls the rest.",
                    )
                )
        found += _setup_actions(state)
    elif step == ORDER:
        found.append(Action("begin-round-zero", "Begin Round Zero", primary=True))
        found.append(
            Action(
                "set-initiative",
                "Set an initiative by hand",
                (
                    Param("token", "Combatant", "token", options=tuple(state.order)),
                    Param("total", "Initiative total", "int"),
                ),
            )
        )
        tied = tuple(t for group in turn_order.exact_ties(encounter, state) for t in group)
        if tied:
            found.append(
                Action(
                    "tie-first",
                    "Act first among ties",
                    (Param("token", "Combatant", "token", options=tied),),
                    hint="Ties left after the modifier and PCs-first rules are the GM's choice.",
                )
            )
        found += _setup_actions(state)
    elif step == ZERO:
        current = state.current
        token = encounter.tokens.get(current) if current else None
        found.append(Action("zero-done", "Done: next combatant", primary=True, token_id=current))
        if token is not None and is_pc(encounter, token):
            found.append(
                Action(
                    "place",
                    "Place in the Starting Area",
                    (Param("square", "Square", "square"),),
                    token_id=current,
                    hint="Or drag the token on the map.",
                )
            )
        if token is not None:
            found.append(
                Action(
                    "take-stance",
                    "Enter a Stance",
                    (Param("stance", "Stance", "text"),),
                    token_id=current,
                )
            )
        found += _setup_actions(state)
        found += _anytime_actions(encounter, state)
    elif step in TURN_STEPS:
        found += _turn_actions(encounter, state)
        found += _anytime_actions(encounter, state)
    found.append(_conditions(state))
    if state.triggers:  # triggered effects preempt the step's own action (001 line 81)
        found = [
            Action(a.id, a.label, a.params, a.id == "resolve-trigger", a.token_id, a.hint)
            for a in found
        ]
    if state.round >= 1 or step == ZERO:
        reason = end_reason(encounter, state)
        if reason is not None:
            found = [Action(a.id, a.label, a.params, False, a.token_id, a.hint) for a in found]
        found.append(
            Action(
                "end-combat",
                "End the combat",
                (Param("why", "Why", "choice", options=OUTCOMES, default=reason or GM_ENDS),),
                primary=reason is not None,
                hint="Loads reset to 0; tolerances are recorded.",
            )
        )
    return found

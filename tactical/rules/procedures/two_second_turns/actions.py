"""What the GM may do now in Two-second turns: the panel's buttons and their inputs."""

from __future__ import annotations

from typing import Any

from tactical.core.encounter import Encounter
from tactical.rules.defaults import first_visible_foe
from tactical.rules.procedure import Action, Param
from tactical.rules.procedures.two_second_turns.effects import is_dazed
from tactical.rules.procedures.two_second_turns.order import still_to_act
from tactical.rules.procedures.two_second_turns.params import (
    EFFECTS,
    OUTCOMES,
    PLACES,
    PUSHES,
    in_fight,
)
from tactical.rules.procedures.two_second_turns.state import DIRECTIONS, TurnsState


def token_param(
    name: str, label: str, options: list[str], *, optional: bool = False, default: Any = None
) -> Param:
    return Param(name, label, "token", tuple(options), default=default, optional=optional)


def available_actions(encounter: Encounter, state: TurnsState) -> list[Action]:
    if state.ended:
        return []
    fighters = [t for t in state.order if t not in state.out]
    acts: list[Action] = []
    if state.step == "setup":
        acts.append(
            Action(
                "roll-initiative",
                "Roll initiative",
                primary=True,
                hint="Willpower d6 + dexterity each; type physical results in token order",
            )
        )
        for token_id in in_fight(encounter):
            token = encounter.token(token_id)
            if token.side == "pcs":
                again = "Roll again" if token_id in state.rolled else "Roll"
                acts.append(
                    Action(
                        f"initiative:{token_id}",
                        f"{again} {token.name}'s initiative",
                        token_id=token_id,
                        hint="Its player's own roll, typed or rolled; the GM rolls the rest.",
                    )
                )
        acts.append(join_action(encounter, in_fight(encounter), None))
    elif state.step == "initiative":
        acts.append(Action("start-round", "Start round 1", primary=True))
        acts.append(
            Action(
                "set-initiative",
                "Set initiative",
                (
                    token_param("token", "Character", fighters),
                    Param("value", "Initiative", "int"),
                ),
            )
        )
        acts.append(join_action(encounter, fighters, None))
    elif state.step == "ranged" and state.chain is not None:
        acts.append(
            Action(
                "resolve",
                "Resolve the roll",
                (Param("outcome", "Outcome", "choice", OUTCOMES, default="hit"),),
                primary=True,
                token_id=state.chain.target,
            )
        )
        acts.append(Action("cancel-attack", "Cancel the attack", token_id=state.chain.attacker))
    elif state.acting is not None:
        acts.extend(turn_actions(encounter, state, fighters))
    if state.step != "setup":
        acts.extend(gm_overrides(encounter, state, fighters))
    acts.append(Action("end-combat", "End combat"))
    return acts


def join_action(encounter: Encounter, who: list[str], acting: str | None) -> Action:
    return Action(
        "join-cluster",
        "Join a cluster",
        (
            token_param("token", "Who", who, default=acting),
            token_param("with", "Into the square of", who),
        ),
        token_id=acting,
        hint="Several characters in one square form a combat cluster",
    )


def turn_actions(encounter: Encounter, state: TurnsState, fighters: list[str]) -> list[Action]:
    acting = state.acting
    assert acting is not None
    acts = [Action("end-turn", "End turn", primary=True, token_id=acting)]
    others = [t for t in fighters if t != acting]
    foe = first_visible_foe(encounter, acting, others)  # the melee and ranged default
    if not is_dazed(state, acting):
        later = [t for t in still_to_act(state.order, state.done, state.out) if t != acting]
        if state.step == "turn-start" and later:
            acts.append(
                Action(
                    "delay",
                    "Delay",
                    (
                        Param("place", "Place", "choice", PLACES, default="just after"),
                        token_param("whom", "Character", later),
                    ),
                    token_id=acting,
                    hint="Declared at the start of the turn (003 line 13)",
                )
            )
        acts.append(
            Action(
                "ready",
                "Ready an action",
                (
                    Param("action", "Readied action", "text"),
                    Param("trigger", "Trigger", "text"),
                    token_param("target", "Against", others, optional=True),
                ),
                token_id=acting,
                hint="Ends the turn; lapses at the next turn if not triggered",
            )
        )
        acts.append(
            Action(
                "melee",
                "Melee attack",
                (
                    token_param(
                        "target",
                        "Target",
                        others,
                        default=foe,
                    ),
                    token_param("attacker", "Attacker", fighters, default=acting),
                ),
                token_id=acting,
                hint="Only inside a cluster (same square)",
            )
        )
        acts.append(
            Action(
                "ranged",
                "Ranged attack",
                (
                    token_param(
                        "target",
                        "Target",
                        others,
                        default=foe,
                    ),
                    Param("range", "Weapon range (empty: no limit)", "int", optional=True),
                    token_param("attacker", "Attacker", fighters, default=acting),
                ),
                token_id=acting,
            )
        )
        acts.append(join_action(encounter, fighters, acting))
    readiers = [t for t in state.readies if t in fighters and t != acting]
    if readiers:
        acts.append(
            Action(
                "trigger",
                "Trigger a readied action",
                (
                    token_param("readier", "Readied by", readiers),
                    token_param("by", "Triggered by", fighters, default=acting),
                ),
                hint="The readier moves to just before whoever triggered it",
            )
        )
    return acts


def gm_overrides(encounter: Encounter, state: TurnsState, fighters: list[str]) -> list[Action]:
    acts = [
        Action(
            "effect",
            "Apply an effect",
            (
                token_param("target", "On", fighters),
                Param("effect", "Effect", "choice", EFFECTS, default="stumble"),
                Param("seconds", "Seconds", "int", default=2),
                Param("direction", "Came from", "choice", DIRECTIONS, optional=True),
                Param("name", "Name (other effects)", "text", optional=True),
                Param("push", "Stumbles", "choice", PUSHES, default="away"),
            ),
            hint="Lasts seconds // 2 of the character's turns",
        )
    ]
    if state.step in ("turn-start", "action"):
        acts.append(
            Action(
                "move-in-order",
                "Move in the order",
                (
                    token_param("token", "Character", fighters),
                    Param("place", "Place", "choice", PLACES, default="just after"),
                    token_param("whom", "Relative to", fighters),
                ),
                hint="GM override",
            )
        )
    if fighters:
        acts.append(
            Action("take-out", "Take out of the fight", (token_param("token", "Who", fighters),))
        )
    if state.out:
        acts.append(
            Action(
                "bring-back",
                "Bring back into the fight",
                (token_param("token", "Who", list(state.out)),),
            )
        )
    outsiders = [t for t in in_fight(encounter) if t not in state.order]
    if outsiders:
        acts.append(
            Action(
                "add-combatant",
                "Add to the order",
                (
                    token_param("token", "Who", outsiders),
                    Param("value", "Initiative (empty: roll)", "int", optional=True),
                ),
            )
        )
    return acts

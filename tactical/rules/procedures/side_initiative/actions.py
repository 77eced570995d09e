"""What the GM may do now in Side initiative: the panel's buttons and their inputs."""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.rules.procedure import Action, Param
from tactical.rules.procedures.side_initiative.morale import (
    PLAYER_SIDE,
    due,
    fights_to_the_death,
    is_players,
    record,
)
from tactical.rules.procedures.side_initiative.order import (
    acting_groups,
    sides_in_fight,
    unresolved_ties,
)
from tactical.rules.procedures.side_initiative.params import (
    COVER,
    fighters,
    group_name,
    token_choice,
)
from tactical.rules.procedures.side_initiative.phases import next_group
from tactical.rules.procedures.side_initiative.state import (
    KINDS,
    OUT_REASONS,
    PHASE_TITLES,
    PHASES,
    SideState,
)


def available_actions(encounter: Encounter, state: SideState) -> list[Action]:
    if state.ended:
        return []
    acts: list[Action] = []
    everyone = fighters(encounter, state)
    if state.step == "declarations":
        acts.append(Action("roll-initiative", "Roll initiative (1d6 per side)", primary=True))
        acts.extend(declaration_actions(encounter, state, everyone))
    elif state.step == "initiative":
        acts.extend(initiative_actions(encounter, state))
    elif state.step.startswith("act-"):
        acts.extend(phase_actions(encounter, state))
    elif state.step == "morale":
        acts.extend(morale_actions(encounter, state))
    acts.extend(gm_overrides(encounter, state, everyone))
    if not any(a.id == "end-combat" for a in acts):
        acts.append(Action("end-combat", "End combat"))
    return acts


def declaration_actions(
    encounter: Encounter, state: SideState, everyone: list[str]
) -> list[Action]:
    """Declaring before initiative (004: "must be declared before initiative is rolled"),
    and the party's own roll, which closes the declarations."""
    if state.initiative:
        return []
    acts = [
        Action(
            "declare",
            "Declare",
            (
                token_choice(everyone, "token", "Who"),
                Param("kind", "Intent", "choice", KINDS, default="spell"),
                Param("detail", "Which spell or rune", "text", optional=True),
            ),
            hint="Spells, runes and flight from melee are declared before initiative",
        )
    ]
    if state.declarations:
        acts.append(
            Action(
                "withdraw",
                "Withdraw a declaration",
                (token_choice(list(state.declarations), "token", "Who"),),
            )
        )
    if PLAYER_SIDE in sides_in_fight(encounter, state):
        acts.append(
            Action(
                "party-initiative",
                "The party's initiative (1d6)",
                hint="One player rolls for the party; declarations close with it.",
            )
        )
    return acts


def initiative_actions(encounter: Encounter, state: SideState) -> list[Action]:
    sides = sides_in_fight(encounter, state)
    ties = unresolved_ties(state, sides)
    acts: list[Action] = []
    if ties:
        names = group_name(encounter, ties[0])
        acts.append(Action("reroll-tie", f"Re-roll the tie: {names}", primary=True))
        acts.append(Action("simultaneous", f"Act together: {names}"))
    else:
        first = acting_groups(state, sides)[0]
        acts.append(Action("begin", f"Begin: {group_name(encounter, first)}", primary=True))
    waiting = [s for s in sides if s not in state.waiting]
    if len(sides) > 1 and waiting:
        acts.append(
            Action(
                "wait",
                "A side waits (loses initiative)",
                (Param("side", "Side", "choice", tuple(waiting)),),
            )
        )
    acts.append(
        Action(
            "set-initiative",
            "Set a side's roll",
            (
                Param("side", "Side", "choice", tuple(sides)),
                Param("value", "Roll", "int", default=1),
            ),
        )
    )
    return acts


def phase_actions(encounter: Encounter, state: SideState) -> list[Action]:
    group = state.order[state.group]
    acting = fighters(encounter, state, group)
    enemies = [
        t
        for t in fighters(encounter, state)
        if any(encounter.are_enemies(encounter.token(t).side, s) for s in group)
    ]
    if state.attack is not None:
        return [
            Action(
                "hit",
                "Hit",
                (Param("damage", "Damage", "int", default=1),),
                primary=True,
                token_id=state.attack.attacker,
            ),
            Action("miss", "Miss", token_id=state.attack.attacker),
            Action("cancel-attack", "Cancel the attack"),
        ]
    acts = [Action("next", next_label(encounter, state), primary=True)]
    free = [t for t in acting if t not in state.acted]
    if state.phase == "missile" and free and enemies:
        acts.append(
            Action(
                "missile",
                "Missile attack",
                (
                    token_choice(free, "attacker", "Attacker"),
                    token_choice(enemies, "target", "Target"),
                    Param("cover", "Target's cover", "choice", COVER, default="none"),
                    Param("ranges", "Ranges S/M/L ft (empty: the figure)", "text", optional=True),
                ),
            )
        )
    if state.phase == "magic":
        casters = [
            t
            for t in acting
            if (d := state.declarations.get(t)) is not None
            and d.kind in ("spell", "rune")
            and not d.cast
            and not d.disrupted
        ]
        if casters:
            acts.append(Action("cast", "Cast", (token_choice(casters, "caster", "Caster"),)))
    if state.phase == "melee" and free and enemies:
        acts.append(
            Action(
                "melee",
                "Melee attack",
                (
                    token_choice(free, "attacker", "Attacker"),
                    token_choice(enemies, "target", "Target"),
                ),
            )
        )
    acts.append(
        Action(
            "harm",
            "Harm (damage or failed save)",
            (
                token_choice(fighters(encounter, state), "token", "Who"),
                Param("damage", "Damage", "int", default=0),
                Param("failed_save", "Failed a saving throw", "bool", default=False),
            ),
            hint="Spells, breath, falls: a harmed caster whose side has not acted is disrupted",
        )
    )
    return acts


def next_label(encounter: Encounter, state: SideState) -> str:
    index = PHASES.index(state.phase)
    if index + 1 < len(PHASES):
        return f"Next: {PHASE_TITLES[PHASES[index + 1]]}"
    following = next_group(encounter, state, state.group + 1)
    if following is None:
        return "Next: Morale"
    return f"Next: {group_name(encounter, state.order[following])}"


def morale_actions(encounter: Encounter, state: SideState) -> list[Action]:
    sides = sides_in_fight(encounter, state)
    due_sides = [s for s in sides if due(encounter, state, s)]
    referee = [
        s
        for s in sides
        if not is_players(s)
        and record(state, s).broken_round is None
        and not fights_to_the_death(encounter, state, s)
    ]
    acts: list[Action] = []
    if referee:
        acts.append(
            Action(
                "check-morale",
                "Check morale (2d6)",
                (
                    Param(
                        "side",
                        "Side",
                        "choice",
                        tuple(due_sides + [s for s in referee if s not in due_sides]),
                        default=due_sides[0] if due_sides else referee[0],
                    ),
                    Param("modifier", "Modifier to Morale (-2..+2)", "int", default=0),
                ),
                primary=bool(due_sides),
            )
        )
    if due_sides:
        acts.append(
            Action(
                "skip-morale",
                "Skip a due check",
                (Param("side", "Side", "choice", tuple(due_sides)),),
                hint="GM override: the reasons count as checked",
            )
        )
    else:
        if len(sides) <= 1:
            acts.append(Action("end-combat", "End combat", primary=True))
        acts.append(Action("next-round", f"Round {state.round + 1}", primary=len(sides) > 1))
    return acts


def gm_overrides(encounter: Encounter, state: SideState, everyone: list[str]) -> list[Action]:
    acts: list[Action] = []
    if everyone:
        acts.append(
            Action(
                "take-out",
                "Take out of the fight",
                (
                    token_choice(everyone, "token", "Who"),
                    Param("reason", "How", "choice", OUT_REASONS, default="defeated"),
                ),
            )
        )
    if state.out:
        acts.append(
            Action(
                "bring-back",
                "Bring back into the fight",
                (token_choice(list(state.out), "token", "Who"),),
            )
        )
    referee = [s for s in sides_in_fight(encounter, state) if not is_players(s)]
    if referee:
        acts.append(
            Action(
                "set-morale",
                "Set a side's Morale",
                (
                    Param("side", "Side", "choice", tuple(referee)),
                    Param("value", "Morale", "int", default=7),
                ),
            )
        )
    return acts

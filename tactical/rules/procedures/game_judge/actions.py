"""The buttons of each step: what the GM may do now, with the inputs each needs."""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.rules.defaults import first_visible_foe
from tactical.rules.procedure import Action, Param
from tactical.rules.procedures.game_judge.combatants import combatants, disabled_by, is_out
from tactical.rules.procedures.game_judge.flow import TITLES, following_phase, in_phases
from tactical.rules.procedures.game_judge.initiative import acting_sides
from tactical.rules.procedures.game_judge.state import (
    ATTACKS,
    DODGE_SHIFTS,
    KIND_LABELS,
    GameJudgeState,
)
from tactical.rules.procedures.game_judge.view import (
    current_entry,
    declarers,
    pending_declarers,
)

CONDITIONS = ("stunned", "slammed", "ko", "dead", "recovered")
END_REASONS = ("retreat", "surrender", "truce", "defeat", "other")
_NEXT_LABELS = {
    "step1": "Players declare (Step 2)",
    "step2": "Reveal the GM's actions (Step 3)",
    "step3": "Initiative (Step 4)",
    "step4": "Pre-action rolls (Step 5)",
    "step5": "Combat phases (Step 6)",
}


def _short(step: str) -> str:
    return TITLES[step].split(":")[0]


def _declare(encounter: Encounter, state: GameJudgeState) -> list[Action]:
    able = declarers(encounter, players=state.step == "step2")
    if not able:
        return []
    pending = pending_declarers(encounter, state)
    first = pending[0].id if pending else able[0].id
    others = tuple(t.id for t in combatants(encounter) if not is_out(t))
    who = "the player's" if state.step == "step2" else "the GM's (secret)"
    if not pending:
        label = "Declare an action"
    elif pending[0].hidden:  # the GM's window is on the shared screen: no hidden name
        label = "Declare a hidden combatant's action"
    else:
        label = f"Declare {pending[0].name}'s action"
    return [
        Action(
            "declare",
            label,
            (
                Param("token", "Combatant", "token", tuple(t.id for t in able), first),
                # The labels, so the GM reads "Super-speed charge (Phase A)", not an id;
                # the handler takes either.
                Param(
                    "kind", "Action", "choice", tuple(KIND_LABELS.values()), KIND_LABELS["ranged"]
                ),
                Param(
                    "target",
                    "Target",
                    "token",
                    others,
                    first_visible_foe(encounter, first, others),
                    optional=True,
                    needed_for="needed for attacks",
                ),
                Param("destination", "Destination area", "area", optional=True),
                Param("areas", "Areas moved (no destination)", "int", default=0, optional=True),
                Param("note", "Note", "text", default="", optional=True),
            ),
            primary=bool(pending),
            token_id=first,
            hint=f"Record {who} declared action; a declaration can be changed until the step ends",
        )
    ]


def _roll(label: str, why: str) -> Action:
    return Action(
        "roll",
        label,
        (
            Param("expression", "Dice", "text", default="1d100"),
            Param("who", "Who", "text", default="GM"),
            Param("why", "Why", "text", default=why),
            Param("secret", "Secret (GM only)", "bool", default=False, optional=True),
        ),
    )


def _step3(encounter: Encounter, state: GameJudgeState) -> list[Action]:
    able = tuple(t.id for t in combatants(encounter) if disabled_by(t) is None)
    attackers = tuple(t for t, d in state.declarations.items() if d.kind in ATTACKS)
    found = [
        Action(
            "dodge",
            "Dodge while moving",
            (
                Param("token", "Combatant", "token", able),
                Param("result", "Dodge FEAT colour", "choice", tuple(DODGE_SHIFTS)[1:], "red"),
                Param("destination", "Destination area", "area", optional=True),
                Param("areas", "Areas moved (no destination)", "int", default=0, optional=True),
            ),
            hint="002: dodge while moving is declared in Step 3; its moving target "
            "modifier adds to the Dodge FEAT",
        ),
        _roll("Pre-initiative FEAT roll", "pre-initiative FEAT"),
    ]
    if attackers:
        found.insert(
            1,
            Action(
                "attacks",
                "Multiple attacks",
                (
                    Param("token", "Combatant", "token", attackers),
                    Param("count", "Attacks this turn", "int", default=2),
                ),
                hint="Multiple fighting feats, extra attacks: how many attacks this turn",
            ),
        )
    return found


def _step4(encounter: Encounter, state: GameJudgeState) -> list[Action]:
    rolled = bool(state.side_order)
    sides = tuple(acting_sides(encounter))
    return [
        Action(
            "roll-initiative",
            "Re-roll initiative" if rolled else "Roll initiative (1d10 per side)",
            primary=not rolled,
        ),
        Action(
            "set-master",
            "Give Master Initiative",
            (Param("side", "Side", "choice", sides, sides[0] if sides else None),),
            hint="The GM's ruling overrides the roll",
        ),
    ]


def _phases(encounter: Encounter, state: GameJudgeState) -> list[Action]:
    entry = current_entry(encounter, state)
    following, _passed = following_phase(encounter, state, state.step)
    found = []
    if entry is not None:
        found += [
            Action("resolve", "Resolved", primary=True, token_id=entry.actor),
            Action("skip", "Skip", token_id=entry.actor, hint="Pass over this without effect"),
        ]
        if entry.target is not None:
            found.append(Action("roll-feat", "Roll attack FEAT (1d100)", token_id=entry.actor))
    found.append(Action("next", f"Next: {_short(following)}", primary=entry is None))
    return found


def _bookkeeping(encounter: Encounter) -> list[Action]:
    tokens = tuple(t.id for t in combatants(encounter))
    if not tokens:
        return []
    return [
        Action(
            "health",
            "Health",
            (
                Param("token", "Combatant", "token", tokens),
                Param("change", "Change (lost is negative)", "int", default=0),
            ),
            hint="At 0 Health a combatant is KO'd",
        ),
        Action(
            "karma",
            "Karma",
            (
                Param("token", "Combatant", "token", tokens),
                Param("change", "Change (spent is negative)", "int", default=0),
            ),
        ),
        Action(
            "condition",
            "Stunned, slammed, KO'd",
            (
                Param("token", "Combatant", "token", tokens),
                Param("condition", "Condition", "choice", CONDITIONS, "stunned"),
                Param("turns", "Stun time (turns)", "int", default=1, optional=True),
            ),
        ),
    ]


def available_actions(encounter: Encounter, state: GameJudgeState) -> list[Action]:
    if state.ended:
        return [Action("resume", "Resume combat", primary=True)]
    step = state.step
    found: list[Action] = []
    if step in ("step1", "step2"):
        found += _declare(encounter, state)
    elif step == "step3":
        found += _step3(encounter, state)
    elif step == "step4":
        found += _step4(encounter, state)
    elif step == "step5":
        found.append(_roll("Pre-action roll", "pre-action roll"))
    if in_phases(state):
        found += _phases(encounter, state)
    elif step == "step7":
        found.append(Action("next", f"Next turn ({state.round + 1}): Step 1", primary=True))
    elif step != "step4" or state.side_order:
        # While someone still has to declare, the advance key asks for that
        # declaration (the instruction names them); moving on stays a button.
        waiting = step in ("step1", "step2") and bool(pending_declarers(encounter, state))
        found.append(Action("next", _NEXT_LABELS[step], primary=not waiting))
    found += _bookkeeping(encounter)
    found.append(
        Action(
            "end",
            "End combat",
            (Param("reason", "Why", "choice", END_REASONS, "truce"),),
            hint="002: the battle ceases due to retreats, surrenders, or a truce",
        )
    )
    return found

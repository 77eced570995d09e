"""Side initiative (rule text 004): declarations, 1d6 per side, phases per side, morale.

Each round the GM is walked through: declarations (spells, runes, flight from
melee), one initiative roll per side, then each side in turn (or tied sides
together) through movement, missile attacks, magic and melee, then morale
checks for the Referee's sides.

Choices where the text is vague (also in docs/rules.md):

- Declarations are made openly at the table, so the players' are public at
  once. The Referee's stay secret (GM only): a flight from melee until
  initiative is rolled (it gives the winners +2 against the fleeing
  combatant, so they must know), a spell or rune until its side begins to act
  or it is disrupted.
- Flight from melee can only be declared by a combatant in melee. A combatant
  who declared a spell or rune, or flight, makes no attack this round (the
  spell is its action; fleeing forfeits the attack).
- Each attack is announced first (the panel shows its modifiers: range band,
  cover, +2 against a fleeing opponent), then the GM records hit and damage,
  or a miss. A melee attack puts both in melee (004 line 28).
- Ties: the GM chooses, each time, a re-roll of the tied sides or
  simultaneous action (the tied sides then go through the four phases
  together).
- Waiting sides act after every other side.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from tactical.core.encounter import Encounter
from tactical.core.ranges import cover_penalty, missile_possible, range_band, range_modifier
from tactical.rules.context import ActionContext
from tactical.rules.procedure import (
    Action,
    PanelView,
    Param,
    Procedure,
    ProcedureState,
    RulesError,
    StepLine,
)
from tactical.rules.procedures.side_initiative import view as views
from tactical.rules.procedures.side_initiative.combat import (
    add_melee,
    feet_between,
    harm,
    melee_opponents,
    within_reach,
)
from tactical.rules.procedures.side_initiative.morale import (
    due,
    fights_to_the_death,
    is_players,
    mark_checked,
    members,
    record,
    side_morale,
)
from tactical.rules.procedures.side_initiative.movement import movement_left
from tactical.rules.procedures.side_initiative.order import (
    acting_groups,
    sides_in_fight,
    unresolved_ties,
)
from tactical.rules.procedures.side_initiative.state import (
    KINDS,
    OUT_REASONS,
    PHASE_TITLES,
    PHASES,
    Attack,
    Declaration,
    SideState,
)
from tactical.rules.registry import register

Params = dict[str, Any]
COVER = ("none", "-1", "-2", "-3", "-4", "full")
FLEE_BONUS = 2
"""004 line 77: "Opponents in melee with a retreating combatant gain a +2 Attack bonus"."""


def side_name(encounter: Encounter, side: str) -> str:
    found = encounter.sides.get(side)
    return found.name if found is not None else side


def group_name(encounter: Encounter, group: list[str]) -> str:
    return " and ".join(side_name(encounter, s) for s in group)


def fighters(encounter: Encounter, state: SideState, sides: list[str] | None = None) -> list[str]:
    """Tokens on the map and still in the fight (of ``sides`` when given)."""
    return [
        t.id
        for t in encounter.tokens.values()
        if t.position is not None and t.id not in state.out and (sides is None or t.side in sides)
    ]


def _tok(ids: list[str], name: str, label: str, default: Any = None) -> Param:
    return Param(name, label, "token", tuple(ids), default=default)


@register
class SideInitiative(Procedure[SideState]):
    """Rule text 004: side initiative with declarations, phases and morale."""

    id: ClassVar[str] = "side-initiative"
    title: ClassVar[str] = "Side initiative"
    rule_file: ClassVar[str] = "004_ee0c95b780bc2907.txt"
    map_kind: ClassVar[Literal["grid", "areas", "any"]] = "grid"
    metric: ClassVar[str] = "feet"
    state_type: ClassVar[type[ProcedureState]] = SideState
    figure_labels: ClassVar[dict[str, str]] = {
        "hp": "HP",
        "max_hp": "Max HP",
        "speed_ft": "Speed (ft)",
        "morale": "Morale",
        "missile": "Missile S/M/L (ft)",
    }

    def new_state(self, encounter: Encounter, seed: int) -> SideState:
        state = SideState(seed=seed)
        state.lone = [
            side
            for side in encounter.sides
            if not is_players(side) and len(members(encounter, side)) == 1
        ]
        return state

    def movement_left(self, encounter: Encounter, state: SideState, token_id: str) -> int | None:
        """In its side's movement phase: Speed (half in melee, none when casting) less what
        was spent this round (see :mod:`.movement`)."""
        return movement_left(encounter, state, token_id)

    # -- what the panel shows ---------------------------------------------

    def outline(self, encounter: Encounter, state: SideState) -> list[StepLine]:
        return views.outline(encounter, state)

    def view(self, encounter: Encounter, state: SideState) -> PanelView:
        return views.panel_view(self.title, encounter, state)

    def actions(self, encounter: Encounter, state: SideState) -> list[Action]:
        if state.ended:
            return []
        acts: list[Action] = []
        everyone = fighters(encounter, state)
        if state.step == "declarations":
            acts.append(Action("roll-initiative", "Roll initiative (1d6 per side)", primary=True))
            acts.append(
                Action(
                    "declare",
                    "Declare",
                    (
                        _tok(everyone, "token", "Who"),
                        Param("kind", "Intent", "choice", KINDS, default="spell"),
                        Param("detail", "Which spell or rune", "text", optional=True),
                    ),
                    hint="Spells, runes and flight from melee are declared before initiative",
                )
            )
            if state.declarations:
                acts.append(
                    Action(
                        "withdraw",
                        "Withdraw a declaration",
                        (_tok(list(state.declarations), "token", "Who"),),
                    )
                )
        elif state.step == "initiative":
            acts.extend(self._initiative_actions(encounter, state))
        elif state.step.startswith("act-"):
            acts.extend(self._phase_actions(encounter, state))
        elif state.step == "morale":
            acts.extend(self._morale_actions(encounter, state))
        acts.extend(self._overrides(encounter, state, everyone))
        if not any(a.id == "end-combat" for a in acts):
            acts.append(Action("end-combat", "End combat"))
        return acts

    def _initiative_actions(self, encounter: Encounter, state: SideState) -> list[Action]:
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

    def _phase_actions(self, encounter: Encounter, state: SideState) -> list[Action]:
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
        acts = [Action("next", self._next_label(encounter, state), primary=True)]
        free = [t for t in acting if t not in state.acted]
        if state.phase == "missile" and free and enemies:
            acts.append(
                Action(
                    "missile",
                    "Missile attack",
                    (
                        _tok(free, "attacker", "Attacker"),
                        _tok(enemies, "target", "Target"),
                        Param("cover", "Target's cover", "choice", COVER, default="none"),
                        Param(
                            "ranges", "Ranges S/M/L ft (empty: the figure)", "text", optional=True
                        ),
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
                acts.append(Action("cast", "Cast", (_tok(casters, "caster", "Caster"),)))
        if state.phase == "melee" and free and enemies:
            acts.append(
                Action(
                    "melee",
                    "Melee attack",
                    (_tok(free, "attacker", "Attacker"), _tok(enemies, "target", "Target")),
                )
            )
        acts.append(
            Action(
                "harm",
                "Harm (damage or failed save)",
                (
                    _tok(fighters(encounter, state), "token", "Who"),
                    Param("damage", "Damage", "int", default=0),
                    Param("failed_save", "Failed a saving throw", "bool", default=False),
                ),
                hint="Spells, breath, falls: a harmed caster whose side has not acted is disrupted",
            )
        )
        return acts

    def _next_label(self, encounter: Encounter, state: SideState) -> str:
        index = PHASES.index(state.phase)
        if index + 1 < len(PHASES):
            return f"Next: {PHASE_TITLES[PHASES[index + 1]]}"
        following = self._next_group(encounter, state, state.group + 1)
        if following is None:
            return "Next: Morale"
        return f"Next: {group_name(encounter, state.order[following])}"

    def _morale_actions(self, encounter: Encounter, state: SideState) -> list[Action]:
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

    def _overrides(
        self, encounter: Encounter, state: SideState, everyone: list[str]
    ) -> list[Action]:
        acts: list[Action] = []
        if everyone:
            acts.append(
                Action(
                    "take-out",
                    "Take out of the fight",
                    (
                        _tok(everyone, "token", "Who"),
                        Param("reason", "How", "choice", OUT_REASONS, default="defeated"),
                    ),
                )
            )
        if state.out:
            acts.append(
                Action(
                    "bring-back",
                    "Bring back into the fight",
                    (_tok(list(state.out), "token", "Who"),),
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

    # -- what the GM does -------------------------------------------------

    def perform(
        self, ctx: ActionContext, state: SideState, action: str, params: dict[str, Any]
    ) -> SideState:
        self.dispatch(ctx, state, action, params)
        self._sync_melee(ctx, state)
        return state

    # declarations and initiative

    def _do_declare(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        encounter = ctx.encounter
        token_id = self._token(ctx, state, params, "token")
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

    def _do_withdraw(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        token_id = self._token(ctx, state, params, "token")
        state.declarations = {k: v for k, v in state.declarations.items() if k != token_id}

    def _do_roll_initiative(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        encounter = ctx.encounter
        sides = sides_in_fight(encounter, state)
        if len(sides) < 2:
            raise RulesError("initiative needs at least two sides on the map")
        for side in sides:
            result = ctx.roll("1d6", side_name(encounter, side), f"initiative, round {state.round}")
            state.initiative = {**state.initiative, side: [result]}
        state.declarations = {
            token_id: d.model_copy(update={"secret": False}) if d.kind == "flee" else d
            for token_id, d in state.declarations.items()
        }
        state.step = "initiative"
        ctx.say(
            "Initiative: "
            + ", ".join(f"{side_name(encounter, s)} {state.initiative[s][0]}" for s in sides)
            + "."
        )

    def _do_reroll_tie(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        encounter = ctx.encounter
        ties = unresolved_ties(state, sides_in_fight(encounter, state))
        if not ties:
            raise RulesError("no tie to re-roll")
        for side in ties[0]:
            result = ctx.roll("1d6", side_name(encounter, side), "initiative tie re-roll")
            state.initiative = {**state.initiative, side: [*state.initiative[side], result]}
        ctx.say(
            "Re-roll: "
            + ", ".join(f"{side_name(encounter, s)} {state.initiative[s][-1]}" for s in ties[0])
            + "."
        )

    def _do_simultaneous(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        ties = unresolved_ties(state, sides_in_fight(ctx.encounter, state))
        if not ties:
            raise RulesError("no tie to resolve")
        state.simultaneous = [*state.simultaneous, sorted(ties[0])]
        ctx.say(f"Acting together: {group_name(ctx.encounter, ties[0])}.")

    def _do_wait(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        side = params.get("side")
        if side not in sides_in_fight(ctx.encounter, state) or side in state.waiting:
            raise RulesError("pick a side that is not waiting yet")
        state.waiting = [*state.waiting, side]
        ctx.say(f"{side_name(ctx.encounter, side)} wait: they act after the other sides.")

    def _do_set_initiative(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        side = params.get("side")
        value = int(params.get("value", 0))
        if side not in sides_in_fight(ctx.encounter, state) or not 1 <= value <= 6:
            raise RulesError("a side's roll is 1 to 6")
        state.initiative = {**state.initiative, side: [value]}
        state.simultaneous = [g for g in state.simultaneous if side not in g]

    def _do_begin(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        sides = sides_in_fight(ctx.encounter, state)
        if unresolved_ties(state, sides):
            raise RulesError("resolve the tie first: re-roll or act simultaneously")
        state.order = acting_groups(state, sides)
        self._enter_group(ctx, state, 0)

    # the sides' phases

    def _enter_group(self, ctx: ActionContext, state: SideState, index: int) -> None:
        found = self._next_group(ctx.encounter, state, index)
        if found is None:
            state.group = len(state.order)
            state.phase = ""
            state.step = "morale"
            ctx.say("Every side has acted: morale.")
            return
        state.group = found
        state.phase = "movement"
        state.step = f"act-{found}-movement"
        group = state.order[found]
        state.declarations = {
            token_id: d.model_copy(update={"secret": False})
            if ctx.encounter.token(token_id).side in group
            else d
            for token_id, d in state.declarations.items()
        }
        state.engaged = [
            token_id
            for token_id in fighters(ctx.encounter, state, group)
            if melee_opponents(ctx.encounter, state, token_id)
        ]
        ctx.say(f"Acting: {group_name(ctx.encounter, group)}.")

    def _next_group(self, encounter: Encounter, state: SideState, index: int) -> int | None:
        for found in range(index, len(state.order)):
            if fighters(encounter, state, state.order[found]):
                return found
        return None

    def _do_next(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        if state.attack is not None:
            raise RulesError("record the attack first")
        index = PHASES.index(state.phase)
        if index + 1 < len(PHASES):
            state.phase = PHASES[index + 1]
            state.step = f"act-{state.group}-{state.phase}"
            state.engaged = []
            return
        self._enter_group(ctx, state, state.group + 1)

    def _actor(self, ctx: ActionContext, state: SideState, token_id: str, what: str) -> None:
        encounter = ctx.encounter
        token = encounter.token(token_id)
        if token.side not in state.order[state.group] or token_id in state.out:
            raise RulesError(f"{token.name} is not acting now")
        if token_id in state.acted:
            raise RulesError(f"{token.name} has used its action this round")
        declaration = state.declarations.get(token_id)
        if declaration is not None and declaration.kind == "flee":
            raise RulesError(f"{token.name} flees melee this round and forfeits its {what}")
        if declaration is not None:
            raise RulesError(f"{token.name} declared a {declaration.kind}: that is its action")

    def _target(self, ctx: ActionContext, state: SideState, attacker: str, token_id: str) -> None:
        encounter = ctx.encounter
        if token_id in state.out:
            raise RulesError(f"{encounter.token(token_id).name} is out of the fight")
        if not encounter.are_enemies(
            encounter.token(attacker).side, encounter.token(token_id).side
        ):
            raise RulesError("attack an opponent")

    def _do_missile(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        encounter = ctx.encounter
        attacker = self._token(ctx, state, params, "attacker")
        target = self._token(ctx, state, params, "target")
        self._actor(ctx, state, attacker, "attack")
        self._target(ctx, state, attacker, target)
        why: list[str] = []
        modifier = 0
        feet = feet_between(encounter, attacker, target)
        if feet is not None:
            ranges = self._ranges(ctx, attacker, params.get("ranges"))
            if not missile_possible(feet, ranges[2]):
                if feet <= 5:
                    raise RulesError(
                        f"{encounter.token(target).name} is {feet} ft away: within 5 ft only "
                        "melee (004 line 87)"
                    )
                raise RulesError(
                    f"{encounter.token(target).name} is {feet} ft away, beyond long range "
                    f"({ranges[2]} ft)"
                )
            band = range_band(feet, *ranges)
            band_modifier = range_modifier(band) or 0
            modifier += band_modifier
            why.append(f"{band} range at {feet} ft {band_modifier:+d}")
        cover = str(params.get("cover") or "none")
        if cover not in COVER:
            raise RulesError(f"cover is one of {', '.join(COVER)}")
        if cover != "none":
            penalty = cover_penalty("full" if cover == "full" else int(cover))
            if penalty is None:
                raise RulesError("a target behind full cover cannot be hit (004 line 99)")
            modifier += penalty
            why.append(f"cover {penalty:+d}")
        state.attack = Attack(
            kind="missile", attacker=attacker, target=target, modifier=modifier, why=", ".join(why)
        )

    def _ranges(self, ctx: ActionContext, attacker: str, text: Any) -> tuple[int, int, int]:
        raw = text or ctx.figure(attacker, "missile", None)
        try:
            parts = [int(p) for p in str(raw).replace(" ", "").split("/")]
        except ValueError:
            parts = []
        if len(parts) != 3 or not 0 < parts[0] <= parts[1] <= parts[2]:
            raise RulesError(
                f"give {ctx.encounter.token(attacker).name}'s missile ranges as short/medium/long "
                "feet, e.g. 50/100/150"
            )
        return parts[0], parts[1], parts[2]

    def _do_melee(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        encounter = ctx.encounter
        attacker = self._token(ctx, state, params, "attacker")
        target = self._token(ctx, state, params, "target")
        self._actor(ctx, state, attacker, "attack")
        self._target(ctx, state, attacker, target)
        if not within_reach(encounter, attacker, target):
            feet = feet_between(encounter, attacker, target)
            raise RulesError(
                f"{encounter.token(target).name} is {feet} ft away: melee needs 5 ft or less"
            )
        modifier, why = 0, ""
        declaration = state.declarations.get(target)
        if (
            declaration is not None
            and declaration.kind == "flee"
            and attacker in melee_opponents(encounter, state, target)
        ):
            modifier, why = FLEE_BONUS, "fleeing opponent +2, ignore its shield"
        add_melee(state, attacker, target)
        state.attack = Attack(
            kind="melee", attacker=attacker, target=target, modifier=modifier, why=why
        )

    def _do_hit(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        attack = self._attack(state)
        damage = int(params.get("damage", 0))
        if damage < 0:
            raise RulesError("damage is 0 or more")
        encounter = ctx.encounter
        ctx.say(
            f"{encounter.token(attack.attacker).name} hits {encounter.token(attack.target).name}."
        )
        state.attack = None
        state.acted = [*state.acted, attack.attacker]
        harm(ctx, state, attack.target, damage)

    def _do_miss(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        attack = self._attack(state)
        ctx.say(f"{ctx.encounter.token(attack.attacker).name} misses.")
        state.attack = None
        state.acted = [*state.acted, attack.attacker]

    def _do_cancel_attack(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        state.attack = None

    def _attack(self, state: SideState) -> Attack:
        if state.attack is None:
            raise RulesError("no attack is waiting for its roll")
        return state.attack

    def _do_cast(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        caster = self._token(ctx, state, params, "caster")
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

    def _do_harm(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        token_id = self._token(ctx, state, params, "token")
        damage = int(params.get("damage", 0))
        failed = bool(params.get("failed_save", False))
        if damage < 0 or (damage == 0 and not failed):
            raise RulesError("give the damage, or mark a failed saving throw")
        if failed:
            ctx.say(f"{ctx.encounter.token(token_id).name} fails a saving throw.")
        harm(ctx, state, token_id, damage)

    # morale and the next round

    def _do_check_morale(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        encounter = ctx.encounter
        side = params.get("side")
        if side not in sides_in_fight(encounter, state) or is_players(side):
            raise RulesError("only the Referee's sides check morale")
        if record(state, side).broken_round is not None:
            raise RulesError(f"{side_name(encounter, side)} have already broken")
        reason = fights_to_the_death(encounter, state, side)
        if reason:
            raise RulesError(f"{side_name(encounter, side)} never check again: {reason}")
        morale = side_morale(encounter, side)
        if morale is None:
            raise RulesError(f"set the Morale of {side_name(encounter, side)} first")
        modifier = int(params.get("modifier", 0))
        if not -2 <= modifier <= 2:
            raise RulesError("the Referee's modifiers to Morale are -2 to +2 (004 line 135)")
        reasons = due(encounter, state, side)
        why = ", ".join(reasons) if reasons else "the Referee's call"
        result = ctx.roll("2d6", side_name(encounter, side), f"morale ({why})", secret=True)
        target = morale + modifier
        held = result <= target
        rec = mark_checked(state, side, reasons, held)
        if held:
            ctx.say(
                f"{side_name(encounter, side)} hold: {result} against Morale {target} "
                f"(success {rec.successes})."
            )
            return
        for token_id in fighters(encounter, state, [side]):
            ctx.set_status(token_id, "broken", 1)
        ctx.say(
            f"{side_name(encounter, side)} break: {result} exceeds Morale {target}. "
            "They try to surrender or flee next round."
        )

    def _do_skip_morale(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        side = str(params.get("side"))
        reasons = due(ctx.encounter, state, side) if side in ctx.encounter.sides else []
        if not reasons:
            raise RulesError("that side has no check due")
        mark_checked(state, side, reasons, None)
        ctx.say(f"{side_name(ctx.encounter, side)}: check skipped ({', '.join(reasons)}).")

    def _do_next_round(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        encounter = ctx.encounter
        state.melee = [
            pair
            for pair in state.melee
            if not set(pair) & set(state.out)
            and all(t in encounter.tokens for t in pair)
            and within_reach(encounter, pair[0], pair[1])
        ]
        state.round += 1
        state.step = "declarations"
        state.declarations = {}
        state.initiative = {}
        state.simultaneous = []
        state.waiting = []
        state.order = []
        state.group = 0
        state.phase = ""
        state.acted = []
        state.attack = None
        state.moved = {}
        state.engaged = []
        ctx.say(f"Round {state.round}: declarations.")

    # GM overrides

    def _do_take_out(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        token_id = self._token(ctx, state, params, "token")
        reason = params.get("reason", "defeated")
        if reason not in OUT_REASONS:
            raise RulesError(f"out as one of {', '.join(OUT_REASONS)}")
        state.out = {**state.out, token_id: reason}
        ctx.set_status(token_id, reason, 1)
        ctx.set_status(token_id, "broken", None)
        ctx.say(f"{ctx.encounter.token(token_id).name} is out of the fight ({reason}).")

    def _do_bring_back(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        token_id = self._token(ctx, state, params, "token")
        reason = state.out.pop(token_id, None)
        state.out = dict(state.out)
        if reason is not None:
            ctx.set_status(token_id, reason, None)

    def _do_set_morale(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        side = params.get("side")
        value = int(params.get("value", 0))
        if side not in ctx.encounter.sides or not 2 <= value <= 12:
            raise RulesError("Morale is 2 to 12")
        for token_id in members(ctx.encounter, side):
            ctx.set_figure(token_id, "morale", value)

    def _do_end_combat(self, ctx: ActionContext, state: SideState, params: Params) -> None:
        state.ended = True
        state.step = "ended"
        state.attack = None
        ctx.say("The fight is over.")

    # helpers

    def _token(self, ctx: ActionContext, state: SideState, params: Params, key: str) -> str:
        token_id = params.get(key)
        if not isinstance(token_id, str) or token_id not in ctx.encounter.tokens:
            raise RulesError(f"pick a combatant ({key})")
        return token_id

    def _sync_melee(self, ctx: ActionContext, state: SideState) -> None:
        """Keep the "in melee" status on the tokens in step with who is in melee."""
        encounter = ctx.encounter
        for token_id in [t.id for t in encounter.tokens.values() if t.position is not None]:
            engaged = token_id not in state.out and bool(
                melee_opponents(encounter, state, token_id)
            )
            ctx.set_status(token_id, "in melee", 1 if engaged else None)

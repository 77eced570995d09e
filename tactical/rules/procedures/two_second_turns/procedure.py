"""Two-second turns (rule text 003): individual initiative, delays, readies, combat clusters.

The GM is walked through: place the combatants (clusters share a square),
roll initiative, then one turn after another. At the start of a turn the
acting character may delay or ready an action; then it acts (melee inside a
cluster, ranged attacks with the re-roll chain, effects) and the GM ends the
turn. When everyone has had a turn the next round (two seconds) begins.

Choices where the text is vague (also in docs/rules.md):

- Initiative roll (003 line 9, dexterity is the "consistency", willpower the
  "potential"): willpower d6 (at least one die) plus dexterity. The GM may
  type physical results, in token order, or set a total by hand.
- A delay (003 line 13) is declared before the character does anything else
  in its turn and names a character still to act this round: the delayer
  moves to just before or just after it and acts when it comes up.
- A readied action (003 line 15) may be declared at any time in the turn and
  ends the turn. When the GM marks it triggered, the readier moves to just
  before the character who triggered it (line 17) and has had its turn for
  this round. NPC readies stay secret (GM only) until triggered.
- A melee attack on a character in an orthogonally adjacent square puts the
  attacker into its square first (line 25: "place their character identifier
  together in the square"); farther away the attacker must move first.
- Stumble (line 41) moves a character in a cluster one square away from the
  direction the effect came from, unless the GM names another square. While
  stumbling it makes no ranged attacks, only melee attacks inside its
  cluster, and cannot join a cluster lying in the blocked direction.
- A character without defence (Daze) cannot dodge or block a ranged attack.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from tactical.core.encounter import Encounter
from tactical.core.grid import Terrain
from tactical.rules.context import ActionContext
from tactical.rules.defaults import first_visible_foe
from tactical.rules.procedure import (
    Action,
    PanelView,
    Param,
    Procedure,
    ProcedureState,
    RulesError,
    StepLine,
)
from tactical.rules.procedures.two_second_turns import view as views
from tactical.rules.procedures.two_second_turns.clusters import (
    chain_targets,
    cluster_of,
    same_square,
)
from tactical.rules.procedures.two_second_turns.effects import (
    add_effect,
    can_defend,
    effect_turns,
    is_dazed,
    status_name,
    stumble_from,
    sync_statuses,
)
from tactical.rules.procedures.two_second_turns.flow import (
    begin_next_turn,
    end_turn,
    name_of,
)
from tactical.rules.procedures.two_second_turns.measure import (
    cluster_size_penalty,
    distance_penalty,
    orthogonal_distance,
)
from tactical.rules.procedures.two_second_turns.order import (
    Place,
    initiative_order,
    insert_by_initiative,
    place,
    still_to_act,
)
from tactical.rules.procedures.two_second_turns.state import (
    DIRECTIONS,
    STEPS,
    Chain,
    Direction,
    Ready,
    TurnsState,
)
from tactical.rules.registry import register

Params = dict[str, Any]
PLACES = ("just before", "just after")
EFFECTS = ("stumble", "daze", "other")
OUTCOMES = ("hit", "dodged", "blocked")
PUSHES = ("away", *DIRECTIONS)
"""Where a stumble moves a character out of its cluster: away from the source, or a direction."""
OPPOSITE: dict[Direction, Direction] = {
    "left": "right",
    "right": "left",
    "up": "down",
    "down": "up",
}


def in_fight(encounter: Encounter) -> list[str]:
    """The tokens that take part: every token placed on the map."""
    return [t.id for t in encounter.tokens.values() if t.position is not None]


def _figure(encounter: Encounter, token_id: str, name: str) -> int:
    value = encounter.token(token_id).figures.get(name, 0)
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0


def _token_param(
    name: str, label: str, options: list[str], *, optional: bool = False, default: Any = None
) -> Param:
    return Param(name, label, "token", tuple(options), default=default, optional=optional)


@register
class TwoSecondTurns(Procedure[TurnsState]):
    """Rule text 003: two-second turns in initiative order, with combat clusters."""

    id: ClassVar[str] = "two-second-turns"
    title: ClassVar[str] = "Two-second turns"
    rule_file: ClassVar[str] = "003_8e8ef1bed4dcaaed.txt"
    map_kind: ClassVar[Literal["grid", "areas", "any"]] = "grid"
    metric: ClassVar[str] = "orthogonal"
    state_type: ClassVar[type[ProcedureState]] = TurnsState
    figure_labels: ClassVar[dict[str, str]] = {
        "initiative": "Init",
        "dexterity": "Dex",
        "willpower": "Wil",
    }

    # -- what the panel shows ---------------------------------------------

    def outline(self, encounter: Encounter, state: TurnsState) -> list[StepLine]:
        return views.outline(state)

    def view(self, encounter: Encounter, state: TurnsState) -> PanelView:
        return views.panel_view(self.title, encounter, state)

    def actions(self, encounter: Encounter, state: TurnsState) -> list[Action]:
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
            acts.append(self._join_action(encounter, in_fight(encounter), None))
        elif state.step == "initiative":
            acts.append(Action("start-round", "Start round 1", primary=True))
            acts.append(
                Action(
                    "set-initiative",
                    "Set initiative",
                    (
                        _token_param("token", "Character", fighters),
                        Param("value", "Initiative", "int"),
                    ),
                )
            )
            acts.append(self._join_action(encounter, fighters, None))
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
            acts.extend(self._turn_actions(encounter, state, fighters))
        if state.step != "setup":
            acts.extend(self._overrides(encounter, state, fighters))
        acts.append(Action("end-combat", "End combat"))
        return acts

    def _join_action(self, encounter: Encounter, who: list[str], acting: str | None) -> Action:
        return Action(
            "join-cluster",
            "Join a cluster",
            (
                _token_param("token", "Who", who, default=acting),
                _token_param("with", "Into the square of", who),
            ),
            token_id=acting,
            hint="Several characters in one square form a combat cluster",
        )

    def _turn_actions(
        self, encounter: Encounter, state: TurnsState, fighters: list[str]
    ) -> list[Action]:
        acting = state.acting
        assert acting is not None
        acts = [Action("end-turn", "End turn", primary=True, token_id=acting)]
        others = [t for t in fighters if t != acting]
        if not is_dazed(state, acting):
            later = [t for t in still_to_act(state.order, state.done, state.out) if t != acting]
            if state.step == "turn-start" and later:
                acts.append(
                    Action(
                        "delay",
                        "Delay",
                        (
                            Param("place", "Place", "choice", PLACES, default="just after"),
                            _token_param("whom", "Character", later),
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
                        _token_param("target", "Against", others, optional=True),
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
                        _token_param(
                            "target",
                            "Target",
                            others,
                            default=first_visible_foe(encounter, acting, others),
                        ),
                        _token_param("attacker", "Attacker", fighters, default=acting),
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
                        _token_param(
                            "target",
                            "Target",
                            others,
                            default=first_visible_foe(encounter, acting, others),
                        ),
                        Param("range", "Weapon range (empty: no limit)", "int", optional=True),
                        _token_param("attacker", "Attacker", fighters, default=acting),
                    ),
                    token_id=acting,
                )
            )
            acts.append(self._join_action(encounter, fighters, acting))
        readiers = [t for t in state.readies if t in fighters and t != acting]
        if readiers:
            acts.append(
                Action(
                    "trigger",
                    "Trigger a readied action",
                    (
                        _token_param("readier", "Readied by", readiers),
                        _token_param("by", "Triggered by", fighters, default=acting),
                    ),
                    hint="The readier moves to just before whoever triggered it",
                )
            )
        return acts

    def _overrides(
        self, encounter: Encounter, state: TurnsState, fighters: list[str]
    ) -> list[Action]:
        acts = [
            Action(
                "effect",
                "Apply an effect",
                (
                    _token_param("target", "On", fighters),
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
                        _token_param("token", "Character", fighters),
                        Param("place", "Place", "choice", PLACES, default="just after"),
                        _token_param("whom", "Relative to", fighters),
                    ),
                    hint="GM override",
                )
            )
        if fighters:
            acts.append(
                Action(
                    "take-out", "Take out of the fight", (_token_param("token", "Who", fighters),)
                )
            )
        if state.out:
            acts.append(
                Action(
                    "bring-back",
                    "Bring back into the fight",
                    (_token_param("token", "Who", list(state.out)),),
                )
            )
        outsiders = [t for t in in_fight(encounter) if t not in state.order]
        if outsiders:
            acts.append(
                Action(
                    "add-combatant",
                    "Add to the order",
                    (
                        _token_param("token", "Who", outsiders),
                        Param("value", "Initiative (empty: roll)", "int", optional=True),
                    ),
                )
            )
        return acts

    # -- what the GM does -------------------------------------------------

    def perform(
        self, ctx: ActionContext, state: TurnsState, action: str, params: dict[str, Any]
    ) -> TurnsState:
        self.dispatch(ctx, state, action, params)
        return state

    # setup and initiative

    def _do_roll_initiative(self, ctx: ActionContext, state: TurnsState, params: Params) -> None:
        fighters = in_fight(ctx.encounter)
        if not fighters:
            raise RulesError("place the combatants on the map first")
        for token_id in fighters:
            self._roll_for(ctx, token_id)
        state.order = initiative_order(fighters, lambda t, n: _figure(ctx.encounter, t, n))
        state.step = "initiative"
        ctx.say("Order: " + ", ".join(name_of(ctx.encounter, t) for t in state.order) + ".")

    def _roll_for(self, ctx: ActionContext, token_id: str) -> int:
        token = ctx.encounter.token(token_id)
        dice = max(1, _figure(ctx.encounter, token_id, "willpower"))
        dexterity = _figure(ctx.encounter, token_id, "dexterity")
        expression = f"{dice}d6{dexterity:+d}" if dexterity else f"{dice}d6"
        total = ctx.roll(expression, token_id, "initiative", secret=token.hidden)
        ctx.set_figure(token_id, "initiative", total)
        return total

    def _do_set_initiative(self, ctx: ActionContext, state: TurnsState, params: Params) -> None:
        token_id = self._token(ctx, params, "token", state.order)
        ctx.set_figure(token_id, "initiative", int(params["value"]))
        state.order = initiative_order(state.order, lambda t, n: _figure(ctx.encounter, t, n))

    def _do_start_round(self, ctx: ActionContext, state: TurnsState, params: Params) -> None:
        state.round = 1
        state.done = []
        ctx.say("Round 1 begins.")
        begin_next_turn(ctx, state)

    def _do_add_combatant(self, ctx: ActionContext, state: TurnsState, params: Params) -> None:
        token_id = self._token(ctx, params, "token", None)
        if token_id in state.order:
            raise RulesError(f"{name_of(ctx.encounter, token_id)} is already in the order")
        if params.get("value") is None:
            self._roll_for(ctx, token_id)
        else:
            ctx.set_figure(token_id, "initiative", int(params["value"]))
        state.order = insert_by_initiative(
            [*state.order, token_id], token_id, lambda t, n: _figure(ctx.encounter, t, n)
        )

    # the turn

    def _do_end_turn(self, ctx: ActionContext, state: TurnsState, params: Params) -> None:
        end_turn(ctx, state)

    def _do_delay(self, ctx: ActionContext, state: TurnsState, params: Params) -> None:
        acting = self._acting(state)
        if state.acted:
            raise RulesError("a delay is declared at the start of the turn, before acting")
        whom = self._token(ctx, params, "whom", None)
        later = still_to_act(state.order, state.done, state.out)
        if whom == acting or whom not in later:
            raise RulesError(
                f"{name_of(ctx.encounter, whom)} has had its turn this round: "
                "delay until a character still to act"
            )
        where: Place = "before" if params.get("place") == "just before" else "after"
        new_order = place(state.order, acting, where, whom)
        if new_order == state.order:
            raise RulesError(
                f"{name_of(ctx.encounter, acting)} already comes just before "
                f"{name_of(ctx.encounter, whom)}"
            )
        state.order = new_order
        if acting not in state.delayed:
            state.delayed.append(acting)
        ctx.say(
            f"{name_of(ctx.encounter, acting)} delays until just {where} "
            f"{name_of(ctx.encounter, whom)}."
        )
        state.acting = None
        begin_next_turn(ctx, state)

    def _do_ready(self, ctx: ActionContext, state: TurnsState, params: Params) -> None:
        acting = self._acting(state)
        action = str(params.get("action") or "").strip()
        trigger = str(params.get("trigger") or "").strip()
        if not action or not trigger:
            raise RulesError("a readied action needs the action and its trigger")
        target = params.get("target") or None
        if target is not None:
            self._token(ctx, params, "target", None)
        secret = ctx.encounter.token(acting).side != "pcs"
        state.readies[acting] = Ready(action=action, trigger=trigger, target=target, secret=secret)
        ctx.say(f"{name_of(ctx.encounter, acting)} readies: {action}, when {trigger}.")
        end_turn(ctx, state)

    def _do_trigger(self, ctx: ActionContext, state: TurnsState, params: Params) -> None:
        readier = self._token(ctx, params, "readier", list(state.readies))
        by = params.get("by") or state.acting
        if by is None:
            raise RulesError("name the character who triggered it")
        by = self._token(ctx, {"by": by}, "by", state.order)
        if by == readier:
            raise RulesError("a character cannot trigger its own readied action")
        ready = state.readies.pop(readier)
        state.order = place(state.order, readier, "before", by)
        if readier not in state.done:
            state.done.append(readier)
        ctx.say(
            f"{name_of(ctx.encounter, readier)}'s readied action happens: {ready.action} "
            f"(trigger: {ready.trigger}). It now acts just before "
            f"{name_of(ctx.encounter, by)}."
        )

    def _do_melee(self, ctx: ActionContext, state: TurnsState, params: Params) -> None:
        attacker = self._attacker(ctx, state, params)
        target = self._token(ctx, params, "target", state.order)
        if target in state.out or target == attacker:
            raise RulesError("pick another character in the fight")
        encounter = ctx.encounter
        if not same_square(encounter, attacker, target):
            if stumble_from(state, attacker) is not None:
                raise RulesError(
                    f"{name_of(encounter, attacker)} is stumbling: melee only inside its cluster"
                )
            step = self._step_between(ctx, attacker, target)
            if step is None:
                raise RulesError(
                    f"{name_of(encounter, target)} is not in the same or a neighbouring square: "
                    "melee attacks happen inside a cluster (003 line 23)"
                )
            self._join(ctx, state, attacker, target)
        self._mark_acted(state, attacker)
        cluster = cluster_of(encounter, target, state.out)
        ctx.say(
            f"{name_of(encounter, attacker)} attacks {name_of(encounter, target)} in melee "
            f"(cluster of {len(cluster)}). Roll it, then apply any effect."
        )

    def _do_ranged(self, ctx: ActionContext, state: TurnsState, params: Params) -> None:
        attacker = self._attacker(ctx, state, params)
        target = self._token(ctx, params, "target", state.order)
        encounter = ctx.encounter
        if target in state.out or target == attacker:
            raise RulesError("pick another character in the fight")
        if stumble_from(state, attacker) is not None:
            raise RulesError(f"{name_of(encounter, attacker)} is stumbling: no ranged attacks")
        here = same_square(encounter, attacker, target)
        distance = 0 if here else orthogonal_distance(encounter, attacker, target)
        weapon_range = params.get("range")
        if weapon_range is not None and distance > int(weapon_range):
            raise RulesError(
                f"{name_of(encounter, target)} is {distance} away, beyond the range of "
                f"{int(weapon_range)}"
            )
        cluster = cluster_of(encounter, target, state.out)
        in_cluster = len(cluster) > 1
        state.chain = Chain(
            attacker=attacker,
            targets=chain_targets(state.order, cluster, target, attacker)
            if in_cluster
            else [target],
            distance_penalty=0 if here else distance_penalty(distance),
            cluster_penalty=cluster_size_penalty(len(cluster)) if in_cluster else 0,
        )
        self._mark_acted(state, attacker)
        state.step = "ranged"
        ctx.say(
            f"{name_of(encounter, attacker)} shoots at {name_of(encounter, target)}: "
            f"penalty {state.chain.penalty} on consistency."
        )

    def _do_resolve(self, ctx: ActionContext, state: TurnsState, params: Params) -> None:
        chain = state.chain
        if chain is None:
            raise RulesError("no ranged attack is being resolved")
        outcome = params.get("outcome", "hit")
        if outcome not in OUTCOMES:
            raise RulesError(f"the outcome is one of {', '.join(OUTCOMES)}")
        encounter = ctx.encounter
        target = chain.target
        if outcome != "hit" and not can_defend(state, target):
            raise RulesError(
                f"{name_of(encounter, target)} cannot make defensive rolls (dazed): it is hit"
            )
        if outcome == "dodged" and chain.index + 1 < len(chain.targets):
            state.chain = chain.model_copy(
                update={
                    "index": chain.index + 1,
                    "cluster_penalty": max(0, chain.cluster_penalty - 1),
                }
            )
            ctx.say(
                f"{name_of(encounter, target)} dodges; re-roll against "
                f"{name_of(encounter, state.chain.target)} at penalty {state.chain.penalty}."
            )
            return
        if outcome == "hit":
            ctx.say(f"{name_of(encounter, target)} is hit. Apply the damage and any effect.")
        elif outcome == "blocked":
            ctx.say(f"{name_of(encounter, target)} blocks the shot.")
        else:
            ctx.say("Everyone in the cluster dodged: the shot misses.")
        state.chain = None
        state.step = "action" if state.acting is not None else state.step

    def _do_cancel_attack(self, ctx: ActionContext, state: TurnsState, params: Params) -> None:
        state.chain = None
        state.step = "action"

    def _do_join_cluster(self, ctx: ActionContext, state: TurnsState, params: Params) -> None:
        token_id = self._token(ctx, {"token": params.get("token") or state.acting}, "token", None)
        other = self._token(ctx, params, "with", None)
        if token_id == other or same_square(ctx.encounter, token_id, other):
            raise RulesError(f"{name_of(ctx.encounter, token_id)} is already there")
        self._join(ctx, state, token_id, other)
        if state.step != "setup":
            self._mark_acted(state, token_id)

    def _do_effect(self, ctx: ActionContext, state: TurnsState, params: Params) -> None:
        target = self._token(ctx, params, "target", state.order)
        kind = params.get("effect", "stumble")
        seconds = int(params.get("seconds", 2))
        if seconds < 1:
            raise RulesError("an effect lasts at least one second")
        direction = params.get("direction") or None
        encounter = ctx.encounter
        if kind == "stumble":
            if direction not in DIRECTIONS:
                raise RulesError(
                    "a stumble needs the direction it came from: left, right, up or down"
                )
            self._stumble_out(ctx, state, target, direction, params.get("push") or "away")
            name = "stumble"
        elif kind == "daze":
            name = "daze"
        else:
            name = str(params.get("name") or "").strip()
            if not name:
                raise RulesError("name the effect")
        effect = add_effect(ctx, state, target, name, seconds, direction)
        turns = effect_turns(seconds)
        if effect is None:
            ctx.say(f"{name_of(encounter, target)}: {name} of {seconds} s lasts no turn.")
        else:
            ctx.say(
                f"{name_of(encounter, target)} is {status_name(name)} for {turns} "
                f"turn{'s' if turns != 1 else ''} ({seconds} s)."
            )
        if state.acting is not None and is_dazed(state, state.acting):
            state.acted = True

    def _stumble_out(
        self,
        ctx: ActionContext,
        state: TurnsState,
        target: str,
        direction: Direction,
        push: str,
    ) -> None:
        """003 line 41: in a cluster, the stumbling character is moved out of it, one square."""
        encounter = ctx.encounter
        token = encounter.token(target)
        if len(cluster_of(encounter, target, state.out)) < 2 or token.square is None:
            return
        grid = encounter.grid
        towards = next((d for d in DIRECTIONS if d == push), OPPOSITE[direction])
        dc, dr = STEPS[towards]
        square = (token.square[0] + dc, token.square[1] + dr)
        blocked = (
            grid is None
            or not grid.in_bounds(square)
            or grid.terrain_at(square) == Terrain.IMPASSABLE
            or grid.blocked_edge(token.square, square)
        )
        if blocked:
            raise RulesError(
                f"{name_of(encounter, target)} cannot stumble {towards}: "
                "choose another direction to stumble"
            )
        ctx.move(target, square)
        ctx.say(f"{name_of(encounter, target)} stumbles out of the cluster to {square}.")

    # GM overrides

    def _do_move_in_order(self, ctx: ActionContext, state: TurnsState, params: Params) -> None:
        token_id = self._token(ctx, params, "token", state.order)
        whom = self._token(ctx, params, "whom", state.order)
        where: Place = "before" if params.get("place") == "just before" else "after"
        state.order = place(state.order, token_id, where, whom)
        if state.acting == token_id or token_id in state.done:
            return
        ctx.say(
            f"{name_of(ctx.encounter, token_id)} now acts just {where} "
            f"{name_of(ctx.encounter, whom)}."
        )

    def _do_take_out(self, ctx: ActionContext, state: TurnsState, params: Params) -> None:
        token_id = self._token(ctx, params, "token", state.order)
        if token_id not in state.out:
            state.out.append(token_id)
        state.readies.pop(token_id, None)
        ctx.say(f"{name_of(ctx.encounter, token_id)} is out of the fight.")
        if state.acting == token_id:
            state.acting = None
            state.chain = None
            begin_next_turn(ctx, state)

    def _do_bring_back(self, ctx: ActionContext, state: TurnsState, params: Params) -> None:
        token_id = self._token(ctx, params, "token", list(state.out))
        state.out.remove(token_id)
        if token_id not in state.done:
            state.done.append(token_id)
        ctx.say(f"{name_of(ctx.encounter, token_id)} is back; it acts from the next round.")

    def _do_end_combat(self, ctx: ActionContext, state: TurnsState, params: Params) -> None:
        state.ended = True
        state.step = "ended"
        state.acting = None
        state.chain = None
        for effect in list(state.effects):
            state.effects.remove(effect)
            sync_statuses(ctx, state, effect.token, {effect.name})
        ctx.say("The fight is over.")

    # helpers

    def _token(
        self, ctx: ActionContext, params: dict[str, Any], key: str, among: list[str] | None
    ) -> str:
        token_id = params.get(key)
        if not token_id or token_id not in ctx.encounter.tokens:
            raise RulesError(f"pick a character ({key})")
        if among is not None and token_id not in among:
            raise RulesError(f"{name_of(ctx.encounter, token_id)} cannot be picked here")
        return str(token_id)

    def _acting(self, state: TurnsState) -> str:
        if state.acting is None:
            raise RulesError("no one is acting now")
        return state.acting

    def _attacker(self, ctx: ActionContext, state: TurnsState, params: dict[str, Any]) -> str:
        attacker = self._token(
            ctx, {"attacker": params.get("attacker") or state.acting}, "attacker", state.order
        )
        if attacker in state.out:
            raise RulesError(f"{name_of(ctx.encounter, attacker)} is out of the fight")
        if is_dazed(state, attacker):
            raise RulesError(f"{name_of(ctx.encounter, attacker)} is dazed: no actions")
        return attacker

    def _mark_acted(self, state: TurnsState, token_id: str) -> None:
        if token_id == state.acting:
            state.acted = True
            if state.step == "turn-start":
                state.step = "action"

    def _step_between(self, ctx: ActionContext, a: str, b: str) -> Direction | None:
        """The direction from ``a``'s square to ``b``'s when they are orthogonal neighbours."""
        sa, sb = ctx.encounter.token(a).square, ctx.encounter.token(b).square
        if sa is None or sb is None:
            return None
        delta = (sb[0] - sa[0], sb[1] - sa[1])
        return next((d for d, s in STEPS.items() if s == delta), None)

    def _join(self, ctx: ActionContext, state: TurnsState, token_id: str, other: str) -> None:
        encounter = ctx.encounter
        square = encounter.token(other).square
        if square is None:
            raise RulesError(f"{name_of(encounter, other)} is not on a square")
        blocked = stumble_from(state, token_id)
        here = encounter.token(token_id).square
        if blocked is not None and here is not None:
            dc, dr = STEPS[blocked]
            if (dc and (square[0] - here[0]) * dc > 0) or (dr and (square[1] - here[1]) * dr > 0):
                raise RulesError(
                    f"{name_of(encounter, token_id)} is stumbling and cannot move {blocked}"
                )
        ctx.move(token_id, square)
        ctx.say(f"{name_of(encounter, token_id)} joins {name_of(encounter, other)}'s square.")

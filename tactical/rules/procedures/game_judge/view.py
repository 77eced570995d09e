"""What the panel shows for the Game Judge procedure: instruction, rows, notes, targets.

Secrets: the GM's declarations are secret until Step Three; the players'
are public as soon as they are made (they tell the Game Judge at the table).
A hidden token's declaration and targets stay GM-only whatever the step, and
its name never goes into an instruction or a note (it reads "a hidden
combatant").
"""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.core.tokens import Token
from tactical.rules.procedure import Combatant, PanelView
from tactical.rules.procedures.game_judge.combatants import (
    combatants,
    disabled_by,
    is_out,
    is_player,
    public_name,
)
from tactical.rules.procedures.game_judge.declarations import describe as describe_declaration
from tactical.rules.procedures.game_judge.flow import (
    TITLES,
    following_phase,
    in_phases,
    outline,
    revealed,
)
from tactical.rules.procedures.game_judge.initiative import (
    acting_sides,
    best_intuition,
    intuition_bonuses,
)
from tactical.rules.procedures.game_judge.phases import Entry, entries
from tactical.rules.procedures.game_judge.phases import describe as describe_entry
from tactical.rules.procedures.game_judge.ranks import rank_name
from tactical.rules.procedures.game_judge.state import GameJudgeState

FIGURES = ("health", "karma", "intuition")


class Names:
    """Token and area names, either as the GM sees them or as the players may."""

    def __init__(self, encounter: Encounter, *, public: bool) -> None:
        self.encounter = encounter
        self.public = public

    def token(self, token_id: str) -> str:
        token = self.encounter.tokens.get(token_id)
        if token is None:
            return token_id
        return public_name(token) if self.public else token.name

    def area(self, area_id: str) -> str:
        area_map = self.encounter.area_map
        if area_map is not None and area_id in area_map.areas:
            return area_map.areas[area_id].name
        return area_id


def declarers(encounter: Encounter, *, players: bool) -> list[Token]:
    """Who declares in Step One (the GM's) or Two (the players'): not out, not stunned."""
    return [t for t in combatants(encounter) if is_player(t) == players and disabled_by(t) is None]


def pending_declarers(encounter: Encounter, state: GameJudgeState) -> list[Token]:
    if state.step not in ("step1", "step2"):
        return []
    able = declarers(encounter, players=state.step == "step2")
    return [t for t in able if t.id not in state.declarations]


def current_entry(encounter: Encounter, state: GameJudgeState) -> Entry | None:
    if not in_phases(state):
        return None
    return next((e for e in entries(encounter, state, state.step) if e.key not in state.done), None)


def is_public(state: GameJudgeState, token: Token) -> bool:
    """May the players see this combatant's declaration now?"""
    return not token.hidden and (is_player(token) or revealed(state))


def ordered(encounter: Encounter, state: GameJudgeState) -> list[Token]:
    """Combatants in initiative order once it is rolled (Master Initiative first)."""
    tokens = combatants(encounter)
    if not state.side_order:
        return tokens
    rank = {side: i for i, side in enumerate(state.side_order)}
    return sorted(tokens, key=lambda t: rank.get(t.side, len(rank)))


def _figures(token: Token) -> dict[str, str]:
    return {name: str(token.figures[name]) for name in FIGURES if name in token.figures}


def _row(encounter: Encounter, state: GameJudgeState, token: Token, acting: set[str]) -> Combatant:
    decl = state.declarations.get(token.id)
    text = ""
    if decl is not None:
        public = is_public(state, token)
        names = Names(encounter, public=public)
        text = describe_declaration(decl, names.token, names.area)
    roll = state.initiative.get(token.side)
    order = ""
    if roll is not None:
        master = bool(state.side_order) and state.side_order[0] == token.side
        order = f"{'MI ' if master else ''}{roll.total}"
    if in_phases(state):
        done = f"{state.step}:{token.id}" in state.done
    else:
        done = state.step in ("step1", "step2") and decl is not None
    public = decl is not None and is_public(state, token)
    return Combatant(
        token_id=token.id,
        name=token.name,
        side=token.side,
        order=order,
        figures=_figures(token),
        statuses=dict(token.statuses),
        acting=token.id in acting,
        done=done,
        out=is_out(token),
        secret="" if public else text,
        revealed=text if public else "",
    )


def _targets(
    encounter: Encounter, state: GameJudgeState, entry: Entry | None
) -> tuple[set[str], set[str]]:
    public: set[str] = set()
    secret: set[str] = set()
    if state.step == "step7" or state.ended:
        return public, secret
    if in_phases(state):
        pairs = [(entry.actor, entry.target)] if entry is not None else []
    else:
        pairs = [(t, d.target) for t, d in state.declarations.items()]
    for actor_id, target in pairs:
        actor = encounter.tokens.get(actor_id)
        if target is None or actor is None or target not in encounter.tokens:
            continue
        visible = is_public(state, actor) and not encounter.token(target).hidden
        (public if visible else secret).add(target)
    return public, secret


def _instruction(encounter: Encounter, state: GameJudgeState, entry: Entry | None) -> str:
    names = Names(encounter, public=True)
    step = state.step
    if state.ended:
        why = f" ({state.end_reason})" if state.end_reason else ""
        return f"Combat is over{why} after turn {state.round}"
    if step in ("step1", "step2"):
        pending = pending_declarers(encounter, state)
        everyone = declarers(encounter, players=step == "step2")
        if step == "step1":
            if pending:
                return (
                    f"Step 1 (secret): choose what {public_name(pending[0])} does; "
                    f"{len(pending)} of the GM's {len(everyone)} characters left"
                )
            return "Step 1: the GM's actions are chosen; next: the players declare (Step 2)"
        if pending:
            return (
                f"Step 2: ask the player of {public_name(pending[0])} what they do; "
                f"{len(pending)} of {len(everyone)} characters left"
            )
        return "Step 2: the players have declared; next: reveal the GM's actions (Step 3)"
    if step == "step3":
        return (
            "Step 3: the GM's actions are revealed; roll pre-initiative feats (dodge while "
            "moving, multiple attacks), then roll initiative (Step 4)"
        )
    if step == "step4":
        if not state.side_order:
            return f"Step 4: roll 1d10 per side for initiative; {_bonus_text(encounter)}"
        name = encounter.sides[state.side_order[0]].name
        if not all(s in state.initiative for s in state.side_order):
            why = "the GM's ruling"
        else:
            totals = [state.initiative[s].total for s in state.side_order]
            rolled = " against ".join(str(total) for total in totals)
            why = rolled if totals[0] == max(totals) else f"the GM's ruling; rolled {rolled}"
        return f"Step 4: {name} have Master Initiative ({why}); next: pre-action rolls"
    if step == "step5":
        return (
            "Step 5: roll for what initiative does not control (timed devices, trap doors, "
            "vault doors), then the combat phases"
        )
    if step == "step7":
        return (
            "Step 7: record lost Health, lost Karma, stun time and changes of position; "
            f"then turn {state.round + 1} begins at Step 1"
        )
    title = TITLES[step].split(":")[0]
    if entry is not None:
        text = f"{title}: {describe_entry(entry, names.token, names.area)}"
        later = [e for e in entries(encounter, state, step) if e.key not in state.done][1:]
        if later:
            text += f"; next: {names.token(later[0].actor)}"
        return text
    following, _passed = following_phase(encounter, state, step)
    return f"{title}: all resolved; next: {TITLES[following].split(':')[0]}"


def _bonus_text(encounter: Encounter) -> str:
    sides = acting_sides(encounter)
    best = {s: best_intuition(encounter, s)[0] for s in sides}
    bonus = intuition_bonuses(best)
    ahead = [s for s in sides if bonus[s] > 0]
    if not ahead:
        return "no Intuition column shifts (best Intuition ranks are equal)"
    return ", ".join(
        f"+{bonus[s]} to {encounter.sides[s].name} (Intuition {rank_name(best[s])})" for s in ahead
    )


def _notes(encounter: Encounter, state: GameJudgeState) -> tuple[str, ...]:
    names = Names(encounter, public=True)
    step = state.step
    notes: list[str] = []
    if step == "step1" and state.round == 1:
        notes.append(
            "Before Step 1: make sure of the distances between the combatants and resolve "
            "any surprise attacks (002)"
        )
    if step == "step3":
        notes.append("Dodge while moving is declared now: record the Dodge FEAT's colour")
        notes.append("Multiple fighting feats and extra attacks: record the number of attacks")
    if in_phases(state) and state.side_order:
        notes.append(f"Master Initiative: {encounter.sides[state.side_order[0]].name}")
    if step in ("step4", "step5"):
        sides = acting_sides(encounter)
        best = {s: best_intuition(encounter, s)[0] for s in sides}
        notes.append(
            "Best Intuition: "
            + ", ".join(f"{encounter.sides[s].name} {rank_name(best[s])}" for s in sides)
        )
        for side in state.side_order:
            roll = state.initiative.get(side)
            if roll is not None:
                total = f"{roll.die} + {roll.bonus} = {roll.total}" if roll.bonus else str(roll.die)
                notes.append(
                    f"{encounter.sides[side].name}: {total}"
                    + (" (Master Initiative)" if side == state.side_order[0] else "")
                )
    if in_phases(state):
        now = current_entry(encounter, state)
        for entry in entries(encounter, state, step):
            actor = encounter.tokens.get(entry.actor)
            if actor is None or actor.hidden:
                continue
            mark = "done" if entry.key in state.done else ("now" if entry == now else "then")
            notes.append(f"{mark}: {describe_entry(entry, names.token, names.area)}")
        if step == "phase-b":
            notes.append(
                "Master Initiative strikes first; attacks left after stunning, slamming or "
                "KO-ing a foe may still be used in Phase C (002)"
            )
        if step in ("c3", "c4"):
            notes.append("No movement for those stunned, slammed or KO'd in Phase B (002)")
    return tuple(notes)


def build_view(encounter: Encounter, state: GameJudgeState, title: str) -> PanelView:
    entry = current_entry(encounter, state)
    acting: set[str] = set()
    if not state.ended:
        pending = pending_declarers(encounter, state)
        if pending:
            acting.add(pending[0].id)
        if entry is not None:
            acting.add(entry.actor)
    public_targets, secret_targets = _targets(encounter, state, entry)
    return PanelView(
        title=title,
        steps=tuple(outline(state.step)),
        instruction=_instruction(encounter, state, entry),
        combatants=tuple(_row(encounter, state, t, acting) for t in ordered(encounter, state)),
        round=state.round,
        acting=frozenset(acting),
        targets=frozenset(public_targets),
        secret_targets=frozenset(secret_targets),
        notes=_notes(encounter, state),
        ended=state.ended,
    )

"""Runs the encounter's active procedure: views, actions, and pushing their commands.

Qt-free: the panel passes ``document.push``; scripts and tests pass an
:class:`~tactical.core.commands.base.UndoStack`'s ``push``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from typing import Any

from pydantic import ValidationError

from tactical.core.commands.base import Batch, Command
from tactical.core.commands.procedure import SelectProcedure, SetProcedureState
from tactical.core.commands.tokens import MoveToken
from tactical.core.encounter import Encounter
from tactical.core.tokens import Position
from tactical.rules.context import ActionContext
from tactical.rules.player_hand import Ask, CharacterSheet, StagedChoice, TurnView
from tactical.rules.procedure import (
    Action,
    BlockedDirection,
    PanelView,
    Procedure,
    ProcedureState,
    RowFigure,
    RulesError,
)
from tactical.rules.registry import get

Push = Callable[[Command], None]


class StateError(RulesError):
    """Saved procedure state that does not validate; lists ``procedure.state.<path>: why``."""


def _state_problems(error: ValidationError) -> str:
    lines = []
    for item in error.errors():
        path = "procedure.state"
        for part in item["loc"]:
            path += f"[{part}]" if isinstance(part, int) else f".{part}"
        lines.append(f"{path}: {item['msg']}")
    return "\n".join(lines)


class ProcedureController:
    """The GM's handle on the active combat procedure of one encounter."""

    def __init__(self, encounter: Encounter, push: Push) -> None:
        self.encounter = encounter
        self.push = push

    @property
    def procedure(self) -> Procedure[Any] | None:
        return get(self.encounter.procedure) if self.encounter.procedure else None

    def state(self) -> ProcedureState:
        procedure = self._require()
        try:
            state: ProcedureState = procedure.load_state(self.encounter.procedure_state)
            return state
        except ValidationError as error:
            raise StateError(_state_problems(error)) from None

    def _require(self) -> Procedure[Any]:
        procedure = self.procedure
        if procedure is None:
            raise RulesError("no combat procedure is active")
        return procedure

    # -- choosing ---------------------------------------------------------

    def start(self, procedure_id: str, seed: int | None = None) -> None:
        """Make ``procedure_id`` active and put it at its first step (one undo step)."""
        procedure = get(procedure_id)
        state = procedure.new_state(
            self.encounter, secrets.randbelow(2**31) if seed is None else seed
        )
        self.push(SelectProcedure(procedure_id, procedure.dump_state(state), procedure.title))

    # -- showing ----------------------------------------------------------

    def view(self) -> PanelView:
        procedure = self._require()
        return procedure.view(self.encounter, self.state())

    def actions(self) -> list[Action]:
        procedure = self._require()
        return procedure.actions(self.encounter, self.state())

    def figures_now(self) -> tuple[RowFigure, ...]:
        """The figures that matter at the current step (:meth:`Procedure.figures_now`)."""
        return self._require().figures_now(self.state())

    def primary(self) -> Action | None:
        return next((a for a in self.actions() if a.primary), None)

    # -- a player's hand (issue 31) ----------------------------------------

    def sheet(self, token_id: str) -> CharacterSheet:
        """``token_id``'s sheet under the running procedure (:meth:`Procedure.sheet`)."""
        return self._require().sheet(self.encounter, self.state(), token_id)

    def turn(self) -> TurnView:
        """The turn, every combatant named (:meth:`Procedure.turn`); cut it per screen."""
        return self._require().turn(self.encounter, self.state())

    def asks(self, token_id: str) -> tuple[Ask, ...]:
        """What the procedure asks of ``token_id``'s player now (:meth:`Procedure.asks`)."""
        if token_id not in self.encounter.tokens:
            return ()
        return self._require().asks(self.encounter, self.state(), token_id)

    def staged(self) -> tuple[StagedChoice, ...]:
        """Every choice staged now, the GM's view (:meth:`Procedure.staged`)."""
        return self._require().staged(self.encounter, self.state())

    def answer(
        self,
        token_id: str,
        action: str,
        values: dict[str, Any] | None = None,
        *,
        faces: list[int] | None = None,
    ) -> list[str]:
        """A player's answer to one of :meth:`asks` for ``token_id``: the ask's action,
        performed as the panel's button performs it (one undo step, pushed once).

        ``values`` fill the ask's fields (nothing else); a roll ask takes the ``faces``
        rolled on the table, or rolls for the player when ``faces`` is None. Refused with
        a :class:`RulesError` in words the player may read when the procedure does not
        ask this of this character now.
        """
        asks = {a.action: a for a in self.asks(token_id)}
        ask = asks.get(action)
        if ask is None:
            who = self.encounter.tokens[token_id].name if token_id in self.encounter.tokens else ""
            raise RulesError(f"that is not asked of {who or 'this character'} now")
        given = dict(values or {})
        names = {f.name for f in ask.fields}
        extra = sorted(set(given) - names)
        if extra:
            raise RulesError(f"{ask.title} does not take {', '.join(extra)}")
        manual: list[int] = []
        if ask.roll is not None and faces is not None:
            try:
                manual = [ask.roll.total(faces)]
            except ValueError as error:
                raise RulesError(str(error)) from None
        return self.perform(action, {**dict(ask.fixed), **given}, manual=manual)

    # -- movement ---------------------------------------------------------

    def movement_left(self, token_id: str) -> int | None:
        """What ``token_id`` may still move now (0 or more), or None when nothing limits it."""
        procedure = self._require()
        if token_id not in self.encounter.tokens:
            return None
        left = procedure.movement_left(self.encounter, self.state(), token_id)
        return None if left is None else max(0, left)

    def movement_budgets(self) -> dict[str, int]:
        """:meth:`movement_left` of every token the procedure limits now (one state load)."""
        procedure = self._require()
        state = self.state()
        budgets: dict[str, int] = {}
        for token_id in self.encounter.tokens:
            left = procedure.movement_left(self.encounter, state, token_id)
            if left is not None:
                budgets[token_id] = max(0, left)
        return budgets

    def blocked_direction(self, token_id: str) -> BlockedDirection | None:
        """The direction ``token_id`` may not move in now (003 Stumble), or None."""
        procedure = self._require()
        if token_id not in self.encounter.tokens:
            return None
        return procedure.blocked_direction(self.encounter, self.state(), token_id)

    def move_command(
        self, token_id: str, to: Position, cost: int, *, drag_id: object | None = None
    ) -> Command:
        """The one command to push for moving ``token_id`` to ``to`` at ``cost``.

        When the procedure limits the token now, a :class:`Batch` of the move and
        the state with ``cost`` added to ``moved`` (one undo step undoes both,
        under the move's own text); else the plain :class:`MoveToken`. Nothing
        is checked against what is left: the GM may force a move past it
        (:meth:`movement_left` is then 0). Not pushed: the caller pushes it.
        """
        move = MoveToken(token_id, to, drag_id=drag_id)
        procedure = self.procedure
        if procedure is None:
            return move
        state = self.state()
        if procedure.movement_left(self.encounter, state, token_id) is None:
            return move
        state.moved = {**state.moved, token_id: state.moved.get(token_id, 0) + max(0, cost)}
        spent = SetProcedureState(procedure.dump_state(state), text=move.text)
        return Batch(move.text, [move, spent])

    # -- doing ------------------------------------------------------------

    def perform(
        self,
        action: str,
        params: dict[str, Any] | None = None,
        *,
        manual: Iterable[int] = (),
    ) -> list[str]:
        """Carry out one action as one undoable step; returns what happened, line by line.

        ``manual`` holds results the GM typed from physical dice, used by the
        action's rolls in order before any seeded roll.
        """
        procedure = self._require()
        allowed = {a.id: a for a in procedure.actions(self.encounter, self.state())}
        if action not in allowed:
            raise RulesError(f"'{action}' is not possible now")
        label = allowed[action].label
        state = self.state()
        ctx = ActionContext(self.encounter, state, manual)
        try:
            new_state = procedure.perform(ctx, state, action, dict(params or {}))
        except Exception:
            for command in reversed(ctx.commands):
                command.undo(self.encounter)
            raise
        new_state.rolls = max(new_state.rolls, ctx.state.rolls)
        ctx.apply(SetProcedureState(procedure.dump_state(new_state), text=action))
        batch = Batch(label, ctx.commands)
        batch.undo(self.encounter)
        self.push(batch)
        return ctx.messages

    def free_roll(self, expression: str, who: str, why: str, manual: int | None = None) -> int:
        """A roll outside the procedure's steps (the panel's Roll button), logged and undoable."""
        if self.encounter.procedure:
            state = self.state()
        else:
            state = ProcedureState(seed=secrets.randbelow(2**31))
        ctx = ActionContext(self.encounter, state, [] if manual is None else [manual])
        total = ctx.roll(expression, who, why)
        if self.encounter.procedure:
            procedure = self._require()
            ctx.apply(SetProcedureState(procedure.dump_state(state), text="roll"))
        batch = Batch(f"Roll {expression}", ctx.commands)
        batch.undo(self.encounter)
        self.push(batch)
        return total

"""What a combat procedure is: a state machine over named steps.

A procedure is a stateless object that knows one rule text. Its state is a
pydantic model (``extra="forbid"``) saved in ``encounter.procedure_state``;
the combatants' tracked figures and statuses live on the tokens. The panel
asks :meth:`Procedure.view` what to show and :meth:`Procedure.actions` what
the GM may do now; :meth:`Procedure.perform` carries an action out through an
:class:`~tactical.rules.context.ActionContext`, which turns every change into
undoable core commands. Each procedure lists what its actions do in one table
(:attr:`Procedure.handlers`); the base looks the action up and runs it.

The saved state's base type lives in :mod:`tactical.rules.state`, which both
this module and the context import (re-exported here): the context never
imports this module, and an import-linter contract keeps it so.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Literal, TypeVar

from tactical.core.encounter import Encounter
from tactical.rules.context import ActionContext
from tactical.rules.errors import RulesError as RulesError
from tactical.rules.player_hand import (
    Ask,
    CharacterSheet,
    SheetLine,
    StagedChoice,
    TurnEntry,
    TurnView,
)
from tactical.rules.state import ProcedureState as ProcedureState

StateT = TypeVar("StateT", bound=ProcedureState)

Handler = Callable[[ActionContext, StateT, dict[str, Any]], StateT | None]
"""One action's work: change tokens through the context, mutate the state (or return
a new one). A procedure's :attr:`Procedure.handlers` maps action ids to these."""

SUBJECT = "@subject"
"""The ``params`` key holding the subject named after an action id's colon."""


@dataclass(frozen=True)
class BlockedDirection:
    """A way a token may not move now, and why: 003's Stumble ("you can not move in one
    of the directions ... This is the direction from which the effect came").

    ``step`` is the unit step of that direction as ``(d_column, d_row)``: ``(-1, 0)``
    is left. A move is refused when it ends any distance that way from its start, and
    no step of its path may go that way (``tactical.core.movement.steps_towards``).
    """

    step: tuple[int, int]
    reason: str

    def refuses(self, start: tuple[int, int], end: tuple[int, int]) -> bool:
        """True when the move from ``start`` to ``end`` goes some way in the blocked direction."""
        dc, dr = self.step
        return (end[0] - start[0]) * dc > 0 or (end[1] - start[1]) * dr > 0


@dataclass(frozen=True)
class StepLine:
    """One line of the procedure's outline, as the panel lists it."""

    id: str
    title: str
    depth: int = 0
    status: Literal["done", "current", "todo"] = "todo"


@dataclass(frozen=True)
class Param:
    """One input an action needs from the GM (a token, a choice, a number, a text)."""

    name: str
    label: str
    kind: Literal["token", "area", "square", "choice", "int", "text", "bool"]
    options: tuple[str, ...] = ()
    """For ``choice``; for ``token`` the ids that may be picked (empty: any)."""
    default: Any = None
    optional: bool = False
    needed_for: str = ""
    """When an optional param is needed after all ("for attacks"): the form says so."""
    follows: Callable[[Mapping[str, Any]], Any] | None = field(default=None, compare=False)
    """A default that depends on the other fields (a target only for an attack card):
    given the form's other values, this field's value. The form asks again whenever
    another field changes, until the GM picks this one by hand."""


@dataclass(frozen=True)
class Action:
    """Something the GM can do now: a button in the panel."""

    id: str
    label: str
    params: tuple[Param, ...] = ()
    primary: bool = False
    """The action the advance key triggers (at most one per view)."""
    token_id: str | None = None
    """The combatant this action belongs to, if any (shown on its row)."""
    hint: str = ""


@dataclass(frozen=True)
class Combatant:
    """A row of the panel's combatant list, in the current order."""

    token_id: str
    name: str
    side: str
    order: str = ""
    """What places it in the order: an initiative total, a phase, a side's roll."""
    figures: dict[str, str] = field(default_factory=dict)
    """Tracked figures as shown (already formatted)."""
    statuses: dict[str, int] = field(default_factory=dict)
    acting: bool = False
    done: bool = False
    out: bool = False
    secret: str = ""
    """A declaration only the GM may see (empty when none or when revealed)."""
    revealed: str = ""
    """A declaration everyone may see."""


@dataclass(frozen=True)
class RowFigure:
    """A figure column of the panel's one-line combatant rows.

    ``figures`` are tracked figures (``token.figures`` keys) read together, a ``/``
    between them: Thrum's "Fatigue" reads a load out of its tolerance, ``1/4``.
    """

    label: str
    figures: tuple[str, ...]


@dataclass(frozen=True)
class PanelView:
    """Everything the panel and the map show for the current state."""

    title: str
    steps: tuple[StepLine, ...]
    instruction: str
    combatants: tuple[Combatant, ...]
    round: int = 0
    acting: frozenset[str] = frozenset()
    targets: frozenset[str] = frozenset()
    """Tokens targeted by revealed actions: safe to show the players."""
    secret_targets: frozenset[str] = frozenset()
    """Tokens targeted by unrevealed actions: the GM's view only."""
    notes: tuple[str, ...] = ()
    """Reminders for this step (modifiers, who may act, what the rule says)."""
    ended: bool = False

    def round_text(self) -> str:
        """``Round 3``, or nothing before the first round."""
        return f"Round {self.round}" if self.round else ""

    def current_title(self, besides: str = "") -> str:
        """The first current step whose title does not merely repeat ``besides``.

        Thrum names its round step "Round 3" with the current turn step under it:
        a heading that already says "Round 3" wants the turn step, not the round
        twice (the players' tracker and the snapshot's header both ask this).
        """
        repeated = besides.strip().casefold()
        current = (s.title for s in self.steps if s.status == "current")
        return next((t for t in current if t.strip().casefold() != repeated), "")


class Procedure(ABC, Generic[StateT]):
    """One combat procedure. Subclasses are registered in :mod:`tactical.rules.registry`."""

    id: ClassVar[str]
    title: ClassVar[str]
    rule_file: ClassVar[str]
    """The seed text this procedure follows (file name in shared/seeds)."""
    map_kind: ClassVar[Literal["grid", "areas", "any"]] = "any"
    """The map kind it is written for: a default, not a lock."""
    metric: ClassVar[str] = "chebyshev"
    state_type: ClassVar[type[ProcedureState]]
    figure_labels: ClassVar[dict[str, str]] = {}
    """Tracked figures (token.figures keys) the panel shows as columns, with their labels."""
    print_labels: ClassVar[dict[str, str]] = {}
    """Shorter labels for a printed table's narrow columns (missing keys: ``figure_labels``)."""
    figure_defaults: ClassVar[dict[str, int | str]] = {}
    """What the panel shows for a tracked figure a token lacks (the token form shows the same)."""
    default_speed: ClassVar[int | None] = None
    """The speed a token added mid-fight gets (the add-token form's default), or None for 6."""
    row_figures: ClassVar[Mapping[str, tuple[RowFigure, ...]]] = {}
    """The figures that matter at a step, by step id: the panel's one-line rows show these
    and the selected combatant's other figures under the table. ``""`` is any other step.
    Empty: every tracked figure, each on its own (see :meth:`figures_now`)."""

    # -- state --------------------------------------------------------------

    def new_state(self, encounter: Encounter, seed: int) -> StateT:
        """The state before the first step. Override to fill in more."""
        return self.state_type(seed=seed)  # type: ignore[return-value]

    def load_state(self, data: dict[str, Any]) -> StateT:
        """Validate saved state; pydantic errors name the path inside the state."""
        return self.state_type.model_validate(data)  # type: ignore[return-value]

    def dump_state(self, state: StateT) -> dict[str, Any]:
        return state.model_dump(mode="json")

    # -- what the panel shows ---------------------------------------------

    @abstractmethod
    def outline(self, encounter: Encounter, state: StateT) -> list[StepLine]:
        """Every step and sub-step, with the current one marked ``current``."""

    @abstractmethod
    def view(self, encounter: Encounter, state: StateT) -> PanelView: ...

    @abstractmethod
    def actions(self, encounter: Encounter, state: StateT) -> list[Action]: ...

    def figures_now(self, state: StateT) -> tuple[RowFigure, ...]:
        """The figures the rows show at ``state``'s step: :attr:`row_figures` of the step
        id, else of its last part (``act-0-missile``: ``missile``; ``first.moves``:
        ``moves``), else of ``""``, else every tracked figure."""
        table = self.row_figures
        step = state.step
        last = step.replace(".", "-").rsplit("-", 1)[-1]
        for key in (step, last, ""):
            if key in table:
                return table[key]
        return tuple(RowFigure(label, (key,)) for key, label in self.figure_labels.items())

    def movement_left(self, encounter: Encounter, state: StateT, token_id: str) -> int | None:
        """How many squares (or areas) ``token_id`` may still move now, never below 0.

        None when the procedure puts no limit on it now: the app then offers the
        token's whole speed and does not count the move. The default limits
        nothing. Procedures on area maps whose moves are resolved by their own
        actions (a move is an action there, not a drag budget) keep the default.
        Moves the GM forces may exceed the limit; ``state.moved`` then holds
        more than the speed, and this returns 0.
        """
        return None

    def blocked_direction(
        self, encounter: Encounter, state: StateT, token_id: str
    ) -> BlockedDirection | None:
        """The direction ``token_id`` may not move in now, or None. The default blocks none."""
        return None

    # -- what a player holds (issue 31) -------------------------------------

    def sheet(self, encounter: Encounter, state: StateT, token_id: str) -> CharacterSheet:
        """``token_id``'s sheet in the rule text's words. The default: one line per tracked
        figure (:attr:`figure_labels`, a missing one from :attr:`figure_defaults`), and
        its statuses."""
        token = encounter.token(token_id)
        lines = tuple(
            SheetLine(label, str(token.figures.get(key, self.figure_defaults.get(key, ""))), key)
            for key, label in self.figure_labels.items()
        )
        return CharacterSheet(token_id, token.name, self.title, lines, status_words(token.statuses))

    def turn(self, encounter: Encounter, state: StateT) -> TurnView:
        """The turn, every combatant named. The default reads :meth:`view`: its rows in
        order, the acting ones current, next the first row after them not done nor out (after
        the last, the first of the order not out: the next round's)."""
        view = self.view(encounter, state)
        rows = view.combatants
        order = tuple(TurnEntry(c.token_id, c.name, c.order, c.acting, c.done, c.out) for c in rows)
        current = tuple(c.token_id for c in rows if c.acting)
        last = max((i for i, c in enumerate(rows) if c.acting), default=-1)
        later = [c for c in rows[last + 1 :] if not c.done and not c.out and not c.acting]
        wrapped = [c for c in rows[: last + 1] if not c.out and not c.acting]
        upcoming = next(iter(later or wrapped), None) if current else None
        title = view.current_title(view.round_text())
        return TurnView(
            view.round, title, order, current, None if upcoming is None else upcoming.token_id
        )

    def asks(self, encounter: Encounter, state: StateT, token_id: str) -> tuple[Ask, ...]:
        """What the procedure asks of ``token_id``'s player now; each answered by performing
        its action (which must then be among :meth:`actions`). The default asks nothing."""
        return ()

    def staged(self, encounter: Encounter, state: StateT) -> tuple[StagedChoice, ...]:
        """Every choice staged face down now, revealed or not (the GM's view; the share
        side cuts it per link). The default: none."""
        return ()

    # -- what the GM does -------------------------------------------------

    handlers: ClassVar[Mapping[str, Handler[Any]]] = {}
    """What each action id does: the procedure's table, read by :meth:`perform`.

    An action id may name its subject after a colon (``declare:goblin-1``, one
    button per combatant): the table is looked up by the part before it, and the
    handler finds the subject in ``params[SUBJECT]``.
    """

    def perform(
        self, ctx: ActionContext, state: StateT, action: str, params: dict[str, Any]
    ) -> StateT:
        """Carry out ``action``; change tokens through ``ctx``; return the new state.

        The default looks the action up in :attr:`handlers` and runs it, then
        :meth:`after_action`. Raise :class:`RulesError` with a reason the GM can
        read when the rules do not allow it. ``state`` is a private copy; a
        handler mutates it, or returns another state to replace it.
        """
        head, colon, subject = action.partition(":")
        handler = self.handlers.get(head)
        if handler is None:
            raise RulesError(f"'{action}' is not an action of {self.title}")
        if colon:
            params = {**params, SUBJECT: subject}
        replaced = handler(ctx, state, params)
        result: StateT = state if replaced is None else replaced
        self.after_action(ctx, result)
        return result

    def after_action(self, ctx: ActionContext, state: StateT) -> None:
        """What follows every action (keeping derived state in step). The default does nothing."""


def status_words(statuses: Mapping[str, int]) -> tuple[str, ...]:
    """Statuses as a sheet shows them: ``Prone``, ``Bleeding x2``."""
    return tuple(f"{name} x{n}" if n > 1 else name for name, n in statuses.items())


def mark_outline(lines: list[tuple[str, str, int]], current: str, done: set[str]) -> list[StepLine]:
    """Helper: outline entries ``(id, title, depth)`` with statuses from the current step."""
    return [
        StepLine(
            step_id,
            title,
            depth,
            "current" if step_id == current else ("done" if step_id in done else "todo"),
        )
        for step_id, title, depth in lines
    ]

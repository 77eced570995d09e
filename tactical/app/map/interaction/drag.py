"""Dragging a token: preview where it can go, draw the cheapest path, drop or refuse.

A Qt-free state machine. ``press`` on a token asks the engine what the token
can reach this turn; ``move`` recomputes the path only when the position under
the pointer changes (not on every mouse move); ``release`` returns the core
command to push (one undoable step per drop) or the reason the drop is
refused. Holding Shift at the drop places the token anyway: the GM is always
in charge. The engine decides every rule; this module only asks it and words
the answer. The combat procedure may also forbid a direction (003 Stumble:
:mod:`.move_bans`): no step of the previewed path goes that way (a diagonal
with a part that way included), so the squares that way, and those reached
only by a way round through it, leave the preview, and a drop there is refused
with the procedure's reason.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tactical.app.encounter import engine
from tactical.app.map.interaction.events import Pointer
from tactical.app.map.interaction.locate import fits, grab_offset, position_at
from tactical.app.map.interaction.move_bans import procedure_ban
from tactical.core.commands.tokens import MoveToken
from tactical.core.encounter import Encounter
from tactical.core.grid import Square, Terrain
from tactical.core.tokens import Position, Token
from tactical.rules import BlockedDirection

_drag_ids = itertools.count(1)

Budget = Callable[[Token], int | None]
Ban = Callable[[Encounter, str], BlockedDirection | None]


def speed_budget(token: Token) -> int | None:
    """The default budget: the token's full speed this turn."""
    return token.speed


@dataclass
class DragFeedback:
    """What the view should show after an event. Fields left None mean "unchanged"."""

    reach: dict[Any, int] | None = None
    budget: int | None = None
    token_at: Position = None
    path: list[Any] | None = None
    label: str = ""
    ok: bool = True
    message: str = ""
    command: MoveToken | None = None
    cost: int | None = None
    """With ``command``: the movement the drop spends (the engine's path cost; for a
    forced drop with no path, the whole budget)."""
    finished: bool = False
    restore: bool = False


class DragController:
    """The press / move / release cycle of dragging one token."""

    def __init__(
        self,
        encounter: Callable[[], Encounter],
        budget: Budget = speed_budget,
        ban: Ban = procedure_ban,
    ) -> None:
        self._encounter = encounter
        self._budget_of = budget
        self._ban_of = ban
        self.ban: BlockedDirection | None = None
        self.token_id: str | None = None
        self.start: Position = None
        self.grab: Square = (0, 0)
        self.reach: dict[Any, int] = {}
        self.unbanned: dict[Any, int] = {}
        """The reach as it would be without the procedure's ban (to word a refusal)."""
        self.budget: int | None = None
        self.target: Position = None
        self.path: list[Any] | None = None
        self.cost: int | None = None
        self.previews = 0
        """How many times the path was recomputed (the view repaints only then)."""

    @property
    def active(self) -> bool:
        return self.token_id is not None

    @property
    def encounter(self) -> Encounter:
        return self._encounter()

    def press(self, token_id: str, pointer: Pointer) -> DragFeedback:
        """Start holding a token: compute where it can go this turn."""
        token = self.encounter.token(token_id)
        self.token_id = token_id
        self.start = token.position
        self.grab = grab_offset(token, pointer.x, pointer.y)
        self.budget = self._budget_of(token)
        self.ban = self._ban_of(self.encounter, token_id)
        banned = self._banned_steps()
        if self.start is None:
            self.reach = self.unbanned = {}
        else:
            self.unbanned = engine.reachable(self.encounter, token_id, self.budget)
            self.reach = (
                engine.reachable(self.encounter, token_id, self.budget, banned)
                if banned
                else self.unbanned
            )
        self.reach = {p: c for p, c in self.reach.items() if not self._banned(p)}
        self.target = self.start
        self.path = None
        self.cost = None
        return DragFeedback(reach=dict(self.reach), budget=self.budget, token_at=self.start)

    def move(self, pointer: Pointer) -> DragFeedback | None:
        """The pointer moved while holding: None unless the position under it changed."""
        if self.token_id is None:
            return None
        target = position_at(self.encounter, pointer.x, pointer.y, self.grab)
        if target == self.target:
            return None
        self.target = target
        token = self.encounter.token(self.token_id)
        if target is None or not fits(self.encounter, token, target):
            self.path, self.cost = None, None
            return DragFeedback(token_at=None, path=[], label="", ok=False, message="Off the map")
        if target == self.start:
            self.path, self.cost = [target], 0
            return DragFeedback(token_at=target, path=[], label="")
        self.previews += 1
        if target in self.reach:
            found = engine.find_path(
                self.encounter, self.token_id, target, self.budget, self._banned_steps()
            )
            self.path, self.cost = (
                found if found is not None else ([self.start, target], self.reach[target])
            )
            return DragFeedback(
                token_at=target, path=list(self.path), label=self._cost_label(self.cost), ok=True
            )
        self.path, self.cost = [self.start, target], None
        reason = self.quick_reason(token, target)
        return DragFeedback(
            token_at=target, path=list(self.path), label=reason, ok=False, message=reason
        )

    def release(self, pointer: Pointer) -> DragFeedback:
        """Drop: the move command, or why the token goes back."""
        if self.token_id is None:
            return DragFeedback(finished=True)
        token_id = self.token_id
        target = position_at(self.encounter, pointer.x, pointer.y, self.grab)
        token = self.encounter.token(token_id)
        try:
            return self._drop(token, target, pointer)
        finally:
            self.cancel()

    def _drop(self, token: Token, target: Position, pointer: Pointer) -> DragFeedback:
        """:meth:`release` before the drag is put away (so the ban still reads)."""
        token_id = token.id
        start = self.start
        reach = self.reach
        if target == start or start is None:
            return DragFeedback(finished=True, restore=True)
        if target is None or not fits(self.encounter, token, target):
            return DragFeedback(
                finished=True,
                restore=True,
                ok=False,
                message=f"{token.name} stays: that is off the map.",
            )
        if target in reach:
            cost = reach[target]
            command = MoveToken(token_id, target, drag_id=next(_drag_ids))
            return DragFeedback(
                finished=True,
                command=command,
                cost=cost,
                message=f"{token.name} moved ({self._cost_label(cost)}).",
            )
        reason, path_cost = self._refusal(token, target)
        if pointer.force:
            command = MoveToken(token_id, target, drag_id=next(_drag_ids))
            return DragFeedback(
                finished=True,
                command=command,
                cost=path_cost if path_cost is not None else self.budget,
                message=f"{token.name} placed by the GM ({reason}).",
            )
        return DragFeedback(
            finished=True,
            restore=True,
            ok=False,
            message=f"{token.name} stays: {reason}. Hold Shift while dropping to place it anyway.",
        )

    def cancel(self) -> None:
        self.token_id = None
        self.ban = None
        self.reach = {}
        self.unbanned = {}
        self.target = None
        self.path = None
        self.cost = None

    # -- wording ---------------------------------------------------------------

    def _cost_label(self, cost: int | None) -> str:
        if cost is None:
            return ""
        unit = "area" if self.encounter.area_map is not None else "square"
        count = self.budget if self.budget is not None else cost
        plural = "" if count == 1 else "s"
        budget = f" of {self.budget}" if self.budget is not None else ""
        return f"{cost}{budget} {unit}{plural}"

    def quick_reason(self, token: Token, target: Position) -> str:
        """A short reason a position is not reachable, without a path search (for hovering)."""
        blocker = self._blocker(token, target)
        if not blocker and self.ban is not None:
            if self._banned(target):
                return self.ban.reason
            if target in self.unbanned:
                return self._round_the_ban()
        return blocker or "out of reach"

    def _round_the_ban(self) -> str:
        """The ban's reason for a square that lies another way but is reached only by a
        step the banned way (a way round an obstacle)."""
        assert self.ban is not None
        return f"{self.ban.reason}; every way there takes a step that way"

    def _banned(self, target: Position) -> bool:
        """The procedure forbids moving that way (003 Stumble)."""
        start = self.start
        return (
            self.ban is not None
            and isinstance(start, tuple)
            and isinstance(target, tuple)
            and self.ban.refuses(start, target)
        )

    def _banned_steps(self) -> frozenset[tuple[int, int]]:
        """The steps no path may take while the procedure's ban holds (none on area maps)."""
        if self.ban is None or self.encounter.grid is None:
            return frozenset()
        return engine.steps_towards(self.ban.step)

    def _refusal(self, token: Token, target: Position) -> tuple[str, int | None]:
        """Why the engine refuses ``target``, in words, and the path's cost when there is a
        path (None when not); may search a path."""
        blocker = self._blocker(token, target)
        if blocker:
            return blocker, None
        found = engine.find_path(self.encounter, token.id, target)
        if self.ban is not None and self._banned(target):
            return self.ban.reason, (found[1] if found is not None else None)
        if found is None:
            return "there is no way there", None
        _, cost = found
        within = self.budget is None or cost <= self.budget
        if self.ban is not None and self._banned_steps() and within:
            # Within reach but for the ban: every way there steps the banned way.
            return self._round_the_ban(), cost
        if self.budget is not None and cost > self.budget:
            left = " left" if self.budget < token.speed else ""
            return f"it costs {cost}, more than the {self.budget}{left} this turn", cost
        return "the rules do not allow ending a move there", cost

    def _blocker(self, token: Token, target: Position) -> str:
        """Who or what stands on the target, described (the engine already refused it)."""
        encounter = self.encounter
        if isinstance(target, tuple):
            grid = encounter.grid
            assert grid is not None
            squares = token.squares_at(target)
            if any(grid.terrain_at(s) == Terrain.IMPASSABLE for s in squares):
                return "the terrain there is impassable"
            occupants = encounter.occupants()
            others = {occupants[s] for s in squares if s in occupants} - {token.id}
        else:
            others = set()
        for other_id in sorted(others):
            other = encounter.tokens[other_id]
            if encounter.are_enemies(token.side, other.side):
                return f"an enemy ({other.name}) is there"
        for other_id in sorted(others):
            other = encounter.tokens[other_id]
            return f"an ally ({other.name}) is there: allies can be passed, not stopped on"
        return ""

"""Moves asked for from a phone: checked by the same engine and procedure rules as a GM drag.

The server's worker thread asks (:meth:`PhoneMoves.handler`); the move is
tried on the GM's thread, where the document lives: a drag of the character's
own token from where it stands to the square asked for
(:class:`tactical.app.interaction.drag.DragController`, with the document's
move budget and the procedure's bans), pushed as one undoable command named
"Moved by <character>'s phone". A refused move returns the engine's reason.
Only on that character's turn, or at any time when no procedure runs.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from tactical.app.document import EncounterDocument
from tactical.app.geometry import CELL, footprint_centre
from tactical.app.interaction.drag import DragController
from tactical.app.interaction.events import Pointer
from tactical.core.changes import phone
from tactical.core.commands.base import Command
from tactical.core.encounter import Encounter
from tactical.core.tokens import Position, Token
from tactical.rules import ProcedureController
from tactical.share.links import Link
from tactical.share.public import panel_view

ANSWER_SECONDS = 5.0
"""How long a phone's move waits for the GM's thread before it is refused as busy."""
BUSY = "The GM's app is busy: try again."

Job = tuple[Link, dict[str, Any], "concurrent.futures.Future[str | None]"]
"""A phone's move on its way to the GM's thread, with where its answer goes."""


def _target(encounter: Encounter, data: dict[str, Any]) -> Position:
    if encounter.area_map is not None:
        area = data.get("area")
        return area if isinstance(area, str) else None
    col, row = data.get("col"), data.get("row")
    if isinstance(col, int) and isinstance(row, int) and not isinstance(col, bool | None):
        return (col, row)
    return None


def _point(encounter: Encounter, position: Position) -> tuple[float, float] | None:
    """A scene point on ``position`` (a square's centre, or a point inside an area)."""
    if isinstance(position, tuple):
        return footprint_centre(position, 1)
    area_map = encounter.area_map
    if isinstance(position, str) and area_map is not None and position in area_map.areas:
        point = area_map.areas[position].polygon.representative_point()
        return (float(point.x) * CELL, float(point.y) * CELL)
    return None


class PhoneMoves(QObject):
    """Makes the moves phones ask for, on the GM's thread."""

    _asked = Signal(object)

    def __init__(self, document: EncounterDocument, say: Callable[[str], None]) -> None:
        super().__init__(document)
        self.document = document
        self.say = say
        self._asked.connect(self._answer)

    def handler(self, link: Link, data: dict[str, Any]) -> str | None:
        """Called in the server's worker thread: waits for the GM's thread to try the move."""
        future: concurrent.futures.Future[str | None] = concurrent.futures.Future()
        self._asked.emit((link, data, future))
        try:
            return future.result(timeout=ANSWER_SECONDS)
        except concurrent.futures.TimeoutError:
            return BUSY

    def _answer(
        self, job: tuple[Link, dict[str, Any], concurrent.futures.Future[str | None]]
    ) -> None:
        link, data, future = job
        try:
            future.set_result(self.try_move(link, data))
        except Exception as error:  # never let a phone's message break the GM's app
            future.set_result(f"The move could not be made: {error}")

    def _turn_problem(self, encounter: Encounter, token: Token) -> str | None:
        view = panel_view(encounter)
        if view is None or view.ended:
            return None
        if token.id not in view.acting:
            return f"It is not {token.name}'s turn."
        return None

    def try_move(self, link: Link, data: dict[str, Any]) -> str | None:
        """Move ``link``'s character as ``data`` asks; None when moved, else why not."""
        encounter = self.document.encounter
        token = encounter.tokens.get(link.character or "")
        if not link.moves or link.character is None:
            return "The GM has not allowed moves from this phone."
        if token is None or token.position is None or token.hidden:
            return "Your character is not on the map."
        if data.get("token") != token.id:
            return "You can move only your own token."
        problem = self._turn_problem(encounter, token)
        if problem is not None:
            return problem
        target = _target(encounter, data)
        start, goal = _point(encounter, token.position), _point(encounter, target)
        if target is None or start is None or goal is None:
            return f"{token.name} stays: that is off the map."
        drag = DragController(lambda: encounter, self.document.move_budget)
        drag.press(token.id, Pointer(*start, left=True))
        drag.move(Pointer(*goal, left=True))
        feedback = drag.release(Pointer(*goal))
        if feedback.command is None:
            return feedback.message or f"{token.name} stays."
        command: Command = feedback.command
        if encounter.procedure and feedback.cost is not None:
            try:
                controller = ProcedureController(encounter, lambda _command: None)
                command = controller.move_command(token.id, feedback.command.to, feedback.cost)
            except (ValueError, KeyError):  # a state that cannot be read: the plain move
                command = feedback.command
        command.text = f"Moved by {token.name}'s phone"
        self.document.push(command, phone(token.id, token.name))
        self.say(f"{token.name} moved from their phone.")
        return None

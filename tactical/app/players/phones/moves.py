"""Moves asked for from a phone: checked by the same engine and procedure rules as a GM drag.

The server's worker thread asks (:attr:`PhoneMoves.handler`); the move is
tried on the GM's thread, where the document lives. A phone is told only what
its link may see, so a move is first held against exactly the shading its link
is sent (:func:`tactical.share.reach.link_reach`, worked out again now from the
link's own view): any other target, whatever stands there or whatever it is,
gets one refusal (:func:`out_of_reach`). Only then is it tried as a drag of the
character's own token from where it stands
(:class:`tactical.app.map.interaction.drag.DragController`, with the shown scene's
move budget and the procedure's bans) and pushed as one undoable command named
"Moved by <character>'s phone", on the scene shown to players (the GM may be
looking at another: :mod:`tactical.app.players.shown_scene`). The drag's own
refusal is worded for the GM (it names who stands there, and Shift); the phone
gets words built from what it sees instead (the drag's are logged at info
level, never shown: the GM's window may be hiding secrets). Only on that
character's turn, or at any time when no procedure runs.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject

from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.geometry import CELL, footprint_centre
from tactical.app.map.interaction.drag import DragController
from tactical.app.map.interaction.events import Pointer
from tactical.app.map.interaction.procedure_move import procedure_move
from tactical.app.players.phones.handover import Handover
from tactical.app.players.shown_scene import shown_scene
from tactical.core.changes import phone
from tactical.core.encounter import Encounter
from tactical.core.tokens import Position, Token
from tactical.rules import BlockedDirection
from tactical.share.links import Link, character_token
from tactical.share.public import panel_view
from tactical.share.reach import link_reach, may_move_now, offered
from tactical.share.secrets import Secrets
from tactical.share.seen import Seen, character_seen

log = logging.getLogger(__name__)

NOT_ALLOWED = "The GM has not allowed moves from this phone."
NOT_ON_MAP = "Your character is not on the map."
NOT_YOURS = "You can move only your own token."
FAILED = "The move could not be made."
"""What a phone reads when trying its move failed on the GM's side (the GM's log has why)."""


def out_of_reach(encounter: Encounter, token: Token) -> str:
    """The one refusal of any target outside the link's shading: it says nothing of what is
    there (a wall, a token, fog, nothing, or no such square or area at all)."""
    unit = "areas" if encounter.area_map is not None else "squares"
    return f"{token.name} stays: only the shaded {unit} are within reach."


def not_now(token: Token) -> str:
    """A target in the shading that the rules refuse for a reason the link may not read."""
    return f"{token.name} stays: that move cannot be made now."


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


def _refusal(token: Token, ban: BlockedDirection | None, seen: Seen, encounter: Encounter) -> str:
    """The phone's words for a drop the drag refused: the procedure's ban (about the
    character itself) when it alone refuses, else :func:`not_now`."""
    if ban is None:
        return not_now(token)
    text = f"{token.name} stays: {ban.reason}."
    return Secrets(encounter, seen.unseen).clean(text, not_now(token))


class PhoneMoves(QObject):
    """Makes the moves phones ask for, on the GM's thread."""

    def __init__(self, document: EncounterDocument, say: Callable[[str], None]) -> None:
        super().__init__(document)
        self.document = document
        self.shown = shown_scene(document)
        """The scene shown to players: the only one a phone moves on."""
        self.say = say
        self.handler: Handover[dict[str, Any]] = Handover(self, self.try_move, FAILED)
        """Called in the server's worker thread: the move is tried on the GM's thread."""

    def try_move(self, link: Link, data: dict[str, Any]) -> str | None:
        """Move ``link``'s character as ``data`` asks; None when moved, else why not, in words
        built from what the link may see."""
        encounter = self.shown.encounter
        if not link.moves or link.character is None:
            return NOT_ALLOWED
        token = character_token(encounter, link.character)
        if token is None or token.position is None or token.hidden:
            return NOT_ON_MAP
        if data.get("token") != token.id:
            return NOT_YOURS
        view = panel_view(encounter)
        if not may_move_now(token.id, view):
            return f"It is not {token.name}'s turn."
        seen = character_seen(encounter, token)
        budget = self.shown.move_budget(token)
        target = _target(encounter, data)
        if target is None or target not in offered(
            link_reach(encounter, token.id, budget, seen, view)
        ):
            return out_of_reach(encounter, token)
        return self._drop(encounter, token, target, seen)

    def _drop(self, encounter: Encounter, token: Token, target: Position, seen: Seen) -> str | None:
        """Drag ``token`` to ``target`` (in its link's shading) as the GM's hand would."""
        start, goal = _point(encounter, token.position), _point(encounter, target)
        if start is None or goal is None:  # a shading names only squares and areas that exist
            return out_of_reach(encounter, token)
        drag = DragController(lambda: encounter, self.shown.move_budget)
        drag.press(token.id, Pointer(*start, left=True))
        ban = drag.ban if target in drag.unbanned and target not in drag.reach else None
        drag.move(Pointer(*goal, left=True))
        feedback = drag.release(Pointer(*goal))
        if feedback.command is None:
            if not feedback.message:  # dropped where it stands
                return f"{token.name} stays."
            log.info("A move from %s's phone was refused: %s", token.name, feedback.message)
            return _refusal(token, ban, seen, encounter)
        command = procedure_move(encounter, feedback.command, feedback.cost)  # as the GM's drop
        command.text = f"Moved by {token.name}'s phone"
        self.shown.push(command, phone(token.id, token.name))  # on the shown scene
        self.say(f"{token.name} moved from their phone.")
        return None

"""Choices and rolls entered on a phone (issue 31): the procedure's own actions, one undo step each.

The server's worker thread asks (:meth:`PhoneHands.handler`); the answer is made
on the GM's thread, where the document lives, through
:meth:`tactical.rules.ProcedureController.answer`: the same ``perform`` the
panel's buttons use (one rules path), pushed once with the phone as its
initiator and named "… (entered on Bram's phone)" in the undo history; the
status bar says so. The phone reads a refusal in words its link may see: the
rules' reason when it names no token that character cannot see now, else a
fixed line. What the server checked already (the link's permissions, the
frame's shape) is checked again here, against the link as it is now.
"""

from __future__ import annotations

import concurrent.futures
import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from tactical.app.encounter.document import EncounterDocument
from tactical.app.players.shown_scene import shown_scene
from tactical.core.changes import phone
from tactical.core.commands.base import Command
from tactical.core.encounter import Encounter
from tactical.core.tokens import Token
from tactical.rules import ProcedureController, RulesError
from tactical.share.answers import FAILED, refusal
from tactical.share.frames import HandFrame
from tactical.share.hand_view import hand_view
from tactical.share.links import Link, character_token
from tactical.share.secrets import Secrets
from tactical.share.seen import character_seen

log = logging.getLogger(__name__)

ANSWER_SECONDS = 5.0
"""How long a phone's answer waits for the GM's thread before it is refused as busy."""
BUSY = "The GM's app is busy: try again."
NOT_ON_MAP = "Your character is not on the map."
NO_FIGHT = "No combat procedure runs now."
REFUSED = "That cannot be entered now."
"""A refusal whose reason names a token the character cannot see now."""
NOT_ASKED = "That is not asked of you now."
NOT_OFFERED = "That choice is not offered on your phone."
"""Any value outside the options the link was sent (a token it does not see, a guess)."""

Job = tuple[Link, HandFrame, "concurrent.futures.Future[str | None]"]


def entered_on(token: Token) -> str:
    """How the undo history and the status bar say where an answer came from."""
    return f"entered on {token.name}'s phone"


class PhoneHands(QObject):
    """Makes the choices and rolls phones send, on the GM's thread."""

    _asked = Signal(object)
    entered = Signal(str, str)
    """(token id, what was entered): a phone's answer was pushed (the panel marks it)."""

    def __init__(self, document: EncounterDocument, say: Callable[[str], None]) -> None:
        super().__init__(document)
        self.document = document
        self.shown = shown_scene(document)
        """The scene shown to players: a phone answers on it, wherever the GM looks."""
        self.say = say
        self._asked.connect(self._answer)

    def handler(self, link: Link, frame: HandFrame) -> str | None:
        """Called in the server's worker thread: waits for the GM's thread to enter it."""
        future: concurrent.futures.Future[str | None] = concurrent.futures.Future()
        self._asked.emit((link, frame, future))
        try:
            return future.result(timeout=ANSWER_SECONDS)
        except concurrent.futures.TimeoutError:
            if future.cancel():  # not begun: it never will be
                return BUSY
        try:
            return future.result(timeout=ANSWER_SECONDS)
        except concurrent.futures.TimeoutError:
            return BUSY

    def _answer(self, job: Job) -> None:
        link, frame, future = job
        if not future.set_running_or_notify_cancel():
            return  # the phone was told the GM's app was busy: nothing entered late
        try:
            future.set_result(self.enter(link, frame))
        except Exception:  # never let a phone's message break the GM's app, nor tell it why
            log.exception("A choice from %s's phone could not be entered", link.label)
            future.set_result(FAILED)

    def enter(self, link: Link, frame: HandFrame) -> str | None:
        """Enter ``frame`` for ``link``'s character; None when entered, else why not, in words
        that link may see."""
        refused = refusal(link, frame)
        if refused is not None:
            return refused
        encounter = self.shown.encounter
        token = None if link.character is None else character_token(encounter, link.character)
        if token is None or token.hidden:
            return NOT_ON_MAP
        if not encounter.procedure:
            return NO_FIGHT
        offered = _offered(encounter, link, token, frame)
        if offered is not None:
            return offered
        pushed: list[Command] = []

        def push(command: Command) -> None:
            command.text = f"{command.text} ({entered_on(token)})"
            pushed.append(command)
            self.shown.push(command, phone(token.id, token.name))

        controller = ProcedureController(encounter, push)
        faces = None if frame.kind != "roll" or frame.for_me else list(frame.dice)
        try:
            controller.answer(token.id, frame.ask, dict(frame.values), faces=faces)
        except RulesError as error:
            return self._refusal(token, str(error))
        if pushed:
            what = pushed[-1].text
            self.say(f"{what[:1].upper()}{what[1:]}.")
            self.entered.emit(token.id, what)
        return None

    def _refusal(self, token: Token, reason: str) -> str:
        """The rules' reason, when it names nobody this character cannot see now."""
        encounter = self.shown.encounter
        seen = character_seen(encounter, token)
        words = reason.strip().rstrip(".")
        text = f"{words[:1].upper()}{words[1:]}." if words else REFUSED
        return Secrets(encounter, seen.unseen).clean(text, REFUSED)


def _offered(encounter: Encounter, link: Link, token: Token, frame: HandFrame) -> str | None:
    """Why ``frame`` is not one of the answers ``link``'s page was offered now, or None.

    The page is sent its asks cut to what the link sees and may do
    (:func:`tactical.share.hand_view.hand_view`): a value outside an ask's options (a token it
    does not see, a card it does not hold, a guess) gets one refusal whatever it names."""
    hand = hand_view(encounter, token.id, link.permissions()) or {}
    ask = next((a for a in hand.get("asks", []) if a.get("action") == frame.ask), None)
    if ask is None or (ask.get("kind") == "roll") != (frame.kind == "roll"):
        return NOT_ASKED
    fields = {f["name"]: f for f in ask.get("fields", [])}
    for name, value in frame.values.items():
        field = fields.get(name)
        if field is None or not _fits(field, value):
            return NOT_OFFERED
    return None


def _fits(field: dict[str, Any], value: object) -> bool:
    """Whether ``value`` is one the page could have sent for ``field`` as it was offered."""
    kind = field["kind"]
    if value is None:
        return bool(field.get("optional"))
    if kind == "int":
        return type(value) is int
    if kind == "bool":
        return isinstance(value, bool)
    options = {o["value"] for o in field.get("options", [])}
    if kind in ("token", "area", "choice") or (kind == "card" and options):
        return value in options  # none offered: none may be named
    return isinstance(value, str)

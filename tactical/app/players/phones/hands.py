"""Choices and rolls entered on a phone (issue 31): the procedure's own actions, one undo step each.

The server's worker thread asks (:attr:`PhoneHands.handler`); the answer is made
on the GM's thread, where the document lives, through
:func:`tactical.share.hand_view.answer_from_link`: held against the asks the
link's page was offered and the link's permissions as they are now, then the
same ``perform`` the panel's buttons use (one rules path), pushed once with the
phone as its initiator and named "… (entered on Bram's phone)" in the undo
history; the status bar says so. The phone reads a refusal in words its link may
see: the fixed words of an answer not offered, or the rules' reason when it names
no token that character cannot see now, else a fixed line.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from tactical.app.encounter.document import EncounterDocument
from tactical.app.players.phones.correction import PhoneRoll
from tactical.app.players.phones.handover import Handover
from tactical.app.players.shown_scene import shown_scene
from tactical.core.changes import phone
from tactical.core.commands.base import Command
from tactical.core.tokens import Token
from tactical.rules import ProcedureController, RulesError
from tactical.rules.player_hand import RollSpec
from tactical.share.answers import FAILED, WATCH_ONLY
from tactical.share.frames import HandFrame
from tactical.share.hand_view import NotOffered, answer_from_link
from tactical.share.links import Link, character_token
from tactical.share.secrets import Secrets
from tactical.share.seen import character_seen

log = logging.getLogger(__name__)

NOT_ON_MAP = "Your character is not on the map."
NO_FIGHT = "No combat procedure runs now."
REFUSED = "That cannot be entered now."
"""A refusal whose reason names a token the character cannot see now."""


def entered_on(token: Token) -> str:
    """How the undo history and the status bar say where an answer came from."""
    return f"entered on {token.name}'s phone"


class PhoneHands(QObject):
    """Makes the choices and rolls phones send, on the GM's thread."""

    entered = Signal(str, str)
    """(token id, what was entered): a phone's answer was pushed (the panel marks it)."""
    rolled = Signal(object)
    """A :class:`~tactical.app.players.phones.correction.PhoneRoll` a phone entered."""

    def __init__(self, document: EncounterDocument, say: Callable[[str], None]) -> None:
        super().__init__(document)
        self.document = document
        self.shown = shown_scene(document)
        """The scene shown to players: a phone answers on it, wherever the GM looks."""
        self.say = say
        self.handler: Handover[HandFrame] = Handover(self, self.enter, FAILED)
        """Called in the server's worker thread: the answer is entered on the GM's thread."""

    def enter(self, link: Link, frame: HandFrame) -> str | None:
        """Enter ``frame`` for ``link``'s character; None when entered, else why not, in words
        that link may see."""
        if link.kind != "character":
            return WATCH_ONLY
        encounter = self.shown.encounter
        token = None if link.character is None else character_token(encounter, link.character)
        if token is None or token.hidden:
            return NOT_ON_MAP
        if not encounter.procedure:
            return NO_FIGHT
        pushed: list[Command] = []

        def push(command: Command) -> None:
            command.text = f"{command.text} ({entered_on(token)})"
            pushed.append(command)
            self.shown.push(command, phone(token.id, token.name))

        controller = ProcedureController(encounter, push)
        faces = None if frame.kind != "roll" or frame.for_me else list(frame.dice)
        spec = _roll_asked(controller, token.id, frame)
        logged = len(encounter.dice_log)
        try:
            answer_from_link(
                controller,
                token.id,
                link.permissions(),
                frame.ask,
                dict(frame.values),
                faces,
                roll=frame.kind == "roll",
            )
        except NotOffered as refused:
            return str(refused)
        except RulesError as error:
            return self._refusal(token, str(error))
        if pushed:
            what = pushed[-1].text
            self.say(f"{what[:1].upper()}{what[1:]}.")
            self.entered.emit(token.id, what)
            if spec is not None:
                self._rolled(token, frame, spec, pushed[-1], logged)
        return None

    def _rolled(
        self, token: Token, frame: HandFrame, spec: RollSpec, command: Command, logged: int
    ) -> None:
        """Tell the panel the roll ``command`` entered: the first one it logged."""
        encounter = self.shown.encounter
        roll = next(iter(encounter.dice_log[logged:]), None)
        if roll is not None:
            entered = PhoneRoll(
                token.id,
                token.name,
                frame.ask,
                dict(frame.values),
                spec,
                roll.result,
                frame.dice if not frame.for_me else roll.rolls,
                encounter,
                command,
            )
            self.rolled.emit(entered)

    def _refusal(self, token: Token, reason: str) -> str:
        """The rules' reason, when it names nobody this character cannot see now."""
        encounter = self.shown.encounter
        seen = character_seen(encounter, token)
        words = reason.strip().rstrip(".")
        text = f"{words[:1].upper()}{words[1:]}." if words else REFUSED
        return Secrets(encounter, seen.unseen).clean(text, REFUSED)


def _roll_asked(
    controller: ProcedureController, token_id: str, frame: HandFrame
) -> RollSpec | None:
    """What the roll ``frame`` answers asked to roll (None for a choice)."""
    if frame.kind != "roll":
        return None
    try:
        ask = next((a for a in controller.asks(token_id) if a.action == frame.ask), None)
    except RulesError:  # answer_from_link says why
        return None
    return None if ask is None else ask.roll

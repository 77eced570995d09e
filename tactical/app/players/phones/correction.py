"""The GM corrects a roll a phone entered (issue 31: "the GM sees it arrive and can correct it").

When a phone enters a roll (:class:`~tactical.app.players.phones.hands.PhoneHands`),
the combat panel shows it as arrived, "Bram's phone: 7 (2d6 + 1)", with a
Correct… button. While that roll is still the last step of the undo history,
Correct… asks the GM the numbers the dice show and enters the same answer again
with them, by the GM, worked out as before the phone's roll: one undo step after the
phone's that takes its roll back and enters the GM's, so Undo gives the phone's roll
back (with Correct… again) and Redo the GM's. Once anything else was done after the
phone's roll, the line goes (the procedure's own re-roll or Undo remain). While
sharing, and no roll is there to correct, the line says what the phones are asked to
roll now: "Asked of phones: Alice 2d6 + 1 (Initiative)".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QHBoxLayout, QInputDialog, QLabel, QPushButton, QWidget

from tactical.app.encounter.document import EncounterDocument
from tactical.core.changes import GM
from tactical.core.commands.base import Batch, Command, TakenBack
from tactical.core.encounter import Encounter
from tactical.rules import ProcedureController, RulesError
from tactical.rules.player_hand import RollSpec
from tactical.share.links import Link, character_token

CORRECTED = "corrected by the GM"


@dataclass(frozen=True)
class PhoneRoll:
    """A roll a phone entered: what it answered, with what, and the step it made."""

    token_id: str
    name: str
    action: str
    values: dict[str, Any]
    roll: RollSpec
    total: int
    faces: tuple[int, ...]
    encounter: Encounter
    command: Command

    def line(self) -> str:
        """How the panel shows it arrived: ``Bram's phone: 7 (2d6 + 1)``."""
        return f"{self.name}'s phone: {self.total} ({self.roll.text})"


Numbers = Callable[[QWidget, PhoneRoll], str | None]
"""Asks the GM the dice's numbers ("4 3"); None when cancelled."""


def ask_numbers(parent: QWidget, roll: PhoneRoll) -> str | None:
    prompt = f"The dice {roll.name} rolled for {roll.roll.text} ({roll.roll.why}), e.g. 4 3:"
    shown = " ".join(str(face) for face in roll.faces)
    text, ok = QInputDialog.getText(parent, f"Correct {roll.name}'s roll", prompt, text=shown)
    return text if ok else None


def faces_of(text: str) -> list[int]:
    """The numbers in ``text`` ("4 3", "4, 3"); ValueError with words when one is not."""
    words = text.replace(",", " ").split()
    try:
        return [int(word) for word in words]
    except ValueError:
        raise ValueError("Type the number each die shows, e.g. 4 3.") from None


def asked_of_phones(encounter: Encounter, links: Iterable[Link]) -> str:
    """The rolls the procedure asks now of characters whose phones may roll, as the phones
    read them: ``Asked of phones: Alice 2d6 + 1 (Initiative)``; "" when none."""
    if not encounter.procedure:
        return ""
    controller = ProcedureController(encounter, _no_push)
    asked: list[str] = []
    try:
        for link in links:
            if link.character is None or not link.may("roll"):
                continue
            token = character_token(encounter, link.character)
            if token is None or token.hidden:
                continue
            asked += [
                f"{token.name} {a.roll.text} ({a.roll.why})"
                for a in controller.asks(token.id)
                if a.roll is not None and a.token_id == token.id
            ]
    except RulesError:  # a state that does not validate: the panel says why
        return ""
    return f"Asked of phones: {', '.join(asked)}" if asked else ""


def _no_push(command: Command) -> None:
    raise RuntimeError("reading what is asked changes nothing")


class RollCorrection(QObject):
    """The last roll a phone entered, and the panel's line that corrects it."""

    corrected = Signal(str)
    """What the GM's correction entered ("Roll Alice's Initiative (corrected by the GM)")."""

    def __init__(
        self,
        document: EncounterDocument,
        shown: Callable[[], Encounter],
        numbers: Numbers = ask_numbers,
    ) -> None:
        super().__init__(document)
        self.document = document
        self.shown = shown
        """The encounter of the scene shown to players (the phones answer on it)."""
        self.numbers = numbers
        self.links: Callable[[], Iterable[Link]] = tuple
        """The links shared now (none while not sharing): their rolls asked are shown."""
        self.last: PhoneRoll | None = None
        self.row = QWidget()
        self.label = QLabel()
        self.button = QPushButton("Correct…")
        self.button.setToolTip("Enter the numbers the dice show instead, as the GM")
        self.button.clicked.connect(self.ask)
        layout = QHBoxLayout(self.row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.button)
        self.row.hide()
        self.said = ""
        """What the last correction entered (its undo step's name)."""
        document.undo_stack.indexChanged.connect(self.refresh)

    def note(self, roll: PhoneRoll) -> None:
        """A phone entered ``roll`` (its step is the last one now)."""
        self.last = roll
        self.refresh()

    def current(self) -> PhoneRoll | None:
        """The phone's roll while its step is still the last one done, else None."""
        roll = self.last
        if roll is None:
            return None
        history = self.document.history
        found = history.step_of(roll.command)
        stack = history.stack
        if found is None or stack.command(stack.index() - 1) is not found[0]:
            return None
        return roll

    def refresh(self, *_: object) -> None:
        if not shiboken6.isValid(self.row) or not shiboken6.isValid(self.document.undo_stack):
            return  # the panel holding it, or the history, is being destroyed
        roll = self.current()
        if roll is not None:
            self._tell(roll.line())
            return
        asked = asked_of_phones(self.shown(), self.links())
        self.label.setText(asked)
        self.label.setToolTip(asked)
        self.button.hide()
        self.row.setVisible(bool(asked))

    def ask(self) -> None:
        """Correct…: ask the GM the numbers, then enter them."""
        roll = self.current()
        if roll is None:
            return
        text = self.numbers(self.row, roll)
        if text is None:
            return
        try:
            refused = self.correct(faces_of(text))
        except ValueError as error:
            refused = str(error)
        if refused is not None:  # said beside the roll; a correction is said by the panel
            self._tell(f"{roll.line()} \N{EM DASH} {refused}")

    def correct(self, faces: list[int]) -> str | None:
        """Enter the phone's answer again with ``faces``, by the GM, in place of the phone's
        roll (one undo step, whose undo gives the phone's roll back); None when done, else
        why not."""
        roll = self.current()
        if roll is None:
            return "That roll is no longer the last step."
        try:
            roll.roll.total(faces)
        except ValueError as error:
            return f"{error}."
        found = self.document.history.step_of(roll.command)
        if found is None:
            return "That roll is no longer the last step."
        phones = found[0].command  # the phone's whole step
        encounter = roll.encounter
        answered: list[Command] = []
        with self.document.operation(GM):  # one change: the phone's roll becomes the GM's
            with self.document.on_encounter(encounter, GM):
                phones.undo(encounter)  # the GM's answer is worked out as before the roll
            try:
                controller = ProcedureController(encounter, answered.append)
                controller.answer(roll.token_id, roll.action, dict(roll.values), faces=faces)
            except RulesError as error:
                return str(error)  # nothing was done: the phone's roll stands
            finally:
                with self.document.on_encounter(encounter, GM):
                    phones.do(encounter)
            if not answered:
                return None
            text = f"{answered[-1].text} ({CORRECTED})"
            step = Batch(text, [TakenBack(phones), *answered])
            self.document.push(step, GM, on=encounter)  # its undo gives the phone's roll back
        self.refresh()
        self.said = text
        self.corrected.emit(text)
        return None

    def _tell(self, text: str) -> None:
        self.label.setText(text)
        self.label.setToolTip(text)
        self.button.show()
        self.row.show()

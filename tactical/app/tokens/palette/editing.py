"""Edit token…: the add form filled from a token, and one undo step for what changed.

Reached from the token's right-click menu, a double-click on the token (the
Select tool) and the palette's Edit button or a double-click in its list. One
token opens the whole form (:class:`~tactical.app.tokens.palette.form.TokenForm`);
several open :class:`~tactical.app.tokens.palette.many_form.ManyTokensForm` (side,
hidden, picture). The forms are shown through replaceable hooks so tests can
answer them.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from tactical.app.encounter.document import EncounterDocument
from tactical.app.encounter.limits import MAX_ID
from tactical.app.tokens.palette.adding import TokenAdder
from tactical.app.tokens.palette.edit_spec import (
    ManyEdit,
    edit_many_command,
    edit_problem,
    edit_token_command,
    spec_of,
)
from tactical.app.tokens.palette.form import PictureChoice, TokenForm, ask_token
from tactical.app.tokens.palette.many_form import ManyTokensForm, ask_many
from tactical.app.tokens.palette.spec import TokenSpec, figure_defaults, figure_labels
from tactical.core.changes import GM
from tactical.core.commands import Batch, Command, SetTokenField
from tactical.core.commands.party import MakeCharacter
from tactical.core.evening import Evening
from tactical.core.token_names import new_id
from tactical.core.tokens import Token


class TokenEditor:
    """Edit token… for one window: the forms and the undo steps they push."""

    def __init__(
        self,
        parent: QWidget,
        document: EncounterDocument,
        adder: TokenAdder,
        say: Callable[[str], None],
    ) -> None:
        self.parent = parent
        self.document = document
        self.adder = adder
        self.say = say
        self.ask: Callable[[TokenForm], TokenSpec | None] = ask_token
        """Shows the one-token form (tests answer it instead)."""
        self.ask_many: Callable[[ManyTokensForm], ManyEdit | None] = ask_many
        """Shows the several-tokens form (tests answer it instead)."""

    def edit(self, token_ids: list[str]) -> bool:
        """Edit these tokens (one: the whole form; several: side, hidden, picture).

        True when a change was pushed (one undo step)."""
        ids = [t for t in token_ids if t in self.document.encounter.tokens]
        if not ids:
            return False
        if len(ids) == 1:
            return self.edit_one(ids[0])
        return self.edit_many(ids)

    # -- one token ---------------------------------------------------------------------

    def choices_for(self, token_id: str) -> tuple[list[PictureChoice], int]:
        """The form's pictures and the token's own among them (added when not offered)."""
        encounter = self.document.encounter
        token = encounter.tokens[token_id]
        choices = self.adder.picture_choices()
        own = encounter.pictures.get(token.image) if token.image else None
        if own is None:
            return choices, 0
        for index, choice in enumerate(choices):
            if choice.picture is not None and choice.picture.id == own.id:
                return choices, index
        choices.append(PictureChoice(self.adder.names.of(own), own))
        return choices, len(choices) - 1

    def form_for(self, token_id: str) -> TokenForm:
        """The add form, titled for editing and filled from the token."""
        encounter = self.document.encounter
        token = encounter.tokens[token_id]
        pictures, index = self.choices_for(token_id)
        return TokenForm(
            self.parent,
            encounter,
            side=token.side,
            speed=token.speed,
            pictures=pictures,
            picture_index=index,
            figure_labels=figure_labels(encounter),
            figure_defaults=figure_defaults(encounter),
            title=f"Edit token: {token.name}",
            initial=spec_of(token, encounter),
            ok_text="Save",
            ok_names_side=False,
            check=lambda spec: edit_problem(token, spec, encounter),
            party=token.character in self.document.evening.roster,
        )

    def edit_one(self, token_id: str) -> bool:
        form = self.form_for(token_id)
        try:
            spec = self.ask(form)
        except ValueError as error:
            self.say(f"Refused: {error}.")
            return False
        if spec is None:
            return False
        encounter = self.document.encounter
        if token_id not in encounter.tokens:
            return False  # removed while the form was open (an undo)
        problem = edit_problem(encounter.tokens[token_id], spec, encounter)
        if problem is not None:
            self.say(f"Refused: {problem}.")
            return False
        command = edit_token_command(encounter, token_id, spec)
        party = form.party.isChecked() if form.party is not None else None
        command = with_party(self.document.evening, encounter.tokens[token_id], command, party)
        return self._push(command, lambda: f"Edited {encounter.tokens[token_id].name}.")

    # -- several tokens ----------------------------------------------------------------

    def many_form(self, token_ids: list[str]) -> ManyTokensForm:
        return ManyTokensForm(
            self.parent, self.document.encounter, token_ids, self.adder.picture_choices()
        )

    def edit_many(self, token_ids: list[str]) -> bool:
        edit = self.ask_many(self.many_form(token_ids))
        if edit is None:
            return False
        encounter = self.document.encounter
        ids = [t for t in token_ids if t in encounter.tokens]
        if edit.side is not None and edit.side not in encounter.sides:
            self.say("Refused: choose a side.")
            return False
        command = edit_many_command(encounter, ids, edit)
        return self._push(command, lambda: f"Edited {len(ids)} tokens.")

    def _push(self, command: Command | None, done: Callable[[], str]) -> bool:
        """Push the edit as one undo step and say ``done()`` (worded after it is done);
        say that nothing changed when there is no step."""
        if command is None:
            self.say("Nothing changed.")
            return False
        self.document.push(command, GM)
        self.say(done())
        return True


def with_party(
    evening: Evening, token: Token, command: Command | None, party: bool | None
) -> Command | None:
    """The edit with the token made a party character (``party`` ticked) or made a token
    of this scene alone again (unticked; the roster keeps the character), in one step."""
    was = token.character in evening.roster
    if party is None or party == was:
        return command
    more: Command
    if party:
        more = MakeCharacter(evening, token.id, new_id(evening.roster, token.id, MAX_ID))
    else:
        more = SetTokenField(token.id, "character", None)
        more.text = f"{token.name}: a token of this scene alone"
    if command is None:
        return more
    return Batch(command.text, [command, more])

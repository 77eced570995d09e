"""The combat panel: a dock that walks the GM through the encounter's procedure.

It asks the procedure's controller what to show (:class:`PanelView`) and what
may be done (:class:`Action`), and turns every button, edit and roll into one
undoable command through :meth:`EncounterDocument.push`. It refreshes when the
document reports a change of the procedure, the tokens or the dice, and
rebuilds a widget only when what it shows changed, so a token drag costs one
view computation per step and no widget work.

With "Hide secrets on this screen" on (:meth:`CombatPanel.set_hide_secrets`,
for a table with one screen everyone sees) it shows what
:class:`~tactical.app.players.secrets.Secrets` leaves: no hidden token's row, secret
declarations face down, a neutral line for an instruction, note or message
that names a hidden token, secret rolls without their details.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import shiboken6
from PySide6.QtCore import QSettings, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDockWidget,
    QWidget,
)

from tactical.app.encounter.document import EncounterDocument
from tactical.app.panel.back import why_not
from tactical.app.panel.keys import advance_action
from tactical.app.panel.layout import PanelWidgets
from tactical.app.panel.param_form import ParamForm
from tactical.app.panel.presenter import PanelPresenter
from tactical.app.players.secrets import Secrets
from tactical.core.changes import GM, ChangeSet, Initiator, Operation
from tactical.core.commands.base import Command
from tactical.rules import Action, PanelView, ProcedureController, RulesError

log = logging.getLogger(__name__)

REFRESHING_KINDS = {"procedure", "tokens", "dice", "sides"}
HIDE_SECRETS_TEXT = "Hide secrets on this screen"
HIDE_SECRETS_KEY = "Ctrl+Shift+H"


def hide_secrets_action(parent: QWidget) -> QAction:
    """The panel's own switch of the mode, when no GM window gives it its action.

    (The GM window's action carries the shortcut and the setting.)
    """
    action = QAction(HIDE_SECRETS_TEXT, parent)
    action.setCheckable(True)
    action.setToolTip(
        f"{HIDE_SECRETS_TEXT} ({HIDE_SECRETS_KEY}): for a table with one screen. "
        "No hidden token on the map or in the panel, secret declarations face down"
    )
    return action


class CombatPanel(QDockWidget):
    """The GM's side panel for the encounter's combat procedure."""

    said = Signal(str)
    """What Back took back ("Undone: Move Orc"), for the window's status bar."""

    def __init__(
        self,
        document: EncounterDocument,
        parent: QWidget | None = None,
        settings: QSettings | None = None,
    ) -> None:
        super().__init__("Combat", parent)
        self.setObjectName("combat-panel")
        self.document = document
        self.presenter = PanelPresenter(
            lambda: self.document.encounter, document.push_as(GM), document.procedure_reading
        )
        """What to show and what an edit becomes, without widgets."""
        self.view: PanelView | None = None
        """What the panel shows now (None when no procedure runs or its state is broken)."""
        self.form: ParamForm | None = None
        self._showing_problem = False
        self._message: tuple[str, bool] = ("", False)

        self.privacy_action = hide_secrets_action(self)
        self.privacy_action.toggled.connect(self.set_hide_secrets)
        self.widgets = widgets = PanelWidgets(settings, self.privacy_action.toolTip())
        self.privacy_button = widgets.privacy_button
        self.privacy_button.toggled.connect(lambda on: self.privacy_action.setChecked(on))
        self.chooser = widgets.chooser
        self.header = widgets.header
        self.actions_bar = widgets.actions_bar
        self.outline = widgets.outline
        self.table = widgets.table
        self.roll_box = widgets.roll_box
        self.dice_log = widgets.dice_log
        self.sections = widgets.sections
        self.splitter = widgets.splitter
        self.details = widgets.details
        self.setWidget(widgets.scroll)

        self.advance_action = advance_action(self)
        self.advance_action.triggered.connect(self.advance)
        self.chooser.start_requested.connect(self.start)
        self.actions_bar.action_requested.connect(self.request)
        self.actions_bar.back_requested.connect(self.back)
        self.table.action_requested.connect(self.request)
        self.table.figure_edited.connect(self.edit_figure)
        self.table.statuses_edited.connect(self.edit_statuses)
        self.table.status_set.connect(self.set_status)
        self.roll_box.roll_requested.connect(self.free_roll)
        document.changes_done.connect(self._on_changes)
        document.encounter_replaced.connect(self._on_replaced)
        document.undo_stack.indexChanged.connect(self._update_back)
        self.refresh()

    # -- the controller ---------------------------------------------------------

    @property
    def controller(self) -> ProcedureController:
        """A handle on the document's current encounter (it may be replaced by Open)."""
        return self.presenter.controller

    @property
    def hide_secrets(self) -> bool:
        """Mask hidden tokens and secrets (see :mod:`tactical.app.players.secrets`)."""
        return self.presenter.hide_secrets

    # -- hiding secrets -------------------------------------------------------------

    def use_privacy_action(self, action: QAction) -> None:
        """Share the GM window's action (its View menu, its shortcut, its setting)."""
        if action is self.privacy_action:
            return
        self.privacy_action.toggled.disconnect(self.set_hide_secrets)
        self.privacy_action = action
        action.toggled.connect(self.set_hide_secrets)
        self.set_hide_secrets(action.isChecked())

    def set_hide_secrets(self, on: bool) -> None:
        """Mask (or show again) hidden tokens and secrets in the whole panel."""
        self.privacy_action.setChecked(on)
        self.privacy_button.setChecked(on)
        if on == self.hide_secrets:
            return
        self.presenter.hide_secrets = on
        self._close_form()  # its choices were written for the other mode
        self.refresh()
        self._show_message()

    def secrets(self) -> Secrets | None:
        """The masking for now (None while the mode is off)."""
        return self.presenter.secrets()

    # -- refreshing ---------------------------------------------------------------

    def _on_changes(self, changes: ChangeSet) -> None:
        self.table.note_changes(changes)  # the rows of the tokens changed, when next shown
        if changes.initiator is self:
            return  # its own gesture: refreshed once when the gesture ended
        if changes.touches(REFRESHING_KINDS):
            self.refresh()
        said = self.presenter.history_message(changes)
        if said is None and from_phone(changes):  # "… (entered on Aldra's phone)"
            said = self.presenter.relabel(self.document.history.stack.undoText())
        if said is not None and not self._showing_problem:
            # An undo or redo from the window: what the panel said is past (a problem stays).
            self._close_form()
            self._say(said)

    def _on_replaced(self) -> None:
        self._close_form()
        self._say("")
        self.refresh()

    @contextmanager
    def _operation(self) -> Iterator[None]:
        """One GM gesture: its changes go out as one set, and the panel refreshes once after."""
        operation = Operation()
        try:
            with self.document.operation(self) as operation:
                yield
        finally:
            changes = operation.changes
            if changes is not None and changes.touches(REFRESHING_KINDS):
                self.refresh()

    def refresh(self) -> None:
        """Show the current state: steps, instruction, combatants, actions, dice."""
        encounter = self.document.encounter
        shown = self.presenter.present()
        self.view = shown.view
        self.chooser.show_active(shown.procedure_id, shown.running, encounter.map.kind, encounter)
        self.header.show_view(shown.title, shown.round, shown.instruction, shown.notes, shown.ended)
        self.outline.set_steps(shown.steps)
        if shown.problem:
            self._say(shown.problem, error=True)
        elif self._showing_problem:
            self._say("")  # mended (or passing: the middle of an undo)
        self._showing_problem = bool(shown.problem)
        self.widgets.show_rows(encounter, shown)
        self.actions_bar.set_actions(shown.actions, shown.names, shown.acting)
        self.advance_action.setEnabled(self.actions_bar.primary is not None)
        if self.form is not None and self.form.action.id not in {a.id for a in shown.actions}:
            self._close_form()
        secrets = self.secrets()
        self.roll_box.set_tokens(encounter, secrets)
        self.dice_log.show_log(encounter.dice_log, encounter, secrets)
        self._update_back()
        self.widgets.fit_soon()  # the instruction, the buttons or the rows may be taller

    def _update_back(self, *_: object) -> None:
        stack = self.document.undo_stack
        if not shiboken6.isValid(stack) or not shiboken6.isValid(self):
            return  # the stack empties itself while being destroyed
        refusal = why_not(self.document.encounter, self.view, stack)
        self.actions_bar.set_back(
            refusal is None, self.presenter.relabel(stack.undoText()), refusal or ""
        )

    # -- what the GM does -----------------------------------------------------------

    def say(self, text: str) -> None:
        """A line from another feature: a phone's roll the GM corrected."""
        self._say(text)

    def _say(self, text: str, *, error: bool = False) -> None:
        self._message = (text, error)
        self._show_message()

    def _show_message(self) -> None:
        """The last message; with secrets hidden, a line naming a hidden token is replaced."""
        text, error = self._message
        self.header.show_message(self.presenter.masked(text), error=error)

    def _guarded(self, what: str, work: Any) -> Any:
        """Run ``work``; a refusal or a broken state becomes a message, never a traceback."""
        try:
            with self._operation():
                return work()
        except RulesError as error:  # a refusal, a state that cannot be read, a typed roll
            self._say(str(error), error=True)
        except Exception as error:  # a bug: logged as one, never shown as a refusal
            log.exception("%s failed", what)
            self._say(f"{what} failed: {error}", error=True)
        return None

    def start(self, procedure_id: str) -> None:
        """Make ``procedure_id`` the encounter's procedure, at its first step."""
        self._close_form()
        self._say("")
        self._guarded("Start", lambda: self.controller.start(procedure_id))

    def advance(self) -> None:
        """The advance key: confirm the open form, else run the primary action."""
        if self.form is not None:
            self.form.submit()
            return
        primary = self.actions_bar.primary
        if primary is not None:
            self.request(primary)

    def request(self, action: Action) -> None:
        """A button was pressed: ask for params first when the action has any."""
        if action.params:
            self._open_form(action)
        else:
            self.perform(action, {})

    def perform(self, action: Action, params: dict[str, Any]) -> bool:
        """Carry out ``action`` with the typed dice, as one undo step; True when done."""
        try:
            manual = self.presenter.typed_dice(self.actions_bar.typed.text())
        except ValueError as error:
            self._say(str(error), error=True)
            return False
        lines = self._guarded(action.label, lambda: self.presenter.perform(action, params, manual))
        if lines is None:
            if self.form is not None and self.form.action == action:
                # The refusal stands beside the field it names, not at the panel's top.
                self.form.show_refusal(self._message[0])
                self._say("")
            return False
        self.actions_bar.typed.clear()
        self._close_form()
        self._say("\n".join(lines))
        return True

    def refusal(self) -> str:
        """The refusal the GM sees now: in the open form, else at the panel's top ("": none)."""
        if self.form is not None and self.form.refusal():
            return self.form.refusal()
        text, error = self._message
        return text if error else ""

    def back(self) -> None:
        """Take back the fight's last step (:mod:`~tactical.app.panel.back`), and name it."""
        stack = self.document.undo_stack
        if why_not(self.document.encounter, self.view, stack) is not None:
            return
        what = self.presenter.relabel(stack.undoText())  # named before it is taken back
        self._close_form()
        with self._operation():
            stack.undo()
        message = f"Undone: {what}" if what else ""
        self._say(message)
        if message:
            self.said.emit(message)

    def free_roll(self, expression: str, who: str, why: str, typed: int | None) -> None:
        def work() -> int:
            return self.controller.free_roll(expression, who, why, manual=typed)

        total = self._guarded("Roll", work)
        if total is not None:
            self.roll_box.clear_typed()
            self._say(f"{expression} for {self.presenter.name(who)} ({why}): {total}")

    # -- editing combatants ------------------------------------------------------------

    def _push(self, command: Command | None) -> None:
        if command is not None:
            with self._operation():
                self.document.push(command, GM)

    def edit_figure(self, token_id: str, name: str, text: str) -> None:
        self._edit(lambda: self.presenter.figure_command(token_id, name, text))

    def edit_statuses(self, token_id: str, text: str) -> None:
        self._edit(lambda: self.presenter.statuses_command(token_id, text))

    def _edit(self, command: Callable[[], Command | None]) -> None:
        try:  # a text the rules refuse is said, not raised
            self._push(command())
        except ValueError as error:
            self._say(str(error), error=True)

    def set_status(self, token_id: str, status: str, stacks: int | None) -> None:
        self._push(self.presenter.status_command(token_id, status, stacks))

    # -- the params form ----------------------------------------------------------------

    def _open_form(self, action: Action) -> None:
        self._close_form()
        self.form = ParamForm(action, self.document.encounter, secrets=self.secrets())
        self.form.submitted.connect(self.perform)
        self.form.cancelled.connect(self._close_form)
        self._say("")  # what the panel said last is not about this form
        self.widgets.form_holder.addWidget(self.form)
        self.actions_bar.show_others(False)  # the form is what to do now
        first = next(iter(self.form.inputs.values()), None)
        (first or self.form.ok_button).setFocus()

    def _close_form(self) -> None:
        if self.form is not None:
            self.form.hide()
            self.form.deleteLater()
            self.form = None
            self.actions_bar.show_others(True)


def from_phone(changes: ChangeSet) -> bool:
    """A player's choice, roll or move entered on their phone that changed the procedure."""
    initiator = changes.initiator
    phone = isinstance(initiator, Initiator) and initiator.character is not None
    return phone and changes.touches({"procedure"})

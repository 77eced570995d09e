"""The combat panel: a dock that walks the GM through the encounter's procedure.

It asks the procedure's controller what to show (:class:`PanelView`) and what
may be done (:class:`Action`), and turns every button, edit and roll into one
undoable command through :meth:`EncounterDocument.push`. It refreshes when the
document reports a change of the procedure, the tokens or the dice, and
rebuilds a widget only when what it shows changed, so a token drag costs one
view computation per step and no widget work.

With "Hide secrets on this screen" on (:meth:`CombatPanel.set_hide_secrets`,
for a table with one screen everyone sees) it shows what
:class:`~tactical.app.secrets.Secrets` leaves: no hidden token's row, secret
declarations face down, a neutral line for an instruction, note or message
that names a hidden token, secret rolls without their details.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import shiboken6
from PySide6.QtCore import QSettings, QSize, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from tactical.app.document import EncounterDocument
from tactical.app.panel.actions import ActionBar
from tactical.app.panel.back import why_not
from tactical.app.panel.chooser import ProcedureChooser
from tactical.app.panel.combatants import CombatantTable
from tactical.app.panel.dice_log import DiceLogView
from tactical.app.panel.header import InstructionBox
from tactical.app.panel.keys import advance_action
from tactical.app.panel.outline import StepOutline
from tactical.app.panel.param_form import ParamForm
from tactical.app.panel.publish import publish_budgets, publish_highlights
from tactical.app.panel.roll_box import RollBox
from tactical.app.panel.sections import Section
from tactical.app.panel.values import parse_figure, parse_statuses, parse_typed_dice, status_changes
from tactical.app.secrets import HIDDEN_MESSAGE, Secrets
from tactical.core.changes import Change
from tactical.core.commands import Batch, SetFigure, SetStatus
from tactical.core.commands.base import Command
from tactical.rules import Action, Combatant, PanelView, Procedure, ProcedureController

log = logging.getLogger(__name__)

NO_PROCEDURE = "Choose a combat procedure and press Start."
REFRESHING_KINDS = {"procedure", "tokens", "dice", "sides"}
HIDE_SECRETS_TEXT = "Hide secrets on this screen"
HIDE_SECRETS_KEY = "Ctrl+Shift+H"
MIN_WIDTH = 440
"""The panel's narrowest: at 1400 x 900 the map keeps two thirds of the window."""
SHORT_TEXT = "Hide secrets"
"""The panel's button (the View menu says it whole)."""


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


class _CompactSplitter(QSplitter):
    """Asks only for its minimum, so the scroll area scrolls only when the screen is short.

    (The scroll area sizes the panel by its preferred height, word-wrapped labels
    being height-for-width; the splitter's own preference would always overflow.)
    """

    def sizeHint(self) -> QSize:
        return self.minimumSizeHint()


class CombatPanel(QDockWidget):
    """The GM's side panel for the encounter's combat procedure."""

    said = Signal(str)
    """What Back took back ("Undone: Move Orc"), for the window's status bar."""

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__("Combat", parent)
        self.setObjectName("combat-panel")
        self.document = document
        self.view: PanelView | None = None
        """What the panel shows now (None when no procedure runs or its state is broken)."""
        self.form: ParamForm | None = None
        self._batching = 0
        self._dirty = False
        self._showing_problem = False
        self.hide_secrets = False
        """Mask hidden tokens and secrets (see :mod:`tactical.app.secrets`)."""
        self._message: tuple[str, bool] = ("", False)

        self.privacy_action = hide_secrets_action(self)
        self.privacy_action.toggled.connect(self.set_hide_secrets)
        self.privacy_button = QPushButton(SHORT_TEXT)
        """The mode's switch on the panel: checked while secrets are hidden."""
        self.privacy_button.setCheckable(True)
        self.privacy_button.setStyleSheet(
            "QPushButton:checked { background: #6a1b9a; color: white; font-weight: bold; }"
        )  # the colour of the window's "Secrets hidden" mark
        self.privacy_button.setToolTip(self.privacy_action.toolTip())
        self.privacy_button.toggled.connect(lambda on: self.privacy_action.setChecked(on))
        self.chooser = ProcedureChooser()
        self.header = InstructionBox()
        self.actions_bar = ActionBar()
        self.outline = StepOutline()
        self.table = CombatantTable()
        self.roll_box = RollBox()
        self.dice_log = DiceLogView()
        self._form_holder = QVBoxLayout()
        self._form_holder.setContentsMargins(0, 0, 0, 0)

        for widget, least in ((self.outline, 50), (self.table, 110), (self.dice_log, 50)):
            widget.setMinimumHeight(least)
        settings = getattr(parent, "settings", None)
        say = getattr(parent, "say", None)  # the main window's status bar
        if callable(say):
            self.said.connect(say)
        self.sections = {
            key: Section(key, title, widget, settings if isinstance(settings, QSettings) else None)
            for key, title, widget in (
                ("steps", "Steps", self.outline),
                ("combatants", "Combatants", self.table),
                ("roll", "Roll", self.roll_box),
                ("dice", "Dice log", self.dice_log),
            )
        }
        """The panel's foldable sections (see :mod:`tactical.app.panel.sections`)."""
        self._dice = dice = QWidget()
        dice_layout = QVBoxLayout(dice)
        dice_layout.setContentsMargins(0, 0, 0, 0)
        dice_layout.addWidget(self.sections["roll"])
        dice_layout.addWidget(self.sections["dice"], 1)
        self.splitter = _CompactSplitter(Qt.Orientation.Vertical)
        self.splitter.setChildrenCollapsible(False)
        sections = (self.sections["steps"], self.sections["combatants"], dice)
        for section, stretch in zip(sections, (2, 5, 2), strict=True):
            self.splitter.addWidget(section)
            self.splitter.setStretchFactor(self.splitter.count() - 1, stretch)
        # On a short screen the GM can drag the steps or the dice shut to give the table room.
        self.splitter.setCollapsible(0, True)
        self.splitter.setCollapsible(2, True)
        self.splitter.setCollapsible(1, False)
        for section in self.sections.values():
            section.toggled.connect(self._fit_sections)
        self._fit_sections()

        body = QWidget()
        layout = QVBoxLayout(body)
        top = QHBoxLayout()
        top.addWidget(self.chooser, 1)
        top.addWidget(self.privacy_button)
        layout.addLayout(top)
        layout.addWidget(self.header)
        layout.addWidget(self.actions_bar)
        layout.addLayout(self._form_holder)
        layout.addWidget(self.splitter, 1)
        body.setMinimumWidth(MIN_WIDTH)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(body)  # a short screen scrolls the panel instead of squashing it
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumWidth(body.minimumWidth() + scroll.verticalScrollBar().sizeHint().width())
        self.setWidget(scroll)

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
        document.changed.connect(self._on_changed)
        document.encounter_replaced.connect(self._on_replaced)
        document.undo_stack.indexChanged.connect(self._update_back)
        self.refresh()

    def _fit_sections(self, *_: object) -> None:
        """A folded section keeps only its header: the splitter gives the rest to the others."""
        dice_open = self.sections["dice"].is_open()
        self._dice.setMaximumHeight(16_777_215 if dice_open else self._dice.sizeHint().height())
        sizes = self.splitter.sizes()
        if sum(sizes) > 0:  # shown: hand the height of what folded to what stays open
            self.splitter.setSizes(sizes)

    # -- the controller ---------------------------------------------------------

    @property
    def controller(self) -> ProcedureController:
        """A handle on the document's current encounter (it may be replaced by Open)."""
        return ProcedureController(self.document.encounter, self.document.push)

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
        self.hide_secrets = on
        self._close_form()  # its choices were written for the other mode
        self.refresh()
        self._show_message()

    def secrets(self) -> Secrets | None:
        """The masking for now (None while the mode is off)."""
        return Secrets(self.document.encounter) if self.hide_secrets else None

    # -- refreshing ---------------------------------------------------------------

    def _on_changed(self, change: Change) -> None:
        if change.kind not in REFRESHING_KINDS:
            return
        if self._batching:
            self._dirty = True
        else:
            self.refresh()

    def _on_replaced(self) -> None:
        self._close_form()
        self._say("")
        self.refresh()

    @contextmanager
    def _batch(self) -> Iterator[None]:
        """Refresh once after several changes made by one GM gesture."""
        self._batching += 1
        try:
            yield
        finally:
            self._batching -= 1
            if not self._batching and self._dirty:
                self._dirty = False
                self.refresh()

    def refresh(self) -> None:
        """Show the current state: steps, instruction, combatants, actions, dice."""
        encounter = self.document.encounter
        controller = self.controller
        procedure: Procedure[Any] | None = None
        view: PanelView | None = None
        actions: list[Action] = []
        budgets: dict[str, int] = {}
        problem = ""
        if encounter.procedure:
            try:
                procedure = controller.procedure
                view = controller.view()
                actions = controller.actions()
                budgets = controller.movement_budgets()
            except KeyError as error:  # a procedure this build does not know
                problem = str(error.args[0]) if error.args else str(error)
            except ValueError as error:  # StateError, RulesError, a token the state names
                problem = f"The saved procedure state cannot be used:\n{error}"
            except Exception as error:
                log.exception("procedure view failed")
                problem = f"The procedure failed to show its state: {error}"
        self.view = view
        secrets = self.secrets()
        shown = secrets.view(view) if secrets is not None and view is not None else view
        if secrets is not None:
            actions = secrets.actions(actions)
        self.chooser.show_active(
            encounter.procedure, view is not None and not view.ended, encounter.map.kind
        )
        if shown is not None:
            self.header.show_view(
                shown.title, shown.round, shown.instruction, shown.notes, shown.ended
            )
            self.outline.set_steps(shown.steps)
            rows = list(shown.combatants)
        else:
            title = procedure.title if procedure is not None else "No combat procedure"
            self.header.show_view(title, 0, problem or NO_PROCEDURE, (), False)
            self.outline.set_steps(())
            rows = [
                Combatant(t.id, t.name, t.side, statuses=dict(t.statuses))
                for t in encounter.tokens.values()
            ]
            if secrets is not None:
                rows = secrets.combatants(rows)
        if problem:
            self._say(problem, error=True)
        elif self._showing_problem:
            self._say("")  # mended (or passing: the middle of an undo)
        self._showing_problem = bool(problem)
        labels = dict(procedure.figure_labels) if procedure is not None and view else {}
        self.table.show_combatants(encounter, rows, labels, actions)
        names = {t.id: t.name for t in encounter.tokens.values()}
        if secrets is not None:
            names = {i: n for i, n in names.items() if i not in secrets.hidden_ids}
        self.actions_bar.set_actions(actions, names, view.acting if view else frozenset())
        self.advance_action.setEnabled(self.actions_bar.primary is not None)
        if self.form is not None and self.form.action.id not in {a.id for a in actions}:
            self._close_form()
        self.roll_box.set_tokens(encounter, secrets)
        self.dice_log.show_log(encounter.dice_log, encounter, secrets)
        self._update_back()
        publish_highlights(self.document, view)
        publish_budgets(self.document, budgets)

    def _update_back(self, *_: object) -> None:
        stack = self.document.undo_stack
        if not shiboken6.isValid(stack) or not shiboken6.isValid(self):
            return  # the stack empties itself while being destroyed
        refusal = why_not(self.document.encounter, self.view, stack)
        what = stack.undoText()
        secrets = self.secrets()
        shown = secrets.relabel(what) if secrets else what
        self.actions_bar.set_back(refusal is None, shown, refusal or "")

    # -- what the GM does -----------------------------------------------------------

    def _say(self, text: str, *, error: bool = False) -> None:
        self._message = (text, error)
        self._show_message()

    def _show_message(self) -> None:
        """The last message; with secrets hidden, a line naming a hidden token is replaced."""
        text, error = self._message
        secrets = self.secrets()
        if secrets is not None and text:
            lines: list[str] = []
            for line in text.split("\n"):
                cleaned = secrets.clean(line, HIDDEN_MESSAGE)
                if cleaned not in lines:
                    lines.append(cleaned)
            text = "\n".join(lines)
        self.header.show_message(text, error=error)

    def _guarded(self, what: str, work: Any) -> Any:
        """Run ``work``; a refusal or a broken state becomes a message, never a traceback."""
        try:
            with self._batch():
                return work()
        except ValueError as error:  # RulesError, StateError, DiceError, EncounterError
            self._say(str(error), error=True)
        except KeyError as error:
            self._say(str(error.args[0]) if error.args else str(error), error=True)
        except Exception as error:
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
            manual = parse_typed_dice(self.actions_bar.typed.text())
        except ValueError as error:
            self._say(str(error), error=True)
            return False
        encounter = self.document.encounter
        rolls_before = len(encounter.dice_log)
        messages = self._guarded(
            action.label, lambda: self.controller.perform(action.id, params, manual=manual)
        )
        if messages is None:
            if self.form is not None and self.form.action == action:
                self.form.focus_refusal(self._message[0])
            return False
        used = sum(1 for r in encounter.dice_log[rolls_before:] if r.manual)
        lines = list(messages)
        if used < len(manual):
            lines.append(f"{len(manual) - used} typed dice were not needed.")
        self.actions_bar.typed.clear()
        self._close_form()
        self._say("\n".join(lines))
        return True

    def back(self) -> None:
        """Take back the fight's last step (:mod:`~tactical.app.panel.back`), and name it."""
        stack = self.document.undo_stack
        if why_not(self.document.encounter, self.view, stack) is not None:
            return
        secrets = self.secrets()  # as the step named them, before it is taken back
        what = secrets.relabel(stack.undoText()) if secrets else stack.undoText()
        self._close_form()
        with self._batch():
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
            self._say(f"{expression} for {self._name(who)} ({why}): {total}")

    def _name(self, token_id: str) -> str:
        token = self.document.encounter.tokens.get(token_id)
        return token.name if token is not None else token_id

    # -- editing combatants ------------------------------------------------------------

    def _push(self, command: Command) -> None:
        with self._batch():
            self.document.push(command)

    def edit_figure(self, token_id: str, name: str, text: str) -> None:
        token = self.document.encounter.tokens.get(token_id)
        if token is None:
            return
        try:
            value = parse_figure(text, token.figures.get(name))
        except ValueError as error:
            self._say(f"{token.name}: {error}", error=True)
            return
        if value != token.figures.get(name) or type(value) is not type(token.figures.get(name)):
            self._push(SetFigure(token_id, name, value))

    def edit_statuses(self, token_id: str, text: str) -> None:
        token = self.document.encounter.tokens.get(token_id)
        if token is None:
            return
        try:
            after = parse_statuses(text)
        except ValueError as error:
            self._say(f"{token.name}: {error}", error=True)
            return
        commands: list[Command] = [
            SetStatus(token_id, status, stacks)
            for status, stacks in status_changes(token.statuses, after)
        ]
        if len(commands) == 1:
            self._push(commands[0])
        elif commands:
            self._push(Batch(f"Statuses of {token.name}", commands))

    def set_status(self, token_id: str, status: str, stacks: int | None) -> None:
        if token_id in self.document.encounter.tokens:
            self._push(SetStatus(token_id, status, stacks))

    # -- the params form ----------------------------------------------------------------

    def _open_form(self, action: Action) -> None:
        self._close_form()
        self.form = ParamForm(action, self.document.encounter, secrets=self.secrets())
        self.form.submitted.connect(self.perform)
        self.form.cancelled.connect(self._close_form)
        self.form.refused.connect(lambda text: self._say(text, error=True))
        self._form_holder.addWidget(self.form)
        self.actions_bar.others.hide()  # the form is what to do now
        first = next(iter(self.form.inputs.values()), None)
        (first or self.form.ok_button).setFocus()

    def _close_form(self) -> None:
        if self.form is not None:
            self.form.hide()
            self.form.deleteLater()
            self.form = None
            self.actions_bar.others.show()

"""The combat panel's logic without widgets: what to show, and what a GM's edit becomes.

:class:`PanelPresenter` takes the procedure's view from the document's reading
(:mod:`tactical.app.encounter.procedure_reading`), asks the controller for the actions,
masks them while secrets are hidden on this screen, and
turns the GM's typed dice, figures and statuses into commands. It imports no
Qt (an import-linter contract keeps it so), so it is tested without a
QApplication; :class:`~tactical.app.panel.dock.CombatPanel` lays out the
widgets and shows what :meth:`PanelPresenter.present` returns.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tactical.app.encounter.procedure_reading import ProcedureReading, read_procedure
from tactical.app.panel.row_columns import JOIN, split_edit
from tactical.app.panel.values import parse_figure, parse_statuses, parse_typed_dice, status_changes
from tactical.app.players.secrets import HIDDEN_MESSAGE, Secrets
from tactical.core.changes import ChangeSet, HistoryStep
from tactical.core.commands import Batch, SetFigure, SetStatus
from tactical.core.commands.base import Command
from tactical.core.encounter import Encounter
from tactical.rules import (
    Action,
    Combatant,
    PanelView,
    Procedure,
    ProcedureController,
    RowFigure,
    RulesError,
    UnknownProcedure,
)
from tactical.rules.controller import Push
from tactical.rules.procedure import StepLine

log = logging.getLogger(__name__)

NO_PROCEDURE = "Choose a combat procedure and press Start."


@dataclass(frozen=True)
class PanelShown:
    """What the panel shows for the encounter now (masked while secrets are hidden)."""

    procedure_id: str | None
    running: bool
    """A procedure runs and has not ended (the chooser offers to stop it)."""
    title: str
    round: int
    instruction: str
    notes: tuple[str, ...]
    ended: bool
    steps: tuple[StepLine, ...]
    rows: list[Combatant]
    labels: dict[str, str]
    """The procedure's tracked figures, by key, with their labels."""
    figures: tuple[RowFigure, ...]
    """The figures that matter at this step: the rows' columns (the rest show on selection)."""
    actions: list[Action]
    names: dict[str, str]
    """Token names the buttons may use (no hidden token's while secrets are hidden)."""
    acting: frozenset[str]
    view: PanelView | None = None
    """The procedure's own view, unmasked (None with no procedure or a broken state)."""
    problem: str = ""
    """Why the procedure's state cannot be shown, or nothing."""


class PanelPresenter:
    """The panel's logic over one document's encounter (see the module's docstring)."""

    def __init__(
        self,
        encounter: Callable[[], Encounter],
        push: Push,
        reading: Callable[[], ProcedureReading] | None = None,
    ) -> None:
        """``encounter`` gives the document's current encounter (Open replaces it);
        ``reading`` what its procedure says now (the document's, read once a change),
        else it is read here."""
        self._encounter = encounter
        self.push = push
        self._reading = reading or (lambda: read_procedure(self.encounter))
        self.hide_secrets = False
        """Mask hidden tokens and secrets (see :mod:`tactical.app.players.secrets`)."""

    @property
    def encounter(self) -> Encounter:
        return self._encounter()

    @property
    def controller(self) -> ProcedureController:
        return ProcedureController(self.encounter, self.push)

    def secrets(self) -> Secrets | None:
        """The masking for now (None while secrets are shown)."""
        return Secrets(self.encounter) if self.hide_secrets else None

    # -- showing ----------------------------------------------------------------------

    def present(self) -> PanelShown:
        """What to show now: steps, instruction, combatants, actions (or the problem)."""
        encounter = self.encounter
        controller = self.controller
        reading = self._reading()
        view, problem = reading.view, reading.problem
        procedure: Procedure[Any] | None = None
        actions: list[Action] = []
        figures: tuple[RowFigure, ...] = ()
        if encounter.procedure:
            try:
                procedure = controller.procedure
                if view is not None:
                    actions = controller.actions()
                    figures = controller.figures_now()
            except UnknownProcedure:  # the reading says so
                pass
            except RulesError as error:  # StateError: a saved state that does not validate
                problem = f"The saved procedure state cannot be used:\n{error}"
            except Exception as error:
                log.exception("procedure actions failed")
                problem = f"The procedure failed to list its actions: {error}"
        secrets = self.secrets()
        shown = secrets.view(view) if secrets is not None and view is not None else view
        if secrets is not None:
            actions = secrets.actions(actions)
        names = {t.id: t.name for t in encounter.tokens.values()}
        if secrets is not None:
            names = {i: n for i, n in names.items() if i not in secrets.hidden_ids}
        running = view is not None and not view.ended
        labels = dict(procedure.figure_labels) if procedure is not None and view else {}
        if shown is not None:
            title, round_, instruction = shown.title, shown.round, shown.instruction
            notes, ended, steps = tuple(shown.notes), shown.ended, tuple(shown.steps)
            rows = list(shown.combatants)
        else:
            title = procedure.title if procedure is not None else "No combat procedure"
            round_, instruction = 0, problem or NO_PROCEDURE
            notes, ended, steps = (), False, ()
            rows = [
                Combatant(t.id, t.name, t.side, statuses=dict(t.statuses))
                for t in encounter.tokens.values()
            ]
            if secrets is not None:
                rows = secrets.combatants(rows)
        return PanelShown(
            procedure_id=encounter.procedure,
            running=running,
            title=title,
            round=round_,
            instruction=instruction,
            notes=notes,
            ended=ended,
            steps=steps,
            rows=rows,
            labels=labels,
            figures=figures if view is not None else (),
            actions=actions,
            names=names,
            acting=view.acting if view else frozenset(),
            view=view,
            problem=problem,
        )

    def masked(self, text: str) -> str:
        """A message as this screen may show it: a line naming a hidden token is replaced."""
        secrets = self.secrets()
        if secrets is None or not text:
            return text
        lines: list[str] = []
        for line in text.split("\n"):
            cleaned = secrets.clean(line, HIDDEN_MESSAGE)
            if cleaned not in lines:
                lines.append(cleaned)
        return "\n".join(lines)

    def relabel(self, text: str) -> str:
        """An undo entry's text as this screen may show it."""
        secrets = self.secrets()
        return secrets.relabel(text) if secrets is not None else text

    def history_message(self, changes: ChangeSet) -> str | None:
        """The result line after an undo or redo from elsewhere that changed the procedure.

        "Undone: …" / "Redone: …" as Back says it; None when ``changes`` came
        from no undo or redo, or left the procedure's state as it was.
        """
        step = changes.initiator
        if not isinstance(step, HistoryStep) or not changes.touches({"procedure"}):
            return None
        return str(HistoryStep(step.verb, self.relabel(step.text)))

    def name(self, token_id: str) -> str:
        token = self.encounter.tokens.get(token_id)
        return token.name if token is not None else token_id

    # -- doing -------------------------------------------------------------------------

    def perform(self, action: Action, params: dict[str, Any], typed: Sequence[int]) -> list[str]:
        """Carry out ``action`` with the typed dice (one undo step); the lines to show.

        Raises what the procedure raises on a refusal (ValueError, KeyError).
        """
        encounter = self.encounter
        rolls_before = len(encounter.dice_log)
        lines = list(self.controller.perform(action.id, params, manual=typed))
        used = sum(1 for r in encounter.dice_log[rolls_before:] if r.manual)
        if used < len(typed):
            lines.append(f"{len(typed) - used} typed dice were not needed.")
        return lines

    @staticmethod
    def typed_dice(text: str) -> list[int]:
        """The dice the GM typed for the next action (ValueError saying what is wrong)."""
        return list(parse_typed_dice(text))

    def figure_command(self, token_id: str, name: str, text: str) -> Command | None:
        """The edit of one figure cell (one undo step), or None when nothing changes.

        ``name`` may be figures read together (``fatigue_load/fatigue_tolerance``, see
        :func:`.row_columns.split_edit`). ValueError names the token and what is wrong.
        """
        token = self.encounter.tokens.get(token_id)
        if token is None:
            return None
        commands: list[Command] = []
        try:
            for figure, part in split_edit(name.split(JOIN), text):
                before = token.figures.get(figure)
                value = parse_figure(part, before)
                if value != before or type(value) is not type(before):
                    commands.append(SetFigure(token_id, figure, value))
        except ValueError as error:
            raise ValueError(f"{token.name}: {error}") from error
        if len(commands) > 1:
            return Batch(f"Figures of {token.name}", commands)
        return commands[0] if commands else None

    def statuses_command(self, token_id: str, text: str) -> Command | None:
        """The edit of a token's statuses cell (one undo step), or None when nothing changes."""
        token = self.encounter.tokens.get(token_id)
        if token is None:
            return None
        try:
            after = parse_statuses(text)
        except ValueError as error:
            raise ValueError(f"{token.name}: {error}") from error
        commands: list[Command] = [
            SetStatus(token_id, status, stacks)
            for status, stacks in status_changes(token.statuses, after)
        ]
        if len(commands) == 1:
            return commands[0]
        if commands:
            return Batch(f"Statuses of {token.name}", commands)
        return None

    def status_command(self, token_id: str, status: str, stacks: int | None) -> Command | None:
        if token_id not in self.encounter.tokens:
            return None
        return SetStatus(token_id, status, stacks)

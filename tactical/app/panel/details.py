"""The figures a combatant's row leaves out, under the table, each editable.

A row shows the figures that matter at the procedure's step; the others show
here for the combatant selected in the table, else for whoever acts now, with
the statuses while no one has any (the table then has no column for them). A
field reports its edit (:attr:`CombatantDetails.figure_edited`,
:attr:`CombatantDetails.statuses_edited`) when Return is pressed or the field is
left, and the panel makes it one undo step, as a cell's edit.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QSizePolicy, QWidget

from tactical.app.encounter.limits import MAX_FIGURE_TEXT
from tactical.app.panel.cells import raw_figure
from tactical.app.panel.combatants import CombatantTable
from tactical.app.panel.flow import FlowLayout
from tactical.app.panel.keys import keep_return_while_typing
from tactical.app.panel.style import bold, dim_brush
from tactical.app.panel.values import statuses_text
from tactical.app.window.plain_text import plain_label, set_tooltip
from tactical.core.encounter import Encounter
from tactical.rules import Combatant

HINT = "Select a combatant for its other figures"
STATUSES = ":statuses"
"""The key of the statuses field (no figure's name starts with a colon)."""
STATUSES_TIP = "Statuses, e.g. prone, bleeding 2 (a number is the stacks; 0 removes one)"
FIELD_LEAST = 44
FIELD_MOST = 160
"""Pixels: a field is as wide as its figure, within these."""


class CombatantDetails(QWidget):
    """A name, then each figure's label and field, wrapped to the panel's width."""

    figure_edited = Signal(str, str, str)
    """token id, figure name, text typed"""
    statuses_edited = Signal(str, str)
    """token id, the statuses as typed (``prone, bleeding 2``)"""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = plain_label()
        self.title.setFont(bold(self.font()))
        # As tall as a field, its text centred: it reads on the line of the first figures.
        self.title.setMinimumHeight(QLineEdit().sizeHint().height())
        self.title.setAlignment(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
        self.fields: dict[str, QLineEdit] = {}
        """The figure fields now shown, by figure name."""
        self.token_id = ""
        self._raw: dict[str, str] = {}
        self._shape: tuple[object, ...] = ()
        self._pairs: list[QWidget] = []
        self.flow = FlowLayout(self)
        self.flow.addWidget(self.title)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def show_for(self, encounter: Encounter, table: CombatantTable) -> None:
        """The figures ``table``'s rows leave out, of its selected combatant, else of whoever
        acts now; the statuses too while the table has no column for them."""
        rows = table.combatants()
        chosen = table.selected_token()
        row = next((r for r in rows if r.token_id == chosen), None)
        if row is None:
            row = next((r for r in rows if r.acting), None)
        statuses = table.column_of("statuses") < 0
        self.show_figures(encounter, row, table.rest, row is not None and bool(chosen), statuses)

    def show_figures(
        self,
        encounter: Encounter,
        row: Combatant | None,
        figures: Sequence[tuple[str, str]],
        selected: bool = False,
        statuses: bool = False,
    ) -> None:
        """Show ``figures`` (key, label) of ``row``, and its ``statuses`` when asked; a hint
        when no row is chosen. ``selected``: the GM chose the row (else it acts now)."""
        if statuses:
            figures = [*figures, (STATUSES, "Statuses")]
        self.setVisible(bool(figures))
        if row is None:
            self._fill("", [])
            self.title.setText(HINT)
            self.title.setFont(self.font())
            palette = self.title.palette()
            palette.setBrush(self.title.foregroundRole(), dim_brush(self))
            self.title.setPalette(palette)
            return
        self.title.setPalette(self.palette())
        self.title.setFont(bold(self.font()))
        self.title.setText(f"{row.name}:")
        set_tooltip(self.title, "Selected" if selected else "Acting now")
        self._fill(row.token_id, figures)
        token = encounter.tokens.get(row.token_id)
        for name, field in self.fields.items():
            if name == STATUSES:
                raw = statuses_text(token.statuses) if token is not None else ""
            else:
                raw = raw_figure(encounter, row.token_id, name)
            if field.hasFocus() and field.isModified():
                continue  # the GM is typing: their text stays until they leave it
            self._raw[name] = raw
            field.setText(raw)
            field.setCursorPosition(0)  # a long figure shows its start
            field.setModified(False)
            shown = raw or ("none" if name == STATUSES else "00")
            width = field.fontMetrics().horizontalAdvance(shown) + 16
            field.setFixedWidth(max(FIELD_LEAST, min(width, FIELD_MOST)))

    def _fill(self, token_id: str, figures: Sequence[tuple[str, str]]) -> None:
        """Make the fields of ``figures`` (when they are not those shown already)."""
        self.token_id = token_id
        shape = (token_id, tuple(figures))
        if shape == self._shape:
            return
        self._shape = shape
        for pair in self._pairs:
            self.flow.removeWidget(pair)
            pair.hide()
            pair.deleteLater()
        self._pairs, self.fields, self._raw = [], {}, {}
        if not token_id:
            return
        for name, label in figures:
            pair = QWidget(self)
            layout = QHBoxLayout(pair)
            layout.setContentsMargins(0, 0, 0, 0)
            layout.setSpacing(4)
            layout.addWidget(plain_label(label))
            field = QLineEdit()
            field.setMaxLength(MAX_FIGURE_TEXT)
            field.setAccessibleName(label)
            if name == STATUSES:
                field.setPlaceholderText("none")
                set_tooltip(field, STATUSES_TIP)
            keep_return_while_typing(field)  # Return records what was typed; else it advances
            field.editingFinished.connect(lambda n=name: self._finished(n))
            layout.addWidget(field)
            self.flow.addWidget(pair)
            pair.show()
            self._pairs.append(pair)
            self.fields[name] = field
        self.updateGeometry()

    def _finished(self, name: str) -> None:
        field = self.fields.get(name)
        if field is None or not self.token_id:
            return
        text = field.text()
        field.setModified(False)
        if text != self._raw.get(name, ""):
            self._raw[name] = text  # reported once: leaving the field again says nothing
            if name == STATUSES:
                self.statuses_edited.emit(self.token_id, text)
            else:
                self.figure_edited.emit(self.token_id, name, text)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self.flow.heightForWidth(width)

"""A small form generated from an action's params, shown inline in the panel.

Inline rather than a dialog so the GM's eyes stay on the panel and the
advance key confirms it. Token params list token names (only
``Param.options`` when given); optional params may be left at "(none)" and
are then left out of the params passed to the procedure. With secrets hidden
on the GM's screen a hidden token is offered as ``Hidden combatant``.

Labels say what a field needs: "(required)" for a text that must be filled,
"(optional)", or the param's ``needed_for`` ("needed for attacks") for an
optional one some choices need. A token list without a default starts on the
first token the players can see, never on a hidden one. A param that
``follows`` the others (a target only for an attack card) is set again each
time another field changes, until the GM picks it by hand. An empty required
text is refused here. A refusal (the form's own or the procedure's) stands in
red right under the field it names, with the cursor in that field, and goes
away as soon as that field changes; one that names no field stands above the
buttons until any field changes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tactical.app.encounter.limits import MAX_FIGURE_TEXT
from tactical.app.panel.keys import ADVANCE_KEY_NAME, keep_return
from tactical.app.panel.style import ERROR, bold
from tactical.app.players.secrets import Secrets
from tactical.app.window.plain_text import add_plain_row, menu_text, plain_label
from tactical.core.encounter import Encounter
from tactical.core.fog_queries import hidden_from_players
from tactical.rules import Action, Param

NONE_LABEL = "(none)"
INT_RANGE = 100_000


class _SquareInput(QWidget):
    """A square as column and row spin boxes, bounded by the grid."""

    def __init__(self, width: int, height: int, default: Any) -> None:
        super().__init__()
        self.col = QSpinBox()
        self.row = QSpinBox()
        self.col.setRange(0, max(width - 1, 0))
        self.row.setRange(0, max(height - 1, 0))
        self.col.setPrefix("col ")
        self.row.setPrefix("row ")
        if isinstance(default, list | tuple) and len(default) == 2:
            self.col.setValue(int(default[0]))
            self.row.setValue(int(default[1]))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.col)
        layout.addWidget(self.row)

    def value(self) -> tuple[int, int]:
        return (self.col.value(), self.row.value())


def _on_change(widget: QWidget, slot: Callable[[], None]) -> None:
    """Call ``slot`` whenever the GM changes the field."""
    if isinstance(widget, QComboBox):
        widget.currentIndexChanged.connect(lambda _i: slot())
    elif isinstance(widget, QSpinBox):
        widget.valueChanged.connect(lambda _v: slot())
    elif isinstance(widget, QCheckBox):
        widget.toggled.connect(lambda _on: slot())
    elif isinstance(widget, QLineEdit):
        widget.textChanged.connect(lambda _t: slot())
    elif isinstance(widget, _SquareInput):
        widget.col.valueChanged.connect(lambda _v: slot())
        widget.row.valueChanged.connect(lambda _v: slot())


def _combo(choices: list[tuple[str, Any]], default: Any, optional: bool) -> QComboBox:
    combo = QComboBox()
    if optional:
        combo.addItem(NONE_LABEL, None)
    for label, data in choices:
        combo.addItem(label, data)
    index = combo.findData(default) if default is not None else -1
    if index >= 0:
        combo.setCurrentIndex(index)
    return combo


def label_for(param: Param) -> str:
    """A field's label with what it needs: required, optional, or when it is needed."""
    if param.optional:
        return f"{param.label} ({param.needed_for or 'optional'})"
    if param.kind == "text" and param.default in (None, ""):
        return f"{param.label} (required)"
    return param.label


class ParamForm(QFrame):
    """Inputs for one action; :attr:`submitted` carries the action and its params."""

    submitted = Signal(object, dict)
    cancelled = Signal()
    refused = Signal(str)
    """A required field left empty: the message (the field has the focus)."""

    def __init__(
        self,
        action: Action,
        encounter: Encounter,
        parent: QWidget | None = None,
        *,
        secrets: Secrets | None = None,
    ) -> None:
        super().__init__(parent)
        self.action = action
        self.secrets = secrets
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.inputs: dict[str, QWidget] = {}
        self.picked: set[str] = set()
        """Fields the GM set by hand: a following default no longer moves them."""
        title = plain_label(action.label)
        title.setFont(bold(self.font()))
        form = QFormLayout()
        form.setRowWrapPolicy(
            QFormLayout.RowWrapPolicy.WrapLongRows
        )  # a long label, then its field
        self._form = form
        self.problems: dict[str, QLabel] = {}
        """Each field's refusal line, under the field (hidden while there is none)."""
        for param in action.params:
            widget = self._input(param, encounter)
            self.inputs[param.name] = widget
            add_plain_row(form, label_for(param), widget)
            self.problems[param.name] = self._problem_label()
            form.addRow(self.problems[param.name])
            form.setRowVisible(self.problems[param.name], False)
            _on_change(widget, partial(self.clear_refusal, param.name))
        self.general_problem = self._problem_label()
        """A refusal that names no field (above the buttons)."""
        self.general_problem.hide()
        self._install_follows()
        self.ok_button = QPushButton(menu_text(f"{action.label} [{ADVANCE_KEY_NAME}]"))
        self.ok_button.clicked.connect(self.submit)
        cancel = QPushButton("Cancel")
        cancel.clicked.connect(self.cancelled.emit)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(cancel)
        buttons.addWidget(self.ok_button)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        if action.hint:
            hint = plain_label(action.hint)
            hint.setWordWrap(True)
            layout.addWidget(hint)
        layout.addLayout(form)
        layout.addWidget(self.general_problem)
        layout.addLayout(buttons)

    def _problem_label(self) -> QLabel:
        label = plain_label("")
        label.setWordWrap(True)
        label.setStyleSheet(f"color: {ERROR.name()};")
        return label

    # -- refusals ----------------------------------------------------------------------

    def show_refusal(self, message: str) -> str | None:
        """Show a refusal under the field it names (focused), else above the buttons.

        The field's name, or None when the message names no field."""
        name = self.focus_refusal(message)
        message = message[:1].upper() + message[1:]  # it stands alone, as a sentence
        for each in self.problems:
            if each != name:
                self.clear_refusal(each)
        if name is None:
            self.general_problem.setText(message)
            self.general_problem.show()
            return None
        self.general_problem.hide()
        label = self.problems[name]
        label.setText(message)
        self._form.setRowVisible(label, True)
        return name

    def clear_refusal(self, name: str | None = None) -> None:
        """The field was fixed: its refusal (and one naming no field) goes away."""
        if name is not None and self._form.isRowVisible(self.problems[name]):
            self._form.setRowVisible(self.problems[name], False)
            self.problems[name].setText("")
        self.general_problem.hide()

    def refusal(self) -> str:
        """The refusal the form shows now ("" when none)."""
        for label in self.problems.values():
            if self._form.isRowVisible(label):
                return label.text()
        return self.general_problem.text() if self.general_problem.isVisibleTo(self) else ""

    def _input(self, param: Param, encounter: Encounter) -> QWidget:
        if param.kind == "token":
            ids = param.options or tuple(encounter.tokens)
            tokens = [(self._name(encounter, i), i) for i in ids if i in encounter.tokens]
            default = param.default
            if default is None and not param.optional:
                hidden = hidden_from_players(encounter)
                default = next((i for _, i in tokens if i not in hidden), None)
            return _combo(tokens, default, param.optional)
        if param.kind == "area":
            area_map = encounter.area_map
            areas = [(a.name or a.id, a.id) for a in area_map] if area_map is not None else []
            return _combo(areas, param.default, param.optional)
        if param.kind == "choice":
            return _combo([(o, o) for o in param.options], param.default, param.optional)
        if param.kind == "int":
            spin = QSpinBox()
            if param.optional:
                # The lowest value reads "(none)": an optional number can be left unset.
                spin.setRange(-INT_RANGE - 1, INT_RANGE)
                spin.setSpecialValueText(NONE_LABEL)
                spin.setValue(spin.minimum() if param.default is None else int(param.default))
            else:
                spin.setRange(-INT_RANGE, INT_RANGE)
                spin.setValue(int(param.default or 0))
            keep_return(spin)
            return spin
        if param.kind == "bool":
            check = QCheckBox()
            check.setChecked(bool(param.default))
            return check
        if param.kind == "square":
            grid = encounter.grid
            return _SquareInput(
                grid.width if grid else INT_RANGE, grid.height if grid else INT_RANGE, param.default
            )
        line = QLineEdit("" if param.default is None else str(param.default))
        line.setMaxLength(MAX_FIGURE_TEXT)  # it goes into the saved procedure state
        # Return reaches the form's keyPressEvent (a line edit passes it up): that submits,
        # once. Its returnPressed must not submit as well (it recorded twice).
        keep_return(line)
        return line

    def _install_follows(self) -> None:
        """Re-ask each following default whenever another field changes."""
        following = [p for p in self.action.params if p.follows is not None]
        if not following:
            return
        for param in following:
            widget = self.inputs[param.name]
            if isinstance(widget, QComboBox):
                widget.activated.connect(lambda _=0, name=param.name: self.picked.add(name))
        for param in self.action.params:
            widget = self.inputs[param.name]
            if param.follows is not None:
                continue  # its own change is the GM's pick, not a reason to move it
            if isinstance(widget, QComboBox):
                widget.currentIndexChanged.connect(self._follow)
            elif isinstance(widget, QLineEdit):
                widget.textChanged.connect(self._follow)
            elif isinstance(widget, QSpinBox):
                widget.valueChanged.connect(self._follow)
        self._follow()

    def _follow(self, *_: object) -> None:
        values = self.values()
        for param in self.action.params:
            widget = self.inputs[param.name]
            if param.follows is None or param.name in self.picked:
                continue
            if not isinstance(widget, QComboBox):
                continue
            others = {k: v for k, v in values.items() if k != param.name}
            value = param.follows(others)
            # An optional list's first entry is "(none)".
            index = widget.findData(value) if value is not None else (0 if param.optional else -1)
            if index >= 0 and index != widget.currentIndex():
                widget.blockSignals(True)
                widget.setCurrentIndex(index)
                widget.blockSignals(False)

    def _name(self, encounter: Encounter, token_id: str) -> str:
        name = encounter.tokens[token_id].name
        return self.secrets.alias(token_id, name) if self.secrets is not None else name

    def values(self) -> dict[str, Any]:
        """The params as the procedure expects them; unset optional ones left out."""
        values: dict[str, Any] = {}
        for param in self.action.params:
            widget = self.inputs[param.name]
            value: Any
            if isinstance(widget, QComboBox):
                value = widget.currentData()
            elif isinstance(widget, QSpinBox):
                unset = widget.specialValueText() and widget.value() == widget.minimum()
                value = None if unset else widget.value()
            elif isinstance(widget, QCheckBox):
                value = widget.isChecked()
            elif isinstance(widget, _SquareInput):
                value = widget.value()
            else:
                assert isinstance(widget, QLineEdit)
                value = widget.text().strip()
            if param.optional and value in (None, ""):
                continue
            values[param.name] = value
        return values

    def set_value(self, name: str, value: Any) -> None:
        """Set one input as the GM would (tests and scripted use)."""
        widget = self.inputs[name]
        self.picked.add(name)
        if isinstance(widget, QComboBox):
            index = widget.findData(value)
            if index < 0:
                raise ValueError(f"{name}: {value!r} is not offered")
            widget.setCurrentIndex(index)
        elif isinstance(widget, QSpinBox):
            widget.setValue(widget.minimum() if value is None else int(value))
        elif isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        elif isinstance(widget, _SquareInput):
            widget.col.setValue(int(value[0]))
            widget.row.setValue(int(value[1]))
        else:
            assert isinstance(widget, QLineEdit)
            widget.setText(str(value))

    def missing(self) -> Param | None:
        """The first required text left empty, if any."""
        for param in self.action.params:
            widget = self.inputs[param.name]
            if param.optional or param.kind != "text" or not isinstance(widget, QLineEdit):
                continue
            if not widget.text().strip():
                return param
        return None

    def focus_refusal(self, message: str) -> str | None:
        """Focus the field a refusal names (its label or name in the message); its name."""
        lowered = message.lower()
        for param in self.action.params:
            words = {param.name.lower(), param.label.lower(), param.label.split(" (")[0].lower()}
            if any(
                word and re.search(rf"(?<!\w){re.escape(word)}(?!\w)", lowered) for word in words
            ):
                self.inputs[param.name].setFocus()
                return param.name
        return None

    def submit(self) -> None:
        missing = self.missing()
        if missing is not None:
            message = f"{missing.label} is required."
            self.show_refusal(message)
            self.inputs[missing.name].setFocus()
            self.refused.emit(message)
            return
        self.submitted.emit(self.action, self.values())

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """A spin box passes Return up: confirm; Escape cancels."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.submit()
        elif event.key() == Qt.Key.Key_Escape:
            self.cancelled.emit()
        else:
            super().keyPressEvent(event)

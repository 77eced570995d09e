"""The token form: name, side, size, speed, picture, hidden, sight and tracked figures.

One form serves adding (the token palette, the map's right-click "Add token
here…") and editing ("Edit token…": the same fields, filled from the token).
The side it will use shows in colour, with why it was proposed, and on the OK
button ("Add to Monsters"), so the GM sees it before pressing Enter. Every
field is bounded by the file format (:mod:`tactical.app.encounter.limits`); names and
labels are shown as plain text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tactical.app.encounter.limits import MAX_FIGURE_TEXT, MAX_NAME, MAX_SPEED
from tactical.app.tokens.palette.edit_spec import SIGHT_FIGURE, figure_text, sight_figure
from tactical.app.tokens.palette.spec import SIZES, TokenSpec, parse_figure
from tactical.app.window.plain_text import add_plain_row, menu_text, plain_label
from tactical.core.encounter import Encounter
from tactical.core.pictures import Picture
from tactical.core.tokens import Figure


@dataclass
class PictureChoice:
    """One entry of the form's picture list: a label, its art (None: a plain disc), an icon."""

    label: str
    picture: Picture | None
    icon: QIcon | None = None


def side_icon(colour: str) -> QIcon:
    """A swatch of a side's colour for the side list."""
    pixmap = QPixmap(14, 14)
    pixmap.fill(QColor(colour))
    return QIcon(pixmap)


class TokenForm(QDialog):
    """Asks everything about a token at once; :meth:`spec` reads the answers.

    ``initial`` fills the fields (editing a token); ``side_note`` says why the
    proposed side was proposed; ``ok_text`` names the button ("Add", "Save");
    ``party`` (editing) whether the token is a roster character of the evening.
    """

    def __init__(
        self,
        parent: QWidget | None,
        encounter: Encounter,
        *,
        side: str,
        speed: int,
        pictures: list[PictureChoice],
        picture_index: int = 0,
        name: str = "",
        figure_labels: dict[str, str] | None = None,
        figure_defaults: dict[str, int | str] | None = None,
        title: str = "Add token",
        initial: TokenSpec | None = None,
        side_note: str = "",
        ok_text: str = "Add",
        ok_names_side: bool = True,
        check: Callable[[TokenSpec], str | None] | None = None,
        party: bool | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.encounter = encounter
        self.ok_text = ok_text
        self.ok_names_side = ok_names_side
        self.check = check
        """Why the answers cannot be used (None: they can); default: the add form's check."""
        layout = QVBoxLayout(self)
        form = QFormLayout()
        layout.addLayout(form)
        if initial is not None:
            name, side, speed = initial.name, initial.side, initial.speed
        self.name = QLineEdit(name)
        self.name.setMaxLength(MAX_NAME)
        self.name.setPlaceholderText("required, e.g. Goblin")
        add_plain_row(form, "Name:", self.name)
        self.side = QComboBox()
        self._side_ids = list(encounter.sides)
        for each in encounter.sides.values():
            self.side.addItem(side_icon(each.color), each.name)
        self.side.setCurrentIndex(self._side_ids.index(side) if side in self._side_ids else 0)
        self.side_note = plain_label(side_note)
        self.side_note.setStyleSheet("color: palette(placeholder-text);")
        self.side_note.setVisible(bool(side_note))
        side_box = self._side_box = QWidget()
        side_row = QHBoxLayout(side_box)
        side_row.setContentsMargins(0, 0, 0, 0)
        side_row.addWidget(self.side, 1)
        side_row.addWidget(self.side_note)
        add_plain_row(form, "Side:", side_box)
        self.size_choice = QComboBox()
        self._sizes = list(SIZES)
        if initial is not None and initial.size not in self._sizes:
            self._sizes.append(initial.size)
        for size in self._sizes:
            self.size_choice.addItem(f"{size} x {size}")
        if initial is not None:
            self.size_choice.setCurrentIndex(self._sizes.index(initial.size))
        add_plain_row(form, "Size:", self.size_choice)
        self.speed = QSpinBox()
        self.speed.setRange(0, MAX_SPEED)
        self.speed.setValue(speed)
        add_plain_row(form, "Speed:", self.speed)
        self.picture = QComboBox()
        self._pictures = pictures or [PictureChoice("Plain disc", None)]
        for choice in self._pictures:
            if choice.icon is not None:
                self.picture.addItem(choice.icon, choice.label)
            else:
                self.picture.addItem(choice.label)
        self.picture.setCurrentIndex(max(0, min(picture_index, len(self._pictures) - 1)))
        add_plain_row(form, "Picture:", self.picture)
        self.hidden = QCheckBox("Hidden from players")
        self.hidden.setChecked(initial is not None and initial.hidden)
        form.addRow("", self.hidden)
        self.party: QCheckBox | None = None
        """Whether the token is a party character (editing only; None: not asked)."""
        if party is not None:
            self.party = QCheckBox("Party character (the same on every scene)")
            self.party.setChecked(party)
            form.addRow("", self.party)
        figures = initial.figures if initial is not None else {}
        self._initial_texts: dict[str, str] = {}
        """What each figure field showed when the form opened (unchanged: left alone)."""
        self.sight = QLineEdit(figure_text(figures.get(SIGHT_FIGURE)))
        self.sight.setMaxLength(12)
        self.sight.setPlaceholderText("squares; blank: unlimited")
        self._initial_texts[SIGHT_FIGURE] = self.sight.text()
        labels = dict(figure_labels or {})
        if SIGHT_FIGURE not in labels:
            add_plain_row(form, "Sight:", self.sight)
        self.figures: dict[str, QLineEdit] = {}
        shown = figure_defaults or {}
        for key, label in labels.items():
            # a figure the token lacks shows what the panel shows for it (left alone unchanged)
            edit = QLineEdit(figure_text(figures.get(key, shown.get(key))))
            edit.setMaxLength(MAX_FIGURE_TEXT)
            edit.setPlaceholderText("optional")
            self._initial_texts[key] = edit.text()
            self.figures[key] = edit
            add_plain_row(form, f"{label}:", edit)
        self._form = form
        self.problem = plain_label("")
        """A refusal, right under the field it is about (hidden while there is none)."""
        self.problem.setStyleSheet("color: #b00020;")
        self.problem.setWordWrap(True)
        form.addRow(self.problem)
        form.setRowVisible(self.problem, False)
        for changed in (
            self.name.textChanged,
            self.side.currentIndexChanged,
            self.size_choice.currentIndexChanged,
            self.speed.valueChanged,
            self.sight.textChanged,
            *(edit.textChanged for edit in self.figures.values()),
        ):
            changed.connect(self._clear_problem)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.side.currentIndexChanged.connect(self._name_ok_button)
        self.side.currentIndexChanged.connect(lambda _i: self.side_note.hide())
        self._name_ok_button()
        self.name.setFocus()

    def ok_button_text(self) -> str:
        """What the OK button says: the action and the side it puts the token on."""
        side = self.encounter.sides.get(self.current_side())
        if side is None or not self.ok_names_side:
            return self.ok_text
        return f"{self.ok_text} to {side.name}"

    def _name_ok_button(self, *_: object) -> None:
        button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        button.setText(menu_text(self.ok_button_text()))

    def current_side(self) -> str:
        return self._side_ids[self.side.currentIndex()] if self._side_ids else ""

    def spec(self) -> TokenSpec:
        """The token as the form stands (ValueError naming a bad figure)."""
        figures: dict[str, Figure] = {}
        for key, edit in self.figures.items():
            if edit.text().strip() == self._initial_texts[key].strip():
                continue  # left as it was: an edit keeps the figure, an add leaves it out
            try:
                figures[key] = parse_figure(edit.text())
            except ValueError as error:
                raise ValueError(f"{key}: {error}") from None
        if self.sight.text().strip() != self._initial_texts[SIGHT_FIGURE].strip():
            figures[SIGHT_FIGURE] = sight_figure(self.sight.text())
        return TokenSpec(
            name=self.name.text().strip(),
            side=self.current_side(),
            size=self._sizes[self.size_choice.currentIndex()],
            speed=self.speed.value(),
            picture=self._pictures[self.picture.currentIndex()].picture,
            figures=figures,
            hidden=self.hidden.isChecked(),
        )

    def _accept(self) -> None:
        from tactical.app.tokens.palette.spec import check_spec

        try:
            spec = self.spec()
            problem = (
                self.check(spec) if self.check is not None else check_spec(spec, self.encounter)
            )
        except ValueError as error:
            problem = str(error)
        if problem is None:
            self.accept()
            return
        self.show_problem(f"Refused: {problem}.")

    def field_for(self, problem: str) -> QWidget:
        """The field a refusal is about (the name when it names no other)."""
        lowered = problem.lower().removeprefix("refused: ")
        if lowered.startswith("sight"):
            return self.sight
        for key, edit in self.figures.items():
            if lowered.startswith(f"{key.lower()}:"):
                return edit
        for words, field in (
            (("side",), self.side),
            (("size", "fit"), self.size_choice),
            (("speed",), self.speed),
        ):
            if any(word in lowered for word in words):
                return field
        return self.name

    def show_problem(self, text: str) -> None:
        """Show a refusal right under the field it is about, and put the cursor there."""
        field = self.field_for(text)
        at = self._side_box if field is self.side else field
        position: Any = self._form.getWidgetPosition(at)  # (row, role); typed as an object
        row = int(position[0])
        self._form.takeRow(self.problem)
        self._form.insertRow(row + 1, self.problem)
        self.problem.setText(text)
        self._form.setRowVisible(self.problem, True)
        field.setFocus()

    def _clear_problem(self, *_: object) -> None:
        """A field changed: the refusal it may have earned goes away."""
        if self._form.isRowVisible(self.problem):
            self._form.setRowVisible(self.problem, False)


def ask_token(form: TokenForm) -> TokenSpec | None:
    """Show the form; the spec when the GM pressed OK."""
    if form.exec() != QDialog.DialogCode.Accepted:
        return None
    return form.spec()

"""The add-token form: name, side, size, speed, picture, hidden and tracked figures.

One form serves the token palette and the map's right-click "Add token here…".
Every field is bounded by the file format (:mod:`tactical.app.limits`); names
and labels are shown as plain text.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tactical.app.limits import MAX_FIGURE_TEXT, MAX_NAME, MAX_SPEED
from tactical.app.palette.spec import SIZES, TokenSpec, parse_figure
from tactical.app.plain_text import add_plain_row, plain_label
from tactical.core.encounter import Encounter
from tactical.core.pictures import Picture


@dataclass
class PictureChoice:
    """One entry of the form's picture list: a label, its art (None: a plain disc), an icon."""

    label: str
    picture: Picture | None
    icon: QIcon | None = None


class TokenForm(QDialog):
    """Asks everything about a new token at once; :meth:`spec` reads the answers."""

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
        title: str = "Add token",
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.encounter = encounter
        layout = QVBoxLayout(self)
        form = QFormLayout()
        layout.addLayout(form)
        self.name = QLineEdit(name)
        self.name.setMaxLength(MAX_NAME)
        self.name.setPlaceholderText("required, e.g. Goblin")
        add_plain_row(form, "Name:", self.name)
        self.side = QComboBox()
        self._side_ids = list(encounter.sides)
        for each in encounter.sides.values():
            self.side.addItem(each.name)
        self.side.setCurrentIndex(self._side_ids.index(side) if side in self._side_ids else 0)
        add_plain_row(form, "Side:", self.side)
        self.size_choice = QComboBox()
        for size in SIZES:
            self.size_choice.addItem(f"{size} x {size}")
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
        form.addRow("", self.hidden)
        self.figures: dict[str, QLineEdit] = {}
        for key, label in (figure_labels or {}).items():
            edit = QLineEdit()
            edit.setMaxLength(MAX_FIGURE_TEXT)
            edit.setPlaceholderText("optional")
            self.figures[key] = edit
            add_plain_row(form, f"{label}:", edit)
        self.problem = plain_label("")
        self.problem.setStyleSheet("color: #b00020;")
        self.problem.hide()
        layout.addWidget(self.problem)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.name.setFocus()

    def spec(self) -> TokenSpec:
        """The token as the form stands (ValueError naming a bad figure)."""
        figures = {}
        for key, edit in self.figures.items():
            try:
                figures[key] = parse_figure(edit.text())
            except ValueError as error:
                raise ValueError(f"{key}: {error}") from None
        return TokenSpec(
            name=self.name.text().strip(),
            side=self._side_ids[self.side.currentIndex()] if self._side_ids else "",
            size=SIZES[self.size_choice.currentIndex()],
            speed=self.speed.value(),
            picture=self._pictures[self.picture.currentIndex()].picture,
            figures=figures,
            hidden=self.hidden.isChecked(),
        )

    def _accept(self) -> None:
        from tactical.app.palette.spec import check_spec

        try:
            problem = check_spec(self.spec(), self.encounter)
        except ValueError as error:
            problem = str(error)
        if problem is None:
            self.accept()
            return
        self.problem.setText(f"Refused: {problem}.")
        self.problem.show()
        self.name.setFocus()


def ask_token(form: TokenForm) -> TokenSpec | None:
    """Show the form; the spec when the GM pressed OK."""
    if form.exec() != QDialog.DialogCode.Accepted:
        return None
    return form.spec()

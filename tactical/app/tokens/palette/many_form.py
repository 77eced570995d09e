"""The form that edits several selected tokens at once: side, hidden and picture.

Each field starts on "keep each token's own" (a half-checked box for hidden
when the tokens differ), so OK changes only what the GM touched.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QVBoxLayout,
    QWidget,
)

from tactical.app.tokens.palette.edit_spec import KEEP, ManyEdit
from tactical.app.tokens.palette.form import PictureChoice, side_icon
from tactical.app.window.plain_text import add_plain_row, plain_label
from tactical.core.encounter import Encounter

KEEP_SIDE = "Keep each token's side"
KEEP_PICTURE = "Keep each token's picture"


class ManyTokensForm(QDialog):
    """Side, hidden and picture for several tokens; :meth:`edit` reads the answers."""

    def __init__(
        self,
        parent: QWidget | None,
        encounter: Encounter,
        token_ids: list[str],
        pictures: list[PictureChoice],
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Edit {len(token_ids)} tokens")
        tokens = [encounter.tokens[t] for t in token_ids if t in encounter.tokens]
        layout = QVBoxLayout(self)
        names = ", ".join(t.name for t in tokens[:6]) + (", …" if len(tokens) > 6 else "")
        summary = plain_label(names)
        summary.setWordWrap(True)
        layout.addWidget(summary)
        form = QFormLayout()
        layout.addLayout(form)
        self._side_ids: list[str | None] = [None, *encounter.sides]
        self.side = QComboBox()
        self.side.addItem(KEEP_SIDE)
        for side in encounter.sides.values():
            self.side.addItem(side_icon(side.color), side.name)
        sides = {t.side for t in tokens}
        if len(sides) == 1 and next(iter(sides)) in encounter.sides:
            self.side.setCurrentIndex(self._side_ids.index(next(iter(sides))))
        self._first_side = self.side.currentIndex()
        add_plain_row(form, "Side:", self.side)
        self._pictures = pictures
        self.picture = QComboBox()
        self.picture.addItem(KEEP_PICTURE)
        for choice in pictures:
            if choice.icon is not None:
                self.picture.addItem(choice.icon, choice.label)
            else:
                self.picture.addItem(choice.label)
        add_plain_row(form, "Picture:", self.picture)
        self.hidden = QCheckBox("Hidden from players")
        hidden = {t.hidden for t in tokens}
        if len(hidden) == 1:
            self.hidden.setChecked(next(iter(hidden)))
        else:
            self.hidden.setTristate(True)
            self.hidden.setCheckState(Qt.CheckState.PartiallyChecked)
        self._first_hidden = self.hidden.checkState()
        form.addRow("", self.hidden)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def edit(self) -> ManyEdit:
        """The change as the form stands: only the fields the GM touched."""
        side = None
        if self.side.currentIndex() != self._first_side:
            side = self._side_ids[self.side.currentIndex()]
        state = self.hidden.checkState()
        hidden = None
        if state != self._first_hidden and state != Qt.CheckState.PartiallyChecked:
            hidden = state == Qt.CheckState.Checked
        index = self.picture.currentIndex()
        picture = KEEP if index <= 0 else self._pictures[index - 1].picture
        return ManyEdit(side=side, hidden=hidden, picture=picture)


def ask_many(form: ManyTokensForm) -> ManyEdit | None:
    """Show the form; the change when the GM pressed OK."""
    if form.exec() != QDialog.DialogCode.Accepted:
        return None
    return form.edit()

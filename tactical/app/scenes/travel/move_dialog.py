"""The Move to scene dialog: who goes, to which scene, and where they arrive.

Where: a square (column and row, saying whether it is free) or an area of the
chosen scene, or one of the exits the GM marked on this scene (its scene and
square are the exit's). Every name shown is plain text.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from tactical.app.scenes.travel.place_picker import PlacePicker
from tactical.core.evening import Exit, Scene
from tactical.core.tokens import Position


@dataclass(frozen=True)
class MoveRequest:
    """What the dialog offers: the selection, the party, the scenes and this scene's exits."""

    selected: list[str]
    party: list[str]
    scenes: list[Scene]
    exits: list[Exit]
    names: dict[str, str]
    """Scene names by id (an exit's target is named)."""


@dataclass(frozen=True)
class MoveChoice:
    """Who moves, to which scene, near which square or area."""

    token_ids: list[str]
    scene_id: str
    to: Position
    follow: bool = False
    """The GM goes to that scene too."""


def exit_text(exit_: Exit, names: dict[str, str]) -> str:
    """``Trapdoor: to Crypt (column 3, row 4)``."""
    to = exit_.to
    where = f"column {to[0]}, row {to[1]}" if isinstance(to, tuple) else (to or "anywhere")
    label = f"{exit_.label}: " if exit_.label else ""
    return f"{label}to {names.get(exit_.to_scene, exit_.to_scene)} ({where})"


class MoveDialog(QDialog):
    """Asks where the tokens go; :meth:`choice` reads the answer."""

    def __init__(self, request: MoveRequest, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Move to scene")
        self.request = request
        layout = QVBoxLayout(self)
        who = QHBoxLayout()
        self.selected_button = QRadioButton(f"The selected tokens ({len(request.selected)})")
        self.party_button = QRadioButton(f"The whole party ({len(request.party)})")
        self.selected_button.setEnabled(bool(request.selected))
        self.party_button.setEnabled(bool(request.party))
        (self.selected_button if request.selected else self.party_button).setChecked(True)
        who.addWidget(self.selected_button)
        who.addWidget(self.party_button)
        layout.addLayout(who)
        self.via_square = QRadioButton("To a square (or area) of a scene")
        self.via_exit = QRadioButton("Through an exit of this scene")
        self.via_exit.setEnabled(bool(request.exits))
        self.via_square.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.via_square)
        group.addButton(self.via_exit)
        layout.addWidget(self.via_square)
        self.picker = PlacePicker(request.scenes)
        layout.addWidget(self.picker)
        layout.addWidget(self.via_exit)
        self.exit = QComboBox()
        for exit_ in request.exits:
            self.exit.addItem(exit_text(exit_, request.names), exit_.id)
        layout.addWidget(self.exit)
        self.follow = QCheckBox("Go there too")
        layout.addWidget(self.follow)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Move")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.via_exit.toggled.connect(self._mode_changed)
        self._mode_changed()

    def _mode_changed(self, *_: object) -> None:
        by_exit = self.via_exit.isChecked()
        self.picker.setEnabled(not by_exit)
        self.exit.setEnabled(by_exit)

    def choice(self) -> MoveChoice | None:
        """The answer, or None (no scene to go to)."""
        ids = self.request.party if self.party_button.isChecked() else self.request.selected
        if self.via_exit.isChecked():
            exit_ = next(e for e in self.request.exits if e.id == self.exit.currentData())
            return MoveChoice(list(ids), exit_.to_scene, exit_.to, self.follow.isChecked())
        scene = self.picker.target()
        if scene is None:
            return None
        return MoveChoice(list(ids), scene.id, self.picker.place(), self.follow.isChecked())

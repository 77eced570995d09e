"""The Mark exit dialog: where a door or stairs of this scene leads, and its label."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLineEdit, QWidget

from tactical.app.encounter.limits import MAX_NAME
from tactical.app.scenes.travel.place_picker import PlacePicker
from tactical.core.evening import Exit, Scene
from tactical.core.tokens import Position


@dataclass(frozen=True)
class ExitAnswer:
    """The scene and square (or area) an exit leads to, and its label."""

    to_scene: str
    to: Position
    label: str


class ExitDialog(QDialog):
    """Asks for an exit's target and label (filled from ``editing`` when one is edited)."""

    def __init__(
        self, scenes: list[Scene], editing: Exit | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Edit exit" if editing is not None else "Mark exit")
        form = QFormLayout(self)
        self.label = QLineEdit()
        self.label.setMaxLength(MAX_NAME)
        self.label.setPlaceholderText("e.g. Trapdoor, Stairs down")
        form.addRow("Label", self.label)
        self.picker = PlacePicker(scenes)
        form.addRow(self.picker)
        if editing is not None:
            self.label.setText(editing.label)
            self.picker.pick_scene(editing.to_scene)
            self.picker.set_place(editing.to)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def answer(self) -> ExitAnswer | None:
        scene = self.picker.target()
        if scene is None:
            return None
        return ExitAnswer(scene.id, self.picker.place(), self.label.text().strip())

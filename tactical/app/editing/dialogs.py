"""The editing dialogs (new grid size, an area's name and tags) and empty new maps.

Dialogs are reached through hooks on :class:`tactical.app.editing.install.MapEditing`
so tests answer them without modal windows; these are the default answers.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from tactical.app.encounter.limits import MAX_NAME, MAX_TAGS
from tactical.app.map.interaction.area_edit import new_area_id
from tactical.core.areas import Area, AreaMap, polygon_from_points
from tactical.core.encounter import Encounter
from tactical.core.grid import MAX_SIDE, GridMap

FIRST_AREA = [(0.0, 0.0), (8.0, 0.0), (8.0, 6.0), (0.0, 6.0)]
"""The one area a new area map starts with: 8 x 6 units."""


def empty_grid(width: int, height: int, square_feet: int = 5) -> Encounter:
    """A new encounter on an open, flat grid with the default sides and no tokens."""
    return Encounter(GridMap(width, height, square_feet=square_feet))


def empty_area_map() -> Encounter:
    """A new encounter on an area map of one rectangle, to draw the other areas against."""
    area_map = AreaMap()
    area_map.put_area(Area(new_area_id(area_map), "Area 1", polygon_from_points(FIRST_AREA)))
    return Encounter(area_map)


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


def ask_grid_size(parent: QWidget | None) -> tuple[int, int, int] | None:
    """Width and height in squares and the square's side in feet, or None when cancelled."""
    dialog = QDialog(parent)
    dialog.setWindowTitle("New empty grid map")
    form = QFormLayout(dialog)
    boxes = []
    for label, value, top, suffix in (
        ("Width:", 30, MAX_SIDE, " squares"),
        ("Height:", 20, MAX_SIDE, " squares"),
        ("Square side:", 5, 100, " ft"),
    ):
        box = QSpinBox(dialog)
        box.setRange(1, top)
        box.setValue(value)
        box.setSuffix(suffix)
        form.addRow(label, box)
        boxes.append(box)
    form.addRow(_buttons(dialog))
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    width, height, feet = (box.value() for box in boxes)
    return (width, height, feet)


def ask_area_details(parent: QWidget | None, name: str, tags: str) -> tuple[str, str] | None:
    """An area's name and its comma-separated tags (plain text), or None when cancelled."""
    dialog = QDialog(parent)
    dialog.setWindowTitle("Area")
    form = QFormLayout(dialog)
    name_edit = QLineEdit(name, dialog)
    tags_edit = QLineEdit(tags, dialog)
    tags_edit.setPlaceholderText("comma-separated, e.g. water, dark")
    name_edit.setMaxLength(MAX_NAME)
    tags_edit.setMaxLength(MAX_TAGS * (MAX_NAME + 2))
    form.addRow("Name:", name_edit)
    form.addRow("Tags:", tags_edit)
    form.addRow(_buttons(dialog))
    name_edit.selectAll()
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return (name_edit.text(), tags_edit.text())

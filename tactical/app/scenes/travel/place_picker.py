"""A scene of the evening and a place on it: a square (column, row) or an area.

Shared by the Move to scene and the Mark exit dialogs. On a grid it says whether
the square is free and, if not, where the tokens will stand instead. Either map
shows a small picture: a click on it picks the square, or the area (also in the
list of areas above it).
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QFormLayout, QHBoxLayout, QSpinBox, QWidget

from tactical.app.scenes.travel.map_picture import MapPicture
from tactical.app.window.plain_text import plain_label
from tactical.core.evening import Scene
from tactical.core.placement import free_corner
from tactical.core.tokens import Position


class PlacePicker(QWidget):
    """Scene, then square or area (whichever the scene's map has)."""

    def __init__(self, scenes: list[Scene], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scenes = scenes
        form = self._form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        self.scene = QComboBox()
        for scene in scenes:
            self.scene.addItem(scene.name or scene.id, scene.id)
        form.addRow("Scene", self.scene)
        self.column = QSpinBox()
        self.row = QSpinBox()
        square = QHBoxLayout()
        square.setContentsMargins(0, 0, 0, 0)
        square.addWidget(plain_label("column"))
        square.addWidget(self.column)
        square.addWidget(plain_label("row"))
        square.addWidget(self.row)
        self.square_row = QWidget()
        self.square_row.setLayout(square)
        form.addRow("Square", self.square_row)
        self.area = QComboBox()
        form.addRow("Area", self.area)
        self.free = plain_label()
        form.addRow("", self.free)
        self.picture = MapPicture(self.set_place)
        form.addRow("", self.picture)
        self.scene.currentIndexChanged.connect(self._scene_changed)
        self.area.currentIndexChanged.connect(
            lambda _i: self.picture.set_area(self.area.currentData())
        )
        self.column.valueChanged.connect(self._say_free)
        self.row.valueChanged.connect(self._say_free)
        for spin in (self.column, self.row):
            spin.valueChanged.connect(
                lambda _v: self.picture.set_square((self.column.value(), self.row.value()))
            )
        self._scene_changed()

    def target(self) -> Scene | None:
        scene_id = self.scene.currentData()
        return next((s for s in self.scenes if s.id == scene_id), None)

    def pick_scene(self, scene_id: str) -> None:
        index = self.scene.findData(scene_id)
        if index >= 0:
            self.scene.setCurrentIndex(index)

    def set_place(self, place: Position) -> None:
        if isinstance(place, tuple):
            self.column.setValue(place[0])
            self.row.setValue(place[1])
        elif isinstance(place, str):
            self.area.setCurrentIndex(max(0, self.area.findData(place)))

    def place(self) -> Position:
        """The square or area chosen on the chosen scene."""
        scene = self.target()
        if scene is None:
            return None
        if scene.encounter.grid is not None:
            return (self.column.value(), self.row.value())
        data = self.area.currentData()
        return data if isinstance(data, str) else None

    def _scene_changed(self, *_: object) -> None:
        scene = self.target()
        grid = scene.encounter.grid if scene is not None else None
        area_map = scene.encounter.area_map if scene is not None else None
        self._form.setRowVisible(self.square_row, grid is not None)
        self._form.setRowVisible(self.area, area_map is not None)
        self._form.setRowVisible(self.free, grid is not None)  # is the square free
        self._form.setRowVisible(self.picture, grid is not None or area_map is not None)
        self.picture.show_map(scene.encounter if scene is not None else None)
        self.picture.set_square((self.column.value(), self.row.value()))
        self.area.clear()
        if grid is not None:
            self.column.setRange(0, grid.width - 1)
            self.row.setRange(0, grid.height - 1)
        if area_map is not None:
            for area in area_map:
                self.area.addItem(area.name or area.id, area.id)
        self._say_free()

    def _say_free(self, *_: object) -> None:
        scene = self.target()
        if scene is None or scene.encounter.grid is None:
            self.free.setText("")
            return
        wanted = (self.column.value(), self.row.value())
        free = free_corner(scene.encounter, wanted)
        if free == wanted:
            self.free.setText("That square is free.")
        elif free is None:
            self.free.setText("No square of that map is free.")
        else:
            self.free.setText(f"Taken: they arrive from column {free[0]}, row {free[1]} on.")

"""Picking the encounter's combat procedure: a combo of the registered ones and Start."""

from __future__ import annotations

import weakref
from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QWidget

from tactical.rules.registry import listed


def _no_scene() -> object | None:
    return None


class ProcedureChooser(QWidget):
    """Emits :attr:`start_requested` with a procedure id when the GM presses Start."""

    start_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.combo = QComboBox()
        self._offered_kind: str | None = None
        """The map kind the default was last chosen for: a refresh keeps the GM's pick."""
        self._offered_scene: Callable[[], object | None] = _no_scene
        """The scene (its encounter, weakly) it was chosen for: another gets its default."""
        self._kinds: dict[str, str] = {}
        """Each listed procedure's map kind, by id."""
        for listing in listed():  # listed without importing the procedures
            self.combo.addItem(listing.title, listing.id)
            self._kinds[listing.id] = listing.map_kind
        self.start_button = QPushButton("Start")
        self.start_button.setToolTip("Start this procedure from its first step (undoable)")
        self.start_button.clicked.connect(self._start)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("Procedure"))
        layout.addWidget(self.combo, 1)
        layout.addWidget(self.start_button)

    def selected(self) -> str | None:
        data = self.combo.currentData()
        return data if isinstance(data, str) else None

    def show_active(
        self,
        procedure_id: str | None,
        running: bool,
        map_kind: str | None = None,
        scene: object | None = None,
    ) -> None:
        """Select the active procedure; the button restarts when one is running.

        With none active, on another scene (``scene``: its encounter) or a map of
        another kind than before, offer the first procedure written for that kind
        (Thrum on a grid, Approximated Fray on an area map), else the first of all:
        what the scene shows when its file opens, not the pick made on another scene.
        """
        index = self.combo.findData(procedure_id) if procedure_id else -1
        offer = map_kind is not None and (
            map_kind != self._offered_kind or self._offered_scene() is not scene
        )
        self._offered_kind = map_kind
        self._offered_scene = weakref.ref(scene) if scene is not None else _no_scene
        if index < 0 and offer:
            index = next(
                (
                    i
                    for i in range(self.combo.count())
                    if self._kinds.get(self.combo.itemData(i)) == map_kind
                ),
                0 if scene is not None else -1,
            )
        if index >= 0:
            self.combo.setCurrentIndex(index)
        self.start_button.setText("Restart" if running else "Start")

    def _start(self) -> None:
        procedure_id = self.selected()
        if procedure_id is not None:
            self.start_requested.emit(procedure_id)

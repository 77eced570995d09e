"""The background tools of the main window: a Map menu, an overlay slider, new maps from pictures.

- Map > Set background picture… / Align background… / Remove background.
- The Background toolbar (shown while the map has one): how strongly the
  shading and grid are drawn over the picture. It is saved in the encounter,
  so each map remembers its own; one drag of the slider is one undo step.
- File > New > Map from image…: a grid or area map on a picture, aligned first.
- A background that cannot be shown (missing, unreadable, over the limits)
  leaves the map drawn without it and says why in the status bar and in the
  toolbar.

Dialogs are reached through replaceable hooks (``ask_picture_path``,
``ask_alignment``) so tests drive the same code without modal dialogs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QAction, QImage, QPixmap
from PySide6.QtWidgets import QDialog, QFileDialog, QLabel, QMessageBox, QSlider, QToolBar

from tactical.app.backgrounds.making import (
    MapKind,
    StartingGrid,
    background_commands,
    guessed_alignment,
    map_name,
    new_encounter,
    picture_image,
)
from tactical.app.storage.pictures import PictureError, read_picture_file
from tactical.app.window.action_registry import MENU_BAR, Place
from tactical.app.window.plain_text import plain_message_box, set_tooltip
from tactical.core.alignment import Alignment
from tactical.core.changes import GM, ChangeSet
from tactical.core.commands.base import Batch, Command
from tactical.core.commands.grid_size import ResizeGrid
from tactical.core.commands.pictures import SetBackground
from tactical.core.pictures import Picture

if TYPE_CHECKING:
    from tactical.app.editing.install import MapEditing
    from tactical.app.window.services import Services

PICTURE_FILTER = "Pictures (*.png *.jpg *.jpeg *.webp);;All files (*)"
KEY_GESTURE_MS = 900
"""Slider steps by keyboard or wheel closer together than this are one undo step."""

AlignAnswer = tuple[Alignment, MapKind] | None
AskAlignment = Callable[[QImage, Alignment, bool, MapKind], AlignAnswer]


class BackgroundTools(QObject):
    """Background pictures for one main window (see the module's docstring)."""

    def __init__(self, window: Services, map_editing: MapEditing | None = None) -> None:
        super().__init__(window.window())
        self.window = window
        self.map_editing = map_editing
        """Map editing, when installed: its File > New menu, its draw tool for a new area map."""
        self.document = window.document
        self.ask_picture_path: Callable[[], str | None] = self._dialog_picture_path
        self.ask_alignment: AskAlignment = self._dialog_alignment
        self.opening: StartingGrid | None = None
        """What the next alignment dialog opens on for a new picture (None: the map's own)."""
        self.show_error: Callable[[str, str], None] = self._dialog_error
        self._gesture: object | None = None
        self._dragging = False
        self._syncing = False
        self._key_timer = QTimer(self)
        self._key_timer.setSingleShot(True)
        self._key_timer.setInterval(KEY_GESTURE_MS)
        self._key_timer.timeout.connect(self._end_gesture)
        self._build()
        self.document.changes_done.connect(self._on_changes)
        self.document.encounter_replaced.connect(self._on_replaced)
        self._on_replaced()

    # -- building ------------------------------------------------------------------

    def _build(self) -> None:
        window = self.window.window()
        self.set_action = QAction("Set &background picture…", window)
        self.set_action.triggered.connect(lambda _=False: self.set_background_dialog())
        self.align_action = QAction("&Align background…", window)
        self.align_action.triggered.connect(lambda _=False: self.align())
        self.remove_action = QAction("&Remove background", window)
        self.remove_action.triggered.connect(lambda _=False: self.remove())
        self.new_action = QAction("Map from &image…", window)
        self.new_action.triggered.connect(lambda _=False: self.new_map_dialog())
        registry = self.window.action_registry
        self.map_menu = registry.add_menu("map", "&Map", Place(MENU_BAR, "1", 40))
        for order, action in enumerate((self.set_action, self.align_action, self.remove_action)):
            registry.put_in_menu(action, Place("map", "1_background", order))
        if self.map_editing is not None:  # File > New > Map from image…
            registry.put_in_menu(self.new_action, Place("new-empty", "1", 30))
        else:
            registry.put_in_menu(self.new_action, Place("map", "1_background", 3))
        bar = QToolBar("Background", window)
        bar.setObjectName("background")
        bar.addWidget(QLabel(" Overlay over the picture "))
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, 100)
        self.slider.setFixedWidth(160)
        self.slider.setToolTip(
            "How strongly elevation, terrain and the grid are drawn over the picture"
        )
        self.slider.sliderPressed.connect(self._start_drag)
        self.slider.sliderReleased.connect(self._end_drag)
        self.slider.valueChanged.connect(self._slid)
        bar.addWidget(self.slider)
        self.value_label = QLabel()
        bar.addWidget(self.value_label)
        bar.addAction(self.align_action)
        self.problem_label = QLabel()
        self.problem_label.setTextFormat(Qt.TextFormat.PlainText)
        self.problem_label.setStyleSheet("color: #b00020; font-weight: bold; padding: 0 6px;")
        bar.addWidget(self.problem_label)
        registry.add_toolbar("background", bar)
        self.toolbar = bar

    # -- state -----------------------------------------------------------------------

    def _on_replaced(self) -> None:
        self._sync()
        self._report_problem()

    def _on_changes(self, changes: ChangeSet) -> None:
        if changes.touches(("background", "pictures")):
            self._sync()
            self._report_problem()

    def problem(self) -> str | None:
        """Why the background is not shown, or None."""
        return self.window.scene.background_art.problem

    def _report_problem(self) -> None:
        problem = self.problem()
        background = self.document.encounter.background
        if problem is None or background is None:
            self.problem_label.setText("")
            self.problem_label.setToolTip("")
            return
        entry = self.document.encounter.pictures.get(background.picture)
        named = f" {entry.path}" if entry is not None and entry.path else ""
        message = f"The background picture{named} is not shown: it {problem}."
        self.problem_label.setText("Picture not shown")
        set_tooltip(self.problem_label, message)  # the path comes from the file: plain text
        self.window.say(message)

    def _sync(self) -> None:
        background = self.document.encounter.background
        has = background is not None
        self.toolbar.setVisible(has)
        self.align_action.setEnabled(has)
        self.remove_action.setEnabled(has)
        if background is not None:
            value = round(background.overlay_opacity * 100)
            self._syncing = True
            self.slider.setValue(value)
            self._syncing = False
            self.value_label.setText(f" {value} % ")

    # -- the overlay slider --------------------------------------------------------------

    def _start_drag(self) -> None:
        self._dragging = True
        self._gesture = object()

    def _end_drag(self) -> None:
        self._dragging = False
        self._gesture = None

    def _end_gesture(self) -> None:
        if not self._dragging:
            self._gesture = None

    def _slid(self, value: int) -> None:
        if self._syncing:
            return
        if not self._dragging:
            if self._gesture is None:
                self._gesture = object()
            self._key_timer.start()
        self.set_overlay(value / 100, self._gesture)

    def set_overlay(self, opacity: float, gesture: object | None = None) -> None:
        """Draw the shading and grid this strongly over the picture (one gesture, one undo step)."""
        background = self.document.encounter.background
        if background is None:
            return
        opacity = min(1.0, max(0.0, opacity))
        if opacity == background.overlay_opacity:
            return
        self.document.push(
            SetBackground(
                replace(background, overlay_opacity=opacity),
                text="Background overlay",
                gesture=gesture,
            ),
            GM,
        )

    # -- setting, aligning, removing -------------------------------------------------------

    def _image(self) -> QImage | None:
        return self.window.scene.background_art.image

    def align(self) -> bool:
        """Map > Align background…: the dialog, then one undo step (a grid is resized to fit)."""
        encounter = self.document.encounter
        background = encounter.background
        image = self._image()
        if background is None or image is None:
            self.window.say("This map has no background picture to align.")
            return False
        current = Alignment(background.x, background.y, background.square_px)
        self.opening = None
        kind: MapKind = "grid" if encounter.grid is not None else "areas"
        answer = self.ask_alignment(image, current, False, kind)
        if answer is None:
            return False
        alignment, _kind = answer
        command = background_commands(encounter, alignment, image)
        self.document.push(command, GM)
        self.window.say(self._size_message("Background aligned", command))
        return True

    def remove(self) -> bool:
        if self.document.encounter.background is None:
            return False
        self.document.push(SetBackground(None), GM)
        self.window.say("Background removed (Undo brings it back).")
        return True

    def set_background_dialog(self) -> bool:
        name = self.ask_picture_path()
        return bool(name) and self.set_background_from_file(Path(name))  # type: ignore[arg-type]

    def set_background_from_file(self, path: Path) -> bool:
        """Lay a picture file under this map after aligning it; a refused one changes nothing."""
        loaded = self._read(path)
        if loaded is None:
            return False
        picture, image = loaded
        encounter = self.document.encounter
        self.opening = guessed_alignment(image)
        kind: MapKind = "grid" if encounter.grid is not None else "areas"
        answer = self.ask_alignment(image, self.opening.alignment, False, kind)
        if answer is None:
            return False
        alignment, _kind = answer
        command = background_commands(encounter, alignment, image, picture, text="Set background")
        self.document.push(command, GM)
        self.window.say(self._size_message(f"Background set from {path.name}", command))
        return True

    def new_map_dialog(self) -> bool:
        name = self.ask_picture_path()
        return bool(name) and self.new_map_from_file(Path(name))  # type: ignore[arg-type]

    def new_map_from_file(self, path: Path) -> bool:
        """File > New > Map from image…: align, choose grid or areas, open it untitled."""
        loaded = self._read(path)
        if loaded is None:
            return False
        picture, image = loaded
        if not self.window.files.maybe_save():
            return False
        self.opening = guessed_alignment(image)
        answer = self.ask_alignment(image, self.opening.alignment, True, "grid")
        if answer is None:
            return False
        alignment, kind = answer
        encounter = new_encounter(picture, image, alignment, kind, map_name(path))
        self.document.replace_encounter(encounter, None)
        self.document.mark_modified()
        if kind == "areas":
            editing = self.map_editing
            if editing is not None:
                editing.set_editing(True)  # the draw tool: trace the areas over the picture
            self.window.say("New area map: click the corners of each area over the picture.")
        else:
            self.window.say(self._size_message(f"New map from {path.name}"))
        return True

    def _size_message(self, prefix: str, command: Command | None = None) -> str:
        grid = self.document.encounter.grid
        if grid is None:
            return prefix + "."
        message = f"{prefix}: the map is {grid.width} x {grid.height} squares."
        parts = command.commands if isinstance(command, Batch) else []
        off = sum(len(c.moved) for c in parts if isinstance(c, ResizeGrid))
        if off:
            message += (
                f" {off} token{'' if off == 1 else 's'} no longer fit and went off the map"
                " (Undo brings them back)."
            )
        return message

    def _read(self, path: Path) -> tuple[Picture, QImage] | None:
        try:
            picture, _info = read_picture_file(path)
            image = picture_image(picture)
        except PictureError as error:
            self.refuse(path, error)
            return None
        return picture, image

    def refuse(self, path: Path, error: PictureError) -> None:
        """Say why a picture file is not used (status bar and a message box)."""
        message = f"{path.name} {error}."
        self.window.say(f"Picture refused: {message}")
        self.show_error("Picture not used", message)

    # -- default dialogs ------------------------------------------------------------------

    def _dialog_picture_path(self) -> str | None:
        start = self.window.files.start_folder()
        name, _ = QFileDialog.getOpenFileName(
            self.window.window(), "Picture", start, PICTURE_FILTER
        )
        return name or None

    def _dialog_alignment(
        self, image: QImage, alignment: Alignment, new: bool, kind: MapKind
    ) -> AlignAnswer:
        from tactical.app.backgrounds.align_dialog import AlignDialog

        grid = self.document.encounter.grid
        dialog = AlignDialog(
            QPixmap.fromImage(image),
            alignment,
            self.window.window(),
            choose_kind=new,
            kind=kind,
            title="New map from a picture" if new else "Align background",
            current_size=None if new or grid is None else (grid.width, grid.height),
            opening_note=self.opening.note if self.opening is not None else "",
        )
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.alignment(), dialog.kind()

    def _dialog_error(self, title: str, text: str) -> None:
        plain_message_box(self.window.window(), QMessageBox.Icon.Warning, title, text).exec()


def install_backgrounds(window: Services, map_editing: MapEditing | None = None) -> BackgroundTools:
    """Add the background tools to ``window`` (after map editing, whose File > New it extends)."""
    return BackgroundTools(window, map_editing)

"""Files dropped on the main window: encounters, pictures, foreign map files.

One small table (:data:`HANDLERS`) says what each kind of file does:

- an encounter (``.tactical.json``, ``.json``) is opened, as with File > Open;
- a picture (anything else; its real type is sniffed from its bytes): the GM
  chooses a new map from it or this map's background;
- a foreign map file (Universal VTT: ``.dd2vtt``, ``.uvtt``, ``.df2vtt``) is
  imported as a new map, as with File > Import....

A picture dropped on the map itself becomes a token where it was dropped when
the token palette's "Pictures dropped on the map make tokens" is on, or when
Shift is held while dropping (:attr:`DropTarget.token_drop`, set by the
palette); otherwise the GM chooses as above.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QMessageBox, QWidget

from tactical.app.storage.import_export import is_foreign_file, open_foreign_file
from tactical.app.storage.pictures import PictureError, read_picture_file
from tactical.app.window.plain_text import plain_message_box

if TYPE_CHECKING:
    from tactical.app.backgrounds import BackgroundTools
    from tactical.app.window.services import Services


FileKind = Literal["encounter", "foreign", "picture"]
PictureUse = Literal["new", "background"]
ENCOUNTER_SUFFIXES = (".tactical.json", ".json")


def file_kind(path: Path) -> FileKind:
    """What a dropped file is, by its name (a picture's real type is checked when read)."""
    name = path.name.lower()
    if is_foreign_file(path):
        return "foreign"
    if name.endswith(ENCOUNTER_SUFFIXES):
        return "encounter"
    return "picture"


def _open_encounter(target: DropTarget, path: Path) -> bool:
    return target.services.files.open_path(path)


def _open_foreign(target: DropTarget, path: Path) -> bool:
    return open_foreign_file(target.services, path)


def _drop_picture(target: DropTarget, path: Path) -> bool:
    """Ask: a new map from the picture, or this map's background (a map is always open)."""
    tools = target.backgrounds
    try:
        read_picture_file(path)  # not a picture, or over the limits: refused before asking
    except PictureError as error:
        tools.refuse(path, error)
        return False
    use = ask_picture_use(target, path)
    if use == "new":
        return tools.new_map_from_file(path)
    if use == "background":
        return tools.set_background_from_file(path)
    return False


HANDLERS: dict[FileKind, Callable[[DropTarget, Path], bool]] = {
    "encounter": _open_encounter,
    "picture": _drop_picture,
    "foreign": _open_foreign,
}


def _ask_picture_use(target: DropTarget, path: Path) -> PictureUse | None:
    box = plain_message_box(
        target.services.window(),
        QMessageBox.Icon.Question,
        "A picture was dropped",
        f"What should {path.name} become?",
    )
    new = box.addButton("New map from it", QMessageBox.ButtonRole.AcceptRole)
    background = box.addButton("Background of this map", QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    clicked = box.clickedButton()
    if clicked is new:
        return "new"
    if clicked is background:
        return "background"
    return None


ask_picture_use: Callable[[DropTarget, Path], PictureUse | None] = _ask_picture_use
"""Asks what a picture dropped on an open map becomes (tests replace it)."""


def handle_drop(target: DropTarget, paths: list[Path]) -> bool:
    """Do what the first dropped file's kind says (one file at a time, and the GM is told
    when the others were left out)."""
    if not paths:
        return False
    path = paths[0]
    done = HANDLERS[file_kind(path)](target, path)
    say_left_out(target.services, paths)
    return done


def say_left_out(services: Services, paths: list[Path]) -> None:
    """Say that only the first of several dropped files was used (nothing for one file)."""
    if len(paths) > 1:
        services.say(
            f"{len(paths)} files were dropped: only {paths[0].name} was used "
            "(drop one file at a time)."
        )


class DropTarget(QObject):
    """Takes local files dragged over the window or the map to :func:`handle_drop`."""

    def __init__(
        self, services: Services, backgrounds: BackgroundTools, widgets: list[QWidget]
    ) -> None:
        super().__init__(services.window())
        self.services = services
        self.backgrounds = backgrounds
        self.token_drop: Callable[[Path, QPointF], bool] | None = None
        """Makes a token of a picture dropped at a scene point (the token palette's)."""
        self.token_mode: Callable[[], bool] = lambda: False
        """True when every picture dropped on the map makes a token (the palette's switch)."""
        for widget in widgets:
            widget.setAcceptDrops(True)
            widget.installEventFilter(self)

    @staticmethod
    def _paths(event: QDropEvent | QDragEnterEvent | QDragMoveEvent) -> list[Path]:
        mime = event.mimeData()
        if not mime.hasUrls():
            return []
        return [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            assert isinstance(event, QDragEnterEvent | QDragMoveEvent)
            if self._paths(event):
                event.acceptProposedAction()
                return True
        elif kind == QEvent.Type.Drop:
            assert isinstance(event, QDropEvent)
            paths = self._paths(event)
            if paths:
                event.acceptProposedAction()
                if not self._drop_token(watched, event, paths):
                    handle_drop(self, paths)
                return True
        return False

    def _drop_token(self, watched: QObject, event: QDropEvent, paths: list[Path]) -> bool:
        """A picture dropped on the map in token mode (or with Shift): a token there."""
        if self.token_drop is None or watched is not self.services.view.viewport():
            return False
        if file_kind(paths[0]) != "picture":
            return False
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if not (shift or self.token_mode()):
            return False
        point = self.services.view.mapToScene(event.position().toPoint())
        self.token_drop(paths[0], point)
        say_left_out(self.services, paths)
        return True


def install_drops(services: Services, backgrounds: BackgroundTools) -> DropTarget:
    """Let files be dropped on the window and its map (pictures go to ``backgrounds``)."""
    return DropTarget(services, backgrounds, [services.window(), services.view.viewport()])

"""The token palette's behaviour: what its buttons, drops and dialogs do to the document.

Every edit is one undo step on the document's stack: adding a token (with its
picture: ``Batch(AddPicture, AddToken)``), duplicating, deleting, hiding, and
adding, renaming or recolouring a side. Questions to the GM go through
replaceable hooks (:attr:`Palette.ask_text`, :attr:`Palette.ask_colour`,
:attr:`Palette.ask_path`) so tests can answer them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QColorDialog, QFileDialog, QInputDialog, QLineEdit
from shiboken6 import isValid

from tactical.app.encounter.limits import MAX_NAME
from tactical.app.map.geometry import square_at
from tactical.app.storage.files import dialog_folder
from tactical.app.tokens.palette.adding import name_from_file
from tactical.app.tokens.palette.dock import PaletteDock
from tactical.app.tokens.palette.edits import (
    add_side_command,
    duplicate_command,
    recolour_side_command,
    rename_side_command,
)
from tactical.core.changes import GM, ChangeSet
from tactical.core.pictures import Picture
from tactical.core.placement import free_corner
from tactical.core.tokens import Position

if TYPE_CHECKING:
    from tactical.app.tokens.palette.map_tokens import MapTokens
    from tactical.app.window.services import Services

PICTURE_FILTER = "Pictures (*.png *.jpg *.jpeg *.webp);;All files (*)"
PALETTE_KINDS = {"sides", "pictures"}
"""Kinds of change the palette refills on; tokens refill it through the scene (which
knows whether secrets are hidden on this screen)."""


class Palette:
    """The token palette of one window."""

    def __init__(self, services: Services, token_edits: MapTokens) -> None:
        self.services = services
        self.token_edits = token_edits
        self.document = services.document
        self.scene = services.scene
        self.adder = token_edits.adder
        self.adder.shows = self.scene.shows_token
        self.ask_text: Callable[[str, str, str], str | None] = self._dialog_text
        self.ask_colour: Callable[[str], str | None] = self._dialog_colour
        self.ask_path: Callable[[], Path | None] = self._dialog_path
        self.dock = PaletteDock(self, services.window())
        self._stale = True
        self.dock.visibilityChanged.connect(self._on_visibility)
        self.document.changes_done.connect(self._on_changes)
        self.document.encounter_replaced.connect(self.refresh)
        self.scene.selectionChanged.connect(self._scene_selection_changed)
        self.scene.tokens_refreshed.connect(self.refresh)
        self.scene.tokens_refreshed.connect(self.say_picture_problems)
        self.scene.map_refreshed.connect(self.say_picture_problems)
        self.refresh()
        self.say_picture_problems()

    def say(self, text: str) -> None:
        self.services.say(text)

    # -- showing ---------------------------------------------------------------------

    def refresh(self) -> None:
        """Refill the lists; while the dock is hidden, only once it is shown again (a drag
        on a 200-token map changes the tokens at every step)."""
        if not self.dock.isVisible():
            self._stale = True
            return
        self._stale = False
        encounter = self.document.encounter
        self.dock.fill_pictures(
            [
                (c.picture.id if c.picture is not None else "", c.label, c.icon)
                for c in self.adder.picture_choices()
            ]
        )
        selected = set(self.token_edits.selected())
        rows = []
        for token in self.scene.visible_tokens():  # no hidden token while secrets are hidden
            side = encounter.sides.get(token.side)
            rows.append((token.id, token.name, side.color if side else "#808080", token.hidden))
        self.dock.fill_tokens(rows, selected)
        self.dock.fill_sides([(s.id, s.name, s.color) for s in encounter.sides.values()])

    def _on_visibility(self, visible: bool) -> None:
        if visible and self._stale:
            self.refresh()

    def _on_changes(self, changes: ChangeSet) -> None:
        if changes.touches(PALETTE_KINDS):
            self.refresh()

    def say_picture_problems(self) -> None:
        """Say each token picture that is not drawn, once (a path leaving the folder, ...).

        All in one message, so a second missing picture does not hide the first.
        """
        problems = self.scene.token_pictures.take_new_problems()
        if problems:
            self.say(" ".join(problems))

    def _scene_selection_changed(self) -> None:
        if not (isValid(self.scene) and isValid(self.dock)):  # the window is being destroyed
            return
        if self._stale:
            self.refresh()
        self.dock.select_tokens(set(self.token_edits.selected()))

    def list_selection_changed(self) -> None:
        self.select_only(self.dock.selected_ids())

    # -- adding tokens -------------------------------------------------------------------

    def chosen_picture(self) -> Picture | None:
        choices = self.adder.picture_choices()
        index = self.dock.current_picture()
        return choices[index].picture if index < len(choices) else None

    def place(self, size: int, near: QPointF | None = None) -> Position:
        """Where a new token goes: the nearest free corner to ``near`` (default: the middle
        of what the GM sees); on an area map the area there, else the first area."""
        point = near if near is not None else self.services.view.visible_scene_rect().center()
        encounter = self.document.encounter
        if encounter.area_map is not None:
            area = self.token_edits.position_at(point)
            return area if area is not None else next(iter(encounter.area_map.areas), None)
        grid = encounter.grid
        assert grid is not None
        col, row = square_at(point.x(), point.y())
        col = min(max(col, 0), grid.width - 1)
        row = min(max(row, 0), grid.height - 1)
        return free_corner(encounter, (col, row), size)

    def add_token(
        self, picture: Picture | None = None, *, near: QPointF | None = None, name: str = ""
    ) -> str | None:
        """The form, then the token near ``near`` (or the view's middle); its id or None."""
        chosen = picture if picture is not None else self.chosen_picture()
        try:
            spec = self.adder.ask(
                self.adder.form(picture=chosen, name=name or self.adder.name_for(chosen))
            )
        except ValueError as error:
            self.say(f"Refused: {error}.")
            return None
        if spec is None:
            return None
        position = self.place(spec.size, near)
        if position is None and self.document.encounter.grid is not None:
            self.say("Refused: there is no free square for the token there.")
            return None
        token_id = self.adder.add_spec(spec, position)
        if token_id is not None:
            self.say(f"Added {spec.name}.")
        return token_id

    def add_from_file(self, path: Path, near: QPointF | None = None) -> str | None:
        """A token from a picture file the GM chose or dropped (refused over the limits)."""
        picture = self.adder.choose_file(path)
        if picture is None:
            return None
        self.refresh()
        return self.add_token(picture, near=near, name=name_from_file(path))

    def add_from_file_dialog(self) -> None:
        path = self.ask_path()
        if path is not None:
            self.add_from_file(path)

    def drop(self, path: Path, point: QPointF) -> bool:
        return self.add_from_file(path, point) is not None

    # -- tokens --------------------------------------------------------------------------

    def duplicate(self, token_ids: list[str]) -> list[str]:
        if not token_ids:
            self.say("Select the tokens to duplicate first.")
            return []
        command, new_ids = duplicate_command(self.document.encounter, token_ids)
        if new_ids:
            self.document.push(command, GM)
            self.select_only(new_ids)  # the GM's next drag moves the copies
            names = [self.document.encounter.tokens[t].name for t in new_ids]
            shown = ", ".join(names) if len(names) <= 4 else f"{len(names)} copies"
            self.say(f"Added {shown}.")
        return new_ids

    def select_only(self, token_ids: list[str]) -> None:
        """Select these tokens on the map (the list follows), and no other."""
        chosen = set(token_ids)
        for token_id, item in self.scene.token_items.items():
            item.setSelected(token_id in chosen)

    def delete(self, token_ids: list[str]) -> None:
        self.token_edits.remove_tokens(token_ids)

    def toggle_hidden(self, token_ids: list[str]) -> None:
        self.token_edits.toggle_hidden(token_ids)

    def edit(self, token_ids: list[str]) -> None:
        if not token_ids:
            self.say("Select the tokens to edit first.")
            return
        self.token_edits.editor.edit(token_ids)

    # -- sides ---------------------------------------------------------------------------

    def add_side(self, name: str, colour: str) -> str | None:
        try:
            command, side_id = add_side_command(self.document.encounter, name, colour)
        except ValueError as error:
            self.say(f"Refused: {error}.")
            return None
        self.document.push(command, GM)
        return side_id

    def rename_side(self, side_id: str, name: str) -> None:
        if side_id not in self.document.encounter.sides:
            return
        try:
            self.document.push(rename_side_command(side_id, name), GM)
        except ValueError as error:
            self.say(f"Refused: {error}.")

    def recolour_side(self, side_id: str, colour: str) -> None:
        if side_id not in self.document.encounter.sides:
            return
        try:
            self.document.push(recolour_side_command(side_id, colour), GM)
        except ValueError as error:
            self.say(f"Refused: {error}.")

    def add_side_dialog(self) -> None:
        name = self.ask_text("Add side", "Name of the new side:", "")
        if not name:
            return
        colour = self.ask_colour("#808080")
        if colour is not None:
            self.add_side(name, colour)

    def rename_side_dialog(self, side_id: str | None) -> None:
        side = self.document.encounter.sides.get(side_id or "")
        if side is None:
            return
        name = self.ask_text("Rename side", "New name:", side.name)
        if name:
            self.rename_side(side.id, name)

    def recolour_side_dialog(self, side_id: str | None) -> None:
        side = self.document.encounter.sides.get(side_id or "")
        if side is None:
            return
        colour = self.ask_colour(side.color)
        if colour is not None:
            self.recolour_side(side.id, colour)

    # -- default dialogs -------------------------------------------------------------------

    def _dialog_text(self, title: str, label: str, text: str) -> str | None:
        dialog = QInputDialog(self.services.window())
        dialog.setWindowTitle(title)
        dialog.setLabelText(label)
        dialog.setTextValue(text)
        for line in dialog.findChildren(QLineEdit):
            line.setMaxLength(MAX_NAME)
        ok = dialog.exec() == QInputDialog.DialogCode.Accepted
        return dialog.textValue() if ok else None

    def _dialog_colour(self, colour: str) -> str | None:
        chosen = QColorDialog.getColor(QColor(colour), self.services.window(), "Side colour")
        return chosen.name() if chosen.isValid() else None

    def _dialog_path(self) -> Path | None:
        start = dialog_folder(self.document.path, self.services.settings)
        name, _ = QFileDialog.getOpenFileName(
            self.services.window(), "Token picture", start, PICTURE_FILTER
        )
        return Path(name) if name else None

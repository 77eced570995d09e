"""The map editing tools: thin Qt adapters over :mod:`tactical.app.map.interaction`.

Each tool takes the view's pointer events like the tools in
:mod:`tactical.app.map.tools`, asks a Qt-free controller what they mean, shows the
answer on the :class:`EditOverlay` and pushes the resulting core command on
the document (one undo step per gesture). Refusals go to the status bar.
Besides the view's press / move / release / cancel, an editing tool may take
keys (Enter, Backspace, Delete), double-clicks and the right-click menu; the
window's :class:`tactical.app.editing.install.MapEditing` routes those.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QLineF, QPointF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QMenu, QWidget

from tactical.app.editing.overlay import (
    DOOR_RUN,
    ERASE,
    HOVER,
    RUN,
    EditOverlay,
    EditPicture,
)
from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.geometry import CELL
from tactical.app.map.interaction.events import Pointer
from tactical.app.map.interaction.paint import Brush, PaintStroke
from tactical.app.map.interaction.walls import WallDrawer, WallKind, edge_segment
from tactical.app.map.map_view import MapView
from tactical.core.changes import GM
from tactical.core.commands.base import Command
from tactical.core.grid import Edge

Say = Callable[[str], None]
AskDetails = Callable[[str, str], tuple[str, str] | None]
"""Ask for an area's name and tags (given the current ones); None when cancelled."""


def edge_lines(edges: list[Edge]) -> list[QLineF]:
    lines = []
    for e in edges:
        (i0, j0), (i1, j1) = edge_segment(e)
        lines.append(QLineF(i0 * CELL, j0 * CELL, i1 * CELL, j1 * CELL))
    return lines


class EditTool:
    """What every editing tool shares: the document, the overlay, the status bar."""

    def __init__(
        self, view: MapView, document: EncounterDocument, overlay: EditOverlay, say: Say
    ) -> None:
        self.view = view
        self.document = document
        self.overlay = overlay
        self.say = say

    @property
    def px(self) -> float:
        """Scene units per screen pixel now."""
        return 1.0 / max(self.view.zoom, 1e-6)

    def push(self, command: Command | None, message: str = "") -> None:
        if command is not None:
            self.document.push(command, GM)
        if message:
            self.say(message)

    def show(self, picture: EditPicture) -> None:
        self.overlay.show_state(picture, self.px)

    # the view's protocol
    def activate(self) -> None:
        """Chosen: nothing to prepare (the editing controls refresh the overlay)."""

    def press(self, pointer: Pointer) -> bool:
        return False

    def move(self, pointer: Pointer) -> bool:
        return False

    def release(self, pointer: Pointer) -> bool:
        return False

    def cancel(self) -> None:
        self.overlay.clear()

    def refresh(self) -> None:
        """Redraw the overlay after the map changed (an undo, a replaced encounter)."""

    # what MapEditing routes
    def wants_key(self, key: int) -> bool:
        return False

    def key(self, key: int) -> None:
        return None

    def double_click(self, pointer: Pointer) -> bool:
        return False

    def context_menu(self, point: QPointF, parent: QWidget) -> QMenu | None:
        return None

    def takes_right_click(self) -> bool:
        """Whether the right button is this tool's own gesture (then no menu opens)."""
        return False

    def leave(self) -> None:
        """The cursor left the map: a hover mark (not a gesture under way) goes."""


class PaintTool(EditTool):
    """Raise, lower or level elevation, or set terrain, with a square brush."""

    def __init__(
        self, view: MapView, document: EncounterDocument, overlay: EditOverlay, say: Say
    ) -> None:
        super().__init__(view, document, overlay, say)
        self.stroke = PaintStroke(lambda: document.encounter)

    @property
    def brush(self) -> Brush:
        return self.stroke.brush

    @brush.setter
    def brush(self, brush: Brush) -> None:
        self.stroke.brush = brush

    def press(self, pointer: Pointer) -> bool:
        if not pointer.left:
            return False
        self.push(self.stroke.press(pointer), self.stroke.message)
        self._outline(pointer)
        return True

    def move(self, pointer: Pointer) -> bool:
        if self.stroke.active:
            self.push(self.stroke.move(pointer), self.stroke.message)
        self._outline(pointer)
        return True

    def release(self, pointer: Pointer) -> bool:
        if not self.stroke.active:
            return False
        self.stroke.release(pointer)
        return True

    def cancel(self) -> None:
        self.stroke.cancel()
        super().cancel()

    def leave(self) -> None:
        if not self.stroke.active:
            self.overlay.clear()

    def _outline(self, pointer: Pointer) -> None:
        squares = self.stroke.under(pointer)
        if squares != self.overlay.picture.squares:
            self.show(EditPicture(squares=squares))


class WallTool(EditTool):
    """Walls or doors on the edges between squares: click toggles, drag draws a run."""

    def __init__(
        self,
        view: MapView,
        document: EncounterDocument,
        overlay: EditOverlay,
        say: Say,
        kind: WallKind,
    ) -> None:
        super().__init__(view, document, overlay, say)
        self.drawer = WallDrawer(lambda: document.encounter, kind)
        self._hovered: Edge | None = None

    def press(self, pointer: Pointer) -> bool:
        if not pointer.left:
            return False
        feedback = self.drawer.press(pointer)
        if feedback is not None:
            self._hovered = None
            self.show(EditPicture())
        return True

    def move(self, pointer: Pointer) -> bool:
        if self.drawer.active:
            feedback = self.drawer.move(pointer)
            if feedback is not None:
                colour = (
                    ERASE if feedback.erase else (DOOR_RUN if self.drawer.kind == "door" else RUN)
                )
                self.show(
                    EditPicture(
                        segments=edge_lines(feedback.edges),
                        segment_colour=QColor(colour),
                        dashed=feedback.erase,
                    )
                )
            return True
        hovered = self.drawer.hover(pointer)
        if hovered != self._hovered:
            self._hovered = hovered
            lines = edge_lines([hovered]) if hovered is not None else []
            self.show(EditPicture(segments=lines, segment_colour=QColor(HOVER)))
        return True

    def release(self, pointer: Pointer) -> bool:
        if not self.drawer.active:
            return False
        feedback = self.drawer.release(pointer)
        self.overlay.clear()
        self._hovered = None
        self.push(feedback.command, feedback.message)
        return True

    def cancel(self) -> None:
        self.drawer.cancel()
        self._hovered = None
        super().cancel()

    def leave(self) -> None:
        if not self.drawer.active:
            self._hovered = None
            self.overlay.clear()

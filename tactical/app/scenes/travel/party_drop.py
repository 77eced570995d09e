"""A party character dragged from the token palette's Party section onto the map.

The GM's map takes the drag (its id in :data:`~tactical.app.tokens.palette.party_section.
CHARACTER_MIME`) and, on the drop, puts the character's token on the square (or area)
under the cursor: the nearest free square on a grid, as Place here does. One undo step.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QPointF
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QWidget

from tactical.app.scenes.travel.party import PartyActions
from tactical.app.tokens.palette.party_section import dragged_character
from tactical.core.tokens import Position

_DRAGS = (QEvent.Type.DragEnter, QEvent.Type.DragMove)


class PartyDrop(QObject):
    """Takes party characters dropped on ``viewport`` (the GM's map)."""

    def __init__(
        self,
        viewport: QWidget,
        party: PartyActions,
        point_at: Callable[[QPointF], QPointF],
        position_at: Callable[[QPointF], Position],
    ) -> None:
        super().__init__(viewport)
        self.party = party
        self.point_at = point_at
        """A viewport point's scene point."""
        self.position_at = position_at
        viewport.setAcceptDrops(True)
        viewport.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in _DRAGS and isinstance(event, QDragEnterEvent | QDragMoveEvent):
            if dragged_character(event.mimeData()) is None:
                return False
            event.acceptProposedAction()
            return True
        if kind == QEvent.Type.Drop and isinstance(event, QDropEvent):
            character_id = dragged_character(event.mimeData())
            if character_id is None:
                return False
            event.acceptProposedAction()
            position = self.position_at(self.point_at(event.position()))
            if position is not None:
                self.party.place(character_id, position)
            return True
        return False

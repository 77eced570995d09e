"""What the token palette asks of the map's token actions, as a protocol.

The window's :class:`~tactical.app.tokens.token_edits.TokenEdits` is one; the palette
imports no token actions (which use the palette's forms), so the two stay apart.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QPointF

from tactical.app.tokens.palette.adding import TokenAdder
from tactical.app.tokens.palette.editing import TokenEditor
from tactical.core.tokens import Position


class MapTokens(Protocol):
    """The map's tokens as the palette sees them: selected, added, edited, removed, hidden."""

    @property
    def adder(self) -> TokenAdder: ...

    @property
    def editor(self) -> TokenEditor: ...

    def selected(self) -> list[str]: ...

    def position_at(self, point: QPointF) -> Position: ...

    def remove_tokens(self, token_ids: list[str]) -> None: ...

    def toggle_hidden(self, token_ids: list[str]) -> None: ...

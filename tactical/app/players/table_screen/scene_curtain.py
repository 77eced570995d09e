"""The curtain while the players' screen changes scene: black until the new scene is drawn.

When the GM shows another scene (or opens another file), the player view's
relay says ``replacing`` before it points at the new encounter: the curtain
(the battle mat's blackout look, :class:`~.curtains.Blackout`) goes down at once,
over everything. The new scene is built while it is down; it comes up on the
next turn of the event loop, once the view has been fitted (or follows the GM)
and laid out, so the first frame the players see of the next map is that map
drawn with its fog, never a frame of it without.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer

from tactical.app.players.player_view import PlayerView
from tactical.app.players.table_screen.curtains import Blackout


class SceneCurtain(QObject):
    """Down from ``replacing`` until the new scene is drawn (see the module's docstring)."""

    def __init__(self, player: PlayerView) -> None:
        super().__init__(player)
        self.player = player
        self.curtain = Blackout(player)
        self._pending = 0
        player.document.replacing.connect(self.down)
        player.document.encounter_replaced.connect(self._built)

    @property
    def is_down(self) -> bool:
        return self.curtain.isVisibleTo(self.player)

    def down(self) -> None:
        """The scene shown is about to change: black over everything, at once."""
        self._pending += 1
        self.curtain.lift()

    def _built(self) -> None:
        """The new scene is built: up once the view has taken its new place."""
        QTimer.singleShot(0, self._up)

    def _up(self) -> None:
        self._pending = max(0, self._pending - 1)
        if not self._pending:  # a second switch meanwhile keeps it down for that one
            self.curtain.hide()

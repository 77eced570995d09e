"""How the players' legend and summary column stand on the players' screen.

Both turn with the screen (a TV lying flat, turned a quarter for players on
another side): the column stands on the players' right (or left, as the GM
chooses) and reads their way up; the legend reads their way up in the corner
the GM chose (the players' bottom left unless moved), leaving it only for a
token. At battle-mat scale, where every square of the screen is a square of the
table, the two never take more than a tenth of the screen between them: the
column at most :data:`COLUMN_SHARE` of the width across it, the legend at most
:data:`LEGEND_SHARE` of the map's area (it is drawn smaller to fit).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QBoxLayout, QWidget

from tactical.app.map.legend import ElevationLegend
from tactical.app.players.legend_clear import LegendOffTokens
from tactical.app.players.players_summary import THICKNESS, SummaryColumn, column_direction

COLUMN_SHARE = 0.08
LEGEND_SHARE = 0.02
MAT_SHARE = COLUMN_SHARE + LEGEND_SHARE
"""At most a tenth of the players' screen, at battle-mat scale."""
PLAYER_LABEL_SCALE = 1.5
"""The players' text, read from across the table, before a label size is chosen."""


class PlayersArrangement(QObject):
    """Places, turns and sizes one player view's column and legend (see the module)."""

    def __init__(
        self,
        player: QWidget,
        row: QBoxLayout,
        column: SummaryColumn,
        legend: ElevationLegend,
        legend_keeper: LegendOffTokens,
    ) -> None:
        """``player``: the players' window, whose ``row`` holds the map and the ``column``;
        the ``legend`` stands over the map, kept off the tokens by ``legend_keeper``."""
        super().__init__(player)
        self.player = player
        self.row = row
        self.column = column
        self.legend = legend
        self.legend_keeper = legend_keeper
        self.rotation = 0
        self.label_scale = PLAYER_LABEL_SCALE
        self.mat_locked = False
        self.summary_on_right = True
        self.legend_home = Qt.Corner.BottomLeftCorner
        """The players' corner for the legend (their bottom left unless the GM moved it)."""
        player.installEventFilter(self)
        self.apply()

    def set_rotation(self, degrees: int) -> None:
        self.rotation = degrees % 360
        self.apply()

    def set_label_scale(self, factor: float) -> None:
        self.label_scale = factor
        self.apply()

    def set_mat_locked(self, locked: bool) -> None:
        if locked != self.mat_locked:
            self.mat_locked = locked
            self.apply()

    def set_summary_side(self, on_right: bool) -> None:
        self.summary_on_right = on_right
        self.apply()

    def set_legend_corner(self, corner: Qt.Corner) -> None:
        self.legend_home = corner
        self.apply()

    # -- sizes ----------------------------------------------------------------------------

    def thickness(self) -> int:
        """The column's pixels across: its usual size, capped on a battle mat."""
        player = self.player
        across = player.width() if self.rotation in (0, 180) else player.height()
        if not self.mat_locked:
            return min(THICKNESS, max(120, round(across * 0.3)))
        return max(1, int(across * COLUMN_SHARE))

    def legend_scale(self) -> float:
        """The label size, or smaller on a battle mat so the legend keeps to its share."""
        legend = self.legend
        scale = self.label_scale
        if not self.mat_locked:
            return scale
        room = self.player.width() * self.player.height() * LEGEND_SHARE
        while scale > 0.5 and legend.area_at(scale) > room:
            scale -= 0.05
        return max(0.5, scale)

    # -- applying ---------------------------------------------------------------------------

    def apply(self) -> None:
        self.row.setDirection(column_direction(self.rotation, self.summary_on_right))
        self.column.set_scale(self.label_scale)
        self.column.set_turn(self.rotation, self.thickness())
        self.legend.set_rotation(self.rotation)
        self.legend.set_scale(self.legend_scale())
        self.legend_keeper.set_turn(self.rotation, self.legend_home)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.player and event.type() == QEvent.Type.Resize:
            self.apply()
        return False

"""The players' tracker at the label size: the fight's summary readable from the table too.

The tracker (the panel's :class:`~tactical.app.panel.public_view.PublicTracker`)
sets its own fonts when it refreshes; this runs after each refresh (it is
connected later) and scales them, without the tracker knowing. Fonts only:
what the tracker shows is not touched, and its column keeps its width (long
names are cut short sooner at the larger sizes).
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QFont

from tactical.app.player_view import PlayerView

HEADING, NOW = 1.3, 1.15
"""The tracker's own sizes for its heading and its "Now:" line, relative to its text."""


class TrackerText(QObject):
    """Keeps one player view's tracker text ``factor`` times its usual size."""

    def __init__(self, player: PlayerView) -> None:
        super().__init__(player)
        self.tracker = player.tracker
        self.base = QFont(self.tracker.font())
        self.factor = 1.0
        player.document.changes_done.connect(self.apply)
        player.document.encounter_replaced.connect(self.apply)

    def set_factor(self, factor: float) -> None:
        self.factor = factor
        self.apply()

    def _sized(self, relative: float, bold: bool = False) -> QFont:
        font = QFont(self.base)
        if self.base.pointSizeF() > 0:
            font.setPointSizeF(self.base.pointSizeF() * relative * self.factor)
        font.setBold(bold)
        return font

    def apply(self, *_: object) -> None:
        tracker = self.tracker
        tracker.heading.setFont(self._sized(HEADING, bold=True))
        tracker.heading.setWordWrap(True)  # larger, the round and step need two lines
        tracker.now.setFont(self._sized(NOW))
        tracker.order.setFont(self._sized(1.0))
        for row in range(tracker.order.count()):
            item = tracker.order.item(row)
            font = QFont(item.font())  # keeps the acting row bold, a fallen one struck out
            if self.base.pointSizeF() > 0:
                font.setPointSizeF(self.base.pointSizeF() * self.factor)
            item.setFont(font)

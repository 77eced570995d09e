"""While the GM drags a party token with fog on: what it would see from where it is held.

The squares its sight would newly reveal at the drop glow on the GM's map only
(the model and the player view change at the drop, when "Reveal after every
move" or Ctrl+R reveals them), in sky-blue stripes: never mistaken for the
reach shading under them (flat green through yellow to orange). Recomputed once
per square the drag enters: the party sight's speed (a few milliseconds) is what
lets it follow the mouse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsPixmapItem

from tactical.app.fog.layer import argb_image
from tactical.app.geometry import CELL
from tactical.app.tools import SelectTool
from tactical.core.fog_queries import sight_range
from tactical.core.grid import Square
from tactical.core.sight import Viewer, visible_squares

if TYPE_CHECKING:
    from tactical.app.services import Services

PREVIEW_Z = 32.0
"""Above the fog tint (30), below the fog tool's outline (35)."""
GLOW = np.uint32((170 << 24) | (41 << 16) | (182 << 8) | 246)
"""ARGB of the strong stripes of a square the held token would reveal: sky blue, a hue the
reach shading (green through yellow to orange) never takes."""
GLOW_SOFT = np.uint32((70 << 24) | (41 << 16) | (182 << 8) | 246)
"""ARGB between the stripes."""
PATTERN = 12
"""Pixels a side of one square in the glow's picture (two diagonal stripes across each)."""
STRIPE = 6
"""Pixels from one strong stripe to the next (half strong, half soft)."""


def glow_words(new: npt.NDArray[np.bool_]) -> npt.NDArray[np.uint32]:
    """The glow's ARGB picture, :data:`PATTERN` pixels a square: striped, never a flat fill."""
    big = np.repeat(np.repeat(new, PATTERN, axis=0), PATTERN, axis=1)
    rows, cols = np.indices(big.shape)
    stripe = (rows + cols) % STRIPE < STRIPE // 2
    return np.where(big, np.where(stripe, GLOW, GLOW_SOFT), np.uint32(0)).astype(np.uint32)


class SightPreview(QObject):
    """Follows the select tool's drag in one window and shows the sight it would add.

    Shown only while ``follow`` (Fog > Reveal after every move) is checked.
    """

    def __init__(self, services: Services, follow: QAction) -> None:
        super().__init__(services.window())
        self.services = services
        self.follow = follow
        self.item = QGraphicsPixmapItem()
        self.item.setZValue(PREVIEW_Z)
        self.item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.item.setTransform(QTransform.fromScale(CELL / PATTERN, CELL / PATTERN))
        self.item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.item.setVisible(False)
        services.scene.addItem(self.item)
        self._shown: tuple[str, Square] | None = None
        self.squares: set[Square] = set()
        """The squares shown as newly seen (tests read them)."""
        services.view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.MouseMove, QEvent.Type.MouseButtonRelease, QEvent.Type.KeyPress):
            QTimer.singleShot(0, self.update)  # after the tool has handled the event
        return False

    def update(self) -> None:
        select = self.services.action_registry.tools.get("select")
        if not isinstance(select, SelectTool):
            self.clear()
            return
        drag = select.drag
        encounter = self.services.document.encounter
        token = encounter.tokens.get(drag.token_id or "") if drag.active else None
        target = drag.target if token is not None else None
        grid = encounter.grid
        if (
            token is None
            or grid is None
            or not isinstance(target, tuple)
            or not encounter.fog.enabled
            or token.side not in encounter.fog.party
            or not self.follow.isChecked()
        ):
            self.clear()
            return
        if self._shown == (token.id, target):
            return
        self._shown = (token.id, target)
        reach = sight_range(token)
        viewers = [Viewer(square, reach) for square in token.squares_at(target)]
        new = visible_squares(grid, viewers) & ~encounter.fog.mask(grid)
        rows, cols = np.nonzero(new)
        self.squares = {(int(c), int(r)) for r, c in zip(rows, cols, strict=True)}
        self.item.setPixmap(QPixmap.fromImage(argb_image(glow_words(new))))
        self.item.setVisible(True)

    def clear(self) -> None:
        if self._shown is not None or self.item.isVisible():
            self._shown = None
            self.squares = set()
            self.item.setVisible(False)

"""While the GM drags a party token with fog on: what it would see from where it is held.

The squares its sight would newly reveal at the drop glow on the GM's map only
(the model and the player view change at the drop, when "Reveal after every
move" or Ctrl+R reveals them), in sky-blue stripes: never mistaken for the
reach shading under them (flat green through yellow to orange). Recomputed once
per square the drag enters: the party sight's speed (a few milliseconds) is what
lets it follow the mouse.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from numpy.lib.stride_tricks import as_strided
from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsPixmapItem

from tactical.app.fog.layer import argb_image
from tactical.app.fog.sight_worker import Mask, SightWorker
from tactical.app.map.geometry import CELL
from tactical.app.map.tools import SelectTool
from tactical.core.fog_queries import sight_range
from tactical.core.grid import Square
from tactical.core.sight import Viewer

if TYPE_CHECKING:
    from tactical.app.window.services import Services

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


GLOW_PIXELS = 2048 * 2048
"""The most pixels the glow's picture takes (16 MB): a wide glow gets fewer pixels a square."""


def glow_words(new: npt.NDArray[np.bool_], pattern: int = PATTERN) -> npt.NDArray[np.uint32]:
    """The glow's ARGB picture, ``pattern`` pixels a square: striped, never a flat fill.

    The stripes are one line of colours seen a pixel further along on each row (a view, not
    an array of the picture's size), so the picture is one pass over its pixels: a glow of
    100 x 100 squares took 17-32 ms of the GUI's drag step, now about 2."""
    period = max(2, STRIPE * pattern // PATTERN)
    height, width = new.shape[0] * pattern, new.shape[1] * pattern
    line = np.where(np.arange(height + width) % period < period // 2, GLOW, GLOW_SOFT)
    line = line.astype(np.uint32)
    step = line.itemsize  # pixel (row, col) is line[row + col]
    stripes = as_strided(line, shape=(height, width), strides=(step, step), writeable=False)
    big = np.repeat(np.repeat(new, pattern, axis=0), pattern, axis=1)
    words: npt.NDArray[np.uint32] = np.multiply(big, stripes, dtype=np.uint32)
    return words


class SightPreview(QObject):
    """Follows the select tool's drag in one window and shows the sight it would add.

    Shown only while ``follow`` (Fog > Reveal after every move) is checked.
    """

    def __init__(self, services: Services, follow: QAction, worker: SightWorker) -> None:
        super().__init__(services.window())
        self.services = services
        self.follow = follow
        self.worker = worker
        self.item = QGraphicsPixmapItem()
        self.item.setZValue(PREVIEW_Z)
        self.item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.item.setVisible(False)
        services.scene.addItem(self.item)
        self._shown: tuple[str, Square] | None = None
        self._glow: tuple[Mask, int, int] | None = None
        """The squares shown as newly seen: their box's mask and its left and top square."""
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
        shown = self._shown = (token.id, target)
        reach = sight_range(token)
        viewers = [Viewer(square, reach) for square in token.squares_at(target)]

        def landed(seen: Mask) -> None:
            if self._shown == shown and self.services.document.encounter.grid is grid:
                self._show(seen & ~encounter.fog.mask(grid))

        self.worker.ask(grid, viewers, landed)  # worked out off the GUI thread

    def _show(self, new: Mask) -> None:
        """Draw the glow over ``new``'s squares: a picture of their box only."""
        rows, cols = np.flatnonzero(new.any(axis=1)), np.flatnonzero(new.any(axis=0))
        self.item.setVisible(True)
        if not len(rows):
            self._glow = None
            self.item.setPixmap(QPixmap())
            return
        top, left = int(rows[0]), int(cols[0])
        box = new[top : int(rows[-1]) + 1, left : int(cols[-1]) + 1]
        self._glow = (box, left, top)
        pattern = max(2, min(PATTERN, math.isqrt(GLOW_PIXELS // box.size)))
        self.item.setPixmap(QPixmap.fromImage(argb_image(glow_words(box, pattern))))
        self.item.setTransform(QTransform.fromScale(CELL / pattern, CELL / pattern))
        self.item.setPos(left * CELL, top * CELL)

    @property
    def squares(self) -> set[Square]:
        """The squares shown as newly seen (tests read them; the glow itself needs none)."""
        if self._glow is None:
            return set()
        box, left, top = self._glow
        rows, cols = np.nonzero(box)
        return {(left + int(c), top + int(r)) for r, c in zip(rows, cols, strict=True)}

    def clear(self) -> None:
        if self._shown is not None or self.item.isVisible():
            self._shown = None
            self._glow = None
            self.item.setVisible(False)

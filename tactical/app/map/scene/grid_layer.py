"""The terrain of a grid map, painted from one pixel per square.

No graphics item per square: at 256 x 256 that costs ~114 ms a frame. Instead
the scene's ``drawBackground`` asks this layer to paint the exposed rectangle:
the elevation image (one pixel per square, scaled up without smoothing),
hatching over difficult terrain, walls and doors, and - only when zoomed in
far enough to read them - grid lines and elevation numbers. With the view's
background cache on, panning only paints the newly exposed strip, and an edit
only repaints the rectangle around the touched squares.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from itertools import pairwise

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QImage, QPainter, QPen

from tactical.app.map.geometry import CELL
from tactical.app.map.scene import colours
from tactical.app.map.scene.wall_lines_layer import paint_wall_lines
from tactical.core.grid import GridMap, Square, Terrain
from tactical.core.square_bits import Box, changed_box

GRID_LINES_FROM = 9.0
"""Screen pixels per square from which grid lines are drawn."""
NUMBERS_FROM = 40.0
HATCH_RECTS_FROM = 3.0
"""Below this many screen pixels a square, difficult squares are tinted from one image
(the hatching's lines are finer than a square there, and a zoomed-out 1024 x 1024 map has
90,000 runs to hatch)."""
"""Screen pixels per square from which elevation numbers are drawn."""


class GridLayer:
    """Paints one :class:`GridMap`; call :meth:`refresh` after the grid changes."""

    def __init__(self, grid: GridMap) -> None:
        self.grid = grid
        self.image = QImage()
        self._difficult_runs: list[npt.NDArray[np.int32]] = []
        """Per row, the ``[start, end)`` column runs of difficult squares, one pair a row
        of the array (a 1024 x 1024 map has about 90,000: as tuples they took 10 MB)."""
        self._hatch_rects: list[list[QRectF] | None] = []
        """Per row, the hatching rectangles, made the first time the row is painted."""
        self._elevation: np.ndarray = np.zeros((0, 0), dtype=np.int16)
        """The elevations as last painted, so an edit knows which legend counts to move."""
        self._counts: dict[int, int] = {}
        """How many squares stand at each elevation (the legend, without a whole-map scan)."""
        self.overlay: float | None = None
        """How strongly to draw over a background picture (0 to 1), or None without one.

        The scene's ground (:class:`~tactical.app.map.scene.ground.MapGround`) sets it
        whenever the background or its opacity changes, so every painter of this
        layer (the screen, the player view, paper) draws it the same way.
        """
        self._art_image: QImage | None = None
        self._tint_image: QImage | None = None
        """The shading over a background picture: level open squares left clear (lazy)."""
        self.numbered: npt.NDArray[np.bool_] | None = None
        """The squares whose height may be written (a players' screen: those they may see,
        :func:`tactical.share.players.shown_squares`); None: every square."""
        self.numbered_box: Box | None = None
        """Where the last :meth:`number_only` changed :attr:`numbered` (None: anywhere)."""
        self._hatch = QBrush(colours.HATCH, Qt.BrushStyle.BDiagPattern)
        self._font = QFont()
        self._font.setPixelSize(int(CELL * 0.27))
        self._font.setBold(True)
        self.refresh()

    # -- cache -------------------------------------------------------------

    def refresh(self, squares: Iterable[Square] | None = None) -> QRectF:
        """Update the cached image and runs; returns the scene rectangle to repaint.

        With ``squares`` (an edit) only their pixels and their rows' hatching
        runs are redone, so a paint stroke on a big map costs per square, not
        per map; without, everything is rebuilt. Either way only the returned
        rectangle of the cached background is repainted.
        """
        grid = self.grid
        if squares is not None and (self.image.width(), self.image.height()) == (
            grid.width,
            grid.height,
        ):
            touched = [s for s in squares if grid.in_bounds(s)]
            self._refresh_squares(touched)
            return _bounding(touched)
        self._art_image = None
        self._tint_image = None
        rgb = colours.elevation_argb(grid.elevation)
        rgb[grid.terrain == int(Terrain.IMPASSABLE)] = colours.IMPASSABLE.rgba() | 0xFF000000
        rgb = np.ascontiguousarray(rgb, dtype=np.uint32)
        self._elevation = grid.elevation.copy()
        values, counts = np.unique(grid.elevation, return_counts=True)
        self._counts = dict(zip(values.tolist(), counts.tolist(), strict=True))
        self.image = QImage(
            rgb.tobytes(), grid.width, grid.height, grid.width * 4, QImage.Format.Format_RGB32
        ).copy()
        self._difficult_runs = _runs(grid.terrain == int(Terrain.DIFFICULT))
        self._hatch_rects = [None] * grid.height
        if squares is None:
            return self.scene_rect()
        return _bounding(squares)

    def _refresh_squares(self, squares: list[Square]) -> None:
        """Repaint the pixels of ``squares`` and redo the hatching runs of their rows."""
        grid = self.grid
        impassable = colours.IMPASSABLE.rgba() | 0xFF000000
        for col, row in squares:
            if grid.terrain[row, col] == int(Terrain.IMPASSABLE):
                argb = impassable
            else:
                r, g, b = colours.elevation_rgb(int(grid.elevation[row, col]))
                argb = 0xFF000000 | (r << 16) | (g << 8) | b
            old, new = int(self._elevation[row, col]), int(grid.elevation[row, col])
            if old != new:
                self._counts[old] -= 1
                self._counts[new] = self._counts.get(new, 0) + 1
                self._elevation[row, col] = new
            self.image.setPixel(col, row, argb)
            if self._art_image is not None:
                level = new == 0 and grid.terrain[row, col] != int(Terrain.IMPASSABLE)
                self._art_image.setPixel(col, row, 0 if level else argb)
        if self._tint_image is not None:
            tint = colours.HATCH.rgba()
            for col, row in squares:
                difficult = grid.terrain[row, col] == int(Terrain.DIFFICULT)
                self._tint_image.setPixel(col, row, tint if difficult else 0)
        for row in sorted({row for _col, row in squares}):
            runs = _runs(grid.terrain[row : row + 1] == int(Terrain.DIFFICULT))[0]
            self._difficult_runs[row] = runs
            self._hatch_rects[row] = None

    def number_only(self, squares: npt.NDArray[np.bool_] | None) -> bool:
        """Write heights only on ``squares`` (None: all); True when that changed what is drawn.

        Not drawn and then covered by fog: never written into the picture at all."""
        before, self.numbered = self.numbered, squares
        self.numbered_box = None
        if before is None or squares is None:
            return before is not squares
        self.numbered_box = changed_box(before, squares)
        return self.numbered_box is not None

    def scene_rect(self) -> QRectF:
        return QRectF(0, 0, self.grid.width * CELL, self.grid.height * CELL)

    def legend(self) -> list[tuple[int, QColor]]:
        """The elevations on this map with their shades, lowest first."""
        values = sorted(v for v, count in self._counts.items() if count > 0)
        return [(value, QColor(*colours.elevation_rgb(value))) for value in values]

    # -- painting ------------------------------------------------------------

    def art_image(self) -> QImage:
        """The shading drawn over a background picture.

        Squares at elevation 0 that are not impassable stay clear (difficult ones
        keep their hatching), so the art shows what the ground is.
        """
        if self._art_image is None:
            clear = (self.grid.elevation == 0) & (self.grid.terrain != int(Terrain.IMPASSABLE))
            argb = np.where(clear, np.uint32(0), self._pixels()).astype(np.uint32)
            self._art_image = QImage(
                argb.tobytes(),
                self.grid.width,
                self.grid.height,
                self.grid.width * 4,
                QImage.Format.Format_ARGB32,
            ).copy()
        return self._art_image

    def _pixels(self) -> npt.NDArray[np.uint32]:
        """The terrain image's pixels (0xFFRRGGBB, one per square), read from the image
        itself rather than a second 4 MB copy kept beside it."""
        width, height = self.image.width(), self.image.height()
        line = self.image.bytesPerLine() // 4  # 32-bit pixels: lines are never padded
        pixels = np.frombuffer(self.image.constBits(), dtype=np.uint32)
        return pixels.reshape(height, line)[:, :width].copy()

    def paint(self, painter: QPainter, rect: QRectF, scale: float) -> None:
        """Paint the squares inside the scene rectangle ``rect`` at ``scale`` screen px per unit.

        With :attr:`overlay` set (a background picture lies under the map) the
        shading, hatching and grid lines are drawn that strongly, level open
        squares not at all, and elevation numbers on a backing; walls as always.
        """
        overlay = self.overlay
        grid = self.grid
        c0 = max(0, math.floor(rect.left() / CELL))
        r0 = max(0, math.floor(rect.top() / CELL))
        c1 = min(grid.width, math.ceil(rect.right() / CELL))
        r1 = min(grid.height, math.ceil(rect.bottom() / CELL))
        if c0 >= c1 or r0 >= r1:
            return
        target = QRectF(c0 * CELL, r0 * CELL, (c1 - c0) * CELL, (r1 - r0) * CELL)
        painter.save()
        if overlay is not None:
            painter.setOpacity(overlay)
        image = self.image if overlay is None else self.art_image()
        painter.drawImage(target, image, QRectF(c0, r0, c1 - c0, r1 - r0))
        cell_px = CELL * scale
        if cell_px < HATCH_RECTS_FROM:
            painter.drawImage(target, self._tint(), QRectF(c0, r0, c1 - c0, r1 - r0))
        else:
            self._paint_hatch(painter, c0, r0, c1, r1)
        if cell_px >= GRID_LINES_FROM:
            self._paint_grid(painter, c0, r0, c1, r1)
        painter.restore()
        if cell_px >= NUMBERS_FROM:
            self._paint_numbers(painter, c0, r0, c1, r1, backing=overlay is not None)
        self._paint_walls(painter, c0, r0, c1, r1, scale)
        paint_wall_lines(painter, grid, rect, scale)

    def _tint(self) -> QImage:
        """Difficult squares in the hatching's colour, one pixel a square (made on first use)."""
        if self._tint_image is None:
            grid = self.grid
            argb = np.where(
                grid.terrain == int(Terrain.DIFFICULT), np.uint32(colours.HATCH.rgba()), 0
            ).astype(np.uint32)
            self._tint_image = QImage(
                np.ascontiguousarray(argb).tobytes(),
                grid.width,
                grid.height,
                grid.width * 4,
                QImage.Format.Format_ARGB32,
            ).copy()
        return self._tint_image

    def _row_hatch(self, row: int) -> list[QRectF]:
        """The hatching rectangles of one row (made on first use: a 1024 x 1024 map has
        about 90,000 runs, and most rows are never painted at full detail)."""
        rects = self._hatch_rects[row]
        if rects is None:
            rects = [
                QRectF(start * CELL, row * CELL, (end - start) * CELL, CELL)
                for start, end in self._difficult_runs[row].tolist()
            ]
            self._hatch_rects[row] = rects
        return rects

    def _paint_hatch(self, painter: QPainter, c0: int, r0: int, c1: int, r1: int) -> None:
        """Hatch difficult squares: one ``drawRects`` call for the exposed rows' runs."""
        rects = [rect for row in range(r0, r1) for rect in self._row_hatch(row)]
        if not rects:
            return
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self._hatch)
        painter.drawRects(rects)

    def _paint_grid(self, painter: QPainter, c0: int, r0: int, c1: int, r1: int) -> None:
        pen = QPen(colours.GRID_LINE, 0)
        painter.setPen(pen)
        lines = [QLineF(c * CELL, r0 * CELL, c * CELL, r1 * CELL) for c in range(c0, c1 + 1)]
        lines += [QLineF(c0 * CELL, r * CELL, c1 * CELL, r * CELL) for r in range(r0, r1 + 1)]
        painter.drawLines(lines)

    def _paint_numbers(
        self, painter: QPainter, c0: int, r0: int, c1: int, r1: int, backing: bool = False
    ) -> None:
        """Elevation in the top-left corner of each square not at 0 (tokens cover the centres).

        With ``backing`` (over a background picture) each number stands on a
        small plate of its elevation's shade, so busy art never swallows it.
        """
        painter.setFont(self._font)
        elevation = self.grid.elevation
        terrain = self.grid.terrain
        window = elevation[r0:r1, c0:c1]
        wanted = (window != 0) & (terrain[r0:r1, c0:c1] != int(Terrain.IMPASSABLE))
        if self.numbered is not None and self.numbered.shape == elevation.shape:
            wanted &= self.numbered[r0:r1, c0:c1]
        rows, cols = np.nonzero(wanted)
        pens: dict[int, QPen] = {}
        for dr, dc in zip(rows.tolist(), cols.tolist(), strict=True):
            value = int(window[dr, dc])
            pen = pens.get(value)
            if pen is None:
                colour = colours.text_on(colours.elevation_rgb(value))
                colour.setAlpha(190)
                pen = pens[value] = QPen(colour)
            box = QRectF((c0 + dc) * CELL + 3, (r0 + dr) * CELL + 1, CELL - 6, CELL * 0.4)
            if backing:
                plate = QColor(*colours.elevation_rgb(value))
                plate.setAlpha(225)
                painter.fillRect(
                    QRectF(
                        box.left() - 2,
                        box.top(),
                        CELL * (0.2 + 0.15 * len(f"{value:+d}")),
                        CELL * 0.32,
                    ),
                    plate,
                )
            painter.setPen(pen)
            painter.drawText(
                box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, f"{value:+d}"
            )

    def _paint_walls(
        self, painter: QPainter, c0: int, r0: int, c1: int, r1: int, scale: float
    ) -> None:
        if not self.grid.walls:
            return
        width = max(CELL * 0.12, 3.0 / max(scale, 1e-6))
        wall_pen = QPen(colours.WALL, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        door_pen = QPen(colours.DOOR, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap)
        open_pen = QPen(colours.DOOR, width / 2, Qt.PenStyle.DotLine, Qt.PenCapStyle.FlatCap)
        leaf_pen = QPen(colours.DOOR, width * 0.7, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        for (a, b), wall in self.grid.walls.items():
            if not (c0 - 1 <= a[0] <= c1 and r0 - 1 <= a[1] <= r1):
                continue
            if not wall.door:
                painter.setPen(wall_pen)
            elif wall.open:  # the doorway dotted, the leaf swung into the second square
                painter.setPen(leaf_pen)
                painter.drawLine(door_leaf(a, b))
                painter.setPen(open_pen)
            else:
                painter.setPen(door_pen)
            painter.drawLine(edge_line(a, b))


def edge_line(a: Square, b: Square) -> QLineF:
    """The scene line along the edge between two orthogonally adjacent squares."""
    (ac, ar), (_bc, br) = sorted((a, b))
    if ar == br:  # side by side: a vertical edge
        x = (ac + 1) * CELL
        return QLineF(x, ar * CELL, x, (ar + 1) * CELL)
    y = (ar + 1) * CELL
    return QLineF(ac * CELL, y, (ac + 1) * CELL, y)


def door_leaf(a: Square, b: Square) -> QLineF:
    """An open door's leaf: from the edge's first end, swung ajar into the second square."""
    line = edge_line(a, b)
    along = line.p2() - line.p1()
    across = QPointF(along.y(), along.x())  # towards the right or lower square
    return QLineF(line.p1(), line.p1() + across * 0.72 + along * 0.45)


def _runs(mask: np.ndarray) -> list[npt.NDArray[np.int32]]:
    """Per row, the ``[start, end)`` column runs where ``mask`` is true: an ``(n, 2)``
    array a row, all views of one array."""
    height, width = mask.shape
    padded = np.zeros((height, width + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    rows, cols = np.nonzero(np.diff(padded, axis=1))  # row by row: a start, then its end
    pairs = cols.astype(np.int32).reshape(-1, 2)  # a start, then its end
    bounds = np.searchsorted(rows[0::2], np.arange(height + 1)).tolist()
    return [pairs[a:b] for a, b in pairwise(bounds)]


def _bounding(squares: Iterable[Square]) -> QRectF:
    squares = list(squares)
    if not squares:
        return QRectF()
    cols = [s[0] for s in squares]
    rows = [s[1] for s in squares]
    margin = CELL * 0.5
    return QRectF(
        min(cols) * CELL - margin,
        min(rows) * CELL - margin,
        (max(cols) - min(cols) + 1) * CELL + 2 * margin,
        (max(rows) - min(rows) + 1) * CELL + 2 * margin,
    )

"""Table scale: which pages a map tiles onto when one square prints at a set size.

Qt-free arithmetic, so it is tested exactly. All lengths are millimetres on
the page and map units (squares) on the map. A page is laid out as::

    +------------------- paper -------------------+
    | margin (what the printer cannot print)       |
    |   gutter: crop marks, registration ticks     |
    |     +--------- map window ---------+         |
    |     |  the map at table scale      |         |
    |     +------------------------------+         |
    |   gutter                                     |
    |   caption: coordinates, index, footer        |
    +-----------------------------------------------+

Neighbouring pages repeat an overlap strip of the map (``overlap_mm``) along
their shared edge, so the sheets can be trimmed or laid over each other and
taped. Pages are named like a spreadsheet's cells: a letter for the row of
pages (A, B, ... Z, AA, ...), a number for the column (1, 2, ...): ``A1`` is
the top-left page, ``A2`` the one right of it, ``B1`` the one below it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from shapely.geometry import box

from tactical.core.encounter import Encounter
from tactical.core.engine_errors import EngineError
from tactical.core.fog_queries import shown_to_players
from tactical.core.footprints import template_squares
from tactical.core.grid import Terrain

PAPER_MM: dict[str, tuple[float, float]] = {
    "A4": (210.0, 297.0),
    "A3": (297.0, 420.0),
    "Letter": (215.9, 279.4),
    "Legal": (215.9, 355.6),
}
"""Paper sizes, portrait (width, height), in millimetres."""
MM_PER_INCH = 25.4
DEFAULT_MARGIN_MM = 6.0
"""What the command line assumes a printer cannot print (the app asks the printer)."""
DEFAULT_OVERLAP_MM = 10.0
GUTTER_MM = 5.0
"""Between the printable edge and the map window: crop marks and registration ticks."""
CAPTION_MM = 12.0
"""Under the bottom gutter: the page's coordinates, the index of the sheet, a footer."""


@dataclass(frozen=True)
class Margins:
    """Unprintable margins of a page, in millimetres."""

    left: float
    top: float
    right: float
    bottom: float

    @classmethod
    def uniform(cls, mm: float = DEFAULT_MARGIN_MM) -> Margins:
        return cls(mm, mm, mm, mm)


DEFAULT_MARGINS = Margins.uniform()


@dataclass(frozen=True)
class Rect:
    """A rectangle: ``x``, ``y`` its top left, in the units of its context."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height


@dataclass(frozen=True)
class TileSpec:
    """What to tile: the map's extent (map units) and how it prints."""

    map_rect: Rect
    """The map's extent in map units: ``(0, 0, columns, rows)`` for a grid."""
    square_mm: float = MM_PER_INCH
    """The printed size of one square (one map unit)."""
    paper: str = "A4"
    landscape: bool = True
    margins: Margins = DEFAULT_MARGINS
    overlap_mm: float = DEFAULT_OVERLAP_MM


@dataclass(frozen=True)
class Tile:
    """One page of the map: its place in the sheet and the part of the map it shows."""

    row: int
    column: int
    label: str
    window: Rect
    """The part of the map on this page, in map units (may reach past the map's edge)."""


def row_letters(row: int) -> str:
    """``0`` -> ``A``, ``25`` -> ``Z``, ``26`` -> ``AA`` (spreadsheet columns)."""
    letters = ""
    row += 1
    while row > 0:
        row, rest = divmod(row - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def tile_label(row: int, column: int) -> str:
    return f"{row_letters(row)}{column + 1}"


def pages_along(length_mm: float, window_mm: float, overlap_mm: float) -> int:
    """How many pages cover ``length_mm`` with windows of ``window_mm`` overlapping by
    ``overlap_mm`` (tiny excesses from rounding are forgiven)."""
    if length_mm <= window_mm + 1e-6:
        return 1
    return math.ceil((length_mm - window_mm) / (window_mm - overlap_mm) - 1e-9) + 1


@dataclass(frozen=True)
class TilePlan:
    """The pages of one map at table scale; build it with :func:`plan_tiles`."""

    spec: TileSpec
    page_mm: tuple[float, float]
    """The paper as printed (width, height), orientation applied."""
    window_mm: Rect
    """Where the map window is on every page, from the paper's top-left corner."""
    caption_mm: Rect
    rows: int
    columns: int
    tiles: tuple[Tile, ...]
    """Row by row: A1, A2, ..., B1, ..."""

    @property
    def stride(self) -> tuple[float, float]:
        """How far the next page's window starts, across and down, in map units."""
        square = self.spec.square_mm
        return (
            (self.window_mm.width - self.spec.overlap_mm) / square,
            (self.window_mm.height - self.spec.overlap_mm) / square,
        )

    @property
    def overlap(self) -> float:
        """The overlap strip's width in map units."""
        return self.spec.overlap_mm / self.spec.square_mm

    def tile(self, label: str) -> Tile:
        for tile in self.tiles:
            if tile.label == label:
                return tile
        raise KeyError(label)


def plan_tiles(spec: TileSpec) -> TilePlan:
    """Tile ``spec.map_rect`` over pages; raises ValueError when the pages cannot hold it."""
    if spec.paper not in PAPER_MM:
        raise ValueError(f"unknown paper {spec.paper!r} (one of {', '.join(PAPER_MM)})")
    if not spec.square_mm > 0:
        raise ValueError("a square must print larger than 0 mm")
    if spec.overlap_mm < 0:
        raise ValueError("the overlap cannot be negative")
    width, height = PAPER_MM[spec.paper]
    if spec.landscape:
        width, height = height, width
    m = spec.margins
    window = Rect(
        m.left + GUTTER_MM,
        m.top + GUTTER_MM,
        width - m.left - m.right - 2 * GUTTER_MM,
        height - m.top - m.bottom - 2 * GUTTER_MM - CAPTION_MM,
    )
    if window.width < 20 or window.height < 20:
        raise ValueError("the margins leave no room for the map on the page")
    if spec.overlap_mm > min(window.width, window.height) / 2:
        limit = min(window.width, window.height) / 2
        raise ValueError(f"the overlap can be at most {limit:.0f} mm on this paper")
    caption = Rect(window.x, window.bottom + GUTTER_MM, window.width, CAPTION_MM)
    area = spec.map_rect
    columns = pages_along(area.width * spec.square_mm, window.width, spec.overlap_mm)
    rows = pages_along(area.height * spec.square_mm, window.height, spec.overlap_mm)
    step_x = (window.width - spec.overlap_mm) / spec.square_mm
    step_y = (window.height - spec.overlap_mm) / spec.square_mm
    size_x, size_y = window.width / spec.square_mm, window.height / spec.square_mm
    tiles = tuple(
        Tile(
            row,
            column,
            tile_label(row, column),
            Rect(area.x + column * step_x, area.y + row * step_y, size_x, size_y),
        )
        for row in range(rows)
        for column in range(columns)
    )
    return TilePlan(spec, (width, height), window, caption, rows, columns, tiles)


# -- empty pages -----------------------------------------------------------------------


def busy_squares(encounter: Encounter, *, gm: bool) -> npt.NDArray[np.bool_]:
    """Per square of a grid map (rows x columns): True where a page would print something
    besides empty open ground: elevation other than 0, difficult or impassable terrain,
    a wall or door along an edge, a token or a template the reader sees (``gm``: all).
    For the players nothing under fog is busy: their print shows blank paper there."""
    grid = encounter.grid
    if grid is None:
        raise ValueError("busy squares are a grid map's")
    busy: npt.NDArray[np.bool_] = (grid.elevation != 0) | (grid.terrain != int(Terrain.OPEN))
    for a, b in grid.walls:
        for col, row in (a, b):
            if grid.in_bounds((col, row)):
                busy[row, col] = True
    for token in encounter.tokens.values():
        if token.square is None or not (gm or shown_to_players(encounter, token)):
            continue
        col, row = token.square
        busy[row : row + token.size, col : col + token.size] = True
    for template in encounter.templates.values():
        if not gm and template.hidden:
            continue
        source = encounter.tokens.get(template.token_id or "")
        if not gm and source is not None and not shown_to_players(encounter, source):
            continue  # as the players' print draws it: not of a token they may not see
        if template.kind == "aura" and source is None:  # an aura needs its token
            continue
        try:
            squares = template_squares(encounter, template)
        except EngineError:  # a template the map cannot place draws nothing either
            continue
        for col, row in squares:
            if grid.in_bounds((col, row)):
                busy[row, col] = True
    if not gm and encounter.fog.enabled:  # the players' print shows blank paper under fog
        busy &= encounter.fog.mask(grid)
    return busy


def empty_tiles(plan: TilePlan, encounter: Encounter, *, gm: bool) -> frozenset[str]:
    """The labels of the pages that would show nothing but empty open ground.

    On a grid: no busy square (:func:`busy_squares`) touches the page's window.
    On an area map: the window meets no area (tokens stand in areas; for the
    players, no area they have found while fog is on). The
    players' plan counts only what the players see, so a skipped page gives
    nothing hidden away.
    """
    empty: set[str] = set()
    if encounter.grid is not None:
        busy = busy_squares(encounter, gm=gm)
        rows, cols = busy.shape
        summed = np.zeros((rows + 1, cols + 1), dtype=np.int64)
        summed[1:, 1:] = busy.astype(np.int64).cumsum(axis=0).cumsum(axis=1)
        for tile in plan.tiles:
            w = tile.window
            c0, r0 = max(0, math.floor(w.x)), max(0, math.floor(w.y))
            c1, r1 = min(cols, math.ceil(w.right)), min(rows, math.ceil(w.bottom))
            if c0 >= c1 or r0 >= r1:
                empty.add(tile.label)
                continue
            count = summed[r1, c1] - summed[r0, c1] - summed[r1, c0] + summed[r0, c0]
            if count == 0:
                empty.add(tile.label)
        return frozenset(empty)
    area_map = encounter.area_map
    assert area_map is not None
    fog = encounter.fog
    shown = [a for a in area_map if gm or not fog.enabled or a.id in fog.areas]
    for tile in plan.tiles:
        w = tile.window
        window = box(w.x, w.y, w.right, w.bottom)
        if not any(area.polygon.intersects(window) for area in shown):
            empty.add(tile.label)
    return frozenset(empty)

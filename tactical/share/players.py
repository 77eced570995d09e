"""What the players may read: one projection for every screen and page they see.

The TV (the player view, its legend and fight summary), the phones' links, the
players' snapshot, print and picture ask this module, Qt-free, and nothing else:

* which tokens they may see (:func:`~tactical.core.fog_queries.shown_to_players`:
  not marked hidden, not standing in fog; the rule lives in the core, where the
  rules' defaults and the table-scale pages ask it too), and which templates
  (:func:`template_shown`);
* which squares (or areas) may show anything at all: ground, heights and their
  numbers, terrain, walls, the background picture, templates (:func:`shown_squares`,
  :func:`shown_areas`, :func:`cut_footprint`, :func:`cut_walls`, :func:`cut_wall_lines`);
* which texts: a text naming a token they may not see is masked (:attr:`PlayersView.secrets`),
  and the map's name is the GM's text, shown only where the GM chose to show it
  (:func:`shown_name`, :func:`players_heading`): it may name the secret of the place.

:func:`players_view` gathers the answers for one moment. A players' print is
drawn from :func:`tactical.share.players_copy.players_encounter`, a copy holding
only what this projection lets through, so nothing under fog is ever drawn there,
not even under the blank paper that stands for fog.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from tactical.core.encounter import Encounter
from tactical.core.fog_queries import (
    each_shown_to_players,
    hidden_from_players,
    shown_to_players,
)
from tactical.core.grid import Edge, GridMap, Wall
from tactical.core.templates import Template
from tactical.core.tokens import Token
from tactical.core.wall_lines import WallLine
from tactical.share.secrets import Secrets

NEUTRAL_HEADING = "Players' view"
"""The heading of a players' page while the GM keeps the map's name to themself."""
LINE_STEP = 0.25
"""Squares: free wall lines are cut into pieces this long and kept where a piece lies in view."""
HAIR = 0.02
"""Squares: how far to either side of a wall line its pieces are tested."""

Mask = npt.NDArray[np.bool_]
Place = TypeVar("Place", tuple[int, int], str)


def token_shown(encounter: Encounter, token: Token) -> bool:
    """A token the players may see (on the map or off it)."""
    return shown_to_players(encounter, token)


def tokens_shown(encounter: Encounter, tokens: Sequence[Token]) -> list[bool]:
    """:func:`token_shown` of each of ``tokens`` (thousands asked at once after the fog changed)."""
    return each_shown_to_players(encounter, tokens)


def template_shown(encounter: Encounter, template: Template) -> bool:
    """A template the players may see (where it lies in view): not hidden, and not placed
    by or anchored to a token they may not see."""
    if template.hidden:
        return False
    token = encounter.tokens.get(template.token_id) if template.token_id is not None else None
    return token is None or shown_to_players(encounter, token)


def shown_name(encounter: Encounter) -> str:
    """The map's name where the GM chose to show it to the players, else ``""``."""
    return encounter.name if encounter.show_name_to_players else ""


def players_heading(encounter: Encounter) -> str:
    """What heads a players' page: the map's name when the GM shows it, else a neutral one."""
    return shown_name(encounter) or NEUTRAL_HEADING


def shown_squares(encounter: Encounter) -> Mask | None:
    """``[row, column]``: the squares that may show anything (a fresh array); None on areas."""
    grid = encounter.grid
    if grid is None:
        return None
    if not encounter.fog.enabled:
        return np.ones((grid.height, grid.width), dtype=np.bool_)
    return encounter.fog.mask(grid).copy()


def shown_areas(encounter: Encounter) -> frozenset[str] | None:
    """The areas that may show anything (their ground, outline, name); None on a grid."""
    area_map = encounter.area_map
    if area_map is None:
        return None
    every = frozenset(area_map.areas)
    return every & frozenset(encounter.fog.areas) if encounter.fog.enabled else every


def cut_footprint(encounter: Encounter, footprint: Iterable[Place]) -> list[Place]:
    """The part of a footprint (squares, or area ids) the players may see."""
    squares = shown_squares(encounter)
    if squares is not None:
        height, width = squares.shape
        kept: list[Place] = []
        for place in footprint:
            if isinstance(place, tuple):
                col, row = place
                if 0 <= col < width and 0 <= row < height and squares[row, col]:
                    kept.append(place)
        return kept
    areas = shown_areas(encounter) or frozenset()
    return [place for place in footprint if isinstance(place, str) and place in areas]


def cut_walls(grid: GridMap, allowed: Mask) -> dict[Edge, Wall]:
    """The walls and doors beside a square that may be seen."""
    items = list(grid.walls.items())
    if not items:
        return {}
    ends = np.array([(a[0], a[1], b[0], b[1]) for (a, b), _ in items], dtype=np.int64)
    near_a = _allowed_at(grid, allowed, ends[:, 0], ends[:, 1])
    keep = near_a | _allowed_at(grid, allowed, ends[:, 2], ends[:, 3])
    return {key: wall for (key, wall), kept in zip(items, keep.tolist(), strict=True) if kept}


def _allowed_at(
    grid: GridMap, allowed: Mask, cols: npt.NDArray[np.int64], rows: npt.NDArray[np.int64]
) -> Mask:
    """``allowed[row, col]`` for each square, False outside ``grid``."""
    height, width = grid.height, grid.width
    inside = (cols >= 0) & (cols < width) & (rows >= 0) & (rows < height)
    out = np.zeros(cols.shape, dtype=np.bool_)
    out[inside] = allowed[rows[inside], cols[inside]]
    return out


def cut_wall_lines(grid: GridMap, allowed: Mask) -> list[WallLine]:
    """Free wall lines, cut to the pieces that touch a square that may be seen.

    Each piece is tested a hair to either side of the line, so a wall on the
    edge of a seen square is kept and one running through fog is not.
    """
    pieces: list[WallLine] = []
    for line in grid.wall_lines:
        (ax, ay), (bx, by) = line.a, line.b
        length = math.hypot(bx - ax, by - ay)
        count = max(1, math.ceil(length / LINE_STEP))
        t = (np.arange(count) + 0.5) / count
        px, py = ax + (bx - ax) * t, ay + (by - ay) * t
        nx, ny = (-(by - ay) / length, (bx - ax) / length) if length else (0.0, 0.0)
        keep = np.zeros(count, dtype=np.bool_)
        for sign in (1.0, -1.0):
            cols = np.floor(px + sign * HAIR * nx).astype(np.int64)
            rows = np.floor(py + sign * HAIR * ny).astype(np.int64)
            inside = (cols >= 0) & (cols < grid.width) & (rows >= 0) & (rows < grid.height)
            keep[inside] |= allowed[rows[inside], cols[inside]]
        if keep.all():
            pieces.append(line)
            continue
        start = None
        for index in range(count + 1):
            on = index < count and bool(keep[index])
            if on and start is None:
                start = index
            elif not on and start is not None:
                t0, t1 = start / count, index / count
                a = (ax + (bx - ax) * t0, ay + (by - ay) * t0)
                b = (ax + (bx - ax) * t1, ay + (by - ay) * t1)
                pieces.append(WallLine(a, b, line.kind, line.open))
                start = None
    return pieces


@dataclass(frozen=True)
class PlayersView:
    """What the players may read of one encounter at one moment (see the module's docstring)."""

    squares: Mask | None
    """``[row, column]``: the squares that may show anything; None on an area map."""
    areas: frozenset[str] | None
    """The areas that may show anything; None on a grid."""
    tokens: frozenset[str]
    """The tokens the players may see (a token off the map may be named, not drawn)."""
    unseen: frozenset[str]
    """The tokens whose name, id and picture must not reach them."""
    name: str
    """The map's name when the GM shows it, else ``""``."""
    heading: str
    """What heads their pages: :attr:`name`, or :data:`NEUTRAL_HEADING`."""
    secrets: Secrets
    """How a text naming an unseen token is masked."""

    def square_shown(self, square: tuple[int, int]) -> bool:
        if self.squares is None:
            return False
        col, row = square
        height, width = self.squares.shape
        return 0 <= col < width and 0 <= row < height and bool(self.squares[row, col])

    def area_shown(self, area_id: str) -> bool:
        return self.areas is not None and area_id in self.areas


def players_unseen(encounter: Encounter) -> frozenset[str]:
    """The tokens whose name, id and picture must not reach the players now
    (:attr:`PlayersView.unseen`, without the rest of the view)."""
    return hidden_from_players(encounter)


def players_view(encounter: Encounter) -> PlayersView:
    """What the players may read of ``encounter`` now: every players' output asks this."""
    unseen = players_unseen(encounter)
    return PlayersView(
        squares=shown_squares(encounter),
        areas=shown_areas(encounter),
        tokens=frozenset(encounter.tokens) - unseen,
        unseen=unseen,
        name=shown_name(encounter),
        heading=players_heading(encounter),
        secrets=Secrets(encounter, unseen),
    )

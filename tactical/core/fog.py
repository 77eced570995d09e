"""Fog of war: what of the map the players have found.

One :class:`Fog` per encounter (an encounter has one map). On a grid the found
squares are a numpy bool array ``[row, column]`` (True: revealed); on an area
map they are a set of area ids. Revealed and explored are the same thing here:
a square the party has seen stays revealed (the players remember the room)
until the GM hides it again.

Fog is off by default, so files made before fog load as they were. Turning it
on with nothing revealed covers the whole map.

Which tokens the players may not see because of fog is asked of an encounter:
:mod:`tactical.core.fog_queries` (the model here knows no encounter).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from tactical.core.grid import GridMap, Square
from tactical.core.square_bits import Box, SquareBits

FogStyle = Literal["cloth", "flat"]
"""How the players' screen draws fog: a dark cloth texture or a flat colour."""
FOG_STYLES: tuple[FogStyle, ...] = ("cloth", "flat")

DEFAULT_PARTY = ("pcs",)
"""The sides whose tokens are the party when the GM has not said otherwise."""

Mask = npt.NDArray[np.bool_]

_EPOCHS = itertools.count(1)
"""Every fog's every whole change of its squares gets a number no other fog shares."""
KEPT_EDITS = 4096
"""Edit boxes a fog keeps; past them the next edit counts as a whole change."""


@dataclass(frozen=True)
class FogMark:
    """Where a fog's squares stood when a follower last looked (:meth:`Fog.changed_since`)."""

    owner: int
    """The fog's ``id`` (a copy made by ``copy.deepcopy`` keeps the epoch, not the id)."""
    epoch: int
    count: int
    shape: tuple[int, int]


_NOTHING: dict[tuple[int, int], Mask] = {}
"""The read-only all-fogged mask of each shape asked (:meth:`Fog.mask` while none is found)."""


@dataclass
class Fog:
    """The fog over one map and the GM's fog settings.

    ``revealed`` is the grid's found squares (``[row, column]``; None until
    anything is revealed on a grid, read as all fogged); ``areas`` the found
    area ids of an area map. ``party`` names the sides whose tokens "Reveal
    what the party sees" looks from; ``auto_reveal`` reveals after every move.
    """

    enabled: bool = False
    revealed: Mask | None = None
    areas: set[str] = field(default_factory=set)
    party: tuple[str, ...] = DEFAULT_PARTY
    auto_reveal: bool = False
    style: FogStyle = "cloth"

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "revealed":  # the squares replaced whole: followers look at all of them
            object.__setattr__(self, "_epoch", next(_EPOCHS))
            object.__setattr__(self, "_edits", [])
        object.__setattr__(self, name, value)

    # -- grids ---------------------------------------------------------------

    def mask(self, grid: GridMap) -> Mask:
        """The revealed squares of ``grid`` (read-only all-False while none are). Read it,
        copy it to keep it: :meth:`set_squares` changes it in place."""
        shape = (grid.height, grid.width)
        if self.revealed is None or self.revealed.shape != shape:
            nothing = _NOTHING.get(shape)
            if nothing is None:  # a view of one False: no memory
                nothing = _NOTHING[shape] = np.broadcast_to(np.False_, shape)
            return nothing
        return self.revealed

    def set_mask(self, mask: Mask | None) -> None:
        self.revealed = None if mask is None else np.asarray(mask, dtype=np.bool_).copy()

    def set_squares(self, grid: GridMap, squares: SquareBits, value: bool) -> None:
        """Reveal (``value``) or hide ``squares`` in place: work in their box only, and the
        box kept for followers (:meth:`changed_since`)."""
        shape = (grid.height, grid.width)
        revealed = self.revealed
        if revealed is None:  # read as all fogged already: followers keep their marks
            revealed = np.zeros(shape, dtype=np.bool_)
            object.__setattr__(self, "revealed", revealed)
        elif revealed.shape != shape:
            revealed = self.revealed = np.zeros(shape, dtype=np.bool_)
        squares.set_in(revealed, value)
        edits: list[Box] = self.__dict__["_edits"]
        top, left, bottom, right = squares.box
        if top == bottom or left == right:
            return  # nothing changed
        if len(edits) >= KEPT_EDITS:
            self.revealed = revealed  # a new epoch: followers look at all the squares
        else:
            edits.append(squares.box)

    def mark(self, grid: GridMap) -> FogMark:
        """Where ``grid``'s squares stand now: hand it back to :meth:`changed_since` later."""
        shape = (grid.height, grid.width)
        return FogMark(id(self), self.__dict__["_epoch"], len(self.__dict__["_edits"]), shape)

    def changed_since(self, mark: FogMark | None, grid: GridMap) -> Box | None:
        """The box of the squares that may have changed since ``mark`` (the whole map when
        it is not known: another fog, squares replaced whole, no mark), or None when none
        did. The same work whatever the map's size: what a follower redraws per change."""
        whole = (0, 0, grid.height, grid.width)
        edits: list[Box] = self.__dict__["_edits"]
        if (
            mark is None
            or mark.owner != id(self)
            or mark.epoch != self.__dict__["_epoch"]
            or mark.count > len(edits)
            or mark.shape != whole[2:]
        ):
            return whole
        boxes = edits[mark.count :]
        if not boxes:
            return None
        return (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )

    # -- value semantics -------------------------------------------------------

    def copy(self) -> Fog:
        return Fog(
            self.enabled,
            None if self.revealed is None else self.revealed.copy(),
            set(self.areas),
            self.party,
            self.auto_reveal,
            self.style,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Fog):
            return NotImplemented
        mine, theirs = _found(self.revealed), _found(other.revealed)
        if mine is None or theirs is None:
            same_mask = mine is None and theirs is None
        else:
            same_mask = bool(np.array_equal(mine, theirs))
        return same_mask and (
            self.enabled,
            self.areas,
            self.party,
            self.auto_reveal,
            self.style,
        ) == (other.enabled, other.areas, other.party, other.auto_reveal, other.style)

    __hash__ = None  # type: ignore[assignment]


def _found(mask: Mask | None) -> Mask | None:
    """``mask``, or None when nothing in it is revealed (None and all-False are equal)."""
    return mask if mask is not None and bool(mask.any()) else None


def new_fog(*, fogged: bool) -> Fog:
    """The fog of a map being made: fully fogged (``fogged``) or clear (fog off)."""
    return Fog(enabled=fogged)


# -- shapes a stroke covers ------------------------------------------------------------


def brush_squares(centre: Square, size: int) -> list[Square]:
    """The ``size`` x ``size`` squares of a brush centred on ``centre`` (1, 3 or 5)."""
    half = size // 2
    col, row = centre
    return [
        (col + dc, row + dr) for dr in range(-half, size - half) for dc in range(-half, size - half)
    ]


def rectangle_squares(a: Square, b: Square) -> list[Square]:
    """Every square of the rectangle with corners ``a`` and ``b`` (both included)."""
    c0, c1 = sorted((a[0], b[0]))
    r0, r1 = sorted((a[1], b[1]))
    return [(c, r) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]


def polygon_mask(
    points: Iterable[tuple[float, float]], width: int, height: int
) -> npt.NDArray[np.bool_]:
    """Squares whose centre lies inside the polygon (even-odd rule), in map units."""
    pts = np.asarray(list(points), dtype=np.float64).reshape(-1, 2)
    inside = np.zeros((height, width), dtype=np.bool_)
    if len(pts) < 3:
        return inside
    cy, cx = np.mgrid[0:height, 0:width].astype(np.float64) + 0.5
    x0, y0 = pts[:, 0], pts[:, 1]
    x1, y1 = np.roll(x0, -1), np.roll(y0, -1)
    for ax, ay, bx, by in zip(x0, y0, x1, y1, strict=True):
        if ay == by:
            continue
        crosses = (ay > cy) != (by > cy)
        x_at = ax + (cy - ay) * (bx - ax) / (by - ay)
        inside ^= crosses & (cx < x_at)
    return inside


def squares_mask(squares: Iterable[Square], width: int, height: int) -> Mask:
    """A bool array with the on-map ``squares`` set."""
    mask = np.zeros((height, width), dtype=np.bool_)
    pts = np.asarray(list(squares), dtype=np.int64).reshape(-1, 2)
    if len(pts):
        keep = (pts[:, 0] >= 0) & (pts[:, 0] < width) & (pts[:, 1] >= 0) & (pts[:, 1] < height)
        pts = pts[keep]
        mask[pts[:, 1], pts[:, 0]] = True
    return mask

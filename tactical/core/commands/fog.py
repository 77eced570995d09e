"""Commands that reveal and hide fog, and change the fog's settings.

One brush stroke, rectangle, polygon or area click is one undo step: the
pieces of one stroke share a ``gesture`` and merge, as :class:`PaintSquares`
does for terrain.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from tactical.core.changes import Change
from tactical.core.commands.base import Command, grid_of
from tactical.core.encounter import Encounter
from tactical.core.fog import Fog, FogStyle
from tactical.core.fog_queries import party_tokens, sight_range
from tactical.core.grid import GridMap, Square
from tactical.core.sight import Viewer, visible_squares
from tactical.core.square_bits import SquareBits


class RevealSquares(Command):
    """Reveal (or, ``reveal=False``, hide) the squares of ``region`` on a grid.

    ``region`` is a ``[row, column]`` bool mask of the map's shape, or squares.
    Once done, the step keeps only the squares whose state it changed, as bits
    over their bounding box (:class:`~tactical.core.square_bits.SquareBits`),
    never a whole-map mask: a redo flips those same squares again.
    """

    def __init__(
        self,
        region: npt.NDArray[np.bool_] | Iterable[Square],
        *,
        reveal: bool = True,
        text: str = "",
        gesture: object | None = None,
    ) -> None:
        self.region: npt.NDArray[np.bool_] | Iterable[Square] | None = region
        self.reveal = reveal
        self.flipped: SquareBits | None = None
        """The squares this step changed (None until it is first done)."""
        self.text = text or ("Reveal fog" if reveal else "Hide under fog")
        self.merge_key = ("fog", reveal, gesture) if gesture is not None else None

    def _window(self, grid: GridMap) -> tuple[tuple[int, int], npt.NDArray[np.bool_]]:
        """The region as a window of the map over its squares' box, and its top-left
        square: a brush dab's work is the dab's size, not the map's."""
        region = self.region
        assert region is not None
        if isinstance(region, np.ndarray):
            if region.shape != (grid.height, grid.width):
                raise ValueError("the fog region does not have the map's shape")
            return (0, 0), region.astype(np.bool_, copy=False)
        pts = np.asarray(list(region), dtype=np.int64).reshape(-1, 2)
        keep = (pts[:, 0] >= 0) & (pts[:, 0] < grid.width)
        keep &= (pts[:, 1] >= 0) & (pts[:, 1] < grid.height)
        pts = pts[keep]
        if not len(pts):
            return (0, 0), np.zeros((0, 0), dtype=np.bool_)
        top, left = int(pts[:, 1].min()), int(pts[:, 0].min())
        window = np.zeros(
            (int(pts[:, 1].max()) + 1 - top, int(pts[:, 0].max()) + 1 - left), dtype=np.bool_
        )
        window[pts[:, 1] - top, pts[:, 0] - left] = True
        return (top, left), window

    def do(self, encounter: Encounter) -> None:
        grid = grid_of(encounter, "this fog edit needs a grid map")
        fog = encounter.fog
        if self.flipped is None:
            (top, left), window = self._window(grid)
            height, width = window.shape
            now = fog.mask(grid)[top : top + height, left : left + width]
            self.flipped = SquareBits(window & (now != self.reveal), (top, left))
            self.region = None  # the step keeps what it changed, not the region
        fog.set_squares(grid, self.flipped, self.reveal)
        encounter.notify(Change("fog"))

    def undo(self, encounter: Encounter) -> None:
        grid = grid_of(encounter, "this fog edit needs a grid map")
        if self.flipped is not None:
            encounter.fog.set_squares(grid, self.flipped, not self.reveal)
        encounter.notify(Change("fog"))

    def merge(self, other: Command) -> bool:
        if not isinstance(other, RevealSquares) or other.reveal != self.reveal:
            return False
        if self.flipped is None or other.flipped is None:
            return False  # only steps already done merge
        self.flipped = self.flipped.union(other.flipped)
        return True

    def held_bytes(self) -> int:
        region = self.region
        kept = region.nbytes if isinstance(region, np.ndarray) else 0
        return 256 + kept + (self.flipped.nbytes if self.flipped is not None else 0)


class RevealAreas(Command):
    """Reveal (or hide) areas of an area map; the areas of one gesture merge."""

    def __init__(
        self, area_ids: Iterable[str], *, reveal: bool = True, gesture: object | None = None
    ) -> None:
        self.area_ids = list(dict.fromkeys(area_ids))
        self.reveal = reveal
        self.changed: set[str] = set()
        self.text = "Reveal area" if reveal else "Hide area under fog"
        self.merge_key = ("fog-areas", reveal, gesture) if gesture is not None else None

    def do(self, encounter: Encounter) -> None:
        areas = encounter.fog.areas
        for area_id in self.area_ids:
            if (area_id in areas) != self.reveal:
                self.changed.add(area_id)
        if self.reveal:
            areas |= self.changed
        else:
            areas -= self.changed
        encounter.notify(Change("fog", frozenset(self.changed)))

    def undo(self, encounter: Encounter) -> None:
        if self.reveal:
            encounter.fog.areas -= self.changed
        else:
            encounter.fog.areas |= self.changed
        encounter.notify(Change("fog", frozenset(self.changed)))

    def merge(self, other: Command) -> bool:
        if not isinstance(other, RevealAreas) or other.reveal != self.reveal:
            return False
        self.changed |= other.changed
        self.area_ids = list(dict.fromkeys(self.area_ids + other.area_ids))
        return True


def reveal_all(encounter: Encounter, reveal: bool = True) -> Command:
    """Reveal (or hide) the whole map as one step."""
    text = "Reveal the whole map" if reveal else "Hide the whole map under fog"
    grid, area_map = encounter.grid, encounter.area_map
    if grid is not None:
        return RevealSquares(
            np.ones((grid.height, grid.width), dtype=np.bool_), reveal=reveal, text=text
        )
    assert area_map is not None
    command = RevealAreas(list(area_map.areas), reveal=reveal)
    command.text = text
    return command


class SetFogSetting(Command):
    """Change one of the fog's settings: ``enabled``, ``party``, ``auto_reveal`` or ``style``."""

    NAMES = ("enabled", "party", "auto_reveal", "style")

    def __init__(self, name: str, value: Any, text: str = "") -> None:
        if name not in self.NAMES:
            raise ValueError(f"fog has no setting '{name}'")
        if name == "style":
            _check_style(value)
        self.name = name
        self.value = tuple(value) if name == "party" else value
        self.before: Any = None
        self.text = text or _SETTING_TEXT.get(name, "Fog setting")

    def do(self, encounter: Encounter) -> None:
        self.before = getattr(encounter.fog, self.name)
        setattr(encounter.fog, self.name, self.value)
        encounter.notify(Change("fog"))

    def undo(self, encounter: Encounter) -> None:
        setattr(encounter.fog, self.name, self.before)
        encounter.notify(Change("fog"))


_SETTING_TEXT = {
    "enabled": "Turn fog on or off",
    "party": "Choose the party's sides",
    "auto_reveal": "Reveal after every move",
    "style": "Fog look",
}


def _check_style(value: object) -> FogStyle:
    if value == "cloth":
        return "cloth"
    if value == "flat":
        return "flat"
    raise ValueError(f"fog is drawn as 'cloth' or 'flat', not {value!r}")


# -- the party's sight ------------------------------------------------------------------


def party_viewers(encounter: Encounter) -> list[Viewer]:
    """The squares the party's tokens look from, with their sight ranges (read on the GUI
    thread; the app works out what they see on a worker)."""
    return [
        Viewer(square, sight_range(token))
        for token in party_tokens(encounter)
        for square in token.occupied()
    ]


def party_sight(encounter: Encounter) -> npt.NDArray[np.bool_]:
    """The squares any token of the party's sides sees now (grids only)."""
    grid = grid_of(encounter, "this fog edit needs a grid map")
    return visible_squares(grid, party_viewers(encounter))


def reveal_seen(
    encounter: Encounter, seen: npt.NDArray[np.bool_], gesture: object | None = None
) -> Command | None:
    """The step revealing ``seen`` (the party's sight), or None when nothing of it is new."""
    grid = grid_of(encounter, "this fog edit needs a grid map")
    if seen.shape != (grid.height, grid.width) or not (seen & ~encounter.fog.mask(grid)).any():
        return None
    return RevealSquares(seen, reveal=True, text="Reveal what the party sees", gesture=gesture)


def party_areas(encounter: Encounter) -> set[str]:
    """On an area map: the areas the party stands in (areas have no walls to see past)."""
    sides = set(encounter.fog.party)
    return {t.area for t in encounter.tokens.values() if t.side in sides and t.area is not None}


def reveal_party_sight(encounter: Encounter, gesture: object | None = None) -> Command | None:
    """The step revealing what the party sees, or None when it reveals nothing new."""
    fog: Fog = encounter.fog
    grid = encounter.grid
    if grid is not None:
        return reveal_seen(encounter, party_sight(encounter), gesture)
    new = party_areas(encounter) - fog.areas
    if not new:
        return None
    command = RevealAreas(sorted(new), reveal=True, gesture=gesture)
    command.text = "Reveal what the party sees"
    return command

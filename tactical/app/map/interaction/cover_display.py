"""Cover as the GM sees it: from the selected attacker, each other token's cover.

The engine decides (001: the perpendicular-line rule, obstruction when both
flanks qualify); this module asks it for every shown token and, for the
hovered one, returns the dividing lines that give the cover, cut to a short
segment around the square that gives it so the map stays readable.
"""

from __future__ import annotations

from collections.abc import Iterable

from shapely.geometry import LineString, Point

from tactical.app.encounter import engine
from tactical.core.encounter import Encounter

MARKS = {0: "none", 1: "cover", 2: "obstructed"}
SEGMENT_REACH = 1.6
"""How far (in squares) each side of the cover square a dividing line is drawn."""

Segment = tuple[tuple[float, float], tuple[float, float]]


def cover_marks(encounter: Encounter, attacker_id: str, token_ids: Iterable[str]) -> dict[str, str]:
    """``none`` / ``cover`` / ``obstructed`` for each token on the map other than the attacker."""
    attacker = encounter.tokens.get(attacker_id)
    if encounter.grid is None or attacker is None or attacker.square is None:
        return {}
    targets = [
        t
        for t in token_ids
        if t != attacker_id and t in encounter.tokens and encounter.tokens[t].square is not None
    ]
    levels = engine.cover_from(encounter, attacker_id, targets)
    return {t: MARKS[levels[t]] for t in targets if t in levels}


def cover_lines(encounter: Encounter, attacker_id: str, target_id: str) -> list[Segment]:
    """The dividing lines (and any wall) that give ``target_id`` cover, in map units."""
    attacker = encounter.tokens.get(attacker_id)
    target = encounter.tokens.get(target_id)
    grid = encounter.grid
    if (
        grid is None
        or attacker is None
        or target is None
        or attacker.square is None
        or target.square is None
    ):
        return []
    level = engine.token_cover(encounter, attacker_id, target_id)
    if level == 0:
        return []
    for a in attacker.occupied():
        for t in target.occupied():
            if not (grid.in_bounds(a) and grid.in_bounds(t)):
                continue
            detail = engine.cover_detail(encounter, a, t)
            if int(detail.cover) != level:
                continue
            segments = [_near(source.dividing_line, source.square) for source in detail.sources]
            if detail.wall is not None:
                segments.append(_ends(detail.wall))
            return [s for s in segments if s is not None]
    return []


def _near(line: LineString, square: tuple[int, int]) -> Segment | None:
    """The part of a long dividing line within reach of a square's centre."""
    centre = Point(square[0] + 0.5, square[1] + 0.5)
    piece = line.intersection(centre.buffer(SEGMENT_REACH, quad_segs=16))
    if piece.is_empty or not isinstance(piece, LineString):
        return None
    return _ends(piece)


def _ends(line: LineString) -> Segment:
    coords = list(line.coords)
    (x1, y1), (x2, y2) = coords[0][:2], coords[-1][:2]
    return ((float(x1), float(y1)), (float(x2), float(y2)))

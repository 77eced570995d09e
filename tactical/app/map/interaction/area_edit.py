"""Editing an area map without Qt: drawing areas, moving vertices, links, names and tags.

Points are in map units (one unit is one small token wide). Whether an
outline is a valid polygon is the core's call
(:func:`tactical.core.areas.polygon_from_points`); this module only snaps
points and words the answers.

Snapping is what makes areas share edges exactly, which adjacency needs (two
areas are adjacent when their borders share a segment of positive length): a
point placed within the snapping distance of an existing vertex takes that
vertex's exact coordinates. The distance is given by the caller in map units
(the view turns a few screen pixels into map units at the current zoom).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from shapely.geometry import Polygon

from tactical.app.encounter.limits import MAX_NAME, MAX_TAGS
from tactical.core.areas import (
    Area,
    AreaError,
    AreaLink,
    AreaMap,
    clip_to_free,
    polygon_from_points,
    share_ground,
)
from tactical.core.commands.areas import PutArea, RemoveArea, SetAreaLinks
from tactical.core.commands.base import Batch, Command

Point = tuple[float, float]

SNAP_PIXELS = 9.0
"""How close (in screen pixels) a click must be to a vertex to land exactly on it."""
STEP = 0.05
"""A point that snaps to no vertex is rounded to this fraction of a unit (tidy files)."""


def vertices(area_map: AreaMap, skip: Point | None = None) -> list[Point]:
    """Every distinct vertex of every area (except ``skip``), in area order."""
    found = dict.fromkeys(p for area in area_map for p in area.points)
    return [p for p in found if p != skip]


def snap(point: Point, candidates: Iterable[Point], tolerance: float) -> Point:
    """The nearest candidate within ``tolerance`` of ``point``, else ``point`` rounded to STEP."""
    best: Point | None = None
    best_distance = tolerance
    for candidate in candidates:
        distance = math.dist(point, candidate)
        if distance <= best_distance:
            best, best_distance = candidate, distance
    if best is not None:
        return best
    return (round(point[0] / STEP) * STEP, round(point[1] / STEP) * STEP)


def vertex_near(area_map: AreaMap, point: Point, tolerance: float) -> Point | None:
    """The vertex nearest ``point`` when it is within ``tolerance``, else None."""
    best = min(vertices(area_map), key=lambda v: math.dist(v, point), default=None)
    return best if best is not None and math.dist(best, point) <= tolerance else None


def new_area_id(area_map: AreaMap) -> str:
    """An id no area and no link uses (a link left to a removed area must not catch a new one)."""
    used = set(area_map.areas) | {i for link in area_map.links for i in (link.a, link.b)}
    for n in itertools.count(len(area_map.areas) + 1):
        if f"area-{n}" not in used:
            return f"area-{n}"
    raise AssertionError("unreachable")  # pragma: no cover


def new_area_name(area_map: AreaMap) -> str:
    names = {area.name for area in area_map}
    for n in itertools.count(len(area_map.areas) + 1):
        if f"Area {n}" not in names:
            return f"Area {n}"
    raise AssertionError("unreachable")  # pragma: no cover


def refusal(error: AreaError) -> str:
    """The status bar text for an outline the core refuses."""
    return f"Refused: {error}."


CLIP_HINT = " (close it with Shift held to clip it to the free ground)"


def overlap_refusal(area_map: AreaMap, others: list[str], hint: str = "") -> str:
    """The status bar text for an outline that would cover other areas' ground."""
    names = [area_map.areas[o].name or o for o in others]
    shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    return f"Refused: the outline overlaps {shown}; areas may share edges, not ground{hint}."


def adjacency_words(area_map: AreaMap, area_id: str) -> str:
    """``"adjacent to Bar, Floor"`` or ``"adjacent to no area"``, by the core's graph."""
    names = sorted(area_map.areas[n].name for n in area_map.neighbours(area_id))
    return "adjacent to " + (", ".join(names) if names else "no area")


@dataclass
class Outcome:
    """An edit to push (or None) and what to say in the status bar."""

    command: Command | None = None
    message: str = ""


@dataclass
class PolygonDraft:
    """The outline of a new area, one click at a time."""

    points: list[Point] = field(default_factory=list)

    def add(self, point: Point, candidates: Iterable[Point], tolerance: float) -> bool:
        """Add a snapped point; True when it landed on the first point (close the outline)."""
        snapped = snap(point, [*candidates, *self.points[:1]], tolerance)
        if len(self.points) >= 3 and snapped == self.points[0]:
            return True
        if not self.points or snapped != self.points[-1]:
            self.points.append(snapped)
        return False

    def remove_last(self) -> None:
        if self.points:
            self.points.pop()

    def finish(self, area_map: AreaMap, *, clip: bool = False) -> Outcome:
        """The new area, or why the core refuses its outline (the draft stays for fixing).

        An outline over other areas is refused, or with ``clip`` cut back to
        the ground no area holds (areas may share edges, not ground).
        """
        try:
            polygon = polygon_from_points(self.points)
            others = area_map.overlapping(polygon)
            if others and clip:
                polygon = clip_to_free(polygon, [area_map.areas[o].polygon for o in others])
        except AreaError as error:
            return Outcome(message=refusal(error))
        if others and not clip:
            return Outcome(message=overlap_refusal(area_map, others, CLIP_HINT))
        area = Area(new_area_id(area_map), new_area_name(area_map), polygon)
        self.points = []
        return Outcome(PutArea(area), f"Added {area.name}.")


def move_vertex(area_map: AreaMap, old: Point, new: Point) -> Outcome:
    """Move a vertex in every area that has it (shared edges stay shared) as one undo step.

    A vertex dropped onto its neighbour merges with it. Refused, naming the
    area, when any outline would stop being a valid polygon.
    """
    if old == new:
        return Outcome()
    reshaped: dict[str, Polygon] = {}
    for area in area_map:
        if old not in area.points:
            continue
        moved = [new if p == old else p for p in area.points]
        outline = [p for i, p in enumerate(moved) if p != moved[i - 1]] if len(moved) > 1 else moved
        try:
            reshaped[area.id] = polygon_from_points(outline)
        except AreaError as error:
            return Outcome(message=f"Refused: {area.name}: {error}.")
    if not reshaped:
        return Outcome()
    for area_id, polygon in reshaped.items():
        others = [o for o in area_map.overlapping(polygon, area_id) if o not in reshaped]
        others += [
            o for o, shape in reshaped.items() if o != area_id and share_ground(polygon, shape)
        ]
        if others:
            name = area_map.areas[area_id].name
            text = overlap_refusal(area_map, list(dict.fromkeys(others)))
            return Outcome(message=text.replace("the outline", name, 1))
    changed: list[Command] = []
    for area_id, polygon in reshaped.items():
        area = area_map.areas[area_id]
        changed.append(PutArea(Area(area.id, area.name, polygon, list(area.tags))))
    return Outcome(Batch("Move vertex", changed), "")


def toggle_link(area_map: AreaMap, a: str, b: str) -> Outcome:
    """Flip whether two areas are adjacent with an explicit link, or drop the link there is.

    - An explicit link between them (added or cut) is removed: geometry decides again.
    - Otherwise, adjacent areas get a ``cut`` link, others an ``add`` link.
    """
    if a == b or a not in area_map.areas or b not in area_map.areas:
        return Outcome(message="Choose two different areas.")
    pair = frozenset((a, b))
    names = f"{area_map.areas[a].name} and {area_map.areas[b].name}"
    kept = [link for link in area_map.links if link.pair != pair]
    if len(kept) != len(area_map.links):
        touching = area_map.geometric_adjacency(a, b)
        state = "adjacent" if touching else "not adjacent"
        return Outcome(SetAreaLinks(kept), f"Link removed: {names} are {state} by their borders.")
    if area_map.adjacent(a, b):
        link = AreaLink(a, b, "cut")
        return Outcome(SetAreaLinks([*kept, link]), f"Cut: {names} are no longer adjacent.")
    link = AreaLink(a, b, "add")
    return Outcome(SetAreaLinks([*kept, link]), f"Linked: {names} are adjacent.")


def parse_tags(text: str) -> list[str]:
    """``"water, dark ,, water"`` -> ``["water", "dark"]``: comma-separated, blanks dropped."""
    return list(dict.fromkeys(t.strip() for t in text.split(",") if t.strip()))


def rename(area_map: AreaMap, area_id: str, name: str, tags_text: str) -> Outcome:
    """A new name and tags for an area (a blank name is refused)."""
    area = area_map.areas.get(area_id)
    if area is None:
        return Outcome()
    name = name.strip()
    if not name:
        return Outcome(message="Refused: an area needs a name.")
    if len(name) > MAX_NAME:
        return Outcome(
            message=f"Refused: an area's name may be at most {MAX_NAME} characters long."
        )
    tags = parse_tags(tags_text)
    if any(len(tag) > MAX_NAME for tag in tags):
        return Outcome(message=f"Refused: a tag may be at most {MAX_NAME} characters long.")
    if len(tags) > MAX_TAGS:
        return Outcome(message=f"Refused: an area may have at most {MAX_TAGS} tags.")
    if name == area.name and tags == area.tags:
        return Outcome()
    described = f"{name} ({', '.join(tags)})" if tags else name
    return Outcome(PutArea(Area(area.id, name, area.polygon, tags)), f"Area: {described}.")


def remove(area_map: AreaMap, area_id: str, tokens: int = 0) -> Outcome:
    """Remove an area and the explicit links naming it; its ``tokens`` go off the map (undoable)."""
    area = area_map.areas.get(area_id)
    if area is None:
        return Outcome()
    commands: list[Command] = []
    kept = [link for link in area_map.links if area_id not in (link.a, link.b)]
    if len(kept) != len(area_map.links):
        commands.append(SetAreaLinks(kept))
    commands.append(RemoveArea(area_id))
    message = f"Removed {area.name}."
    if tokens:
        standing = "1 token" if tokens == 1 else f"{tokens} tokens"
        message += f" {standing} in it went off the map (Undo puts them back)."
    return Outcome(Batch(f"Remove area {area.name}", commands), message)

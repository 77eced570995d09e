"""Area maps: the field cut into named polygon areas (000, 002).

Two areas are adjacent when their borders share a segment of positive length;
a shared corner point is not adjacency. A map may add links (a door, a rope)
or cut them (a cliff) on top of what geometry says. Polygon coordinates are in
map units, where one unit is the width of a one-square token.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal

import networkx as nx
from shapely.geometry import MultiPoint, Point, Polygon
from shapely.validation import explain_validity, make_valid

_MIN_SHARED_LENGTH = 1e-9


class AreaError(ValueError):
    """An area that cannot be accepted as given (bad polygon, duplicate id)."""


_SHAPELY_REASON = re.compile(r"^([A-Za-z -]+)\[(-?[\d.e+-]+) (-?[\d.e+-]+)\]$")


def _invalidity(polygon: Polygon) -> str:
    """Why an outline is invalid, in a GM's words (shapely says ``Self-intersection[1 6]``)."""
    reason = explain_validity(polygon)
    match = _SHAPELY_REASON.match(reason)
    if match is None:
        return f"is not a valid polygon: {reason}"
    kind, x, y = match.group(1).strip().lower(), float(match.group(2)), float(match.group(3))
    where = f"({x:g}, {y:g})"
    if kind in ("self-intersection", "ring self-intersection"):
        return f"crosses itself at {where}"
    return f"is not a valid polygon ({kind} at {where})"


def polygon_from_points(points: Sequence[tuple[float, float]], *, repair: bool = False) -> Polygon:
    """A valid polygon from its outline, or :class:`AreaError` saying what is wrong.

    With ``repair=True`` a self-intersecting outline is repaired to its largest
    valid piece instead of refused; nothing is repaired unless asked.
    """
    if len(points) < 3:
        raise AreaError(f"an area needs at least 3 points, this one has {len(points)}")
    polygon = Polygon(points)
    if MultiPoint(points).convex_hull.area <= 0:
        raise AreaError("the outline encloses no area (its points lie on one line)")
    if not polygon.is_valid:
        if not repair:
            raise AreaError(f"the outline {_invalidity(polygon)}")
        fixed = make_valid(polygon)
        pieces = [g for g in getattr(fixed, "geoms", [fixed]) if isinstance(g, Polygon)]
        if not pieces:
            raise AreaError("the outline cannot be repaired into a polygon")
        polygon = max(pieces, key=lambda g: g.area)
    if polygon.area <= 0:
        raise AreaError("the outline encloses no area")
    return polygon


@dataclass
class Area:
    """One named area; everyone inside it is in melee range of each other (000)."""

    id: str
    name: str
    polygon: Polygon
    tags: list[str] = field(default_factory=list)

    @property
    def points(self) -> list[tuple[float, float]]:
        """The outline without the repeated closing point."""
        coords = list(self.polygon.exterior.coords)
        return [(float(x), float(y)) for x, y in coords[:-1]]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Area):
            return NotImplemented
        return (
            self.id == other.id
            and self.name == other.name
            and self.tags == other.tags
            and self.points == other.points
        )

    __hash__ = None  # type: ignore[assignment]


@dataclass(frozen=True)
class AreaLink:
    """An explicit change to adjacency: ``add`` joins two areas, ``cut`` separates them."""

    a: str
    b: str
    kind: Literal["add", "cut"] = "add"
    label: str = ""

    @property
    def pair(self) -> frozenset[str]:
        return frozenset((self.a, self.b))


class AreaMap:
    """Named polygon areas and the adjacency between them."""

    kind = "areas"

    def __init__(self, areas: Sequence[Area] = (), links: Sequence[AreaLink] = ()) -> None:
        self.areas: dict[str, Area] = {}
        for area in areas:
            if area.id in self.areas:
                raise AreaError(f"two areas have the id '{area.id}'")
            self.areas[area.id] = area
        self.links: list[AreaLink] = list(links)
        self.revision = 0
        self._graph: nx.Graph | None = None

    # -- geometry ----------------------------------------------------------

    def geometric_adjacency(self, a: str, b: str) -> bool:
        """True when the borders of ``a`` and ``b`` share a segment of positive length."""
        if a == b:
            return False
        pa, pb = self.areas[a].polygon, self.areas[b].polygon
        if not pa.boundary.intersects(pb.boundary):
            return False
        return float(pa.boundary.intersection(pb.boundary).length) > _MIN_SHARED_LENGTH

    def graph(self) -> nx.Graph:
        """Adjacency (geometry, plus added links, less cut links); cached until an edit."""
        if self._graph is None:
            graph: nx.Graph = nx.Graph()
            graph.add_nodes_from(self.areas)
            ids = list(self.areas)
            for i, a in enumerate(ids):
                for b in ids[i + 1 :]:
                    if self.geometric_adjacency(a, b):
                        graph.add_edge(a, b)
            for link in self.links:
                if link.a not in self.areas or link.b not in self.areas:
                    continue
                if link.kind == "add":
                    graph.add_edge(link.a, link.b)
                elif graph.has_edge(link.a, link.b):
                    graph.remove_edge(link.a, link.b)
            self._graph = graph
        return self._graph

    def adjacent(self, a: str, b: str) -> bool:
        return bool(self.graph().has_edge(a, b))

    def neighbours(self, area_id: str) -> set[str]:
        return set(self.graph().neighbors(area_id))

    def area_at(self, x: float, y: float) -> str | None:
        """The id of the area containing the point, or None."""
        point = Point(x, y)
        for area in self.areas.values():
            if area.polygon.covers(point):
                return area.id
        return None

    def bounds(self) -> tuple[float, float, float, float]:
        """``(min_x, min_y, max_x, max_y)`` around every area."""
        if not self.areas:
            return (0.0, 0.0, 1.0, 1.0)
        boxes = [area.polygon.bounds for area in self.areas.values()]
        return (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )

    def __iter__(self) -> Iterator[Area]:
        return iter(self.areas.values())

    # -- edits -----------------------------------------------------------

    def _changed(self) -> None:
        self.revision += 1
        self._graph = None

    def put_area(self, area: Area, index: int | None = None) -> Area | None:
        """Add or replace an area (at ``index`` in the order when given); returns the old one."""
        old = self.areas.get(area.id)
        items = [(k, v) for k, v in self.areas.items() if k != area.id]
        position = len(items) if index is None else min(index, len(items))
        items.insert(position, (area.id, area))
        self.areas = dict(items)
        self._changed()
        return old

    def remove_area(self, area_id: str) -> tuple[Area, int]:
        """Remove an area; returns it and its index so an undo can put it back."""
        index = list(self.areas).index(area_id)
        area = self.areas.pop(area_id)
        self._changed()
        return area, index

    def set_links(self, links: Sequence[AreaLink]) -> list[AreaLink]:
        old = self.links
        self.links = list(links)
        self._changed()
        return old

    # -- value semantics -------------------------------------------------

    def copy(self) -> AreaMap:
        return AreaMap(
            [Area(a.id, a.name, Polygon(a.polygon), list(a.tags)) for a in self.areas.values()],
            list(self.links),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, AreaMap):
            return NotImplemented
        return list(self.areas.values()) == list(other.areas.values()) and self.links == other.links

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"AreaMap({len(self.areas)} areas, {len(self.links)} links)"

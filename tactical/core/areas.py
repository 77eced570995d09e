"""Area maps: the field cut into named polygon areas (000, 002).

Two areas are adjacent when their borders share a segment of positive length;
a shared corner point is not adjacency. A map may add links (a door, a rope)
or cut them (a cliff) on top of what geometry says. Polygon coordinates are in
map units, where one unit is the width of a one-square token. Areas may share
edges but not ground: an outline overlapping another area is refused, or
clipped to the free ground when asked (:func:`clip_to_free`).

Adjacency is found with a spatial index (an STRtree), not by testing every
pair, and after an edit only the edited area's borders are looked at again,
so a map of thousands of areas stays quick to edit.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

import shapely
from shapely.geometry import MultiPoint, Point, Polygon
from shapely.strtree import STRtree
from shapely.validation import explain_validity, make_valid

if TYPE_CHECKING:
    import networkx as nx

_MIN_SHARED_LENGTH = 1e-9
_MIN_OVERLAP_AREA = 1e-9


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


def _share_border(a: Polygon, b: Polygon) -> bool:
    if not a.boundary.intersects(b.boundary):
        return False
    return float(a.boundary.intersection(b.boundary).length) > _MIN_SHARED_LENGTH


def share_ground(a: Polygon, b: Polygon) -> bool:
    """True when two outlines overlap by a positive area (a shared edge is not ground)."""
    return bool(a.intersects(b)) and float(a.intersection(b).area) > _MIN_OVERLAP_AREA


def clip_to_free(polygon: Polygon, others: Sequence[Polygon]) -> Polygon:
    """``polygon`` less the ground of ``others``: its largest remaining piece.

    :class:`AreaError` when nothing of it is free.
    """
    rest = polygon.difference(shapely.union_all(list(others))) if others else polygon
    pieces = [g for g in getattr(rest, "geoms", [rest]) if isinstance(g, Polygon)]
    pieces = [p for p in pieces if p.area > _MIN_OVERLAP_AREA]
    if not pieces:
        raise AreaError("the outline lies wholly on other areas")
    return shapely.set_precision(max(pieces, key=lambda g: g.area), 1e-9)


def overlapping_pairs(polygons: Sequence[Polygon]) -> list[tuple[int, int]]:
    """Index pairs ``(i, j)``, ``i < j``, of polygons that share ground (not only edges)."""
    if len(polygons) < 2:
        return []
    tree = STRtree(list(polygons))
    left, right = tree.query(list(polygons), predicate="intersects")
    pairs = sorted((int(i), int(j)) for i, j in zip(left, right, strict=True) if i < j)
    return [(i, j) for i, j in pairs if share_ground(polygons[i], polygons[j])]


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
        self._touching: dict[str, set[str]] | None = None
        """Geometric adjacency, kept up to date edit by edit once computed."""
        self._tree: tuple[STRtree, list[str]] | None = None

    # -- geometry ----------------------------------------------------------

    def geometric_adjacency(self, a: str, b: str) -> bool:
        """True when the borders of ``a`` and ``b`` share a segment of positive length."""
        if a == b:
            return False
        return _share_border(self.areas[a].polygon, self.areas[b].polygon)

    def spatial_index(self) -> tuple[STRtree, list[str]]:
        """An STRtree over the areas and the area id of each of its items (cached until an edit)."""
        if self._tree is None:
            ids = list(self.areas)
            self._tree = (STRtree([self.areas[i].polygon for i in ids]), ids)
        return self._tree

    def candidates(self, polygon: Polygon, skip: str | None = None) -> list[str]:
        """Ids of the areas whose outline meets ``polygon`` (touching or overlapping), in order."""
        tree, ids = self.spatial_index()
        hits = sorted(int(i) for i in tree.query(polygon, predicate="intersects"))
        return [ids[i] for i in hits if ids[i] != skip]

    def _touching_sets(self) -> dict[str, set[str]]:
        if self._touching is None:
            touching: dict[str, set[str]] = {area_id: set() for area_id in self.areas}
            tree, ids = self.spatial_index()
            polygons = [self.areas[i].polygon for i in ids]
            pairs: list[tuple[int, int]] = []
            if len(polygons) > 1:
                left, right = tree.query(polygons, predicate="intersects")
                pairs = [(int(i), int(j)) for i, j in zip(left, right, strict=True) if i < j]
            if pairs:
                first = shapely.boundary([polygons[i] for i, _ in pairs])
                second = shapely.boundary([polygons[j] for _, j in pairs])
                shared = shapely.length(shapely.intersection(first, second))
                for (i, j), length in zip(pairs, shared, strict=True):
                    if length > _MIN_SHARED_LENGTH:
                        touching[ids[i]].add(ids[j])
                        touching[ids[j]].add(ids[i])
            self._touching = touching
        return self._touching

    def graph(self) -> nx.Graph:
        """Adjacency (geometry, plus added links, less cut links); cached until an edit."""
        if self._graph is None:
            import networkx as nx  # on first need: a grid map opens without it

            graph: nx.Graph = nx.Graph()
            graph.add_nodes_from(self.areas)
            for area_id, others in self._touching_sets().items():
                graph.add_edges_from((area_id, other) for other in others if area_id < other)
            self._apply_links(graph, None)
            self._graph = graph
        return self._graph

    def _apply_links(self, graph: nx.Graph, only: str | None) -> None:
        """Added links join, cut links separate (only the links naming ``only`` when given)."""
        for link in self.links:
            if link.a not in self.areas or link.b not in self.areas:
                continue
            if only is not None and only not in (link.a, link.b):
                continue
            if link.kind == "add":
                graph.add_edge(link.a, link.b)
            elif graph.has_edge(link.a, link.b):
                graph.remove_edge(link.a, link.b)

    def adjacent(self, a: str, b: str) -> bool:
        return bool(self.graph().has_edge(a, b))

    def neighbours(self, area_id: str) -> set[str]:
        return set(self.graph().neighbors(area_id))

    def area_at(self, x: float, y: float) -> str | None:
        """The id of the area containing the point (the first in order), or None."""
        if not self.areas:
            return None
        point = Point(x, y)
        tree, ids = self.spatial_index()
        hits = sorted(int(i) for i in tree.query(point, predicate="intersects"))
        return ids[hits[0]] if hits else None

    def overlapping(self, polygon: Polygon, skip: str | None = None) -> list[str]:
        """Ids of the areas whose ground ``polygon`` covers in part (sharing edges is fine)."""
        found = []
        for other in self.candidates(polygon, skip):
            if share_ground(polygon, self.areas[other].polygon):
                found.append(other)
        return found

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

    def _changed(self, area_id: str | None = None, *, removed: bool = False) -> None:
        """After an edit: the spatial index is rebuilt on demand; adjacency is updated
        for ``area_id`` alone (everything when None, e.g. new links)."""
        self.revision += 1
        self._tree = None
        if area_id is None:
            self._graph = None
            return
        touching = self._touching
        if touching is not None:
            for other in touching.pop(area_id, set()):
                touching.get(other, set()).discard(area_id)
        graph = self._graph
        if graph is not None and graph.has_node(area_id):
            graph.remove_node(area_id)
        if removed:
            return
        if touching is not None:
            polygon = self.areas[area_id].polygon
            near = {
                other
                for other in self.candidates(polygon, area_id)
                if _share_border(polygon, self.areas[other].polygon)
            }
            touching[area_id] = near
            for other in near:
                touching[other].add(area_id)
            if graph is not None:
                graph.add_node(area_id)
                graph.add_edges_from((area_id, other) for other in near)
                self._apply_links(graph, area_id)
        else:
            self._graph = None

    def put_area(self, area: Area, index: int | None = None) -> Area | None:
        """Add or replace an area (at ``index`` in the order when given); returns the old one."""
        old = self.areas.get(area.id)
        if old is not None and (index is None or list(self.areas).index(area.id) == index):
            self.areas[area.id] = area  # replaced in place: the order stays
        else:
            items = [(k, v) for k, v in self.areas.items() if k != area.id]
            position = len(items) if index is None else min(index, len(items))
            items.insert(position, (area.id, area))
            self.areas = dict(items)
        self._changed(area.id)
        return old

    def remove_area(self, area_id: str) -> tuple[Area, int]:
        """Remove an area; returns it and its index so an undo can put it back."""
        index = list(self.areas).index(area_id)
        area = self.areas.pop(area_id)
        self._changed(area_id, removed=True)
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

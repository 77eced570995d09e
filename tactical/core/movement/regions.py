"""Walled-off regions: which positions a token could ever reach, ignoring other tokens.

A question like "path to a square inside a sealed room" must not search the
whole map to learn the answer is no. The map is cut into 32 x 32 tiles; inside
each tile the connected pieces are labelled with numpy (hooking and pointer
jumping, no Python loop over squares), and a networkx graph joins the pieces
of neighbouring tiles. Its connected components are the regions. A terrain
edit relabels only the tiles it touched, then the small graph is re-read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from tactical.core.movement.costs import BLOCKED, DIRECTIONS, FORWARD, BoolArray, IntArray
from tactical.core.movement.layers import TILE, CostLayer, Rect

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["TILE", "RegionIndex", "label_pieces"]


def label_pieces(layer: CostLayer, rect: Rect, closed: BoolArray | None = None) -> IntArray:
    """Connected pieces of the positions inside ``rect``, linked only within one tile.

    Returns ``(h, w)`` labels: -1 for invalid positions, otherwise the flat map
    index (``row * width + col``) of the first position of the piece, so labels
    are unique across the whole map. ``closed`` (the map's shape) marks more
    positions as invalid: the squares enemies deny to the moving token.
    """
    r0, r1, c0, c1 = rect
    h, w = r1 - r0, c1 - c0
    valid = layer.valid[r0:r1, c0:c1].ravel()
    if closed is not None:
        valid = valid & ~closed[r0:r1, c0:c1].ravel()
    us: list[npt.NDArray[np.int32]] = []
    vs: list[npt.NDArray[np.int32]] = []
    flat = np.arange(h * w, dtype=np.int32).reshape(h, w)
    for d in FORWARD:
        dc, dr = DIRECTIONS[d]
        rs = slice(0, h - dr)
        cs = slice(max(0, -dc), w - max(0, dc))
        linked = layer.costs[d, r0:r1, c0:c1][rs, cs] != BLOCKED
        origin = flat[rs, cs]
        linked &= valid[origin] & valid[origin + dr * w + dc]
        # Cut the links that cross a tile border (in map coordinates).
        rows = np.arange(r0, r1 - dr)[:, None]
        cols = np.arange(c0 + max(0, -dc), c1 - max(0, dc))[None, :]
        linked &= (rows // TILE == (rows + dr) // TILE) & (cols // TILE == (cols + dc) // TILE)
        us.append(origin[linked])
        vs.append(origin[linked] + dr * w + dc)
    # Start from runs along each row (the eastward links), then hook the rest.
    east = np.zeros(h * w, dtype=bool)
    east[us[0] + 1] = True
    parent = np.maximum.accumulate(np.where(east, 0, np.arange(h * w, dtype=np.int32)))
    u, v = np.concatenate(us[1:]), np.concatenate(vs[1:])
    while u.size:
        pu, pv = parent[u], parent[v]
        apart = pu != pv
        if not apart.any():
            break
        u, v, pu, pv = u[apart], v[apart], pu[apart], pv[apart]
        np.minimum.at(parent, np.maximum(pu, pv), np.minimum(pu, pv))
        while True:
            jumped = parent[parent]
            if np.array_equal(jumped, parent):
                break
            parent = jumped
    rows, cols = np.divmod(parent.astype(np.int64), w)
    labels = (rows + r0) * layer.width + (cols + c0)
    labels[~valid] = -1
    return labels.reshape(h, w)


class RegionIndex:
    """Region of every position of one cost layer, kept per tile."""

    def __init__(self, layer: CostLayer) -> None:
        self.layer = layer
        self.labels: IntArray = np.full((layer.height, layer.width), -1, dtype=np.int64)
        import networkx as nx  # on the first long path: a map opens without it

        self.graph: nx.Graph = nx.Graph()
        self.tile_nodes: dict[tuple[int, int], set[int]] = {}
        self.dirty: set[tuple[int, int]] = set()
        self._components: dict[int, int] | None = None
        self._version = 0
        self._overlay: tuple[object, _Overlay] | None = None
        layer.ensure_all()
        whole = (0, layer.height, 0, layer.width)
        self.labels[:, :] = self._tile_labels_all()
        for tile in self._tiles_in(whole):
            self.tile_nodes[tile] = self._nodes_of(tile)
            self.graph.add_nodes_from(self.tile_nodes[tile])
        self._link(whole, None)

    # -- building ----------------------------------------------------------

    def _tile_rect(self, tile: tuple[int, int]) -> Rect:
        tr, tc = tile
        return (
            tr * TILE,
            min((tr + 1) * TILE, self.layer.height),
            tc * TILE,
            min((tc + 1) * TILE, self.layer.width),
        )

    def _tiles_in(self, rect: Rect) -> list[tuple[int, int]]:
        r0, r1, c0, c1 = rect
        if r0 >= r1 or c0 >= c1:
            return []
        return [
            (tr, tc)
            for tr in range(r0 // TILE, (r1 - 1) // TILE + 1)
            for tc in range(c0 // TILE, (c1 - 1) // TILE + 1)
        ]

    def _tile_labels_all(self) -> IntArray:
        """Label every tile at once: one pass over the map, cross-tile links cut."""
        return label_pieces(self.layer, (0, self.layer.height, 0, self.layer.width))

    def _nodes_of(self, tile: tuple[int, int]) -> set[int]:
        r0, r1, c0, c1 = self._tile_rect(tile)
        piece = self.labels[r0:r1, c0:c1]
        return {int(x) for x in np.unique(piece[piece >= 0])}

    def _border_links(
        self, rect: Rect, only: tuple[int, int] | None, closed: BoolArray | None = None
    ) -> list[tuple[IntArray, IntArray, int, int]]:
        """Links that cross a tile border, with an origin in ``rect``: ``(rows, cols, dr, dc)``.

        With ``only`` set, keep the links with one end in that tile; with
        ``closed``, drop the links with an end on a closed position.
        """
        layer = self.layer
        r0, r1, c0, c1 = rect
        r0, c0 = max(r0, 0), max(c0, 0)
        r1, c1 = min(r1, layer.height), min(c1, layer.width)
        if r0 >= r1 or c0 >= c1:
            return []
        rows = np.arange(r0, r1)[:, None]
        cols = np.arange(c0, c1)[None, :]
        found: list[tuple[IntArray, IntArray, int, int]] = []
        for d in FORWARD:
            dc, dr = DIRECTIONS[d]
            nr, nc = rows + dr, cols + dc
            inside = (nr < layer.height) & (nc >= 0) & (nc < layer.width)
            crosses = (nr // TILE != rows // TILE) | (nc // TILE != cols // TILE)
            linked = (layer.costs[d, r0:r1, c0:c1] != BLOCKED) & layer.valid[r0:r1, c0:c1]
            mask = inside & crosses & linked
            if only is not None:
                in_a = (rows // TILE == only[0]) & (cols // TILE == only[1])
                in_b = (nr // TILE == only[0]) & (nc // TILE == only[1])
                mask &= in_a | in_b
            rr, cc = np.nonzero(mask)
            if rr.size == 0:
                continue
            ar, ac = rr + r0, cc + c0
            if closed is not None:
                keep = ~closed[ar, ac] & ~closed[ar + dr, ac + dc]
                ar, ac = ar[keep], ac[keep]
            found.append((ar.astype(np.int64), ac.astype(np.int64), dr, dc))
        return found

    def _link(self, rect: Rect, only: tuple[int, int] | None) -> None:
        """Add graph edges for links that cross a tile border, with an origin in ``rect``.

        With ``only`` set, keep the links with one end in that tile.
        """
        pairs = [
            np.stack([self.labels[ar, ac], self.labels[ar + dr, ac + dc]], axis=1)
            for ar, ac, dr, dc in self._border_links(rect, only)
        ]
        if pairs:
            edges = np.unique(np.concatenate(pairs), axis=0)
            self.graph.add_edges_from(edges.tolist())
        self._components = None

    # -- upkeep ------------------------------------------------------------

    def mark_dirty(self, rect: Rect) -> None:
        """Positions inside ``rect`` may have changed links; relabel lazily."""
        self.dirty.update(self._tiles_in(rect))

    def _refresh(self) -> None:
        if not self.dirty:
            return
        self.layer.ensure_all()  # an edit may have left tiles stale
        # Relabel every dirty tile first, then link: a link read while a
        # neighbouring tile still had its old labels would join the wrong pieces.
        for tile in self.dirty:
            r0, r1, c0, c1 = self._tile_rect(tile)
            self.graph.remove_nodes_from(self.tile_nodes.get(tile, ()))
            self.labels[r0:r1, c0:c1] = label_pieces(self.layer, (r0, r1, c0, c1))
            nodes = self._nodes_of(tile)
            self.tile_nodes[tile] = nodes
            self.graph.add_nodes_from(nodes)
        for tile in self.dirty:
            r0, r1, c0, c1 = self._tile_rect(tile)
            self._link((r0 - 1, r1 + 1, c0 - 1, c1 + 1), tile)
        self.dirty.clear()
        self._components = None
        self._version += 1

    # -- questions ---------------------------------------------------------

    def region(self, col: int, row: int) -> int:
        """The region id of a position, or -1 when no token of this size can stand there."""
        self._refresh()
        if self._components is None:
            self._components = {}
            import networkx as nx

            for index, nodes in enumerate(nx.connected_components(self.graph)):
                for node in nodes:
                    self._components[node] = index
        label = int(self.labels[row, col])
        return -1 if label < 0 else self._components[label]

    def connected(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """True when the two positions are in one region (both must be valid)."""
        ra = self.region(*a)
        return ra >= 0 and ra == self.region(*b)

    def connected_avoiding(
        self, a: tuple[int, int], b: tuple[int, int], closed: frozenset[tuple[int, int]]
    ) -> bool:
        """True when ``b`` can be reached from ``a`` without entering a ``closed`` position.

        ``closed`` is what enemies deny to the moving token (``(col, row)``
        positions of its top-left square). Only the tiles holding a closed
        position are relabelled; the rest of the map keeps its pieces, so the
        answer is a walk over a few hundred pieces, never over squares. The
        last answer's pieces are kept while the closed positions and the map
        stay the same (a drag asks again and again).
        """
        if not self.connected(a, b):
            return False
        closed = closed - {a}
        key = (closed, self._version)
        if self._overlay is None or self._overlay[0] != key:
            self._overlay = (key, self._build_overlay(closed))
        overlay = self._overlay[1]
        start, goal = overlay.node(self, a), overlay.node(self, b)
        if start < 0 or goal < 0:
            return False
        adjacency = self.graph.adj
        removed, extra = overlay.removed, overlay.extra
        offset = self.layer.width * self.layer.height
        seen = {start}
        todo = [start]
        while todo:
            u = todo.pop()
            if u == goal:
                return True
            neighbours = list(extra.get(u, ()))
            if u < offset and u not in removed:  # an untouched piece of the map
                neighbours.extend(adjacency[u])
            for v in neighbours:
                if v not in seen and v not in removed:
                    seen.add(v)
                    todo.append(v)
        return False

    def _cutting(self, closed: frozenset[tuple[int, int]]) -> set[tuple[int, int]]:
        """The closed positions that may cut a way: those in clusters that can not be walked round.

        A cluster of closed positions (8-connected) whose open neighbours are
        linked among themselves, without entering the cluster, changes nobody's
        connectivity: a way through it can go round it over those neighbours,
        which no other cluster touches. A lone enemy in the open is such a
        cluster, so only enemies in doorways and corridors cost a relabel.
        """
        layer = self.layer
        width, height = layer.width, layer.height
        plane = width * height
        costs = layer.buffer
        valid = layer.valid
        steps = [(d * plane, dc, dr) for d, (dc, dr) in enumerate(DIRECTIONS)]
        remaining = {(c, r) for c, r in closed if 0 <= c < width and 0 <= r < height}
        cutting: set[tuple[int, int]] = set()
        while remaining:
            seed = remaining.pop()
            cluster = {seed}
            todo = [seed]
            while todo:
                c, r = todo.pop()
                for _, dc, dr in steps:
                    n = (c + dc, r + dr)
                    if n in remaining:
                        remaining.discard(n)
                        cluster.add(n)
                        todo.append(n)
            ring = {
                (c + dc, r + dr)
                for c, r in cluster
                for _, dc, dr in steps
                if 0 <= c + dc < width and 0 <= r + dr < height and valid[r + dr, c + dc]
            } - cluster
            if not ring:
                continue
            first = next(iter(ring))
            seen = {first}
            todo = [first]
            while todo:
                c, r = todo.pop()
                u = r * width + c
                for base, dc, dr in steps:
                    n = (c + dc, r + dr)
                    if n in ring and n not in seen and costs[base + u] != BLOCKED:
                        seen.add(n)
                        todo.append(n)
            if len(seen) < len(ring):
                cutting |= cluster
        return cutting

    def _build_overlay(self, closed: frozenset[tuple[int, int]]) -> _Overlay:
        layer = self.layer
        mask = np.zeros((layer.height, layer.width), dtype=bool)
        tiles: set[tuple[int, int]] = set()
        for col, row in self._cutting(closed):
            if 0 <= col < layer.width and 0 <= row < layer.height:
                mask[row, col] = True
                tiles.add((row // TILE, col // TILE))
        offset = layer.width * layer.height
        labels: dict[tuple[int, int], IntArray] = {}
        removed: set[int] = set()
        for tile in tiles:
            pieces = label_pieces(layer, self._tile_rect(tile), mask)
            labels[tile] = np.where(pieces >= 0, pieces + offset, -1)
            removed |= self.tile_nodes.get(tile, set())
        # Read the border links with the new pieces written in, then put the old back.
        saved = {}
        for tile, pieces in labels.items():
            r0, r1, c0, c1 = self._tile_rect(tile)
            saved[tile] = self.labels[r0:r1, c0:c1].copy()
            self.labels[r0:r1, c0:c1] = pieces
        extra: dict[int, set[int]] = {}
        try:
            for tile in tiles:
                r0, r1, c0, c1 = self._tile_rect(tile)
                for ar, ac, dr, dc in self._border_links(
                    (r0 - 1, r1 + 1, c0 - 1, c1 + 1), tile, mask
                ):
                    u = self.labels[ar, ac].tolist()
                    v = self.labels[ar + dr, ac + dc].tolist()
                    for x, y in set(zip(u, v, strict=True)):
                        extra.setdefault(x, set()).add(y)
                        extra.setdefault(y, set()).add(x)
        finally:
            for tile, old in saved.items():
                r0, r1, c0, c1 = self._tile_rect(tile)
                self.labels[r0:r1, c0:c1] = old
        return _Overlay(labels, frozenset(removed), extra)


class _Overlay:
    """The pieces of the tiles that hold closed positions, and how they link up."""

    def __init__(
        self,
        labels: dict[tuple[int, int], IntArray],
        removed: frozenset[int],
        extra: dict[int, set[int]],
    ) -> None:
        self.labels = labels
        self.removed = removed
        self.extra = extra

    def node(self, regions: RegionIndex, square: tuple[int, int]) -> int:
        """The piece holding ``square`` (col, row), or -1 when it is closed or invalid."""
        col, row = square
        tile = (row // TILE, col // TILE)
        pieces = self.labels.get(tile)
        if pieces is None:
            return int(regions.labels[row, col])
        r0, _, c0, _ = regions._tile_rect(tile)
        return int(pieces[row - r0, col - c0])

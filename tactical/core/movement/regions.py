"""Walled-off regions: which positions a token could ever reach, ignoring other tokens.

A question like "path to a square inside a sealed room" must not search the
whole map to learn the answer is no. The map is cut into 32 x 32 tiles; inside
each tile the connected pieces are labelled with numpy (hooking and pointer
jumping, no Python loop over squares), and a networkx graph joins the pieces
of neighbouring tiles. Its connected components are the regions. A terrain
edit relabels only the tiles it touched, then the small graph is re-read.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import numpy.typing as npt

from tactical.core.movement.costs import BLOCKED, DIRECTIONS, FORWARD, IntArray
from tactical.core.movement.layers import CostLayer, Rect

TILE = 32


def label_pieces(layer: CostLayer, rect: Rect) -> IntArray:
    """Connected pieces of the positions inside ``rect``, linked only within one tile.

    Returns ``(h, w)`` labels: -1 for invalid positions, otherwise the flat map
    index (``row * width + col``) of the first position of the piece, so labels
    are unique across the whole map.
    """
    r0, r1, c0, c1 = rect
    h, w = r1 - r0, c1 - c0
    valid = layer.valid[r0:r1, c0:c1].ravel()
    us: list[npt.NDArray[np.int32]] = []
    vs: list[npt.NDArray[np.int32]] = []
    flat = np.arange(h * w, dtype=np.int32).reshape(h, w)
    for d in FORWARD:
        dc, dr = DIRECTIONS[d]
        rs = slice(0, h - dr)
        cs = slice(max(0, -dc), w - max(0, dc))
        linked = layer.costs[d, r0:r1, c0:c1][rs, cs] != BLOCKED
        origin = flat[rs, cs]
        linked &= valid[origin]
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
        self.graph: nx.Graph = nx.Graph()
        self.tile_nodes: dict[tuple[int, int], set[int]] = {}
        self.dirty: set[tuple[int, int]] = set()
        self._components: dict[int, int] | None = None
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

    def _link(self, rect: Rect, only: tuple[int, int] | None) -> None:
        """Add graph edges for links that cross a tile border, with an origin in ``rect``.

        With ``only`` set, keep the links with one end in that tile.
        """
        layer = self.layer
        r0, r1, c0, c1 = rect
        r0, c0 = max(r0, 0), max(c0, 0)
        r1, c1 = min(r1, layer.height), min(c1, layer.width)
        if r0 >= r1 or c0 >= c1:
            return
        rows = np.arange(r0, r1)[:, None]
        cols = np.arange(c0, c1)[None, :]
        pairs: list[np.ndarray] = []
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
            a = self.labels[ar, ac]
            b = self.labels[ar + dr, ac + dc]
            pairs.append(np.stack([a, b], axis=1))
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

    # -- questions ---------------------------------------------------------

    def region(self, col: int, row: int) -> int:
        """The region id of a position, or -1 when no token of this size can stand there."""
        self._refresh()
        if self._components is None:
            self._components = {}
            for index, nodes in enumerate(nx.connected_components(self.graph)):
                for node in nodes:
                    self._components[node] = index
        label = int(self.labels[row, col])
        return -1 if label < 0 else self._components[label]

    def connected(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """True when the two positions are in one region (both must be valid)."""
        ra = self.region(*a)
        return ra >= 0 and ra == self.region(*b)

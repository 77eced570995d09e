"""The small graph of a map's pieces (:mod:`tactical.core.movement.regions`): nodes, edges,
their removal and the connected components, and nothing else.

networkx did this before: on a grid map it was the only reason to import it (about 460
modules, 20 MB of a 1024 x 1024 map's memory once warm). Area maps still ask networkx
their shortest paths (:mod:`tactical.core.area_queries`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator


class PieceGraph:
    """An undirected graph of integer nodes, as adjacency sets."""

    def __init__(self) -> None:
        self.adj: dict[int, set[int]] = {}

    def __contains__(self, node: object) -> bool:
        return node in self.adj

    def __len__(self) -> int:
        return len(self.adj)

    def add_nodes_from(self, nodes: Iterable[int]) -> None:
        for node in nodes:
            self.adj.setdefault(node, set())

    def add_edges_from(self, edges: Iterable[Iterable[int]]) -> None:
        adj = self.adj
        for a, b in edges:
            adj.setdefault(a, set()).add(b)
            adj.setdefault(b, set()).add(a)

    def remove_nodes_from(self, nodes: Iterable[int]) -> None:
        adj = self.adj
        for node in nodes:
            for other in adj.pop(node, ()):
                if other != node:
                    adj[other].discard(node)

    def connected_components(self) -> Iterator[set[int]]:
        """Each component's nodes, once."""
        adj = self.adj
        seen: set[int] = set()
        for start in adj:
            if start in seen:
                continue
            component = {start}
            todo = [start]
            while todo:
                for other in adj[todo.pop()]:
                    if other not in component:
                        component.add(other)
                        todo.append(other)
            seen |= component
            yield component

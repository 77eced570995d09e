"""The pieces of a grid map joined without networkx: the same regions as networkx finds, and
a grid map's long path never imports it (about 460 modules, 20 MB once warm)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from tactical.core.movement.piece_graph import PieceGraph

ROOT = Path(__file__).resolve().parents[2]

LONG_PATH = """
import sys
from tactical.core import Encounter, GridMap, Token, Wall, find_path
grid = GridMap(120, 80)
for row in range(79):  # a wall with a gap at the bottom: the long way round
    grid.set_wall((60, row), (61, row), Wall())
encounter = Encounter(map=grid)
encounter.add_token(Token(id="a", side="pcs", position=(2, 2), speed=400))
found = find_path(encounter, "a", (118, 2))
print(found is not None and found[1] > 140, "networkx" in sys.modules)
"""


def test_a_grid_map_s_long_path_never_imports_networkx() -> None:
    done = subprocess.run(
        [sys.executable, "-c", LONG_PATH],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False"]


edges = st.lists(st.tuples(st.integers(0, 30), st.integers(0, 30)), max_size=60)


@settings(max_examples=60, deadline=None)
@given(edges, st.lists(st.integers(0, 30), max_size=8), edges)
def test_its_regions_are_networkx_s(first: list, removed: list, then: list) -> None:  # type: ignore[type-arg]
    ours, theirs = PieceGraph(), nx.Graph()
    for graph in (ours, theirs):
        graph.add_nodes_from(range(0, 31, 3))
        graph.add_edges_from(first)
        graph.remove_nodes_from(removed)
        graph.add_edges_from(then)
    assert set(ours.adj) == set(theirs.nodes)
    assert {n: set(ours.adj[n]) for n in ours.adj} == {n: set(theirs.adj[n]) for n in theirs}
    mine = sorted(sorted(c) for c in ours.connected_components())
    assert mine == sorted(sorted(c) for c in nx.connected_components(theirs))

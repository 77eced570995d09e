"""A fog keeps the boxes of its edits, so what follows it (the screens' pictures, the tokens
they show, the players' legend) looks at a dab's squares, not the whole map (issue 32)."""

from __future__ import annotations

import copy

import numpy as np

from tactical.core.commands import RevealSquares
from tactical.core.encounter import Encounter
from tactical.core.fog import brush_squares
from tactical.core.fog_legend import PlayersLegend
from tactical.core.fog_queries import legend_contents
from tactical.core.grid import GridMap, Terrain


def test_the_fog_says_where_it_changed_since_a_follower_looked() -> None:
    grid = GridMap(40, 30)
    encounter = Encounter(grid, [])
    fog = encounter.fog
    assert fog.changed_since(None, grid) == (0, 0, 30, 40)  # never looked: all of it
    RevealSquares(brush_squares((5, 5), 3)).do(encounter)
    mark = fog.mark(grid)
    assert fog.changed_since(mark, grid) is None
    first = RevealSquares(brush_squares((10, 20), 3))
    first.do(encounter)
    RevealSquares(brush_squares((30, 2), 1), reveal=False).do(encounter)  # nothing to hide
    assert fog.changed_since(mark, grid) == (19, 9, 22, 12)  # rows, then columns
    RevealSquares([(30, 2)]).do(encounter)
    assert fog.changed_since(mark, grid) == (2, 9, 22, 31)  # both boxes
    later = fog.mark(grid)
    first.undo(encounter)
    assert fog.changed_since(later, grid) == (19, 9, 22, 12)
    fog.revealed = np.ones((30, 40), dtype=np.bool_)  # replaced whole (a file loaded)
    assert fog.changed_since(later, grid) == (0, 0, 30, 40)
    assert fog.copy().changed_since(fog.mark(grid), grid) == (0, 0, 30, 40)  # another fog
    assert fog.changed_since(fog.mark(grid), GridMap(41, 30)) == (0, 0, 30, 41)


def test_the_players_legend_counts_what_each_change_finds_and_hides() -> None:
    elevation = np.zeros((30, 40), dtype=np.int16)
    elevation[:, 20:] = 3
    elevation[10, 30] = -2
    grid = GridMap(40, 30, elevation=elevation)
    grid.terrain[5, 5] = int(Terrain.DIFFICULT)
    encounter = Encounter(grid, [])
    encounter.fog.enabled = True
    legend = PlayersLegend()
    steps = [
        RevealSquares(brush_squares((2, 2), 5)),
        RevealSquares(brush_squares((5, 5), 1)),
        RevealSquares(brush_squares((30, 10), 3)),
        RevealSquares(brush_squares((30, 10), 1), reveal=False),
        RevealSquares(brush_squares((5, 5), 5), reveal=False),
    ]
    assert legend.contents(encounter) == legend_contents(encounter, players=True)
    for step in steps:
        step.do(encounter)
        assert legend.contents(encounter) == legend_contents(encounter, players=True)
    assert legend.contents(encounter) == ((0, 3), ())
    for step in reversed(steps):
        step.undo(encounter)
        assert legend.contents(encounter) == legend_contents(encounter, players=True)


def test_a_deep_copy_of_a_fog_is_another_fog_to_its_followers() -> None:
    grid = GridMap(10, 10)
    encounter = Encounter(grid, [])
    RevealSquares([(1, 1)]).do(encounter)
    mark = encounter.fog.mark(grid)
    twin = copy.deepcopy(encounter.fog)
    assert twin.changed_since(mark, grid) == (0, 0, 10, 10)
    assert encounter.fog.changed_since(mark, grid) is None

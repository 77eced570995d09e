"""Fog: brush, rectangle, polygon and area reveals, each stroke one undo step."""

from __future__ import annotations

import numpy as np

from tactical.core.areas import Area, AreaMap, polygon_from_points
from tactical.core.commands import RevealAreas, RevealSquares, SetFogSetting, UndoStack
from tactical.core.commands.fog import reveal_all, reveal_party_sight
from tactical.core.encounter import Encounter
from tactical.core.fog import Fog, brush_squares, polygon_mask, rectangle_squares
from tactical.core.fog_queries import fogged_token_ids, hidden_from_players
from tactical.core.grid import GridMap
from tactical.core.tokens import Token


def revealed(encounter: Encounter) -> set[tuple[int, int]]:
    grid = encounter.grid
    assert grid is not None
    rows, cols = np.nonzero(encounter.fog.mask(grid))
    return {(int(c), int(r)) for r, c in zip(rows, cols, strict=True)}


def fogged_grid(width: int = 10, height: int = 8) -> Encounter:
    return Encounter(GridMap(width, height), fog=Fog(enabled=True))


def test_brush_shapes() -> None:
    assert brush_squares((4, 4), 1) == [(4, 4)]
    assert set(brush_squares((4, 4), 3)) == {(c, r) for c in (3, 4, 5) for r in (3, 4, 5)}
    assert len(brush_squares((4, 4), 5)) == 25
    assert min(brush_squares((4, 4), 5)) == (2, 2)
    assert rectangle_squares((3, 5), (1, 4)) == [(1, 4), (2, 4), (3, 4), (1, 5), (2, 5), (3, 5)]


def test_a_brush_stroke_is_one_undo_step() -> None:
    encounter = fogged_grid()
    stack = UndoStack(encounter)
    stack.push(RevealSquares(brush_squares((1, 1), 3), gesture="stroke-1"))
    stack.push(RevealSquares(brush_squares((3, 1), 3), gesture="stroke-1"))
    stack.push(RevealSquares(brush_squares((0, 0), 1), gesture="stroke-1"))  # already revealed
    assert revealed(encounter) == {(c, r) for c in range(5) for r in range(3)}
    assert len(stack.done) == 1
    stack.push(RevealSquares(brush_squares((8, 6), 1), gesture="stroke-2"))
    assert len(stack.done) == 2
    stack.undo()
    assert (8, 6) not in revealed(encounter)
    stack.undo()
    assert revealed(encounter) == set()
    stack.redo()
    assert revealed(encounter) == {(c, r) for c in range(5) for r in range(3)}


def test_hiding_restores_only_what_it_hid() -> None:
    encounter = fogged_grid()
    stack = UndoStack(encounter)
    stack.push(RevealSquares(rectangle_squares((0, 0), (4, 4))))
    stack.push(RevealSquares([(4, 4), (5, 5)], reveal=False, gesture="g"))
    assert (4, 4) not in revealed(encounter)
    assert (3, 3) in revealed(encounter)
    stack.undo()
    assert (4, 4) in revealed(encounter)
    assert (5, 5) not in revealed(encounter)  # it was fogged before the hide, still is


def test_polygon_reveals_the_squares_whose_centre_is_inside() -> None:
    mask = polygon_mask([(0, 0), (4, 0), (0, 4)], 6, 6)
    inside = {(int(c), int(r)) for r, c in zip(*np.nonzero(mask), strict=True)}
    # centres on the long side (x + y = 4) are not inside
    assert inside == {(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (0, 2)}


def test_reveal_all_and_hide_all() -> None:
    encounter = fogged_grid(3, 2)
    stack = UndoStack(encounter)
    stack.push(reveal_all(encounter))
    assert len(revealed(encounter)) == 6
    stack.push(reveal_all(encounter, reveal=False))
    assert revealed(encounter) == set()
    stack.undo()
    assert len(revealed(encounter)) == 6


def area_encounter() -> Encounter:
    square = [(0, 0), (4, 0), (4, 4), (0, 4)]
    areas = [
        Area("hall", "Hall", polygon_from_points(square)),
        Area("crypt", "Crypt", polygon_from_points([(x + 5, y) for x, y in square])),
    ]
    tokens = [
        Token("hero", side="pcs", position="hall"),
        Token("ghoul", "Lurking ghoul", side="npcs", position="crypt"),
    ]
    return Encounter(AreaMap(areas), tokens, fog=Fog(enabled=True))


def test_area_reveal_with_undo_shows_the_token_standing_there() -> None:
    encounter = area_encounter()
    stack = UndoStack(encounter)
    assert fogged_token_ids(encounter) == {"hero", "ghoul"}
    stack.push(RevealAreas(["crypt"]))
    assert encounter.fog.areas == {"crypt"}
    assert fogged_token_ids(encounter) == {"hero"}
    stack.undo()
    assert encounter.fog.areas == set()
    assert "ghoul" in hidden_from_players(encounter)
    command = reveal_party_sight(encounter)
    assert command is not None
    stack.push(command)
    assert encounter.fog.areas == {"hall"}


def test_a_token_in_fog_is_hidden_from_players_until_the_fog_lifts() -> None:
    tokens = [Token("ghoul", "Lurking ghoul", position=(5, 5), size=2)]
    encounter = Encounter(GridMap(10, 10), tokens, fog=Fog(enabled=True))
    assert hidden_from_players(encounter) == {"ghoul"}
    UndoStack(encounter).push(RevealSquares([(6, 6)]))  # one of its four squares
    assert hidden_from_players(encounter) == frozenset()
    encounter.fog.enabled = False
    assert fogged_token_ids(encounter) == frozenset()


def test_fog_settings_undo() -> None:
    encounter = Encounter(GridMap(4, 4))
    stack = UndoStack(encounter)
    stack.push(SetFogSetting("enabled", True))
    stack.push(SetFogSetting("party", ["pcs", "allies"]))
    assert encounter.fog.enabled and encounter.fog.party == ("pcs", "allies")
    stack.undo()
    stack.undo()
    assert encounter.fog == Fog()

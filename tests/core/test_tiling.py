"""Table-scale tiling: exact pages, windows, labels and empty pages."""

from __future__ import annotations

import numpy as np
import pytest

from tactical.core.areas import Area, AreaMap, polygon_from_points
from tactical.core.encounter import Encounter
from tactical.core.fog import Fog
from tactical.core.grid import GridMap, Wall
from tactical.core.templates import Template
from tactical.core.tiling import (
    Margins,
    Rect,
    TileSpec,
    busy_squares,
    empty_tiles,
    pages_along,
    plan_tiles,
    row_letters,
    tile_label,
)
from tactical.core.tokens import Token


def test_the_hillside_ruin_on_a4_landscape_at_one_inch() -> None:
    plan = plan_tiles(TileSpec(Rect(0, 0, 48, 36)))
    assert plan.page_mm == (297.0, 210.0)
    # 6 mm margins, 5 mm gutters, a 12 mm caption under the map window
    assert plan.window_mm == Rect(11.0, 11.0, 275.0, 176.0)
    assert plan.caption_mm == Rect(11.0, 192.0, 275.0, 12.0)
    # 48 in = 1219.2 mm: 275 + 4 x 265 covers it, 275 + 3 x 265 does not
    assert (plan.columns, plan.rows) == (5, 6)
    assert [t.label for t in plan.tiles[:6]] == ["A1", "A2", "A3", "A4", "A5", "B1"]
    assert plan.tiles[-1].label == "F5"
    a1, a2, b1 = plan.tile("A1"), plan.tile("A2"), plan.tile("B1")
    assert a1.window == Rect(0.0, 0.0, 275 / 25.4, 176 / 25.4)
    assert a2.window.x == pytest.approx(265 / 25.4)
    assert b1.window.y == pytest.approx(166 / 25.4)
    # the overlap strip: A1's last 10 mm are A2's first 10 mm
    assert a1.window.right - a2.window.x == pytest.approx(10 / 25.4)
    assert plan.overlap == pytest.approx(10 / 25.4)
    last = plan.tile("F5").window
    assert last.right >= 48 and last.bottom >= 36


def test_paper_orientation_square_size_margins_and_overlap_change_the_grid() -> None:
    small = plan_tiles(TileSpec(Rect(0, 0, 48, 36), square_mm=12.7))  # half an inch
    assert (small.columns, small.rows) == (3, 3)
    portrait = plan_tiles(TileSpec(Rect(0, 0, 48, 36), landscape=False, paper="A3"))
    assert portrait.page_mm == (297.0, 420.0)
    assert portrait.window_mm == Rect(11.0, 11.0, 275.0, 386.0)
    assert (portrait.columns, portrait.rows) == (5, 3)
    wide = plan_tiles(TileSpec(Rect(0, 0, 48, 36), margins=Margins(10, 3, 10, 3), overlap_mm=0))
    assert wide.window_mm == Rect(15.0, 8.0, 267.0, 182.0)
    assert wide.tile("A2").window.x == pytest.approx(267 / 25.4)
    letter = plan_tiles(TileSpec(Rect(0, 0, 8, 6), paper="Legal"))
    assert letter.page_mm == (355.6, 215.9)
    assert len(letter.tiles) == 1 and letter.tiles[0].label == "A1"


def test_an_area_map_tiles_from_its_own_origin() -> None:
    plan = plan_tiles(TileSpec(Rect(-3, 2, 20, 5)))
    assert (plan.columns, plan.rows) == (2, 1)
    assert plan.tile("A1").window.x == -3 and plan.tile("A1").window.y == 2
    assert plan.tile("A2").window.x == pytest.approx(-3 + 265 / 25.4)


def test_pages_along_and_labels() -> None:
    assert pages_along(100, 100, 10) == 1
    assert pages_along(100.0000001, 100, 10) == 1  # rounding is forgiven
    assert pages_along(101, 100, 10) == 2
    assert pages_along(190, 100, 10) == 2
    assert pages_along(190.5, 100, 10) == 3
    assert [row_letters(i) for i in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == [
        "A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA",
    ]  # fmt: skip
    assert tile_label(1, 0) == "B1" and tile_label(0, 11) == "A12"


def test_impossible_pages_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="unknown paper 'B5'"):
        plan_tiles(TileSpec(Rect(0, 0, 5, 5), paper="B5"))
    with pytest.raises(ValueError, match="larger than 0 mm"):
        plan_tiles(TileSpec(Rect(0, 0, 5, 5), square_mm=0))
    with pytest.raises(ValueError, match="at most 88 mm"):
        plan_tiles(TileSpec(Rect(0, 0, 5, 5), overlap_mm=90))
    with pytest.raises(ValueError, match="no room"):
        plan_tiles(TileSpec(Rect(0, 0, 5, 5), margins=Margins.uniform(95)))


def field_with_a_hidden_token() -> Encounter:
    grid = GridMap(60, 20)
    grid.walls[((20, 10), (20, 11))] = Wall()
    tokens = [
        Token("scout", "Scout", "pcs", (5, 5)),
        Token("lurker", "Lurker", "npcs", (50, 5), hidden=True),
    ]
    return Encounter(grid, tokens, name="Field")


def test_empty_pages_are_those_with_nothing_the_reader_sees() -> None:
    encounter = field_with_a_hidden_token()
    plan = plan_tiles(TileSpec(Rect(0, 0, 60, 20)))
    assert (plan.columns, plan.rows) == (6, 3)
    everything = {t.label for t in plan.tiles}
    # the wall's squares (20, 10) and (20, 11) lie on B2 and, in its overlap strip, on B3
    assert everything - empty_tiles(plan, encounter, gm=False) == {"A1", "B2", "B3"}
    assert everything - empty_tiles(plan, encounter, gm=True) == {"A1", "A5", "B2", "B3"}


def test_busy_squares_count_ground_tokens_templates_and_walls() -> None:
    encounter = field_with_a_hidden_token()
    grid = encounter.grid
    assert grid is not None
    grid.elevation[0, 59] = 1
    grid.terrain[19, 0] = 1
    encounter.templates["fog"] = Template("fog", "area", 2, origin=(30, 15), hidden=True)
    encounter.templates["glow"] = Template("glow", "aura", 1, token_id="lurker")
    players = busy_squares(encounter, gm=False)
    gm = busy_squares(encounter, gm=True)
    for square in ((5, 5), (20, 10), (20, 11), (59, 0), (0, 19)):
        assert players[square[1], square[0]] and gm[square[1], square[0]]
    for square in ((50, 5), (30, 15), (31, 16), (49, 4), (51, 6)):  # hidden ones
        assert not players[square[1], square[0]] and gm[square[1], square[0]]
    assert int(players.sum()) == 5
    assert int(gm.sum()) == 5 + 1 + 4 + 8


def test_an_area_map_page_is_empty_when_it_meets_no_area() -> None:
    hall = Area("hall", "Hall", polygon_from_points([(0, 0), (4, 0), (4, 4), (0, 4)]))
    yard = Area("yard", "Yard", polygon_from_points([(30, 0), (34, 0), (34, 4), (30, 4)]))
    encounter = Encounter(AreaMap([hall, yard]), name="Keep")
    plan = plan_tiles(TileSpec(Rect(0, 0, 34, 4)))
    assert [t.label for t in plan.tiles] == ["A1", "A2", "A3", "A4"]
    assert empty_tiles(plan, encounter, gm=False) == {"A2"}


def test_the_players_pages_count_nothing_of_a_token_in_fog() -> None:
    """A token in fog is no more the players' than a hidden one: its aura (reaching out of
    the fog) and the area it placed do not make a page of the players' print."""
    fog = Fog(enabled=True)
    found = np.ones((20, 60), dtype=np.bool_)
    found[:, 40:] = False  # the ghoul stands at (41, 5), under fog
    fog.set_mask(found)
    encounter = Encounter(
        GridMap(60, 20),
        [Token("ghoul", "Ghoul", "npcs", (41, 5))],
        templates=[
            Template("stench", "aura", 3, token_id="ghoul"),
            Template("web", "area", 1, token_id="ghoul", origin=(10, 10)),
        ],
        fog=fog,
    )
    players = busy_squares(encounter, gm=False)
    assert not players.any()  # not the aura's found squares (38, 5), nor the web at (10, 10)
    gm = busy_squares(encounter, gm=True)
    assert gm[5, 38] and gm[10, 10]

"""The players' projection and the copy their prints are drawn from (issue 30), without Qt."""

from __future__ import annotations

import json

import numpy as np

from tactical.core.areas import Area, AreaMap, polygon_from_points
from tactical.core.commands.base import UndoStack
from tactical.core.commands.fog import RevealSquares
from tactical.core.commands.name_shown import ShowNameToPlayers
from tactical.core.encounter import Encounter
from tactical.core.fog import Fog
from tactical.core.grid import GridMap, Wall
from tactical.core.templates import Template
from tactical.core.tokens import Token
from tactical.core.wall_lines import WallLine
from tactical.share.players import NEUTRAL_HEADING, cut_footprint, players_view, template_shown
from tactical.share.players_copy import players_encounter
from tactical.share.seen import table_seen
from tactical.share.view import table_view
from tests.share.conftest import crypt

MAP_NAME = "Crypt of the Hollow Saint"


def test_the_crypt_as_the_players_may_read_it() -> None:
    encounter = crypt()
    view = players_view(encounter)
    assert view.unseen == {"ghoul", "saint"}
    assert view.tokens == {"ilse", "bram", "oda"}
    assert view.name == "" and view.heading == NEUTRAL_HEADING == "Players' view"
    assert view.squares is not None and view.areas is None
    assert view.square_shown((3, 11)) and not view.square_shown((20, 11))
    assert view.secrets.names_hidden("Charge on Lurking ghoul")
    table = table_seen(encounter)  # the TV's link asks the same projection
    assert table.unseen == view.unseen and table.token_ids == view.tokens


def test_the_maps_name_is_the_gms_until_the_gm_shows_it() -> None:
    encounter = crypt()
    assert encounter.name == MAP_NAME and not encounter.show_name_to_players
    assert table_view(encounter).data["name"] == ""
    stack = UndoStack(encounter)
    stack.push(ShowNameToPlayers(True))
    assert players_view(encounter).heading == MAP_NAME
    assert table_view(encounter).data["name"] == MAP_NAME
    stack.undo()
    assert players_view(encounter).heading == NEUTRAL_HEADING
    assert MAP_NAME not in json.dumps(table_view(encounter).data)


def test_the_players_copy_of_the_crypt_holds_nothing_under_fog() -> None:
    encounter = crypt()
    grid = encounter.grid
    assert grid is not None
    found = encounter.fog.mask(grid)
    assert int(grid.elevation[~found].max()) == 2  # the dais under fog
    copy = players_encounter(encounter)
    assert list(copy.tokens) == ["ilse", "bram", "oda"]
    shown = copy.grid
    assert shown is not None and (shown.width, shown.height) == (grid.width, grid.height)
    assert not shown.elevation[~found].any() and not shown.terrain[~found].any()
    assert (shown.elevation[found] == grid.elevation[found]).all()
    for a, b in shown.walls:
        assert any(grid.in_bounds(s) and found[s[1], s[0]] for s in (a, b))
    assert len(shown.walls) < len(grid.walls)
    worn = {encounter.tokens[t].image for t in ("ilse", "bram")}
    assert set(copy.pictures) == worn  # not the ghoul's paw, not the Saint's skull
    assert copy.name == "" and copy.notes == "" and copy.procedure is None
    assert (copy.fog.mask(shown) == found).all()


def test_walls_lines_and_templates_are_cut_to_what_may_be_seen() -> None:
    grid = GridMap(6, 2, walls={((0, 0), (1, 0)): Wall(), ((4, 0), (5, 0)): Wall(door=True)})
    grid.wall_lines = [WallLine((0.0, 1.0), (6.0, 1.0))]
    fog = Fog(enabled=True)
    fog.set_mask(np.array([[1, 1, 1, 0, 0, 0], [1, 1, 1, 0, 0, 0]], dtype=np.bool_))
    templates = [
        Template("seen", "area", 2, origin=(2, 0)),
        Template("fogged", "area", 1, origin=(4, 0)),
        Template("secret", "area", 1, origin=(0, 0), hidden=True),
    ]
    encounter = Encounter(grid, [Token("a", "A", "pcs", (0, 0))], templates=templates, fog=fog)
    copy = players_encounter(encounter)
    assert copy.grid is not None
    assert list(copy.grid.walls) == [((0, 0), (1, 0))]  # not the door in the fog
    assert [(line.a, line.b) for line in copy.grid.wall_lines] == [((0.0, 1.0), (3.0, 1.0))]
    assert list(copy.templates) == ["seen"]
    assert cut_footprint(encounter, [(2, 0), (3, 0), (2, 1), (3, 1)]) == [(2, 0), (2, 1)]


def test_an_area_map_copy_keeps_only_the_areas_found() -> None:
    def box(x: float) -> list[tuple[float, float]]:
        return [(x, 0), (x + 4, 0), (x + 4, 3), (x, 3)]

    areas = AreaMap(
        [
            Area("bar", "The bar", polygon_from_points(box(0))),
            Area("vault", "The Saint's vault", polygon_from_points(box(4))),
        ]
    )
    tokens = [Token("a", "Brawler", "pcs", "bar"), Token("g", "Ghoul", "npcs", "vault")]
    encounter = Encounter(areas, tokens, fog=Fog(enabled=True, areas={"bar"}))
    view = players_view(encounter)
    assert view.areas == {"bar"} and view.area_shown("bar") and not view.area_shown("vault")
    copy = players_encounter(encounter, view)
    assert copy.area_map is not None and list(copy.area_map.areas) == ["bar"]
    assert list(copy.tokens) == ["a"] and set(copy.sides) == {"pcs"}
    assert cut_footprint(encounter, ["bar", "vault"]) == ["bar"]


def test_a_status_or_figure_naming_an_unseen_token_stays_out_of_the_copy() -> None:
    encounter = crypt()
    ilse = encounter.tokens["ilse"]
    ilse.statuses["Grappled by Lurking ghoul"] = 1
    ilse.statuses["Prone"] = 1
    ilse.figures["mark"] = "The Hollow Saint"
    copy = players_encounter(encounter).tokens["ilse"]
    assert copy.statuses == {"Prone": 1} and "mark" not in copy.figures
    assert "Grappled by Lurking ghoul" in encounter.tokens["ilse"].statuses  # the GM's, kept


def test_revealing_the_chamber_lets_its_heights_into_the_copy() -> None:
    encounter = crypt()
    UndoStack(encounter).push(RevealSquares([(20, 11), (21, 7)]))
    copy = players_encounter(encounter)
    assert "ghoul" in copy.tokens and "saint" not in copy.tokens  # the Saint stays hidden
    assert copy.grid is not None and int(copy.grid.elevation[7, 21]) == 2


def test_a_template_placed_by_a_token_the_players_may_not_see_is_not_theirs() -> None:
    encounter = crypt()
    encounter.templates["rot"] = Template("rot", "area", 1, token_id="saint", origin=(3, 9))
    encounter.templates["light"] = Template("light", "area", 1, token_id="ilse", origin=(3, 9))
    assert not template_shown(encounter, encounter.templates["rot"])
    assert template_shown(encounter, encounter.templates["light"])
    assert list(players_encounter(encounter).templates) == ["light"]

"""The encounter as the players may read it: the copy a players' print is drawn from.

Covering what lies under fog with blank paper still writes it into the PDF
(a select-all there read the fogged chamber's heights). So a players' print,
picture or page is drawn from this copy instead, which holds only what
:func:`tactical.share.players.players_view` lets through:

* a grid's squares under fog are level open ground (no height, no number, no
  hatching) and walls and wall lines are cut to the squares that may be seen;
  an area map keeps only the areas that may be seen;
* only the tokens the players may see, with the pictures they wear; their
  statuses and figures that name an unseen token are left out;
* no hidden template, none anchored to an unseen token, none wholly under fog
  (the scene cuts the rest to what may be seen), labels that name an unseen
  token blank;
* the map's name only when the GM shows it; no notes, no procedure, no rolls;
* the background's placement, but not its picture: the app draws it cut to what
  may be seen (decoding is the app's).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from tactical.core.areas import AreaMap
from tactical.core.encounter import Encounter
from tactical.core.engine_errors import EngineError
from tactical.core.fog import Fog
from tactical.core.footprints import template_footprint
from tactical.core.grid import GridMap
from tactical.core.templates import Template
from tactical.core.tokens import Token
from tactical.share.players import (
    PlayersView,
    cut_footprint,
    cut_wall_lines,
    cut_walls,
    players_view,
    template_shown,
)


def _grid(grid: GridMap, view: PlayersView) -> GridMap:
    allowed = view.squares
    assert allowed is not None
    return GridMap(
        grid.width,
        grid.height,
        square_feet=grid.square_feet,
        elevation=np.where(allowed, grid.elevation, 0),
        terrain=np.where(allowed, grid.terrain, 0),
        walls=cut_walls(grid, allowed),
        wall_lines=cut_wall_lines(grid, allowed),
    )


def _areas(area_map: AreaMap, view: PlayersView) -> AreaMap:
    kept = view.areas or frozenset()
    copy = area_map.copy()
    return AreaMap(
        [area for area in copy if area.id in kept],
        [link for link in copy.links if link.a in kept and link.b in kept],
    )


def _token(token: Token, view: PlayersView) -> Token:
    secrets = view.secrets
    statuses = {k: v for k, v in token.statuses.items() if not secrets.names_hidden(k)}
    figures = {
        key: value
        for key, value in token.figures.items()
        if not secrets.names_hidden(key)
        and not (isinstance(value, str) and secrets.names_hidden(value))
    }
    return replace(token, statuses=statuses, figures=figures)


def _templates(encounter: Encounter, view: PlayersView) -> list[Template]:
    kept: list[Template] = []
    for template in encounter.templates.values():
        if not template_shown(encounter, template):
            continue
        try:
            footprint = template_footprint(encounter, template)
        except (EngineError, KeyError):  # one the map cannot place draws nothing anyway
            continue
        if cut_footprint(encounter, footprint):
            kept.append(replace(template, label=view.secrets.clean(template.label)))
    return kept


def players_encounter(encounter: Encounter, view: PlayersView | None = None) -> Encounter:
    """A copy of ``encounter`` holding only what the players may read (see the module)."""
    if view is None:
        view = players_view(encounter)
    grid, area_map = encounter.grid, encounter.area_map
    game_map: GridMap | AreaMap
    if grid is not None:
        game_map = _grid(grid, view)
    else:
        assert area_map is not None
        game_map = _areas(area_map, view)
    tokens = [_token(t, view) for t in encounter.tokens.values() if t.id in view.tokens]
    used_sides = {t.side for t in tokens}
    sides = [
        replace(side, allies=[a for a in side.allies if a in used_sides])
        for side in encounter.sides.values()
        if side.id in used_sides
    ]
    worn = {t.image for t in tokens if t.image is not None}
    fog = encounter.fog
    return Encounter(
        game_map,
        tokens,
        sides,
        name=view.name,
        show_name_to_players=bool(view.name),
        templates=_templates(encounter, view),
        metric=encounter.metric,
        pictures=[p for p in encounter.pictures.values() if p.id in worn],
        background=encounter.background,
        fog=Fog(
            fog.enabled,
            None if view.squares is None else view.squares.copy(),
            set(view.areas or ()),
            fog.party,
            fog.auto_reveal,
            fog.style,
        ),
    )

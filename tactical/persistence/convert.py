"""Between validated file models and the core :class:`Encounter`, both ways.

``to_encounter`` trusts its input (it has passed the schema and the checks);
``to_document`` writes every key in the fixed order of the format so that the
same encounter always gives the same bytes (its parts are made in
:mod:`tactical.persistence.snapshot`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tactical.core.areas import Area, AreaLink, AreaMap, polygon_from_points
from tactical.core.dice_log import DiceRoll
from tactical.core.encounter import Encounter
from tactical.core.fog import Fog
from tactical.core.give_way import checkpoint
from tactical.core.grid import Edge, GridMap, Terrain, Wall, edge
from tactical.core.pictures import Background, Picture
from tactical.core.sides import Side
from tactical.core.templates import Template
from tactical.core.tokens import Position, Token
from tactical.core.wall_lines import WallLine
from tactical.persistence.fog_bits import decode_mask
from tactical.persistence.schema import (
    AreaMapModel,
    BackgroundModel,
    DiceRollModel,
    EncounterModel,
    FogModel,
    GridMapModel,
    PictureModel,
    SideModel,
    TemplateModel,
    TokenModel,
)
from tactical.persistence.snapshot import finish_document, snapshot_document

_CHAR_TERRAIN = {".": Terrain.OPEN, "d": Terrain.DIFFICULT, "x": Terrain.IMPASSABLE}
_TERRAIN_LOOKUP = np.zeros(256, dtype=np.uint8)
for _char, _kind in _CHAR_TERRAIN.items():
    _TERRAIN_LOOKUP[ord(_char)] = int(_kind)


def _pair(value: list[int] | None) -> tuple[int, int] | None:
    return None if value is None else (value[0], value[1])


WALLS_A_PIECE = 256
"""Walls (or tokens) made between two checkpoints (about 1.5 ms)."""


def _grid(model: GridMapModel) -> GridMap:
    terrain_bytes = np.frombuffer("".join(model.terrain).encode("ascii"), dtype=np.uint8)
    heights, model._heights = model._heights, None  # converted by the checks, used once
    if heights is None:
        heights = np.array(model.elevation, dtype=np.int16)
    walls: dict[Edge, Wall] = {}
    for index, w in enumerate(model.walls):
        if index % WALLS_A_PIECE == 0:
            checkpoint()  # the save's worker gives way to a busy GUI (core.give_way)
        walls[edge((w.a[0], w.a[1]), (w.b[0], w.b[1]))] = Wall(door=w.door, open=w.open)
    checkpoint()
    return GridMap(
        model.width,
        model.height,
        square_feet=model.square_feet,
        elevation=heights,
        terrain=_TERRAIN_LOOKUP[terrain_bytes],
        walls=walls,
        wall_lines=[
            WallLine((w.a[0], w.a[1]), (w.b[0], w.b[1]), w.kind, w.open) for w in model.wall_lines
        ],
    )


def _areas(model: AreaMapModel) -> AreaMap:
    areas = [
        Area(a.id, a.name, polygon_from_points([(p[0], p[1]) for p in a.polygon]), list(a.tags))
        for a in model.areas
    ]
    links = [AreaLink(link.a, link.b, link.kind, link.label) for link in model.links]
    return AreaMap(areas, links)


def picture_of(model: PictureModel) -> Picture:
    data = None if model.data is None else model.data_bytes()
    return Picture(model.id, data=data, path=model.path, name=model.name)


def background_of(model: BackgroundModel | None) -> Background | None:
    if model is None:
        return None
    return Background(model.picture, model.x, model.y, model.square_px, model.overlay_opacity)


def map_of(model: GridMapModel | AreaMapModel) -> GridMap | AreaMap:
    return _grid(model) if isinstance(model, GridMapModel) else _areas(model)


def token_of(model: TokenModel) -> Token:
    position: Position = (
        (model.position[0], model.position[1])
        if isinstance(model.position, list)
        else model.position
    )
    return Token(
        id=model.id,
        name=model.name,
        side=model.side,
        position=position,
        size=model.size,
        speed=model.speed,
        image=model.image,
        statuses=dict(model.statuses),
        figures=dict(model.figures),
        hidden=model.hidden,
    )


def template_of(t: TemplateModel) -> Template:
    return Template(
        id=t.id,
        kind=t.kind,
        size=t.size,
        token_id=t.token_id,
        origin=_pair(t.origin),
        direction=_pair(t.direction),
        area_id=t.area_id,
        label=t.label,
        color=t.color,
        hidden=t.hidden,
        terrain_effect=t.terrain_effect,
    )


def side_of(s: SideModel) -> Side:
    return Side(s.id, s.name, s.color, list(s.allies))


def dice_of(d: DiceRollModel) -> DiceRoll:
    return DiceRoll(d.who, d.expression, d.why, d.result, tuple(d.rolls), d.manual, d.secret)


def to_encounter(model: EncounterModel) -> Encounter:
    """The encounter a validated file describes."""
    grid_or_areas = map_of(model.map)
    templates = [template_of(t) for t in model.templates]
    encounter = Encounter(
        grid_or_areas,
        (),
        [side_of(s) for s in model.sides],
        name=model.name,
        show_name_to_players=model.show_name_to_players,
        templates=templates,
        procedure=model.procedure.id if model.procedure else None,
        procedure_state=dict(model.procedure.state) if model.procedure else None,
        dice_log=[dice_of(d) for d in model.dice_log],
        metric=model.metric,
        notes=model.notes,
        pictures=[picture_of(p) for p in model.pictures],
        background=background_of(model.background),
        fog=_checked(fog_of(model.fog, grid_or_areas)),
    )
    for start in range(0, len(model.tokens), WALLS_A_PIECE):  # made and added a piece at a time
        checkpoint()
        for token in model.tokens[start : start + WALLS_A_PIECE]:
            encounter.add_token(token_of(token))
    return encounter


def _checked(fog: Fog) -> Fog:
    """``fog``, after a checkpoint: the encounter is made next (``core.give_way``)."""
    checkpoint()
    return fog


def fog_of(model: FogModel | None, map_: GridMap | AreaMap) -> Fog:
    """The fog a file describes (none: fog off, as in files made before fog)."""
    if model is None:
        return Fog()
    mask = None
    if isinstance(map_, GridMap) and model.revealed:
        mask = decode_mask(model.revealed, map_.width, map_.height)
    return Fog(
        enabled=model.enabled,
        revealed=mask,
        areas=set(model.areas),
        party=tuple(model.party),
        auto_reveal=model.auto_reveal,
        style=model.style,
    )


def to_document(encounter: Encounter, *, with_evening: bool = True) -> dict[str, Any]:
    """The encounter as the JSON object of the current schema, keys in format order
    (a scene's, with the rest of its evening unless ``with_evening`` is False)."""
    return finish_document(snapshot_document(encounter, with_evening=with_evening))

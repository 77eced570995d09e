"""Checks that need more than one field: references, bounds, geometry.

They run after the schema has accepted every type, so they can trust shapes
and only judge meaning. Each problem names its JSON path.
"""

from __future__ import annotations

import binascii
import math
from collections.abc import Iterator
from typing import Any

import numpy as np
import numpy.typing as npt

from tactical.core.areas import AreaError, overlapping_pairs, polygon_from_points
from tactical.core.give_way import checkpoint
from tactical.persistence.fog_bits import FogBitsError, decode_mask
from tactical.persistence.paths import unsafe_relative_path
from tactical.persistence.pictures import PictureHeaderError, read_picture_header
from tactical.persistence.problems import Problem, key_part
from tactical.persistence.schema import (
    AreaMapModel,
    EncounterModel,
    GridMapModel,
    TemplateModel,
    TokenModel,
)

MIN_ELEVATION = -1000
MAX_ELEVATION = 1000
TERRAIN_CHARS = ".dx"
MAX_STATE_DEPTH = 32
MAX_STATE_VALUES = 200_000
_STEPS = {(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1)} - {(0, 0)}


def check_encounter(model: EncounterModel) -> list[Problem]:
    """Every problem of meaning in a schema-valid encounter, in file order."""
    problems: list[Problem] = []
    problems += _check_sides(model)
    if isinstance(model.map, GridMapModel):
        problems += _check_grid(model.map)
    else:
        problems += _check_areas(model.map)
    problems += _check_tokens(model)
    checkpoint()  # each of these looks at every token: the save's worker gives way between
    problems += _check_templates(model)
    checkpoint()
    problems += _check_pictures(model)
    checkpoint()
    problems += _check_fog(model)
    if model.procedure is not None:
        problems += list(_check_state(model.procedure.state, "procedure.state", 1, [0]))
    return problems


def _duplicates(ids: list[str], path: str, what: str) -> Iterator[Problem]:
    seen: set[str] = set()
    for index, item in enumerate(ids):
        if index % (4 * PIECE) == 0:
            checkpoint()
        if item in seen:
            yield Problem(f"{path}[{index}].id", f"another {what} before this one has the same id")
        seen.add(item)


def _check_sides(model: EncounterModel) -> list[Problem]:
    problems = list(_duplicates([s.id for s in model.sides], "sides", "side"))
    ids = {s.id for s in model.sides}
    for index, side in enumerate(model.sides):
        for ally_index, ally in enumerate(side.allies):
            if ally not in ids:
                problems.append(
                    Problem(
                        f"sides[{index}].allies[{ally_index}]", "names a side that does not exist"
                    )
                )
    return problems


PIECE = 64
"""Rows of terrain (and four times as many walls) judged between two checkpoints: 1-2 ms."""


def _check_grid(grid: GridMapModel) -> list[Problem]:
    problems: list[Problem] = []
    lent = grid._heights is not None and not grid.elevation
    if lent:  # the save's proof: the heights written from this array (loading.Lent)
        problems += _check_lent_heights(grid)
    judged: list[tuple[str, list[Any]]] = [("terrain", grid.terrain)]
    if not lent:
        judged.insert(0, ("elevation", grid.elevation))
    for name, rows in judged:
        if len(rows) != grid.height:
            problems.append(
                Problem(f"map.{name}", f"has {len(rows)} rows, the map is {grid.height} high")
            )
        for index, row in enumerate(rows):
            if len(row) != grid.width:
                problems.append(
                    Problem(
                        f"map.{name}[{index}]",
                        f"has {len(row)} squares, the map is {grid.width} wide",
                    )
                )
    whole = grid._heights if lent else _heights_array(grid)
    grid._heights = whole  # the encounter's elevation, converted once
    for index, heights in enumerate(() if whole is not None else grid.elevation):
        if not heights or (min(heights) >= MIN_ELEVATION and max(heights) <= MAX_ELEVATION):
            continue  # the whole row is fine (min and max run at C speed on big maps)
        for column, value in enumerate(heights):
            if not MIN_ELEVATION <= value <= MAX_ELEVATION:
                problems.append(
                    Problem(
                        f"map.elevation[{index}][{column}]",
                        f"an elevation must lie between {MIN_ELEVATION} and {MAX_ELEVATION}",
                    )
                )
    allowed = frozenset(TERRAIN_CHARS)
    for index, kinds in enumerate(grid.terrain):
        if index % PIECE == 0:
            checkpoint()  # the save's worker gives way to a busy GUI (core.give_way)
        if allowed.issuperset(kinds):
            continue
        bad = next((c for c, char in enumerate(kinds) if char not in TERRAIN_CHARS), None)
        if bad is not None:
            problems.append(
                Problem(
                    f"map.terrain[{index}]",
                    f"square {bad} must be '.' (open), 'd' (difficult) or 'x' (impassable)",
                )
            )
    seen: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    for index, wall in enumerate(grid.walls):
        if index % (4 * PIECE) == 0:
            checkpoint()
        a, b = (wall.a[0], wall.a[1]), (wall.b[0], wall.b[1])
        path = f"map.walls[{index}]"
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            problems.append(Problem(path, "a wall must join two squares that share an edge"))
            continue
        if not all(0 <= c < grid.width and 0 <= r < grid.height for c, r in (a, b)):
            problems.append(Problem(path, "a wall must join two squares on the map"))
            continue
        key = (a, b) if a <= b else (b, a)
        if key in seen:
            problems.append(Problem(path, "another wall before this one is on the same edge"))
        seen.add(key)
        if wall.open and not wall.door:
            problems.append(Problem(f"{path}.open", "only a door can be open"))
    return problems


def _check_lent_heights(grid: GridMapModel) -> list[Problem]:
    """The problems of heights lent as an array: its shape, and its range in one pass."""
    heights = grid._heights
    if heights.shape != (grid.height, grid.width):
        rows = heights.shape[0] if heights.ndim else 0
        return [Problem("map.elevation", f"has {rows} rows, the map is {grid.height} high")]
    if heights.size and (heights.min() < MIN_ELEVATION or heights.max() > MAX_ELEVATION):
        row, column = (
            int(i) for i in np.argwhere((heights < MIN_ELEVATION) | (heights > MAX_ELEVATION))[0]
        )
        return [
            Problem(
                f"map.elevation[{row}][{column}]",
                f"an elevation must lie between {MIN_ELEVATION} and {MAX_ELEVATION}",
            )
        ]
    return []


def _heights_array(grid: GridMapModel) -> npt.NDArray[np.int16] | None:
    """The elevation as one array when every row has the map's width and every height is
    in bounds (one pass in C); None otherwise, and the rows are judged one by one."""
    rows = grid.elevation
    if len(rows) != grid.height or any(len(row) != grid.width for row in rows):
        return None
    try:
        heights = np.array(rows, dtype=np.int64)
    except (OverflowError, ValueError):  # a height beyond 64 bits: the rows say where
        return None
    if heights.shape != (grid.height, grid.width):
        return None
    if heights.min() < MIN_ELEVATION or heights.max() > MAX_ELEVATION:
        return None
    return heights.astype(np.int16)


def _check_areas(area_map: AreaMapModel) -> list[Problem]:
    problems = list(_duplicates([a.id for a in area_map.areas], "map.areas", "area"))
    sound = []
    for index, area in enumerate(area_map.areas):
        points = [(p[0], p[1]) for p in area.polygon]
        try:
            sound.append((index, polygon_from_points(points)))
        except AreaError as error:
            problems.append(Problem(f"map.areas[{index}].polygon", str(error)))
    for i, j in overlapping_pairs([polygon for _, polygon in sound]):
        problems.append(
            Problem(
                f"map.areas[{sound[j][0]}].polygon",
                f"overlaps map.areas[{sound[i][0]}]: areas may share edges, not ground",
            )
        )
    ids = {a.id for a in area_map.areas}
    for index, link in enumerate(area_map.links):
        for end in ("a", "b"):
            if getattr(link, end) not in ids:
                problems.append(
                    Problem(f"map.links[{index}].{end}", "names an area that does not exist")
                )
        if link.a == link.b:
            problems.append(Problem(f"map.links[{index}]", "a link must join two different areas"))
    return problems


def _token_position_problem(
    token: TokenModel, model: EncounterModel, area_ids: set[str]
) -> str | None:
    position = token.position
    if position is None:
        return None
    grid = model.map
    if isinstance(grid, GridMapModel):
        if isinstance(position, str):
            return "on a grid map a position is a square [column, row], not an area id"
        col, row = position
        if not (0 <= col <= grid.width - token.size and 0 <= row <= grid.height - token.size):
            if token.size == 1:
                return f"square is off the {grid.width} x {grid.height} map"
            return (
                f"a size {token.size} token here would reach off the "
                f"{grid.width} x {grid.height} map"
            )
        return None
    if not isinstance(position, str):
        return "on an area map a position is an area id, not a square"
    if position not in area_ids:
        return "names an area that does not exist"
    return None


def _check_tokens(model: EncounterModel) -> list[Problem]:
    problems = list(_duplicates([t.id for t in model.tokens], "tokens", "token"))
    sides = {s.id for s in model.sides}
    area_ids = _area_ids(model)
    for index, token in enumerate(model.tokens):
        if index % (4 * PIECE) == 0:
            checkpoint()
        if token.side not in sides:
            problems.append(Problem(f"tokens[{index}].side", "names a side that does not exist"))
        message = _token_position_problem(token, model, area_ids)
        if message:
            problems.append(Problem(f"tokens[{index}].position", message))
    return problems


def _area_ids(model: EncounterModel) -> set[str]:
    return {a.id for a in model.map.areas} if isinstance(model.map, AreaMapModel) else set()


def _template_problems(
    template: TemplateModel, model: EncounterModel, token_ids: set[str], area_ids: set[str]
) -> Iterator[tuple[str, str]]:
    if template.token_id is not None and template.token_id not in token_ids:
        yield "token_id", "names a token that does not exist"
    if template.kind == "aura" and template.token_id is None:
        yield "token_id", "an aura needs the token it is centred on"
    if template.terrain_effect and template.token_id is None:
        yield "terrain_effect", "a Terrain Effect needs the token that created it (token_id)"
    if isinstance(model.map, GridMapModel):
        grid = model.map
        if template.area_id is not None:
            yield "area_id", "a template on a grid map is placed by squares, not by area"
        if template.origin is not None:
            col, row = template.origin
            if not (0 <= col < grid.width and 0 <= row < grid.height):
                yield "origin", f"square is off the {grid.width} x {grid.height} map"
        elif template.kind != "aura":
            yield "origin", f"an {template.kind} template needs its first square"
        if template.direction is not None:
            if (template.direction[0], template.direction[1]) not in _STEPS:
                yield "direction", "must be one of the 8 unit steps, e.g. [1, 0] or [-1, 1]"
        elif template.kind == "line":
            yield "direction", "a line template needs a direction"
    else:
        if template.area_id is not None and template.area_id not in area_ids:
            yield "area_id", "names an area that does not exist"
        if template.area_id is None and template.kind != "aura":
            yield "area_id", "on an area map a template covers one area, name it"


def _check_templates(model: EncounterModel) -> list[Problem]:
    problems = list(_duplicates([t.id for t in model.templates], "templates", "template"))
    token_ids = {t.id for t in model.tokens} if model.templates else set()
    area_ids = _area_ids(model)
    for index, template in enumerate(model.templates):
        for field, message in _template_problems(template, model, token_ids, area_ids):
            problems.append(Problem(f"templates[{index}].{field}", message))
    return problems


def _check_pictures(model: EncounterModel) -> list[Problem]:
    """Each picture has its data or a path (not both); every reference names one."""
    problems = list(_duplicates([p.id for p in model.pictures], "pictures", "picture"))
    for index, picture in enumerate(model.pictures):
        path = f"pictures[{index}]"
        if (picture.data is None) == (picture.path is None):
            problems.append(Problem(path, "needs either its data or a path, not both"))
        elif picture.data is not None:
            try:
                data = picture.data_bytes()
            except (binascii.Error, ValueError):
                problems.append(Problem(f"{path}.data", "is not a picture written as base64"))
            else:
                try:
                    read_picture_header(data)
                except PictureHeaderError as error:
                    problems.append(Problem(f"{path}.data", str(error)))
        elif (
            picture.path is not None and (reason := unsafe_relative_path(picture.path)) is not None
        ):
            problems.append(Problem(f"{path}.path", reason))
    ids = {p.id for p in model.pictures}
    for index, token in enumerate(model.tokens):
        if index % (4 * PIECE) == 0:
            checkpoint()
        if token.image is not None and token.image not in ids:
            problems.append(Problem(f"tokens[{index}].image", "names no picture of this file"))
    if model.background is not None and model.background.picture not in ids:
        problems.append(Problem("background.picture", "names no picture of this file"))
    return problems


def _check_fog(model: EncounterModel) -> list[Problem]:
    """Revealed squares fit the grid; revealed areas exist on an area map."""
    fog = model.fog
    if fog is None:
        return []
    problems: list[Problem] = []
    if isinstance(model.map, GridMapModel):
        if fog.areas:
            problems.append(Problem("fog.areas", "a grid map has no areas to reveal"))
        try:
            decode_mask(fog.revealed, model.map.width, model.map.height)
        except FogBitsError as error:
            problems.append(Problem("fog.revealed", str(error)))
    else:
        if fog.revealed:
            problems.append(Problem("fog.revealed", "an area map reveals areas, not squares"))
        ids = {a.id for a in model.map.areas}
        for index, area_id in enumerate(fog.areas):
            if area_id not in ids:
                problems.append(Problem(f"fog.areas[{index}]", "names an area that does not exist"))
    return problems


def _check_state(value: Any, path: str, depth: int, count: list[int]) -> Iterator[Problem]:
    """The procedure state is opaque here, but it must be bounded JSON with finite numbers."""
    count[0] += 1
    if count[0] > MAX_STATE_VALUES:
        if count[0] == MAX_STATE_VALUES + 1:
            yield Problem("procedure.state", f"holds more than {MAX_STATE_VALUES} values")
        return
    if depth > MAX_STATE_DEPTH:
        yield Problem(path, f"nests deeper than {MAX_STATE_DEPTH} levels")
        return
    if isinstance(value, float) and not math.isfinite(value):
        yield Problem(path, "must be a finite number (NaN and infinity are not allowed)")
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > 2**53:
        yield Problem(path, "a number must lie between -2^53 and 2^53")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _check_state(item, path + key_part(str(key)), depth + 1, count)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _check_state(item, f"{path}[{index}]", depth + 1, count)

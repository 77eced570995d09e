"""Upgrading older files, one schema version at a time.

Each migration is a function from the raw JSON object of version ``n`` to the
raw object of version ``n + 1``; :data:`MIGRATIONS` chains them, so supporting
a new version is one new function and one new entry. Migrations work on plain
dicts before validation: they transform what they recognise and leave anything
malformed for the validator to report with its path.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tactical.core.pictures import picture_name_problem
from tactical.persistence.problems import LoadError, Problem
from tactical.persistence.schema import SCHEMA_VERSION

Raw = dict[str, Any]
Migration = Callable[[Raw], Raw]

_NUMBER = re.compile(r"[+-]?[0-9]{1,6}")
_TERRAIN_SUFFIX = {"": ".", "d": "d", "x": "x", "D": "d", "X": "x"}


def _rows_to_grid(rows: list[Any]) -> tuple[list[list[int]], list[str]]:
    """Version 1's compact rows (``"0 0 2d -1x"``) as version 2's elevation and terrain."""
    elevation: list[list[int]] = []
    terrain: list[str] = []
    problems: list[Problem] = []
    # squares in the first row, bad ones counted: one bad square in it is one problem, not
    # a length mismatch in every row after it (a row with a bad square is not measured)
    first: int | None = None
    for index, row in enumerate(rows):
        path = f"map.rows[{index}]"
        if not isinstance(row, str):
            problems.append(Problem(path, "must be a row of squares written as text"))
            continue
        heights: list[int] = []
        kinds: list[str] = []
        sound = True
        for column, cell in enumerate(row.split()):
            suffix = cell[-1] if cell[-1].isalpha() else ""
            number = cell[: len(cell) - len(suffix)]
            if suffix not in _TERRAIN_SUFFIX or not _NUMBER.fullmatch(number):
                problems.append(  # one problem per bad square, each naming its square
                    Problem(
                        path,
                        f"square {column} must be an elevation optionally followed by "
                        "'d' (difficult) or 'x' (impassable)",
                    )
                )
                sound = False
                continue
            heights.append(int(number))
            kinds.append(_TERRAIN_SUFFIX[suffix])
        count = len(row.split())
        if first is None:
            first = count
        elif count != first and sound:
            problems.append(Problem(path, f"has {count} squares, the first row has {first}"))
        elevation.append(heights)
        terrain.append("".join(kinds))
    if problems:
        raise LoadError(problems)
    return elevation, terrain


def migrate_1_to_2(data: Raw) -> Raw:
    """Version 1 to 2: statuses become stacks, templates and notes appear, rows split.

    - a token's ``statuses`` list of names becomes ``{name: 1}``;
    - ``templates`` (empty) and ``notes`` (empty) are added;
    - a grid map's ``rows`` in the compact notation become ``elevation`` (numbers)
      and ``terrain`` (``.``, ``d``, ``x``); ``width`` and ``height`` are taken
      from the rows when the file does not give them.
    """
    out = dict(data)
    tokens = out.get("tokens")
    if isinstance(tokens, list):
        new_tokens: list[Any] = []
        for token in tokens:
            if isinstance(token, dict) and isinstance(token.get("statuses"), list):
                token = dict(token)
                names = token["statuses"]
                if all(isinstance(name, str) for name in names):
                    token["statuses"] = {name: 1 for name in names}
            new_tokens.append(token)
        out["tokens"] = new_tokens
    out.setdefault("templates", [])
    out.setdefault("notes", "")
    grid = out.get("map")
    if isinstance(grid, dict) and grid.get("kind") == "grid" and "rows" in grid:
        grid = dict(grid)
        rows = grid.pop("rows")
        if not isinstance(rows, list):
            raise LoadError([Problem("map.rows", "must be a list of rows written as text")])
        elevation, terrain = _rows_to_grid(rows)
        grid.setdefault("height", len(elevation))
        grid.setdefault("width", len(elevation[0]) if elevation else 0)
        grid["elevation"] = elevation
        grid["terrain"] = terrain
        # keep the key order of the current format: kind, width, height, square_feet, ...
        order = ["kind", "width", "height", "square_feet", "elevation", "terrain", "walls"]
        grid = {k: grid[k] for k in order if k in grid} | {
            k: v for k, v in grid.items() if k not in order
        }
        out["map"] = grid
    out["schema_version"] = 2
    return out


def migrate_2_to_3(data: Raw) -> Raw:
    """Version 2 to 3: pictures become a table, backgrounds and free wall lines appear.

    A version 2 token's ``image`` was a path; version 3 names an entry of the
    new ``pictures`` table, so each distinct path becomes one entry
    ``{"id": "image-N", "path": ...}`` (the path is checked like any other).
    ``background`` (none) and ``map.wall_lines`` (none) are new and optional.
    """
    out = dict(data)
    tokens = out.get("tokens")
    pictures: dict[str, str] = {}
    if isinstance(tokens, list):
        new_tokens: list[Any] = []
        for token in tokens:
            image = token.get("image") if isinstance(token, dict) else None
            if isinstance(image, str):
                picture = pictures.setdefault(image, f"image-{len(pictures) + 1}")
                token = {**token, "image": picture}
            new_tokens.append(token)
        out["tokens"] = new_tokens
    if pictures:
        out["pictures"] = [{"id": pid, "path": path} for path, pid in pictures.items()]
    out["schema_version"] = 3
    return out


def _path_name(path: object) -> str:
    """The name of the file a picture path names ("art/orc-chief.png" -> "orc-chief.png"),
    or "" when that would not be a sound name (the validator judges the path itself)."""
    if not isinstance(path, str):
        return ""
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    return name if picture_name_problem(name) is None else ""


def migrate_3_to_4(data: Raw) -> Raw:
    """Version 3 to 4: a picture may keep its ``name``.

    Version 3 kept no name, so an embedded picture stays unnamed (the palette
    numbers it); a path picture is named by the file its path names, as the
    palette called it. Entries that are not objects are left for the validator.
    """
    out = dict(data)
    pictures = out.get("pictures")
    if isinstance(pictures, list):
        new_pictures: list[Any] = []
        for picture in pictures:
            if isinstance(picture, dict) and "name" not in picture:
                name = _path_name(picture.get("path"))
                if name:
                    picture = _after_id(picture, "name", name)
            new_pictures.append(picture)
        out["pictures"] = new_pictures
    out["schema_version"] = 4
    return out


def _after_id(entry: Raw, key: str, value: object) -> Raw:
    """``entry`` with ``key: value`` right after its ``id`` (the order the app writes)."""
    items = list(entry.items())
    index = next((i + 1 for i, (k, _v) in enumerate(items) if k == "id"), 0)
    return dict([*items[:index], (key, value), *items[index:]])


def migrate_4_to_5(data: Raw) -> Raw:
    """Version 4 to 5: the GM may show the map's name to the players.

    A version 4 file never chose to, so nothing is added: ``show_name_to_players``
    is false when absent, and the name stays the GM's.
    """
    out = dict(data)
    out["schema_version"] = 5
    return out


def migrate_5_to_6(data: Raw) -> Raw:
    """Version 5 to 6: a file holds an evening; a file of one map is its one scene.

    The map's keys become the scene's (with the id ``scene-1``, shown to the
    players); the roster is empty, so every token stays the map's own.
    """
    scene = {k: v for k, v in data.items() if k not in ("format", "schema_version", "app_version")}
    return {
        "format": data.get("format"),
        "schema_version": 6,
        "app_version": data.get("app_version", ""),
        "shown_scene": "scene-1",
        "roster": [],
        "scenes": [{"id": "scene-1", **scene}],
    }


MIGRATIONS: dict[int, Migration] = {
    1: migrate_1_to_2,
    2: migrate_2_to_3,
    3: migrate_3_to_4,
    4: migrate_4_to_5,
    5: migrate_5_to_6,
}
"""``MIGRATIONS[n]`` upgrades a version ``n`` object to version ``n + 1``."""


def migrate(data: Raw, version: int, target: int | None = None) -> Raw:
    """Upgrade ``data`` (of schema ``version``) to ``target`` (the loader reads a file of
    one map up to :data:`SCENE_VERSION`, then makes it an evening's one scene)."""
    while version < (SCHEMA_VERSION if target is None else target):
        data = MIGRATIONS[version](data)
        version += 1
    return data

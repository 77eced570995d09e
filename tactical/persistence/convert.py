"""Between validated file models and the core :class:`Encounter`, both ways.

``to_encounter`` trusts its input (it has passed the schema and the checks);
``to_document`` writes every key in the fixed order of the format so that the
same encounter always gives the same bytes. An embedded picture's base64 text
is made once per picture (:func:`base64_text`), not on every save.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from typing import Any

import numpy as np
import numpy.typing as npt

from tactical import __version__
from tactical.core.areas import Area, AreaLink, AreaMap, polygon_from_points
from tactical.core.dice_log import DiceRoll
from tactical.core.encounter import Encounter
from tactical.core.fog import Fog
from tactical.core.grid import GridMap, Terrain, Wall, edge
from tactical.core.pictures import Background, Picture
from tactical.core.sides import Side
from tactical.core.templates import Template
from tactical.core.tokens import Position, Token
from tactical.core.wall_lines import WallLine
from tactical.persistence import evening_hooks
from tactical.persistence.fog_bits import decode_mask, encode_mask
from tactical.persistence.jsonfmt import Base64Text
from tactical.persistence.schema import (
    FORMAT,
    SCENE_VERSION,
    AreaMapModel,
    BackgroundModel,
    EncounterModel,
    FogModel,
    GridMapModel,
    PictureModel,
)

_CHAR_TERRAIN = {".": Terrain.OPEN, "d": Terrain.DIFFICULT, "x": Terrain.IMPASSABLE}
_TERRAIN_CHARS = np.frombuffer(b".dx", dtype=np.uint8)
"""``_TERRAIN_CHARS[terrain]`` is a terrain array as the ASCII codes of ``.``, ``d``, ``x``."""
_TERRAIN_LOOKUP = np.zeros(256, dtype=np.uint8)
for _char, _kind in _CHAR_TERRAIN.items():
    _TERRAIN_LOOKUP[ord(_char)] = int(_kind)


def _pair(value: list[int] | None) -> tuple[int, int] | None:
    return None if value is None else (value[0], value[1])


def _grid(model: GridMapModel) -> GridMap:
    terrain_bytes = np.frombuffer("".join(model.terrain).encode("ascii"), dtype=np.uint8)
    heights, model._heights = model._heights, None  # converted by the checks, used once
    if heights is None:
        heights = np.array(model.elevation, dtype=np.int16)
    walls = {
        edge((w.a[0], w.a[1]), (w.b[0], w.b[1])): Wall(door=w.door, open=w.open)
        for w in model.walls
    }
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


def _picture(model: PictureModel) -> Picture:
    data = None if model.data is None else model.data_bytes()
    return Picture(model.id, data=data, path=model.path, name=model.name)


def _background(model: BackgroundModel | None) -> Background | None:
    if model is None:
        return None
    return Background(model.picture, model.x, model.y, model.square_px, model.overlay_opacity)


def to_encounter(model: EncounterModel) -> Encounter:
    """The encounter a validated file describes."""
    grid_or_areas = _grid(model.map) if isinstance(model.map, GridMapModel) else _areas(model.map)
    tokens = []
    for t in model.tokens:
        position: Position = (
            (t.position[0], t.position[1]) if isinstance(t.position, list) else t.position
        )
        tokens.append(
            Token(
                id=t.id,
                name=t.name,
                side=t.side,
                position=position,
                size=t.size,
                speed=t.speed,
                image=t.image,
                statuses=dict(t.statuses),
                figures=dict(t.figures),
                hidden=t.hidden,
            )
        )
    templates = [
        Template(
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
        for t in model.templates
    ]
    return Encounter(
        grid_or_areas,
        tokens,
        [Side(s.id, s.name, s.color, list(s.allies)) for s in model.sides],
        name=model.name,
        show_name_to_players=model.show_name_to_players,
        templates=templates,
        procedure=model.procedure.id if model.procedure else None,
        procedure_state=dict(model.procedure.state) if model.procedure else None,
        dice_log=[
            DiceRoll(d.who, d.expression, d.why, d.result, tuple(d.rolls), d.manual, d.secret)
            for d in model.dice_log
        ],
        metric=model.metric,
        notes=model.notes,
        pictures=[_picture(p) for p in model.pictures],
        background=_background(model.background),
        fog=_fog(model.fog, grid_or_areas),
    )


def _fog(model: FogModel | None, map_: GridMap | AreaMap) -> Fog:
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


# -- writing ----------------------------------------------------------------


def _number(value: float) -> float | int:
    """Whole coordinates are written as integers (``4``, not ``4.0``) to stay readable."""
    return int(value) if float(value).is_integer() and abs(value) < 2**53 else float(value)


class _GridCopy:
    """A grid's contents as a snapshot holds them: the arrays copied (a copy is cheap), the
    lists the file writes made later by :func:`finish_document`, on any thread."""

    def __init__(self, grid: GridMap) -> None:
        self.width, self.height, self.square_feet = grid.width, grid.height, grid.square_feet
        self.elevation = grid.elevation.copy()
        self.terrain = grid.terrain.copy()
        self.walls = sorted(grid.walls.items())  # Wall and WallLine are frozen
        self.wall_lines = tuple(grid.wall_lines)

    def document(self) -> dict[str, Any]:
        return {
            "kind": "grid",
            "width": self.width,
            "height": self.height,
            "square_feet": self.square_feet,
            "elevation": self.elevation.astype(int).tolist(),
            "terrain": [row.tobytes().decode("ascii") for row in _TERRAIN_CHARS[self.terrain]],
            "walls": [
                {"a": list(a), "b": list(b), "door": wall.door, "open": wall.open}
                for (a, b), wall in self.walls
            ],
            "wall_lines": [
                {
                    "a": [_number(line.a[0]), _number(line.a[1])],
                    "b": [_number(line.b[0]), _number(line.b[1])],
                    "kind": line.kind,
                    "open": line.open,
                }
                for line in self.wall_lines
            ],
        }


class _MaskCopy:
    """A fog's revealed squares copied for a snapshot, encoded by :func:`finish_document`."""

    def __init__(self, mask: npt.NDArray[np.bool_] | None) -> None:
        self.mask = None if mask is None else mask.copy()

    def text(self) -> str:
        return encode_mask(self.mask)


def _areas_document(area_map: AreaMap) -> dict[str, Any]:
    return {
        "kind": "areas",
        "areas": [
            {
                "id": a.id,
                "name": a.name,
                "polygon": [[_number(x), _number(y)] for x, y in a.points],
                "tags": list(a.tags),
            }
            for a in area_map.areas.values()
        ],
        "links": [
            {"a": link.a, "b": link.b, "kind": link.kind, "label": link.label}
            for link in area_map.links
        ],
    }


def _position(position: Position) -> list[int] | str | None:
    return list(position) if isinstance(position, tuple) else position


def _pair_document(value: tuple[int, int] | None) -> list[int] | None:
    return None if value is None else [int(value[0]), int(value[1])]


def to_document(encounter: Encounter, *, with_evening: bool = True) -> dict[str, Any]:
    """The encounter as the JSON object of the current schema, keys in format order
    (a scene's, with the rest of its evening unless ``with_evening`` is False)."""
    return finish_document(snapshot_document(encounter, with_evening=with_evening))


def token_fields(token: Token) -> tuple[Any, ...]:
    """A token's fields in the file's order, its statuses and figures as tuples of pairs
    (quick to pickle: ``save_child.take_snapshot``)."""
    return (
        token.id,
        token.name,
        token.side,
        token.position,
        token.size,
        token.speed,
        token.image,
        tuple(token.statuses.items()),
        tuple(token.figures.items()),
        token.hidden,
    )


def token_document(fields: tuple[Any, ...]) -> dict[str, Any]:
    """A token's :func:`token_fields` as the file's object, with its own statuses and figures."""
    token_id, name, side, position, size, speed, image, statuses, figures, hidden = fields
    return {
        "id": token_id,
        "name": name,
        "side": side,
        "position": _position(position),
        "size": size,
        "speed": speed,
        "image": image,
        "statuses": dict(statuses),
        "figures": dict(figures),
        "hidden": hidden,
    }


def snapshot_document(
    encounter: Encounter, *, with_tokens: bool = True, with_evening: bool = True
) -> dict[str, Any]:
    """The document, but each picture still the (immutable) core :class:`Picture`.

    It shares no mutable object with the encounter, so it may be finished and
    written on another thread while the GM goes on editing; it is cheap (no
    picture is read, the grid's arrays and the fog's mask are copied as they
    are and turned into the file's lists by :func:`finish_document`), so
    autosave and Ctrl+S take it on the GUI thread. With ``with_tokens`` False its
    ``tokens`` list is left empty (``save_child`` makes them a few at a time).
    """
    grid = encounter.grid
    area_map = encounter.area_map
    tokens = encounter.tokens.values()
    map_document: dict[str, Any] | _GridCopy
    if grid is not None:
        map_document = _GridCopy(grid)
    elif area_map is not None:
        map_document = _areas_document(area_map)
    else:  # pragma: no cover - Encounter.map is typed as one of the two
        raise TypeError(f"cannot save a map of type {type(encounter.map).__name__}")
    document: dict[str, Any] = {
        "format": FORMAT,
        "schema_version": SCENE_VERSION,
        "app_version": __version__,
        "name": encounter.name,
        "show_name_to_players": encounter.show_name_to_players,
        "notes": encounter.notes,
        "metric": encounter.metric,
        "map": map_document,
        "background": _background_document(encounter.background),
        "sides": [
            {"id": s.id, "name": s.name, "color": s.color, "allies": list(s.allies)}
            for s in encounter.sides.values()
        ],
        "tokens": [token_document(token_fields(t)) for t in tokens] if with_tokens else [],
        "templates": [
            {
                "id": t.id,
                "kind": t.kind,
                "size": t.size,
                "token_id": t.token_id,
                "origin": _pair_document(t.origin),
                "direction": _pair_document(t.direction),
                "area_id": t.area_id,
                "label": t.label,
                "color": t.color,
                "hidden": t.hidden,
                **({"terrain_effect": True} if t.terrain_effect else {}),
            }
            for t in encounter.templates.values()
        ],
        "procedure": (
            None
            if encounter.procedure is None
            else {"id": encounter.procedure, "state": copy.deepcopy(encounter.procedure_state)}
        ),
        "dice_log": [
            {
                "who": d.who,
                "expression": d.expression,
                "why": d.why,
                "result": d.result,
                "rolls": list(d.rolls),
                "manual": d.manual,
                "secret": d.secret,
            }
            for d in encounter.dice_log
        ],
        "pictures": list(encounter.pictures.values()),
    }
    fog = _fog_document(encounter)
    if fog is not None:  # left out while off and empty, as in files made before fog
        document = _after(document, "background", "fog", fog)
    if with_evening and encounter.evening is not None and evening_hooks.evening_frame:
        document[evening_hooks.EVENING_KEY] = evening_hooks.evening_frame[0](encounter)
    return document


def finish_document(snapshot: dict[str, Any]) -> dict[str, Any]:
    """A :func:`snapshot_document` as the file's JSON object: each picture as its file entry
    (base64 made here), the grid's lists and the fog's mask text made from their copies."""
    document = {**snapshot, "pictures": [_picture_document(p) for p in snapshot["pictures"]]}
    if isinstance(snapshot["map"], _GridCopy):
        document["map"] = snapshot["map"].document()
    fog = snapshot.get("fog")
    if fog is not None and isinstance(fog["revealed"], _MaskCopy):
        document["fog"] = {**fog, "revealed": fog["revealed"].text()}
    return document


def _after(document: dict[str, Any], key: str, new: str, value: Any) -> dict[str, Any]:
    """``document`` with ``new: value`` inserted right after ``key``."""
    items = list(document.items())
    index = [k for k, _ in items].index(key) + 1
    return dict([*items[:index], (new, value), *items[index:]])


def _background_document(background: Background | None) -> dict[str, Any] | None:
    if background is None:
        return None
    return {
        "picture": background.picture,
        "x": _number(background.x),
        "y": _number(background.y),
        "square_px": _number(background.square_px),
        "overlay_opacity": _number(background.overlay_opacity),
    }


def _fog_document(encounter: Encounter) -> dict[str, Any] | None:
    """The fog, or None while it is as a file without fog loads (off, nothing found)."""
    fog = encounter.fog
    if fog == Fog():
        return None
    grid = encounter.grid
    return {
        "enabled": fog.enabled,
        "revealed": _MaskCopy(fog.mask(grid)) if grid is not None else "",
        "areas": sorted(fog.areas),
        "party": list(fog.party),
        "auto_reveal": fog.auto_reveal,
        "style": fog.style,
    }


def _picture_document(picture: Picture) -> dict[str, Any]:
    """``{"id", "name", "data"}`` or ``{"id", "name", "path"}``; no ``name`` when it has none."""
    entry: dict[str, Any] = {"id": picture.id}
    if picture.name:
        entry["name"] = picture.name
    if picture.data is not None:
        entry["data"] = base64_text(picture.data)
    else:
        entry["path"] = picture.path
    return entry


BASE64_CACHE_CHARS = 320 * 1024 * 1024
"""At most this much base64 text is kept (the largest picture's 213 MiB and token art)."""
BASE64_CACHE_ENTRIES = 64
"""At most this many pictures' base64 texts are kept."""
_base64_cache: OrderedDict[int, Base64Text] = OrderedDict()
"""By ``id`` of the picture's bytes; each text holds those bytes, so the id stays theirs."""
_base64_chars = 0
_base64_lock = threading.Lock()
"""Autosave encodes on a worker thread while Ctrl+S may encode on the GUI thread."""


def base64_text(data: bytes) -> Base64Text:
    """``data`` as base64, computed once per picture and kept for the next save.

    A picture's bytes never change (a new picture is a new bytes object), and
    the app saves the same pictures every minute, so the text (0.06 s for a
    42 MB battle map) is kept for the most recently saved pictures within
    :data:`BASE64_CACHE_CHARS` and :data:`BASE64_CACHE_ENTRIES`. The key is
    the bytes object itself (its identity: hashing 42 MB would cost about as
    much as encoding it); equal bytes in another object are simply encoded again.
    """
    global _base64_chars
    with _base64_lock:
        text = _base64_cache.get(id(data))
        if text is not None and text.data is data:
            _base64_cache.move_to_end(id(data))
            return text
    text = Base64Text.of(data)
    if len(text) > BASE64_CACHE_CHARS:
        return text
    with _base64_lock:
        old = _base64_cache.pop(id(data), None)
        if old is not None:
            _base64_chars -= len(old)
        _base64_cache[id(data)] = text
        _base64_chars += len(text)
        while _base64_chars > BASE64_CACHE_CHARS or len(_base64_cache) > BASE64_CACHE_ENTRIES:
            _old, dropped = _base64_cache.popitem(last=False)
            _base64_chars -= len(dropped)
    return text

"""Universal VTT files (``.dd2vtt``, ``.uvtt``, ``.df2vtt``) read into the neutral form.

Dungeondraft, DungeonFog, Dungeon Alchemist and converters write them: JSON
with a ``resolution`` (``map_origin``, ``map_size``, ``pixels_per_grid``),
wall polylines in ``line_of_sight`` and (format 0.3) ``objects_line_of_sight``,
``portals`` (doors and windows), ``lights`` and the map's picture as base64 in
``image``. What real files do, and what this reader does about it:

- coordinates are squares in the uncropped map's frame: ``map_origin`` is
  taken off here (the builder clips what lies off the map);
- ``map_size`` may be fractional (the grid rounds up) and ``format`` a number
  or a string (0.2, 0.3 and 1.0 are read, others refused);
- a portal's ``bounds`` are its two ends; without them its ``position`` and
  ``rotation`` (radians, along the door) give a door one square wide;
  ``closed: false`` is a window, a missing ``closed`` means closed; a door
  tactical exported open carries ``tactical_open: true`` and opens again;
- ``image`` is base64 PNG, JPEG or WebP (sniffed, size read from the header and
  refused over the limits before decoding) or, from some converters, a path:
  taken only when it is a safe relative path to a file beside the UVTT file.

The file's size is checked before it is read, NaN and infinite or huge numbers
are refused, and every refusal names the place in the file and what is missing.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
from pathlib import Path
from typing import Any

from tactical.persistence.foreign.neutral import (
    ForeignLight,
    ForeignMap,
    ForeignPortal,
    Point,
    Polyline,
)
from tactical.persistence.paths import unsafe_relative_path
from tactical.persistence.pictures import (
    MAX_PICTURE_BYTES,
    PictureHeaderError,
    read_picture_header,
)
from tactical.persistence.problems import ROOT, LoadError, Problem
from tactical.persistence.safe_read import ReadRefused, inside_folder, read_regular_file

EXTENSIONS = (".dd2vtt", ".uvtt", ".df2vtt")
FORMATS = {"0.2": "0.2", "0.3": "0.3", "1.0": "1.0", "1": "1.0"}
"""The ``format`` values read, as written (a number or a string) -> as named."""

MAX_UVTT_BYTES = 256 * 1024 * 1024
"""The largest Universal VTT file read (checked before reading a byte)."""
MAX_COORDINATE = 100_000.0
"""Coordinates (in squares) further than this from the origin are refused as damaged."""
MAX_POINTS = 200_000
"""The most wall, object and portal points one file may hold."""
MAX_PIXELS_PER_SQUARE = 4096.0


def _refuse(path: str, message: str) -> LoadError:
    return LoadError([Problem(path, message)])


def read(path: Path) -> ForeignMap:
    """Read a Universal VTT file; LoadError naming what is wrong or missing."""
    raw = _load_json(path)
    return read_object(raw, folder=path.parent, name=_stem(path), file_name=path.name)


def _stem(path: Path) -> str:
    name = path.name
    for extension in EXTENSIONS:
        if name.lower().endswith(extension):
            return name[: -len(extension)]
    return path.stem


def _load_json(path: Path) -> dict[str, Any]:
    try:
        data = read_regular_file(
            path,
            MAX_UVTT_BYTES,
            too_big=f"is larger than {MAX_UVTT_BYTES // (1024 * 1024)} MiB, the largest Universal "
            "VTT file tactical imports (its picture would not fit in an encounter)",
        )
    except ReadRefused as error:
        raise _refuse(ROOT, str(error)) from None
    try:
        raw = json.loads(data.decode("utf-8-sig"), parse_constant=_no_constant, parse_float=_finite)
    except UnicodeDecodeError as error:
        raise _refuse(ROOT, f"is not UTF-8 text (bad byte at offset {error.start})") from None
    except json.JSONDecodeError as error:
        raise _refuse(
            ROOT,
            f"is not valid JSON: {error.msg} (line {error.lineno}, column {error.colno}); "
            "the file is damaged or not a Universal VTT export",
        ) from None
    except _Constant:
        raise _refuse(ROOT, "holds NaN, Infinity or a number too big to be a coordinate") from None
    except RecursionError:
        raise _refuse(ROOT, "nests lists or objects too deeply") from None
    except ValueError:
        raise _refuse(ROOT, "holds a number too long to read") from None
    if not isinstance(raw, dict):
        raise _refuse(ROOT, "must hold one JSON object (a Universal VTT map)")
    return raw


class _Constant(ValueError):
    pass


def _no_constant(name: str) -> Any:
    raise _Constant(name)


def _finite(text: str) -> float:
    """A JSON number; ``1e999`` (infinity once read) is refused like NaN."""
    value = float(text)
    if not math.isfinite(value):
        raise _Constant(text)
    return value


def _number(value: object, path: str, *, limit: float = MAX_COORDINATE) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _refuse(path, "must be a number")
    number = float(value)
    if not math.isfinite(number):
        raise _refuse(path, "must be a finite number")
    if abs(number) > limit:
        raise _refuse(path, f"lies more than {limit:,.0f} squares away; the file is damaged")
    return number


def _object(raw: dict[str, Any], key: str, path: str) -> dict[str, Any]:
    value = raw.get(key)
    if value is None:
        raise _refuse(path, "is missing")
    if not isinstance(value, dict):
        raise _refuse(path, "must be an object ({...})")
    return value


def _xy(value: object, path: str) -> Point:
    if not isinstance(value, dict):
        raise _refuse(path, "must be a point {x, y}")
    return (_number(value.get("x"), f"{path}.x"), _number(value.get("y"), f"{path}.y"))


def _format(raw: dict[str, Any]) -> str:
    if "format" not in raw:
        raise _refuse("format", "is missing: this is not a Universal VTT file")
    value = raw["format"]
    key = None
    if isinstance(value, str):
        key = value.strip()
    elif isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        key = f"{float(value):.1f}" if float(value) == round(float(value), 1) else str(value)
    known = FORMATS.get(key or "")
    if known is None:
        raise _refuse(
            "format",
            "is a Universal VTT version tactical does not read (it reads 0.2, 0.3 and 1.0)",
        )
    return known


def read_object(
    raw: dict[str, Any], *, folder: Path | None, name: str = "", file_name: str = ""
) -> ForeignMap:
    """A parsed Universal VTT object as a ForeignMap; ``folder`` resolves a path image."""
    version = _format(raw)
    resolution = _object(raw, "resolution", "resolution")
    origin = _xy(resolution.get("map_origin", {"x": 0, "y": 0}), "resolution.map_origin")
    if "map_size" not in resolution:
        raise _refuse("resolution.map_size", "is missing: the map's size in squares")
    width, height = _xy(resolution["map_size"], "resolution.map_size")
    for axis, value in (("x", width), ("y", height)):
        if not 0 < value <= 1024:
            raise _refuse(
                f"resolution.map_size.{axis}",
                "must be more than 0 and at most 1024 squares (the largest grid tactical has)",
            )
    if "pixels_per_grid" not in resolution:
        raise _refuse("resolution.pixels_per_grid", "is missing: the picture's pixels per square")
    ppg = _number(
        resolution["pixels_per_grid"], "resolution.pixels_per_grid", limit=MAX_PIXELS_PER_SQUARE
    )
    if ppg <= 0:
        raise _refuse("resolution.pixels_per_grid", "must be more than 0")
    counter = [0]
    walls = _polylines(raw, "line_of_sight", origin, counter)
    objects = _polylines(raw, "objects_line_of_sight", origin, counter)
    portals = _portals(raw, origin, counter)
    lights = _lights(raw, origin)
    picture = _picture(raw, folder)
    notes = []
    if lights:
        notes.append(
            f"{len(lights)} light{'s were' if len(lights) != 1 else ' was'} not kept "
            "(tactical does not draw lighting yet)"
        )
    return ForeignMap(
        source=f"Universal VTT {version}",
        picture=picture,
        width=width,
        height=height,
        pixels_per_square=ppg,
        walls=walls,
        objects=objects,
        portals=portals,
        lights=lights,
        name=name,
        file_name=file_name,
        notes=tuple(notes),
    )


def _list(raw: dict[str, Any], key: str) -> list[Any]:
    value = raw.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise _refuse(key, "must be a list ([...])")
    return value


def _count(counter: list[int], path: str, more: int) -> None:
    counter[0] += more
    if counter[0] > MAX_POINTS:
        raise _refuse(path, f"the file holds more than {MAX_POINTS:,} wall and door points")


def _polylines(
    raw: dict[str, Any], key: str, origin: Point, counter: list[int]
) -> tuple[Polyline, ...]:
    out = []
    for index, line in enumerate(_list(raw, key)):
        path = f"{key}[{index}]"
        if not isinstance(line, list):
            raise _refuse(path, "must be a list of points")
        _count(counter, path, len(line))
        points = tuple(_shift(_xy(point, f"{path}[{n}]"), origin) for n, point in enumerate(line))
        if len(points) >= 2:
            out.append(points)
    return tuple(out)


def _shift(point: Point, origin: Point) -> Point:
    return (point[0] - origin[0], point[1] - origin[1])


def _portals(raw: dict[str, Any], origin: Point, counter: list[int]) -> tuple[ForeignPortal, ...]:
    out = []
    for index, portal in enumerate(_list(raw, "portals")):
        path = f"portals[{index}]"
        if not isinstance(portal, dict):
            raise _refuse(path, "must be an object ({...})")
        _count(counter, path, 2)
        closed = portal.get("closed", True)
        if not isinstance(closed, bool):
            raise _refuse(f"{path}.closed", "must be true or false")
        opened = portal.get("tactical_open", False)
        if not isinstance(opened, bool):
            raise _refuse(f"{path}.tactical_open", "must be true or false")
        bounds = portal.get("bounds")
        if isinstance(bounds, list) and len(bounds) >= 2:
            a = _xy(bounds[0], f"{path}.bounds[0]")
            b = _xy(bounds[-1], f"{path}.bounds[{len(bounds) - 1}]")
        elif "position" in portal:
            centre = _xy(portal["position"], f"{path}.position")
            if "rotation" not in portal:
                raise _refuse(path, "has neither its two ends (bounds) nor its rotation")
            angle = _number(portal.get("rotation"), f"{path}.rotation")
            dx, dy = 0.5 * math.cos(angle), 0.5 * math.sin(angle)
            a, b = (centre[0] - dx, centre[1] - dy), (centre[0] + dx, centre[1] + dy)
        else:
            raise _refuse(path, "has neither its two ends (bounds) nor its position")
        out.append(ForeignPortal(_shift(a, origin), _shift(b, origin), closed, closed and opened))
    return tuple(out)


def _lights(raw: dict[str, Any], origin: Point) -> tuple[ForeignLight, ...]:
    out = []
    for index, light in enumerate(_list(raw, "lights")[:10_000]):
        path = f"lights[{index}]"
        if not isinstance(light, dict):
            continue  # lights are not kept: a damaged one costs nothing
        try:
            position = _shift(_xy(light.get("position"), f"{path}.position"), origin)
            reach = _number(light.get("range", 0), f"{path}.range")
            intensity = _number(light.get("intensity", 1), f"{path}.intensity")
        except LoadError:
            continue
        color = light.get("color")
        out.append(
            ForeignLight(position, reach, intensity, color if isinstance(color, str) else "")
        )
    return tuple(out)


def _picture(raw: dict[str, Any], folder: Path | None) -> bytes:
    value = raw.get("image")
    if value is None or value == "":
        raise _refuse("image", "is missing: the file carries no picture of the map")
    if not isinstance(value, str):
        raise _refuse("image", "must be the picture as base64 text")
    data = _picture_beside(value, folder) if _looks_like_path(value) else _base64_picture(value)
    try:
        read_picture_header(data)
    except PictureHeaderError as error:
        raise _refuse("image", f"the picture {error}") from None
    return data


def _looks_like_path(value: str) -> bool:
    """A file name, not base64 (whose alphabet has no dot)."""
    return len(value) <= 4096 and "." in value and not value.startswith("data:")


def _base64_picture(value: str) -> bytes:
    if value.startswith("data:"):  # a data URL: data:image/png;base64,....
        value = value.partition(",")[2]
    if len(value) // 4 * 3 > MAX_PICTURE_BYTES + 3:
        raise _refuse(
            "image",
            f"the picture is larger than {MAX_PICTURE_BYTES // (1024 * 1024)} MiB, "
            "the largest picture tactical keeps in an encounter",
        )
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        pass
    try:  # some writers wrap the text in lines
        return base64.b64decode("".join(value.split()), validate=True)
    except (binascii.Error, ValueError):
        raise _refuse("image", "is not a picture written as base64 (the text is damaged)") from None


def _shown(text: str) -> str:
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text if len(text) <= 120 else text[:57] + "..." + text[-60:]


def _picture_beside(value: str, folder: Path | None) -> bytes:
    missing = f"the picture is missing: the file names {_shown(value)!r} instead of carrying it"
    problem = unsafe_relative_path(value)
    if problem is not None:
        raise _refuse("image", f"{missing}, and that path {problem}")
    if folder is None:
        raise _refuse("image", f"{missing}; there is no folder to look for it in")
    target = inside_folder(folder, value)
    if target is None:
        raise _refuse("image", f"{missing}, and that path leads out of the file's folder")
    try:
        return read_regular_file(
            target,
            MAX_PICTURE_BYTES,
            too_big=f"the picture beside the file is larger than "
            f"{MAX_PICTURE_BYTES // (1024 * 1024)} MiB, the largest tactical keeps",
        )
    except ReadRefused as error:
        if not target.exists() and not target.is_symlink():
            raise _refuse(
                "image",
                f"{missing}, and there is no such picture beside the file (put the picture "
                "there, at that path, and import again)",
            ) from None
        raise _refuse("image", f"{missing}, and the picture beside the file {error}") from None

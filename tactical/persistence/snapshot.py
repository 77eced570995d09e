"""The encounter as the file's document, a part at a time, copied for another thread.

:func:`snapshot_document` shares no mutable object with the encounter, so a
worker thread may finish (:func:`finish_document`) and write it while the GM
goes on editing. Each part of the file is made by a function of its own
(:func:`head_document`, :func:`map_snapshot`, ...), which the recovery journal
takes one at a time (``persistence.journal_capture``); writing keys in a fixed
order makes the same encounter always give the same bytes. An embedded
picture's base64 text is made once per picture (:func:`base64_text`), not on
every save.
"""

from __future__ import annotations

import copy
import pickle
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from tactical import __version__
from tactical.core.areas import AreaMap
from tactical.core.dice_log import DiceRoll
from tactical.core.encounter import Encounter
from tactical.core.fog import Fog
from tactical.core.give_way import checkpoint
from tactical.core.grid import GridMap, Wall
from tactical.core.pictures import Background, Picture
from tactical.core.tokens import Position, Token
from tactical.core.wall_lines import WallLine
from tactical.persistence import evening_hooks
from tactical.persistence.fog_bits import encode_mask
from tactical.persistence.jsonfmt import ROWS_A_PIECE, Base64Text, HeightRows
from tactical.persistence.schema import FORMAT, SCENE_VERSION

TERRAIN_CHARS = np.frombuffer(b".dx", dtype=np.uint8)
"""``TERRAIN_CHARS[terrain]`` is a terrain array as the ASCII codes of ``.``, ``d``, ``x``."""


def _number(value: float) -> float | int:
    """Whole coordinates are written as integers (``4``, not ``4.0``) to stay readable."""
    return int(value) if float(value).is_integer() and abs(value) < 2**53 else float(value)


class GridCopy:
    """A grid's contents as a snapshot holds them: the arrays copied (a copy is cheap), the
    walls and wall lines as they are (immutable values), the lists the file writes made
    later by :meth:`document`, on any thread."""

    def __init__(self, grid: GridMap) -> None:
        self.width, self.height, self.square_feet = grid.width, grid.height, grid.square_feet
        self.elevation = grid.elevation.copy()
        self.terrain = grid.terrain.copy()
        self.walls = dict(grid.walls)  # Wall and WallLine are frozen
        self.wall_lines = tuple(grid.wall_lines)

    def document(self) -> dict[str, Any]:
        """The grid as the file writes it, a checkpoint of the GUI's gate between its parts
        (``core.give_way``: the save's worker gives way there)."""
        elevation = HeightRows.of(self.elevation)
        checkpoint()
        terrain: list[str] = []
        for start in range(0, self.height, ROWS_A_PIECE):
            checkpoint()
            rows = TERRAIN_CHARS[self.terrain[start : start + ROWS_A_PIECE]]
            terrain += [row.tobytes().decode("ascii") for row in rows]
        walls = sorted(self.walls.items())
        checkpoint()
        return {
            "kind": "grid",
            "width": self.width,
            "height": self.height,
            "square_feet": self.square_feet,
            "elevation": elevation,
            "terrain": terrain,
            "walls": [wall_document(edge, wall) for edge, wall in walls],
            "wall_lines": [wall_line_document(line) for line in self.wall_lines],
        }


def wall_document(edge: tuple[tuple[int, int], tuple[int, int]], wall: Wall) -> dict[str, Any]:
    """An edge wall as the file writes it."""
    a, b = edge
    return {"a": list(a), "b": list(b), "door": wall.door, "open": wall.open}


def wall_line_document(line: WallLine) -> dict[str, Any]:
    """A free wall line as the file writes it."""
    return {
        "a": [_number(line.a[0]), _number(line.a[1])],
        "b": [_number(line.b[0]), _number(line.b[1])],
        "kind": line.kind,
        "open": line.open,
    }


class MaskCopy:
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


def token_fields(token: Token) -> tuple[Any, ...]:
    """A token's fields in the file's order, its statuses and figures as tuples of pairs
    (quick to pickle: :func:`take_snapshot`)."""
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
    ``tokens`` list is left empty (:func:`take_snapshot` pickles them a few at a time).
    Each part is one of the section functions below, which the recovery journal
    takes one at a time (``persistence.journal_capture``). A scene of an evening carries the
    rest of its evening under ``evening_hooks.EVENING_KEY`` unless ``with_evening`` is False.
    """
    tokens = encounter.tokens.values()
    document = snapshot_of_parts(
        {
            "head": head_document(encounter),
            "map": map_snapshot(encounter),
            "background": background_document(encounter),
            "fog": fog_snapshot(encounter),
            "sides": sides_document(encounter),
            "tokens": [token_document(token_fields(t)) for t in tokens] if with_tokens else [],
            "templates": templates_document(encounter),
            "procedure": procedure_document(encounter),
            "dice_log": [dice_document(d) for d in encounter.dice_log],
            "pictures": list(encounter.pictures.values()),
        }
    )
    if with_evening and encounter.evening is not None and evening_hooks.evening_frame:
        document[evening_hooks.EVENING_KEY] = evening_hooks.evening_frame[0](encounter)
    return document


def snapshot_of_parts(parts: dict[str, Any]) -> dict[str, Any]:
    """A :func:`snapshot_document` put together from its parts, each made by the function
    of its name below (``tokens`` and ``dice_log`` as lists of their documents)."""
    document: dict[str, Any] = {
        "format": FORMAT,
        "schema_version": SCENE_VERSION,
        "app_version": __version__,
        **parts["head"],
        "map": parts["map"],
        "background": parts["background"],
        "sides": parts["sides"],
        "tokens": parts["tokens"],
        "templates": parts["templates"],
        "procedure": parts["procedure"],
        "dice_log": parts["dice_log"],
        "pictures": list(parts["pictures"]),
    }
    fog = parts["fog"]
    if fog is not None:  # left out while off and empty, as in files made before fog
        document = _after(document, "background", "fog", fog)
    return document


PARTS = (
    "map",
    "background",
    "fog",
    "sides",
    "tokens",
    "templates",
    "procedure",
    "dice_log",
    "pictures",
)
"""The document's parts beside its head, in the file's order (the journal writes each alone)."""
SECTION_KEYS = frozenset({"format", "schema_version", "app_version", *PARTS})
"""The document's top-level keys that are not :func:`head_document`'s plain values."""


def head_document(encounter: Encounter) -> dict[str, Any]:
    """The plain values written before the map (its name, notes, metric): every top-level
    key but :data:`SECTION_KEYS`."""
    return {
        "name": encounter.name,
        "show_name_to_players": encounter.show_name_to_players,
        "notes": encounter.notes,
        "metric": encounter.metric,
    }


def map_snapshot(encounter: Encounter) -> dict[str, Any] | GridCopy:
    """The map as a snapshot holds it (a grid's arrays copied: :class:`GridCopy`)."""
    grid = encounter.grid
    area_map = encounter.area_map
    if grid is not None:
        return GridCopy(grid)
    if area_map is not None:
        return _areas_document(area_map)
    raise TypeError(f"cannot save a map of type {type(encounter.map).__name__}")  # pragma: no cover


def background_document(encounter: Encounter) -> dict[str, Any] | None:
    return _background_document(encounter.background)


def sides_document(encounter: Encounter) -> list[dict[str, Any]]:
    return [
        {"id": s.id, "name": s.name, "color": s.color, "allies": list(s.allies)}
        for s in encounter.sides.values()
    ]


def templates_document(encounter: Encounter) -> list[dict[str, Any]]:
    return [
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
    ]


def procedure_document(encounter: Encounter) -> dict[str, Any] | None:
    if encounter.procedure is None:
        return None
    return {"id": encounter.procedure, "state": copy.deepcopy(encounter.procedure_state)}


def dice_document(d: DiceRoll) -> dict[str, Any]:
    return {
        "who": d.who,
        "expression": d.expression,
        "why": d.why,
        "result": d.result,
        "rolls": list(d.rolls),
        "manual": d.manual,
        "secret": d.secret,
    }


def finish_document(snapshot: dict[str, Any]) -> dict[str, Any]:
    """A :func:`snapshot_document` as the file's JSON object: each picture as its file entry
    (base64 made here), the grid's lists and the fog's mask text made from their copies."""
    document = {**snapshot, "pictures": [picture_document(p) for p in snapshot["pictures"]]}
    if isinstance(snapshot["map"], GridCopy):
        document["map"] = snapshot["map"].document()
    checkpoint()
    fog = snapshot.get("fog")
    if fog is not None and isinstance(fog["revealed"], MaskCopy):
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


def fog_snapshot(encounter: Encounter) -> dict[str, Any] | None:
    """The fog, or None while it is as a file without fog loads (off, nothing found)."""
    fog = encounter.fog
    if fog == Fog():
        return None
    grid = encounter.grid
    return {
        "enabled": fog.enabled,
        "revealed": MaskCopy(fog.mask(grid)) if grid is not None else "",
        "areas": sorted(fog.areas),
        "party": list(fog.party),
        "auto_reveal": fog.auto_reveal,
        "style": fog.style,
    }


def picture_document(picture: Picture) -> dict[str, Any]:
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


# -- a snapshot for the save's worker thread ----------------------------------

STEP = 256
"""Tokens pickled at a time: a millisecond or so each."""


@dataclass(frozen=True)
class Snapshot:
    """An encounter as it was when the GM saved (:func:`take_snapshot`).

    ``document`` is :func:`snapshot_document` without its tokens, which are
    ``tokens``: lists of a few hundred tuples of their fields
    (:func:`token_fields`), each list pickled.
    """

    document: dict[str, Any]
    tokens: list[bytes]
    token_count: int

    def full_document(self) -> dict[str, Any]:
        """The snapshot as :func:`snapshot_document` gives it, tokens and all."""
        tokens: list[dict[str, Any]] = []
        for batch in self.tokens:
            checkpoint()  # the save's worker gives way here to a busy GUI (core.give_way)
            tokens += [token_document(t) for t in pickle.loads(batch)]
        return {**self.document, "tokens": tokens}


def take_snapshot(encounter: Encounter) -> Snapshot:
    """The encounter as it is now, to be saved while the GM goes on (on the GUI thread).

    The tokens are pickled a few hundred at a time (a pickle is a copy, and
    makes no object Python's garbage collector counts): 10,000 tokens kept as
    dicts until the worker was done with them brought the app's next full
    collection nearer, which on a crowded map took 0.1-0.4 s of the GUI thread.
    Full collections now wait for the GM to be idle (``app/runtime/gui_thread_gc.py``),
    but the pickles stay: they are also the quicker press (10,000 tokens: 27-35 ms
    against 87-274 ms for the dicts, measured on a loaded machine).
    """
    tokens = list(encounter.tokens.values())
    batches = [
        pickle.dumps([token_fields(t) for t in tokens[start : start + STEP]], protocol=5)
        for start in range(0, len(tokens), STEP)
    ]
    return Snapshot(snapshot_document(encounter, with_tokens=False), batches, len(tokens))

"""What one link sends to its device: plain JSON-able data and the art cut to what may be seen.

Only what :mod:`tactical.share.seen` lets the screen see is written: the light,
height and terrain of squares it may see (zeros elsewhere), walls and doors
beside them (free wall lines clipped to them), the tokens it shows, the fight's
public summary with every unseen token left out, the map's name only when the
GM shows it to the players (:func:`tactical.share.players.shown_name`), and nothing
of the GM's notes, secret declarations or rolls. Paused (blackout or freeze on the TV), a link
sends only that it is paused.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from tactical.core.encounter import Encounter
from tactical.core.footprints import template_footprint
from tactical.core.grid import GridMap
from tactical.core.tokens import Token
from tactical.rules import PanelView
from tactical.share.art import CutArt, Rgba, cut_art
from tactical.share.give_way import checkpoint
from tactical.share.hand_view import hand_view
from tactical.share.players import cut_wall_lines, cut_walls, shown_name
from tactical.share.public import fight_summary, panel_view
from tactical.share.reach import link_reach, may_move_now
from tactical.share.secrets import Secrets
from tactical.share.seen import DARK, Seen, character_seen, table_seen
from tactical.share.token_art import TokenArtSource, pictures_in_view
from tactical.share.wire_ground import encoded

Mask = npt.NDArray[np.bool_]
ArtSource = Callable[[str], Rgba | None]
"""A picture id -> its decoded RGBA pixels (None when it cannot be read)."""


@dataclass(frozen=True)
class LinkView:
    """One link's message (``data``), its art if any, and the pictures of the tokens it shows
    (by key), which the page fetches on its own."""

    data: dict[str, Any]
    art: CutArt | None
    pictures: dict[str, bytes] = field(default_factory=dict)
    """Picture key -> PNG, of the tokens in ``data`` only."""


def _walls(grid: GridMap, allowed: npt.NDArray[np.bool_]) -> list[list[object]]:
    walls: list[list[object]] = []
    for (a, b), wall in cut_walls(grid, allowed).items():
        kind = "wall" if not wall.door else ("open" if wall.open else "door")
        walls.append([a[0], a[1], b[0], b[1], kind])
    return walls


def _lines(grid: GridMap, allowed: npt.NDArray[np.bool_]) -> list[list[object]]:
    """Free wall lines, cut to the pieces that touch a square that may be seen."""
    return [
        [
            round(line.a[0], 4),
            round(line.a[1], 4),
            round(line.b[0], 4),
            round(line.b[1], 4),
            line.kind,
            line.open,
        ]
        for line in cut_wall_lines(grid, allowed)
    ]


_LAST_GROUND: list[tuple[weakref.ref[GridMap], int, Mask, dict[str, Any]]] = []
"""The last ground written: (grid, its revision, the squares allowed, the ground). Every
link of one moment allows the same squares (those the GM's fog reveals), so the pages of
one update share one ground instead of cutting and encoding the map once each."""


def _ground(grid: GridMap, allowed: Mask) -> dict[str, Any]:
    """The heights, terrain, walls and wall lines of the squares ``allowed``."""
    for ref, revision, mask, ground in _LAST_GROUND[-1:]:
        if ref() is grid and revision == grid.revision and np.array_equal(mask, allowed):
            return ground
    # a checkpoint between the pieces: on 1024 x 1024 they took 15-21 ms of CPU together
    elevation = encoded(np.where(allowed, grid.elevation, 0).astype("<i2"), remember=True)
    checkpoint()
    terrain = encoded(np.where(allowed, grid.terrain, 0).astype(np.uint8), remember=True)
    checkpoint()
    walls = _walls(grid, allowed)
    checkpoint()
    lines = _lines(grid, allowed)
    ground = {"elevation": elevation, "terrain": terrain, "walls": walls, "lines": lines}
    _LAST_GROUND[:] = [(weakref.ref(grid), grid.revision, allowed, ground)]
    return ground


def _grid_data(grid: GridMap, seen: Seen) -> dict[str, Any]:
    assert seen.light is not None
    light = encoded(seen.light.astype(np.uint8), remember=True)
    checkpoint()
    return {
        "kind": "grid",
        "width": grid.width,
        "height": grid.height,
        "light": light,
        **_ground(grid, seen.light > DARK),
    }


def _area_data(encounter: Encounter, seen: Seen) -> dict[str, Any]:
    area_map = encounter.area_map
    assert area_map is not None
    areas = [
        {
            "id": area.id,
            "name": area.name,
            "points": [[round(x, 3), round(y, 3)] for x, y in area.points],
            "light": seen.areas[area.id],
        }
        for area in area_map
        if area.id in seen.areas
    ]
    box = area_map.bounds()
    return {"kind": "areas", "areas": areas, "box": list(box)}


def _area_spot(encounter: Encounter, area_id: str) -> list[float] | None:
    area_map = encounter.area_map
    if area_map is None:
        return None
    for area in area_map:
        if area.id == area_id:
            point = area.polygon.representative_point()
            return [round(float(point.x), 3), round(float(point.y), 3)]
    return None


def _token(
    encounter: Encounter, token: Token, mine: bool, acting: frozenset[str], picture: str | None
) -> dict[str, Any]:
    side = encounter.sides.get(token.side)
    data: dict[str, Any] = {
        "id": token.id,
        "name": token.name,
        "size": token.size,
        "color": side.color if side is not None else "#808080",
        "mine": mine,
        "acting": token.id in acting,
        "statuses": sorted(token.statuses),
    }
    if picture is not None:
        data["picture"] = picture
    if token.square is not None:
        data["col"], data["row"] = token.square
    elif token.area is not None:
        data["area"] = token.area
        data["at"] = _area_spot(encounter, token.area)
    return data


def _templates(encounter: Encounter, seen: Seen) -> list[dict[str, Any]]:
    """Templates the screen may see: not hidden, not anchored to a token it may not see, and
    cut to the squares (or areas) it may see; a label naming an unseen token is left out."""
    secrets = Secrets(encounter, seen.unseen)
    allowed = seen.allowed()
    shown: list[dict[str, Any]] = []
    for template in encounter.templates.values():
        if template.hidden or (template.token_id is not None and template.token_id in seen.unseen):
            continue
        try:
            footprint = template_footprint(encounter, template)
        except (ValueError, KeyError):  # a template the engine cannot place now
            continue
        if allowed is not None:
            h, w = allowed.shape
            cells = sorted(
                [c, r] for c, r in footprint if 0 <= c < w and 0 <= r < h and allowed[r, c]
            )
        else:
            cells = sorted(a for a in footprint if seen.areas.get(a, DARK) > DARK)
        if cells:
            label = secrets.clean(template.label)
            shown.append({"cells": cells, "color": template.color, "label": label})
    return shown


def _art(encounter: Encounter, seen: Seen, art_source: ArtSource | None) -> CutArt | None:
    background = encounter.background
    if background is None or art_source is None:
        return None
    pixels = art_source(background.picture)
    if pixels is None:
        return None
    allowed_areas = {a for a, light in seen.areas.items() if light > DARK}
    return cut_art(encounter, background, pixels, seen.allowed(), allowed_areas)


def _build(
    encounter: Encounter,
    seen: Seen,
    kind: str,
    mine: str | None,
    art_source: ArtSource | None,
    view: PanelView | None,
    token_art: TokenArtSource | None,
) -> LinkView:
    acting = view.acting if view is not None else frozenset()
    shown = [t for t in encounter.tokens.values() if t.id in seen.token_ids]
    keys, pictures = pictures_in_view(shown, token_art)
    tokens = [_token(encounter, t, t.id == mine, acting, keys.get(t.id)) for t in shown]
    grid = encounter.grid
    art = _art(encounter, seen, art_source)
    checkpoint()
    shown_map = _grid_data(grid, seen) if grid is not None else _area_data(encounter, seen)
    checkpoint()
    data: dict[str, Any] = {
        "type": "view",
        "kind": kind,
        "paused": False,
        "name": shown_name(encounter),
        "map": shown_map,
        "tokens": tokens,
        "templates": _templates(encounter, seen),
        "fight": fight_summary(encounter, view, seen.unseen),
        "art": art.meta() if art is not None else None,
    }
    return LinkView(data, art, pictures)


def paused_view(kind: str) -> LinkView:
    """What every link sends while the TV is blacked out or frozen: that it is paused."""
    return LinkView({"type": "view", "kind": kind, "paused": True}, None)


def waiting_view() -> LinkView:
    """What a character's link sends while its character is not in the scene shown to
    players: that it waits, and nothing of that scene (no map, name, token or size)."""
    return LinkView({"type": "view", "kind": "character", "paused": False, "waiting": True}, None)


def table_view(
    encounter: Encounter,
    art_source: ArtSource | None = None,
    view: PanelView | None = None,
    token_art: TokenArtSource | None = None,
) -> LinkView:
    """What the TV shows (the table link)."""
    if view is None:
        view = panel_view(encounter)
    seen = table_seen(encounter)
    checkpoint()
    return _build(encounter, seen, "table", None, art_source, view, token_art)


def character_view(
    encounter: Encounter,
    token_id: str,
    art_source: ArtSource | None = None,
    view: PanelView | None = None,
    moves: bool = False,
    budget: int | None = None,
    token_art: TokenArtSource | None = None,
    permissions: Collection[str] = ("watch",),
) -> LinkView:
    """What the character ``token_id`` sees now (a character's link), and its hand
    (:mod:`tactical.share.hand_view`: what the link may answer follows ``permissions``).

    With ``moves`` (the GM allowed this link to move its token) the view also
    says whether it may move now and where it may go (``budget``: the GM's
    window's move budget for it).
    """
    token = encounter.tokens.get(token_id)
    if token is None:  # the character left the encounter: nothing to show
        return LinkView({"type": "view", "kind": "character", "paused": False, "gone": True}, None)
    if view is None:
        view = panel_view(encounter)
    seen = character_seen(encounter, token)
    checkpoint()
    link = _build(encounter, seen, "character", token_id, art_source, view, token_art)
    link.data["character"] = token.name
    link.data["hand"] = hand_view(encounter, token_id, permissions)
    checkpoint()
    if moves:
        link.data["may_move"] = may_move_now(token_id, view)
        link.data["reach"] = link_reach(encounter, token_id, budget, seen, view)
    return link

"""Placed area templates (Aura / Area / Line) that persist in the encounter until removed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tactical.core.grid import Square

TemplateKind = Literal["aura", "area", "line"]


@dataclass
class Template:
    """A footprint placed on the map.

    - ``aura``: centred on ``token_id`` (it moves with its source), size X.
    - ``area``: an X by X square with its top-left square at ``origin``.
    - ``line``: X squares from ``origin`` (the first square of the line) along
      ``direction``, one of the 8 unit steps such as ``(1, 0)`` or ``(-1, 1)``.
    On an area map a template covers exactly one area, ``area_id``.
    ``token_id`` also names who placed an area or line, for the placement rule.
    ``terrain_effect``: the template is a Terrain Effect of ``token_id`` (001: "A
    particular character can only have one Terrain Effect in place at a time"):
    see :func:`tactical.core.commands.templates.place_template`.
    """

    id: str
    kind: TemplateKind
    size: int
    token_id: str | None = None
    origin: Square | None = None
    direction: Square | None = None
    area_id: str | None = None
    label: str = ""
    color: str = "#e0a030"
    hidden: bool = False
    terrain_effect: bool = False

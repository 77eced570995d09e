"""The current file schema (version 4) as strict pydantic models.

The models check types, required and unknown keys, finite numbers and sizes.
Whatever needs more than one field to judge (a token's side exists, a polygon
does not cross itself) is checked afterwards in :mod:`tactical.persistence.checks`.

Sizes are bounded so a hostile or corrupted file cannot make the app build a
gigantic map: at most 1024 x 1024 squares and 10,000 tokens.
"""

from __future__ import annotations

import binascii
import math
import re
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    PrivateAttr,
)
from pydantic_core import PydanticCustomError

from tactical.core.grid import MAX_SIDE
from tactical.core.pictures import MAX_PICTURE_NAME, picture_name_problem
from tactical.persistence.fog_bits import MAX_FOG_TEXT

FORMAT = "tactical.encounter"
SCHEMA_VERSION = 6
"""The file's version: version 6 holds an evening (scenes and a roster)."""
SCENE_VERSION = 5
"""The version of one map's object: a whole version 5 file is one scene of version 6."""

MAX_TOKENS = 10_000
MAX_AREAS = 5_000
MAX_POLYGON_POINTS = 10_000
MAX_WALLS = 2 * MAX_SIDE * MAX_SIDE
MAX_TEMPLATES = 10_000
MAX_SIDES = 100
MAX_LINKS = 50_000
MAX_DICE_LOG = 100_000
MAX_ROLLS = 1_000
MAX_STATUSES = 100
MAX_FIGURES = 200
MAX_ID = 128
MAX_NAME = 200
MAX_TEXT = 100_000
MAX_COORDINATE = 1_000_000.0
MAX_INT = 2**53
"""Integers beyond this lose precision in many JSON readers, so the format refuses them."""


class Strict(BaseModel):
    """Unknown keys, type coercion and NaN / infinity are all refused."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


Id = Annotated[str, Field(min_length=1, max_length=MAX_ID)]
Name = Annotated[str, Field(max_length=MAX_NAME)]
Text = Annotated[str, Field(max_length=MAX_TEXT)]
Count = Annotated[int, Field(ge=1, le=1_000_000)]
BigInt = Annotated[int, Field(ge=-MAX_INT, le=MAX_INT)]
Pair = Annotated[list[int], Field(min_length=2, max_length=2)]
Coordinate = Annotated[float, Field(ge=-MAX_COORDINATE, le=MAX_COORDINATE)]
Point = Annotated[list[Coordinate], Field(min_length=2, max_length=2)]

_COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")


def _color(value: object) -> str:
    if not isinstance(value, str) or not _COLOR.match(value):
        raise PydanticCustomError("color", "must be a colour written #rrggbb, e.g. #2f7fd8")
    return value


Color = Annotated[str, PlainValidator(_color)]


def _position(value: object) -> list[int] | str | None:
    """A square ``[column, row]``, an area id, or null (off the map)."""
    if value is None:
        return None
    if isinstance(value, list) and len(value) == 2:  # no generators: it runs for every token
        column, row = value
        if (
            isinstance(column, int)
            and isinstance(row, int)
            and not isinstance(column, bool)
            and not isinstance(row, bool)
            and -MAX_INT <= column <= MAX_INT
            and -MAX_INT <= row <= MAX_INT
        ):
            return [int(column), int(row)]
    if isinstance(value, str) and 1 <= len(value) <= MAX_ID:
        return value
    raise PydanticCustomError(
        "position", "must be a square [column, row] of two integers, an area id, or null"
    )


Position = Annotated[list[int] | str | None, PlainValidator(_position)]

FigureValue = int | float | str | bool | None


def _figure(value: object) -> FigureValue:
    """A tracked figure: a finite number, a short string, true/false or null."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        if -MAX_INT <= value <= MAX_INT:
            return value
        raise PydanticCustomError("figure", "a number must lie between -2^53 and 2^53")
    if isinstance(value, float):
        if math.isfinite(value):
            return value
        raise PydanticCustomError(
            "figure", "must be a finite number (NaN and infinity are not allowed)"
        )
    if isinstance(value, str):
        if len(value) <= 1000:
            return value
        raise PydanticCustomError("figure", "a text figure may be at most 1000 characters")
    raise PydanticCustomError("figure", "must be a number, a text, true, false or null")


Figure = Annotated[FigureValue, PlainValidator(_figure)]


class WallModel(Strict):
    a: Pair
    b: Pair
    door: bool = False
    open: bool = False


class WallLineModel(Strict):
    """A free wall segment in square units (imported maps): see tactical.core.wall_lines."""

    a: Point
    b: Point
    kind: Literal["wall", "door", "window", "object"] = "wall"
    open: bool = False


MAX_WALL_LINES = 100_000


class GridMapModel(Strict):
    kind: Literal["grid"]
    width: int = Field(ge=1, le=MAX_SIDE)
    height: int = Field(ge=1, le=MAX_SIDE)
    square_feet: int = Field(default=5, ge=1, le=1000)
    elevation: Annotated[
        list[Annotated[list[int], Field(max_length=MAX_SIDE)]], Field(max_length=MAX_SIDE)
    ]
    terrain: Annotated[list[Annotated[str, Field(max_length=MAX_SIDE)]], Field(max_length=MAX_SIDE)]
    walls: Annotated[list[WallModel], Field(max_length=MAX_WALLS)] = []
    wall_lines: Annotated[list[WallLineModel], Field(max_length=MAX_WALL_LINES)] = []
    _heights: Any = PrivateAttr(default=None)
    """The elevation as one int16 array, left by the checks when every row is whole and
    every height in bounds (``checks._check_grid``), taken once by ``convert._grid``."""


class AreaModel(Strict):
    id: Id
    name: Name = ""
    polygon: Annotated[list[Point], Field(max_length=MAX_POLYGON_POINTS)]
    tags: Annotated[list[Annotated[str, Field(max_length=MAX_NAME)]], Field(max_length=100)] = []


class AreaLinkModel(Strict):
    a: Id
    b: Id
    kind: Literal["add", "cut"] = "add"
    label: Name = ""


class AreaMapModel(Strict):
    kind: Literal["areas"]
    areas: Annotated[list[AreaModel], Field(max_length=MAX_AREAS)]
    links: Annotated[list[AreaLinkModel], Field(max_length=MAX_LINKS)] = []


MapModel = Annotated[GridMapModel | AreaMapModel, Field(discriminator="kind")]
MAP_KINDS = ("grid", "areas")


MAX_PICTURES = 1_000


def _picture_name(value: str) -> str:
    problem = picture_name_problem(value)
    if problem is not None:
        raise PydanticCustomError("picture_name", problem)
    return value


PictureName = Annotated[str, Field(max_length=MAX_PICTURE_NAME), AfterValidator(_picture_name)]
"""One line of plain text: where the picture came from (a file's or a mark's name)."""


class PictureModel(Strict):
    """A picture: embedded as base64 ``data``, or a ``path`` relative to the encounter file.

    ``name`` (schema 4) is optional: a picture nothing named is written without it.
    """

    id: Id
    name: PictureName = ""
    data: str | None = None
    path: Annotated[str, Field(min_length=1, max_length=1024)] | None = None
    _bytes: bytes | None = PrivateAttr(default=None)

    def data_bytes(self) -> bytes:
        """``data`` decoded from base64, once (the checks and the conversion share it).

        binascii.Error (a ValueError) when the text is not strict base64.
        """
        if self._bytes is None:
            self._bytes = binascii.a2b_base64(self.data or "", strict_mode=True)
        return self._bytes


class BackgroundModel(Strict):
    """The picture under the map: see tactical.core.pictures.Background."""

    picture: Id
    x: Coordinate = 0.0
    y: Coordinate = 0.0
    square_px: Annotated[float, Field(gt=0, le=100_000)] = 100.0
    overlay_opacity: Annotated[float, Field(ge=0, le=1)] = 0.5


class FogModel(Strict):
    """The fog over the map: see tactical.core.fog.Fog (``revealed``: fog_bits' text)."""

    enabled: bool = False
    revealed: Annotated[str, Field(max_length=MAX_FOG_TEXT)] = ""
    areas: Annotated[list[Id], Field(max_length=MAX_AREAS)] = []
    party: Annotated[list[Id], Field(max_length=MAX_SIDES)] = ["pcs"]
    auto_reveal: bool = False
    style: Literal["cloth", "flat"] = "cloth"


class SideModel(Strict):
    id: Id
    name: Name
    color: Color = "#808080"
    allies: Annotated[list[Id], Field(max_length=MAX_SIDES)] = []


class TokenModel(Strict):
    id: Id
    name: Name = ""
    side: Id
    position: Position = None
    size: int = Field(default=1, ge=1, le=64)
    speed: int = Field(default=6, ge=0, le=10_000)
    image: Id | None = None
    """The id of an entry of the encounter's ``pictures``."""
    statuses: Annotated[
        dict[Annotated[str, Field(min_length=1, max_length=MAX_NAME)], Count],
        Field(max_length=MAX_STATUSES),
    ] = {}
    figures: Annotated[
        dict[Annotated[str, Field(min_length=1, max_length=MAX_NAME)], Figure],
        Field(max_length=MAX_FIGURES),
    ] = {}
    hidden: bool = False


class TemplateModel(Strict):
    id: Id
    kind: Literal["aura", "area", "line"]
    size: int = Field(ge=1, le=MAX_SIDE)
    token_id: Id | None = None
    origin: Pair | None = None
    direction: Pair | None = None
    area_id: Id | None = None
    label: Name = ""
    color: Color = "#e0a030"
    hidden: bool = False
    terrain_effect: bool = False
    """A Terrain Effect of ``token_id`` (001); optional in schema 3, written only when true."""


class ProcedureModel(Strict):
    id: Id
    state: dict[str, Any] = {}


class DiceRollModel(Strict):
    who: Name
    expression: Name
    why: Name = ""
    result: BigInt
    rolls: Annotated[list[BigInt], Field(max_length=MAX_ROLLS)] = []
    manual: bool = False
    secret: bool = False


class EncounterModel(Strict):
    """A whole ``.tactical.json`` file, schema version 5."""

    format: Literal["tactical.encounter"]
    schema_version: Literal[5]
    app_version: Annotated[str, Field(max_length=64)]
    name: Name = ""
    show_name_to_players: bool = False
    """Schema 5: the players' screens and prints may show ``name`` (the GM's choice)."""
    notes: Text = ""
    metric: Literal["chebyshev", "orthogonal", "feet"] = "chebyshev"
    map: MapModel
    background: BackgroundModel | None = None
    fog: FogModel | None = None
    pictures: Annotated[list[PictureModel], Field(max_length=MAX_PICTURES)] = []
    sides: Annotated[list[SideModel], Field(max_length=MAX_SIDES)]
    tokens: Annotated[list[TokenModel], Field(max_length=MAX_TOKENS)] = []
    templates: Annotated[list[TemplateModel], Field(max_length=MAX_TEMPLATES)] = []
    procedure: ProcedureModel | None = None
    dice_log: Annotated[list[DiceRollModel], Field(max_length=MAX_DICE_LOG)] = []

"""Version 6's own keys as strict pydantic models: the evening around its scenes.

A scene's map keys are a version 5 map's (``schema.EncounterModel``); these add
the roster, the shown scene, and each scene's id, exits and encounter groups.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from tactical.core.tokens import Position as CorePosition
from tactical.persistence.schema import (
    MAX_FIGURES,
    MAX_ID,
    MAX_NAME,
    MAX_STATUSES,
    MAX_TOKENS,
    Count,
    Figure,
    Id,
    Name,
    Position,
    Strict,
)

MAX_SCENES = 200
MAX_ROSTER = 1_000
MAX_EXITS = 1_000
MAX_GROUPS = 1_000


class CharacterModel(Strict):
    """A roster character: a token's shared fields (see ``core.evening.Character``)."""

    id: Id
    name: Name = ""
    side: Id = "pcs"
    image: Id | None = None
    size: int = Field(default=1, ge=1, le=64)
    speed: int = Field(default=6, ge=0, le=10_000)
    statuses: Annotated[
        dict[Annotated[str, Field(min_length=1, max_length=MAX_NAME)], Count],
        Field(max_length=MAX_STATUSES),
    ] = Field(default_factory=dict)
    figures: Annotated[
        dict[Annotated[str, Field(min_length=1, max_length=MAX_NAME)], Figure],
        Field(max_length=MAX_FIGURES),
    ] = Field(default_factory=dict)


class EveningModel(Strict):
    """A version 6 file's top level; its ``scenes`` are judged one by one."""

    format: Literal["tactical.encounter"]
    schema_version: Literal[6]
    app_version: Annotated[str, Field(max_length=64)]
    shown_scene: Id | None = None
    roster: Annotated[list[CharacterModel], Field(max_length=MAX_ROSTER)] = Field(
        default_factory=list
    )
    scenes: Annotated[list[Any], Field(max_length=MAX_SCENES)]


class ExitModel(Strict):
    id: Id
    at: Position
    to_scene: Id
    to: Position
    label: Name = ""


class GroupModel(Strict):
    id: Id
    name: Name = ""
    tokens: Annotated[
        list[Annotated[str, Field(min_length=1, max_length=MAX_ID)]], Field(max_length=MAX_TOKENS)
    ] = Field(default_factory=list)
    sprung: bool = False


class SceneKeysModel(Strict):
    """A scene's keys beyond its map's."""

    id: Id
    exits: Annotated[list[ExitModel], Field(max_length=MAX_EXITS)] = Field(default_factory=list)
    groups: Annotated[list[GroupModel], Field(max_length=MAX_GROUPS)] = Field(default_factory=list)


def position_of(value: list[int] | str | None) -> CorePosition:
    return (value[0], value[1]) if isinstance(value, list) else value


def exit_document(exit_: Any) -> dict[str, Any]:
    def place(position: CorePosition) -> list[int] | str | None:
        return list(position) if isinstance(position, tuple) else position

    return {
        "id": exit_.id,
        "at": place(exit_.at),
        "to_scene": exit_.to_scene,
        "to": place(exit_.to),
        "label": exit_.label,
    }

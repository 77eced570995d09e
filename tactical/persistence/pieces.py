"""A file's long lists validated a slice at a time, so no one call holds Python's lock long.

pydantic validates a document in one call into its compiled core, which holds
Python's lock throughout: 10,000 tokens take about 40 ms of it, a grid's 2,000
walls 3 ms, during which no other thread of the app runs (the GUI thread, while
the save proves its file on a worker). Here the document is validated without
its tokens and its grid's walls, then those a few hundred at a time with the
same models, and put together. When any slice is refused, None is returned and
the caller validates the whole document at once, so a bad file's problems are
said exactly as before.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import TypeAdapter, ValidationError

from tactical.core.give_way import checkpoint
from tactical.persistence.schema import (
    MAX_TOKENS,
    MAX_WALLS,
    EncounterModel,
    GridMapModel,
    TokenModel,
    WallModel,
)

SLICE = 500
"""Tokens validated per call: about 2 ms."""
WALL_SLICE = 500
"""Walls validated per call: under a millisecond."""

_TOKENS = TypeAdapter(list[TokenModel])
_WALLS = TypeAdapter(list[WallModel])

Item = TypeVar("Item")


def _sliced(adapter: TypeAdapter[list[Item]], items: list[Any], size: int) -> list[Item]:
    """``items`` validated ``size`` at a time, a checkpoint of the GUI's gate before each."""
    models: list[Item] = []
    for start in range(0, len(items), size):
        checkpoint()  # the save's proof gives way here to a busy GUI (core.give_way)
        models += adapter.validate_python(items[start : start + size])
    return models


def validate_in_pieces(raw: dict[str, Any]) -> EncounterModel | None:
    """The model of ``raw``, its tokens and walls validated a slice at a time; None when the
    document has few of both (one call is short) or any part is refused (the caller says
    why)."""
    tokens = raw.get("tokens")
    grid = raw.get("map")
    walls = grid.get("walls") if isinstance(grid, dict) and grid.get("kind") == "grid" else None
    long_tokens = isinstance(tokens, list) and SLICE < len(tokens) <= MAX_TOKENS
    long_walls = isinstance(walls, list) and WALL_SLICE < len(walls) <= MAX_WALLS
    if not (long_tokens or long_walls):
        return None
    rest = dict(raw)
    if long_tokens:
        rest["tokens"] = []
    if long_walls:
        assert isinstance(grid, dict)
        rest["map"] = {**grid, "walls": []}
    try:
        model = EncounterModel.model_validate(rest)
        if long_walls:
            assert isinstance(model.map, GridMapModel) and isinstance(walls, list)
            model.map.walls = _sliced(_WALLS, walls, WALL_SLICE)
        if long_tokens:
            assert isinstance(tokens, list)
            model.tokens = _sliced(_TOKENS, tokens, SLICE)
    except ValidationError:
        return None
    return model

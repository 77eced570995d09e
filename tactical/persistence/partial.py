"""The meaning checks for the parts of a file the schema did accept.

When pydantic refuses some part of a file (a token with a wrong type), the
checks that need a whole valid model would not run at all, so a file with a
wrong type and a token off the map reported only the first kind of problem.
Here every refused piece is replaced by a harmless stand-in, the checks run on
the result, and whatever they say about a stand-in (or that depends on one,
like a position on a refused map) is dropped: the GM sees every problem once.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from tactical.persistence.checks import check_encounter
from tactical.persistence.problems import Problem
from tactical.persistence.schema import MAX_ID, SCENE_VERSION, EncounterModel

_SCALARS: dict[str, Any] = {
    "format": "tactical.encounter",
    "app_version": "",
    "name": "",
    "show_name_to_players": False,
    "notes": "",
    "metric": "chebyshev",
}
_LISTS = ("sides", "tokens", "templates", "dice_log")
_STAND_IN_MAP = {"kind": "grid", "width": 1, "height": 1, "elevation": [[0]], "terrain": ["."]}


def _raw_id(item: Any, fallback: str) -> str:
    value = item.get("id") if isinstance(item, dict) else None
    return value if isinstance(value, str) and 1 <= len(value) <= MAX_ID else fallback


def _stand_in(key: str, item: Any, index: int, side: str) -> dict[str, Any]:
    if key == "sides":
        return {"id": _raw_id(item, f"\x00side-{index}"), "name": ""}
    if key == "tokens":
        return {"id": _raw_id(item, f"\x00token-{index}"), "side": side}
    if key == "templates":
        return {"id": _raw_id(item, f"\x00template-{index}"), "kind": "aura", "size": 1}
    return {"who": "", "expression": "", "result": 0}  # dice_log


def _starts(path: str, prefix: str) -> bool:
    return path.startswith(prefix)


def _under(path: str, prefix: str) -> bool:
    return path == prefix or path.startswith((prefix + ".", prefix + "["))


def problems_beyond_schema(
    raw: dict[str, Any],
    errors: list[ErrorDetails],
    prepare: Callable[[EncounterModel], None] | None = None,
) -> list[Problem]:
    """Check problems of the parts of ``raw`` that ``errors`` (pydantic's) leave sound.

    ``prepare`` is given the model before it is checked (the save's check lends
    it the pictures it set aside).
    """
    fields = EncounterModel.model_fields
    fixed = {k: v for k, v in raw.items() if k in fields}
    fixed["schema_version"] = SCENE_VERSION
    dropped: list[Callable[[str], bool]] = []
    bad_items: dict[str, set[int]] = {}
    for error in errors:
        loc = error["loc"]
        if not loc or not isinstance(loc[0], str) or loc[0] not in fields:
            continue
        key = loc[0]
        if key in _SCALARS:
            fixed[key] = _SCALARS[key]
        elif key == "map":
            fixed["map"] = _STAND_IN_MAP
        elif key == "procedure":
            fixed["procedure"] = None
        elif key not in _LISTS:
            # A part this module does not know (added to the format later): other parts may
            # refer to it, so without a faithful stand-in only the schema's problems are said.
            return []
        elif len(loc) >= 2 and isinstance(loc[1], int) and isinstance(fixed.get(key), list):
            bad_items.setdefault(key, set()).add(loc[1])
        else:
            fixed[key] = []
            dropped.append(partial(_starts, prefix=key))
    side = next(iter(_raw_id(s, "") for s in fixed.get("sides", []) or [] if _raw_id(s, "")), "")
    for key, indexes in bad_items.items():
        items = list(fixed[key])
        for index in indexes:
            if 0 <= index < len(items):
                items[index] = _stand_in(key, items[index], index, side or "\x00side")
                dropped.append(partial(_under, prefix=f"{key}[{index}]"))
        fixed[key] = items
    if fixed.get("map") is _STAND_IN_MAP or "map" not in raw:
        fixed["map"] = _STAND_IN_MAP
        dropped.append(_depends_on_map)
    if "sides" in bad_items or (fixed.get("sides") == [] and raw.get("sides") != []):
        dropped.append(lambda p: p.startswith("tokens[") and p.endswith(".side"))
        dropped.append(lambda p: p.startswith("sides[") and ".allies[" in p)
    if "tokens" in bad_items or (fixed.get("tokens") == [] and raw.get("tokens") not in (None, [])):
        dropped.append(lambda p: p.startswith("templates[") and p.endswith(".token_id"))
    try:
        model = EncounterModel.model_validate(fixed)
    except ValidationError:
        return []  # a stand-in the schema refuses: report the schema's problems alone
    if prepare is not None:
        prepare(model)
    return [p for p in check_encounter(model) if not any(drop(p.path) for drop in dropped)]


def _depends_on_map(path: str) -> bool:
    if path.startswith("map"):
        return True
    if path.startswith("tokens[") and path.endswith(".position"):
        return True
    return path.startswith("templates[") and path.endswith((".origin", ".direction", ".area_id"))

"""Problems in a version-1 file, said by the file's own keys.

Version 1 wrote a grid as compact ``rows`` (``"0 0 2d -1x"``) and statuses
as a list of names. The checks run on the migrated (current) object, so
without this a version-1 file would hear about ``map.elevation[2][5]`` or
``tokens[0].statuses.Prone``, keys it does not have. Each problem is mapped
back: a square to ``map.rows[2]`` (one problem per bad square, the square
named in the message), a status to its index in the list.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tactical.persistence.problems import Problem, key_part

_SQUARE = re.compile(r"^map\.(?:elevation|terrain)\[(\d+)\]\[(\d+)\]$")
_ROW = re.compile(r"^map\.(?:elevation|terrain)\[(\d+)\]$")
_STATUSES = re.compile(r"^tokens\[(\d+)\]\.statuses(.*)$")

Translate = Callable[[list[Problem]], list[Problem]]


def _status_index(names: list[Any], rest: str) -> int | None:
    for index, name in enumerate(names):
        if isinstance(name, str) and (rest == key_part(name) or rest.startswith(key_part(name))):
            return index
    return None


def version_1_paths(original: dict[str, Any]) -> Translate:
    """A function putting problems of the migrated object back on ``original``'s keys."""
    grid = original.get("map")
    rows = isinstance(grid, dict) and "rows" in grid
    given = set(grid) if isinstance(grid, dict) else set()
    tokens = original.get("tokens")
    status_lists: dict[int, list[Any]] = {}
    if isinstance(tokens, list):
        for index, token in enumerate(tokens):
            if isinstance(token, dict) and isinstance(token.get("statuses"), list):
                status_lists[index] = token["statuses"]

    def one(problem: Problem) -> Problem:
        path, message = problem.path, problem.message
        if rows:
            if match := _SQUARE.match(path):
                return Problem(f"map.rows[{match.group(1)}]", f"square {match.group(2)}: {message}")
            if match := _ROW.match(path):
                return Problem(f"map.rows[{match.group(1)}]", message)
            if path in ("map.elevation", "map.terrain"):
                return Problem("map.rows", message)
            if path in ("map.width", "map.height") and path[4:] not in given:
                return Problem("map.rows", f"the map's {path[4:]} (from the rows) {message}")
        if (match := _STATUSES.match(path)) and int(match.group(1)) in status_lists:
            names = status_lists[int(match.group(1))]
            base = f"tokens[{match.group(1)}].statuses"
            if not match.group(2):
                if message.startswith("must be an object"):
                    return Problem(base, "must be a list of status names (text)")
                return problem
            index = _status_index(names, match.group(2))
            if index is not None:
                # a key of the migrated object is an item of the version-1 list
                return Problem(
                    f"{base}[{index}]", message.removeprefix("a key here is not acceptable: ")
                )
        return problem

    def translate(problems: list[Problem]) -> list[Problem]:
        out: list[Problem] = []
        seen: set[Problem] = set()
        for problem in map(one, problems):
            if problem not in seen:  # a row's elevation and terrain say the same thing once
                seen.add(problem)
                out.append(problem)
        return out

    return translate

"""What JSON lets through that the format must not: repeated keys and lone surrogates.

``json.loads`` keeps the last of two equal keys in an object and turns a
``"\\ud800"`` escape into a string that no file can hold (every later save
would fail to encode it). Both are found here, each with its JSON path, so
the loader refuses them and a save never writes them.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from typing import Any

from tactical.core.give_way import checkpoint
from tactical.persistence.problems import Problem, join_path

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
"""A ``\\uD800``-``\\uDFFF`` escape: the only way a lone surrogate gets into parsed JSON."""


class RepeatedKeys(dict[str, Any]):
    """A parsed JSON object in which some key appeared more than once."""

    repeated: dict[str, int]


OBJECTS_A_PIECE = 256
"""JSON objects read between two checkpoints (a millisecond or two)."""


class PairsHook:
    """``object_pairs_hook`` for :func:`json.loads` that remembers repeated keys."""

    def __init__(self) -> None:
        self.found = False
        self.objects = 0

    def __call__(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        self.objects += 1
        if self.objects % OBJECTS_A_PIECE == 0:
            checkpoint()  # the save's proof gives way here to a busy GUI (core.give_way)
        obj = dict(pairs)
        if len(obj) == len(pairs):
            return obj
        self.found = True
        marked = RepeatedKeys(obj)
        counts: dict[str, int] = {}
        for key, _value in pairs:
            counts[key] = counts.get(key, 0) + 1
        marked.repeated = {k: n for k, n in counts.items() if n > 1}
        return marked


def _walk(value: Any) -> Iterator[tuple[list[str | int], Any, str | None]]:
    """Every container and scalar with its path (and, for a key, the key), depth first."""
    stack: list[tuple[list[str | int], Any]] = [([], value)]
    while stack:
        path, item = stack.pop()
        yield path, item, None
        if isinstance(item, dict):
            children = []
            for key, child in item.items():
                yield path, key, str(key)
                children.append(([*path, str(key)], child))
            stack.extend(reversed(children))
        elif isinstance(item, list | tuple):
            stack.extend(reversed([([*path, i], child) for i, child in enumerate(item)]))


def _shown_key(key: str) -> str:
    shown = key if len(key) <= 40 else key[:37] + "..."
    return json.dumps(shown.encode("utf-8", "replace").decode("utf-8"))


def repeated_key_problems(value: Any) -> list[Problem]:
    """``"name" appears twice`` for every object in ``value`` that repeats a key."""
    problems = []
    for path, item, key in _walk(value):
        if key is None and isinstance(item, RepeatedKeys):
            for name, count in item.repeated.items():
                times = "twice" if count == 2 else f"{count} times"
                problems.append(
                    Problem(
                        join_path(path),
                        f"{_shown_key(name)} appears {times} in this object "
                        "(a key may appear once)",
                    )
                )
    return problems


def _is_text(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


SURROGATE_MESSAGE = (
    "holds a lone surrogate (an unpaired \\ud800-\\udfff escape), which is not text "
    "and could never be saved again"
)


def may_hold_surrogates(text: str) -> bool:
    """Cheap test on a file's text: can parsing it give a lone surrogate at all?"""
    return _SURROGATE_ESCAPE.search(text) is not None


def unsaveable_values(value: Any) -> list[Problem]:
    """Every string that is not text (a lone surrogate) and every NaN or infinity, by path."""
    problems = []
    for path, item, key in _walk(value):
        if key is not None:
            if not _is_text(key):
                problems.append(Problem(join_path([*path, key]), "its key " + SURROGATE_MESSAGE))
        elif isinstance(item, str):
            if not _is_text(item):
                problems.append(Problem(join_path(path), SURROGATE_MESSAGE))
        elif isinstance(item, float) and not math.isfinite(item):
            problems.append(
                Problem(
                    join_path(path), "must be a finite number (NaN and infinity are not allowed)"
                )
            )
    return problems

"""How many bytes an undo step keeps, roughly: what bounds the undo history's memory.

A walk over what a command holds (its fields, their containers, numpy arrays by
their data), each object counted once. It errs high rather than low: a token a
step names is counted although the encounter holds it too.
"""

from __future__ import annotations

import sys
import types
from enum import Enum
from typing import Any

import numpy as np

_SKIPPED = (
    type,
    types.ModuleType,
    types.FunctionType,
    types.MethodType,
    types.BuiltinFunctionType,
    Enum,
)
_LEAVES = (str, bytes, bytearray, int, float, complex, bool, type(None))


def held_bytes(value: Any) -> int:
    """The bytes ``value`` and everything it holds take, each object counted once."""
    seen: set[int] = set()
    total = 0
    todo = [value]
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, _SKIPPED):
            continue
        seen.add(id(item))
        if isinstance(item, np.ndarray):
            total += item.nbytes + sys.getsizeof(np.empty(0))
            continue
        total += sys.getsizeof(item)
        if isinstance(item, _LEAVES):
            continue
        if isinstance(item, dict):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            todo.extend(item)
        else:
            todo.extend(_fields(item))
    return total


def _fields(item: Any) -> list[Any]:
    """The values an object holds in its ``__dict__`` and its slots."""
    values = list(getattr(item, "__dict__", {}).values())
    for cls in type(item).__mro__:
        slots = getattr(cls, "__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name != "__dict__" and hasattr(item, name):
                values.append(getattr(item, name))
    return values

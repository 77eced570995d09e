"""The registered combat procedures, found by scanning :mod:`tactical.rules.procedures`.

A new procedure is one module (or package) in that folder that decorates its
class with :func:`register`; nothing outside its own files changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any, TypeVar

from tactical.rules.procedure import Procedure

_REGISTRY: dict[str, Procedure[Any]] = {}
_scanned = False

P = TypeVar("P", bound=type[Procedure[Any]])


def register(cls: P) -> P:
    """Class decorator: make a procedure available under its ``id``."""
    if cls.id in _REGISTRY and type(_REGISTRY[cls.id]) is not cls:
        raise ValueError(f"two procedures use the id '{cls.id}'")
    _REGISTRY[cls.id] = cls()
    return cls


def _scan() -> None:
    global _scanned
    if _scanned:
        return
    _scanned = True
    from tactical.rules import procedures

    for module in pkgutil.iter_modules(procedures.__path__):
        importlib.import_module(f"{procedures.__name__}.{module.name}")


def available() -> list[str]:
    """The registered procedure ids, in the order of their rule texts."""
    _scan()
    return [p.id for p in sorted(_REGISTRY.values(), key=lambda p: (p.rule_file, p.id))]


def get(procedure_id: str) -> Procedure[Any]:
    _scan()
    try:
        return _REGISTRY[procedure_id]
    except KeyError:
        known = ", ".join(available()) or "none"
        raise KeyError(f"no combat procedure '{procedure_id}' (known: {known})") from None


def tracked_figures(procedure_id: str | None, *, printed: bool = False) -> dict[str, str]:
    """The figures a procedure tracks (its combatants table's columns), by key with their labels.

    ``printed``: the labels for paper, shorter where the procedure gives them.
    Empty without a procedure or for one this version does not know.
    """
    if not procedure_id:
        return {}
    try:
        procedure = get(procedure_id)
    except KeyError:
        return {}
    labels = dict(procedure.figure_labels)
    if printed:
        labels = {key: procedure.print_labels.get(key, label) for key, label in labels.items()}
    return labels

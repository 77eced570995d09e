"""The registered combat procedures, found by scanning :mod:`tactical.rules.procedures`.

A new procedure is one module (or package) in that folder that decorates its
class with :func:`register`; nothing outside its own files changes.

The combat panel lists the procedures before the GM picks one (:func:`listed`):
for those in :data:`LISTINGS` it reads the listing instead of importing the
procedure (a few hundredths of a second of the app's start-up); any other found
in the folder is imported to be listed. A test checks every listing against its class.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from typing import Any, TypeVar

from tactical.rules.errors import UnknownProcedure
from tactical.rules.procedure import Procedure

_REGISTRY: dict[str, Procedure[Any]] = {}
_scanned = False


@dataclass(frozen=True)
class Listing:
    """What a list of the procedures shows of one, read without importing it."""

    id: str
    title: str
    rule_file: str
    map_kind: str
    package: str
    """Its module or package in :mod:`tactical.rules.procedures`."""

    @classmethod
    def of(cls, procedure: Procedure[Any]) -> Listing:
        package = type(procedure).__module__.split(".")[3]
        return cls(procedure.id, procedure.title, procedure.rule_file, procedure.map_kind, package)


LISTINGS = (
    Listing(
        "approximated-fray",
        "Approximated Fray",
        "000_b2551d7b392b43c7.txt",
        "areas",
        "approximated_fray",
    ),
    Listing("thrum", "Thrum", "001_18fb441042e7114e.txt", "grid", "thrum"),
    Listing("game-judge", "Game Judge phases", "002_207f3f1951758ab0.txt", "areas", "game_judge"),
    Listing(
        "two-second-turns",
        "Two-second turns",
        "003_8e8ef1bed4dcaaed.txt",
        "grid",
        "two_second_turns",
    ),
    Listing(
        "side-initiative", "Side initiative", "004_ee0c95b780bc2907.txt", "grid", "side_initiative"
    ),
)
"""The procedures of this folder as :func:`listed` gives them without importing them."""

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


def listed() -> list[Listing]:
    """Every registered procedure's listing, in the order of :func:`available`.

    Imports only the procedures of the folder missing from :data:`LISTINGS`.
    """
    from tactical.rules import procedures

    known = {listing.package for listing in LISTINGS}
    found = [module.name for module in pkgutil.iter_modules(procedures.__path__)]
    for name in found:
        if name not in known:
            importlib.import_module(f"{procedures.__name__}.{name}")
    listings = {listing.id: listing for listing in LISTINGS if listing.package in found}
    for procedure in _REGISTRY.values():
        listings.setdefault(procedure.id, Listing.of(procedure))
    return sorted(listings.values(), key=lambda listing: (listing.rule_file, listing.id))


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
        raise UnknownProcedure(f"no combat procedure '{procedure_id}' (known: {known})") from None


def figure_defaults(procedure_id: str | None) -> dict[str, int | str]:
    """What the running procedure's panel shows for each tracked figure a token lacks
    (empty without a procedure, for one this version does not know, or where it shows blank)."""
    if not procedure_id:
        return {}
    try:
        procedure = get(procedure_id)
    except KeyError:
        return {}
    return dict(procedure.figure_defaults)


def tracked_figures(procedure_id: str | None, *, printed: bool = False) -> dict[str, str]:
    """The figures a procedure tracks (its combatants table's columns), by key with their labels.

    ``printed``: the labels for paper, shorter where the procedure gives them.
    Empty without a procedure or for one this version does not know.
    """
    if not procedure_id:
        return {}
    try:
        procedure = get(procedure_id)
    except UnknownProcedure:
        return {}
    labels = dict(procedure.figure_labels)
    if printed:
        labels = {key: procedure.print_labels.get(key, label) for key, label in labels.items()}
    return labels

"""The rules engine as the app calls it: one place that names the core functions used.

The app never decides a rule itself (what a move costs, what a template
covers, who has cover); it asks :mod:`tactical.core`. Importing lazily here
keeps start-up light and keeps every engine name the app depends on in one
file.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tactical.core.encounter import Encounter
from tactical.core.grid import Square
from tactical.core.templates import Template
from tactical.core.tokens import Position


def reachable(encounter: Encounter, token_id: str, budget: int | None) -> dict[Any, int]:
    """Every square (or area) the token may end its move on, with the cheapest cost."""
    from tactical.core import reachable as _reachable

    return dict(_reachable(encounter, token_id, budget=budget))


def find_path(encounter: Encounter, token_id: str, goal: Position) -> tuple[list[Any], int] | None:
    """The cheapest path from where the token stands to ``goal`` and its cost, or None."""
    from tactical.core import find_path as _find_path

    found = _find_path(encounter, token_id, goal)
    if found is None:
        return None
    path, cost = found
    return list(path), int(cost)


def distance(encounter: Encounter, a: Any, b: Any) -> int | float:
    """Distance by the encounter's metric between two squares (or areas)."""
    from tactical.core import encounter_distance

    return encounter_distance(encounter, a, b)  # type: ignore[no-any-return]


def template_squares(encounter: Encounter, template: Template) -> set[Square]:
    from tactical.core import template_squares as _template_squares

    return set(_template_squares(encounter, template))


def tokens_in_footprint(encounter: Encounter, squares: Iterable[Square]) -> list[str]:
    """Ids of the tokens a footprint touches, in encounter order."""
    from tactical.core import tokens_in_footprint as _tokens_in_footprint

    found = _tokens_in_footprint(encounter, set(squares))
    ids = [t if isinstance(t, str) else t.id for t in found]
    order = {token_id: i for i, token_id in enumerate(encounter.tokens)}
    return sorted(set(ids), key=lambda t: order.get(t, len(order)))


def placement_ok(footprint: Iterable[Square], user_square: Square, range_: int) -> bool:
    """The placement rule for Area and Line templates (001)."""
    from tactical.core import placement_ok as _placement_ok

    return bool(_placement_ok(set(footprint), user_square, range_))


def cover(encounter: Encounter, attacker: Square, target: Square) -> Any:
    from tactical.core import cover as _cover

    return _cover(encounter, attacker, target)


def cover_detail(encounter: Encounter, attacker: Square, target: Square) -> Any:
    from tactical.core import cover_detail as _cover_detail

    return _cover_detail(encounter, attacker, target)

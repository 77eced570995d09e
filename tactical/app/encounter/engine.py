"""The rules engine as the app calls it: one place that names the core functions used.

The app never decides a rule itself (what a move costs, what a template
covers, who has cover); it asks :mod:`tactical.core`. Every engine name the app depends on is named
here. The imports are plain, not lazy: loading the model (the ``tactical.core``
package) loads the engine anyway.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tactical.core.cover import cover_detail as _cover_detail
from tactical.core.cover import cover_table
from tactical.core.cover import token_cover as _token_cover
from tactical.core.distance import encounter_distance
from tactical.core.encounter import Encounter
from tactical.core.footprints import placement_ok as _placement_ok
from tactical.core.footprints import template_footprint as _template_footprint
from tactical.core.footprints import tokens_in_footprint as _tokens_in_footprint
from tactical.core.grid import Square
from tactical.core.movement import MoveOptions
from tactical.core.movement import find_path as _find_path
from tactical.core.movement import reachable as _reachable
from tactical.core.movement.banned import steps_towards as _steps_towards
from tactical.core.templates import Template
from tactical.core.tokens import Position


def reachable(
    encounter: Encounter,
    token_id: str,
    budget: int | None,
    banned_steps: frozenset[tuple[int, int]] = frozenset(),
) -> dict[Any, int]:
    """Every square (or area) the token may end its move on, with the cheapest cost.

    ``banned_steps``: steps no path may take (003 Stumble; grids only).
    """
    return dict(_reachable(encounter, token_id, budget, MoveOptions(banned_steps=banned_steps)))


def find_path(
    encounter: Encounter,
    token_id: str,
    goal: Position,
    budget: int | None = None,
    banned_steps: frozenset[tuple[int, int]] = frozenset(),
) -> tuple[list[Any], int] | None:
    """The cheapest path from where the token stands to ``goal`` and its cost, or None.

    With ``budget`` the search stops there (None when the goal costs more);
    ``banned_steps`` as for :func:`reachable`.
    """
    options = MoveOptions(banned_steps=banned_steps)
    found = _find_path(encounter, token_id, goal, options, budget=budget)
    if found is None:
        return None
    path, cost = found
    return list(path), int(cost)


def steps_towards(direction: tuple[int, int]) -> frozenset[tuple[int, int]]:
    """The steps with a part along ``direction`` (a unit step): what a ban on it forbids."""
    return _steps_towards(direction)


def distance(encounter: Encounter, a: Any, b: Any) -> int | None:
    """Distance by the encounter's metric between two squares (or hops between areas)."""
    return encounter_distance(encounter, a, b)


def template_footprint(encounter: Encounter, template: Template) -> frozenset[Any]:
    """The squares (grid) or the one area id (area map) a template covers now."""
    return _template_footprint(encounter, template)


def tokens_in_footprint(encounter: Encounter, footprint: Iterable[Any]) -> list[str]:
    """Ids of the tokens a footprint touches, in encounter order."""
    return list(_tokens_in_footprint(encounter, footprint))


def placement_ok(
    footprint: Iterable[Square], user_square: Square, range_: int, user_size: int = 1
) -> bool:
    """The placement rule for Area and Line templates (001)."""
    return bool(_placement_ok(footprint, user_square, range_, user_size=user_size))


def token_cover(encounter: Encounter, attacker_id: str, target_id: str) -> int:
    """0 none, 1 cover, 2 obstructed (:class:`tactical.core.cover.Cover`)."""
    return int(_token_cover(encounter, attacker_id, target_id))


def cover_from(encounter: Encounter, attacker_id: str, target_ids: Iterable[str]) -> dict[str, int]:
    """Cover (0, 1, 2) of each target from one attacker, in one vectorised engine call."""
    ids = [attacker_id, *(t for t in target_ids if t != attacker_id)]
    table = cover_table(encounter, ids)
    return {t: int(table[(attacker_id, t)]) for t in ids[1:] if (attacker_id, t) in table}


def cover_detail(encounter: Encounter, attacker: Square, target: Square) -> Any:
    """The cover answer with its sources and their dividing lines (shapely, map units)."""
    return _cover_detail(encounter, attacker, target)

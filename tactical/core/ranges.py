"""Small range and modifier rules from the seed texts, as plain functions.

003 (two-second turns): the ranged penalty and the combat-cluster penalty.
004 (side initiative): melee reach, missile range bands, cover penalties.
"""

from __future__ import annotations

from typing import Literal

from tactical.core.engine_errors import EngineError

RangeBand = Literal["short", "medium", "long"]

MELEE_FEET = 5
"""004: "Melee attacks are possible when opponents are 5′ or less from each other"."""

RANGE_BAND_MODIFIER: dict[RangeBand, int] = {"short": 1, "medium": 0, "long": -1}
"""004: "Short: +1 Attack, Medium: no modifier, Long: –1 Attack"."""


def ranged_penalty(distance: int, same_square: bool) -> int:
    """003: in another square, a situational penalty "equal to half the distance to the
    target, rounded down"; none in the same square."""
    if distance < 0:
        raise EngineError("a distance cannot be negative")
    return 0 if same_square else distance // 2


def cluster_penalty(characters: int) -> int:
    """003: shooting into a combat cluster, a penalty "equal to the number of characters
    in that cluster"."""
    if characters < 0:
        raise EngineError("a cluster cannot hold a negative number of characters")
    return characters


def is_melee_range(feet: float) -> bool:
    """004: melee is possible at 5 feet or less."""
    return feet <= MELEE_FEET


def range_band(distance_feet: float, short: float, medium: float, long: float) -> RangeBand | None:
    """004: the band of a missile shot from the weapon's three ranges, None beyond long.

    The bands are up to ``short``, up to ``medium``, up to ``long`` (inclusive).
    Whether a missile is possible at all is :func:`missile_possible`.
    """
    if not short <= medium <= long:
        raise EngineError("ranges must be short <= medium <= long")
    if distance_feet <= short:
        return "short"
    if distance_feet <= medium:
        return "medium"
    if distance_feet <= long:
        return "long"
    return None


def range_modifier(band: RangeBand | None) -> int | None:
    """The attack modifier of a band; None when the shot is not possible (beyond long)."""
    return None if band is None else RANGE_BAND_MODIFIER[band]


def missile_possible(distance_feet: float, long: float) -> bool:
    """004: missiles need more than 5 feet between opponents and at most long range."""
    return MELEE_FEET < distance_feet <= long


def cover_penalty(cover: int | Literal["full"]) -> int | None:
    """004: the Referee applies -1 to -4 for partial cover; "full" cannot be hit (None).

    0 is accepted as no cover.
    """
    if cover == "full":
        return None
    if isinstance(cover, bool) or not isinstance(cover, int) or not -4 <= cover <= 0:
        raise EngineError(f"a cover penalty is 0, -1 .. -4 or 'full', not {cover!r}")
    return cover

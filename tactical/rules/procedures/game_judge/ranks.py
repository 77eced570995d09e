"""The Universal Table's ranks and the column shifts between them (002, Step Four).

002: "COMPARE THE HIGHEST INTUITION RANK ON EACH SIDE AND COUNT THE NUMBER OF
COLUMN SHIFTS BETWEEN THEM ON THE UNIVERSAL TABLE." The table's columns run
from Shift 0 to Beyond; a shift is one column, so the shifts between two ranks
are the difference of their places (Excellent to Amazing = +3, the seed's
example). Ranks are written in full ("Excellent") or by their usual
abbreviation ("Ex"), in any case, with or without spaces.
"""

from __future__ import annotations

RANKS: tuple[str, ...] = (
    "Shift 0",
    "Feeble",
    "Poor",
    "Typical",
    "Good",
    "Excellent",
    "Remarkable",
    "Incredible",
    "Amazing",
    "Monstrous",
    "Unearthly",
    "Shift X",
    "Shift Y",
    "Shift Z",
    "Class 1000",
    "Class 3000",
    "Class 5000",
    "Beyond",
)
"""The Universal Table's columns, lowest first."""

_ABBREVIATIONS = (
    "sh0",
    "fe",
    "pr",
    "ty",
    "gd",
    "ex",
    "rm",
    "in",
    "am",
    "mn",
    "un",
    "shx",
    "shy",
    "shz",
    "cl1000",
    "cl3000",
    "cl5000",
    "by",
)


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


_LOOKUP: dict[str, int] = {}
for _index, (_name, _short) in enumerate(zip(RANKS, _ABBREVIATIONS, strict=True)):
    _LOOKUP[_key(_name)] = _index
    _LOOKUP[_short] = _index
_LOOKUP["beyond"] = len(RANKS) - 1
_LOOKUP["bey"] = len(RANKS) - 1


def rank_index(text: object) -> int | None:
    """The column of a rank name or abbreviation, or None when it is not a rank."""
    if not isinstance(text, str):
        return None
    return _LOOKUP.get(_key(text))


def rank_name(index: int) -> str:
    return RANKS[index]


def column_shifts(lower: str, higher: str) -> int:
    """Column shifts from ``lower`` to ``higher`` (negative when ``higher`` is lower)."""
    a, b = rank_index(lower), rank_index(higher)
    if a is None or b is None:
        raise ValueError(f"not a Universal Table rank: {lower if a is None else higher!r}")
    return b - a

"""Turning what the GM types into a table cell into figures and statuses, and back.

Qt-free so the rules of parsing are tested on their own. A figure keeps the
kind it had: a yes/no figure accepts yes/no, anything else becomes an integer,
a decimal number or else text. An empty cell removes the figure.

Whatever the file format cannot hold (a number beyond 2^53, a text figure of
more than 1000 characters, 5,000,000 stacks, a 254-character status name) is
refused here with the limit, so no edit leaves a document that cannot be saved.
"""

from __future__ import annotations

import math
import re

from tactical.app.encounter.limits import (
    MAX_FIGURE_TEXT,
    MAX_INT,
    MAX_NAME,
    MAX_STACKS,
    MAX_STATUSES,
)
from tactical.core.tokens import Figure

MAX_ROLLS = 1000
"""Most typed dice for one action (a roll in the file keeps at most this many)."""
MAX_TYPED_DIE = 1_000_000

_INT = re.compile(r"^[+-]?\d+$")
_STATUS = re.compile(r"^(.*?)(?:\s+(-?\d+))?$")
_YES = {"yes", "y", "true", "on", "1"}
_NO = {"no", "n", "false", "off", "0"}


def figure_text(value: Figure) -> str:
    """How a raw figure is shown in the cell editor."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def parse_figure(text: str, current: Figure = None) -> Figure:
    """The figure the GM meant by ``text``; raises ValueError with a readable reason."""
    text = text.strip()
    if not text:
        return None
    if isinstance(current, bool):
        word = text.lower()
        if word in _YES:
            return True
        if word in _NO:
            return False
        raise ValueError(f"'{_short(text)}' is not yes or no")
    if _INT.match(text):
        if len(text) > 20 or abs(int(text)) > MAX_INT:
            raise ValueError("a number must lie between -2^53 and 2^53")
        return int(text)
    try:
        number = float(text) if len(text) <= 400 else math.nan
    except ValueError:
        number = math.nan
    if math.isfinite(number):
        return number
    if len(text) > MAX_FIGURE_TEXT:
        raise ValueError(f"a text figure may be at most {MAX_FIGURE_TEXT} characters")
    return text


def statuses_text(statuses: dict[str, int]) -> str:
    """``prone, bleeding 2``: one stack is shown by the name alone."""
    return ", ".join(
        name if stacks == 1 else f"{name} {stacks}" for name, stacks in statuses.items()
    )


def parse_statuses(text: str) -> dict[str, int]:
    """The statuses in ``prone, bleeding 2``; a trailing number is the stacks (0 drops it)."""
    statuses: dict[str, int] = {}
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        match = _STATUS.match(part)
        assert match is not None  # the pattern matches any text
        name = match.group(1).strip()
        if not name or _INT.match(name):
            raise ValueError(f"'{_short(part)}' needs a status name before the number")
        if len(name) > MAX_NAME:
            raise ValueError(f"a status name may be at most {MAX_NAME} characters")
        digits = match.group(2)
        stacks = int(digits) if digits is not None and len(digits) <= 9 else 1
        if digits is not None and (len(digits) > 9 or stacks > MAX_STACKS):
            raise ValueError(f"'{_short(name)}': at most {MAX_STACKS:,} stacks")
        if stacks < 0:
            raise ValueError(f"'{_short(part)}': stacks cannot be negative")
        if stacks:
            statuses[name] = stacks
        else:
            statuses.pop(name, None)
    if len(statuses) > MAX_STATUSES:
        raise ValueError(f"a token may have at most {MAX_STATUSES} statuses")
    return statuses


def _short(text: str) -> str:
    """User text quoted in a message, cut short (a message never echoes a whole page)."""
    return text if len(text) <= 40 else text[:37] + "..."


def status_changes(before: dict[str, int], after: dict[str, int]) -> list[tuple[str, int | None]]:
    """The ``(status, stacks or None)`` edits that turn ``before`` into ``after``."""
    changes: list[tuple[str, int | None]] = [(name, None) for name in before if name not in after]
    changes += [(name, stacks) for name, stacks in after.items() if before.get(name) != stacks]
    return changes


def parse_typed_dice(text: str) -> list[int]:
    """Results of physical dice typed as ``5, 3`` or ``5 3``, used by the next action's rolls."""
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    if len(parts) > MAX_ROLLS:
        raise ValueError(f"typed dice: at most {MAX_ROLLS} results")
    values = []
    for part in parts:
        if not _INT.match(part):
            raise ValueError(f"typed dice: '{_short(part)}' is not a whole number")
        if len(part) > 8 or abs(int(part)) > MAX_TYPED_DIE:
            raise ValueError(f"typed dice: '{_short(part)}' is more than {MAX_TYPED_DIE:,}")
        values.append(int(part))
    return values

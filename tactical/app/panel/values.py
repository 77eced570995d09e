"""Turning what the GM types into a table cell into figures and statuses, and back.

Qt-free so the rules of parsing are tested on their own. A figure keeps the
kind it had: a yes/no figure accepts yes/no, anything else becomes an integer,
a decimal number or else text. An empty cell removes the figure.
"""

from __future__ import annotations

import math
import re

from tactical.core.tokens import Figure

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
        raise ValueError(f"'{text}' is not yes or no")
    if _INT.match(text):
        return int(text)
    try:
        number = float(text)
    except ValueError:
        return text
    if not math.isfinite(number):
        return text
    return number


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
            raise ValueError(f"'{part}' needs a status name before the number")
        stacks = int(match.group(2)) if match.group(2) is not None else 1
        if stacks < 0:
            raise ValueError(f"'{part}': stacks cannot be negative")
        if stacks:
            statuses[name] = stacks
        else:
            statuses.pop(name, None)
    return statuses


def status_changes(before: dict[str, int], after: dict[str, int]) -> list[tuple[str, int | None]]:
    """The ``(status, stacks or None)`` edits that turn ``before`` into ``after``."""
    changes: list[tuple[str, int | None]] = [(name, None) for name in before if name not in after]
    changes += [(name, stacks) for name, stacks in after.items() if before.get(name) != stacks]
    return changes


def parse_typed_dice(text: str) -> list[int]:
    """Results of physical dice typed as ``5, 3`` or ``5 3``, used by the next action's rolls."""
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    values = []
    for part in parts:
        if not _INT.match(part):
            raise ValueError(f"typed dice: '{part}' is not a whole number")
        values.append(int(part))
    return values

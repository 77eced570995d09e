"""The file format's limits, as the app's inputs need them.

Every input a GM types into is bounded by what a file can hold, so an edit
the app accepts is never one it then cannot save (and so cannot reopen).
The numbers come from the schema; the few the schema writes inline are
mirrored here and tested against it.
"""

from __future__ import annotations

from tactical.persistence.schema import MAX_ID, MAX_INT, MAX_NAME, MAX_STATUSES, MAX_TEXT

__all__ = [
    "MAX_FIGURE_TEXT",
    "MAX_ID",
    "MAX_INT",
    "MAX_NAME",
    "MAX_SPEED",
    "MAX_STACKS",
    "MAX_STATUSES",
    "MAX_TAGS",
    "MAX_TEXT",
    "MAX_TOKEN_SIZE",
]

MAX_STACKS = 1_000_000
"""Most stacks of one status (the schema's ``Count``)."""
MAX_TAGS = 100
"""Most tags on one area."""
MAX_FIGURE_TEXT = 1000
"""Longest text figure."""

MAX_TOKEN_SIZE = 64
"""Largest token, in squares a side (the schema's token ``size``)."""
MAX_SPEED = 10_000
"""Fastest token, in squares or areas (the schema's token ``speed``)."""

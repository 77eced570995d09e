"""Which figure columns fold into a line under their combatant, so the table fits the panel.

A procedure may track more figures than a narrow panel has room for (Thrum has
nine). Rather than scroll sideways, the table keeps as many figure columns as
fit, in the procedure's order (the figures that change in play first), and
writes the others as whole "label value" pairs on a detail line under each row.
Qt-free: widths come in as numbers, text is measured by the caller's function.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

FIGURE_PREFIX = "figure:"
"""The column key of a figure: ``figure:`` and the figure's name."""
SEPARATOR = "   "
"""Between two pairs on a detail line (wide enough to tell the pairs apart)."""
EMPTY = "\N{EM DASH}"
"""A figure the combatant does not have yet."""


ELIDED = "declared"
"""The column that gives up width before any figure folds: a long declaration is
elided (whole in its tooltip) down to :data:`ELIDED_LEAST` pixels."""
ELIDED_LEAST = 80
ELIDED_FLOOR = 40


def columns_to_fold(widths: Sequence[tuple[str, int]], room: int) -> tuple[str, ...]:
    """The figure columns to fold, last first, until the columns fit ``room`` pixels.

    ``widths``: every column's key and width, in order. Only figure columns fold;
    when none is left and the rest is still too wide, the rest stays as it is.
    """
    total = sum(min(w, ELIDED_LEAST) if key == ELIDED else w for key, w in widths)
    folded: list[str] = []
    for key, width in reversed(widths):
        if total <= room:
            break
        if key.startswith(FIGURE_PREFIX):
            folded.append(key)
            total -= width
    return tuple(reversed(folded))


def elided_width(widths: Sequence[tuple[str, int]], room: int) -> int | None:
    """The width of the :data:`ELIDED` column that fits the others into ``room``: down to
    :data:`ELIDED_LEAST` while figures can fold, then to :data:`ELIDED_FLOOR` when nothing
    else can give way (long names). None when there is no such column."""
    mine = [w for key, w in widths if key == ELIDED]
    if not mine:
        return None
    others = sum(w for key, w in widths if key != ELIDED)
    least = ELIDED_LEAST if any(k.startswith(FIGURE_PREFIX) for k, _w in widths) else ELIDED_FLOOR
    return max(least, min(mine[0], room - others))


def pair(label: str, value: str) -> str:
    """One folded figure as the GM reads it: ``Fatigue tolerance 3``."""
    return f"{label} {value or EMPTY}"


def pack(pairs: Sequence[str], room: float, advance: Callable[[str], float]) -> list[str]:
    """Lines of whole pairs, each as wide as ``room`` allows (a too-long pair has its own)."""
    lines: list[str] = []
    for text in pairs:
        candidate = f"{lines[-1]}{SEPARATOR}{text}" if lines else text
        if lines and advance(candidate) <= room:
            lines[-1] = candidate
        else:
            lines.append(text)
    return lines


def pairs_of(text: str) -> list[str]:
    """The pairs of a detail line as packed (the inverse of :func:`pack`)."""
    return [part for line in text.split("\n") for part in line.split(SEPARATOR) if part]

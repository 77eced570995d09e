"""Which figure columns give way when the row is wider than the panel.

The row shows the figures that matter at the procedure's step, most important first
(:mod:`.row_columns`). On a narrow panel a long declaration is elided first; then
the last figure columns fold, and the selected combatant's details under the table
show them instead, so the table never scrolls sideways. Qt-free: widths come in as
numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from tactical.app.panel.row_columns import FIGURE_PREFIX

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

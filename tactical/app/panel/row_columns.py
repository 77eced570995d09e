"""The figure columns of a combatant's one-line row, and the figures left for its details.

A procedure names the figures that matter at its step (:attr:`Procedure.row_figures`);
each becomes a column keyed ``figure:`` and its figures joined by ``/``: Thrum's
``figure:fatigue_load/fatigue_tolerance`` reads ``1/4``, a load out of its tolerance.
Every other tracked figure, and a column the panel's width has no room for, shows
for the selected combatant under the table (:func:`rest`). Qt-free.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from tactical.rules import RowFigure

FIGURE_PREFIX = "figure:"
"""The column key of figures: ``figure:`` and their names joined by :data:`JOIN`."""
JOIN = "/"
EMPTY = "\N{EM DASH}"
"""A figure the combatant does not have yet."""


def column_key(figure: RowFigure) -> str:
    return FIGURE_PREFIX + JOIN.join(figure.figures)


def figures_of(key: str) -> tuple[str, ...]:
    """The figure names of a column key (empty for a column that is no figure's)."""
    if not key.startswith(FIGURE_PREFIX):
        return ()
    return tuple(key.removeprefix(FIGURE_PREFIX).split(JOIN))


def joined(values: Sequence[str]) -> str:
    """Values read together: ``1/4``; missing ones at the end are left out, others are
    :data:`EMPTY` (``5`` for hit points without a most, ``—/8`` the other way round)."""
    kept = list(values)
    while kept and not kept[-1]:
        kept.pop()
    if len(kept) == 1:
        return kept[0]
    return JOIN.join(value or EMPTY for value in kept)


def split_edit(names: Sequence[str], text: str) -> list[tuple[str, str]]:
    """What the GM typed into a column of ``names``, as (figure, text) pairs in order.

    ``2/4`` sets both figures of a load and its tolerance; ``2`` sets the first only;
    :data:`EMPTY` (as the cell showed a missing one) is no figure. ValueError when
    there are more parts than figures.
    """
    if len(names) == 1:
        return [(names[0], text)]
    parts = [part.strip() for part in text.split(JOIN)]
    if len(parts) > len(names):
        example = JOIN.join(str(n + 1) for n in range(len(names)))
        raise ValueError(f"type at most {len(names)} values, like {example}")
    return [(name, "" if part == EMPTY else part) for name, part in zip(names, parts, strict=False)]


def rest(labels: dict[str, str], shown: Iterable[str]) -> list[tuple[str, str]]:
    """The tracked figures (key, label) that no column of ``shown`` (column keys) reads."""
    in_row = {name for key in shown for name in figures_of(key)}
    return [(key, label) for key, label in labels.items() if key not in in_row]


def hover_lines(labels: dict[str, str], value: Callable[[str], str]) -> list[str]:
    """Every tracked figure as the GM reads it on hover: ``Fatigue tolerance 4``."""
    return [f"{label} {value(key) or EMPTY}" for key, label in labels.items()]

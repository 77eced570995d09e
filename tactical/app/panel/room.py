"""How the panel's height is shared: the combatants first, then what room is left.

The GM reads the whole order every turn, so the table (and the selected
combatant's details) has its rows before anything else; the steps, the roll
box and the dice log open only where room is left (unless the GM chose), and
the spare height goes to the dice log, else to the table. Qt-free: heights come
in as numbers.
"""

from __future__ import annotations

from collections.abc import Sequence


def sections_with_room(
    room: int, wanted: Sequence[tuple[str, int]], bar: int, folded_anyway: bool
) -> set[str]:
    """The sections of ``wanted`` (key, height it needs open) that open in ``room`` pixels,
    in order, each while the room lasts.

    A folded section's button takes a line of ``bar`` pixels, shared by all of them:
    counted when any stays folded (``folded_anyway``: one the GM folded).
    """

    def fill(left: int) -> set[str]:
        opened = set()
        for key, need in wanted:
            if need <= left:
                opened.add(key)
                left -= need
        return opened

    if not folded_anyway:
        every = fill(room)
        if len(every) == len(wanted):
            return every
    return fill(room - bar)


def pane_sizes(total: int, least: Sequence[int], wanted: Sequence[int], rest_to: int) -> list[int]:
    """Heights of panes that share ``total``: each its ``least``, then in order up to what it
    ``wanted``, and what is left to the pane at index ``rest_to``."""
    sizes = list(least)
    left = total - sum(sizes)
    for index, want in enumerate(wanted):
        more = max(0, min(left, want - sizes[index]))
        sizes[index] += more
        left -= more
    if sizes and left > 0:
        sizes[rest_to] += left
    return sizes


def lines_of(widths: Sequence[int], room: int, gap: int) -> int:
    """The lines that items of ``widths`` take, wrapped at ``room`` pixels, ``gap`` apart
    (as :class:`~tactical.app.panel.flow.FlowLayout` lays them)."""
    lines, x = 0, 0
    for width in widths:
        width = min(width, room)
        if lines == 0 or x + width > room:
            lines, x = lines + 1, 0
        x += width + gap
    return lines


def buttons_shown(
    buttons: Sequence[int], more: int, field: int, room: int, gap: int, most: int
) -> int:
    """How many of the buttons (their widths, in order), and then a field, fit in ``most``
    lines; when not all do, a "More" button of width ``more`` holds the rest."""
    if lines_of([*buttons, field], room, gap) <= most:
        return len(buttons)
    for count in range(len(buttons) - 1, -1, -1):
        if lines_of([*buttons[:count], more, field], room, gap) <= most:
            return count
    return 0

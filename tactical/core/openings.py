"""Walls that end where a doorway begins stop short of it, so the doorway lets steps through.

Dungeondraft and other tools cut a wall where a door or window sits: the wall
ends exactly at the door's end, and doors are often centred on a grid point,
so both of their ends lie on lines of square centres (a door from (5, 1.5) to
(5, 2.5)). Movement and sight count touching a wall as meeting it (a step
through the end of a wall is stopped), so the orthogonal steps through such a
door's ends touch the wall pieces beside it, and an open door or a window
would let nothing through but a diagonal. Here the end of a blocking line
that meets only an opening (a line that does not block, for the question
asked) is pulled back by a hair; where the end also meets another blocking
line (a corner or a joint of the wall) it stays, so no gap opens in a wall.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from itertools import chain

from tactical.core.wall_lines import Point, WallLine

TRIM = 1e-6
"""About how far (in squares) a wall end that meets only an opening is pulled back:
between half this and this."""

_SLACK = 1e-5
"""More than two ends of one key (equal once rounded to six decimals) lie apart."""


def _key(point: Point) -> tuple[float, float]:
    return (_rounded(point[0]), _rounded(point[1]))


def _rounded(value: float) -> float:
    """``round(value, 6)``, skipped for multiples of 1/64 (grid points, halves, quarters),
    which it leaves as they are."""
    return value if (value * 64.0).is_integer() else round(value, 6)


def _pulled(end: Point, towards: Point) -> Point:
    """``end`` moved towards ``towards`` by a power-of-two fraction of the line.

    A power of two keeps the new end exactly on the line for the coordinates
    maps use (halves and quarters): a square centre the wall runs through is
    still touched exactly, from every side, as before the trim (a fraction
    like ``TRIM / length`` would round it a hair to one side, and the square
    would open from that side only).
    """
    dx, dy = towards[0] - end[0], towards[1] - end[1]
    length = (dx * dx + dy * dy) ** 0.5
    if length <= 2 * TRIM:
        return end
    fraction = 2.0 ** math.floor(math.log2(TRIM / length))
    return (end[0] + dx * fraction, end[1] + dy * fraction)


def trimmed_at_openings(
    lines: Iterable[WallLine], blocks: Callable[[WallLine], bool]
) -> list[WallLine]:
    """The lines for which ``blocks`` holds, each end meeting only openings pulled back.

    An opening is a door or window line for which ``blocks`` does not hold
    (an open door for movement; an open door or a window for sight).
    """
    every = list(lines)
    blocking = [line for line in every if blocks(line)]
    openings = {
        _key(end)
        for line in every
        if line.kind in ("door", "window") and not blocks(line)
        for end in (line.a, line.b)
    }
    if not openings:
        return blocking
    # Each distinct end rounded once (walls share their ends with their neighbours).
    key = {end: _key(end) for end in {end for line in blocking for end in (line.a, line.b)}}
    keys = [(key[line.a], key[line.b]) for line in blocking]
    ends = Counter(chain.from_iterable(keys))
    out = []
    for line, (key_a, key_b) in zip(blocking, keys, strict=True):
        a, b = line.a, line.b
        if key_a in openings and ends[key_a] == 1:
            a = _pulled(line.a, line.b)
        if key_b in openings and ends[key_b] == 1:
            b = _pulled(line.b, line.a)
        out.append(line if (a, b) == (line.a, line.b) else WallLine(a, b, line.kind, line.open))
    return out


def lines_an_edit_retrims(lines: Iterable[WallLine], edited: Iterable[WallLine]) -> list[WallLine]:
    """The ``lines`` whose trim adding, removing, opening or shutting ``edited`` can change.

    Those with an end where an end of an edited line lies (rounded as the trim rounds
    them) and a door or window ends too: only there can an end be pulled back. A line
    whose end is pulled back or let go may meet the lines of centres a rounding bit
    elsewhere anywhere along it, so its whole length counts as touched by the edit.
    """
    changed = list(edited)
    keys = {_key(end) for line in changed for end in (line.a, line.b)}
    meeting = _meeting(lines, keys, set())
    doorways = {
        key
        for line in chain(meeting, changed)
        if line.kind in ("door", "window")
        for end in (line.a, line.b)
        if (key := _key(end)) in keys
    }
    if not doorways:
        return []
    return [line for line in meeting if _key(line.a) in doorways or _key(line.b) in doorways]


def trimmed_among(
    lines: Sequence[WallLine], chosen: Iterable[int], blocks: Callable[[WallLine], bool]
) -> list[WallLine]:
    """``trimmed_at_openings(lines, blocks)`` for the lines at the ``chosen`` indices only
    (those that block, in order), reading only the lines that meet their ends.

    A window of the map rasterises the lines near it, but such a line may end at a
    doorway far from the window, and the trim there moves where the line meets the
    lines of centres by a rounding bit all along it; trimming the near lines among
    themselves would miss it, trimming every line costs milliseconds on a big map.
    """
    picked = [lines[i] for i in chosen if blocks(lines[i])]
    keys = {_key(end) for line in picked for end in (line.a, line.b)}
    meeting = _meeting(lines, keys, {id(line) for line in picked})
    return trimmed_at_openings(chain(picked, meeting), blocks)[: len(picked)]


def _meeting(
    lines: Iterable[WallLine], keys: set[tuple[float, float]], own: set[int]
) -> list[WallLine]:
    """The lines (but those whose ``id`` is in ``own``) with an end whose key is in ``keys``.

    Ends of one key lie within a millionth of each other, so only the ends in the box
    round the keys are rounded (a key with a ``nan`` is equal to no other).
    """
    comparable = [key for key in keys if key[0] == key[0] and key[1] == key[1]]
    if not comparable:
        return []
    left = min(x for x, _ in comparable) - _SLACK
    right = max(x for x, _ in comparable) + _SLACK
    top = min(y for _, y in comparable) - _SLACK
    bottom = max(y for _, y in comparable) + _SLACK
    out = []
    for line in lines:
        (ax, ay), (bx, by) = line.a, line.b
        if (
            (
                (left <= ax <= right and top <= ay <= bottom)
                or (left <= bx <= right and top <= by <= bottom)
            )
            and id(line) not in own
            and (_key(line.a) in keys or _key(line.b) in keys)
        ):
            out.append(line)
    return out

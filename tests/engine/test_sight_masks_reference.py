"""The wall masks of sight, built whole or for a window, are bit for bit the masks of
before their rebuild was vectorised (``sight_masks_reference.py``, a frozen copy).

Hypothesis draws small maps with edge walls (some of them doors, open or shut) and
wall lines of every kind (walls, doors open and shut, windows, objects) whose ends
lie on grid points, halves (square centres: lines along a line of centres), quarters
or anywhere, off the map too; lines are slanted or straight, drawn alone or as
polylines (joints), and often end where another begins or where a doorway sits (the
trim at openings). It compares the whole masks, the step masks of any window, and
the masks kept through edits (``update_masks``) with the reference's.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks import sight as sight_bench
from benchmarks.maps import generated
from tactical.core.grid import GridMap, Wall
from tactical.core.openings import lines_an_edit_retrims, trimmed_among, trimmed_at_openings
from tactical.core.sight_masks import sight_masks, step_masks, update_masks
from tactical.core.wall_lines import WallLine
from tests.engine import sight_masks_reference as reference

KINDS = ("wall", "wall", "door", "window", "object")
EXAMPLES = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def coordinates(draw: st.DrawFn, limit: int) -> float:
    """Grid points, halves (square centres) and quarters mostly; sometimes anywhere,
    off the map included."""
    how = draw(st.sampled_from(("point", "half", "quarter", "fine", "float32", "float64")))
    if how == "fine":  # seven decimals: ties and near-ties of the six-decimal rounding
        return draw(st.integers(-(10**7), limit * 10**7)) / 10**7
    if how == "point":
        return float(draw(st.integers(-2, limit + 2)))
    if how == "half":
        return draw(st.integers(-4, 2 * limit + 4)) / 2
    if how == "quarter":
        return draw(st.integers(-4, 4 * limit + 4)) / 4
    width = 32 if how == "float32" else 64
    value = draw(st.floats(-3, limit + 3, allow_nan=False, width=width))
    return value  # subnormal values too: a line a hair long is a point, not an overflow


@st.composite
def points(draw: st.DrawFn, width: int, height: int) -> tuple[float, float]:
    return (draw(coordinates(width)), draw(coordinates(height)))


@st.composite
def wall_lines(draw: st.DrawFn, width: int, height: int) -> list[WallLine]:
    """One line, or a polyline of a few (each piece starts where the last ended)."""
    kind = draw(st.sampled_from(KINDS))
    opened = kind == "door" and draw(st.booleans())
    here = draw(points(width, height))
    out = []
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(("row", "column", "slant", "diagonal")))
        if how == "row":
            there = (draw(coordinates(width)), here[1])
        elif how == "column":
            there = (here[0], draw(coordinates(height)))
        elif how == "diagonal":  # 45 degrees: along the diagonal steps' own lines
            d = draw(st.integers(-6, 6)) / 2
            there = (here[0] + d, here[1] + d * draw(st.sampled_from((1, -1))))
        else:
            there = draw(points(width, height))
        if there == here:
            there = (here[0] + 1, here[1])
        out.append(WallLine(here, there, kind, open=opened))
        here = there
    return out


@st.composite
def maps(draw: st.DrawFn) -> GridMap:
    width, height = draw(st.integers(1, 14)), draw(st.integers(1, 14))
    lines: list[WallLine] = []
    for _ in range(draw(st.integers(0, 6))):
        lines += draw(wall_lines(width, height))
    # Doorways set into the lines drawn: an opening starting where a line ends.
    for _ in range(draw(st.integers(0, 2))):
        if not lines:
            break
        host = draw(st.sampled_from(lines))
        end = host.a if draw(st.booleans()) else host.b
        if draw(st.booleans()):  # a hair away: the same end once rounded, or not
            hair = draw(st.sampled_from((1e-7, 4e-7, 5e-7, 6e-7, 1e-6, 1e-9)))
            end = (end[0] + hair, end[1] - draw(st.sampled_from((0.0, hair))))
        kind = draw(st.sampled_from(("door", "window")))
        there = draw(points(width, height))
        if there != end:
            lines.append(WallLine(end, there, kind, open=kind == "door" and draw(st.booleans())))
    grid = GridMap(width, height, wall_lines=draw(st.permutations(lines)))
    for _ in range(draw(st.integers(0, 16))):
        col, row = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
        other = (col + 1, row) if draw(st.booleans()) else (col, row + 1)
        if grid.in_bounds(other):
            door = draw(st.booleans()) and draw(st.booleans())
            grid.set_wall((col, row), other, Wall(door=door, open=door and draw(st.booleans())))
    if draw(st.booleans()):
        cells = width * height
        levels = draw(st.lists(st.integers(-3, 8), min_size=cells, max_size=cells))
        grid.elevation[:] = np.array(levels, dtype=np.int16).reshape(height, width)
    return grid


def same(ours: object, theirs: object) -> None:
    assert ours.width == theirs.width and ours.height == theirs.height  # type: ignore[attr-defined]
    assert ours.relief == theirs.relief  # type: ignore[attr-defined]
    assert ours.enter.dtype == np.bool_  # type: ignore[attr-defined]
    assert np.array_equal(ours.enter, theirs.enter)  # type: ignore[attr-defined]
    assert np.array_equal(ours.open, theirs.open)  # type: ignore[attr-defined]
    assert np.array_equal(ours.elevation, theirs.elevation)  # type: ignore[attr-defined]


@EXAMPLES
@given(maps())
def test_the_whole_masks_are_the_reference_masks(grid: GridMap) -> None:
    same(sight_masks(grid), reference.sight_masks(grid))


@EXAMPLES
@given(maps())
def test_the_trim_at_openings_is_the_reference_trim(grid: GridMap) -> None:
    """For sight and for movement: the same lines, their ends pulled back to the same
    doubles (``repr`` tells -0.0 from 0.0)."""
    for blocks in (_sees, _walks):
        ours = trimmed_at_openings(grid.wall_lines, blocks)
        theirs = reference.trimmed_at_openings(grid.wall_lines, blocks)
        assert repr(ours) == repr(theirs)


@EXAMPLES
@given(maps(), st.data())
def test_some_lines_trimmed_among_all_are_trimmed_as_with_all(
    grid: GridMap, data: st.DataObject
) -> None:
    """``trimmed_among`` reads only the lines meeting the chosen ones' ends, and gives
    what trimming every line gives them (for sight and for movement)."""
    lines = grid.wall_lines
    chosen = sorted(data.draw(st.sets(st.integers(0, max(len(lines) - 1, 0)))) if lines else [])
    for blocks in (_sees, _walks):
        whole = iter(reference.trimmed_at_openings(lines, blocks))
        each = [next(whole) if blocks(line) else None for line in lines]
        want = [each[i] for i in chosen if each[i] is not None]
        assert repr(trimmed_among(lines, chosen, blocks)) == repr(want)


@EXAMPLES
@given(maps(), st.data())
def test_lines_given_apart_from_the_grid_are_rasterised_the_same(
    grid: GridMap, data: st.DataObject
) -> None:
    lines = data.draw(st.lists(wall_lines(grid.width, grid.height), max_size=4))
    given_lines = [line for piece in lines for line in piece]
    same(sight_masks(grid, given_lines), reference.sight_masks(grid, given_lines))


@EXAMPLES
@given(maps(), st.data())
def test_the_step_masks_of_any_window_are_the_reference_step_masks(
    grid: GridMap, data: st.DataObject
) -> None:
    """Those of the whole map, cut to the window: all of it for the straight steps, all
    but the last row and the last (south-east) or first (south-west) column for the
    diagonals, whose corner rule reads the edge walls beyond. The reference's own
    windows trim the near lines among themselves, which misses a doorway far from the
    window at a near line's end."""
    r0 = data.draw(st.integers(0, grid.height - 1))
    r1 = data.draw(st.integers(r0 + 1, grid.height))
    c0 = data.draw(st.integers(0, grid.width - 1))
    c1 = data.draw(st.integers(c0 + 1, grid.width))
    ours = step_masks(grid, (r0, r1, c0, c1))
    whole = reference.step_masks(grid, (0, grid.height, 0, grid.width))
    for mine in ours:
        assert mine.shape == (r1 - r0, c1 - c0)
    east, south, se, sw = ours
    assert np.array_equal(east, whole[0][r0:r1, c0:c1])
    assert np.array_equal(south, whole[1][r0:r1, c0:c1])
    assert np.array_equal(se[:-1, :-1], whole[2][r0 : r1 - 1, c0 : c1 - 1])
    assert np.array_equal(sw[:-1, 1:], whole[3][r0 : r1 - 1, c0 + 1 : c1])


@st.composite
def edits(draw: st.DrawFn, grid: GridMap) -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    for _ in range(draw(st.integers(1, 5))):
        what = draw(st.sampled_from(("level", "wall", "line", "move", "door", "drop")))
        square = (draw(st.integers(0, grid.width - 1)), draw(st.integers(0, grid.height - 1)))
        if what == "level":
            out.append((what, (square, draw(st.integers(-3, 8)))))
        elif what == "wall":
            door = draw(st.booleans())
            out.append((what, (square, draw(st.booleans()), draw(st.booleans()), door)))
        elif what == "line":
            out.append((what, draw(wall_lines(grid.width, grid.height))))
        elif what == "move":
            out.append((what, (draw(st.integers(0, 99)), draw(points(grid.width, grid.height)))))
        else:
            out.append((what, draw(st.integers(0, 99))))
    return out


def apply(grid: GridMap, edit: tuple[str, object]) -> None:
    what, value = edit
    if what == "level":
        square, level = value  # type: ignore[misc]
        grid.set_square(square, elevation=level)
    elif what == "wall":
        (col, row), across, put, door = value  # type: ignore[misc]
        other = (col + 1, row) if across else (col, row + 1)
        if grid.in_bounds(other):
            grid.set_wall((col, row), other, Wall(door=door) if put else None)
    elif what == "line":
        for line in value:  # type: ignore[attr-defined]
            grid.set_wall_line(len(grid.wall_lines), line)
    elif grid.wall_lines:
        index = value[0] if what == "move" else value  # type: ignore[index]
        index %= len(grid.wall_lines)
        line = grid.wall_lines[index]
        if what == "move":
            b = value[1]  # type: ignore[index]
            moved = WallLine(line.a, b, line.kind, line.open) if b != line.a else None
            grid.set_wall_line(index, moved)
        elif what == "door" and line.kind == "door":
            grid.set_wall_line(index, WallLine(line.a, line.b, "door", not line.open))
        else:
            grid.set_wall_line(index, None)


@EXAMPLES
@given(st.data())
def test_masks_kept_through_edits_are_the_reference_masks(data: st.DataObject) -> None:
    """``update_masks`` over the box the grid reports, after each edit, against the
    reference's whole masks (not its own update, which trims the lines near the box
    among themselves: :func:`test_a_window_trims_a_near_line_at_a_doorway_far_from_it`)."""
    grid = data.draw(maps())
    ours = sight_masks(grid)
    touched: set[tuple[int, int]] = set()
    grid.add_listener(touched.update)
    for edit in data.draw(edits(grid)):
        touched.clear()
        apply(grid, edit)
        box = reference.touched_box(touched, grid)
        if box is None:
            continue
        ours = update_masks(ours, grid, box)
        same(ours, reference.sight_masks(grid))


def test_the_benchmark_maps_give_the_reference_masks() -> None:
    """Larger maps than hypothesis draws: the dungeon of 1,024 wall lines with doors
    open and shut and windows in its doorways, and the generated rough map."""
    lines = sight_bench.dungeon_lines(256, 32, 1024)
    doorways = [
        WallLine(a.b, b.a, kind, open=kind == "door" and n % 3 == 0)
        for n, (a, b, kind) in enumerate(
            zip(lines[::2], lines[1::2], ("door", "window", "door") * 1000, strict=False)
        )
    ]
    grid = GridMap(256, 256, wall_lines=lines + doorways)
    same(sight_masks(grid), reference.sight_masks(grid))
    rough = generated(128, tokens=0).grid
    assert rough is not None and rough.walls
    same(sight_masks(rough), reference.sight_masks(rough))


def test_ends_equal_to_six_decimals_meet_even_off_the_sixty_fourths() -> None:
    """1/128 is 0.0078125: rounded to six decimals (half to even) it is the 0.007812 a
    door's end at 0.0078121 rounds to, so the wall stops short of the door."""
    wall = WallLine((0.0078125, 1.0), (0.0078125, 3.0))
    door = WallLine((0.0078121, 1.0), (0.0078121, 0.0), "door", open=True)
    ours = trimmed_at_openings([wall, door], _sees)
    assert repr(ours) == repr(reference.trimmed_at_openings([wall, door], _sees))
    assert ours[0].a != wall.a and ours[0].b == wall.b


def _sees(line: WallLine) -> bool:
    return line.blocks_sight


def _walks(line: WallLine) -> bool:
    return line.blocks_movement


def test_opening_a_door_updates_the_steps_of_the_lines_its_ends_trim() -> None:
    """Found by hypothesis: opening line 5 trims the end at y = 9 of line 3, the door
    along it (x = 5.5, in the padding), which shifts by a bit where line 3 meets the
    diagonal from square (4, 0) to (5, 1), six squares from the door: the masks kept
    through the edit must change there too, as the whole masks do."""
    lines = [
        WallLine((0.0, 0.0), (1.0, 0.0), "wall"),
        WallLine((1.0, 0.0), (0.0, 0.0), "wall"),
        WallLine((0.0, 0.0), (5.5, 3.0), "door"),
        WallLine((5.5, 9.0), (5.5, 1e-07), "door"),
        WallLine((1.0, 0.0), (0.0, 0.0), "door"),
        WallLine((5.5, 3.0), (5.5, 9.0), "door"),
        WallLine((1.0, 0.0), (0.0, 0.0), "door"),
    ]
    grid = GridMap(5, 7, wall_lines=lines)
    ours = sight_masks(grid)
    touched: set[tuple[int, int]] = set()
    grid.add_listener(touched.update)
    grid.set_wall_line(5, WallLine((5.5, 3.0), (5.5, 9.0), "door", open=True))
    box = reference.touched_box(touched, grid)
    assert box is not None
    same(update_masks(ours, grid, box), reference.sight_masks(grid))


def test_a_window_trims_a_near_line_at_a_doorway_far_from_it() -> None:
    """A wall along x = 5.5 from y = 8.5 (an open door's end: the wall stops a hair short)
    to y = -0.41; a wall built at the top row rewrites a window that reaches y = 6 only.
    Trimmed there among the near lines, the wall kept its end at y = 8.5, and the
    diagonal step from square (6, 0) to (5, 1), which ends on the wall at (5.5, 1.5),
    came out open (a rounding bit past the centre), where the whole masks block it."""
    wall = WallLine((5.5, 8.5), (5.5, -0.41279680120046125))
    door = WallLine((5.5, 8.5), (6.5, 8.5), "door", open=True)
    grid = GridMap(9, 16, wall_lines=[wall, door])
    ours = sight_masks(grid)
    touched: set[tuple[int, int]] = set()
    grid.add_listener(touched.update)
    grid.set_wall((7, 0), (8, 0), Wall())
    box = reference.touched_box(touched, grid)
    assert box == (0, 1, 7, 9)
    window = (0, 4, 4, 9)
    south_west = 3  # the step masks' south-west steps
    assert step_masks(grid, window)[south_west][0, 2]
    assert reference.step_masks(grid, (0, 16, 0, 9))[south_west][0, 6]
    same(update_masks(ours, grid, box), reference.sight_masks(grid))


def _trims(lines: list[WallLine], blocks: Callable[[WallLine], bool]) -> list[WallLine | None]:
    """Each line's trim (None for a line that does not block), by index."""
    trimmed = iter(reference.trimmed_at_openings(lines, blocks))
    return [next(trimmed) if blocks(line) else None for line in lines]


@EXAMPLES
@given(maps(), st.data())
def test_an_edit_of_a_line_reports_every_line_whose_trim_it_changes(
    grid: GridMap, data: st.DataObject
) -> None:
    """Opening, shutting, moving, dropping or adding a line: every other line whose trim
    (for sight or movement) changes is one ``lines_an_edit_retrims`` names."""
    lines = list(grid.wall_lines)
    index = data.draw(st.integers(0, len(lines)))
    old = lines[index] if index < len(lines) else None
    new = data.draw(st.one_of(st.none(), wall_lines(grid.width, grid.height).map(lambda p: p[0])))
    if old is not None and old.kind == "door" and data.draw(st.booleans()):
        new = WallLine(old.a, old.b, "door", not old.open)
    after = lines[:index] + ([] if new is None else [new]) + lines[index + 1 :]
    named = lines_an_edit_retrims(after, [w for w in (old, new) if w is not None])
    kept = [i for i in range(len(lines)) if i != index]  # the other lines: before, after
    moved = [i - 1 if new is None and i > index else i for i in kept]
    for blocks in (_sees, _walks):
        before, now = _trims(lines, blocks), _trims(after, blocks)
        for i, j in zip(kept, moved, strict=True):
            if repr(before[i]) != repr(now[j]):
                assert any(line is after[j] for line in named), (before[i], now[j])

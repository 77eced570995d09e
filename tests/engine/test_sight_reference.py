"""The sight of issue 22 (kept masks and viewers, windowed mask rebuilds, dense rings) sees
exactly what the first implementation saw (``sight_reference.py``, a copy of it).

Hypothesis draws small maps with heights, edge walls (some of them doors, open or
shut), wall lines (walls, doors, windows, objects; on grid points, halves and
anywhere) and viewers with and without ranges, then edits them (elevation, walls,
wall lines moved, doors opened) and asks again, comparing every answer with the
reference computed from scratch.

Every test here runs twice (:func:`sight_path`): with the numba kernel compiled and
ready (what the product uses once warm) and with it forced off (the numpy path, what
answers before the kernel is ready and wherever numba cannot run).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactical.core import sight as sight_module
from tactical.core import sight_kernel
from tactical.core.grid import GridMap, Wall
from tactical.core.sight import Viewer, cached_sight_masks, sight_masks, visible_squares
from tactical.core.sight_one import look_one
from tactical.core.sight_rings import _ring_offsets, on_map
from tactical.core.wall_lines import WallLine
from tests import numba_switch
from tests.engine import sight_reference as reference

KINDS = ("wall", "wall", "door", "window", "object")


@pytest.fixture(scope="session")
def compiled_kernel() -> sight_kernel.Kernel | None:
    """The kernel, compiled (or loaded from numba's cache) once, synchronously (None
    where numba is unavailable: the kernel's runs are skipped)."""
    if not numba_switch.available():
        return None
    assert sight_kernel.warm(), sight_kernel.failed()
    assert sight_kernel._kernel is not None
    return sight_kernel._kernel


@pytest.fixture(
    scope="module",
    params=[pytest.param("kernel", marks=numba_switch.needs_numba), "numpy"],
    autouse=True,
)
def sight_path(
    request: pytest.FixtureRequest, compiled_kernel: sight_kernel.Kernel | None
) -> Iterator[str]:
    """The sight path every test of this module runs on: the kernel ready, or not."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(
            sight_kernel, "_kernel", compiled_kernel if request.param == "kernel" else None
        )
        assert sight_kernel.ready() == (request.param == "kernel")
        yield str(request.param)


@st.composite
def coordinates(draw: st.DrawFn, limit: int) -> float:
    """Grid points and halves mostly (where drawn walls sit), sometimes anywhere."""
    if draw(st.booleans()):
        return draw(st.integers(0, 2 * limit)) / 2
    return draw(st.floats(0, limit, allow_nan=False, width=32))


@st.composite
def wall_lines(draw: st.DrawFn, width: int, height: int) -> WallLine:
    a = (draw(coordinates(width)), draw(coordinates(height)))
    if draw(st.booleans()):  # along a row or a column, as wall lines usually run
        b = (
            (a[0], draw(coordinates(height)))
            if draw(st.booleans())
            else (draw(coordinates(width)), a[1])
        )
    else:
        b = (draw(coordinates(width)), draw(coordinates(height)))
    if a == b:
        b = (min(a[0] + 1, width), a[1])
    kind = draw(st.sampled_from(KINDS))
    return WallLine(a, b, kind, open=kind == "door" and draw(st.booleans()))


@st.composite
def maps(draw: st.DrawFn) -> tuple[GridMap, list[Viewer]]:
    width, height = draw(st.integers(2, 14)), draw(st.integers(2, 14))
    levels = st.integers(-2, 5) if draw(st.booleans()) else st.integers(0, 1)
    elevation = np.array(
        draw(st.lists(levels, min_size=width * height, max_size=width * height)), dtype=np.int16
    ).reshape(height, width)
    lines = draw(st.lists(wall_lines(width, height), max_size=6))
    grid = GridMap(width, height, elevation=elevation, wall_lines=lines)
    for _ in range(draw(st.integers(0, 12))):
        col, row = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
        other = (col + 1, row) if draw(st.booleans()) else (col, row + 1)
        if grid.in_bounds(other):
            door = draw(st.booleans()) and draw(st.booleans())
            grid.set_wall((col, row), other, Wall(door=door, open=door and draw(st.booleans())))
    squares = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    ranges = st.none() | st.integers(0, 6)
    viewers = draw(st.lists(st.builds(Viewer, squares, ranges), min_size=1, max_size=4))
    return grid, viewers + draw(large_token(width, height))


@st.composite
def large_token(draw: st.DrawFn, width: int, height: int) -> list[Viewer]:
    """Sometimes a large token (2 x 2 or 3 x 3, partly off the map at an edge): a viewer
    on each of its squares on the map, with one range."""
    if not draw(st.booleans()):
        return []
    size = draw(st.integers(2, 3))
    col, row = draw(st.integers(-1, width - 1)), draw(st.integers(-1, height - 1))
    reach = draw(st.none() | st.integers(1, 6))
    squares = [(col + x, row + y) for x in range(size) for y in range(size)]
    on = [s for s in squares if 0 <= s[0] < width and 0 <= s[1] < height]
    return [Viewer(s, reach) for s in on]


def expected(grid: GridMap, viewers: list[Viewer]) -> np.ndarray:
    return reference.visible_squares(grid, viewers, reference.sight_masks(grid))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(maps())
def test_the_same_squares_as_the_first_implementation(drawn: tuple[GridMap, list[Viewer]]) -> None:
    grid, viewers = drawn
    want = expected(grid, viewers)
    assert (visible_squares(grid, viewers, sight_masks(grid)) == want).all()
    assert (visible_squares(grid, viewers) == want).all()  # kept masks and viewers
    for viewer in viewers:  # one at a time, then together from what was kept
        assert (visible_squares(grid, [viewer]) == expected(grid, [viewer])).all()
    assert (visible_squares(grid, viewers) == want).all()


@st.composite
def edits(draw: st.DrawFn, grid: GridMap) -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    for _ in range(draw(st.integers(1, 4))):
        what = draw(st.sampled_from(("level", "wall", "line", "door")))
        square = (draw(st.integers(0, grid.width - 1)), draw(st.integers(0, grid.height - 1)))
        if what == "level":
            out.append((what, (square, draw(st.integers(-2, 6)))))
        elif what == "wall":
            out.append((what, (square, draw(st.booleans()), draw(st.booleans()))))
        elif what == "line":
            out.append((what, draw(wall_lines(grid.width, grid.height))))
        else:
            out.append((what, draw(st.integers(0, 10))))
    return out


def apply(grid: GridMap, edit: tuple[str, object]) -> None:
    what, value = edit
    if what == "level":
        square, level = value  # type: ignore[misc]
        grid.set_square(square, elevation=level)
    elif what == "wall":
        (col, row), across, put = value  # type: ignore[misc]
        other = (col + 1, row) if across else (col, row + 1)
        if grid.in_bounds(other):
            grid.set_wall((col, row), other, Wall() if put else None)
    elif what == "line":
        grid.set_wall_line(len(grid.wall_lines), value)  # type: ignore[arg-type]
    elif grid.wall_lines:
        index = int(value) % len(grid.wall_lines)  # type: ignore[call-overload]
        line = grid.wall_lines[index]
        if line.kind == "door":
            grid.set_wall_line(index, replace(line, open=not line.open))
        else:
            grid.set_wall_line(index, replace(line, a=(line.a[0] + 0.5, line.a[1])))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_after_edits_the_kept_sight_is_the_sight_of_the_map_as_it_is(data: st.DataObject) -> None:
    grid, viewers = data.draw(maps())
    visible_squares(grid, viewers)  # keep masks and sight, then edit
    for edit in data.draw(edits(grid)):
        apply(grid, edit)
        assert (cached_sight_masks(grid).enter == reference.sight_masks(grid).enter).all()
        for viewer in viewers:
            assert (visible_squares(grid, [viewer]) == expected(grid, [viewer])).all()
        assert (visible_squares(grid, viewers) == expected(grid, viewers)).all()


def test_a_big_map_edit_keeps_the_viewers_it_cannot_reach() -> None:
    """A wall built far from a walled-in viewer leaves its kept sight alone; one built in
    its room is seen at once."""
    grid = GridMap(60, 20)
    for row in range(20):  # a wall down column 10: the viewer at (3, 5) sees only its side
        grid.set_wall((9, row), (10, row), Wall())
    viewer = Viewer((3, 5))
    before = visible_squares(grid, [viewer])
    assert before[:, :10].all() and not before[:, 10:].any()
    grid.set_wall((40, 5), (41, 5), Wall())
    assert (visible_squares(grid, [viewer]) == before).all()
    grid.set_wall((5, 5), (6, 5), Wall())
    after = visible_squares(grid, [viewer])
    assert (after == expected(grid, [viewer])).all()
    assert not after[5, 7]


def test_a_corner_closed_by_a_second_wall_closes_the_diagonal_behind_it() -> None:
    """The corner rule reads one square beyond the edited edge: the diagonal from (2, 2)
    to (3, 3) closes when the second of the two walls round the corner is built."""
    grid = GridMap(6, 6)
    viewer = [Viewer((2, 2))]
    assert visible_squares(grid, viewer).all()
    grid.set_wall((2, 2), (3, 2), Wall())
    assert visible_squares(grid, viewer)[3, 3]
    grid.set_wall((2, 2), (2, 3), Wall())
    seen = visible_squares(grid, viewer)
    assert not seen[3, 3]
    assert (seen == expected(grid, viewer)).all()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(maps())
def test_viewers_one_at_a_time_see_what_they_see_together(
    drawn: tuple[GridMap, list[Viewer]],
) -> None:
    """On big maps the kept sight is worked out one viewer at a time (``_ALONE``)."""
    grid, viewers = drawn
    old = sight_module._ALONE
    sight_module._ALONE = 0
    try:
        seen = visible_squares(grid, viewers)
    finally:
        sight_module._ALONE = old
    assert (seen == expected(grid, viewers)).all()


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 12),
    st.integers(1, 12),
    st.data(),
)
def test_a_ring_s_parts_on_the_map_are_its_squares_on_the_padded_map(
    width: int, height: int, data: st.DataObject
) -> None:
    """``on_map`` gives exactly the ring's squares on the padded map, in ring order, as
    at most two spans (one wrapping round the ring's start comes as two pieces)."""
    col = data.draw(st.integers(1, width))  # padded coordinates of a square of the map
    row = data.draw(st.integers(1, height))
    d = data.draw(st.integers(1, 14))
    dx, dy = _ring_offsets(d)
    on = (col + dx >= 0) & (col + dx <= width + 1) & (row + dy >= 0) & (row + dy <= height + 1)
    spans = on_map(d, col, row, width + 2, height + 2)
    got = np.zeros(8 * d, dtype=np.bool_)
    for start, end in spans:
        assert 0 <= start < end <= 8 * d and not got[start:end].any()
        got[start:end] = True
    assert (got == on).all()
    assert len(spans) <= 2


@st.composite
def open_maps(draw: st.DrawFn) -> tuple[GridMap, list[Viewer]]:
    """Bigger maps than ``maps`` (up to 40 x 40), walled rooms with doorways and hills,
    viewers anywhere (near the edges and corners too): long rings whose parts on the map,
    dense parts with and without squares zeroed and sparse parts behind walls."""
    width, height = draw(st.integers(8, 40)), draw(st.integers(8, 40))
    hills = draw(st.booleans())
    levels = np.zeros((height, width), dtype=np.int16)
    grid = GridMap(width, height, elevation=levels)
    for _ in range(draw(st.integers(0, 4))):
        x0, y0 = draw(st.integers(0, width - 3)), draw(st.integers(0, height - 3))
        x1, y1 = draw(st.integers(x0 + 2, width)), draw(st.integers(y0 + 2, height))
        door = draw(st.integers(0, 2 * (x1 - x0) - 1))
        for x in range(x0, x1):  # the room's top and bottom walls, a doorway in one
            for n, y in enumerate((y0, y1)):
                if 0 < y < height and x != x0 + door - n * (x1 - x0):
                    grid.set_wall((x, y - 1), (x, y), Wall())
        for y in range(y0, y1):
            for x in (x0, x1):
                if 0 < x < width:
                    grid.set_wall((x - 1, y), (x, y), Wall())
        if hills:
            grid.set_square((x0, y0), elevation=draw(st.integers(-1, 5)))
    if hills:
        for _ in range(draw(st.integers(1, 30))):
            square = (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
            grid.set_square(square, elevation=draw(st.integers(-2, 6)))
    squares = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    ranges = st.none() | st.integers(0, 30)
    viewers = draw(st.lists(st.builds(Viewer, squares, ranges), min_size=1, max_size=3))
    return grid, viewers


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(open_maps())
def test_bigger_maps_with_rooms_see_what_the_first_implementation_saw(
    drawn: tuple[GridMap, list[Viewer]],
) -> None:
    grid, viewers = drawn
    masks = sight_masks(grid)
    for viewer in viewers:
        seen, reached = look_one(masks, viewer)
        want = expected(grid, [viewer])
        h, w = grid.height, grid.width
        assert (seen.reshape(h + 2, w + 2)[1:-1, 1:-1] == want).all()
        if sight_kernel.ready():  # the kernel's search ends at the same ring (edits use it)
            compiled, far = sight_kernel.look(masks, viewer)
            assert (compiled == seen).all()
            assert far.tolist() == reached.tolist()
    assert (visible_squares(grid, viewers) == expected(grid, viewers)).all()

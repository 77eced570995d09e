"""Sight and paths on the biggest maps (issue 22), every figure beside its reference.

The map is the generated rough battlefield (``maps.generated``: hills -3 .. +8,
10 % difficult ground, rocks, walled buildings) at 1024 x 1024 (256 x 256 with
``--quick``), opened from its file as the app opens it. Each row times what a
GM waits for and names its reference in the same cell:

- *first path question after opening, no budget*: a token dropped outside its
  reach (``drag.py``'s drop path asks ``find_path`` with no budget) on a map
  whose movement index was never built, 20 squares away;
- *path corner to corner*: a token in one corner to the far corner, beside
  python-tcod's A* on identical edge costs (the engine's own step costs);
- *reachable squares over the whole map*: ``reachable`` with no useful budget,
  beside tcod's Dijkstra (``Pathfinder.resolve``) on the same costs;
- *drag step with 5,000 tokens*: the press (``reachable`` 12) and the first
  move (``find_path`` within 12) after another token moved, beside tcod's
  ``dijkstra2d`` over the same 25 x 25 window;
- *party sight*: 6 party tokens on the rough map, the wall masks built inside
  the timer (a fresh copy of the map each run), beside 6 x tcod's symmetric
  shadowcasting (``FOV_SYMMETRIC_SHADOWCAST``) on the same grid, walls as
  opaque squares (tcod has no heights and no walls between squares);
- *sight preview*: the party's sight after one party token moves one square
  (what "Reveal after every move" and the drag's preview ask);
- *one viewer*: on the flat map with the same walls, and on the rough map,
  beside tcod for that one viewer;
- *first reveal after a map edit*: a map of 4,096 wall lines, one line moved,
  then the party's sight (its wall masks brought up to date), beside the
  whole rebuild of the masks;
- *first sight after start-up*: importing numba and compiling the sight kernel
  (empty cache) or loading it from numba's cache, in fresh processes
  (:mod:`benchmarks.sight_start`).

The sight rows time the product's path once the numba kernel is warm (the app warms
it in the background after its first frame) and give the numpy path's figure beside
it: what answers before the kernel is ready, or where numba cannot run. Their ratio to
tcod is given in CPU time and in wall clock: a party's viewers are shared out between both
cores, so the wall clock is what the GM waits for and the CPU time the work. The
one-viewer rows call ours and tcod in turn, so that a load on the machine weighs on both.

python-tcod (``pip install tcod``) is the reference only, never a dependency
of the app; without it the reference cells say so.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks import big, maps, sight, sight_start
from tactical.core import Encounter, GridMap, Token, find_path, reachable
from tactical.core.commands.fog import party_sight
from tactical.core.movement import index_for
from tactical.core.movement.costs import DIRECTIONS

Figures = dict[str, tuple[str, str]]
"""measure -> (figure with its reference, target)."""


Clock = tuple[float, float]
"""Median wall-clock and CPU milliseconds."""


def shown(figure: Clock) -> str:
    return f"{big.ms(figure[0])} (CPU {big.ms(figure[1])})"


def beside(ours: Clock, name: str, theirs: Clock | None) -> str:
    """Our figure, the reference's and the ratio of CPU times, in one cell."""
    if theirs is None:
        return f"{shown(ours)}; {name}: not installed"
    return f"{shown(ours)}; {name} {shown(theirs)}: {ours[1] / theirs[1]:.1f} x"


def beside_both(ours: Clock, name: str, theirs: Clock | None) -> str:
    """:func:`beside` with the ratio in CPU time and in wall clock (threads make them differ)."""
    if theirs is None:
        return beside(ours, name, theirs)
    return (
        f"{shown(ours)}; {name} {shown(theirs)}:"
        f" {ours[1] / theirs[1]:.1f} x CPU, {ours[0] / theirs[0]:.1f} x wall"
    )


def _tcod() -> Any:
    try:
        import tcod.map
        import tcod.path
    except ImportError:
        return None
    return tcod


# -- paths --------------------------------------------------------------------------------


def with_corner_runner(encounter: Encounter) -> tuple[Encounter, str, tuple[int, int]]:
    """The map with a token in its top-left corner and a goal in the far corner,
    both on the same walled-off region and free of tokens."""
    grid = encounter.grid
    assert grid is not None
    regions = index_for(grid).region_index(1)
    taken = set(encounter.occupants())
    layer = index_for(grid).layer(1)

    def free(square: tuple[int, int]) -> bool:
        return square not in taken and bool(layer.valid[square[1], square[0]])

    start = next(
        (d, d) for d in range(grid.width) if free((d, d)) and regions.region(d, d) is not None
    )
    home = regions.region(*start)
    w, h = grid.width, grid.height
    goal = next(
        (w - 1 - d, h - 1 - d)
        for d in range(w)
        if free((w - 1 - d, h - 1 - d)) and regions.region(w - 1 - d, h - 1 - d) == home
    )
    encounter.add_token(Token(id="corner", side="pcs", position=start, speed=6))
    return encounter, "corner", goal


def drop_goal(encounter: Encounter, who: str, away: int) -> tuple[int, int]:
    """A free square about ``away`` squares from the token that it can walk to."""
    grid = encounter.grid
    assert grid is not None
    start = encounter.token(who).square
    assert start is not None
    taken = set(encounter.occupants())
    for d in range(away, away + 30):
        for dc, dr in ((d, 0), (0, d), (-d, 0), (0, -d), (d, d)):
            goal = (start[0] + dc, start[1] + dr)
            if grid.in_bounds(goal) and goal not in taken:
                found = find_path(encounter, who, goal)
                if found is not None and found[1] > 12:
                    return goal
    raise RuntimeError("no drop goal")


def paths(encounter: Encounter, repeat: int, label: str) -> Figures:
    out: Figures = {}
    tcod = _tcod()
    who = maps.middle_token(encounter)
    warm = big.fresh(encounter)
    drop = drop_goal(warm, who, 20)
    copies = iter([big.fresh(encounter) for _ in range(max(3, repeat // 5))])
    cold = sight.clocks(lambda: find_path(next(copies), who, drop), max(3, repeat // 5))
    warm_drop = sight.clocks(lambda: find_path(warm, who, drop), repeat)
    out[f"first path question after opening {label}, no budget (a drop 20 squares away)"] = (
        f"{shown(cold)}; the same question warm: {shown(warm_drop)}",
        "< 16 ms",
    )
    runner, corner, goal = with_corner_runner(big.fresh(encounter))
    found = find_path(runner, corner, goal)
    assert found is not None
    ours = sight.clocks(lambda: find_path(runner, corner, goal), max(3, repeat // 5))
    graph = big.tcod_graph(runner, corner)
    theirs = None
    start = runner.token(corner).square
    assert start is not None
    if graph is not None:

        def tcod_path() -> int:
            finder = tcod.path.Pathfinder(graph)
            finder.add_root((start[1], start[0]))
            finder.path_to((goal[1], goal[0]))
            return int(finder.distance[goal[1], goal[0]])

        assert tcod_path() == found[1], (tcod_path(), found[1])
        theirs = sight.clocks(tcod_path, max(3, repeat // 5))
    steps = len(found[0]) - 1
    out[f"path corner to corner on {label} ({steps} steps, cost {found[1]})"] = (
        beside(ours, "tcod A* on identical costs", theirs),
        "< 30 ms and <= 1.5 x tcod",
    )
    whole = reachable(runner, corner, 10**6)
    ours = sight.clocks(lambda: reachable(runner, corner, 10**6), max(3, repeat // 10))
    theirs = None
    if graph is not None:

        def tcod_all() -> int:
            finder = tcod.path.Pathfinder(graph)
            finder.add_root((start[1], start[0]))
            finder.resolve()
            return int((finder.distance < np.iinfo(finder.distance.dtype).max).sum())

        theirs = sight.clocks(tcod_all, max(3, repeat // 10))
    out[f"reachable squares over the whole {label} map ({len(whole)} squares)"] = (
        beside(ours, "tcod Dijkstra on identical costs", theirs),
        "<= 2 x tcod",
    )
    return out


def crowd_drag(repeat: int) -> Figures:
    """Press and first step of a drag among 5,000 tokens, another token moved since."""
    encounter = maps.generated(256, tokens=5000)
    who = maps.middle_token(encounter)
    near = reachable(encounter, who, 12)
    goal = max(near, key=lambda s: (near[s], s))
    other = next(t for t in encounter.tokens.values() if t.id != who and t.square is not None)
    grid = encounter.grid
    assert grid is not None
    home = other.square
    assert home is not None
    taken = set(encounter.occupants())
    besides = [(home[0] + dc, home[1] + dr) for dc, dr in DIRECTIONS]
    spots = [home, *[s for s in besides if grid.in_bounds(s) and s not in taken][:1]]
    turns = iter(range(10**9))

    def drag() -> None:
        other.position = spots[next(turns) % len(spots)]
        reachable(encounter, who, 12)
        find_path(encounter, who, goal, budget=12)

    ours = sight.clocks(drag, repeat)
    theirs = None
    tcod = _tcod()
    if tcod is not None:
        start = encounter.token(who).square
        assert start is not None
        sc, sr = start
        enter = np.where(grid.terrain == 2, 0, 1).astype(np.int32)

        def window() -> None:
            r0, c0 = max(sr - 12, 0), max(sc - 12, 0)
            cost = enter[r0 : sr + 13, c0 : sc + 13]
            dist = tcod.path.maxarray(cost.shape, dtype=np.int32)
            dist[sr - r0, sc - c0] = 0
            tcod.path.dijkstra2d(dist, cost, 1, 1, out=dist)

        theirs = sight.clocks(window, repeat)
    return {
        "drag step, 5,000 tokens on 256 x 256: press (reachable 12) + path within it": (
            beside(ours, "tcod dijkstra2d 25 x 25", theirs),
            "< 8 ms",
        )
    }


# -- sight --------------------------------------------------------------------------------


def party(encounter: Encounter, count: int = 6) -> list[Token]:
    """``count`` tokens spread over the map made the party (side ``pcs``)."""
    tokens = [t for t in encounter.tokens.values() if t.square is not None]
    picked = tokens[:: max(1, len(tokens) // count)][:count]
    for t in encounter.tokens.values():
        t.side = "npcs"
    for t in picked:
        t.side = "pcs"
    return picked


def transparency(grid: GridMap) -> np.ndarray[Any, np.dtype[np.bool_]]:
    """The grid for tcod: a square is opaque when a blocking wall runs along its top or
    left side (tcod has no walls between squares)."""
    see = np.ones((grid.height, grid.width), dtype=bool)
    for (a, b), wall in grid.walls.items():
        if wall.blocks:
            see[max(a[1], b[1]), max(a[0], b[0])] = False
    return see


def tcod_fov(see: Any, squares: list[tuple[int, int]]) -> Callable[[], None] | None:
    tcod = _tcod()
    if tcod is None:
        return None

    def run() -> None:
        for col, row in squares:
            tcod.map.compute_fov(see, (row, col), algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST)

    return run


def sights(encounter: Encounter, repeat: int, label: str) -> Figures:
    """The sight rows: the product's path (the numba kernel, warmed first), the numpy
    path beside it (what answers before the kernel is ready, or without numba), and tcod."""
    from tactical.core import sight_kernel
    from tactical.core.sight import Viewer, sight_masks, visible_squares

    kernel = sight_kernel.warm()
    out: Figures = {}
    grid = encounter.grid
    assert grid is not None
    pcs = party(encounter)
    squares = [t.square for t in pcs if t.square is not None]
    see = transparency(grid)
    fov6 = tcod_fov(see, squares)
    fov1 = tcod_fov(see, squares[:1])
    few = max(3, repeat // 10)
    six = sight.clocks(fov6, few) if fov6 is not None else None
    one = sight.clocks(fov1, repeat) if fov1 is not None else None

    def both(run: Callable[[], object], times: int) -> tuple[Clock, Clock]:
        """The product's path, then the numpy path, on the same work."""
        ours = sight.clocks(run, times)
        with sight_kernel.suspended():
            return ours, sight.clocks(run, times)

    def cell(figures: tuple[Clock, Clock], name: str, theirs: Clock | None) -> str:
        ours, numpy_path = figures
        path = "numba kernel" if kernel else "numba unavailable: numpy path"
        return f"{beside_both(ours, name, theirs)} [{path}]; numpy path {shown(numpy_path)}"

    copies = iter([replace_grid(encounter) for _ in range(2 * few)])
    cold = both(lambda: party_sight(next(copies)), few)
    out[f"party sight, 6 PCs on the rough {label} map, wall masks built in the timer"] = (
        cell(cold, "6 x tcod symmetric shadowcasting", six),
        "< 50 ms",
    )
    party_sight(encounter)
    mover = pcs[0]
    home = mover.position
    assert home is not None
    # A walk along the row, a new square each time (as a drag enters new squares).
    step = 1 if home[0] + 2 * few + 2 < grid.width else -1
    walk = iter([(home[0] + step * k, home[1]) for k in range(1, 2 * few + 3)])

    def moved() -> None:
        mover.position = next(walk)
        party_sight(encounter)

    out[f"party sight after one party token moves one square ({label}, the drag's preview)"] = (
        cell(both(moved, few), "tcod, one viewer", one),
        "< 16 ms",
    )
    mover.position = home
    viewer = [Viewer(squares[0])]

    def one_viewer(on: GridMap) -> tuple[tuple[Clock, Clock], Clock | None]:
        """The viewer's sight on ``on`` and tcod's, called in turn (both meet the same
        load from whatever else runs), as many times as tcod's reference alone (3 were
        too few for a few ms); then the numpy path."""
        masks = sight_masks(on)  # explicit masks: the viewer's sight is worked out each time
        visible_squares(on, viewer, masks)  # the packed walls, kept per masks
        ours, theirs = in_turn(lambda: visible_squares(on, viewer, masks), fov1, repeat)
        with sight_kernel.suspended():
            return (ours, sight.clocks(lambda: visible_squares(on, viewer, masks), repeat)), theirs

    hills, hills_tcod = one_viewer(grid)
    flat = grid.copy()
    flat.elevation[:] = 0
    level, level_tcod = one_viewer(flat)
    out[f"one viewer's sight, flat {label} map with the walls"] = (
        cell(level, "tcod symmetric shadowcasting", level_tcod),
        "<= 3 x tcod",
    )
    out[f"one viewer's sight, rough {label} map (heights and walls)"] = (
        cell(hills, "tcod symmetric shadowcasting, no heights", hills_tcod),
        "<= 3 x tcod",
    )
    return out


def in_turn(
    ours: Callable[[], object], theirs: Callable[[], object] | None, repeat: int
) -> tuple[Clock, Clock | None]:
    """Median clocks of ``ours`` and ``theirs`` (None: not installed) called one after
    the other ``repeat`` times, so that a load on the machine weighs on both alike."""
    clocks: list[list[tuple[float, float]]] = [[], []]
    for _ in range(repeat):
        for fn, kept in ((ours, clocks[0]), (theirs, clocks[1])):
            if fn is not None:
                wall, cpu = time.perf_counter(), time.process_time()
                fn()
                kept.append(
                    ((time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000)
                )

    def median(kept: list[tuple[float, float]]) -> Clock:
        return statistics.median(w for w, _ in kept), statistics.median(c for _, c in kept)

    return median(clocks[0]), median(clocks[1]) if theirs is not None else None


def replace_grid(encounter: Encounter) -> Encounter:
    """The encounter with a copy of its map (no sight masks or sight kept for it yet)."""
    grid = encounter.grid
    assert grid is not None
    return Encounter(
        map=grid.copy(),
        tokens=[Token(**vars(t)) for t in encounter.tokens.values()],
        sides=list(encounter.sides.values()),
        fog=encounter.fog,
    )


def edited_reveal(size: int, repeat: int) -> Figures:
    """4,096 wall lines (fewer on a small map); one line moved, then the party's sight."""
    from tactical.core import sight_kernel
    from tactical.core.sight import sight_masks

    count = 4096 if size >= 1024 else 1024
    lines = sight.dungeon_lines(size, 32, count)
    grid = GridMap(size, size, wall_lines=lines)
    encounter = Encounter(map=grid)
    for n in range(6):
        room = (n * 3) % (size // 32)
        encounter.add_token(Token(id=f"pc{n}", side="pcs", position=(room * 32 + 8, 8 + n)))
    party_sight(encounter)
    where = len(lines) // 2
    line = lines[where]
    turns = iter(range(10**9))

    def edit_then_reveal() -> None:
        shift = 0.25 if next(turns) % 2 == 0 else 0.0
        grid.set_wall_line(where, replace(line, a=(line.a[0] + shift, line.a[1])))
        party_sight(encounter)

    after = sight.clocks(edit_then_reveal, max(3, repeat // 5))
    with sight_kernel.suspended():
        numpy_path = sight.clocks(edit_then_reveal, max(3, repeat // 5))
    whole = sight.clocks(lambda: sight_masks(grid), max(3, repeat // 10))
    return {
        f"first reveal after a map edit ({count} wall lines, one moved; masks updated)": (
            f"{shown(after)}; whole masks rebuilt (as before): {shown(whole)};"
            f" numpy path {shown(numpy_path)}",
            "< 30 ms",
        )
    }


def rows(repeat: int, quick: bool, folder: Path | None = None) -> Figures:
    """Every row of issue 22's table that the engine answers."""
    size = 256 if quick else 1024
    label = f"{size} x {size}"
    from tactical.persistence import load_encounter

    with tempfile.TemporaryDirectory() as scratch:
        path = big.map_file(size, folder or Path(scratch))
        encounter = load_encounter(path)
    out = paths(encounter, repeat, label)
    out.update(crowd_drag(repeat))
    out.update(sights(encounter, repeat, label))
    out.update(edited_reveal(size, repeat))
    out.update(sight_start.row(2 if quick else 3))
    return out


if __name__ == "__main__":
    import sys

    quick = "--quick" in sys.argv
    for key, (figure, target) in rows(10 if quick else 20, quick).items():
        print(f"| {key} | {figure} | {target} |")

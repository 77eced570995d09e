"""Big maps (issue 13): 1024 x 1024 and crowds of tokens, each figure beside its reference.

Everything goes through the public API, on maps opened the way the app opens
them (the 1024 x 1024 generated map is saved to a file and loaded back):

- *first drag step after opening*: on a freshly opened map (no index yet),
  ``reachable`` at budget 12 plus ``find_path`` to a square inside that budget,
  which is what the first mouse move of a drag asks;
- *first path question (cold index)*: ``find_path`` across the map, no budget,
  on a freshly opened map;
- *path across the map*: warm, beside python-tcod's A* (``tcod.path``, C) on
  identical edge costs: the engine's own step costs of every square and
  direction (elevation steps, difficult ground, walls, corners) handed to a
  ``CustomGraph`` one direction at a time, enemies' squares closed, with the
  same Chebyshev estimate. The two path costs are checked equal;
- *open from file*: ``load_encounter`` (JSON parse, pydantic validation, the
  model) for 512 and 1024;
- *brush stroke*: 40 dabs of a 5 x 5 brush merged into one undo entry
  (``PaintSquares`` done and merged, as the editor does), then the next
  ``find_path`` (the index update the stroke causes);
- *drag steps* with 10 / 200 / 1,000 / 5,000 tokens on 256 x 256: one
  ``find_path`` with budget 12 per square entered, as the drag preview asks;
- *peak memory after the first drag* and the first drag's time, in a fresh
  process that opens the 1024 file.

python-tcod is the benchmark's reference (``pip install tcod``), never a
dependency of the app; its rows are left out when it is missing.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks import maps
from benchmarks.timing import CHILD_PRELUDE, child_figures, timed
from tactical.core import Encounter, Token, find_path, reachable
from tactical.core.commands.terrain import PaintSquares
from tactical.core.grid import Terrain
from tactical.core.movement import blockers_for, index_for
from tactical.core.movement.costs import BLOCKED, DIRECTIONS

ROOT = Path(__file__).resolve().parent.parent
Figures = dict[str, tuple[str, str]]
"""measure -> (figure, target)."""


def ms(value: float) -> str:
    return f"{value:.2f} ms" if value < 100 else f"{value:.0f} ms"


def map_file(size: int, folder: Path, tokens: int = 200) -> Path:
    """The generated map of ``size`` saved as a .tactical.json file (made once per run)."""
    from tactical.persistence import save_encounter

    path = folder / f"generated-{size}-{tokens}.tactical.json"
    if not path.exists():
        save_encounter(maps.generated(size, tokens=tokens), path)
    return path


def fresh(encounter: Encounter) -> Encounter:
    """The same map and tokens as new objects: no movement index, no caches."""
    grid = encounter.grid
    assert grid is not None
    tokens = [Token(**vars(t)) for t in encounter.tokens.values()]
    return Encounter(map=grid.copy(), tokens=tokens, sides=list(encounter.sides.values()))


def tcod_graph(encounter: Encounter, who: str) -> Any:
    """python-tcod's CustomGraph on the engine's own edge costs for ``who`` (None without tcod)."""
    try:
        import tcod.path
    except ImportError:
        return None
    grid = encounter.grid
    assert grid is not None
    layer = index_for(grid).layer(1)
    closed = np.zeros((grid.height, grid.width), dtype=bool)
    for col, row in blockers_for(encounter, encounter.token(who)).no_entry:
        if grid.in_bounds((col, row)):
            closed[row, col] = True
    graph = tcod.path.CustomGraph((grid.height, grid.width))
    for d, (dc, dr) in enumerate(DIRECTIONS):
        # tcod prices moving into a node: the cost of the step from (col - dc, row - dr).
        into = np.zeros((grid.height, grid.width), dtype=np.int32)
        step = layer.costs[d].astype(np.int32)
        r0, r1 = max(dr, 0), grid.height + min(dr, 0)
        c0, c1 = max(dc, 0), grid.width + min(dc, 0)
        into[r0:r1, c0:c1] = step[r0 - dr : r1 - dr, c0 - dc : c1 - dc]
        into[into == BLOCKED] = 0
        into[closed] = 0
        graph.add_edge((dr, dc), 1, cost=into)
    graph.set_heuristic(cardinal=1, diagonal=1)
    return graph


def tcod_astar(encounter: Encounter, who: str) -> Callable[[tuple[int, int]], int] | None:
    """python-tcod's A* on the engine's own edge costs; returns goal -> path cost."""
    graph = tcod_graph(encounter, who)
    if graph is None:
        return None
    import tcod.path

    token = encounter.token(who)
    start = token.square
    assert start is not None

    def cost(goal: tuple[int, int]) -> int:
        finder = tcod.path.Pathfinder(graph)
        finder.add_root((start[1], start[0]))
        path = finder.path_to((goal[1], goal[0]))
        assert len(path) > 1
        return int(finder.distance[goal[1], goal[0]])

    return cost


def big_map(folder: Path, repeat: int, quick: bool) -> Figures:
    """The 1024 x 1024 rows (512 for the file with ``quick``)."""
    from tactical.persistence import load_encounter

    out: Figures = {}
    sizes = (512,) if quick else (512, 1024)
    for size in sizes:
        path = map_file(size, folder)
        loads = 1 if size == 1024 else max(1, repeat // 10)
        target = "< 1 s (part of start-up)" if size == 1024 else ""
        out[f"open {size} x {size} map from its file (JSON, validation, model)"] = (
            ms(timed(lambda p=path: load_encounter(p), loads)),  # type: ignore[misc]
            target,
        )
    size = 512 if quick else 1024
    encounter = load_encounter(map_file(size, folder))
    who = maps.middle_token(encounter)
    start = encounter.token(who).square
    assert start is not None
    warm = fresh(encounter)
    near = reachable(warm, who, 12)
    goal = max(near, key=lambda s: (near[s], s))  # the dearest square within the budget
    cold = max(2, repeat // 10)

    copies = [fresh(encounter) for _ in range(cold)]
    firsts = []
    for copy in copies:
        begin = time.perf_counter()
        reachable(copy, who, 12)
        find_path(copy, who, goal, budget=12)
        firsts.append((time.perf_counter() - begin) * 1000)
    label = f"{size} x {size}"
    out[f"first drag step after opening {label} (reachable 12 + path within it)"] = (
        ms(statistics.median(firsts)),
        "< 16 ms",
    )
    far = maps.far_goal(warm, who)
    copies = [fresh(encounter) for _ in range(cold)]
    colds = []
    for copy in copies:
        begin = time.perf_counter()
        find_path(copy, who, far)
        colds.append((time.perf_counter() - begin) * 1000)
    del copies
    out[f"first path question across {label} (cold index)"] = (ms(statistics.median(colds)), "")
    found = find_path(warm, who, far)
    assert found is not None
    ours = timed(lambda: find_path(warm, who, far), max(3, repeat // 5))
    out[f"path across {label} rough map ({len(found[0]) - 1} steps, cost {found[1]})"] = (
        ms(ours),
        "< 30 ms",
    )
    reference = tcod_astar(warm, who)
    if reference is not None:
        theirs_cost = reference(far)
        assert theirs_cost == found[1], (theirs_cost, found[1])
        theirs = timed(lambda: reference(far), max(3, repeat // 5))
        out[f"tcod A* on identical edge costs across {label} (C reference)"] = (ms(theirs), "")
        out["ratio ours / tcod A*, path across"] = (f"{ours / theirs:.1f} x", "<= 2 x")
    out.update(brush_stroke(warm, who, far, label))
    return out


def brush_stroke(encounter: Encounter, who: str, far: tuple[int, int], label: str) -> Figures:
    """One stroke: 40 dabs of a 5 x 5 brush merged into one undo entry, then a path."""
    grid = encounter.grid
    assert grid is not None
    rounds = iter(range(10**6))

    def stroke() -> list[PaintSquares]:
        n = next(rounds)
        row0 = grid.height // 4 + (n % 7) * 9
        entry: PaintSquares | None = None
        done = []
        for dab in range(40):
            col = grid.width // 4 + dab * 2
            squares = [(col + i, row0 + j) for i in range(5) for j in range(5)]
            terrain = Terrain.DIFFICULT if n % 2 == 0 else Terrain.OPEN
            command = PaintSquares(squares, terrain=terrain, stroke_id=n)
            command.do(encounter)
            if entry is None:
                entry = command
                done.append(command)
            else:
                entry.merge(command)
        return done

    stroke_ms = timed(stroke, 5)
    find_path(encounter, who, far)

    def stroke_then_path() -> None:
        stroke()
        find_path(encounter, who, far)

    after = timed(stroke_then_path, 3)
    return {
        f"brush stroke on {label}: 40 dabs of 5 x 5, one undo entry (engine side)": (
            f"{ms(stroke_ms)} ({ms(stroke_ms / 40)} a dab)",
            "",
        ),
        f"brush stroke on {label}, then the path across (index refresh)": (ms(after), ""),
    }


def crowds(repeat: int, quick: bool) -> Figures:
    """Drag steps on 256 x 256 with more and more tokens."""
    out: Figures = {}
    counts = (10, 200, 5000) if quick else (10, 200, 1000, 5000)
    for count in counts:
        encounter = maps.generated(256, tokens=count)
        who = maps.middle_token(encounter)
        near = reachable(encounter, who, 12)
        goals = sorted(near, key=lambda s: (near[s], s))[1:]
        goals = goals[:: max(1, len(goals) // 60)]

        def step(
            goals: list[tuple[int, int]] = goals,
            who: str = who,
            encounter: Encounter = encounter,
            steps: list[int] = [0],  # noqa: B006 - a counter kept between calls
        ) -> None:
            steps[0] += 1
            find_path(encounter, who, goals[steps[0] % len(goals)], budget=12)

        press = timed(lambda e=encounter, w=who: reachable(e, w, 12), max(3, repeat // 5))  # type: ignore[misc]
        out[f"drag step, {count} tokens on 256 x 256 (path within budget 12)"] = (
            ms(timed(step, repeat)),
            "< 8 ms",
        )
        out[f"press a token, {count} tokens on 256 x 256 (reachable 12)"] = (ms(press), "")
    return out


MEMORY_CHILD = (
    CHILD_PRELUDE
    + """
t0 = time.perf_counter()
from tactical.persistence import load_encounter
from tactical.core import find_path, reachable
from benchmarks.maps import middle_token
e = load_encounter(sys.argv[1])
t1 = time.perf_counter()
who = middle_token(e)
near = reachable(e, who, 12)
goal = max(near, key=lambda s: (near[s], s))
find_path(e, who, goal, budget=12)
t2 = time.perf_counter()
rss = peak_mb()
print(json.dumps({"open": t1 - t0, "drag": t2 - t1, "rss": rss}))
"""
)


def first_drag_process(folder: Path, size: int) -> Figures:
    """A fresh process opens the map file and makes the first drag step: time and memory."""
    path = map_file(size, folder)
    figures = child_figures(MEMORY_CHILD, str(path))
    label = f"{size} x {size}"
    return {
        f"fresh process, {label}: imports + open the file": (ms(figures["open"] * 1000), ""),
        f"fresh process, {label}: first drag step": (ms(figures["drag"] * 1000), "< 16 ms"),
        f"fresh process, {label}: peak memory after the first drag (engine only)": (
            f"{figures['rss']:.0f} MB",
            "< 250 MB",
        ),
    }


def rows(repeat: int, quick: bool, folder: Path | None = None) -> Figures:
    """Every big-map row, in one run."""
    with tempfile.TemporaryDirectory() as scratch:
        where = folder or Path(scratch)
        out = big_map(where, repeat, quick)
        out.update(crowds(repeat, quick))
        out.update(first_drag_process(where, 512 if quick else 1024))
    return out


if __name__ == "__main__":
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    quick = "--quick" in sys.argv
    for key, (figure, target) in rows(10 if quick else 30, quick).items():
        print(f"| {key} | {figure} | {target} |")

"""Time the rules engine and print a Markdown table (``python -m benchmarks``).

Measured on the 256 x 256 example map (when present) and on a generated
512 x 512 map; the cold start runs in a fresh interpreter so imports and
memory count. Figures are medians of repeated runs on this machine; the
targets come from tracker issue 3. python-tcod, when installed, gives a C
reference for ``reachable`` (``pip install tcod``; skipped when missing).
The table-scale PDFs (issue 11) are timed by ``benchmarks/table_scale.py``
in fresh processes; ``--no-print`` skips them.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import big, big_app, issue22, maps, sight, table_scale  # noqa: E402
from benchmarks.timing import timed  # noqa: E402
from tactical.core import (  # noqa: E402
    Encounter,
    GridMap,
    Terrain,
    cover_table,
    find_path,
    orthogonal_distance,
    reachable,
)
from tactical.core.movement import index_for  # noqa: E402
from tactical.core.movement.line_steps import line_crossings  # noqa: E402
from tactical.core.orthogonal import costs_for  # noqa: E402
from tactical.core.wall_lines import WallLine  # noqa: E402

Row = tuple[str, str, str]
"""``(measure, figure, target)``."""


def ms(value: float) -> str:
    return f"{value:.2f} ms" if value < 100 else f"{value:.0f} ms"


def cold_start(size: int) -> dict[str, float]:
    """Open a generated map and answer the first ``reachable`` in a fresh interpreter."""
    code = (
        "import time, resource\n"
        "t0 = time.perf_counter()\n"
        "from benchmarks import maps\n"
        "from tactical.core import reachable\n"
        f"e = maps.generated({size})\n"
        "t1 = time.perf_counter()\n"
        "reachable(e, 't000', 12)\n"
        "t2 = time.perf_counter()\n"
        "from tactical.core import find_path\n"
        f"find_path(e, 't000', ({size // 2}, {size // 2}))\n"
        "t3 = time.perf_counter()\n"
        "rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024\n"
        "import json\n"
        "print(json.dumps({'open': t1 - t0, 'first': t2 - t1, 'path': t3 - t2, 'rss': rss}))\n"
    )
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    wall = time.perf_counter() - start
    figures: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    figures["process"] = wall
    return figures


def sealed_goal(encounter: Encounter) -> tuple[int, int] | None:
    """A free square inside the generated map's sealed vault."""
    grid = encounter.grid
    assert grid is not None
    vc, vr, vw, vh = maps.VAULT if grid.width >= 64 else (2, 2, 4, 4)
    taken = set(encounter.occupants())
    for r in range(vr, vr + vh):
        for c in range(vc, vc + vw):
            if (c, r) not in taken and grid.terrain[r, c] == Terrain.OPEN:
                return (c, r)
    return None


def walled_off_goal(encounter: Encounter, token_id: str) -> tuple[int, int] | None:
    """A passable square in another region than the token (for the example map)."""
    grid = encounter.grid
    assert grid is not None
    index = index_for(grid).region_index(1)
    start = encounter.token(token_id).square
    assert start is not None
    home = index.region(*start)
    for r in range(grid.height):
        for c in range(grid.width):
            region = index.region(c, r)
            if region >= 0 and region != home:
                return (c, r)
    return None


def tcod_reference(encounter: Encounter, token_id: str, budget: int, repeat: int) -> float | None:
    """python-tcod's C Dijkstra over the same window, answering a dict of costs.

    tcod prices entering a square (not each step), so walls and elevation steps
    are left out: it is a speed reference, not the same rule.
    """
    try:
        import numpy as np
        import tcod.path
    except ImportError:
        return None
    grid = encounter.grid
    assert grid is not None
    start = encounter.token(token_id).square
    assert start is not None
    sc, sr = start
    enter = np.where(grid.terrain == Terrain.IMPASSABLE, 0, 1).astype(np.int32)

    def answer() -> dict[tuple[int, int], int]:
        r0, c0 = max(sr - budget, 0), max(sc - budget, 0)
        window = enter[r0 : sr + budget + 1, c0 : sc + budget + 1]
        dist = tcod.path.maxarray(window.shape, dtype=np.int32)
        dist[sr - r0, sc - c0] = 0
        tcod.path.dijkstra2d(dist, window, 1, 1, out=dist)
        rows, cols = np.nonzero(dist <= budget)
        return dict(
            zip(
                zip((cols + c0).tolist(), (rows + r0).tolist(), strict=True),
                dist[rows, cols].tolist(),
                strict=True,
            )
        )

    return timed(answer, repeat)


def measure(name: str, encounter: Encounter, repeat: int) -> dict[str, str]:
    """Every figure for one map, keyed by measure."""
    grid = encounter.grid
    assert grid is not None
    out: dict[str, str] = {}
    start = time.perf_counter()
    index = index_for(grid)
    index.layer(1)
    out["cost arrays build (size 1)"] = ms((time.perf_counter() - start) * 1000)
    start = time.perf_counter()
    index.region_index(1)
    out["regions build (tiles + their graph)"] = ms((time.perf_counter() - start) * 1000)
    who = maps.middle_token(encounter)
    for budget in (6, 12, 30):
        out[f"reachable, budget {budget}"] = ms(
            timed(lambda b=budget: reachable(encounter, who, b), repeat)  # type: ignore[misc]
        )
    reference = tcod_reference(encounter, who, 12, repeat)
    if reference is not None:
        ours = timed(lambda: reachable(encounter, who, 12), repeat)
        out["tcod dijkstra2d, budget 12 (C reference)"] = ms(reference)
        out["ratio ours / tcod, budget 12"] = f"{ours / reference:.1f} x"
    goal = maps.far_goal(encounter, who)
    result = find_path(encounter, who, goal)
    steps = len(result[0]) - 1 if result else 0
    across = timed(lambda: find_path(encounter, who, goal), max(3, repeat // 10))
    out["find_path across the map"] = f"{ms(across)} ({steps} steps)"
    sealed = sealed_goal(encounter) if name.startswith("generated") else None
    sealed = sealed or walled_off_goal(encounter, who)
    if sealed is not None:
        assert find_path(encounter, who, sealed) is None
        out["find_path to a walled-off square"] = ms(
            timed(lambda: find_path(encounter, who, sealed), repeat)
        )
    square = (grid.width // 3, grid.height // 3)
    before = (grid.elevation_at(square), grid.terrain_at(square))
    flips = [Terrain.IMPASSABLE, before[1]]
    counter = iter(range(10**9))

    def paint() -> None:
        grid.set_square(square, terrain=flips[next(counter) % 2])

    out["paint one square (index update)"] = ms(timed(paint, repeat))
    grid.set_square(square, elevation=before[0], terrain=before[1])

    def paint_then_path() -> None:
        paint()
        find_path(encounter, who, goal)

    out["paint one square, then find_path (regions refresh)"] = ms(
        timed(paint_then_path, max(3, repeat // 10))
    )
    grid.set_square(square, elevation=before[0], terrain=before[1])
    on_map = [t for t in encounter.tokens if encounter.token(t).square is not None][:200]
    out[f"cover_table, all pairs of {len(on_map)} tokens"] = ms(
        timed(lambda: cover_table(encounter, on_map), max(3, repeat // 10))
    )
    return out


def orthogonal(encounter: Encounter, repeat: int) -> dict[str, str]:
    """003's distance asked afresh (no cached answer), and the ruler's many goals from one start."""
    grid = encounter.grid
    assert grid is not None
    size = grid.width
    costs = costs_for(grid)
    rng = random.Random(5)
    pairs = []
    for _ in range(max(repeat, 20)):
        a = (rng.randrange(size), rng.randrange(size))
        dc = rng.randint(-30, 30)
        b = (a[0] + dc, a[1] + (30 - abs(dc)) * rng.choice((-1, 1)))
        if grid.in_bounds(b):
            pairs.append((a, b))
    times = []
    for a, b in pairs:
        costs.forget()
        times.append(timed(lambda a=a, b=b: orthogonal_distance(grid, a, b), 1))  # type: ignore[misc]
    corner = (size - 1, size - 1)

    def afresh() -> None:
        costs.forget()
        orthogonal_distance(grid, (0, 0), corner)

    goals = [(rng.randrange(size), rng.randrange(size)) for _ in range(100)]

    def ruler() -> None:
        costs.forget()
        for goal in goals:
            orthogonal_distance(grid, (size // 2, size // 2), goal)

    slow = max(3, repeat // 10)
    return {
        "orthogonal distance, 30 squares (median of random pairs)": ms(statistics.median(times)),
        "orthogonal distance, 30 squares (slowest pair)": ms(max(times)),
        "orthogonal distance, corner to corner": ms(timed(afresh, slow)),
        "orthogonal ruler: 100 goals from one start (all)": ms(timed(ruler, slow)),
    }


def serpentine(size: int) -> dict[str, str]:
    """003's worst case: cliffs too tall to climb in columns with gaps at alternate ends.

    Every route winds up and down the map, one row-sweep pass per turn back.
    """
    elevation = np.zeros((size, size), dtype=np.int16)
    for col in range(1, size, 4):
        elevation[:, col] = 5000
        elevation[0 if col % 8 == 1 else size - 1, col] = 0
    grid = GridMap(size, size, elevation=elevation)
    costs = costs_for(grid)

    def afresh() -> None:
        costs.forget()
        orthogonal_distance(grid, (0, 0), (size - 1, size - 1))

    return {"orthogonal distance, serpentine of cliffs (worst case)": ms(timed(afresh, 3))}


def ringed(size: int, repeat: int) -> dict[str, str]:
    """A path into a pocket closed by a ring of enemies, asked afresh each time."""
    encounter = maps.ringed_map(size)
    guards = len(encounter.tokens) - 1
    goal = (size // 2, size // 2)
    regions = index_for(encounter.map).region_index(1)  # type: ignore[arg-type]
    assert find_path(encounter, "runner", goal) is None

    def ask() -> None:
        regions._overlay = None  # no answer kept from the last run
        find_path(encounter, "runner", goal)

    figure = f"{ms(timed(ask, repeat))} ({guards} enemies)"
    return {"find_path into a ring of enemies (no search)": figure}


def areas(count: int, repeat: int) -> dict[str, str]:
    """Adjacency of a big area map: built once (spatial index), then kept after an edit."""
    from tactical.core import Area

    def build() -> None:
        maps.area_map(count).graph()

    area_map = maps.area_map(count)
    area_map.graph()
    middle = f"a{count // 2}"

    def edit() -> None:
        area = area_map.areas[middle]
        area_map.put_area(Area(area.id, area.name, area.polygon))
        area_map.neighbours(middle)

    return {
        f"area adjacency, {count} areas (build + graph)": ms(timed(build, max(1, repeat // 10))),
        "area adjacency after one area is edited": ms(timed(edit, repeat)),
    }


def wall_lines(repeat: int) -> tuple[str, dict[str, str]]:
    """An imported-style map (88 x 50 squares, a 6144 x 3456 picture at 70 px a square)
    with 500 free wall lines: masks, searches and a door toggled."""
    from benchmarks import wall_line_maps  # here, not at the top: the imports there are shared

    encounter, doors = wall_line_maps.caves()
    grid = encounter.grid
    assert grid is not None
    name = f"{len(grid.wall_lines)} wall lines"
    out: dict[str, str] = {}
    out["wall lines: blocked-step masks build"] = ms(
        timed(lambda: line_crossings(grid.wall_lines, grid.height, grid.width), repeat)
    )
    across = [WallLine((0, 100.3 * i), (1024, 1024 - 100.3 * i)) for i in range(10)]
    out["wall lines: masks for 10 lines across a 1024 x 1024 map"] = ms(
        timed(lambda: line_crossings(across, 1024, 1024), max(3, repeat // 10))
    )
    start = time.perf_counter()
    index = index_for(grid)
    index.layer(1)
    index.region_index(1)
    out["wall lines: index build (masks, costs, regions)"] = ms(
        (time.perf_counter() - start) * 1000
    )
    out["reachable, budget 12"] = ms(timed(lambda: reachable(encounter, "runner", 12), repeat))
    goal = (grid.width - 1, grid.height // 2)
    found = find_path(encounter, "runner", goal)
    assert found is not None
    across = timed(lambda: find_path(encounter, "runner", goal), max(3, repeat // 10))
    out["find_path across the map"] = f"{ms(across)} ({len(found[0]) - 1} steps)"
    door = doors[0]
    counter = iter(range(10**9))

    def toggle() -> None:
        line = grid.wall_lines[door]
        grid.set_wall_line(door, replace(line, open=next(counter) % 2 == 0))

    out["wall lines: toggle one door (index update)"] = ms(timed(toggle, repeat))
    square = (grid.width // 3, grid.height // 3)
    flips = iter(range(10**9))

    def paint() -> None:
        grid.set_square(square, elevation=next(flips) % 2)

    out["paint one square (index update)"] = ms(timed(paint, repeat))
    grid.set_square(square, elevation=0)

    def toggle_then_path() -> None:
        toggle()
        find_path(encounter, "runner", goal)

    out["wall lines: toggle one door, then find_path (regions refresh)"] = ms(
        timed(toggle_then_path, max(3, repeat // 10))
    )
    return name, out


TARGETS = {
    "reachable, budget 12": "< 3 ms",
    "reachable, budget 30": "< 16 ms",
    "find_path to a walled-off square": "< 20 ms",
    "find_path into a ring of enemies (no search)": "< 20 ms",
    "paint one square (index update)": "< 1 ms",
    "area adjacency after one area is edited": "< 20 ms",
    "orthogonal distance, 30 squares (median of random pairs)": "< 5 ms",
    "orthogonal distance, 30 squares (slowest pair)": "< 5 ms",
    "orthogonal distance, corner to corner": "< 50 ms",
    "wall lines: index build (masks, costs, regions)": "part of opening in < 2 s",
    "wall lines: toggle one door (index update)": "< 1 ms",
    "party sight, 6 PCs together, 500 wall lines": "< 16 ms",
    "party sight, 6 PCs scattered, 500 wall lines": "< 16 ms",
}


def table(columns: dict[str, dict[str, str]]) -> str:
    names = list(columns)
    measures: list[str] = []
    for figures in columns.values():
        for key in figures:
            if key not in measures:
                measures.append(key)
    lines = [
        "| measure | " + " | ".join(names) + " | target |",
        "| --- | " + " | ".join("---:" for _ in names) + " | --- |",
    ]
    for key in measures:
        target = TARGETS.get(key, "")
        if key.startswith("find_path across"):
            target = "< 50 ms on the open map"
        if key.startswith("cold start: whole"):
            target = "< 1.5 s"
        if key.startswith("cold start: peak"):
            target = "< 400 MB"
        if key.startswith("cover_table"):
            target = "< 100 ms for 200 tokens"
        cells = [columns[n].get(key, "") for n in names]
        lines.append(f"| {key} | " + " | ".join(cells) + f" | {target} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=512, help="side of the generated map")
    parser.add_argument("--repeat", type=int, default=50, help="runs per figure (median)")
    parser.add_argument("--areas", type=int, default=5000, help="areas of the area map")
    parser.add_argument("--no-cold", action="store_true", help="skip the fresh-process start")
    parser.add_argument("--no-example", action="store_true", help="skip the 256 x 256 file")
    parser.add_argument("--no-print", action="store_true", help="skip the table-scale PDFs")
    parser.add_argument(
        "--quick", action="store_true", help="a quick look in under a minute (smaller, fewer runs)"
    )
    parser.add_argument("--no-big", action="store_true", help="skip the big-map rows (issue 13)")
    parser.add_argument("--no-app", action="store_true", help="skip the app rows of big maps")
    parser.add_argument(
        "--no-issue22", action="store_true", help="skip the sight and path rows of issue 22"
    )
    parser.add_argument(
        "--no-write", action="store_true", help="do not write the table into docs/performance.md"
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.size, args.repeat, args.areas = 256, 10, 1000
        args.no_cold = args.no_print = args.no_example = args.no_write = True
    columns: dict[str, dict[str, str]] = {}
    example = None if args.no_example else maps.example_256()
    if example is not None:
        columns["256 example"] = measure("example", example, args.repeat)
    generated_name = f"generated {args.size}"
    generated = maps.generated(args.size)
    columns[generated_name] = measure(generated_name, generated, args.repeat)
    columns[generated_name].update(orthogonal(generated, args.repeat))
    open_name = f"open {args.size}"
    runner = maps.open_map(args.size)
    goal = (args.size - 1, args.size // 2)
    diagonal = (args.size - 1, 0)
    shallow = (args.size - 1, args.size // 2 - args.size // 5)  # 1 square up in 5: no 45 degrees
    find_path(runner, "runner", goal)
    slow = max(3, args.repeat // 10)
    straight = timed(lambda: find_path(runner, "runner", goal), slow)
    slanted = timed(lambda: find_path(runner, "runner", diagonal), slow)
    sloped = timed(lambda: find_path(runner, "runner", shallow), slow)
    columns[open_name] = {
        "find_path across the map": f"{ms(straight)} ({args.size - 1} steps)",
        "find_path across the map, to the far corner": f"{ms(slanted)} ({args.size - 1} steps)",
        "find_path across the map, 1 up in 5 (the drawn line)": (
            f"{ms(sloped)} ({args.size - 1} steps)"
        ),
    }
    columns[open_name].update(ringed(args.size, args.repeat))
    columns[open_name].update(serpentine(args.size))
    columns[open_name].update(areas(args.areas, args.repeat))  # rows name their area map
    lines_name, lines_figures = wall_lines(args.repeat)
    columns[lines_name] = lines_figures
    columns["sight 256"] = sight.rows(ms, args.repeat)
    if not args.no_cold:
        cold = cold_start(args.size)
        columns[generated_name]["cold start: imports + generate map"] = ms(cold["open"] * 1000)
        columns[generated_name]["cold start: first reachable (index build)"] = ms(
            cold["first"] * 1000
        )
        columns[generated_name]["cold start: first find_path (regions build)"] = ms(
            cold["path"] * 1000
        )
        columns[generated_name]["cold start: whole process"] = ms(cold["process"] * 1000)
        columns[generated_name]["cold start: peak resident memory"] = f"{cold['rss']:.0f} MB"
    if not args.no_print:
        printed = table_scale.measure(big=not args.no_example)
        if printed:
            columns["table scale"] = {key: figure for key, (figure, _t) in printed.items()}
            TARGETS.update({key: target for key, (_f, target) in printed.items()})
    if not args.no_big and argv is None:  # slow: from the command line only
        big_rows = big.rows(args.repeat, args.quick)
        if not args.no_app:
            big_rows.update(big_app.rows(args.quick))
        columns["big maps (issue 13)"] = {key: figure for key, (figure, _t) in big_rows.items()}
        TARGETS.update({key: target for key, (_f, target) in big_rows.items()})
    if not args.no_issue22 and argv is None:  # from the command line only
        rows22 = issue22.rows(max(5, args.repeat // 2), args.quick)
        columns["issue 22 (reference beside)"] = {
            key: figure for key, (figure, _t) in rows22.items()
        }
        TARGETS.update({key: target for key, (_f, target) in rows22.items()})
    text = table(columns)
    print(text)
    if argv is None and not args.no_write:  # the command line, not a test calling main()
        write_table(text)
    return 0


BEGIN = "<!-- benchmark table: begin (written by python -m benchmarks) -->"
END = "<!-- benchmark table: end -->"


def write_table(text: str) -> None:
    """Put the table between the markers of docs/performance.md (added at the end if missing)."""
    doc = ROOT / "docs" / "performance.md"
    old = doc.read_text(encoding="utf-8")
    block = f"{BEGIN}\n{text}\n{END}"
    if BEGIN in old and END in old:
        head, rest = old.split(BEGIN, 1)
        new = head + block + rest.split(END, 1)[1]
    else:
        new = old.rstrip("\n") + "\n\n## The latest full run\n\n" + block + "\n"
    doc.write_text(new, encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())

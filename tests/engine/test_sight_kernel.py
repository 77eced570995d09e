"""The numba sight kernel: loaded only for big maps, warmed on a thread, and never needed.

Where numba cannot be imported the numpy path answers, the reason logged once and no
error reaches the GM; the squares seen are the same either way
(``test_sight_reference.py`` runs its property tests on both paths).
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactical.core import sight_kernel, sight_kernel_load, sight_rings
from tactical.core.grid import GridMap, Wall
from tactical.core.sight import Viewer, visible_squares
from tactical.core.sight_kernel_loop import look_rings
from tactical.core.sight_one import look_one
from tests import numba_switch
from tests.engine import sight_reference as reference
from tests.engine.test_sight_reference import maps, open_maps


def walled_hill() -> GridMap:
    """A room's wall and a hill: both stop sight, so a wrong answer shows."""
    elevation = np.zeros((12, 16), dtype=np.int16)
    elevation[4:6, 9:11] = 5
    grid = GridMap(16, 12, elevation=elevation)
    for row in range(8):
        grid.set_wall((5, row), (6, row), Wall())
    return grid


def expected(grid: GridMap, viewers: list[Viewer]) -> np.ndarray:
    return reference.visible_squares(grid, viewers, reference.sight_masks(grid))


@pytest.fixture
def cold(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel as at start-up: not compiled, not failed (restored afterwards)."""
    monkeypatch.setattr(sight_kernel, "_kernel", None)
    monkeypatch.setattr(sight_kernel, "_failed", None)
    monkeypatch.setattr(sight_kernel, "_warming", None)


@pytest.mark.usefixtures("cold")
def test_without_numba_the_numpy_path_answers_and_says_why_once(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(sys.modules, "numba", None)  # ``import numba`` raises ImportError
    caplog.set_level(logging.INFO, logger="tactical.core.sight_kernel")
    grid = walled_hill()
    viewers = [Viewer((2, 3)), Viewer((14, 10), 6)]
    assert sight_kernel.warm() is False
    assert sight_kernel.warm() is False  # asked again: still off, not logged again
    assert not sight_kernel.ready()
    assert "numba" in (sight_kernel.failed() or "")
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1
    assert "numpy" in warnings[0].getMessage()
    seen = visible_squares(grid, viewers)
    assert (seen == expected(grid, viewers)).all()
    assert seen[3, 2] and not seen[3, 8]  # the wall at column 5/6 hides the room behind it


@numba_switch.needs_numba
@pytest.mark.usefixtures("cold")
def test_warming_on_a_thread_makes_it_ready_and_sight_uses_it() -> None:
    assert not sight_kernel.ready()
    thread = sight_kernel.warm_in_background()
    thread.join(timeout=300)
    assert not thread.is_alive()
    assert sight_kernel.ready(), sight_kernel.failed()
    sight_rings._TABLES.clear()
    grid = walled_hill()
    viewers = [Viewer((2, 3)), Viewer((8, 8)), Viewer((15, 0), 4)]
    assert (visible_squares(grid, viewers) == expected(grid, viewers)).all()
    assert not sight_rings._TABLES  # the numpy path's ring tables were never built


def test_a_kernel_that_sees_wrongly_is_never_used(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The compiled kernel is checked against the numpy path before it answers."""
    monkeypatch.setattr(sight_kernel, "_kernel", None)
    monkeypatch.setattr(sight_kernel, "_failed", None)

    def blind(*args: object) -> int:
        return 0  # sees only its own square

    monkeypatch.setattr(sight_kernel, "_compile", lambda: blind)
    assert sight_kernel.warm() is False
    assert not sight_kernel.ready()
    assert "does not see" in (sight_kernel.failed() or "")
    grid = walled_hill()
    assert (visible_squares(grid, [Viewer((3, 3))]) == expected(grid, [Viewer((3, 3))])).all()


@numba_switch.needs_numba
@pytest.mark.usefixtures("cold")
def test_with_numba_s_jit_disabled_the_numpy_path_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """NUMBA_DISABLE_JIT would make the kernel the Python loop, far slower than numpy."""
    import numba

    monkeypatch.setattr(numba.config, "DISABLE_JIT", True)
    assert sight_kernel.warm() is False
    assert "NUMBA_DISABLE_JIT" in (sight_kernel.failed() or "")
    grid = walled_hill()
    assert (visible_squares(grid, [Viewer((9, 9))]) == expected(grid, [Viewer((9, 9))])).all()


@numba_switch.needs_numba
def test_a_party_s_viewers_share_the_cores_and_one_viewer_is_worked_out_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On two cores a party's viewers are shared out between threads; one viewer (the
    drag's preview) is worked out on the calling thread, all of it; every viewer still
    sees exactly what it sees alone, near edges and corners and behind walls and hills."""
    import threading

    assert sight_kernel.warm(), sight_kernel.failed()
    monkeypatch.setattr(sight_kernel, "_WORKERS", 2)
    compiled = sight_kernel._kernel
    assert compiled is not None
    calls: list[str] = []

    def watched(*args: object) -> int:
        calls.append(threading.current_thread().name)
        return compiled(*args)

    monkeypatch.setattr(sight_kernel, "_kernel", watched)
    grid = walled_hill()
    viewers = [Viewer((2, 3)), Viewer((8, 8)), Viewer((15, 0), 4), Viewer((12, 11)), Viewer((0, 0))]
    masks = sight_kernel.sight_masks(grid)
    each = sight_kernel.look_each(masks, viewers)  # a party: each viewer whole on a thread
    assert len(calls) == 5
    assert all(name.startswith("sight") for name in calls)
    for viewer, (seen, _reached) in zip(viewers, each, strict=True):
        alone = expected(grid, [viewer])
        assert (seen.reshape(14, 18)[1:-1, 1:-1] == alone).all()
    for viewer in viewers:  # one viewer: here, in one call
        calls.clear()
        ((seen, _reached),) = sight_kernel.look_each(masks, [viewer])
        assert calls == [threading.current_thread().name]
        assert (seen.reshape(14, 18)[1:-1, 1:-1] == expected(grid, [viewer])).all()
    assert (visible_squares(grid, viewers) == expected(grid, viewers)).all()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(maps(), open_maps()))
def test_the_loop_run_as_python_stays_inside_its_arrays_and_sees_what_numpy_sees(
    drawn: tuple[GridMap, list[Viewer]],
) -> None:
    """The compiled loop reads and writes its arrays unchecked (``np.uintp`` indices: no
    wraparound, no bounds check), so a wrong index would read another array's memory.
    Run as plain Python, a negative index wraps to a huge one and any index out of range
    raises IndexError: the same loop, on maps of every shape and viewers anywhere, stays
    inside its arrays and sees what the numpy path sees, to the same last ring."""
    grid, viewers = drawn
    masks = sight_kernel.sight_masks(grid)
    for viewer in viewers:
        seen, reached = sight_kernel.look(masks, viewer, look_rings)
        want, want_reached = look_one(masks, viewer)
        assert (seen == want).all()
        assert reached.tolist() == want_reached.tolist()


def test_what_the_loop_reads_is_the_masks_packed_and_transposed() -> None:
    """Bit k of a square's byte is "the step in direction k into it is blocked", for every
    square (18 x 14 padded: 252 squares, not a multiple of the eight packed at a time),
    and the column sides' copies are the same values transposed."""
    grid = walled_hill()
    grid.set_wall((15, 10), (15, 11), Wall())  # next to the last squares packed one by one
    masks = sight_kernel.sight_masks(grid)
    bits, across, elevation, elevation_across = sight_kernel.packed(masks)
    shape = (grid.height + 2, grid.width + 2)
    assert shape[0] * shape[1] % 8 != 0
    want = np.packbits(masks.enter, axis=0, bitorder="little")[0]
    assert (bits == want).all()
    assert (across == want.reshape(shape).T.reshape(-1)).all()
    levels = elevation.reshape(shape)
    assert (levels[1:-1, 1:-1] == grid.elevation).all()
    assert (elevation_across == levels.T.reshape(-1)).all()


@pytest.mark.usefixtures("cold")
def test_only_sight_on_a_big_map_loads_the_kernel_in_the_background() -> None:
    """numba costs about 95 MB: a map under ``BIG`` squares (every example) never loads
    it; the first sight asked on a bigger one starts loading it, and answers meanwhile."""
    side = int(sight_kernel.BIG**0.5)
    small = GridMap(side - 1, side)
    assert (visible_squares(small, [Viewer((3, 3))]) == True).all()  # noqa: E712 (an open map)
    assert sight_kernel.warming() is None and not sight_kernel.ready()
    big = GridMap(side, side)
    for row in range(4):
        big.set_wall((4, row), (5, row), Wall())
    viewers = [Viewer((0, 0), 8)]
    seen = visible_squares(big, viewers)  # the numpy path, or the kernel if already quick
    thread = sight_kernel.warming()
    assert thread is not None
    assert sight_kernel.warm_in_background() is thread  # once
    thread.join(timeout=300)
    assert sight_kernel.ready() == numba_switch.available(), sight_kernel.failed()
    assert (visible_squares(big, viewers) == seen).all()
    assert seen[0, 3] and not seen[0, 6] and seen[7, 7]  # [row, column]: behind the wall


@numba_switch.needs_numba
@pytest.mark.usefixtures("cold")
def test_a_far_reaching_first_sight_on_a_big_map_waits_for_the_kernel() -> None:
    """Asked before the kernel is ready, a viewer whose search would make the numpy path
    build more ring tables than it may (a corner of a 600 x 600 map: 40 MB; 117 MB at 1024)
    is answered by the kernel, loaded there and then: no table is made."""
    sight_rings.forget()
    grid = GridMap(600, 600)
    grid.set_wall((4, 0), (5, 0), Wall())
    seen = visible_squares(grid, [Viewer((0, 0))])
    assert sight_kernel.ready()
    assert sight_rings.kept_bytes() == 0
    assert seen[599, 599] and not seen[0, 6]  # the far corner; behind the wall


ROOT = Path(__file__).resolve().parents[2]

BIG_MAP_SIGHT = """
import hashlib, sys
if sys.argv[1] == "blocked":
    sys.modules["numba"] = None  # as where numba has no wheel: import numba fails
import numpy as np
from tactical.core import sight_kernel
from tactical.core.grid import GridMap, Wall
from tactical.core.sight import Viewer, visible_squares
side = int(sight_kernel.BIG ** 0.5) + 8
rows, cols = np.mgrid[0:side, 0:side]
elevation = np.round(4 * np.sin(cols / 23.0) * np.cos(rows / 31.0)).astype(np.int16)
grid = GridMap(side, side, elevation=elevation)
for n in range(0, side - 20, 37):
    for k in range(12):
        grid.set_wall((n + k, n), (n + k, n + 1), Wall())
        grid.set_wall((n, n + k), (n + 1, n + k), Wall())
print(sight_kernel.warm(), sight_kernel.failed())
viewers = [Viewer((10, 10)), Viewer((side // 2, side // 3)), Viewer((side - 1, side - 5), 90)]
seen = visible_squares(grid, viewers)
print(int(seen.sum()), hashlib.sha256(np.packbits(seen).tobytes()).hexdigest())
print("numba" in sys.modules and sys.modules["numba"] is not None)
"""


@numba_switch.needs_numba
def test_without_numba_a_big_map_sees_the_same_squares() -> None:
    """The base install (no ``fast`` extra) runs sight on numpy: on a map big enough for
    the kernel, the same squares as the kernel sees, and numba is never imported."""

    def run(mode: str) -> tuple[list[str], str]:
        done = subprocess.run(
            [sys.executable, "-c", BIG_MAP_SIGHT, mode],
            capture_output=True,
            text=True,
            timeout=300,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.splitlines()[-3:], done.stderr

    (kernel, _), (blocked, said) = run("kernel"), run("blocked")
    assert kernel[0] == "True None"
    assert blocked[0].startswith("False numba is not installed")
    assert "pip install 'tactical[fast]'" in said  # the log's one line says what to do
    assert kernel[1] == blocked[1]
    assert int(kernel[1].split()[0]) > 50_000  # hills and walls, yet much is seen
    assert (kernel[2], blocked[2]) == ("True", "False")


LOADED_KERNEL = """
import sys
from tactical.core import sight_kernel, sight_kernel_load
from tactical.core.grid import GridMap
from tactical.core.sight import Viewer, visible_squares
if sys.argv[1] == "unresolved":  # as if the cached code named a symbol nobody defines
    sight_kernel_load.unresolved = lambda names: names[:1]
read = sight_kernel_load.undefined_symbols
named = []
sight_kernel_load.undefined_symbols = lambda code: named.extend(read(code) or ["?"]) or named
print(sight_kernel.warm(), sight_kernel.from_cache(), "numba.np.linalg" in sys.modules)
from numba.core.runtime.nrt import rtsys
print("runtime compiled" if rtsys._init else "runtime's C helpers")
print(sorted(set(named) & {"NRT_adapt_ndarray_from_python", "PyArg_UnpackTuple", "?"}))
seen = visible_squares(GridMap(400, 400), [Viewer((3, 5))])
print(int(seen.sum()))
"""


@numba_switch.needs_numba
def test_a_kernel_loaded_from_numba_s_cache_readies_only_what_its_code_needs(
    tmp_path: Path,
) -> None:
    """numba readies some 200 modules of rules and compiles its runtime's functions before
    it looks into its cache (41 MB as the kernel loaded on 1024 x 1024, issue 32); a kernel
    loaded from the cache is machine code and needs only the symbols it names. An empty
    cache still compiles, with every rule, and saves the kernel; cached code naming a symbol
    nobody defines has the runtime compiled first."""

    def run(mode: str) -> list[str]:
        done = subprocess.run(
            [sys.executable, "-c", LOADED_KERNEL, mode],
            capture_output=True,
            text=True,
            timeout=300,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT), "NUMBA_CACHE_DIR": str(tmp_path)},
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.splitlines()[-4:]

    assert run("compile") == ["True False True", "runtime compiled", "[]", "160000"]
    named = "['NRT_adapt_ndarray_from_python', 'PyArg_UnpackTuple']"  # what the code names
    assert run("load") == ["True True False", "runtime's C helpers", named, "160000"]
    assert run("unresolved") == ["True True False", "runtime compiled", named, "160000"]


@numba_switch.needs_numba
def test_symbols_nobody_defines_and_objects_not_read_say_so() -> None:
    assert sight_kernel.warm()  # numba's machine-code engine made: the process's symbols found
    assert sight_kernel_load.unresolved(["PyArg_UnpackTuple", "tactical_no_such_symbol"]) == [
        "tactical_no_such_symbol"
    ]
    assert sight_kernel_load.undefined_symbols(b"MZ, not an ELF object") is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="per-thread niceness: Linux")
def test_the_threads_working_out_a_party_s_sight_give_way_to_the_gui_thread() -> None:
    """A first reveal of 2,500 viewers kept both cores busy for seconds at the GUI's own
    priority: the pool's threads run nicer than the process."""
    pool = sight_kernel._pool()
    if pool is None:
        pytest.skip("one core: no pool")
    process = os.getpriority(os.PRIO_PROCESS, os.getpid())

    def own() -> int:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    seen = set(pool.map(lambda _: own(), range(8)))
    assert seen and min(seen) >= min(19, process + sight_kernel.BEHIND)
    assert own() == process  # the calling thread (the GUI's, for a drag) is left as it is

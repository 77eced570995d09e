"""One viewer's sight compiled by numba, used once it is ready, the numpy path otherwise.

Numpy pays a fixed cost per call, and a viewer's search on a big map is hundreds of
rings of a few thousand squares: two passes over :mod:`tactical.core.sight_one` left it
at 15-40 ms a viewer on a rough 1024 x 1024 map. The same rule as one compiled loop
(:mod:`tactical.core.sight_kernel_loop`) takes 2-4 ms (docs/performance.md, "Sight and
fog"; issue 22's third and fourth passes are in that file's git history).

The loop holds no interpreter lock: on two cores a party's viewers are shared out
between two threads (:func:`look_each`). One viewer is worked out on the calling thread:
its rings in two halves on two cores (the third pass) saved 1.5 ms of a 3.4 ms wait
only while both cores were busy already, and otherwise cost up to twice the CPU time.

numba is optional (the ``fast`` extra) and costs about 70 MB once loaded (the kernel from
numba's cache with only what its machine code needs, :mod:`tactical.core.sight_kernel_load`),
so it is imported only where it pays: the first time sight is asked on a map of :data:`BIG`
squares or more (:func:`wanted`), on a background thread (:func:`warm`). Until it is
ready sight takes the numpy path, so nothing waits for the compiler. When numba cannot
be imported or cannot compile (no wheel for the platform, anything), the numpy path
answers for the rest of the process and the reason is logged once.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext, suppress
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt

from tactical.core import sight_rings
from tactical.core.grid import GridMap, Wall
from tactical.core.sight_kernel_load import runtime_only
from tactical.core.sight_kernel_loop import SIDE_BITS, SIGNATURE, look_rings
from tactical.core.sight_masks import KeptPerMasks, SightMasks, sight_masks
from tactical.core.sight_one import HEIGHT_BLOCK, Mask, Viewer, look_one
from tactical.core.source_lines import forget_sources

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

_log = logging.getLogger(__name__)

Kernel = Callable[..., int]
T = TypeVar("T", bound=np.generic)

_lock = threading.Lock()
_start_lock = threading.Lock()
_kernel: Kernel | None = None
_failed: str | None = None
"""Why the kernel is not used (set once; the numpy path answers from then on)."""
_warming: threading.Thread | None = None
_from_cache = False
_suspended = False

BIG = 384 * 384
"""Squares from which a map's sight loads the kernel: there the numpy path's drag
preview (a party of six, one of them moved a square) takes 9 ms of a 16 ms frame on
the rough battlefield, 15 ms at 512 x 512 and 30 ms at 1024 x 1024, against 0.6, 1.2
and 4.6 ms compiled (``python -m benchmarks.sight_sizes``; docs/performance.md). The
example maps (256 x 256 at most: 5 ms) stay on numpy and never load numba."""


def ready() -> bool:
    """True once the kernel is compiled and checked: sight then uses it."""
    return _kernel is not None


def failed() -> str | None:
    """Why the kernel will not be used in this process (None: it may still be)."""
    return _failed


def coming() -> bool:
    """True while the kernel may still be made in this process (not ready, not failed, not
    :func:`suspended`): worth waiting for rather than building the numpy path's tables."""
    return _kernel is None and _failed is None and not _suspended


def from_cache() -> bool:
    """True when the ready kernel was loaded from a cache rather than compiled."""
    return _from_cache


def wanted(squares: int, here: bool = False) -> None:
    """Sight is asked on a map of ``squares``: from :data:`BIG` on, start warming the
    kernel in the background (once); smaller maps never import numba.

    ``here``: warm on the calling thread (a background thread already: the app's
    warm-up), unless another has started; one thread fewer spares a malloc arena."""
    global _warming
    if squares < BIG or _kernel is not None or _failed is not None or _warming is not None:
        return
    if not here:
        warm_in_background()
        return
    with _start_lock:
        if _warming is not None:
            return
        _warming = threading.current_thread()
    _warm_quietly()


def warm() -> bool:
    """Import numba and compile the kernel (from numba's cache when it can), then check
    it on a tiny map against the numpy path; True when it is ready.

    Safe to call from any thread and more than once: the first caller compiles, the
    others wait for it. Never raises: a failure is logged once and the numpy path stays.
    Once ready, the numpy path's kept ring tables are dropped (up to 15 MB after a
    corner viewer's reveal on 1024 x 1024, :mod:`tactical.core.sight_rings`): that path
    no longer answers in this process.
    """
    global _kernel, _failed
    with _lock:
        if _kernel is not None or _failed is not None:
            return _kernel is not None
        try:
            compiled = _compile()
            _check(compiled)
        except ImportError as error:  # the ``fast`` extra is not installed
            _failed = f"numba is not installed ({error})"
            _log.warning(
                "sight: numba kernel unavailable, using numpy (%s; pip install"
                " 'tactical[fast]' for faster sight on big maps)",
                _failed,
            )
            return False
        except Exception as error:  # any failure of numba: the numpy path answers
            _failed = f"{type(error).__name__}: {error}"
            _log.warning("sight: numba kernel unavailable, using numpy (%s)", _failed)
            return False
        _kernel = compiled
        sight_rings.forget()  # the numpy path's ring tables: never read again here
        return True


@contextmanager
def suspended() -> Iterator[None]:
    """The numpy path answers meanwhile, as before the kernel is ready (benchmarks set
    the two paths side by side; not for use while other threads ask for sight)."""
    global _kernel, _suspended
    kept, _kernel, _suspended = _kernel, None, True
    try:
        yield
    finally:
        _kernel, _suspended = kept, False


def warm_in_background() -> threading.Thread:
    """Start a daemon thread running :func:`warm` (once: later calls return the same
    thread); returns it (tests join it)."""
    global _warming
    with _start_lock:
        if _warming is None:
            _warming = threading.Thread(target=_warm_quietly, name="warm sight kernel", daemon=True)
            _warming.start()
        return _warming


def warming() -> threading.Thread | None:
    """The thread warming the kernel, once one was started (None before)."""
    return _warming


def _warm_quietly() -> None:
    warm()
    forget_sources()  # the lines of numba's sources an import hook made Python keep


def _compile() -> Kernel:
    """numba's compiled :func:`look_rings`, cached on disk where it can be."""
    global _from_cache
    frozen = getattr(sys, "frozen", False)
    if frozen:  # no source file: the app's own cache folder (tactical.core.sight_cache)
        os.environ.setdefault("NUMBA_CACHE_LOCATOR_CLASSES", FROZEN_LOCATOR)
    import numba  # imported only when the kernel is first wanted

    if getattr(numba.config, "DISABLE_JIT", False):  # njit would give back the Python loop
        raise RuntimeError("numba's JIT is disabled (NUMBA_DISABLE_JIT)")

    def build(cache: bool) -> Kernel:
        jitted: Any = numba.njit(cache=cache, nogil=True)(look_rings)  # nothing made yet
        with runtime_only(jitted) if cache else nullcontext():
            jitted.compile(SIGNATURE)  # loaded from numba's cache, else compiled
        jitted.disable_compile()  # as njit(SIGNATURE) leaves it: another call raises
        return jitted  # type: ignore[no-any-return]

    if frozen or os.path.isfile(look_rings.__code__.co_filename):
        try:
            kernel: Any = build(True)
        except Exception as error:  # no cache place after all: compile it each start
            _log.info("sight: numba cache unavailable (%s), compiling without it", error)
        else:
            _from_cache = sum(kernel.stats.cache_hits.values()) > 0
            return kernel  # type: ignore[no-any-return]
    return build(False)


FROZEN_LOCATOR = "tactical.core.sight_cache.FrozenCacheLocator"


def _check(kernel: Kernel) -> None:
    """Raise unless ``kernel`` sees what the numpy path sees on a small map with a wall,
    a hill and a viewer near a corner (a wrong build must never answer)."""
    elevation = np.zeros((7, 9), dtype=np.int16)
    elevation[3, 4] = 4
    grid = GridMap(9, 7, elevation=elevation)
    grid.set_wall((2, 1), (2, 2), Wall())
    grid.set_wall((5, 5), (6, 5), Wall())
    masks = sight_masks(grid)
    for view in (Viewer((1, 1)), Viewer((8, 6), 5), Viewer((4, 0))):
        got, far = look(masks, view, kernel)
        want, want_far = look_one(masks, view)
        if not (got == want).all() or int(far[0]) != int(want_far[0]):
            raise RuntimeError("the compiled kernel does not see what the numpy path sees")


class Packed(NamedTuple):
    """What the compiled loop reads of one :class:`SightMasks`, made once per masks."""

    bits: npt.NDArray[np.uint8]
    """``masks.bits``: one byte per padded square, bit k set when the step in
    ``DIRECTIONS[k]`` into it is blocked (the masks' own array, not a copy)."""
    bits_across: npt.NDArray[np.uint8]
    """``bits`` transposed (the padded map's columns one after the other)."""
    elevation: npt.NDArray[np.int16]
    """``masks.levels``: the map's own levels as int16, the padding (never seen and never
    a parent of a square on the map) at the lowest int16 (the masks' own array)."""
    elevation_across: npt.NDArray[np.int16]
    """``elevation`` transposed; empty when no square can hide behind high ground."""


def _pack(masks: SightMasks) -> Packed:
    shape = (masks.height + 2, masks.width + 2)
    hills = masks.relief >= HEIGHT_BLOCK
    return Packed(
        masks.bits,
        _across(masks.bits.reshape(shape)),
        masks.levels,
        _across(masks.levels.reshape(shape)) if hills else np.zeros(0, dtype=np.int16),
    )


def _across(rows: npt.NDArray[T]) -> npt.NDArray[T]:
    """``rows`` transposed and flattened (by bands of rows: numpy's whole transpose of a
    1026 x 1026 array takes up to twice as long)."""
    out = np.empty(rows.shape[::-1], dtype=rows.dtype)
    for r0 in range(0, rows.shape[0], 64):
        out[:, r0 : r0 + 64] = rows[r0 : r0 + 64].T
    return out.reshape(-1)


packed = KeptPerMasks(_pack)
"""What the loop reads, kept for the two masks read last (beyond the masks' own arrays,
3 MB each at 1024 x 1024 with heights, 1 MB without)."""


def look(
    masks: SightMasks, view: Viewer, kernel: Kernel | None = None
) -> tuple[Mask, npt.NDArray[np.int64]]:
    """What :func:`tactical.core.sight_one.look_one` answers, from the kernel: the squares
    ``view`` sees (``(1, cells)``, padded and flattened) and the last ring worked out."""
    run = kernel if kernel is not None else _kernel
    if run is None:
        raise RuntimeError("the sight kernel is not ready")
    h, w = masks.height, masks.width
    col, row = view.square
    far = max(col, w - 1 - col, row, h - 1 - row)
    reach = far if view.range is None else min(view.range, far)
    seen = np.zeros((h + 2) * (w + 2), dtype=np.bool_)
    hills = bool(masks.relief >= HEIGHT_BLOCK)
    kept = packed(masks)  # bits, bits_across, elevation, elevation_across: as look_rings reads
    reached = run(*kept, w, h, col, row, reach, hills, seen, SIDE_BITS)
    return seen.reshape(1, -1), np.array([reached], dtype=np.int64)


_POOL: ThreadPoolExecutor | None = None
_WORKERS = min(2, os.cpu_count() or 1)
_pool_lock = threading.Lock()
BEHIND = 5
"""How much nicer than the process (the GUI thread) the threads working out a party's sight
run: a first reveal of 2,500 viewers on 1024 x 1024 kept both cores busy for seconds, and
the GUI thread waited for one (gaps of 300 ms with none of its own work in them)."""


def run_behind() -> None:
    """Run the calling thread :data:`BEHIND` nicer than the process (Linux, where each
    thread has its own; elsewhere nothing): it gives way to the GUI thread."""
    if not sys.platform.startswith("linux"):
        return
    with suppress(OSError):  # never less nice than it is (that needs a privilege)
        wanted = min(19, os.getpriority(os.PRIO_PROCESS, os.getpid()) + BEHIND)
        thread = threading.get_native_id()
        if os.getpriority(os.PRIO_PROCESS, thread) < wanted:
            os.setpriority(os.PRIO_PROCESS, thread, wanted)


def look_each(masks: SightMasks, views: list[Viewer]) -> list[tuple[Mask, npt.NDArray[np.int64]]]:
    """:func:`look` for each of ``views``: several viewers are shared out between the
    threads of the pool (the compiled loop holds no interpreter lock, ``nogil``); one
    viewer (a token dragged, the drag's preview) is worked out on the calling thread.
    The squares are what each sees alone."""
    return _shared_out(views, lambda view: look(masks, view), masks)


def look_each_packed(
    masks: SightMasks, views: list[Viewer]
) -> list[tuple[npt.NDArray[np.uint8], int]]:
    """:func:`look_each`, each viewer's squares packed a bit a square (``np.packbits``) and
    its last ring, on the thread that worked it out: of a party's whole-map masks (1 MB
    each at 1024 x 1024) one a thread lives at a time, not the party's."""

    def one(view: Viewer) -> tuple[npt.NDArray[np.uint8], int]:
        seen, far = look(masks, view)
        return np.packbits(seen), int(far[0])

    return _shared_out(views, one, masks)


R = TypeVar("R")


def _shared_out(views: list[Viewer], work: Callable[[Viewer], R], masks: SightMasks) -> list[R]:
    packed(masks)  # made here, before the threads read it
    pool = _pool()
    if pool is None or len(views) < 2:
        return [work(view) for view in views]
    return list(pool.map(work, views))


def _pool() -> ThreadPoolExecutor | None:
    """The two threads a party's viewers are shared out between (None on one core)."""
    global _POOL
    if _WORKERS < 2:
        return None
    with _pool_lock:
        if _POOL is None:
            from concurrent.futures import ThreadPoolExecutor  # at the first party's sight

            _POOL = ThreadPoolExecutor(_WORKERS, thread_name_prefix="sight", initializer=run_behind)
        return _POOL

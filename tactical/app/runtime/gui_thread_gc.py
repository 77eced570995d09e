"""Python's cycle collector runs on the GUI thread only, its full collections when idle.

Python collects reference cycles in whichever thread happens to allocate when a
generation fills up: the autosave writer, the phones' server. A document, a scene
or a dialog caught in a cycle would then be deleted in that thread, but a Qt
object must be deleted in the thread it lives in: a timer the document owns
cannot be unregistered from another thread ("Timers cannot be stopped from
another thread"), and the GUI thread's event loop later fires it on freed
memory ("Slot 'EncounterDocument::' not found", or a segmentation fault far
from its cause). So automatic collection is switched off, and a timer on the
GUI thread collects the generations that are due, as Python would have.

A collection traverses every object it looks at, about a microsecond each on a heap
the libraries scattered: the 270,000 of a crowded 1024 x 1024 map after its warm-up
took 0.1-0.6 s, a stall wherever it falls. So a collection looks only at what is new:

- the young generations are collected when due, at any time (what was made lately);
- what lives of the rest is frozen (``gc.freeze``: never traversed again): the libraries
  as they come, unlooked at (the start-up's imports, then the warm-up's: scipy, numba's
  sight kernel), and the window start-up made; then, each time the GM is idle (no mouse
  button held, no input for :data:`IDLE_MS`) and something reached the oldest generation
  since, :meth:`GuiThreadCollector.settle` collects what is not frozen and freezes what
  is left, and the same after each scene switch: a step the size of what is new;
- a frozen object caught in a cycle is never freed: what a scene switch or an undo step
  dropped leave goes by its last reference, and a closed file too once its evening has
  untied its scenes (``tests/app/test_idle_collections.py``; ``benchmarks/idle_gc.py``
  counts what froze); right after a load, while the GM still waits for it, what it made
  settles, or everything is collected once should something of the closed file live on
  (:meth:`GuiThreadCollector.collect_all`); and, so that what a four-hour session froze
  and then dropped in a cycle cannot add up, everything is also collected once the GM has
  not touched the app for :data:`SWEEP_IDLE_MS`, at most every :data:`SWEEP_EVERY_S` (the
  only idle step that may hold the GUI 0.1-0.2 s, while nobody is at the mouse);
- :data:`BURST` objects more alive since the last freeze are frozen unlooked at too, busy
  or idle: the token items a crowded map makes after its first frame, on the first input or
  as the GM's view comes near them (80,000 objects for 5,000 tokens; looking at them took
  20-70 ms). Made bit by bit, the young generations are collected first (what died lately:
  the journal's records, the phones' pages).

The app's first look waits until after start-up (:data:`START_UP_MS`): a look before
the first frame traversed all of it (16 ms with 5,000 tokens) for nothing.

Once per idle moment the C allocator is also asked to give the memory freed since back to
the system (glibc's ``malloc_trim``): the phones' pages, the journal and sight are built on
other threads, whose allocator arenas kept what they freed, so a session on 1024 x 1024
grew by hundreds of MB that nothing used (issue 32's session benchmark). And from the
start, all threads share at most two such arenas (:func:`share_heaps`).
"""

from __future__ import annotations

import ctypes
import functools
import gc
import threading
import time
import weakref
from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer, SignalInstance
from PySide6.QtGui import QDragMoveEvent, QGuiApplication

from tactical.core import sight_kernel

INTERVAL_MS = 250
"""How often the GUI thread looks whether a generation is due (a look costs nothing)."""
NAME = "tactical-gui-thread-gc"
START_UP_MS = 1500
"""The app's first look after start-up: the window has shown its first frame by then."""
IDLE_MS = 1000
"""No input for this long (and no mouse button held): the GM is not dragging or typing."""
BURST = 20_000
"""So many objects more alive since the last freeze are frozen unlooked at (data that lives:
made at once, or bit by bit while the GM was busy)."""
SWEEP_IDLE_MS = 30_000
"""No input for this long: nobody is at the mouse, a whole collection may run."""
SWEEP_EVERY_S = 600.0
"""A whole collection at most this often (what froze and died since is freed then)."""
GIVE_BACK_EVERY_S = 10.0
"""Memory is given back at most this often (a fragmented heap takes 10-20 ms of CPU)."""


@functools.cache
def _libc() -> ctypes.CDLL | None:
    """The C library's functions, through the symbols the process has loaded (None where they
    cannot be reached). Not ``ctypes.util.find_library("c")``: it runs ``ldconfig`` in a child
    process, twice before the first frame (5-15 ms with its imports)."""
    try:
        return ctypes.CDLL(None)
    except (OSError, TypeError):  # TypeError: Windows has no handle for the process itself
        return None


def _malloc_trim() -> Callable[[], object] | None:
    """glibc's ``malloc_trim(0)`` (None where the C library has none: musl, macOS)."""
    trim = getattr(_libc(), "malloc_trim", None)
    if trim is None:
        return None
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return lambda: trim(0)


give_back = _malloc_trim()
"""Gives the memory the allocator holds free back to the system (None: not available)."""

M_ARENA_MAX = -8
"""glibc's ``mallopt`` parameter: at most this many arenas (heaps) for all threads together."""
ARENAS = 2
"""The GUI thread's heap and one the other threads share."""


def share_heaps() -> bool:
    """Have the C allocator keep at most :data:`ARENAS` heaps, however many threads the app
    starts (False where the C library cannot say: musl, macOS).

    glibc gives each new thread a heap of its own, up to 8 a core: sight, the phones'
    server and pages, the journal, the saves. A 1024 x 1024 map makes arrays of 1-4 MB in each
    at every change, and what each heap kept among them, the idle give-back could not return:
    issue 32's session grew by 41 MB in 60 rounds, 5-10 MB with two heaps
    (docs/performance.md). Mapping big blocks on their own instead (``M_MMAP_THRESHOLD``)
    grew as little, but faulted their pages in afresh each time: the first reveal's GUI-thread
    CPU went from 10 ms to 46 ms.
    """
    mallopt = getattr(_libc(), "mallopt", None)
    if mallopt is None:
        return False
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    return bool(mallopt(M_ARENA_MAX, ARENAS))


_INPUT = frozenset(
    {
        QEvent.Type.MouseButtonPress,
        QEvent.Type.MouseButtonRelease,
        QEvent.Type.MouseButtonDblClick,
        QEvent.Type.MouseMove,
        QEvent.Type.Wheel,
        QEvent.Type.KeyPress,
        QEvent.Type.KeyRelease,
        QEvent.Type.TouchBegin,
        QEvent.Type.TouchUpdate,
        QEvent.Type.TabletMove,
        QEvent.Type.DragMove,
    }
)


def _may_be_input(event: QEvent) -> bool:
    """Whether ``event`` may be of :data:`_INPUT`: an input event (mouse, key, wheel, touch,
    tablet), or a drag over the window (a drop event, not an input one)."""
    return event.isInputEvent() or isinstance(event, QDragMoveEvent)


def due(full: bool = True) -> int:
    """The oldest generation past its threshold, the one Python would collect now (the
    oldest only when ``full``; -1: none is due)."""
    found = -1
    for generation, (count, threshold) in enumerate(
        zip(gc.get_count(), gc.get_threshold(), strict=False)
    ):
        if threshold <= 0 or count <= threshold or (generation == 2 and not full):
            break
        found = generation
    return found


def collect_due(full: bool = True) -> int:
    """Collect the oldest generation past its threshold, as Python would (the oldest
    only when ``full``); on the main thread only.

    Returns the number of unreachable objects found (0 when nothing was due, or
    when called from another thread, where nothing is collected).
    """
    if threading.current_thread() is not threading.main_thread():
        return 0
    generation = due(full)
    return gc.collect(generation) if generation >= 0 else 0


class GuiThreadCollector(QObject):
    """Turns automatic collection off and collects what is due from a GUI-thread timer."""

    def __init__(
        self,
        parent: QObject | None = None,
        interval_ms: int = INTERVAL_MS,
        first_ms: int = 0,
        idle_ms: int = IDLE_MS,
    ) -> None:
        """``first_ms``: the first look comes this late (then every ``interval_ms``)."""
        super().__init__(parent)
        self.setObjectName(NAME)
        gc.disable()
        self.idle_ms = idle_ms
        self.last_input = time.monotonic()
        self.pending = False
        """Collect what was made since the last :meth:`settle`, then freeze it, at the next
        idle moment."""
        self.freezing = False
        """The app freezes (:meth:`freeze_now` or :meth:`settle_soon` said so): idle full
        collections, bursts and the sight kernel's arrival freeze too (the tests' collector
        freezes nothing unasked)."""
        self.arrived = False
        """Libraries arrived (:meth:`imported`): freeze them at the next look, unlooked at."""
        self.grown = 0
        """About how many objects young collections left alive since the last freeze."""
        self._kernel_ready = sight_kernel.ready()
        self.trimmed = False
        """The memory freed since the last input was given back (once per idle moment)."""
        self.next_give_back = 0.0
        """Not given back again before this moment (``time.monotonic``)."""
        self.next_sweep = time.monotonic() + SWEEP_EVERY_S
        """No whole collection at a long idle moment before this (``time.monotonic``)."""
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.collect)
        if first_ms > 0:
            QTimer.singleShot(first_ms, self, self.timer.start)
        else:
            self.timer.start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Every event of the GUI thread passes here: most are no input (timers, paints),
        # told apart without asking their type (a Python enum made for each event).
        if _may_be_input(event) and event.type() in _INPUT:
            self.last_input = time.monotonic()
            self.trimmed = False
        return False

    def idle(self, idle_ms: int | None = None) -> bool:
        """No mouse button held and no input for :attr:`idle_ms` (or ``idle_ms``)."""
        if QGuiApplication.mouseButtons() != Qt.MouseButton.NoButton:
            return False
        wanted = self.idle_ms if idle_ms is None else idle_ms
        return (time.monotonic() - self.last_input) * 1000 >= wanted

    def sweep_due(self) -> bool:
        """A whole collection now: the app freezes, nobody has touched it for
        :data:`SWEEP_IDLE_MS` and none ran for :data:`SWEEP_EVERY_S`."""
        return self.freezing and time.monotonic() >= self.next_sweep and self.idle(SWEEP_IDLE_MS)

    def watch(
        self, made: SignalInstance, holder: Callable[[], Sequence[object]] | None = None
    ) -> None:
        """Settle at the next idle moment after ``made`` fires (a load, a scene switch).

        ``holder()``: what only a load replaces, first (the document's evening), then what
        should go with it (its scenes' encounters). When ``made`` finds another first, and
        any of what the last one named still lives a turn later, everything is collected
        at once, frozen objects included (:meth:`collect_all`): caught in a cycle, the file
        the GM closed would never be freed (the evening unties its scenes when closed)."""
        held: list[weakref.ref[object]] = []

        def made_now() -> None:
            self.settle_soon()
            if holder is None:
                return
            now = holder()
            if held and held[0]() is not now[0]:
                gone = list(held)
                QTimer.singleShot(0, self, lambda: self._freed(gone))
            held[:] = [weakref.ref(thing) for thing in now]

        if holder is not None:
            held[:] = [weakref.ref(thing) for thing in holder()]
        made.connect(made_now)

    def _freed(self, gone: list[weakref.ref[object]]) -> None:
        """Right after a load, while the GM still waits for it: collect everything if
        something of the file it closed lives on, else settle what the load made (the
        closed file's objects freed meanwhile, it is no burst: 30 ms at an idle moment)."""
        if any(thing() is not None for thing in gone):
            self.collect_all()
        else:
            self.settle()

    def settle_soon(self) -> None:
        """Collect and freeze what was made lately at the next idle moment (any thread
        may ask)."""
        self.pending = self.freezing = True

    def imported(self) -> None:
        """Libraries were imported (the warm-up): freeze what lives at the next look,
        without looking at it (any thread may ask)."""
        self.arrived = True

    def freeze_now(self) -> None:
        """Freeze what lives now without looking at it (the start-up's imports, before the
        window is made: the ``tactical`` command loads them with automatic collection off,
        and the thousand-odd objects of cycles they left are frozen too); from now on each
        idle full collection freezes what it leaves."""
        self.freezing = True
        self.grown = 0
        gc.freeze()

    def collect(self) -> int:
        """The timer's look: young generations when due; the rest only when idle."""
        if not self._kernel_ready and sight_kernel.ready():  # numba's objects: freeze them
            self._kernel_ready = True
            self.arrived = self.arrived or self.freezing
        made = gc.get_count()[0]  # objects more since the last young collection
        if self.freezing and self.grown + made >= BURST:  # looking at them costs 20-70 ms
            if made < BURST:  # made bit by bit: what died lately goes first
                gc.collect(1)
            self.freeze_now()
            made = 0
        if not self.idle() or self.arrived:  # a settle now would traverse the libraries
            found = collect_due(full=False)
        elif self.sweep_due():
            found = self.collect_all()
        elif self.pending or (self.freezing and gc.get_count()[2] > 0):
            found = self.settle()  # something reached the oldest generation since
        else:
            found = collect_due()
        if gc.get_count()[0] < made:  # a young collection: what it left lives on
            self.grown += made - found
        if self.arrived:
            self.arrived = False
            self.freeze_now()
        if self.idle():
            self.give_back_once()
        return found

    def give_back_once(self) -> None:
        """Give the memory freed since back to the system, once per idle moment and at
        most every :data:`GIVE_BACK_EVERY_S`."""
        now = time.monotonic()
        if not self.trimmed and give_back is not None and now >= self.next_give_back:
            self.trimmed, self.next_give_back = True, now + GIVE_BACK_EVERY_S
            give_back()

    def collect_all(self) -> int:
        """Collect everything, frozen objects included, then freeze what is left: 0.1-0.6 s
        on 1024 x 1024 (the libraries' objects too), so only right after a load whose
        closed file lives on (the GM waits for the load anyway), or when nobody has touched
        the app for :data:`SWEEP_IDLE_MS` (at most every :data:`SWEEP_EVERY_S`)."""
        self.pending = False
        self.grown = 0
        self.next_sweep = time.monotonic() + SWEEP_EVERY_S
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        return found

    def settle(self) -> int:
        """Collect what is not frozen (what was made since the last settle), then freeze
        what is left: the next one looks only at what is new again. What an earlier one
        froze is not looked at (:meth:`collect_all` does, after a load)."""
        self.pending = False
        found = gc.collect()
        self.grown = 0
        gc.freeze()
        return found


def install_gui_thread_gc(app: QCoreApplication, first_ms: int = 0) -> GuiThreadCollector:
    """Collect cycles on ``app``'s thread only, for as long as ``app`` lives (once per app).

    ``first_ms``: the first look waits this long (the app's start-up: :data:`START_UP_MS`).
    The C allocator's threads share two heaps from here on (:func:`share_heaps`).
    """
    found = app.findChild(GuiThreadCollector, NAME)
    if isinstance(found, GuiThreadCollector):
        gc.disable()  # someone may have switched it on again
        return found
    share_heaps()
    collector = GuiThreadCollector(app, first_ms=first_ms)
    app.installEventFilter(collector)  # input marks the GM as busy
    return collector

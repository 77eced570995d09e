"""A four-hour session, compressed, as a benchmark (issue 32).

``python -m benchmarks.session [--short] [--rounds N]``: on ``maps/crypt-fog`` and on the
generated 1024 x 1024 map (``maps.generated``; ``--short``: crypt-fog only, a few rounds),
the real window runs offscreen, 1600 x 1000, with the player view open and 8 phone pages
connected as WebSocket clients on 127.0.0.1 to the app's own share server, from a process of
their own as phones are other devices (in this one, their reading of every message took
turns of the app's interpreter lock and filled its heaps). Each round:

- a party token dragged two squares and back (mouse events on the view: the select tool's
  drag controller, with "Reveal after every move" on: its reveal lands from the worker);
- a fog stroke of 12 dabs (the fog tool's gesture, pushed as the tool pushes);
- a door opened or closed (where the map has one);
- the combat procedure's primary step through the panel's presenter (where it needs no
  choice);
- two undos and two redos (Ctrl+Z, Ctrl+Y); every tenth round a save (Ctrl+S, in the
  background).

Each step comes with the input a GM's hand makes (keys pressed on the window, the mouse
moved over the map at each dab, door and step), which the app sees: its cycle collector
keeps its full collections for when the GM is idle (``runtime/gui_thread_gc.py``), and a
step with no input at all would let them fall into it.

Between two looks the GUI thread waits in its event loop, as the app's loop does (not in
``time.sleep``): the app then sees it idle, and the phones' builder and the save's worker go on
(``tactical.core.give_way``; ``--no-give-way``: neither gives way, the reference).

Measured after two warm-up rounds: the resident memory's growth (``VmRSS``, from the end of
the warm-up to the end, each time once the GM has paused long enough for the app's idle look:
a collection, and the memory freed given back to the system), the longest gap between two
ticks of a 5 ms ``QTimer`` on the GUI thread with the GUI thread's own CPU time in it
(``time.thread_time``) and its time waiting for a core (Linux's schedstat: the other
processes of a loaded machine); the rest of a gap the thread was blocked, on the GIL held by
another thread (or waiting for the next tick): the longest such time in one gap is printed
below the table, with how soon each drag's drop reached all 8 pages and how long the
builder and the save waited for the GUI, what the undo history holds (its own count) and the
growth once it is cleared (the rest is not the GM's steps). And whether the last save reopens
equal to the encounter on screen. ``--only 1024`` (or ``crypt``) runs only the maps whose name
holds it. The load average is printed before and after: wall-clock gaps mean little on a loaded
machine.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from benchmarks.timing import print_table  # noqa: E402

WARM_UP = 2
PAGES = 8


def settle(until: Callable[[], object] | None = None, most: float = 30.0) -> None:
    """Run the Qt event loop until ``until()`` holds (at most ``most`` seconds), waiting in
    it between two looks as the app's own loop does (the GUI thread idle, not asleep)."""
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    assert app is not None
    deadline = time.perf_counter() + most
    for _ in range(3):
        app.processEvents()
    loop = QEventLoop()
    while until is not None and not until() and time.perf_counter() < deadline:
        QTimer.singleShot(2, loop.quit)
        loop.exec()


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


class Ticks:
    """The longest gap between two ticks of a 5 ms timer on the GUI thread, and the round's
    steps that ran in it (:meth:`step`)."""

    def __init__(self) -> None:
        from PySide6.QtCore import QTimer

        self.longest = 0.0
        self.longest_cpu = 0.0
        """The GUI thread's CPU time in the longest gap."""
        self.where = ""
        self.worst: dict[str, tuple[float, float]] = {}
        """A step (or steps, "a + b") -> the longest gap they ran in and its GUI CPU time."""
        self.busiest: dict[str, float] = {}
        """A step (or steps) -> the most GUI CPU time in one gap they ran in."""
        self.spent: dict[str, float] = {}
        """A step -> the GUI thread's CPU time in it, all its gaps, every round."""
        self.since: list[str] = ["idle"]
        self.queued_file = os.open("/proc/thread-self/schedstat", os.O_RDONLY)
        self.longest_queued = 0.0
        """The GUI thread's time waiting for a core (Linux's run queue) in the longest gap."""
        self.blocked = 0.0
        """The longest the GUI thread was blocked in one gap: neither working nor waiting for
        a core (Python's lock held by another thread, or the wait for the next tick)."""
        self.blocked_where = ""
        self.last = time.perf_counter()
        self.last_cpu = time.thread_time()
        self.last_queued = self.queued()
        self.timer = QTimer()
        self.timer.setInterval(5)
        self.timer.timeout.connect(self.tick)
        self.timer.start()

    def step(self, name: str) -> None:
        """The session starts the step ``name`` (the GUI thread runs it until it returns)."""
        if name not in self.since:
            self.since.append(name)

    def queued(self) -> float:
        """The GUI thread's seconds on the run queue so far."""
        return int(os.pread(self.queued_file, 100, 0).split()[1]) / 1e9

    def tick(self) -> None:
        now, cpu_now, queued_now = time.perf_counter(), time.thread_time(), self.queued()
        gap, cpu, where = now - self.last, cpu_now - self.last_cpu, " + ".join(self.since)
        queued = queued_now - self.last_queued
        if gap > self.longest:
            self.longest, self.longest_cpu, self.where = gap, cpu, where
            self.longest_queued = queued
        if gap - cpu - queued > self.blocked:
            self.blocked, self.blocked_where = gap - cpu - queued, where
        if gap > self.worst.get(where, (0.0, 0.0))[0]:
            self.worst[where] = (gap, cpu)
        self.busiest[where] = max(self.busiest.get(where, 0.0), cpu)
        self.since = self.since[-1:]
        self.last, self.last_cpu, self.last_queued = now, cpu_now, queued_now

    def reset(self) -> None:
        self.longest, self.longest_cpu, self.where, self.worst = 0.0, 0.0, "", {}
        self.busiest, self.spent = {}, {}
        self.longest_queued, self.blocked, self.blocked_where = 0.0, 0.0, ""
        self.since = self.since[-1:]
        self.last, self.last_cpu = time.perf_counter(), time.thread_time()
        self.last_queued = self.queued()

    def stop(self) -> None:
        self.timer.stop()
        os.close(self.queued_file)


class Session:
    """One map's session in one window."""

    def __init__(self, path: Path, folder: Path) -> None:
        from PySide6.QtCore import QSettings

        from tactical.app.encounter.document import EncounterDocument
        from tactical.app.window.main_window import MainWindow
        from tactical.persistence import load_encounter

        self.path = path
        encounter = load_encounter(path)
        settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
        self.window = window = MainWindow(
            EncounterDocument(encounter, path), settings=settings, recovery_dir=folder / "rec"
        )
        window.files.ask_unsaved = lambda: "discard"
        window.resize(1600, 1000)
        window.show()
        window.ensure_panel()
        self.player = window.open_player_view()
        self.player.show()
        settle()
        window.activateWindow()  # the GM's keys go to the GM's window
        settle(window.isActiveWindow)
        window.view.fit_map()
        self.document = window.document
        self._fog_on()
        self._phones()
        grid = encounter.grid
        assert grid is not None
        self.doors = [i for i, line in enumerate(grid.wall_lines) if line.kind == "door"]
        party = [t for t in encounter.tokens.values() if t.side in encounter.fog.party]
        self.mover = next(t.id for t in party if t.square is not None and t.size == 1)
        self.round = 0
        self.wiggle = 0
        self.drops: list[tuple[float, list[int]]] = []
        """Each drag's drop: when, and how many messages each page had by then."""

    def _fog_on(self) -> None:
        from tactical.core.changes import GM
        from tactical.core.commands.fog import SetFogSetting

        fog = self.document.encounter.fog
        if not fog.enabled:
            self.document.push(SetFogSetting("enabled", True), GM)
        if not fog.auto_reveal:
            self.window.fog_controls.auto_action.trigger()
        self.wait_sight()

    def _phones(self) -> None:
        from benchmarks.pages import PagesElsewhere

        session = self.window.phone_sharing.start("127.0.0.1", 0)
        assert not isinstance(session, str), session
        self.share = session
        links = session.links.all()
        urls = [session.url(links[i % len(links)]) for i in range(PAGES)]
        self.pages = PagesElsewhere(urls)

    def wait_sight(self) -> None:
        settle(lambda: not self.window.fog_controls.worker.busy())

    def drag(self, dx: int) -> None:
        from PySide6.QtCore import QEvent, QPointF, Qt
        from PySide6.QtGui import QMouseEvent
        from PySide6.QtWidgets import QApplication

        from tactical.app.map.geometry import CELL

        view = self.window.view
        viewport = view.viewport()
        token = self.document.encounter.token(self.mover)
        assert token.square is not None
        col, row = token.square

        def send(kind: QEvent.Type, square: tuple[int, int], buttons: Qt.MouseButton) -> None:
            point = QPointF((square[0] + 0.5) * CELL, (square[1] + 0.5) * CELL)
            pos = view.mapFromScene(point)
            button = (
                Qt.MouseButton.NoButton
                if kind == QEvent.Type.MouseMove
                else (Qt.MouseButton.LeftButton)
            )
            event = QMouseEvent(
                kind,
                QPointF(pos),
                QPointF(viewport.mapToGlobal(pos)),
                button,
                buttons,
                Qt.KeyboardModifier.NoModifier,
            )
            QApplication.sendEvent(viewport, event)
            settle()

        left = Qt.MouseButton.LeftButton
        send(QEvent.Type.MouseButtonPress, (col, row), left)
        send(QEvent.Type.MouseMove, (col + dx // 2, row), left)
        send(QEvent.Type.MouseMove, (col + dx, row), left)
        self.drops.append((time.perf_counter(), list(self.pages.seen)))
        send(QEvent.Type.MouseButtonRelease, (col + dx, row), Qt.MouseButton.NoButton)
        self.wait_sight()

    def drops_reached(self) -> list[float]:
        """For each drop since the warm-up: ms until every page had a message sent after it
        (the drops whose messages all came before the next drop)."""
        got = []
        for (at, counts), (after, _) in zip(
            self.drops, [*self.drops[1:], (float("inf"), [])], strict=True
        ):
            firsts = [
                next((t for t in stamps[count:] if t > at), float("inf"))
                for stamps, count in zip(self.pages.stamps, counts, strict=True)
            ]
            if max(firsts) < after:
                got.append((max(firsts) - at) * 1000)
        return got

    def hand(self) -> None:
        """The GM's hand moves the mouse over the map (the app sees input)."""
        from PySide6.QtCore import QPoint
        from PySide6.QtTest import QTest

        viewport = self.window.view.viewport()
        self.wiggle = (self.wiggle + 1) % 50
        QTest.mouseMove(viewport, QPoint(viewport.width() // 2 + self.wiggle, 40))

    def keys(self, key: Any, modifiers: Any) -> None:
        """The GM presses a key on the window (its shortcut runs, as by hand)."""
        from PySide6.QtTest import QTest

        QTest.keyClick(self.window.view.viewport(), key, modifiers)

    def stroke(self) -> None:
        from tactical.app.fog.gesture import FogGesture
        from tactical.app.map.geometry import CELL
        from tactical.app.map.interaction.events import Pointer
        from tactical.core.changes import GM
        from tactical.core.commands.base import Command

        grid = self.document.encounter.grid
        assert grid is not None
        gesture = FogGesture(lambda: self.document.encounter, size=3)
        row = 2 + (self.round * 3) % max(1, grid.height - 4)
        hide = self.round % 2 == 1

        def at(col: int) -> Pointer:
            return Pointer((col + 0.5) * CELL, (row + 0.5) * CELL, left=True, shift=hide)

        cols = [2 + i * max(1, (grid.width - 4) // 12) for i in range(12)]
        made = [gesture.press(at(cols[0]))]
        made += [gesture.move(at(c)) for c in cols[1:]]
        made.append(gesture.release(at(cols[-1])))
        for command in made:
            self.hand()
            if isinstance(command, Command):
                self.document.push(command, GM)
            settle()

    def door(self) -> None:
        from tactical.core.changes import GM
        from tactical.core.commands.wall_lines import toggle_door

        self.hand()
        if self.doors:
            index = self.doors[self.round % len(self.doors)]
            self.document.push(toggle_door(self.document.encounter, index), GM)
            settle()
            self.wait_sight()

    def procedure_step(self) -> None:
        self.hand()
        presenter = self.window.ensure_panel().presenter  # type: ignore[attr-defined]
        if presenter.encounter.procedure is None:
            return
        action = presenter.controller.primary()
        if action is not None and not action.params:
            with contextlib.suppress(ValueError, KeyError):  # a refusal: the GM would read it
                presenter.perform(action, {}, [])
        settle()

    def undo_redo(self) -> None:
        from PySide6.QtCore import Qt

        control = Qt.KeyboardModifier.ControlModifier
        stack = self.document.undo_stack
        for key, step in (
            (Qt.Key.Key_Z, -1),
            (Qt.Key.Key_Z, -1),
            (Qt.Key.Key_Y, 1),
            (Qt.Key.Key_Y, 1),
        ):
            index = stack.index()
            self.keys(key, control)
            settle()
            assert stack.index() == index + step, "the GM's key did not undo or redo"
        self.wait_sight()

    def save(self) -> None:
        from PySide6.QtCore import Qt

        files = self.window.files
        self.keys(Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
        settle(lambda: not files.background.running)

    def play_round(self, ticks: Ticks | None = None) -> None:
        steps: list[tuple[str, Callable[[], None]]] = [
            ("drag", lambda: self.drag(2)),
            ("drag back", lambda: self.drag(-2)),
            ("fog stroke", self.stroke),
            ("door", self.door),
            ("procedure step", self.procedure_step),
            ("undo and redo", self.undo_redo),
        ]
        if self.round % 10 == 9:
            steps.append(("save", self.save))
        for name, step in steps:
            if ticks is not None:
                ticks.step(name)
            began = time.thread_time()
            step()
            if ticks is not None:
                ticks.spent[name] = ticks.spent.get(name, 0.0) + time.thread_time() - began
        if ticks is not None:
            ticks.step("idle")
        self.round += 1

    def close(self) -> bool:
        """Save, reopen the file and compare it with the encounter on screen."""
        from tactical.persistence import load_encounter

        self.save()
        same = bool(load_encounter(self.path) == self.document.encounter)
        self.pages.close()
        self.window.phone_sharing.stop()
        self.player.close()
        self.window.close()
        settle()
        return same


def pause(collector: Any, session: Session) -> None:
    """The GM stops for a moment: the phones have their last change (no build under way,
    none waiting: on a loaded machine one may still be), then the app's idle look collects
    and gives freed memory back (at once, not after its usual wait between two)."""
    from tactical.share.give_way import GATE

    publishing = session.share._timer  # the phones' coalescing of changes
    for _ in range(2):  # a change's build starts a moment after it is handed over
        settle(lambda: not publishing.isActive() and not GATE.building)
        settle(lambda: False, most=0.05)
    collector.trimmed, collector.next_give_back = False, 0.0
    settle(lambda: collector.trimmed)
    gc.collect()


def run(path: Path, rounds: int, gil_ms: float = 0.25, give_way: bool = True) -> dict[str, Any]:
    from PySide6.QtWidgets import QApplication

    from tactical.app.runtime.gil_turns import install_quick_gil_turns
    from tactical.app.runtime.give_way import install_give_way, remove_give_way
    from tactical.app.runtime.gui_thread_gc import install_gui_thread_gc
    from tactical.share.give_way import GATE

    app = QApplication.instance() or QApplication(sys.argv[:1])
    collector = install_gui_thread_gc(app)
    install_quick_gil_turns(gil_ms / 1000)  # as the app does (5: Python's default)
    if give_way:  # as the app does
        install_give_way(app)
    else:
        remove_give_way(app)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        copy = folder / path.name
        copy.write_bytes(path.read_bytes())
        session = Session(copy, folder)
        collector.freeze_now()  # as the app once its window shows (tactical.app.main.run)
        ticks = Ticks()
        for _ in range(WARM_UP):
            session.play_round(ticks)
        pause(collector, session)
        warm = rss_mb()
        ticks.reset()
        session.drops.clear()
        GATE.waited = GATE.longest_piece = 0.0
        begin = time.perf_counter()
        for _ in range(rounds):
            session.play_round(ticks)
        took = time.perf_counter() - begin
        gap, cpu, where = ticks.longest, ticks.longest_cpu, ticks.where
        queued, blocked = (
            ticks.longest_queued,
            f"{ticks.blocked * 1000:.0f} ms, in {ticks.blocked_where}",
        )
        worst = sorted(ticks.worst.items(), key=lambda kv: -kv[1][0])[:4]
        busiest = sorted(ticks.busiest.items(), key=lambda kv: -kv[1])[:4]
        ticks.stop()
        pause(collector, session)
        grown = rss_mb() - warm
        steps = session.document.undo_stack.count()
        history = session.document.history.held_bytes / 2**20
        session.document.history.clear()  # what is left grown is not the GM's undo steps
        pause(collector, session)
        cleared = rss_mb() - warm
        reached = sorted(session.drops_reached())
        same = session.close()
    remove_give_way(app)  # what follows in this process (a test) runs as before
    return {
        "grown": grown,
        "gap": gap * 1000,
        "cpu": cpu * 1000,
        "queued": queued * 1000,
        "blocked": blocked,
        "where": where,
        "worst": ", ".join(
            f"{name} {ms * 1000:.0f} ({c * 1000:.0f}) ms" for name, (ms, c) in worst
        ),
        "busiest": ", ".join(f"{name} {ms * 1000:.0f} ms" for name, ms in busiest),
        "spent": ", ".join(
            f"{name} {ms * 1000 / rounds:.0f} ms" for name, ms in ticks.spent.items() if ms
        ),
        "same": same,
        "reached": (
            f"{len(reached)} of {2 * rounds} drops: median {reached[len(reached) // 2]:.0f} ms, "
            f"most {reached[-1]:.0f} ms"
            if reached
            else "none"
        ),
        "gave way": f"waited {GATE.waited * 1000 / rounds:.1f} ms a round, "
        f"longest stretch between two checkpoints {GATE.longest_piece * 1000:.1f} ms",
        "seconds": took,
        "steps": steps,
        "history": f"holds {history:.1f} MB by its own count; with it cleared the memory grown is "
        f"{cleared:.1f} MB",
    }


def map_path(name: str, scratch: Path) -> Path:
    """The file of the session's map ``name``: crypt-fog, or 1024 x 1024 made in ``scratch``."""
    from benchmarks import big

    if name == "crypt-fog":
        return ROOT / "maps" / "crypt-fog.tactical.json"
    return big.map_file(1024, scratch)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--short", action="store_true", help="crypt-fog only, 3 rounds")
    parser.add_argument("--rounds", type=int, default=0, help="rounds after the warm-up")
    parser.add_argument("--only", default="", help="only the maps whose name holds this")
    parser.add_argument(
        "--gil-ms",
        type=float,
        default=0.25,
        help="the interpreter's switch interval in ms (the app's 0.25; 5 is Python's default)",
    )
    parser.add_argument(
        "--no-give-way",
        action="store_true",
        help="the pages' builder and the save do not give way to the GUI thread (the reference)",
    )
    args = parser.parse_args(argv)
    rounds = args.rounds or (3 if args.short else 60)
    names = ["crypt-fog"] if args.short else ["crypt-fog", "generated 1024 x 1024"]
    names = [name for name in names if args.only in name]
    rows: list[tuple[str, ...]] = []
    worst: list[str] = []
    loads = [f"{os.getloadavg()[0]:.1f}"]
    with tempfile.TemporaryDirectory() as scratch:
        for name in names:
            path = map_path(name, Path(scratch))
            got = run(path, rounds, args.gil_ms, not args.no_give_way)
            rows.append(
                (
                    f"{name}: {rounds} rounds ({got['seconds']:.0f} s, {got['steps']} undo steps)",
                    f"{got['grown']:.1f} MB",
                    f"{got['gap']:.0f} ms ({got['cpu']:.0f}, {got['queued']:.0f} ms)",
                    got["where"],
                    "yes" if got["same"] else "NO",
                )
            )
            worst.append(f"{name}: the longest gaps by step (GUI CPU): {got['worst']}")
            worst.append(f"{name}: the most GUI CPU in one gap by step: {got['busiest']}")
            worst.append(f"{name}: GUI CPU a round by step (saves: one in ten): {got['spent']}")
            worst.append(
                f"{name}: the GUI thread blocked longest in one gap (neither working nor "
                f"waiting for a core: Python's lock, or the next tick): {got['blocked']}"
            )
            worst.append(f"{name}: a drop reaches the 8 pages: {got['reached']}")
            worst.append(f"{name}: the pages' builder and the save {got['gave way']}")
            worst.append(f"{name}: the undo history {got['history']}")
            loads.append(f"{os.getloadavg()[0]:.1f}")
    head = (
        "session",
        "memory grown",
        "longest GUI gap (GUI CPU, waiting for a core)",
        "in the step",
        "save reopens equal",
    )
    print_table(head, rows, 2)
    print("\n".join(worst))
    print(f"load average (1 min) before and after each map: {', '.join(loads)}")
    print(f"switch interval: {args.gil_ms:g} ms; gives way: {'no' if args.no_give_way else 'yes'}")
    return 0 if all(row[4] == "yes" for row in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())

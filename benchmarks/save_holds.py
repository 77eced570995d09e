"""How long Ctrl+S's worker keeps Python's lock in one go, and between two checkpoints (issue 32).

``python -m benchmarks.save_holds [--tokens N ...] [--saves N] [--size N]``: the generated
map (``benchmarks.maps``) with each count of tokens is made, proven and written by
``background_save.write_snapshot`` on a thread of its own, as the app's worker does, and
timed by that thread's CPU (so the figures hold on a loaded machine):

- *CPU*: the worker's CPU for one save (median of the saves);
- *longest piece*: the longest stretch between two checkpoints of the GUI's gate
  (``core.give_way``), where a busy GUI thread would have had to share the lock with it
  (median and most of the saves), and where it ended;
- *longest hold*: the longest stretch in which the worker never reached Python's bytecode
  (a single call into C: a join, a parse, a validation, or freeing a big structure), so never
  let go of the lock, however hard the GUI thread asked for it (median (most) of three
  profiled and traced saves, and the median's site: tracing slows Python, not the calls into
  C; the system's file calls let go of the lock and are not counted).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import maps  # noqa: E402
from benchmarks.timing import print_table  # noqa: E402
from tactical.app.storage.background_save import write_snapshot  # noqa: E402
from tactical.core import give_way  # noqa: E402
from tactical.persistence.snapshot import take_snapshot  # noqa: E402

clock = time.thread_time_ns


def _site(frame: FrameType) -> str:
    return f"{Path(frame.f_code.co_filename).name}:{frame.f_lineno} {frame.f_code.co_name}"


def on_thread(work: Callable[[], None]) -> None:
    """Run ``work`` on a thread of its own (as the save's worker) and wait for it."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            work()
        except BaseException as error:
            failed.append(error)

    thread = threading.Thread(target=run, name="save")
    thread.start()
    thread.join()
    if failed:
        raise failed[0]


def one_save(encounter: Any, path: Path) -> tuple[float, float, str]:
    """One save's CPU and its longest piece between two checkpoints (ms), with its end."""
    found: dict[str, Any] = {"longest": 0, "where": ""}

    def checkpoint() -> None:
        now = clock()
        if now - found["since"] > found["longest"]:
            found["longest"], found["where"] = now - found["since"], _site(sys._getframe(2))
        found["since"] = clock()

    snapshot = take_snapshot(encounter)

    def work() -> None:
        found["start"] = found["since"] = clock()
        outcome = write_snapshot(path, snapshot)
        found["cpu"] = clock() - found["start"]
        if outcome is not None:
            raise outcome

    real, give_way.GATE.checkpoint = give_way.GATE.checkpoint, checkpoint  # type: ignore[method-assign]
    try:
        on_thread(work)
    finally:
        give_way.GATE.checkpoint = real  # type: ignore[method-assign]
    return found["cpu"] / 1e6, found["longest"] / 1e6, found["where"]


LETS_GO = frozenset({"write", "fsync", "replace", "open", "close", "stat", "unlink", "scandir"})
"""Calls into C that let go of Python's lock while they work (the system's file calls)."""


def longest_hold(encounter: Any, path: Path) -> tuple[float, str]:
    """The longest stretch of one save's worker without a Python event (a call, a line, a
    call into C or its return; ms), and where: a stretch that ends as a call of
    :data:`LETS_GO` returns is not counted."""
    snapshot = take_snapshot(encounter)
    found: dict[str, Any] = {"longest": 0, "where": ""}

    def profile(frame: FrameType, event: str, arg: object) -> None:
        now = clock()
        name = getattr(arg, "__name__", "") if event.startswith("c_") else ""
        lets_go = event == "c_return" and name in LETS_GO
        if now - found["since"] > found["longest"] and not lets_go:
            found["longest"] = now - found["since"]
            found["where"] = f"{found['last']} -> {event} {name} {_site(frame)}"
        found["last"] = f"{event} {name} {_site(frame)}"
        found["since"] = clock()

    def trace(frame: FrameType, event: str, arg: object) -> Any:
        profile(frame, event, arg)
        return trace

    def work() -> None:
        found["since"], found["last"] = clock(), "start"
        sys.setprofile(profile)
        sys.settrace(trace)  # lines too: a loop in Python lets go of the lock, calls or not
        try:
            outcome = write_snapshot(path, snapshot)
        finally:
            sys.settrace(None)
            sys.setprofile(None)
        if outcome is not None:
            raise outcome

    on_thread(work)
    return found["longest"] / 1e6, found["where"]


def rows(size: int, counts: list[int], saves: int, traced: int) -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = []
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "saved.tactical.json"
        for count in counts:
            encounter = maps.generated(size, tokens=count - 1)  # it adds one token
            one_save(encounter, path)  # warm up
            runs = [one_save(encounter, path) for _ in range(saves)]
            holds = sorted(longest_hold(encounter, path) for _ in range(traced))
            hold, where = holds[len(holds) // 2]
            pieces = [r[1] for r in runs]
            worst = max(runs, key=lambda r: r[1])
            found.append(
                (
                    f"{size} x {size}, {count:,} tokens",
                    f"{statistics.median(r[0] for r in runs):.0f}",
                    f"{statistics.median(pieces):.1f} ({max(pieces):.1f})",
                    f"{hold:.1f} ({holds[-1][0]:.1f})",
                    worst[2],
                    where,
                )
            )
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tokens", type=int, nargs="+", default=[200, 10_000])
    parser.add_argument("--saves", type=int, default=5, help="timed saves of each map")
    parser.add_argument("--size", type=int, default=1024, help="the generated map's side")
    parser.add_argument("--traced", type=int, default=3, help="traced saves of each map")
    args = parser.parse_args(argv)
    load = [f"{os.getloadavg()[0]:.1f}"]
    found = rows(args.size, args.tokens, args.saves, args.traced)
    load.append(f"{os.getloadavg()[0]:.1f}")
    head = (
        f"Ctrl+S's worker (thread CPU, median (most) of {args.saves}; of {args.traced} traced, ms)",
        "CPU",
        "longest piece",
        "longest hold",
        "the longest piece ends at",
        "the longest hold is",
    )
    print_table(head, found, 3)
    print(f"load average (1 min) before and after: {', '.join(load)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

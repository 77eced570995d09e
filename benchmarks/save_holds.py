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
  let go of the lock, however hard the GUI thread asked for it (one profiled save: the
  profiler slows Python, not the calls into C).
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


def longest_hold(encounter: Any, path: Path) -> tuple[float, str]:
    """The longest stretch of one save's worker without a Python event (ms), and where."""
    snapshot = take_snapshot(encounter)
    found: dict[str, Any] = {"longest": 0, "where": ""}

    def profile(frame: FrameType, event: str, arg: object) -> None:
        now = clock()
        if now - found["since"] > found["longest"]:
            found["longest"] = now - found["since"]
            found["where"] = f"{found['last']} -> {event} {_site(frame)}"
        what = getattr(arg, "__qualname__", "") if event.startswith("c_") else ""
        found["last"] = f"{event} {what} {_site(frame)}".replace("  ", " ")
        found["since"] = clock()

    def work() -> None:
        found["since"], found["last"] = clock(), "start"
        sys.setprofile(profile)
        try:
            outcome = write_snapshot(path, snapshot)
        finally:
            sys.setprofile(None)
        if outcome is not None:
            raise outcome

    on_thread(work)
    return found["longest"] / 1e6, found["where"]


def rows(size: int, counts: list[int], saves: int) -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = []
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "saved.tactical.json"
        for count in counts:
            encounter = maps.generated(size, tokens=count - 1)  # it adds one token
            one_save(encounter, path)  # warm up
            runs = [one_save(encounter, path) for _ in range(saves)]
            hold, where = longest_hold(encounter, path)
            pieces = [r[1] for r in runs]
            worst = max(runs, key=lambda r: r[1])
            found.append(
                (
                    f"{size} x {size}, {count:,} tokens",
                    f"{statistics.median(r[0] for r in runs):.0f}",
                    f"{statistics.median(pieces):.1f} ({max(pieces):.1f})",
                    f"{hold:.1f}",
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
    args = parser.parse_args(argv)
    load = [f"{os.getloadavg()[0]:.1f}"]
    found = rows(args.size, args.tokens, args.saves)
    load.append(f"{os.getloadavg()[0]:.1f}")
    head = (
        f"Ctrl+S's worker (thread CPU, median (most) of {args.saves}, ms)",
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

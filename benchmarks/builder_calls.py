"""How long the phones' page builder holds Python's lock in one C call in the session (issue 32).

``python -m benchmarks.builder_calls [session's options]``: ``benchmarks.session`` (``--only
1024`` for the big map alone; its other options too) with the builder's single C calls timed:
each call of json's writer and of base64 (``tactical.share.wire_text``: neither lets go of the
lock while it runs) in the share server's builder, and the builder's CPU between two of its
checkpoints (where it gives way to the GUI). Thread CPU time, which a loaded machine stretches
less than the wall clock. Printed after the session's own table: for each kind of call its
count, the longest and the 99th percentile, and per build the median total; the same for the
stretches between checkpoints, with the sites of the longest.
"""

from __future__ import annotations

import binascii
import json
import sys
import threading
import time
import types
from base64 import b64decode as b64
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.timing import print_table  # noqa: E402


class _Timed:
    """The calls timed on the builder's threads, and its stretches between checkpoints."""

    def __init__(self) -> None:
        self.calls: dict[str, list[float]] = {}
        self.stretches: list[tuple[float, str]] = []
        self.builds: list[dict[str, float]] = []
        self._here = threading.local()
        self._lock = threading.Lock()

    def wrap(self, kind: str, call: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            build: dict[str, float] | None = getattr(self._here, "build", None)
            if build is None:
                return call(*args, **kwargs)
            start = time.thread_time()
            try:
                return call(*args, **kwargs)
            finally:
                took = time.thread_time() - start
                build[kind] = build.get(kind, 0.0) + took
                with self._lock:
                    self.calls.setdefault(kind, []).append(took)

        return timed

    def checkpoint(self, site: str) -> None:
        """A stretch of the builder's ends at ``site``."""
        if getattr(self._here, "build", None) is None:
            return
        now = time.thread_time()
        since, where = self._here.since
        with self._lock:
            self.stretches.append((now - since, f"{where} -> {site}"))
        self._here.since = (now, site)

    def went_on(self, site: str) -> None:
        """The builder goes on from ``site`` (after its wait there, which is not its work)."""
        if getattr(self._here, "build", None) is not None:
            self._here.since = (time.thread_time(), site)

    @contextmanager
    def build(self) -> Iterator[None]:
        self._here.build, self._here.since = {}, (time.thread_time(), "the build's start")
        start = time.thread_time()
        try:
            yield
        finally:
            self.checkpoint("the build's end")
            self._here.build["cpu"] = time.thread_time() - start
            self.builds.append(self._here.build)
            self._here.build = None


def _site() -> str:
    frame: Any = sys._getframe(2)
    while frame is not None and frame.f_code.co_name == "checkpoint":
        frame = frame.f_back
    if frame is None:
        return "?"
    return f"{Path(frame.f_code.co_filename).name}:{frame.f_code.co_name}:{frame.f_lineno}"


@contextmanager
def timed_builder(timed: _Timed) -> Iterator[None]:
    """The builder's json and base64 calls, checkpoints and builds timed into ``timed``."""
    from tactical.core import give_way
    from tactical.share import server, wire_ground, wire_text

    build_all, checkpoint = server._build_all, give_way.GiveWay.checkpoint

    def built(*args: Any) -> Any:
        with timed.build():
            return build_all(*args)

    def checked(gate: give_way.GiveWay) -> None:
        site = _site()
        timed.checkpoint(site)
        checkpoint(gate)
        timed.went_on(site)

    swaps: list[tuple[object, str, object]] = [
        (wire_text, "json", types.SimpleNamespace(dumps=timed.wrap("json", json.dumps))),
        (
            wire_text,
            "binascii",
            types.SimpleNamespace(
                b2a_base64=timed.wrap("base64 written", binascii.b2a_base64),
                a2b_base64=timed.wrap("base64 read", binascii.a2b_base64),
                Error=binascii.Error,
            ),
        ),
        (wire_ground, "base64", types.SimpleNamespace(b64decode=timed.wrap("base64 read", b64))),
        (server, "_build_all", built),
        (give_way.GiveWay, "checkpoint", checked),
    ]
    saved = [(owner, name, getattr(owner, name)) for owner, name, _value in swaps]
    for owner, name, value in swaps:
        setattr(owner, name, value)
    try:
        yield
    finally:
        for owner, name, value in saved:
            setattr(owner, name, value)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}"


def _row(name: str, values: list[float], per_build: list[float] | None) -> tuple[str, ...]:
    """``values``' count, longest and 99th percentile; the median of ``per_build`` (one value a
    build: the column "a build")."""
    values = sorted(values) or [0.0]
    p99 = values[min(len(values) - 1, len(values) * 99 // 100)]
    build = _ms(sorted(per_build)[len(per_build) // 2]) if per_build else ""
    return (name, f"{len(values):,}", _ms(values[-1]), _ms(p99), build)


def report(timed: _Timed) -> None:
    rows = [
        _row(kind, values, [b.get(kind, 0.0) for b in timed.builds])
        for kind, values in sorted(timed.calls.items())
    ]
    stretches = [s for s, _where in timed.stretches]
    rows.append(_row("CPU between two checkpoints", stretches, None))
    cpu = [b["cpu"] for b in timed.builds]
    rows.append(_row("a build's CPU", cpu, cpu))
    head = ("the builder (thread CPU)", "count", "longest ms", "99 % under ms", "a build ms")
    print_table(head, rows, 4)
    longest = sorted(timed.stretches, reverse=True)[:3]
    print("the longest stretches: " + "; ".join(f"{_ms(s)} ms {where}" for s, where in longest))


def main(argv: list[str] | None = None) -> int:
    from benchmarks import session

    timed = _Timed()
    with timed_builder(timed):
        code = session.main(argv)
    report(timed)
    return code


if __name__ == "__main__":
    raise SystemExit(main())

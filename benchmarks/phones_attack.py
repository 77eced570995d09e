"""The GM's window while the phones' server is attacked (issue 30).

``python -m benchmarks.phones_attack`` (from the repository root) prints a Markdown table.

The app as the GM runs it (``tactical/app/main.py``: cycles collected on the GUI
thread, the libraries and the sight kernel warmed in the background, all settled
before the measures): tactical's window on the hillside ruin, Player view > Share
with phones… started on 127.0.0.1, in a process whose soft limit on open files is
first set to 1,024 (a desktop's usual; sharing raises it to what the system
allows). Each case runs ``--repeat`` times for ``--seconds``, the cases in turns (the
load of a shared machine changes meanwhile); the table gives the median run by its
longest gap, every load and the slowest:

- *longest GUI-thread gap*: the longest gap between beats of a 1 ms timer on the
  window's event loop (what the GM feels as a stutter); the target is 50 ms. In
  brackets, the GUI thread's time within that gap working (its CPU time) and waiting
  for a core (on the system's run queue, Linux's schedstat); the rest of the gap it
  was blocked, as a rule on Python's interpreter lock held by another thread.
  Beside it, the gap that 99 % of the gaps stay under (on a loaded machine the longest
  is the operating system's doing as much as the app's), the longest time the thread
  was blocked within one gap (neither working nor waiting for a core: the app's doing,
  whatever the load; a 1 ms beat's own wait included), and the share of one core the
  GUI thread took over the whole measure;
- *a phone's loads*: a separate process plays a phone on 127.0.0.1, loading the
  table link's page and its WebSocket's first view every 0.25 s: how many loads
  came back whole, and the slowest;
- *server thread's CPU*: the share of one core the server's thread took meanwhile
  (it shares Python's interpreter lock with the window's thread); the connections
  it accepted a second (refused ones included), and its CPU time for each;
- *log lines*: what the process logged meanwhile; *load*: the 1-minute load average
  at the end of the case's runs, lowest and highest.

The cases: sharing with no attack (the reference); 1,100 half-open connections
(a request line and a header, then nothing) held from one address (127.0.0.2),
each one the server closes opened again at once; the same spread over 50
addresses (127.0.0.2 to .51: the overall cap, not the per-address one). The
attacker and the phone are processes of their own; on the Wi-Fi they are other
devices, here they share this machine's cores with the app, so they run at a
lower priority (``nice`` 10) to take the app's turn on a core as little as they can.
"""

from __future__ import annotations

import argparse
import itertools
import json
import logging
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from benchmarks.timing import print_table  # noqa: E402

if TYPE_CHECKING:
    from tactical.share.server import ShareServer

MAP = ROOT / "maps" / "hillside-ruin.tactical.json"
TARGET_MS = 50.0
DESKTOP_FILES = 1024

ATTACKER = r"""
import json, resource, selectors, socket, sys, time
port, count, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
sources = sys.argv[4:]
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
head = b"GET / HTTP/1.1\r\nHost: x\r\n"
selector = selectors.DefaultSelector()
opened = 0
def open_one(index):
    global opened
    sock = socket.socket()
    sock.setblocking(False)
    sock.bind((sources[index % len(sources)], 0))
    sock.connect_ex(("127.0.0.1", port))
    selector.register(sock, selectors.EVENT_WRITE, index)
    opened += 1
for index in range(count):
    open_one(index)
print("held", flush=True)
end = time.monotonic() + seconds
while time.monotonic() < end:
    for key, events in selector.select(0.05):
        sock = key.fileobj
        if events & selectors.EVENT_WRITE:
            try:
                sock.send(head)
            except OSError:
                pass
            selector.modify(sock, selectors.EVENT_READ, key.data)
            continue
        try:
            if sock.recv(4096):
                continue
        except OSError:
            pass
        selector.unregister(sock)
        sock.close()
        open_one(key.data)
print(json.dumps({"opened": opened}), flush=True)
"""
"""Holds COUNT half-open connections from SOURCES for SECONDS, reopening each closed one."""

PHONE = r"""
import json, socket, sys, time, urllib.request
page, seconds = sys.argv[1], float(sys.argv[2])
sys.stdin.readline()  # started before the attack (its own files), told when to go
host, port = page.split("/")[2].split(":")
path = "/" + page.split("/", 3)[3] + "/ws"
def view():
    with socket.create_connection((host, int(port)), timeout=5) as sock:
        sock.sendall((
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            more = sock.recv(65536)
            if not more:
                return False
            answer += more
        head, rest = answer.split(b"\r\n\r\n", 1)
        while len(rest) < 2:
            rest += sock.recv(65536)
        return head.startswith(b"HTTP/1.1 101") and rest[0] == 0x81  # a text frame: the view
times, tries = [], 0
end = time.monotonic() + seconds
while time.monotonic() < end:
    tries += 1
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(page, timeout=5) as answer:
            whole = answer.status == 200 and b"<canvas" in answer.read()
        whole = whole and view()
    except OSError:
        whole = False
    if whole:
        times.append((time.perf_counter() - start) * 1000)
    time.sleep(0.25)
print(json.dumps({"tries": tries, "ok": len(times), "slowest": max(times, default=float("nan"))}))
"""
"""Loads PAGE and its WebSocket's first view every 0.25 s for SECONDS, from a line on stdin."""


class Lines(logging.Handler):
    """Counts the log records of the whole process."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


def settle(warmed: threading.Event, seconds: float = 300.0) -> None:
    """Run the event loop until the background warm-up is done (bounded), then 2 s more."""
    from PySide6.QtCore import QCoreApplication

    deadline = time.monotonic() + seconds
    while not warmed.is_set() and time.monotonic() < deadline:
        QCoreApplication.processEvents()
        time.sleep(0.01)
    gaps(2.0)


def gaps(seconds: float) -> dict[str, float]:
    """Beats of a 1 ms timer on this thread's event loop for ``seconds``: the longest gap
    between two (ms), this thread's CPU within it and its time waiting for a core (ms; the
    rest it was blocked: on Python's interpreter lock, or between beats), the gap 99 % stay
    under, and this thread's CPU share over the whole measure."""
    from PySide6.QtCore import QEventLoop, Qt, QTimer

    loop = QEventLoop()
    beats: list[tuple[float, float, float]] = []
    queued = os.open("/proc/thread-self/schedstat", os.O_RDONLY)  # ns on a run queue

    def beat() -> None:
        waited = int(os.pread(queued, 100, 0).split()[1]) / 1e9
        beats.append((time.perf_counter(), time.thread_time(), waited))

    probe = QTimer()
    probe.setTimerType(Qt.TimerType.PreciseTimer)
    probe.setInterval(1)
    probe.timeout.connect(beat)
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    probe.start()
    try:
        loop.exec()
    finally:
        probe.stop()
        os.close(queued)
    between = sorted(
        tuple((y - x) * 1000 for x, y in zip(a, b, strict=True))
        for a, b in itertools.pairwise(beats)
    )
    wall, cpu, waited = between[-1]
    blocked = max(w - c - q for w, c, q in between)
    (first, first_cpu, _), (last, last_cpu, _) = beats[0], beats[-1]
    return {
        "gap": wall,
        "gap_cpu": cpu,
        "gap_queued": waited,
        "blocked": blocked,
        "p99": between[int(len(between) * 0.99)][0],
        "gui_cpu": (last_cpu - first_cpu) / (last - first),
    }


def _lower() -> None:
    os.nice(10)


def server_stat() -> int:
    """An open file of the server thread's figures (Linux; opened before an attack, which
    may leave the process no file to open)."""
    thread = next(t for t in threading.enumerate() if t.name == "tactical-share")
    return os.open(f"/proc/self/task/{thread.native_id}/stat", os.O_RDONLY)


def server_seconds(stat: int) -> float:
    """CPU seconds the server's thread used so far."""
    fields = os.pread(stat, 4096, 0).decode().rsplit(")", 1)[1]
    user, system = fields.split()[11:13]
    return (int(user) + int(system)) / os.sysconf("SC_CLK_TCK")


def case(
    page: str, server: ShareServer, seconds: float, count: int, sources: list[str]
) -> dict[str, float]:
    """One case: the attack (none when ``count`` is 0), the phone, the GUI-thread gap."""
    port = server.port
    assert server.listener is not None and server.listener.guard is not None
    guard = server.listener.guard
    stat = server_stat()
    phone = subprocess.Popen(
        [sys.executable, "-c", PHONE, page, str(seconds - 0.5)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=_lower,
    )
    attacker = None
    if count:
        attacker = subprocess.Popen(
            [sys.executable, "-c", ATTACKER, str(port), str(count), str(seconds + 5), *sources],
            stdout=subprocess.PIPE,
            text=True,
            preexec_fn=_lower,
        )
        assert attacker.stdout is not None
        if attacker.stdout.readline().strip() != "held":
            raise RuntimeError("the attacker could not open its connections")
        time.sleep(1.0)  # the server meets the whole flood before the measure starts
    lines = Lines()
    logging.getLogger().addHandler(lines)
    try:
        assert phone.stdin is not None
        phone.stdin.write("go\n")
        phone.stdin.flush()
        used, taken = server_seconds(stat), guard.taken
        beats = gaps(seconds)
        used, taken = server_seconds(stat) - used, guard.taken - taken
        load = os.getloadavg()[0]
        out, _ = phone.communicate(timeout=30)
    finally:
        os.close(stat)
        logging.getLogger().removeHandler(lines)
        if attacker is not None:
            attacker.terminate()
            attacker.communicate(timeout=30)
    loads: dict[str, float] = json.loads(out)
    each = used / taken * 1e6 if taken else float("nan")
    return {
        **beats,
        "cpu": used / seconds,
        "taken": taken / seconds,
        "each": each,
        "lines": lines.count,
        "load": load,
        **loads,
    }


def medians(runs: list[dict[str, float]]) -> dict[str, float]:
    """The runs of one case as one row: the median run by its longest gap (that gap's CPU
    with it), the median 99 % gap and CPU shares, every load, the slowest, the loads."""
    middle = sorted(runs, key=lambda r: r["gap"])[(len(runs) - 1) // 2]
    return {
        "gap": middle["gap"],
        "gap_cpu": middle["gap_cpu"],
        "gap_queued": middle["gap_queued"],
        "p99": statistics.median(r["p99"] for r in runs),
        "blocked": statistics.median(r["blocked"] for r in runs),
        "gui_cpu": statistics.median(r["gui_cpu"] for r in runs),
        "cpu": statistics.median(r["cpu"] for r in runs),
        "taken": statistics.median(r["taken"] for r in runs),
        "each": statistics.median(r["each"] for r in runs),
        "ok": sum(r["ok"] for r in runs),
        "tries": sum(r["tries"] for r in runs),
        "slowest": max(r["slowest"] for r in runs),
        "lines": sum(r["lines"] for r in runs),
        "load_low": min(r["load"] for r in runs),
        "load_high": max(r["load"] for r in runs),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="each case's measure")
    parser.add_argument("--count", type=int, default=1100, help="half-open connections")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each case (medians)")
    options = parser.parse_args(argv)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(DESKTOP_FILES, hard), hard))
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from tactical.app.runtime.gil_turns import install_quick_gil_turns
    from tactical.app.runtime.gui_thread_gc import install_gui_thread_gc
    from tactical.app.runtime.warm_imports import warm_after_first_frame
    from tactical.app.window.startup import start

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    install_gui_thread_gc(app)
    install_quick_gil_turns()  # as the app does
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
        window = start(MAP, settings=settings, recovery_dir=folder, ask=lambda _r: False)
        window.show()
        warmed = threading.Event()
        warm_after_first_frame(warmed.set)
        sharing = window.phone_sharing
        session = sharing.start("127.0.0.1", 0)
        assert not isinstance(session, str), session
        settle(warmed)
        raised = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        page = session.url(next(x for x in session.links.all() if x.kind == "table"))
        many = [f"127.0.0.{n}" for n in range(2, 52)]
        cases = (
            ("sharing, no attack (the reference)", 0, ["127.0.0.2"]),
            (f"{options.count:,} half-open from one address", options.count, ["127.0.0.2"]),
            (f"{options.count:,} half-open from 50 addresses", options.count, many),
        )
        runs: list[list[dict[str, float]]] = [[] for _ in cases]
        try:
            for _ in range(options.repeat):  # the cases in turns: the load changes meanwhile
                for done, (_label, count, sources) in zip(runs, cases, strict=True):
                    done.append(case(page, session.server, options.seconds, count, sources))
            for (label, _count, _sources), done in zip(cases, runs, strict=True):
                got = medians(done)
                verdict = "ok" if got["gap"] < TARGET_MS else "over"
                rows.append(
                    (
                        label,
                        f"{got['gap']:.1f} ({got['gap_cpu']:.1f}, {got['gap_queued']:.1f})",
                        f"{got['p99']:.1f}",
                        f"{got['blocked']:.1f}",
                        f"{got['gui_cpu'] * 100:.0f} %",
                        f"{got['ok']:.0f} of {got['tries']:.0f}",
                        f"{got['slowest']:.0f}",
                        f"{got['cpu'] * 100:.0f} %",
                        f"{got['taken']:,.0f}",
                        f"{got['each']:.0f}",
                        f"{got['lines']:.0f}",
                        f"{got['load_low']:.1f}-{got['load_high']:.1f}",
                        f"{verdict} (GUI gap under {TARGET_MS:.0f} ms)",
                    )
                )
        finally:
            sharing.stop()
            window.close()
    print(f"open files: soft limit {min(DESKTOP_FILES, hard)} before sharing, {raised} after\n")
    print_table(
        (
            "case",
            "longest GUI-thread gap ms (working, waiting for a core)",
            "99 % of gaps under ms",
            "longest blocked ms",
            "GUI thread's CPU",
            "phone's loads whole",
            "slowest load ms",
            "server thread's CPU",
            "connections accepted a second",
            "server's CPU µs a connection",
            "log lines",
            "load",
            "target",
        ),
        rows,
        numbers=11,
    )
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

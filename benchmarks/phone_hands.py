"""Time a player's hand (issue 31): a choice from a phone to the GM's panel, a reveal to 8 pages.

``python -m benchmarks.phone_hands [--repeat N]`` (from the repository root) prints a Markdown
table. The real window runs offscreen on ``maps/approximated-fray`` at its Staging, sharing on
127.0.0.1 with 8 pages connected as WebSocket clients (the three characters' links and the
table's, in turn):

- *a phone's choice reaches the GM's panel*: from the page sending Aldra's card (a ``choose``
  frame, alternating two cards: she changes her mind) until the GM's panel has refreshed with
  it (the document's change set handled, the panel's slot first); median of ``--repeat``.
  Target: 100 ms.
- *the reveal reaches 8 pages*: from the GM pressing "Begin the First phase" (the controller
  the panel's button uses) until each of the 8 pages has its new view; the reveal is undone
  between two runs; median. Target: 150 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import aiohttp  # noqa: E402

from benchmarks.pages import Pages as BasePages  # noqa: E402
from benchmarks.timing import print_table  # noqa: E402

FRAY = ROOT / "maps" / "approximated-fray.tactical.json"
PAGES = 8
CHOICE_TARGET_MS = 100.0
REVEAL_TARGET_MS = 150.0


class Pages(BasePages):
    """``urls`` as pages in their own thread: each counts its views; page 0 sends frames."""

    poll = 0.001

    def __init__(self, urls: list[str]) -> None:
        self.outbox: queue.Queue[str] = queue.Queue()
        self.sent_at = 0.0
        super().__init__(urls)

    def counted(self, text: str) -> bool:
        return '"type":"view"' in text[:40]

    async def send(self, socket: aiohttp.ClientWebSocketResponse, index: int) -> None:
        if index == 0 and not self.outbox.empty():
            text = self.outbox.get()
            self.sent_at = time.perf_counter()
            await socket.send_str(text)


def spin(until: Any, most: float = 10.0) -> None:
    """Run the GUI thread's events until ``until()`` holds (at most ``most`` seconds),
    waiting in its event loop between two looks, as the app's loop waits."""
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    assert app is not None
    deadline = time.perf_counter() + most
    loop = QEventLoop()
    app.processEvents()
    while not until():
        if time.perf_counter() > deadline:
            raise RuntimeError("it did not arrive in time")
        QTimer.singleShot(1, loop.quit)
        loop.exec()


def measure(repeat: int, give_way: bool = True) -> tuple[float, float]:
    """(median ms a choice takes to the panel, median ms a reveal takes to 8 pages)."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from tactical.app.encounter.document import EncounterDocument
    from tactical.app.runtime.gil_turns import install_quick_gil_turns
    from tactical.app.runtime.give_way import install_give_way, remove_give_way
    from tactical.app.runtime.gui_thread_gc import install_gui_thread_gc
    from tactical.app.window.main_window import MainWindow
    from tactical.core.changes import GM, ChangeSet, Initiator
    from tactical.persistence import load_encounter
    from tactical.rules import ProcedureController

    app = QApplication.instance() or QApplication(sys.argv[:1])
    install_gui_thread_gc(app)
    install_quick_gil_turns()  # as the app does
    if give_way:  # the phones' builder gives way to the GUI thread, as in the app
        install_give_way(app)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
        document = EncounterDocument(load_encounter(FRAY), None)
        window = MainWindow(document, settings=settings, recovery_dir=folder / "rec")
        window.files.ask_unsaved = lambda: "discard"
        window.resize(1600, 1000)
        window.show()
        window.ensure_panel()
        spin(lambda: True)
        session = window.phone_sharing.start("127.0.0.1", 0)
        assert not isinstance(session, str), session
        links = {x.label: x for x in session.links.all()}
        order = [links[name] for name in ("Aldra", "Brother Bram", "Corin", "Table")]
        pages = Pages([session.url(order[i % len(order)]) for i in range(PAGES)])
        landed: list[float] = []

        def phone_change(changes: ChangeSet) -> None:  # connected after the panel's slot
            if isinstance(changes.initiator, Initiator) and changes.initiator.character:
                landed.append(time.perf_counter())

        document.changes_done.connect(phone_change)
        choices = []
        for run in range(repeat):
            card = ("Quick Shot", "Strike")[run % 2]
            frame = {"type": "choose", "id": f"b{run}", "ask": "declare:aldra"}
            frame["values"] = {"card": card, "target": "bram"}  # type: ignore[assignment]
            before = len(landed)
            pages.outbox.put(json.dumps(frame))
            spin(lambda before=before: len(landed) > before)
            choices.append((landed[-1] - pages.sent_at) * 1000)
        gm = ProcedureController(document.encounter, document.push_as(GM))
        reveals = []
        for _ in range(repeat):
            counts = list(pages.seen)
            start = time.perf_counter()
            gm.perform("begin")
            spin(lambda counts=counts: all(v > c for v, c in zip(pages.seen, counts, strict=True)))
            reveals.append(max(s[c] for s, c in zip(pages.stamps, counts, strict=True)) - start)
            counts = list(pages.seen)
            document.undo_stack.undo()
            spin(lambda counts=counts: all(v > c for v, c in zip(pages.seen, counts, strict=True)))
        pages.close()
        window.phone_sharing.stop()
        window.close()
        spin(lambda: True)
    remove_give_way(app)
    return statistics.median(choices), statistics.median(reveals) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument(
        "--no-give-way", action="store_true", help="the builder does not give way (reference)"
    )
    args = parser.parse_args(argv)
    choice, reveal = measure(args.repeat, not args.no_give_way)
    print_table(
        ("what", "median", "target"),
        [
            ("a phone's choice reaches the GM's panel", f"{choice:.1f} ms", "100 ms"),
            (f"the reveal reaches {PAGES} pages", f"{reveal:.1f} ms", "150 ms"),
        ],
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

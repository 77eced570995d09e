"""Make docs/share-dialog.png and docs/share-permissions.png from the real Share dialog.

The crypt (maps/crypt-fog.tactical.json) is shared; two devices watch the table link (an
iPhone's Safari, an Android's Chrome) and one Ilse's link, each a WebSocket of its own;
the dialog is sized as on a 1366 x 768 screen and grabbed once the three devices show.
Then Bram's card alone, its Roll ticked off and its Move on, as a GM would tick them.

The picture's address is a documentation one (192.0.2.2, RFC 5737). Give this computer
that address in a network namespace of its own, where nothing else listens:

    unshare -rn sh -c 'ip link set lo up && ip addr add 192.0.2.2/32 dev lo &&
        QT_QPA_PLATFORM=offscreen PYTHONPATH=. python tools/render_share_dialog.py 192.0.2.2'

With no address it shares on 127.0.0.1 (the dialog then says phones cannot open the links).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import threading
import time
from pathlib import Path

import aiohttp
from PySide6.QtWidgets import QApplication, QWidget

from tactical.app.encounter.document import EncounterDocument
from tactical.app.players.phones.dialog import ShareDialog
from tactical.app.players.phones.session import ShareSession
from tactical.persistence import load_encounter

ROOT = Path(__file__).resolve().parents[1]
MAP = ROOT / "maps" / "crypt-fog.tactical.json"
DOCS = ROOT / "docs"
SIZE = (1240, 708)
"""The dialog on a 1366 x 768 screen (what ``ShareDialog._size_to_screen`` gives there)."""
DEVICES = (
    ("Table", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Version/17.4 Safari/604.1"),
    ("Table", "Mozilla/5.0 (Linux; Android 14; Pixel 7) Chrome/124.0 Mobile Safari/537.36"),
    ("Ilse", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Version/17.4 Safari/604.1"),
)
"""Which link each device opens, and what it says it is."""
WAIT_S = 10.0


def watch(urls: list[tuple[str, str]], done: threading.Event) -> threading.Thread:
    """Open each ``(url, user agent)`` as a page's WebSocket, kept open until ``done``."""

    async def one(url: str, agent: str) -> None:
        timeout = aiohttp.ClientTimeout(total=WAIT_S * 3)
        async with (
            aiohttp.ClientSession(timeout=timeout, headers={"User-Agent": agent}) as session,
            session.ws_connect(url.replace("http", "ws") + "/ws") as socket,
        ):
            while not done.is_set() and not socket.closed:
                try:
                    await socket.receive(timeout=0.1)
                except TimeoutError:
                    continue

    async def all_of() -> None:
        await asyncio.gather(*(one(url, agent) for url, agent in urls))

    thread = threading.Thread(target=lambda: asyncio.run(all_of()), daemon=True)
    thread.start()
    return thread


def save(widget: QWidget, path: Path) -> bool:
    if not widget.grab().save(str(path)):
        print(f"could not write {path}", file=sys.stderr)
        return False
    print(f"wrote {path}")
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("host", nargs="?", default="127.0.0.1", help="the address to share on")
    parser.add_argument("--out", type=Path, default=DOCS, help="the folder to write them in")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    document = EncounterDocument(load_encounter(MAP), MAP)
    session = ShareSession(document, args.host, 0)
    session.start()
    done = threading.Event()
    try:
        dialog = ShareDialog(None, lambda _h, _p: session, lambda: None, session)
        dialog.host.setText(args.host)
        dialog.port.setValue(session.server.port)
        dialog.resize(*SIZE)
        links = {link.label: link for link in session.links.all()}
        thread = watch([(session.url(links[name]), agent) for name, agent in DEVICES], done)
        dialog.show()
        deadline = time.monotonic() + WAIT_S
        while len(session.devices()) < len(DEVICES):  # kept: waits for the devices, bounded
            if time.monotonic() > deadline:
                print("the devices did not connect in time", file=sys.stderr)
                return 1
            app.processEvents()
            time.sleep(0.05)
        dialog.refresh_devices()
        app.processEvents()
        bram = next(card for card in dialog.cards if card.link.label == "Bram")
        if not save(dialog, args.out / "share-dialog.png"):
            return 1
        bram.rolls.setChecked(False)
        bram.moves.setChecked(True)
        if not save(bram, args.out / "share-permissions.png"):
            return 1
        dialog.close()
    finally:
        done.set()
        session.stop()
    thread.join(WAIT_S)
    return 0


if __name__ == "__main__":
    sys.exit(main())

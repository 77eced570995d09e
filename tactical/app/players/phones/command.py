"""``tactical share FILE``: the phones' links for a file, without the GM's window.

Read-only: the file is never written. It follows the file: when the file is
saved again (its modification time changes) the pages get the new state; a
save that cannot be read is reported and the last good state stays shown.
SIGINT and SIGTERM stop it (within 2 s).
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType

from tactical.app.players.phones.pixels import ArtPixels
from tactical.cli_evening import load_scene
from tactical.core.encounter import Encounter
from tactical.persistence import LoadError
from tactical.share.address import address_note, bind_problem, lan_address, phones_cannot_reach
from tactical.share.links import Link, Links, add_missing_characters, links_for
from tactical.share.publish import builder_for
from tactical.share.server import Builder, ShareServer

POLL_SECONDS = 0.25
"""How often the file's modification time is looked at."""


def _line(server: ShareServer, link: Link) -> str:
    what = "table" if link.kind == "table" else f"character {link.label}"
    return f"{what}: {server.url(link)}"


def _mtime(path: Path) -> float | None:
    try:
        return path.stat().st_mtime
    except OSError:
        return None


CLI_FIND = "leave --host out for its address on the Wi-Fi, or give the one it has there"


def share_file(
    file: str,
    host: str | None,
    port: int,
    stop: threading.Event | None = None,
    *,
    scene: str | None = None,
) -> int:
    """Serve the links of ``file`` until stopped; prints one link a line."""
    path = Path(file)
    try:
        encounter: Encounter = load_scene(path, scene)
    except LoadError as error:
        for problem in error.problems:
            print(f"{file}: {problem}", file=sys.stderr)
        return 1
    links = watch_only(links_for(encounter))
    server = ShareServer(links, host or lan_address(), port)
    try:
        server.start()
    except OSError as error:
        print(
            f"tactical share: {bind_problem(server.host, port, error, CLI_FIND)}", file=sys.stderr
        )
        return 1
    if phones_cannot_reach(server.host):
        print(f"tactical share: {address_note(server.host)}", file=sys.stderr)
    pixels = ArtPixels(path.resolve().parent)
    server.publish(_builder(encounter, pixels))
    for link in links.all():
        print(_line(server, link), flush=True)
    stop = stop or threading.Event()
    restore = _stop_on_signals(stop.set)
    try:
        seen = _mtime(path)
        while not stop.wait(POLL_SECONDS):
            now = _mtime(path)
            if now == seen:
                continue
            seen = now
            try:
                encounter = load_scene(path, scene)
            except LoadError as error:
                for problem in error.problems:
                    print(
                        f"{file}: {problem} (the pages keep the last good state)", file=sys.stderr
                    )
                continue
            for link in add_missing_characters(links, encounter):
                watch_only(links)
                print(_line(server, link), flush=True)
            server.publish(_builder(encounter, pixels))
    finally:
        restore()
        server.stop()
    return 0


def watch_only(links: Links) -> Links:
    """Read-only: no page is offered a choice or a roll it could never enter (issue 31)."""
    for link in links.all():
        links.allow(link.token, "declare", False)
        links.allow(link.token, "roll", False)
    return links


def _builder(encounter: Encounter, pixels: ArtPixels) -> Builder:
    """The links' views of ``encounter`` now, with its art and its tokens' pictures."""
    return builder_for(
        encounter, pixels.source(encounter), token_art=pixels.token_source(encounter)
    )


def _stop_on_signals(stop: Callable[[], None]) -> Callable[[], None]:
    """SIGINT and SIGTERM call ``stop`` (main thread only); returns what puts the old ones back."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None

    def handler(_signum: int, _frame: FrameType | None) -> None:
        stop()

    old = {sig: signal.signal(sig, handler) for sig in (signal.SIGINT, signal.SIGTERM)}

    def restore() -> None:
        for sig, previous in old.items():
            signal.signal(sig, previous)

    return restore

"""One sharing session in the GM's app: the server, its links, and the scene it publishes.

The pages show the scene shown to players (:mod:`tactical.app.players.shown_scene`),
whichever scene the GM looks at; a character's link shows it while that character
stands in it, else a page that waits for the GM (:func:`tactical.share.view.waiting_view`).

The GM's thread does only two cheap things: on a change it starts a short
timer (:data:`COALESCE_MS`: a burst of changes is one update), and when the
timer fires it copies the encounter and hands the copy to the server, which
builds and sends the views in its own threads. The GM's hand never waits.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from tactical.app.encounter.document import EncounterDocument
from tactical.app.players.phones.pixels import ArtPixels
from tactical.app.players.shown_scene import shown_scene
from tactical.rules.player_hand import Permission
from tactical.share.address import lan_address
from tactical.share.answers import HandHandler
from tactical.share.devices import DeviceRow
from tactical.share.links import (
    Link,
    Links,
    add_missing_characters,
    character_token,
    links_for,
)
from tactical.share.publish import builder_for
from tactical.share.server import MoveHandler, ShareServer

COALESCE_MS = 20
"""Changes within this many milliseconds reach the pages as one update."""


class ShareSession(QObject):
    """The phones' server for one document (start once; stop when sharing ends)."""

    links_changed = Signal()
    """A link was added, revoked or renewed (the dialog's cards are made again)."""
    permissions_changed = Signal()
    """What a link may do changed (the panel's "Asked of phones" is read again at once)."""

    def __init__(
        self,
        document: EncounterDocument,
        host: str | None = None,
        port: int = 0,
        paused: Callable[[], bool] = lambda: False,
    ) -> None:
        super().__init__(document)
        self.document = document
        self.shown = shown_scene(document)
        """The scene shown to players: what every page shows."""
        self.paused = paused
        self.links: Links = links_for(self.shown.encounter)
        self.server = ShareServer(self.links, host or lan_address(), port)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(COALESCE_MS)
        self._timer.timeout.connect(self.publish_now)
        self._pixels = ArtPixels(self._folder())
        self.active = False

    def _folder(self) -> Path | None:
        path = self.document.path
        return None if path is None else Path(path).resolve().parent

    def start(self, on_move: MoveHandler | None = None, on_hand: HandHandler | None = None) -> None:
        """Listen (OSError when the address cannot be bound) and follow the document."""
        self.server.on_move = on_move
        self.server.on_hand = on_hand
        self.server.start()
        self.active = True
        self.shown.changes_done.connect(self.changed)
        self.shown.encounter_replaced.connect(self._replaced)
        self.publish_now()

    def stop(self) -> None:
        if not self.active:
            return
        self.active = False
        self._timer.stop()
        self.shown.changes_done.disconnect(self.changed)
        self.shown.encounter_replaced.disconnect(self._replaced)
        self.server.stop()

    def changed(self, *_: object) -> None:
        """Something changed that a page may show: publish soon (a burst publishes once)."""
        if self.active and not self._timer.isActive():
            self._timer.start()

    def _replaced(self) -> None:
        """Another scene shown (or another file): its pictures, published at once."""
        self._pixels = ArtPixels(self._folder())
        self.publish_now()

    def publish_now(self) -> None:
        if not self.active:
            return
        encounter = self.shown.encounter
        if add_missing_characters(self.links, encounter):
            self.links_changed.emit()
        budgets: dict[str, int | None] = {}
        for link in self.links.all():
            if not link.moves or link.character is None:  # only the links that may move
                continue
            token = character_token(encounter, link.character)
            if token is not None:
                budgets[link.character] = self.shown.move_budget(token)
        pixels = self._pixels
        self.server.publish(
            builder_for(
                encounter,
                pixels.source(encounter),
                self.paused(),
                budgets,
                token_art=pixels.token_source(encounter),
            )
        )

    # -- what the dialog shows and does -------------------------------------------------

    def url(self, link: Link) -> str:
        return self.server.url(link)

    def revoke(self, link: Link) -> None:
        self.server.revoke(link.token)
        self.links_changed.emit()

    def renew(self, link: Link) -> Link | None:
        """A new token for this one link (its old one's devices are cut off)."""
        renewed = self.server.renew(link.token)
        self.links_changed.emit()
        return renewed

    def set_moves(self, link: Link, on: bool) -> None:
        self.allow(link, "move", on)

    def allow(self, link: Link, what: Permission, on: bool) -> None:
        """What ``link`` may do: its next frame is checked against it, and its page shows
        (or hides) what it may do with the next view, sent at once."""
        self.links.allow(link.token, what, on)
        self.permissions_changed.emit()
        self.changed()

    def devices(self) -> list[DeviceRow]:
        return self.server.rows()

"""How much of the phones' server one connection, one address or one link may hold (issue 30).

The server assumes a hostile Wi-Fi: a device that opens connections and sends
nothing, or floods one link with WebSockets, must not lock the real phones out.
The defaults suit a table of phones on a home network; tests pass smaller
numbers so that a few sockets show each rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from tactical.share.links import LinkKind


@dataclass(frozen=True)
class Limits:
    """The server's caps and deadlines (see the module's docstring)."""

    connections: int = 128
    """Open connections at once, every address together (pages, pictures, WebSockets).
    When it is reached, the oldest connection that has not sent a whole request yet, of the
    address holding the most such, may make room for the new one (:mod:`.guard` says when);
    otherwise the new one is closed."""
    per_address: int = 32
    """Open connections at once from one address (a phone's browser opens a handful)."""
    head_seconds: float = 5.0
    """A connection that has not sent a whole request head by then is closed."""
    settled_seconds: float = 1.0
    """At the overall cap, a connection without a whole request head after this long gives
    its place up to any new one (a phone's head comes within milliseconds)."""
    head_bytes: int = 16 * 1024
    """A request head longer than this is not a phone's: the connection is closed."""
    idle_seconds: float = 15.0
    """A kept-alive connection that sends no new request for this long is closed."""
    table_devices: int = 8
    """Devices watching the table link at once."""
    character_devices: int = 4
    """Devices watching one character's link at once."""
    answers_kept: int = 64
    """A phone's choices and rolls remembered per link, by the page's ids, so that one sent
    again after a drop is answered, never entered twice (issue 31); older ones are forgotten."""

    def devices(self, kind: LinkKind) -> int:
        """How many devices a link of this kind may have watching at once."""
        return self.table_devices if kind == "table" else self.character_devices

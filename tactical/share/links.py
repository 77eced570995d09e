"""The links a GM hands out: one for the table, one per player character, each a capability.

A link is a random token of at least 128 bits (``secrets.token_urlsafe(24)``:
192 bits) in the URL path; whoever has the link can watch, nobody else can
guess it. Revoking a link forgets its token: its devices are cut off and the
URL answers 404 from then on. The link itself stays in the list, revoked, until
the GM gives it a new token (:meth:`Links.renew`): that one link starts again,
the others and their permissions are untouched (issue 34).

What a character's link may do besides watching is set per link by the GM
(issue 31): declare (choices and declarations the procedure asks of its
character), roll (dice typed or rolled for it) and move (its own token). The
server reads the link again on every frame, so a change takes effect at once.
The table link only watches.
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass, replace
from typing import Literal

from tactical.core.encounter import Encounter
from tactical.rules.player_hand import PERMISSIONS, Permission

TOKEN_BYTES = 24
"""Random bytes in a link's token (192 bits; the issue asks for at least 128)."""

LinkKind = Literal["table", "character"]


@dataclass
class Link:
    """One link: what it shows (the table, or a character's sight) and its capability token."""

    token: str
    kind: LinkKind
    label: str
    """What the GM reads in the dialog: "Table" or the character's name."""
    character: str | None = None
    """The token id of the character whose sight this link shows."""
    moves: bool = False
    """Whether this link's device may move its own token (off unless the GM allows it)."""
    declares: bool = True
    """Whether it may make its character's choices and declarations (on: the player's own)."""
    rolls: bool = True
    """Whether it may enter its character's rolls (typed from real dice, or rolled for it)."""
    revoked: bool = False
    """Revoked: its token opens nothing until the GM gives the link a new one."""

    def may(self, what: Permission) -> bool:
        """Whether this link may ``what`` now (every link watches; a table link only that)."""
        if self.revoked:
            return False
        if what == "watch":
            return True
        if self.kind != "character":
            return False
        return {"declare": self.declares, "roll": self.rolls, "move": self.moves}[what]

    def permissions(self) -> list[Permission]:
        """What it may do, in :data:`tactical.rules.player_hand.PERMISSIONS` order."""
        return [what for what in PERMISSIONS if self.may(what)]


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class Links:
    """The links handed out in one sharing session (thread-safe: read by the server's thread)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._links: dict[str, Link] = {}

    def add(self, kind: LinkKind, label: str, character: str | None = None) -> Link:
        link = Link(new_token(), kind, label, character)
        with self._lock:
            self._links[link.token] = link
        return link

    def find(self, token: str) -> Link | None:
        """The link this token opens (never a revoked one)."""
        with self._lock:
            for known, link in self._links.items():
                if secrets.compare_digest(known.encode(), token.encode()) and not link.revoked:
                    return link
        return None

    def revoke(self, token: str) -> Link | None:
        """Its token opens nothing from now on; the link stays listed, revoked."""
        with self._lock:
            link = self._links.get(token)
            if link is not None:
                link.revoked = True
            return link

    def renew(self, token: str) -> Link | None:
        """The same link under a new token (its old one opens nothing); None when unknown."""
        with self._lock:
            old = self._links.get(token)
            if old is None:
                return None
            old.revoked = True  # a page still holding the old link object may do nothing
            link = replace(old, token=new_token(), revoked=False)
            self._links = {  # in the same place in the list
                (link.token if known == token else known): (link if known == token else each)
                for known, each in self._links.items()
            }
            return link

    def all(self) -> list[Link]:
        with self._lock:
            return list(self._links.values())

    def character_link(self, token_id: str) -> Link | None:
        return next((x for x in self.all() if x.character == token_id), None)

    def set_moves(self, token: str, on: bool) -> None:
        self.allow(token, "move", on)

    def allow(self, token: str, what: Permission, on: bool) -> None:
        """Let the link ``token`` do ``what`` (or no longer): the next frame it sends is
        checked against this."""
        field = {"declare": "declares", "roll": "rolls", "move": "moves"}.get(what)
        if field is None:  # every link watches: only revoking stops that
            return
        with self._lock:
            link = self._links.get(token)
            if link is not None:
                setattr(link, field, on)


def links_for(encounter: Encounter) -> Links:
    """A table link and one link per player character (a token of the party's sides)."""
    links = Links()
    links.add("table", "Table")
    party = set(encounter.fog.party)
    for token in encounter.tokens.values():
        if token.side in party:
            links.add("character", token.name, token.id)
    return links


def add_missing_characters(links: Links, encounter: Encounter) -> list[Link]:
    """Links for party tokens added since sharing started (a new player sits down)."""
    party = set(encounter.fog.party)
    added = []
    for token in encounter.tokens.values():
        if token.side in party and links.character_link(token.id) is None:
            added.append(links.add("character", token.name, token.id))
    return added

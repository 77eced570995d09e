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
from tactical.core.evening import evening_of
from tactical.core.tokens import Token
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
    """The character whose sight this link shows (:func:`character_key`): a roster
    character's id, else its token's id; :func:`character_token` finds it on a scene."""
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

    def character_link(self, key: str) -> Link | None:
        return next((x for x in self.all() if x.character == key), None)

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


def character_key(token: Token) -> str:
    """Who a character's link follows: the roster character the token is, else the token."""
    return token.character or token.id


def character_token(encounter: Encounter, key: str) -> Token | None:
    """The token of the character ``key`` (:func:`character_key`) on this scene, or None
    when that character is not on it."""
    for token in encounter.tokens.values():
        if token.character == key:
            return token
    own = encounter.tokens.get(key)
    return own if own is not None and own.character is None else None


def _party_tokens(encounter: Encounter) -> list[Token]:
    """The party's tokens of every scene of ``encounter``'s evening, its own first."""
    evening = evening_of(encounter)
    scenes = [encounter] + [s.encounter for s in evening.scenes] if evening else [encounter]
    found: list[Token] = []
    for scene in scenes:
        party = set(scene.fog.party)
        found += [token for token in scene.tokens.values() if token.side in party]
    return found


def links_for(encounter: Encounter) -> Links:
    """A table link and one link per player character (a token of the party's sides, on
    any scene of the evening: a character's link follows it to the scene it stands in)."""
    links = Links()
    links.add("table", "Table")
    add_missing_characters(links, encounter)
    return links


def add_missing_characters(links: Links, encounter: Encounter) -> list[Link]:
    """Links for party characters added since sharing started (a new player sits down)."""
    added = []
    known = {link.character for link in links.all()}  # one look, not one a character
    for token in _party_tokens(encounter):
        key = character_key(token)
        if key not in known:
            added.append(links.add("character", token.name, key))
            known.add(key)
    return added

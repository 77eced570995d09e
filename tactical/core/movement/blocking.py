"""Who blocks a moving token, kept up to date between questions instead of rebuilt.

A drag asks "where can this token go" once per square the pointer enters.
With 5,000 tokens on the map, rebuilding the blocked positions from every
token on each step cost more than a frame. Here each (encounter, mover) keeps
counts of the positions other tokens deny it; a question compares a cheap
fingerprint of the tokens (position, side, size of each, read in one pass
at C speed) with the last one and, when something moved, applies only the
difference. Tokens are plain mutable objects, so the fingerprint is read on
every question rather than trusting notifications.
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Iterable
from operator import attrgetter

from tactical.core.encounter import Encounter
from tactical.core.grid import Square
from tactical.core.movement.search import Blockers
from tactical.core.tokens import Token

Print = tuple[object, str, int]
"""What of a token matters to blocking: ``(position, side, size)``."""

_print_of = attrgetter("position", "side", "size")
_KEEP = 8
"""Movers remembered per encounter (the one dragged, and a few the procedures ask about)."""


class _Mover:
    """The positions other tokens deny to one mover, as counts (tokens may overlap)."""

    def __init__(self, mover: str, side: str, size: int) -> None:
        self.mover = mover
        self.side = side
        self.size = size
        self.no_entry: Counter[Square] = Counter()
        self.no_stop: Counter[Square] = Counter()
        self.prints: dict[str, Print] = {}
        self.blockers: Blockers | None = None

    def apply(self, encounter: Encounter, prints: dict[str, Print]) -> Blockers:
        """Bring the counts from the last fingerprint to ``prints``."""
        old = self.prints
        if len(old) * 2 < len(prints):  # mostly new: start afresh
            self.no_entry.clear()
            self.no_stop.clear()
            old = {}
        for token_id, before in old.items():
            if prints.get(token_id) != before:
                self._count(encounter, token_id, before, -1)
        for token_id, now in prints.items():
            if old.get(token_id) != now:
                self._count(encounter, token_id, now, 1)
        self.prints = prints
        self.blockers = Blockers(frozenset(self.no_entry), frozenset(self.no_stop))
        return self.blockers

    def _count(self, encounter: Encounter, token_id: str, seen: Print, sign: int) -> None:
        position, side, size = seen
        if token_id == self.mover or not isinstance(position, tuple):
            return
        x0, y0 = position
        reach = self.size
        corners = [
            (x - i, y - j)
            for x in range(x0, x0 + size)
            for y in range(y0, y0 + size)
            for i in range(reach)
            for j in range(reach)
        ]
        counters = [self.no_stop]
        if encounter.are_enemies(self.side, side):
            counters.append(self.no_entry)
        for counter in counters:
            for corner in set(corners):
                left = counter[corner] + sign
                if left:
                    counter[corner] = left
                else:
                    del counter[corner]


class _Cache:
    """The movers of one encounter, and the fingerprint of its sides."""

    def __init__(self) -> None:
        self.sides: list[tuple[str, tuple[str, ...]]] = []
        self.movers: dict[tuple[str, str, int], _Mover] = {}
        self.keys: list[str] = []
        self.prints: list[Print] = []
        self.by_id: dict[str, Print] = {}


_CACHES: dict[int, tuple[weakref.ref[Encounter], _Cache]] = {}


def _cache_for(encounter: Encounter) -> _Cache:
    found = _CACHES.get(id(encounter))
    if found is not None and found[0]() is encounter:
        return found[1]
    cache = _Cache()
    _CACHES[id(encounter)] = (weakref.ref(encounter), cache)
    weakref.finalize(encounter, _CACHES.pop, id(encounter), None)
    return cache


def blockers_for(encounter: Encounter, token: Token) -> Blockers:
    """The positions other tokens deny to ``token`` (see :class:`Blockers`)."""
    cache = _cache_for(encounter)
    sides = [(s.id, tuple(s.allies)) for s in encounter.sides.values()]
    if sides != cache.sides:
        cache.sides = sides
        cache.movers.clear()
    keys = list(encounter.tokens)
    prints = list(map(_print_of, encounter.tokens.values()))
    if keys != cache.keys or prints != cache.prints:
        cache.keys, cache.prints = keys, prints
        cache.by_id = dict(zip(keys, prints, strict=True))
    key = (token.id, token.side, token.size)
    mover = cache.movers.pop(key, None)
    if mover is None:
        mover = _Mover(*key)
        if len(cache.movers) >= _KEEP:
            cache.movers.pop(next(iter(cache.movers)))
    cache.movers[key] = mover  # most recently asked last
    if mover.blockers is not None and mover.prints is cache.by_id:
        return mover.blockers
    return mover.apply(encounter, cache.by_id)


def rebuilt_blockers(encounter: Encounter, token: Token, others: Iterable[Token]) -> Blockers:
    """The same answer from scratch (the reference the tests compare with)."""
    size = token.size
    no_entry: set[Square] = set()
    no_stop: set[Square] = set()
    for other in others:
        if other.id == token.id or other.square is None:
            continue
        corners = {
            (x - i, y - j) for x, y in other.occupied() for i in range(size) for j in range(size)
        }
        no_stop |= corners
        if encounter.are_enemies(token.side, other.side):
            no_entry |= corners
    return Blockers(frozenset(no_entry), frozenset(no_stop))

"""What an edit changed, so views and caches redo only that.

The encounter announces each :class:`Change` as it happens; a
:class:`ChangeGatherer` collects those of one user action into one
:class:`ChangeSet`, which is what the views listen to.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Literal

from tactical.core.grid import Square

ChangeKind = Literal[
    "tokens",
    "terrain",
    "walls",
    "areas",
    "templates",
    "sides",
    "procedure",
    "dice",
    "meta",
    "pictures",
    "background",
    "fog",
    "scenes",
]


@dataclass(frozen=True)
class Change:
    """One notification: the kind of thing, the ids and the squares that changed."""

    kind: ChangeKind
    ids: frozenset[str] = field(default_factory=frozenset)
    squares: frozenset[Square] = field(default_factory=frozenset)


def merge_changes(changes: Iterable[Change]) -> tuple[Change, ...]:
    """One change per kind, in the order the kinds first changed.

    A change that names no ids and no squares means "all of that kind", so it
    absorbs the others of its kind; otherwise ids and squares are united.
    """
    merged: dict[ChangeKind, Change] = {}
    for change in changes:
        before = merged.get(change.kind)
        if before is None:
            merged[change.kind] = change
        elif _whole(before) or _whole(change):
            merged[change.kind] = Change(change.kind)
        else:
            merged[change.kind] = Change(
                change.kind, before.ids | change.ids, before.squares | change.squares
            )
    return tuple(merged.values())


def _whole(change: Change) -> bool:
    return not change.ids and not change.squares


@dataclass(frozen=True)
class ChangeSet:
    """What one user action changed (at most one :class:`Change` per kind), and who acted.

    Views update once per set; the ``initiator`` (the panel that pressed a
    button, say) may skip the echo of its own action, having updated itself.
    """

    changes: tuple[Change, ...]
    initiator: object | None = None

    def __iter__(self) -> Iterator[Change]:
        return iter(self.changes)

    def __len__(self) -> int:
        return len(self.changes)

    @property
    def kinds(self) -> frozenset[ChangeKind]:
        return frozenset(change.kind for change in self.changes)

    def get(self, kind: ChangeKind) -> Change | None:
        """The set's change of ``kind``, or None when that kind did not change."""
        return next((change for change in self.changes if change.kind == kind), None)

    def touches(self, kinds: Iterable[str]) -> bool:
        """Whether any of ``kinds`` changed."""
        return not self.kinds.isdisjoint(kinds)


@dataclass(frozen=True)
class Initiator:
    """Who made an edit: the GM at the table, or a player's phone.

    Every push names one; its change set carries it (a view may skip its own
    echo) and its undo step records it.
    """

    name: str
    """How to say it: "GM", "Mira's phone"."""
    character: str | None = None
    """For a phone: the token id of the character it moves (None: the GM)."""


GM = Initiator("GM")
"""The game master, at the app's window (every edit made there: mouse, keys, panel, menus)."""


def phone(character: str, name: str) -> Initiator:
    """The phone of the player whose character is ``character`` (named ``name``)."""
    return Initiator(f"{name}'s phone", character)


@dataclass(frozen=True)
class HistoryStep:
    """The initiator of a change set that an undo or a redo sent (from any key or button)."""

    verb: str
    """"Undone" or "Redone"."""
    text: str
    """The undo entry's text ("Move Orc")."""

    def __str__(self) -> str:
        return f"{self.verb}: {self.text}" if self.text else ""


@dataclass
class Operation:
    """One gathered operation; ``changes`` is what it sent, once it ended."""

    changes: ChangeSet | None = None


class ChangeGatherer:
    """Gathers the changes of one operation into one :class:`ChangeSet`.

    Changes made inside :meth:`operation` (nested operations join the outer
    one) are sent as one merged set when the outermost operation ends, even
    when it ends with an error; a change made outside any operation is sent at
    once, as a set of its own.
    """

    def __init__(self, send: Callable[[ChangeSet], None]) -> None:
        self._send = send
        self._depth = 0
        self._pending: list[Change] = []
        self._initiator: object | None = None

    def add(self, change: Change) -> None:
        if self._depth:
            self._pending.append(change)
        else:
            self._send(ChangeSet((change,)))

    @property
    def active(self) -> bool:
        """Whether an operation is under way."""
        return self._depth > 0

    @contextmanager
    def operation(self, initiator: object | None = None) -> Iterator[Operation]:
        """Gather what changes inside into one set, carried with ``initiator``.

        Yields an :class:`Operation` whose ``changes`` holds, once the outermost
        operation ended, the set that was sent (None when nothing changed).
        """
        handle = Operation()
        if not self._depth or self._initiator is None:
            self._initiator = initiator
        self._depth += 1
        try:
            yield handle
        finally:
            self._depth -= 1
            if not self._depth:
                pending, self._pending = self._pending, []
                initiator, self._initiator = self._initiator, None
                if pending:
                    handle.changes = ChangeSet(merge_changes(pending), initiator)
                    self._send(handle.changes)

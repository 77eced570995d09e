"""Commands that change tokens: move, add, remove, statuses, figures and other fields."""

from __future__ import annotations

import copy
from typing import Any

from tactical.core.changes import Change
from tactical.core.commands.base import Command
from tactical.core.encounter import Encounter
from tactical.core.tokens import Figure, Position, Token


def _changed(encounter: Encounter, *token_ids: str) -> None:
    encounter.notify(Change("tokens", frozenset(token_ids)))


class MoveToken(Command):
    """Move a token to a square or an area. Successive moves of one drag merge."""

    def __init__(self, token_id: str, to: Position, *, drag_id: object | None = None) -> None:
        self.token_id = token_id
        self.to = to
        self.before: Position = None
        self.text = f"Move {token_id}"
        self.merge_key = ("move", token_id, drag_id) if drag_id is not None else None

    def do(self, encounter: Encounter) -> None:
        token = encounter.token(self.token_id)
        self.before = token.position
        token.position = self.to
        _changed(encounter, self.token_id)

    def undo(self, encounter: Encounter) -> None:
        encounter.token(self.token_id).position = self.before
        _changed(encounter, self.token_id)

    def merge(self, other: Command) -> bool:
        if not isinstance(other, MoveToken) or other.token_id != self.token_id:
            return False
        self.to = other.to
        return True


class AddToken(Command):
    def __init__(self, token: Token, index: int | None = None) -> None:
        self.token = token
        self.index = index
        self.text = f"Add {token.name}"

    def do(self, encounter: Encounter) -> None:
        encounter.add_token(self.token, self.index)
        _changed(encounter, self.token.id)

    def undo(self, encounter: Encounter) -> None:
        encounter.remove_token(self.token.id)
        _changed(encounter, self.token.id)


class RemoveToken(Command):
    def __init__(self, token_id: str) -> None:
        self.token_id = token_id
        self.removed: tuple[Token, int] | None = None
        self.text = f"Remove {token_id}"

    def do(self, encounter: Encounter) -> None:
        self.removed = encounter.remove_token(self.token_id)
        _changed(encounter, self.token_id)

    def undo(self, encounter: Encounter) -> None:
        assert self.removed is not None
        token, index = self.removed
        encounter.add_token(token, index)
        _changed(encounter, self.token_id)


def _put_back(table: dict[str, Any], key: str, value: Any, index: int | None) -> None:
    """Undo of a change to ``table[key]``: the old value at its old place, or no key.

    Removing and re-adding a key would move it to the end of the dict, and
    the file writes dicts in order: undo-all must give back the same bytes.
    """
    table.pop(key, None)
    if index is None:
        return
    items = list(table.items())
    items.insert(index, (key, value))
    table.clear()
    table.update(items)


def _index(table: dict[str, Any], key: str) -> int | None:
    return list(table).index(key) if key in table else None


class SetStatus(Command):
    """Give a token a status with ``stacks`` (0 or None removes it)."""

    def __init__(self, token_id: str, status: str, stacks: int | None) -> None:
        self.token_id = token_id
        self.status = status
        self.stacks = stacks
        self.before: int | None = None
        self.index: int | None = None
        self.text = f"{status} on {token_id}" if stacks else f"Clear {status} on {token_id}"

    def do(self, encounter: Encounter) -> None:
        statuses = encounter.token(self.token_id).statuses
        self.before = statuses.get(self.status)
        self.index = _index(statuses, self.status)
        if self.stacks:
            statuses[self.status] = self.stacks
        else:
            statuses.pop(self.status, None)
        _changed(encounter, self.token_id)

    def undo(self, encounter: Encounter) -> None:
        statuses = encounter.token(self.token_id).statuses
        _put_back(statuses, self.status, self.before, self.index)
        _changed(encounter, self.token_id)


_MISSING = object()


class SetFigure(Command):
    """Set one tracked figure of a token (``value`` None removes it)."""

    def __init__(self, token_id: str, name: str, value: Figure) -> None:
        self.token_id = token_id
        self.name = name
        self.value = value
        self.before: Any = _MISSING
        self.index: int | None = None
        self.text = f"{name} of {token_id}"

    def do(self, encounter: Encounter) -> None:
        figures = encounter.token(self.token_id).figures
        self.before = figures.get(self.name, _MISSING)
        self.index = _index(figures, self.name)
        if self.value is None:
            figures.pop(self.name, None)
        else:
            figures[self.name] = self.value
        _changed(encounter, self.token_id)

    def undo(self, encounter: Encounter) -> None:
        figures = encounter.token(self.token_id).figures
        _put_back(figures, self.name, self.before, self.index)
        _changed(encounter, self.token_id)


_EDITABLE = {"name", "side", "size", "speed", "image", "hidden", "character"}


class SetTokenField(Command):
    """Change one plain field of a token: name, side, size, speed, image, hidden or the
    roster character it is."""

    def __init__(self, token_id: str, field: str, value: Any) -> None:
        if field not in _EDITABLE:
            raise ValueError(f"'{field}' is not an editable token field")
        self.token_id = token_id
        self.field = field
        self.value = copy.copy(value)
        self.before: Any = None
        self.text = f"Change {field} of {token_id}"

    def do(self, encounter: Encounter) -> None:
        token = encounter.token(self.token_id)
        self.before = getattr(token, self.field)
        setattr(token, self.field, self.value)
        _changed(encounter, self.token_id)

    def undo(self, encounter: Encounter) -> None:
        setattr(encounter.token(self.token_id), self.field, self.before)
        _changed(encounter, self.token_id)

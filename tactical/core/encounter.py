"""The encounter: one fight's map, tokens, sides, templates, procedure state and dice log.

It is a plain mutable object. Edits are made by commands
(:mod:`tactical.core.commands`) which call :meth:`Encounter.notify` so that
whoever listens (the Qt view, movement caches) learns what changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Literal

from tactical.core.areas import AreaMap
from tactical.core.changes import Change
from tactical.core.dice_log import DiceRoll
from tactical.core.fog import Fog
from tactical.core.grid import GridMap, Square
from tactical.core.pictures import Background, Picture
from tactical.core.sides import Side, default_sides
from tactical.core.templates import Template
from tactical.core.tokens import Token

MapKind = GridMap | AreaMap
Metric = Literal["chebyshev", "orthogonal", "feet"]
ChangeListener = Callable[[Change], None]


class EncounterError(ValueError):
    """An encounter that is inconsistent (a token on a missing side, a duplicate id)."""


class Encounter:
    """Everything about one fight that is saved in a ``.tactical.json`` file."""

    def __init__(
        self,
        map: MapKind,  # noqa: A002 - the public API names it `map`
        tokens: Iterable[Token] = (),
        sides: Iterable[Side] | None = None,
        *,
        name: str = "",
        templates: Iterable[Template] = (),
        procedure: str | None = None,
        procedure_state: dict[str, Any] | None = None,
        dice_log: Iterable[DiceRoll] = (),
        metric: Metric = "chebyshev",
        notes: str = "",
        pictures: Iterable[Picture] = (),
        background: Background | None = None,
        fog: Fog | None = None,
        show_name_to_players: bool = False,
    ) -> None:
        self.map: MapKind = map
        self.name = name
        self.show_name_to_players = show_name_to_players
        """The GM's choice to let the players' screens and prints show :attr:`name` (it may
        name a secret: off unless the GM turns it on; :mod:`tactical.share.players`)."""
        self.sides: dict[str, Side] = {}
        for side in default_sides() if sides is None else sides:
            if side.id in self.sides:
                raise EncounterError(f"two sides have the id '{side.id}'")
            self.sides[side.id] = side
        self.tokens: dict[str, Token] = {}
        for token in tokens:
            self.add_token(token)
        self.templates: dict[str, Template] = {t.id: t for t in templates}
        self.procedure = procedure
        self.procedure_state: dict[str, Any] = dict(procedure_state or {})
        self.dice_log: list[DiceRoll] = list(dice_log)
        self.metric: Metric = metric
        self.notes = notes
        self.pictures: dict[str, Picture] = {p.id: p for p in pictures}
        """Every picture the encounter uses (background, token art), by id."""
        self.background: Background | None = background
        """The picture under the map and how it is aligned, or None."""
        self.fog: Fog = fog if fog is not None else Fog()
        """The fog over the map (off unless the GM turns it on): :mod:`tactical.core.fog`."""
        self._listeners: list[ChangeListener] = []
        self.revision = 0
        """Counts the changes announced (:meth:`notify`): a save keeps an unchanged scene's text."""
        self.evening: object | None = None
        """The evening this encounter is a scene of (:mod:`tactical.core.evening`), or None."""

    # -- tokens and sides ------------------------------------------------

    def add_token(self, token: Token, index: int | None = None) -> None:
        """Add a token (at ``index`` in the order when given)."""
        if token.id in self.tokens:
            raise EncounterError(f"two tokens have the id '{token.id}'")
        if token.side not in self.sides:
            raise EncounterError(
                f"token '{token.id}' is on side '{token.side}', which does not exist"
            )
        if index is None or index >= len(self.tokens):
            # appending needs no rebuild; rebuilding every time made loading n tokens O(n^2)
            self.tokens[token.id] = token
            return
        items = list(self.tokens.items())
        items.insert(index, (token.id, token))
        self.tokens = dict(items)

    def remove_token(self, token_id: str) -> tuple[Token, int]:
        """Remove a token; returns it and its index so an undo can restore the order."""
        index = list(self.tokens).index(token_id)
        return self.tokens.pop(token_id), index

    def token(self, token_id: str) -> Token:
        try:
            return self.tokens[token_id]
        except KeyError:
            raise EncounterError(f"there is no token '{token_id}'") from None

    def are_enemies(self, side_a: str, side_b: str) -> bool:
        """Sides are enemies unless they are the same or either names the other an ally."""
        if side_a == side_b:
            return False
        a, b = self.sides.get(side_a), self.sides.get(side_b)
        allied = (a is not None and side_b in a.allies) or (b is not None and side_a in b.allies)
        return not allied

    def are_allies(self, side_a: str, side_b: str) -> bool:
        return not self.are_enemies(side_a, side_b)

    def occupants(self) -> dict[Square, str]:
        """Grid squares covered by tokens, each with the id of the token covering it."""
        covered: dict[Square, str] = {}
        for token in self.tokens.values():
            for square in token.occupied():
                covered[square] = token.id
        return covered

    def tokens_in_area(self, area_id: str) -> list[Token]:
        return [t for t in self.tokens.values() if t.position == area_id]

    def tokens_of_side(self, side_id: str) -> Iterator[Token]:
        return (t for t in self.tokens.values() if t.side == side_id)

    @property
    def grid(self) -> GridMap | None:
        """The map when it is a grid, else None."""
        return self.map if isinstance(self.map, GridMap) else None

    @property
    def area_map(self) -> AreaMap | None:
        """The map when it is an area map, else None."""
        return self.map if isinstance(self.map, AreaMap) else None

    # -- notifications ---------------------------------------------------

    def subscribe(self, listener: ChangeListener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: ChangeListener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def notify(self, change: Change) -> None:
        self.revision += 1
        for listener in list(self._listeners):
            listener(change)

    # -- value semantics -------------------------------------------------

    def _state(self) -> tuple[object, ...]:
        return (
            self.map,
            self.name,
            self.show_name_to_players,
            self.sides,
            self.tokens,
            self.templates,
            self.procedure,
            self.procedure_state,
            self.dice_log,
            self.metric,
            self.notes,
            self.pictures,
            self.background,
            self.fog,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Encounter):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Encounter({self.name!r}, {self.map!r}, {len(self.tokens)} tokens)"

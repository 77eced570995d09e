"""The party across scenes: roster edits, moving tokens to another scene, springing an ambush.

Like the scene list's commands they are made with the evening they edit and
ignore the encounter they are pushed on.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import partial
from typing import Any

from tactical.core.changes import Change
from tactical.core.commands.base import Batch, Command
from tactical.core.commands.scenes import SceneCommand
from tactical.core.commands.tokens import SetTokenField
from tactical.core.encounter import Encounter
from tactical.core.evening import (
    SHARED_FIELDS,
    Character,
    Evening,
    EveningError,
    Exit,
    TokenGroup,
)
from tactical.core.placement import free_corner
from tactical.core.templates import Template
from tactical.core.tokens import Position, Token


class SetCharacter(SceneCommand):
    """Add a roster character, or change one: every scene's token of it follows."""

    def __init__(self, evening: Evening, character: Character) -> None:
        super().__init__(evening)
        self.character = copy.deepcopy(character)
        before = evening.roster.get(character.id)
        self.before = copy.deepcopy(before) if before is not None else None
        self.text = f"{'Edit' if before else 'Add'} {character.name}"

    def apply(self) -> None:
        self._put(self.character)

    def revert(self) -> None:
        if self.before is None:
            del self.evening.roster[self.character.id]
        else:
            self._put(self.before)

    def _put(self, character: Character) -> None:
        kept = self.evening.roster.setdefault(character.id, copy.deepcopy(character))
        for name in SHARED_FIELDS:
            setattr(kept, name, copy.deepcopy(getattr(character, name)))
        self.evening.character_changed(kept)


class MakeCharacter(Command):
    """Make a token of the scene it is pushed on a roster character, with the token's
    fields as they are when done (after an edit in the same step); its undo unmakes it."""

    def __init__(self, evening: Evening, token_id: str, character_id: str) -> None:
        self.evening = evening
        self.token_id = token_id
        self.character_id = character_id
        self.done: Batch | None = None
        self.text = "Make a party character"

    def do(self, encounter: Encounter) -> None:
        if self.done is None:
            token = encounter.token(self.token_id)
            fields = {name: copy.deepcopy(getattr(token, name)) for name in SHARED_FIELDS}
            character = Character(self.character_id, **fields)
            self.text = f"Make {character.name} a party character"
            link = SetTokenField(self.token_id, "character", self.character_id)
            self.done = Batch(self.text, [SetCharacter(self.evening, character), link])
        self.done.do(encounter)

    def undo(self, encounter: Encounter) -> None:
        if self.done is not None:
            self.done.undo(encounter)


class MarkGroup(SceneCommand):
    """Mark tokens of a scene as an encounter group (an ambush to spring), or replace one."""

    def __init__(self, evening: Evening, scene_id: str, group: TokenGroup) -> None:
        super().__init__(evening)
        self.scene = evening.scene(scene_id)
        self.group = copy.deepcopy(group)
        self.before = list(self.scene.groups)
        self.text = f"Mark encounter {group.name}"

    def apply(self) -> None:
        groups = [g for g in self.scene.groups if g.id != self.group.id]
        self.scene.groups = [*groups, copy.deepcopy(self.group)]
        self.scene.edits += 1

    def revert(self) -> None:
        self.scene.groups = list(self.before)
        self.scene.edits += 1


Starter = Callable[[Encounter], tuple[str, dict[str, Any]]]
"""The procedure to start and its first state, asked once the group is revealed."""


class Spring(SceneCommand):
    """Reveal an encounter group: its tokens join the scene's fight, starting its procedure
    (``start``) when none runs. The rules make ``start`` (``tactical.rules.spring``)."""

    def __init__(
        self, evening: Evening, scene_id: str, group_id: str, start: Starter | None
    ) -> None:
        super().__init__(evening)
        self.scene = evening.scene(scene_id)
        group = next((g for g in self.scene.groups if g.id == group_id), None)
        if group is None:
            raise EveningError(f"there is no encounter group '{group_id}'")
        self.group = group
        self.start = start
        self.started: tuple[str, dict[str, Any]] | None = None
        self.revealed: list[str] = []
        self.before: tuple[str | None, dict[str, Any]] = (None, {})
        self.text = f"Spring {group.name}"

    def apply(self) -> None:
        encounter = self.scene.encounter
        self.revealed = [
            t for t in self.group.tokens if t in encounter.tokens and encounter.tokens[t].hidden
        ]
        for token_id in self.revealed:
            encounter.tokens[token_id].hidden = False
        encounter.notify(Change("tokens", frozenset(self.revealed)))
        self.before = (encounter.procedure, encounter.procedure_state)
        if encounter.procedure is None and self.start is not None:
            if self.started is None:
                self.started = self.start(encounter)
            encounter.procedure = self.started[0]
            encounter.procedure_state = copy.deepcopy(self.started[1])
            encounter.notify(Change("procedure"))
        self.group.sprung = True
        self.scene.edits += 1

    def revert(self) -> None:
        encounter = self.scene.encounter
        for token_id in self.revealed:
            encounter.tokens[token_id].hidden = True
        encounter.notify(Change("tokens", frozenset(self.revealed)))
        if (encounter.procedure, encounter.procedure_state) != self.before:
            encounter.procedure, encounter.procedure_state = self.before
            encounter.notify(Change("procedure"))
        self.group.sprung = False
        self.scene.edits += 1


class MoveToScene(SceneCommand):
    """Move tokens to another scene, near ``to`` (a square or an area), as one step.

    They keep their statuses and figures (and roster link); an aura on a token
    goes with it; a side the other scene lacks is added there; a picture too.
    """

    def __init__(
        self, evening: Evening, from_scene: str, token_ids: list[str], to_scene: str, to: Position
    ) -> None:
        super().__init__(evening)
        self.source = evening.scene(from_scene)
        self.target = evening.scene(to_scene)
        if self.source is self.target:
            raise EveningError("the tokens are on that scene already")
        missing = [t for t in token_ids if t not in self.source.encounter.tokens]
        if missing:
            raise EveningError(f"there is no token '{missing[0]}' on this scene")
        self.token_ids = list(token_ids)
        self.to = to
        self.undo_steps: list[Callable[[], None]] = []
        names = [self.source.encounter.tokens[t].name or t for t in token_ids]
        self.text = f"Move {_who(names)} to {self.target.name}"

    @classmethod
    def through(cls, evening: Evening, scene_id: str, exit_: Exit, token_ids: list[str]) -> Command:
        """Follow an exit the GM marked: to its square of its scene."""
        return cls(evening, scene_id, token_ids, exit_.to_scene, exit_.to)

    def apply(self) -> None:
        source, target = self.source.encounter, self.target.encounter
        self.undo_steps = []
        moved: list[str] = []
        for token_id in self.token_ids:
            token = source.tokens[token_id]
            _, index = source.remove_token(token_id)
            auras = [t for t in source.templates.values() if t.token_id == token_id]
            for aura in auras:
                del source.templates[aura.id]
            self._need(token, auras)
            before = (token.id, token.position)
            token.id = _free_id(target.tokens, token.id)
            token.position = self._place(target, token)
            target.add_token(token)
            for aura in auras:
                target.templates[aura.id] = _aura_for(aura, token.id, target)
            moved.append(token.id)
            self.undo_steps.append(_putter(source, target, token, before, index, auras))
        source.notify(Change("tokens", frozenset(self.token_ids)))
        target.notify(Change("tokens", frozenset(moved)))
        source.notify(Change("templates"))
        target.notify(Change("templates"))

    def revert(self) -> None:
        for step in reversed(self.undo_steps):
            step()
        self.source.encounter.notify(Change("tokens", frozenset(self.token_ids)))
        self.target.encounter.notify(Change("tokens"))
        self.source.encounter.notify(Change("templates"))
        self.target.encounter.notify(Change("templates"))

    def _need(self, token: Token, auras: list[Template]) -> None:
        """Add the token's side and picture to the target when it lacks them."""
        source, target = self.source.encounter, self.target.encounter
        if token.side not in target.sides:
            target.sides[token.side] = copy.deepcopy(source.sides[token.side])
            self.undo_steps.append(partial(_drop, target.sides, token.side))
        if token.image is not None and token.image not in target.pictures:
            target.pictures[token.image] = source.pictures[token.image]
            self.undo_steps.append(partial(_drop, target.pictures, token.image))

    def _place(self, target: Encounter, token: Token) -> Position:
        if target.grid is None:
            return self.to if isinstance(self.to, str) else None
        near = self.to if isinstance(self.to, tuple) else (0, 0)
        return free_corner(target, near, token.size)


def _who(names: list[str]) -> str:
    """Who moves, as the undo text says it: "Hero", "Hero and Ally", "Hero and 3 others"."""
    if len(names) <= 2:
        return " and ".join(names)
    return f"{names[0]} and {len(names) - 1} others"


def _drop(table: dict[str, Any], key: str) -> None:
    table.pop(key, None)


def _free_id(tokens: dict[str, Token], wanted: str) -> str:
    if wanted not in tokens:
        return wanted
    number = 2
    while f"{wanted}-{number}" in tokens:
        number += 1
    return f"{wanted}-{number}"


def _aura_for(aura: Template, token_id: str, target: Encounter) -> Template:
    moved = copy.copy(aura)
    moved.token_id = token_id
    moved.id = aura.id if aura.id not in target.templates else f"{aura.id}-{token_id}"
    return moved


def _putter(
    source: Encounter,
    target: Encounter,
    token: Token,
    before: tuple[str, Position],
    index: int,
    auras: list[Template],
) -> Callable[[], None]:
    """The undo of one token's move: out of the target, back where it stood."""
    moved_id = token.id

    def put_back() -> None:
        target.remove_token(moved_id)
        for template_id in [t.id for t in target.templates.values() if t.token_id == moved_id]:
            del target.templates[template_id]
        token.id, token.position = before
        source.add_token(token, index)
        for aura in auras:
            source.templates[aura.id] = aura

    return put_back

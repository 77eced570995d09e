"""The party's roster in the app: make a token a party character, place one on this scene.

A party character (:class:`~tactical.core.evening.Character`) is made once; its
token on any scene is that character, so an edit of its name, statuses or
figures shows on every scene (the evening keeps them in step). One-off
monsters stay tokens of their scene. Each edit is one undo step.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QMenu

from tactical.app.encounter.limits import MAX_ID
from tactical.app.scenes.travel.access import ensure_evening, evening_for, scene_here, side_for
from tactical.app.tokens.palette.party_section import RosterRow
from tactical.app.window.plain_text import menu_text
from tactical.core.changes import GM
from tactical.core.commands.base import Batch, Command
from tactical.core.commands.party import MakeCharacter, MoveToScene
from tactical.core.commands.pictures import AddPicture
from tactical.core.commands.sides import AddSide
from tactical.core.commands.tokens import AddToken
from tactical.core.evening import Evening, Scene
from tactical.core.placement import free_corner
from tactical.core.token_names import new_id
from tactical.core.tokens import Position

if TYPE_CHECKING:
    from tactical.app.window.services import Services

PositionAt = Callable[[QPointF], Position]
TokensAt = Callable[[QPointF], list[str]]


class PartyActions:
    """Roster edits of one window, and their right-click entries."""

    def __init__(self, services: Services, position_at: PositionAt, tokens_at: TokensAt) -> None:
        self.services = services
        self.document = services.document
        self.position_at = position_at
        self.tokens_at = tokens_at

    # -- edits -------------------------------------------------------------------------

    def make_characters(self, token_ids: list[str]) -> list[str]:
        """Make each token a roster character (one undo step); the new characters' ids."""
        encounter = self.document.encounter
        tokens = [encounter.tokens[t] for t in token_ids if t in encounter.tokens]
        evening = ensure_evening(self.document)
        commands: list[Command] = []
        made: list[str] = []
        for token in tokens:
            if token.character in evening.roster:
                continue
            character_id = new_id([*evening.roster, *made], token.id, MAX_ID)
            commands.append(MakeCharacter(evening, token.id, character_id))
            made.append(character_id)
        if not commands:
            self.services.say("Already a party character.")
            return []
        text = "Make a party character" if len(made) == 1 else f"Make {len(made)} party characters"
        self.document.push(Batch(text, commands), GM)
        return made

    def roster(self) -> list[RosterRow]:
        """The roster characters, each with where it stands: here, another scene or none."""
        evening = evening_for(self.document)
        if evening is None:
            return []
        rows = []
        for character in evening.roster.values():
            scene = self._standing(evening, character.id)
            here = scene is not None and scene.encounter is self.document.encounter
            where = (scene.name or scene.id) if scene is not None else ""
            rows.append(RosterRow(character, here, where))
        return rows

    def _standing(self, evening: Evening, character_id: str) -> Scene | None:
        """The scene the character stands on: this one first, when it is here."""
        scenes = [scene for scene, _ in evening.tokens_of(character_id)]
        here = next((s for s in scenes if s.encounter is self.document.encounter), None)
        return here if here is not None else next(iter(scenes), None)

    def place(self, character_id: str, position: Position) -> str | None:
        """Put the character's token on this scene at ``position`` (the nearest free corner
        on a grid): a character standing on another scene moves here from it (statuses and
        figures with it), one not on any scene gets a token here. Its token's id, or None
        when it cannot go there. One undo step."""
        evening = evening_for(self.document)
        if evening is None or character_id not in evening.roster:
            return None
        character = evening.roster[character_id]
        encounter = self.document.encounter
        standing = self._standing(evening, character_id)
        if standing is not None and standing.encounter is encounter:
            return None  # here already: a character stands on one scene at a time
        if encounter.grid is not None:
            near = position if isinstance(position, tuple) else (0, 0)
            position = free_corner(encounter, near, character.size)
            if position is None:
                self.services.say(f"No free square for {character.name}.")
                return None
        elif not isinstance(position, str):
            areas = encounter.area_map.areas if encounter.area_map is not None else {}
            position = next(iter(areas), None)
        if standing is not None:
            return self._move_here(evening, standing, character_id, position)
        token = character.token(new_id(encounter.tokens, character.id, MAX_ID), position)
        commands: list[Command] = []
        side = side_for(evening, token, encounter)
        if side is not None:
            commands.append(AddSide(side))
        if token.image is not None and token.image not in encounter.pictures:
            picture = _picture(evening, token.image)
            if picture is None:
                token.image = None
            else:
                commands.append(picture)
        commands.append(AddToken(token))
        self.document.push(Batch(f"Place {character.name}", commands), GM)
        return token.id

    def _move_here(
        self, evening: Evening, standing: Scene, character_id: str, position: Position
    ) -> str | None:
        here = scene_here(self.document)
        token_id = next(t.id for s, t in evening.tokens_of(character_id) if s is standing)
        if here is None:
            return None
        command = MoveToScene(evening, standing.id, [token_id], here.id, position)
        self.document.push(command, GM)
        encounter = self.document.encounter
        return next((t.id for t in encounter.tokens.values() if t.character == character_id), None)

    # -- the right-click menu ------------------------------------------------------------

    def token_entry(self, menu: QMenu, point: QPointF) -> None:
        ids = self.tokens_at(point)
        if not ids:
            return
        evening = evening_for(self.document)
        roster = evening.roster if evening is not None else {}
        tokens = self.document.encounter.tokens
        if all(tokens[t].character in roster for t in ids):
            return
        text = "Make a party character" if len(ids) == 1 else "Make party characters"
        menu.addAction(text, lambda: self.make_characters(ids))

    def place_entries(self, menu: QMenu, point: QPointF) -> None:
        absent = [row.character for row in self.roster() if not row.here]
        position = self.position_at(point)
        if not absent or position is None:
            return
        submenu = menu.addMenu("Place here")
        for character in absent:
            submenu.addAction(
                menu_text(character.name), partial(self.place, character.id, position)
            )


def _picture(evening: Evening, key: str) -> AddPicture | None:
    for scene in evening.scenes:
        picture = scene.encounter.pictures.get(key)
        if picture is not None:
            return AddPicture(picture)
    return None

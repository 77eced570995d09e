"""An evening: several scenes (each a whole :class:`Encounter`) and one roster of characters.

A GM prepares an evening, not a map. Each :class:`Scene` wraps an encounter
with its own map, art, walls, fog, tokens, templates and fight, so the app
keeps working on one encounter at a time. A token whose ``character`` names a
roster :class:`Character` is that character: its shared fields (name, side,
picture, size, speed, statuses, figures) are copied to the roster and to every
other scene's token of the character whenever an edit on any scene announces
a token change, so any existing command edits the whole party at once, and
its undo does too. Position and ``hidden`` stay each scene's own.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from tactical.core.changes import Change
from tactical.core.encounter import Encounter
from tactical.core.tokens import Figure, Position, Token

SHARED_FIELDS = ("name", "side", "image", "size", "speed", "statuses", "figures")
"""A character's fields every scene shows alike (``side`` only where that side exists)."""


class EveningError(ValueError):
    """An edit the evening cannot take (a missing scene, deleting the last one)."""


@dataclass
class Character:
    """A member of the roster: made once, the same on every scene it appears on."""

    id: str
    name: str = ""
    side: str = "pcs"
    image: str | None = None
    size: int = 1
    speed: int = 6
    statuses: dict[str, int] = field(default_factory=dict)
    figures: dict[str, Figure] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.name:
            self.name = self.id

    def token(self, token_id: str, position: Position = None, *, hidden: bool = False) -> Token:
        """A new token that is this character, at ``position``."""
        shared = {name: copy.deepcopy(getattr(self, name)) for name in SHARED_FIELDS}
        return Token(token_id, position=position, hidden=hidden, character=self.id, **shared)


@dataclass(frozen=True)
class Exit:
    """A door or stairs: a square (or area) ``at`` of its scene leading to ``to`` of another."""

    id: str
    at: Position
    to_scene: str
    to: Position
    label: str = ""


@dataclass
class TokenGroup:
    """Hidden tokens marked as one encounter, waiting to be sprung (``rules.spring``)."""

    id: str
    name: str
    tokens: list[str] = field(default_factory=list)
    sprung: bool = False


@dataclass
class Scene:
    """One map of the evening: an encounter, its id, its exits and its encounter groups."""

    id: str
    encounter: Encounter
    exits: list[Exit] = field(default_factory=list)
    groups: list[TokenGroup] = field(default_factory=list)
    edits: int = 0
    """Counts edits of the exits and groups (the encounter counts its own)."""
    saved: Any = field(default=None, repr=False, compare=False)
    """What the last save kept of this scene (the file's text; ``persistence``'s business)."""

    @property
    def name(self) -> str:
        """The scene's name is its map's name: the GM's text (``show_name_to_players``)."""
        return self.encounter.name

    @property
    def revision(self) -> tuple[int, int]:
        """Changes whenever the scene changes (a save keeps an unchanged scene's text)."""
        return (self.encounter.revision, self.edits)


@dataclass
class UnreadScene:
    """A scene of the file that could not be read: kept as it was, to be written back."""

    index: int
    """Where it stood among the file's scenes."""
    name: str
    raw: dict[str, Any]
    problems: list[str]
    """What is wrong, one line each (``tokens[3].position: ...``)."""


EveningListener = Callable[[Change], None]


class Evening:
    """Ordered scenes, the scene shown to players, the roster, and any unreadable scenes."""

    def __init__(
        self,
        scenes: list[Scene],
        roster: Iterable[Character] = (),
        *,
        shown: str | None = None,
        unread: list[UnreadScene] | None = None,
    ) -> None:
        self.scenes: list[Scene] = []
        self.roster: dict[str, Character] = {c.id: c for c in roster}
        self.shown = shown
        """The id of the scene the TV and the phones show (None: the first)."""
        self.unread: list[UnreadScene] = list(unread or [])
        self._listeners: list[EveningListener] = []
        self._syncing = False
        self._scene_listeners: dict[int, _SceneListener] = {}
        for scene in scenes:
            self.insert(scene)

    @classmethod
    def single(cls, encounter: Encounter, scene_id: str = "scene-1") -> Evening:
        """An evening of one scene: how a file of one map (any older version) opens."""
        return cls([Scene(scene_id, encounter)], shown=scene_id)

    # -- scenes ------------------------------------------------------------

    def scene(self, scene_id: str) -> Scene:
        for scene in self.scenes:
            if scene.id == scene_id:
                return scene
        raise EveningError(f"there is no scene '{scene_id}'")

    def index(self, scene_id: str) -> int:
        return self.scenes.index(self.scene(scene_id))

    def named(self, name: str) -> Scene | None:
        """The first scene called ``name`` (as the command line's ``--scene`` picks it)."""
        return next((s for s in self.scenes if s.name == name), None)

    def scene_of(self, encounter: Encounter) -> Scene | None:
        return next((s for s in self.scenes if s.encounter is encounter), None)

    @property
    def shown_scene(self) -> Scene:
        """The scene shown to players, else the first (an evening has at least one)."""
        if self.shown is not None:
            for scene in self.scenes:
                if scene.id == self.shown:
                    return scene
        return self.scenes[0]

    def new_scene_id(self) -> str:
        taken = {s.id for s in self.scenes} | {u.raw.get("id") for u in self.unread}
        number = len(taken) + 1
        while f"scene-{number}" in taken:
            number += 1
        return f"scene-{number}"

    def insert(self, scene: Scene, index: int | None = None) -> None:
        """Add ``scene`` (at ``index`` when given) and keep its characters in step."""
        if any(s.id == scene.id for s in self.scenes):
            raise EveningError(f"two scenes have the id '{scene.id}'")
        self.scenes.insert(len(self.scenes) if index is None else index, scene)
        scene.encounter.evening = self
        listener = _SceneListener(self, scene)
        self._scene_listeners[id(scene)] = listener
        scene.encounter.subscribe(listener)

    def remove(self, scene_id: str) -> tuple[Scene, int]:
        """Take a scene out; returns it and its index so an undo can put it back."""
        scene = self.scene(scene_id)
        index = self.scenes.index(scene)
        if len(self.scenes) == 1:
            raise EveningError("an evening keeps at least one scene")
        self.scenes.pop(index)
        scene.encounter.evening = None
        scene.encounter.unsubscribe(self._scene_listeners.pop(id(scene)))
        return scene, index

    def close(self) -> None:
        """Let go of the scenes: the evening is closed (another file was opened in its
        place). An evening and its scenes' encounters hold each other; untied, a closed
        file is freed as soon as nothing refers to it, with no cycle collection (the app
        freezes what lives, and a frozen cycle is only freed by a collection of all)."""
        for scene in self.scenes:
            scene.encounter.evening = None
            scene.encounter.unsubscribe(self._scene_listeners.pop(id(scene)))

    # -- the roster kept in step --------------------------------------------

    def token_changed(self, scene: Scene, change: Change) -> None:
        """After a token change on ``scene``: its characters' fields to the roster and beyond."""
        if self._syncing or change.kind != "tokens":
            return
        tokens = scene.encounter.tokens
        ids = change.ids or frozenset(tokens)
        for token_id in ids:
            token = tokens.get(token_id)
            if token is not None and token.character in self.roster:
                self._from_token(scene, token)

    def _from_token(self, scene: Scene, token: Token) -> None:
        assert token.character is not None
        character = self.roster[token.character]
        if all(getattr(character, n) == getattr(token, n) for n in SHARED_FIELDS):
            return
        for name in SHARED_FIELDS:
            setattr(character, name, copy.deepcopy(getattr(token, name)))
        self.character_changed(character, besides=scene)

    def character_changed(self, character: Character, besides: Scene | None = None) -> None:
        """Show ``character``'s fields on every scene's token of it (but ``besides``)."""
        self._syncing = True
        try:
            for scene in self.scenes:
                if scene is not besides:
                    _copy_to_tokens(scene.encounter, character)
        finally:
            self._syncing = False
        self.notify(Change("scenes", frozenset({character.id})))

    def tokens_of(self, character_id: str) -> Iterator[tuple[Scene, Token]]:
        """Every token of the character, with its scene."""
        for scene in self.scenes:
            for token in scene.encounter.tokens.values():
                if token.character == character_id:
                    yield scene, token

    # -- notifications -------------------------------------------------------

    def subscribe(self, listener: EveningListener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: EveningListener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def notify(self, change: Change) -> None:
        """A change of the scene list, the shown scene or the roster (kind ``scenes``)."""
        for listener in list(self._listeners):
            listener(change)


class _SceneListener:
    """Hears one scene's changes for the evening (kept to unsubscribe it again)."""

    def __init__(self, evening: Evening, scene: Scene) -> None:
        self.evening = evening
        self.scene = scene

    def __call__(self, change: Change) -> None:
        self.evening.token_changed(self.scene, change)


def _copy_to_tokens(encounter: Encounter, character: Character) -> None:
    changed = []
    for token in encounter.tokens.values():
        if token.character != character.id:
            continue
        before = [getattr(token, n) for n in SHARED_FIELDS]
        for name in SHARED_FIELDS:
            if name == "side" and character.side not in encounter.sides:
                continue  # this scene has no such side: the token keeps its own
            if name == "image" and character.image not in (None, *encounter.pictures):
                continue  # nor that picture
            setattr(token, name, copy.deepcopy(getattr(character, name)))
        if before != [getattr(token, n) for n in SHARED_FIELDS]:
            changed.append(token.id)
    if changed:
        encounter.notify(Change("tokens", frozenset(changed)))


def evening_of(encounter: Encounter) -> Evening | None:
    """The evening ``encounter`` is a scene of, or None for an encounter alone."""
    owner = encounter.evening
    return owner if isinstance(owner, Evening) else None


def copy_encounter(encounter: Encounter) -> Encounter:
    """A deep copy of ``encounter`` with no listener and no evening (a duplicated scene).

    Pictures are immutable and shared, not copied."""
    listeners, encounter._listeners = encounter._listeners, []
    evening, encounter.evening = encounter.evening, None
    pictures = encounter.pictures
    try:
        copied = copy.deepcopy(encounter, {id(pictures): dict(pictures)})
    finally:
        encounter._listeners, encounter.evening = listeners, evening
    copied.revision = 0
    return copied

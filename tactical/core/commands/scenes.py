"""Edits of an evening's scene list, each one undoable step.

A command is made with the evening it edits, so it can be pushed like any
other (``document.push(command, GM)``): the encounter it is handed (the scene
on screen) is ignored. Each announces ``Change("scenes")`` on the evening.
"""

from __future__ import annotations

from tactical.core.changes import Change
from tactical.core.commands.base import Command
from tactical.core.commands.held import held_bytes
from tactical.core.encounter import Encounter
from tactical.core.evening import Evening, EveningError, Exit, Scene, copy_encounter


class SceneCommand(Command):
    """An edit of the evening, not of the encounter it is pushed on."""

    def __init__(self, evening: Evening) -> None:
        self.evening = evening

    def do(self, encounter: Encounter) -> None:
        self.apply()
        self.evening.notify(Change("scenes"))

    def undo(self, encounter: Encounter) -> None:
        self.revert()
        self.evening.notify(Change("scenes"))

    def apply(self) -> None:
        raise NotImplementedError

    def revert(self) -> None:
        raise NotImplementedError

    def held_bytes(self) -> int:
        """What the step keeps, not the evening it edits (the document holds that)."""
        return held_bytes([v for k, v in vars(self).items() if k != "evening"])


class AddScene(SceneCommand):
    """Add a scene (a new map, an imported one), at ``index`` or last."""

    def __init__(self, evening: Evening, scene: Scene, index: int | None = None) -> None:
        super().__init__(evening)
        self.scene = scene
        self.index = index
        self.text = f"Add scene {scene.name}".rstrip()

    def apply(self) -> None:
        self.evening.insert(self.scene, self.index)

    def revert(self) -> None:
        self.evening.remove(self.scene.id)


class DuplicateScene(AddScene):
    """A copy of a scene (its map, tokens, fog and fight), right after it."""

    def __init__(self, evening: Evening, scene_id: str, name: str | None = None) -> None:
        source = evening.scene(scene_id)
        encounter = copy_encounter(source.encounter)
        encounter.name = name if name is not None else f"{source.name} (copy)"
        copied = Scene(evening.new_scene_id(), encounter, list(source.exits))
        super().__init__(evening, copied, evening.index(scene_id) + 1)
        self.text = f"Duplicate scene {source.name}".rstrip()


class RenameScene(SceneCommand):
    """Rename a scene (its map's name: the GM's text)."""

    def __init__(self, evening: Evening, scene_id: str, name: str) -> None:
        super().__init__(evening)
        self.scene = evening.scene(scene_id)
        self.name = name
        self.before = self.scene.name
        self.text = f"Rename scene {self.before}".rstrip()

    def apply(self) -> None:
        self._set(self.name)

    def revert(self) -> None:
        self._set(self.before)

    def _set(self, name: str) -> None:
        self.scene.encounter.name = name
        self.scene.encounter.notify(Change("meta"))


class ReorderScene(SceneCommand):
    """Move a scene to ``index`` in the list."""

    def __init__(self, evening: Evening, scene_id: str, index: int) -> None:
        super().__init__(evening)
        self.scene_id = scene_id
        self.index = max(0, min(index, len(evening.scenes) - 1))
        self.before = evening.index(scene_id)
        self.text = f"Reorder scene {evening.scene(scene_id).name}".rstrip()

    def apply(self) -> None:
        self._put(self.index)

    def revert(self) -> None:
        self._put(self.before)

    def _put(self, index: int) -> None:
        scenes = self.evening.scenes
        scenes.insert(index, scenes.pop(self.evening.index(self.scene_id)))


class DeleteScene(SceneCommand):
    """Delete a scene, with the exits of other scenes that led to it (an undo restores all)."""

    def __init__(self, evening: Evening, scene_id: str) -> None:
        super().__init__(evening)
        if len(evening.scenes) == 1:
            raise EveningError("an evening keeps at least one scene")
        self.scene_id = scene_id
        self.removed: tuple[Scene, int] | None = None
        self.exits: list[tuple[Scene, list[Exit]]] = []
        self.shown = evening.shown
        self.text = f"Delete scene {evening.scene(scene_id).name}".rstrip()

    def apply(self) -> None:
        self.removed = self.evening.remove(self.scene_id)
        self.exits = []
        for scene in self.evening.scenes:
            if any(e.to_scene == self.scene_id for e in scene.exits):
                self.exits.append((scene, scene.exits))
                scene.exits = [e for e in scene.exits if e.to_scene != self.scene_id]
                scene.edits += 1
        if self.evening.shown == self.scene_id:
            self.evening.shown = None

    def revert(self) -> None:
        assert self.removed is not None
        scene, index = self.removed
        self.evening.insert(scene, index)
        for other, exits in self.exits:
            other.exits = exits
            other.edits += 1
        self.evening.shown = self.shown


class ShowScene(SceneCommand):
    """Show a scene to players: the TV and every phone move to it."""

    def __init__(self, evening: Evening, scene_id: str) -> None:
        super().__init__(evening)
        self.scene_id = evening.scene(scene_id).id
        self.before = evening.shown
        self.text = f"Show {evening.scene(scene_id).name or 'scene'} to players"

    def apply(self) -> None:
        self.evening.shown = self.scene_id

    def revert(self) -> None:
        self.evening.shown = self.before


class SetExits(SceneCommand):
    """Replace a scene's exits (mark, move or remove a door or stairs to another scene)."""

    def __init__(self, evening: Evening, scene_id: str, exits: list[Exit]) -> None:
        super().__init__(evening)
        self.scene = evening.scene(scene_id)
        for exit_ in exits:
            evening.scene(exit_.to_scene)  # EveningError for a missing scene
        self.exits = list(exits)
        self.before = list(self.scene.exits)
        self.text = "Mark exits"

    def apply(self) -> None:
        self.scene.exits = list(self.exits)
        self.scene.edits += 1

    def revert(self) -> None:
        self.scene.exits = list(self.before)
        self.scene.edits += 1

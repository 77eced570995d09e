"""Thin Qt adapters between the view and the Qt-free interaction controllers.

Each tool turns :class:`Pointer` events into controller calls and shows the
controller's answer with the scene's overlays; edits are pushed on the
document as core commands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QPointF

from tactical.app.document import EncounterDocument
from tactical.app.geometry import footprint_centre
from tactical.app.interaction.drag import DragController, DragFeedback
from tactical.app.interaction.events import Pointer
from tactical.app.scene.area_layer import AreaLayer
from tactical.app.scene.map_scene import MapScene

Say = Callable[[str], None]


def path_points(scene: MapScene, positions: Sequence[Any], size: int) -> list[QPointF]:
    """Scene points through the centres of a path's squares (or areas)."""
    points: list[QPointF] = []
    for position in positions:
        if isinstance(position, tuple):
            x, y = footprint_centre(position, size)
            points.append(QPointF(x, y))
        elif isinstance(position, str) and isinstance(scene.layer, AreaLayer):
            centre = scene.layer.centre_of(position)
            if centre is not None:
                points.append(centre)
    return points


class SelectTool:
    """Click to select tokens, drag one to move it with the reachable preview."""

    def __init__(self, scene: MapScene, document: EncounterDocument, say: Say) -> None:
        self.scene = scene
        self.document = document
        self.say = say
        self.drag = DragController(lambda: document.encounter, document.move_budget)
        self.on_selection: Callable[[], None] = lambda: None

    def press(self, pointer: Pointer) -> bool:
        if not pointer.left:
            return False
        item = self.scene.token_item_at(QPointF(pointer.x, pointer.y))
        if item is None:
            if not pointer.ctrl:
                self.scene.clearSelection()
            self.on_selection()
            return True
        if pointer.ctrl:
            item.setSelected(not item.isSelected())
        elif not item.isSelected():
            self.scene.clearSelection()
            item.setSelected(True)
        self.on_selection()
        feedback = self.drag.press(item.token_id, pointer)
        self._show_reach(feedback)
        return True

    def move(self, pointer: Pointer) -> bool:
        if not self.drag.active:
            return False
        feedback = self.drag.move(pointer)
        if feedback is not None:
            self._show_step(feedback)
        return True

    def release(self, pointer: Pointer) -> bool:
        if not self.drag.active:
            return False
        token_id = self.drag.token_id
        feedback = self.drag.release(pointer)
        self._clear()
        if feedback.command is not None:
            self.document.push(feedback.command)
        elif token_id is not None:
            self.scene.restore_token(token_id)
        if feedback.message:
            self.say(feedback.message)
        return True

    def cancel(self) -> None:
        token_id = self.drag.token_id
        self.drag.cancel()
        self._clear()
        if token_id is not None:
            self.scene.restore_token(token_id)

    # -- showing ---------------------------------------------------------------

    def _show_reach(self, feedback: DragFeedback) -> None:
        reach = feedback.reach or {}
        budget = feedback.budget or max(reach.values(), default=1)
        layer = self.scene.layer
        if isinstance(layer, AreaLayer):
            self.scene.reach.show_areas(reach, budget, layer.outlines(), layer.centres())
        else:
            self.scene.reach.show_squares(reach, budget)

    def _show_step(self, feedback: DragFeedback) -> None:
        token_id = self.drag.token_id
        if token_id is None:
            return
        token = self.document.encounter.token(token_id)
        if feedback.token_at is not None:
            self.scene.preview_token_at(token_id, feedback.token_at)
        if feedback.path:
            points = path_points(self.scene, feedback.path, token.size)
            self.scene.path.show_path(points, feedback.label, feedback.ok)
        else:
            self.scene.path.clear()
        if feedback.message:
            self.say(feedback.message)

    def _clear(self) -> None:
        self.scene.reach.clear()
        self.scene.path.clear()

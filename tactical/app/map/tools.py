"""Thin Qt adapters between the view and the Qt-free interaction controllers.

Each tool turns :class:`Pointer` events into controller calls and shows the
controller's answer with the scene's overlays; edits are pushed on the
document as core commands.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QPointF

from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.geometry import CELL, footprint_centre
from tactical.app.map.interaction.cover_display import cover_lines, cover_marks
from tactical.app.map.interaction.drag import DragController, DragFeedback
from tactical.app.map.interaction.events import Pointer
from tactical.app.map.interaction.procedure_move import procedure_move
from tactical.app.map.interaction.ruler import Reading, Ruler
from tactical.app.map.interaction.templates import (
    TemplatePlacer,
    TemplatePreview,
    needs_user,
    no_user_message,
)
from tactical.app.map.scene.area_layer import AreaLayer
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.map.scene.source import EditedSource
from tactical.core.changes import GM
from tactical.core.commands.base import Command
from tactical.core.templates import TemplateKind

Say = Callable[[str], None]

PLACED_HOLD_S = 3.0
"""How long "Placed ..." stays in the status bar before previews may replace it."""


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

    def __init__(self, scene: MapScene, document: EditedSource, say: Say) -> None:
        self.scene = scene
        self.document = document
        self.say = say
        self.drag = DragController(lambda: document.encounter, document.move_budget)
        self.on_selection: Callable[[], None] = lambda: None
        self._start_centre = QPointF()

    def activate(self) -> None:
        """Chosen: nothing to prepare."""

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
        self._start_centre = item.centre()
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
            self.document.push(self._move_command(feedback), GM)
        elif token_id is not None:
            self.scene.restore_token(token_id)
        if feedback.message:
            self.say(feedback.message)
        return True

    def _move_command(self, feedback: DragFeedback) -> Command:
        """The drop's move; while a procedure runs, with the movement it spends (one undo step:
        :func:`~tactical.app.map.interaction.procedure_move.procedure_move`)."""
        assert feedback.command is not None
        return procedure_move(self.document.encounter, feedback.command, feedback.cost)

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
            self.scene.reach.show_areas(reach, budget, layer.outlines(), layer.badge_points())
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
            item = self.scene.token_items.get(token_id)
            if isinstance(feedback.token_at, str) and item is not None and len(points) >= 2:
                # On an area map the path runs from where the token stood to where it would stand.
                points[0] = self._start_centre
                points[-1] = item.centre()
            self.scene.path.show_path(points, feedback.label, feedback.ok)
        else:
            self.scene.path.clear()
        if feedback.message:
            self.say(feedback.message)

    def _clear(self) -> None:
        self.scene.reach.clear()
        self.scene.path.clear()


class RulerTool:
    """Measure distances with waypoints (see :mod:`tactical.app.map.interaction.ruler`)."""

    def __init__(self, scene: MapScene, document: EncounterDocument, say: Say) -> None:
        self.scene = scene
        self.document = document
        self.say = say
        self.ruler = Ruler(lambda: document.encounter)
        self.last: Reading | None = None
        self.shown: Callable[[], None] = lambda: None
        """Called after the ruler changed (the players' screen may show it too)."""

    def activate(self) -> None:
        """Chosen: nothing to prepare."""

    def press(self, pointer: Pointer) -> bool:
        if not (pointer.left or pointer.right):
            return False
        self._show(self.ruler.press(pointer))
        return True

    def move(self, pointer: Pointer) -> bool:
        reading = self.ruler.move(pointer)
        if reading is not None:
            self._show(reading)
        return self.ruler.active

    def release(self, pointer: Pointer) -> bool:
        return True

    def cancel(self) -> None:
        self.ruler.clear()
        self._show(None)

    def _show(self, reading: Reading | None) -> None:
        self.last = reading
        if reading is None or not reading.points:
            self.scene.ruler.clear()
            self.shown()
            return
        points = path_points(self.scene, reading.points, 1)
        self.scene.ruler.show_path(points, reading.label, reading.total is not None)
        self.shown()
        self.say(f"Ruler: {reading.label}")


class TemplateTool:
    """Preview and place Aura / Area / Line templates (see :mod:`.interaction.templates`).

    Previews are worded as previews ("Here it would be refused: ..."), and for
    :data:`PLACED_HOLD_S` seconds after a placement they leave the status bar's
    "Placed ..." alone (the overlay still shows them, red or not).
    """

    def __init__(
        self,
        scene: MapScene,
        document: EncounterDocument,
        say: Say,
        selected: Callable[[], list[str]],
    ) -> None:
        self.scene = scene
        self.document = document
        self.say = say
        self.selected = selected
        self.placer = TemplatePlacer(lambda: document.encounter, "area", 2)
        self.last: TemplatePreview | None = None
        self.clock: Callable[[], float] = time.monotonic
        self._placed_at: float | None = None
        self.shown: Callable[[], None] = lambda: None
        """Called after the preview changed (the players' screen may show it too)."""

    def activate(self) -> None:
        """The tool was chosen: say plainly when an Area or Line has no token to make it."""
        self._placed_at = None
        self._user()
        if needs_user(self.placer.kind) and self.placer.user_id is None:
            self.say(no_user_message(self.placer.kind))

    def configure(self, kind: TemplateKind, size: int, range_: int, label: str = "") -> None:
        self.placer.kind = kind
        self.placer.size = size
        self.placer.range = range_
        self.placer.label = label
        self.scene.template_preview.clear()
        self.shown()

    def _hovered(self, pointer: Pointer) -> str | None:
        item = self.scene.token_item_at(QPointF(pointer.x, pointer.y))
        return item.token_id if item is not None else None

    def _user(self) -> None:
        selected = self.selected()
        self.placer.user_id = selected[0] if len(selected) == 1 else None

    def press(self, pointer: Pointer) -> bool:
        if pointer.right:
            self.cancel()
            return True
        if not pointer.left:
            return False
        self._user()
        preview = self.placer.click(pointer, self._hovered(pointer))
        self._show(preview)
        if preview.command is not None:
            self.document.push(preview.command, GM)
            self.say(f"Placed {preview.reason}")
            self._placed_at = self.clock()
        else:
            self.say(preview.reason)
            self._placed_at = None
        return True

    def move(self, pointer: Pointer) -> bool:
        self._user()
        preview = self.placer.preview(pointer, self._hovered(pointer))
        if preview is not None:
            self._show(preview)
            holding = self._placed_at is not None and self.clock() - self._placed_at < PLACED_HOLD_S
            if preview.hint and not holding:
                self.say(preview.hint)
        return True

    def release(self, pointer: Pointer) -> bool:
        return True

    def cancel(self) -> None:
        self.scene.template_preview.clear()
        self.placer.reset()
        self.last = None
        self.shown()

    def _show(self, preview: TemplatePreview) -> None:
        self.last = preview
        if preview.template is None:
            self.scene.template_preview.clear()
        else:
            self.scene.draw_template(self.scene.template_preview, preview.template, preview.ok)
        self.shown()


class CoverDisplay:
    """With one token selected as attacker: cover marks on the others, lines on hover."""

    def __init__(self, scene: MapScene, document: EncounterDocument) -> None:
        self.scene = scene
        self.document = document
        self.enabled = False
        self.attacker: str | None = None
        self.hovered: str | None = None
        self.marks: dict[str, str] = {}

    def set_enabled(self, on: bool) -> None:
        self.enabled = on
        self.refresh()

    def set_attacker(self, token_id: str | None) -> None:
        self.attacker = token_id
        self.refresh()

    def refresh(self) -> None:
        """Recompute every mark (after a move, a terrain edit, a new attacker)."""
        encounter = self.document.encounter
        active = self.enabled and self.attacker is not None and encounter.grid is not None
        self.marks = (
            cover_marks(encounter, self.attacker, list(self.scene.token_items))
            if active and self.attacker in encounter.tokens
            else {}
        )
        if self.marks:
            for token_id, item in self.scene.token_items.items():
                item.set_cover_mark(self.marks.get(token_id))
        else:  # every mark gone: a token with no item yet has none
            for item in self.scene.tokens.made_items():
                item.set_cover_mark(None)
        self.hover(self.hovered)

    def hover(self, token_id: str | None) -> None:
        """Draw the dividing lines that give the hovered token cover from the attacker."""
        self.hovered = token_id
        if token_id is None or token_id not in self.marks or self.attacker is None:
            self.scene.cover_lines.clear()
            return
        segments = cover_lines(self.document.encounter, self.attacker, token_id)
        self.scene.cover_lines.show_segments(
            [
                (QPointF(a[0] * CELL, a[1] * CELL), QPointF(b[0] * CELL, b[1] * CELL))
                for a, b in segments
            ]
        )

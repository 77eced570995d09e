"""The area map editing tools: draw a new area, reshape or rename one, link or cut two.

Qt adapters over :mod:`tactical.app.map.interaction.area_edit`, like the grid tools
in :mod:`tactical.app.editing.tools` (whose :class:`EditTool` they extend).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from tactical.app.editing.overlay import REFUSED, SELECTED, EditOverlay, EditPicture, polygon_of
from tactical.app.editing.tools import AskDetails, EditTool, Say
from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.geometry import CELL, scene_to_map
from tactical.app.map.interaction import area_edit
from tactical.app.map.interaction.events import Pointer
from tactical.app.map.map_view import MapView
from tactical.core.areas import AreaMap
from tactical.core.changes import GM
from tactical.core.commands.areas import PutArea


class AreaTool(EditTool):
    """Shared by the area tools: map units, snapping distance, the area under a point."""

    @property
    def area_map(self) -> AreaMap | None:
        return self.document.encounter.area_map

    @property
    def tolerance(self) -> float:
        """The snapping distance in map units (a few screen pixels at this zoom)."""
        return area_edit.SNAP_PIXELS * self.px / CELL

    @staticmethod
    def at(pointer: Pointer) -> tuple[float, float]:
        return scene_to_map(pointer.x, pointer.y)

    @staticmethod
    def scene_point(point: tuple[float, float]) -> QPointF:
        return QPointF(point[0] * CELL, point[1] * CELL)

    def area_at(self, pointer: Pointer) -> str | None:
        area_map = self.area_map
        return None if area_map is None else area_map.area_at(*self.at(pointer))

    def handles(self, skip: tuple[float, float] | None = None) -> list[QPointF]:
        area_map = self.area_map
        if area_map is None:
            return []
        return [self.scene_point(v) for v in area_edit.vertices(area_map, skip)]


class AreaDrawTool(AreaTool):
    """Click the points of a new area; double-click, Enter or its first point closes it."""

    def __init__(
        self, view: MapView, document: EncounterDocument, overlay: EditOverlay, say: Say
    ) -> None:
        super().__init__(view, document, overlay, say)
        self.draft = area_edit.PolygonDraft()
        self._cursor: tuple[float, float] | None = None

    def takes_right_click(self) -> bool:
        return True  # it takes the last corner back

    def press(self, pointer: Pointer) -> bool:
        area_map = self.area_map
        if area_map is None:
            return False
        if pointer.right:  # take the last point back
            self.draft.remove_last()
            self._draw()
            return True
        if not pointer.left:
            return False
        closed = self.draft.add(self.at(pointer), area_edit.vertices(area_map), self.tolerance)
        if closed:
            self.finish()
        else:
            count = len(self.draft.points)
            self.say(
                f"New area: {count} point{'' if count == 1 else 's'}. "
                "Double-click, Enter or its first point closes it; Escape cancels."
            )
            self._draw()
        return True

    def move(self, pointer: Pointer) -> bool:
        self._cursor = self.at(pointer)
        self._draw()
        return True

    def release(self, pointer: Pointer) -> bool:
        return True

    def double_click(self, pointer: Pointer) -> bool:
        area_map = self.area_map
        if area_map is None:
            return False
        self.draft.add(self.at(pointer), area_edit.vertices(area_map), self.tolerance)
        self.finish()
        return True

    def wants_key(self, key: int) -> bool:
        return bool(self.draft.points) and key in (
            Qt.Key.Key_Return,
            Qt.Key.Key_Enter,
            Qt.Key.Key_Backspace,
        )

    def key(self, key: int) -> None:
        if key == Qt.Key.Key_Backspace:
            self.draft.remove_last()
            self._draw()
        else:
            self.finish()

    def finish(self) -> None:
        area_map = self.area_map
        if area_map is None:
            return
        clip = bool(QApplication.keyboardModifiers() & Qt.KeyboardModifier.ShiftModifier)
        outcome = self.draft.finish(area_map, clip=clip)
        if isinstance(outcome.command, PutArea):
            self.document.push(outcome.command, GM)
            area = outcome.command.area
            self.say(f"Added {area.name}, {area_edit.adjacency_words(area_map, area.id)}.")
        else:
            self.say(outcome.message)
        self._draw()

    def cancel(self) -> None:
        self.draft = area_edit.PolygonDraft()
        super().cancel()

    def refresh(self) -> None:
        self._draw()

    def _draw(self) -> None:
        area_map = self.area_map
        cursor: QPointF | None = None
        ring: QPointF | None = None
        if self._cursor is not None and area_map is not None:
            candidates = [*area_edit.vertices(area_map), *self.draft.points[:1]]
            snapped = area_edit.snap(self._cursor, candidates, self.tolerance)
            cursor = self.scene_point(snapped)
            ring = cursor if snapped in candidates else None
        self.show(
            EditPicture(
                draft=[self.scene_point(p) for p in self.draft.points],
                cursor=cursor if self.draft.points else None,
                handles=self.handles(),
                ring=ring,
            )
        )


class AreaShapeTool(AreaTool):
    """Drag vertices; click an area to select it; rename, retag or delete it."""

    def __init__(
        self,
        view: MapView,
        document: EncounterDocument,
        overlay: EditOverlay,
        say: Say,
        ask_details: AskDetails,
    ) -> None:
        super().__init__(view, document, overlay, say)
        self.ask_details = ask_details
        self.selected: str | None = None
        self.dragging: tuple[float, float] | None = None
        self._drop: tuple[float, float] | None = None
        self._hover: tuple[float, float] | None = None

    def press(self, pointer: Pointer) -> bool:
        area_map = self.area_map
        if area_map is None or not pointer.left:
            return False
        vertex = area_edit.vertex_near(area_map, self.at(pointer), self.tolerance)
        if vertex is not None:
            self.dragging = vertex
            self._drop = vertex
        else:
            self.selected = self.area_at(pointer)
            if self.selected is not None:
                area = area_map.areas[self.selected]
                tags = f" ({', '.join(area.tags)})" if area.tags else ""
                self.say(
                    f"{area.name}{tags}: double-click to rename, Delete removes it; "
                    "drag a corner to reshape."
                )
        self._draw()
        return True

    def move(self, pointer: Pointer) -> bool:
        area_map = self.area_map
        if area_map is None:
            return False
        if self.dragging is not None:
            others = area_edit.vertices(area_map, skip=self.dragging)
            self._drop = area_edit.snap(self.at(pointer), others, self.tolerance)
            self._draw()
            return True
        hover = area_edit.vertex_near(area_map, self.at(pointer), self.tolerance)
        if hover != self._hover:
            self._hover = hover
            self._draw()
        return True

    def release(self, pointer: Pointer) -> bool:
        area_map = self.area_map
        if self.dragging is None or area_map is None:
            return False
        old, new = self.dragging, self._drop or self.dragging
        self.dragging = self._drop = None
        outcome = area_edit.move_vertex(area_map, old, new)
        self.push(outcome.command, outcome.message)
        self._draw()
        return True

    def cancel(self) -> None:
        self.dragging = self._drop = self._hover = None
        super().cancel()

    def refresh(self) -> None:
        self._draw()

    def double_click(self, pointer: Pointer) -> bool:
        area_id = self.area_at(pointer)
        if area_id is None:
            return False
        self.selected = area_id
        self.edit_details(area_id)
        return True

    def wants_key(self, key: int) -> bool:
        return self.selected is not None and key == Qt.Key.Key_Delete

    def key(self, key: int) -> None:
        if self.selected is not None:
            self.remove(self.selected)

    def context_menu(self, point: QPointF, parent: QWidget) -> QMenu | None:
        area_map = self.area_map
        if area_map is None:
            return None
        area_id = area_map.area_at(*scene_to_map(point.x(), point.y()))
        if area_id is None:
            return None
        self.selected = area_id
        self._draw()
        menu = QMenu(parent)
        title = menu.addAction(area_map.areas[area_id].name.replace("&", "&&"))
        title.setEnabled(False)
        menu.addAction("Rename and tags…", lambda: self.edit_details(area_id))
        menu.addAction("Delete area", lambda: self.remove(area_id))
        return menu

    def edit_details(self, area_id: str) -> None:
        area_map = self.area_map
        if area_map is None or area_id not in area_map.areas:
            return
        area = area_map.areas[area_id]
        answer = self.ask_details(area.name, ", ".join(area.tags))
        if answer is None:
            return
        outcome = area_edit.rename(area_map, area_id, *answer)
        self.push(outcome.command, outcome.message)
        self._draw()

    def remove(self, area_id: str) -> None:
        area_map = self.area_map
        if area_map is None:
            return
        tokens = len(self.document.encounter.tokens_in_area(area_id))
        outcome = area_edit.remove(area_map, area_id, tokens)
        if self.selected == area_id:
            self.selected = None
        self.push(outcome.command, outcome.message)
        self._draw()

    def _draw(self) -> None:
        area_map = self.area_map
        if area_map is None:
            self.overlay.clear()
            return
        outlines = []
        if self.selected in area_map.areas:
            outlines.append((polygon_of(area_map.areas[self.selected].points), QColor(SELECTED)))
        ring = None
        if self.dragging is not None and self._drop is not None:
            old, new = self.dragging, self._drop
            ok = area_edit.move_vertex(area_map, old, new).command is not None or old == new
            colour = QColor(SELECTED if ok else REFUSED)
            for area in area_map:
                if old in area.points:
                    moved = [new if p == old else p for p in area.points]
                    outlines.append((polygon_of(moved), colour))
            ring = self.scene_point(new)
        elif self._hover is not None:
            ring = self.scene_point(self._hover)
        self.show(EditPicture(handles=self.handles(), ring=ring, outlines=outlines))


class AreaLinkTool(AreaTool):
    """Click two areas to link them (not adjacent) or cut them (adjacent), or drop the link."""

    def __init__(
        self, view: MapView, document: EncounterDocument, overlay: EditOverlay, say: Say
    ) -> None:
        super().__init__(view, document, overlay, say)
        self.first: str | None = None

    def press(self, pointer: Pointer) -> bool:
        area_map = self.area_map
        if area_map is None or not pointer.left:
            return False
        area_id = self.area_at(pointer)
        if area_id is None:
            self.first = None
        elif self.first is None or self.first == area_id:
            self.first = area_id
            self.say(f"{area_map.areas[area_id].name}: now click the area to link or cut.")
        else:
            outcome = area_edit.toggle_link(area_map, self.first, area_id)
            self.first = None
            self.push(outcome.command, outcome.message)
        self._draw()
        return True

    def release(self, pointer: Pointer) -> bool:
        return True

    def cancel(self) -> None:
        self.first = None
        super().cancel()

    def _draw(self) -> None:
        area_map = self.area_map
        if area_map is None or self.first not in area_map.areas:
            self.overlay.clear()
            return
        outline = polygon_of(area_map.areas[self.first].points)
        self.show(EditPicture(outlines=[(outline, QColor(SELECTED))]))

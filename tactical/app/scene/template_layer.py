"""The placed templates of a scene: one footprint item each, ringing the tokens they touch.

The template layer of :class:`~tactical.app.scene.map_scene.MapScene`; a
player scene leaves out hidden templates and the auras of tokens it does not
show (:meth:`MapScene.shows_template`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QPainterPath

from tactical.app import engine
from tactical.app.scene.area_layer import AreaLayer
from tactical.app.scene.overlays import FootprintOverlay, squares_path
from tactical.core.templates import Template
from tactical.share.players import cut_footprint

if TYPE_CHECKING:
    from tactical.app.scene.map_scene import MapScene


class TemplateLayer:
    """The template items of one scene (see the module's docstring)."""

    def __init__(self, scene: MapScene) -> None:
        self.scene = scene
        self.items: dict[str, FootprintOverlay] = {}
        """The footprint item of each shown template, by template id."""

    def sync(self, template_ids: Iterable[str]) -> None:
        """Create, redraw or remove the items of these templates."""
        scene = self.scene
        for template_id in template_ids:
            template = scene.encounter.templates.get(template_id)
            item = self.items.get(template_id)
            if template is None or not scene.shows_template(template):
                if item is not None:
                    scene.removeItem(item)
                    del self.items[template_id]
                continue
            if item is None:
                item = FootprintOverlay()
                self.items[template_id] = item
                scene.addItem(item)
            self.draw(item, template)

    def draw(self, item: FootprintOverlay, template: Template, ok: bool = True) -> None:
        """Paint a template's footprint and ring the tokens it affects."""
        scene = self.scene
        colour = QColor(template.color)
        if not colour.isValid():
            colour = QColor("#e0a030")
        footprint = engine.template_footprint(scene.encounter, template)
        if scene.player:  # never drawn under the players' fog, not even covered by it
            footprint = frozenset(cut_footprint(scene.encounter, footprint))
        if isinstance(scene.layer, AreaLayer):
            path = QPainterPath()
            outlines = scene.layer.outlines()
            for area_id in footprint:
                if area_id in outlines:
                    path.addPolygon(outlines[area_id])
                    path.closeSubpath()
        else:
            path = squares_path(footprint)
        affected = engine.tokens_in_footprint(scene.encounter, footprint)
        shown = [t for t in affected if t in scene.token_items]
        rings = [self._ring(t) for t in shown]
        item.show_footprint(path, colour, rings, shown, ok)

    def _ring(self, token_id: str) -> tuple[QPointF, float]:
        item = self.scene.token_items[token_id]
        return (item.centre(), item.diameter * 0.56)

    def affected(self) -> set[str]:
        """Every token a placed template touches (what the map rings)."""
        found: set[str] = set()
        for item in self.items.values():
            found |= item.affected
        return found

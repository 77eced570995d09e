"""The placed templates of a scene: one footprint item each, ringing the tokens they touch.

The template layer of a map scene; a player scene leaves out hidden templates and
the auras of tokens it does not show (:meth:`SceneContext.shows_template`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QPainterPath
from PySide6.QtWidgets import QGraphicsScene

from tactical.app.encounter import engine
from tactical.app.map.scene.area_layer import AreaLayer
from tactical.app.map.scene.context import Refreshed, SceneContext
from tactical.app.map.scene.overlays import FootprintOverlay, squares_path
from tactical.app.map.scene.token_item import TokenItem
from tactical.core.changes import ChangeSet
from tactical.core.templates import Template
from tactical.share.players import cut_footprint


class TemplateLayer:
    """The template items of one scene (see the module's docstring)."""

    def __init__(
        self, context: SceneContext, canvas: QGraphicsScene, tokens: Mapping[str, TokenItem]
    ) -> None:
        """``tokens``: the scene's token items, which a template's footprint rings."""
        self.context = context
        self.canvas = canvas
        self.tokens = tokens
        self.items: dict[str, FootprintOverlay] = {}
        """The footprint item of each shown template, by template id."""

    def apply(self, changes: ChangeSet) -> Refreshed:
        """Redraw the templates ``changes`` touch: all of them after tokens moved (the
        rings), the fog changed on a players' scene (auras of tokens in fog come and go,
        footprints are cut to what was found) or an area map's areas changed."""
        fog = "fog" in changes.kinds and self.context.player  # the GM's: fog changes none
        everything = (
            fog
            or "tokens" in changes.kinds
            or ("areas" in changes.kinds and isinstance(self.context.layer, AreaLayer))
        )
        template_ids: set[str] = set()
        template_change = changes.get("templates")
        if template_change is not None:
            template_ids |= template_change.ids
            everything = everything or not template_change.ids
        if everything:
            self.refresh()
        elif template_ids:
            self.sync(sorted(template_ids))
        return Refreshed.NOTHING

    def rebuild(self) -> None:
        """The items of the encounter's templates, after :meth:`clear` (its tokens are made)."""
        self.refresh()

    def clear(self) -> None:
        """Take every item off the scene (it is rebuilt)."""
        for item in self.items.values():
            self.canvas.removeItem(item)
        self.items.clear()

    def refresh(self) -> None:
        """Every template's item made, redrawn or removed."""
        self.sync(list(self.context.encounter.templates))

    def sync(self, template_ids: Iterable[str]) -> None:
        """Create, redraw or remove the items of these templates."""
        context = self.context
        for template_id in template_ids:
            template = context.encounter.templates.get(template_id)
            item = self.items.get(template_id)
            if template is None or not context.shows_template(template):
                if item is not None:
                    self.canvas.removeItem(item)
                    del self.items[template_id]
                continue
            if item is None:
                item = FootprintOverlay()
                self.items[template_id] = item
                self.canvas.addItem(item)
            self.draw(item, template)

    def draw(self, item: FootprintOverlay, template: Template, ok: bool = True) -> None:
        """Paint a template's footprint and ring the tokens it affects."""
        encounter = self.context.encounter
        layer = self.context.layer
        colour = QColor(template.color)
        if not colour.isValid():
            colour = QColor("#e0a030")
        footprint = engine.template_footprint(encounter, template)
        if self.context.player:  # never drawn under the players' fog, not even covered by it
            footprint = frozenset(cut_footprint(encounter, footprint))
        if isinstance(layer, AreaLayer):
            path = QPainterPath()
            outlines = layer.outlines()
            for area_id in footprint:
                if area_id in outlines:
                    path.addPolygon(outlines[area_id])
                    path.closeSubpath()
        else:
            path = squares_path(footprint)
        affected = engine.tokens_in_footprint(encounter, footprint)
        shown = [t for t in affected if t in self.tokens]
        rings = [self._ring(t) for t in shown]
        item.show_footprint(path, colour, rings, shown, ok)

    def _ring(self, token_id: str) -> tuple[QPointF, float]:
        item = self.tokens[token_id]
        return (item.centre(), item.diameter * 0.56)

    def affected(self) -> set[str]:
        """Every token a placed template touches (what the map rings)."""
        found: set[str] = set()
        for item in self.items.values():
            found |= item.affected
        return found

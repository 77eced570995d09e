"""The GM's ruler and template preview on the players' screen, when the GM wants them there.

Off by default, and only while the players are shown the scene the GM looks at.
Only the ruler and the template being placed are mirrored,
never the drag previews (reach, path) nor cover marks; a template the
player view would not show (hidden, or the aura of a hidden token) is not
mirrored either, and its rings are worked out in the player view's own
scene, so they ring only tokens the players can see.
"""

from __future__ import annotations

from tactical.app.map.scene.map_scene import MapScene
from tactical.app.map.tools import RulerTool, TemplateTool


class PlayersMirror:
    """Copies the GM's ruler and template preview into a player scene while ``on``."""

    def __init__(self, ruler: RulerTool, templates: TemplateTool, gm_scene: MapScene) -> None:
        self.ruler = ruler
        self.templates = templates
        self.gm_scene = gm_scene
        self.player_scene: MapScene | None = None
        self.on = False
        ruler.shown = self.refresh
        templates.shown = self.refresh

    def set_on(self, on: bool) -> None:
        self.on = on
        self.refresh()

    def refresh(self) -> None:
        scene = self.player_scene
        if scene is None:
            return
        source = self.gm_scene.ruler
        on = self.on and scene.encounter is self.gm_scene.encounter  # never another scene's
        if on and source.isVisible() and source.points:
            scene.ruler.show_path(source.points, source.label, source.ok)
        else:
            scene.ruler.clear()
        preview = self.templates.last
        template = preview.template if preview is not None else None
        if on and preview is not None and template is not None and scene.shows_template(template):
            scene.draw_template(scene.template_preview, template, preview.ok)
        else:
            scene.template_preview.clear()

"""Player view > Show this scene to players: the TV and every phone move to the GM's scene.

One undoable step (core :class:`~tactical.core.commands.scenes.ShowScene`, pushed
with the GM as its initiator). The entry is greyed while the scene the GM looks at
is already the one shown (and in a file of one map). The Scenes dock puts the same
action in its menu by its id, :data:`ACTION_ID`.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence

from tactical.app.players.shown_scene import ShownScene, shown_scene
from tactical.app.window.action_registry import Place
from tactical.app.window.services import Services
from tactical.core.changes import GM
from tactical.core.commands.scenes import ShowScene
from tactical.core.evening import evening_of

ACTION_ID = "show_scene_to_players"
KEY = "Ctrl+Shift+P"


class ShowToPlayers:
    """The entry, enabled while the GM looks at a scene the players do not see."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.action = QAction("Show this scene to players", services.window())
        self.action.setShortcut(QKeySequence(KEY))
        self.action.setStatusTip(
            "Move the TV and every phone to the scene you are looking at "
            "(the TV's curtain is down until it is drawn with its fog)"
        )
        self.action.triggered.connect(self.show)
        services.action_registry.add(ACTION_ID, self.action, menu=Place("player", "0_scene", 10))
        self.shown: ShownScene = shown_scene(services.document)
        self.shown.gm_scene_changed.connect(self.refresh)
        self.shown.encounter_replaced.connect(self.refresh)
        self.refresh()

    def refresh(self, *_: object) -> None:
        encounter = self.services.document.encounter
        evening = evening_of(encounter)
        showable = evening is not None and evening.scene_of(encounter) is not None
        self.action.setEnabled(showable and not self.shown.on_gm_scene)

    def show(self) -> None:
        """Show the GM's scene to the players (nothing when it is shown already)."""
        document = self.services.document
        evening = evening_of(document.encounter)
        scene = None if evening is None else evening.scene_of(document.encounter)
        if evening is None or scene is None or evening.shown_scene is scene:
            return
        document.push(ShowScene(evening, scene.id), GM)
        self.services.say(f"The players now see {scene.name or 'this scene'}.")


def install_show_to_players(services: Services) -> ShowToPlayers:
    """Add Player view > Show this scene to players to the window of ``services``."""
    return ShowToPlayers(services)

"""The players' legend and fight summary, shown, hidden and moved from the GM's window.

L hides the GM's own legend; Shift+L hides the players' (and T in the players'
window or Shift+T in the GM's hides their fight summary). The GM also chooses
the players' corner for their legend and the players' side for their summary,
as the players see it: the layout turns with their screen
(:class:`~tactical.app.players.player_layout.PlayersArrangement`). Remembered in the
app's settings, for every file: it is how this table's TV is set up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from tactical.app.players.player_view import PlayerView
from tactical.app.window.action_registry import Place

if TYPE_CHECKING:
    from tactical.app.players.table_screen.host import PlayerViewHost
    from tactical.app.window.services import Services

LEGEND_SETTING = "table_screen/players_legend"
SUMMARY_SETTING = "table_screen/players_summary"
CORNER_SETTING = "table_screen/players_legend_corner"
SIDE_SETTING = "table_screen/players_summary_side"

CORNERS = {
    "bottom left": Qt.Corner.BottomLeftCorner,
    "bottom right": Qt.Corner.BottomRightCorner,
    "top left": Qt.Corner.TopLeftCorner,
    "top right": Qt.Corner.TopRightCorner,
}
"""The players' corners for their legend, as they see them."""
SIDES = {"right": True, "left": False}
"""The players' sides for their summary column (True: their right)."""


def _flag(settings: QSettings, key: str) -> bool:
    return str(settings.value(key, "true")).lower() not in ("false", "0")


def _choice(settings: QSettings, key: str, names: Mapping[str, object], default: str) -> str:
    name = str(settings.value(key, default))
    return name if name in names else default


class PlayersAids(QObject):
    """The Player view menu's entries for the players' legend and summary."""

    def __init__(self, services: Services, players: PlayerViewHost) -> None:
        super().__init__(services.window())
        self.window = services.window()
        self.players = players
        settings = services.settings
        self.settings = settings
        self.legend = self._toggle("Show the players' le&gend", "Shift+L", LEGEND_SETTING)
        self.summary = self._toggle("Show the players' fight su&mmary", "Shift+T", SUMMARY_SETTING)
        corner = _choice(settings, CORNER_SETTING, dict(CORNERS), "bottom left")
        side = _choice(settings, SIDE_SETTING, dict(SIDES), "right")
        self.corners = self._choices(CORNERS, corner, CORNER_SETTING)
        self.sides = self._choices(SIDES, side, SIDE_SETTING)
        registry = services.registry
        registry.put_in_menu(self.legend, Place("player", "5_aids", 10))
        title = "Players' legend in their corn&er"
        where = registry.add_menu("player.legend-corner", title, Place("player", "5_aids", 20))
        where.addActions(list(self.corners.values()))
        registry.put_in_menu(self.summary, Place("player", "5_aids", 30))
        side_menu = registry.add_menu(
            "player.summary-side", "Players' summary on their si&de", Place("player", "5_aids", 40)
        )
        side_menu.addActions(list(self.sides.values()))
        players.hooks.append(self._attach)

    def _toggle(self, text: str, key: str, setting: str) -> QAction:
        action = QAction(text, self.window)
        action.setCheckable(True)
        action.setChecked(_flag(self.settings, setting))
        action.setShortcut(QKeySequence(key))
        action.toggled.connect(lambda on: self.settings.setValue(setting, bool(on)))
        action.toggled.connect(self._apply)
        self.window.addAction(action)  # its keys work anywhere in the window
        return action

    def _choices(
        self, names: Mapping[str, object], current: str, setting: str
    ) -> dict[str, QAction]:
        group = QActionGroup(self)
        actions = {}
        for name in names:
            label = f"On their {name}" if setting == SIDE_SETTING else name.capitalize()
            action = QAction(label, self.window, checkable=True)
            action.setChecked(name == current)
            action.triggered.connect(lambda _=False, n=name: self._choose(setting, n))
            group.addAction(action)
            actions[name] = action
        return actions

    def _choose(self, setting: str, name: str) -> None:
        self.settings.setValue(setting, name)
        self._apply()

    def keys(self) -> list[QAction]:
        """The actions whose keys work in the players' window too."""
        return [self.legend, self.summary]

    # -- the player view ---------------------------------------------------------------------

    def _attach(self, player: PlayerView) -> None:
        player.addActions(self.keys())
        player.tracker_action.setChecked(self.summary.isChecked())
        player.tracker_action.toggled.connect(self.summary.setChecked)  # T there, Shift+T here
        self._apply()

    def _apply(self, *_: object) -> None:
        player = self.players.player_view
        if player is None:
            return
        corner = next(n for n, a in self.corners.items() if a.isChecked())
        side = next(n for n, a in self.sides.items() if a.isChecked())
        player.tracker_action.setChecked(self.summary.isChecked())
        player.set_legend_shown(self.legend.isChecked())
        player.arrangement.legend_home = CORNERS[corner]
        player.arrangement.set_summary_side(SIDES[side])

"""The View menu: fit and zoom, the elevation legend, area adjacency, hiding secrets.

A part of the main window (``window.view_menu``), made with the window's
services. It owns the elevation legend drawn in the map's corner (grid maps
only) and the Hide secrets on this screen switch, remembered in the settings:
the table sees this screen, so the map shows only what the player view shows
(the status line, the Edit menu and the combat panel follow the same switch).
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QKeySequence

from tactical.app.map.legend import ElevationLegend
from tactical.app.map.scene.grid_layer import GridLayer
from tactical.app.window.action_registry import MENU_BAR, Place, new_action
from tactical.app.window.services import Services

HIDE_SECRETS_SETTING = "privacy/hide_secrets"


class ViewMenu(QObject):
    """The View menu's own entries and the legend (see the module's docstring)."""

    def __init__(self, services: Services) -> None:
        super().__init__(services.host)
        host, registry, view = services.host, services.registry, services.view
        self.scene = services.scene
        self.settings = services.settings
        self.legend = ElevationLegend(view)
        self.fit_action = new_action(host, "&Fit map", "F", view.fit_map)
        self.zoom_in_action = new_action(host, "Zoom &in", "+", lambda: view.zoom_by(1.25))
        self.zoom_out_action = new_action(host, "Zoom &out", "-", lambda: view.zoom_by(0.8))
        self.adjacency_action = new_action(
            host, "Show area &adjacency", "A", self._toggle_adjacency, checkable=True
        )
        self.legend_action = new_action(
            host, "Elevation &legend", "L", self._toggle_legend, checkable=True
        )
        self.legend_action.setChecked(True)
        self.hide_secrets_action = new_action(
            host,
            "&Hide secrets on this screen",
            QKeySequence("Ctrl+Shift+H"),
            self._set_hide_secrets,
            checkable=True,
        )
        self.hide_secrets_action.setToolTip("Hide secrets on this screen (Ctrl+Shift+H)")
        registry.add_menu("view", "&View", Place(MENU_BAR, "1", 30))
        for action_id, action, place in (
            ("view.fit", self.fit_action, Place("view", "1_zoom", 10)),
            ("view.zoom-in", self.zoom_in_action, Place("view", "1_zoom", 20)),
            ("view.zoom-out", self.zoom_out_action, Place("view", "1_zoom", 30)),
            ("view.legend", self.legend_action, Place("view", "2_aids", 10)),
            ("view.adjacency", self.adjacency_action, Place("view", "2_aids", 20)),
            ("view.hide-secrets", self.hide_secrets_action, Place("view", "2_aids", 30)),
        ):
            registry.add(action_id, action, menu=place)
        # a one-screen GM turns it on before anyone looks
        registry.put_on_toolbar("view.hide-secrets", Place("tools", "3_player", 20))
        self.scene.map_refreshed.connect(self.update_legend)
        self.update_legend()

    def restore_hide_secrets(self) -> None:
        """Hide secrets as the GM last left it (once every part follows the switch)."""
        self.hide_secrets_action.setChecked(
            bool(self.settings.value(HIDE_SECRETS_SETTING, False, type=bool))
        )

    def update_legend(self) -> None:
        layer = self.scene.layer
        is_grid = isinstance(layer, GridLayer)
        if isinstance(layer, GridLayer):
            self.legend.set_entries(layer.legend())
        self.legend.setVisible(is_grid and self.legend_action.isChecked())
        self.adjacency_action.setEnabled(not is_grid)
        self.legend.place()

    def _toggle_legend(self, on: bool) -> None:
        self.legend.setVisible(on and isinstance(self.scene.layer, GridLayer))

    def _toggle_adjacency(self, on: bool) -> None:
        from tactical.app.map.scene.area_layer import AreaLayer

        if isinstance(self.scene.layer, AreaLayer):
            self.scene.layer.show_adjacency = on
            self.scene.invalidate(self.scene.sceneRect(), self.scene.SceneLayer.BackgroundLayer)

    def _set_hide_secrets(self, on: bool) -> None:
        self.settings.setValue(HIDE_SECRETS_SETTING, on)
        self.scene.set_player_filter(on)

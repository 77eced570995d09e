"""The main window's map aids: the elevation legend in the map's corner, area adjacency.

A mixin of :class:`tactical.app.window.main_window.MainWindow` (``window.legend``,
``legend_action``, ``adjacency_action``).
"""

from __future__ import annotations

from PySide6.QtGui import QAction

from tactical.app.map.legend import ElevationLegend
from tactical.app.map.map_view import MapView
from tactical.app.map.scene.grid_layer import GridLayer
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.window.window_base import WindowMixin


class WindowLegend(WindowMixin):
    """Shows, hides and places the legend; shows area adjacency (see the module's docstring)."""

    scene: MapScene
    view: MapView
    legend: ElevationLegend
    legend_action: QAction
    adjacency_action: QAction

    def _update_legend(self) -> None:
        layer = self.scene.layer
        is_grid = isinstance(layer, GridLayer)
        if isinstance(layer, GridLayer):
            self.legend.set_entries(layer.legend())
        self.legend.setVisible(is_grid and self.legend_action.isChecked())
        self.adjacency_action.setEnabled(not is_grid)
        self._place_legend()

    def _toggle_legend(self, on: bool) -> None:
        self.legend.setVisible(on and isinstance(self.scene.layer, GridLayer))

    def _toggle_adjacency(self, on: bool) -> None:
        from tactical.app.map.scene.area_layer import AreaLayer

        if isinstance(self.scene.layer, AreaLayer):
            self.scene.layer.show_adjacency = on
            self.scene.invalidate(self.scene.sceneRect(), self.scene.SceneLayer.BackgroundLayer)

    def _place_legend(self) -> None:
        self.legend.place()

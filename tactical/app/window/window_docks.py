"""The main window's side docks, and the combat panel docked after the map's first frame.

A mixin of :class:`tactical.app.window.main_window.MainWindow` (``add_side_dock``,
``ensure_panel``, ``window.panel``).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QSettings, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QWidget

from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.map_view import MapView
from tactical.app.window.action_registry import ActionRegistry, Place
from tactical.app.window.window_base import WindowMixin


class WindowDocks(WindowMixin):
    """Docks widgets on the right and lists them in the View menu."""

    document: EncounterDocument
    settings: QSettings
    say: Callable[[str], None]
    view: MapView
    action_registry: ActionRegistry
    hide_secrets_action: QAction
    panel: QWidget | None
    _panel_pending: bool

    def add_side_dock(self, widget: QWidget, title: str = "") -> QDockWidget:
        """Dock ``widget`` on the right; a QDockWidget is docked as it is."""
        if isinstance(widget, QDockWidget):
            dock = widget
        else:
            dock = QDockWidget(title or widget.windowTitle() or "Panel", self)
            dock.setWidget(widget)
        dock.setParent(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.action_registry.put_in_menu(dock.toggleViewAction(), Place("view", "3_docks", 20))
        return dock

    def ensure_panel(self) -> QWidget | None:
        """Dock the combat panel (written separately) if it is installed and not docked yet.

        It is loaded after the map's first frame is painted (the rules and the
        panel take a third of start-up), or whenever this is called first.
        """
        if not self._panel_pending:
            return self.panel
        self._panel_pending = False
        self.view.viewport().removeEventFilter(self)
        try:
            from tactical.app.panel import CombatPanel
        except ImportError:
            return None
        self.panel = CombatPanel(self.document, self, self.settings)
        self.panel.said.connect(self.say)  # the panel's messages on the status line
        self.panel.use_privacy_action(self.hide_secrets_action)
        self.add_side_dock(self.panel, "Combat")
        # Keep the document the window's last child (destroyed after the panel).
        self.document.setParent(None)
        self.document.setParent(self)
        return self.panel

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if self._panel_pending and event.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, self.ensure_panel)
        return False

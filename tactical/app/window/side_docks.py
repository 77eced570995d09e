"""The window's side docks, and the combat panel.

A part of the main window (``window.docks``), made with the window's services
and the Hide secrets action (the panel follows it). The app's start-up docks the
combat panel before the window shows (``startup.start``: the first frame is the
whole window, the map fitted once); a window made otherwise docks it after the
map's first frame is painted, or whenever :meth:`SideDocks.ensure_panel` is called first.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QWidget

from tactical.app.window.action_registry import Place
from tactical.app.window.services import Services


class SideDocks(QObject):
    """Docks widgets on the right and lists them in the View menu."""

    def __init__(self, services: Services, hide_secrets: QAction) -> None:
        super().__init__(services.host)
        self.services = services
        self.hide_secrets = hide_secrets
        self.panel: QWidget | None = None
        self._panel_pending = True
        services.view.viewport().installEventFilter(self)

    def add(self, widget: QWidget, title: str = "") -> QDockWidget:
        """Dock ``widget`` on the right; a QDockWidget is docked as it is."""
        host = self.services.host
        if isinstance(widget, QDockWidget):
            dock = widget
        else:
            dock = QDockWidget(title or widget.windowTitle() or "Panel", host)
            dock.setWidget(widget)
        dock.setParent(host)
        host.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.services.registry.put_in_menu(dock.toggleViewAction(), Place("view", "3_docks", 20))
        return dock

    def ensure_panel(self) -> QWidget | None:
        """Dock the combat panel (written separately) if it is installed and not docked yet."""
        if not self._panel_pending:
            return self.panel
        self._panel_pending = False
        services = self.services
        services.view.viewport().removeEventFilter(self)
        try:
            from tactical.app.panel import CombatPanel
        except ImportError:
            return None
        self.panel = CombatPanel(services.document, services.host, services.settings)
        self.panel.said.connect(services.say)  # the panel's messages on the status line
        self.panel.use_privacy_action(self.hide_secrets)
        self.add(self.panel, "Combat")
        # Keep the document the window's last child (destroyed after the panel).
        services.document.setParent(None)
        services.document.setParent(services.host)
        return self.panel

    def add_to_panel(self, widget: QWidget) -> None:
        """Show ``widget`` in the combat panel, under its messages (docked now if need be)."""
        from tactical.app.panel import CombatPanel

        panel = self.ensure_panel()
        if isinstance(panel, CombatPanel):
            panel.header.add_line(widget)

    def say_in_panel(self, text: str) -> None:
        """Show ``text`` as the combat panel's message (when it is docked)."""
        from tactical.app.panel import CombatPanel

        if isinstance(self.panel, CombatPanel):
            self.panel.say(text)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if self._panel_pending and event.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, self.ensure_panel)
        return False

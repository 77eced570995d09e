"""The player view: a second window for the screen or projector the players see.

It has its own scene over the same document, built with ``player=True``: no
hidden tokens, no hidden templates, no GM overlays (reach, paths, ruler,
cover), and targets only when the combat panel has revealed them. It can
follow the GM's view or keep its own, and go full screen on any screen. It
edits nothing unless the GM allows it (then dragging works as in the GM's
window, with the same rules and the same undo stack).

While a combat procedure runs, the players' tracker (round, step, who acts,
the public order: :class:`~tactical.app.panel.public_view.PublicTracker`) stands
in a narrow column right of the map; T or the context menu hides it.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QKeySequence, QScreen
from PySide6.QtWidgets import QHBoxLayout, QMenu, QVBoxLayout, QWidget

from tactical.app.document import EncounterDocument
from tactical.app.files import document_name
from tactical.app.legend import ElevationLegend
from tactical.app.legend_clear import LegendOffTokens
from tactical.app.map_view import MapView
from tactical.app.plain_text import title_text
from tactical.app.scene.grid_layer import GridLayer
from tactical.app.scene.map_scene import MapScene
from tactical.app.tools import SelectTool

TRACKER_WIDTH = 260
"""Pixels: the players' tracker column right of the map."""
PLAYER_LEGEND_SCALE = 1.5
"""The players' elevation legend, read from across the table, before a label size is chosen."""


class PlayerView(QWidget):
    """A top-level window showing what the players may see of the encounter."""

    def __init__(self, document: EncounterDocument, gm_view: MapView | None = None) -> None:
        super().__init__(None, Qt.WindowType.Window)
        self.document = document
        self.gm_view = gm_view
        self.scene = MapScene(document, player=True)
        self.view = MapView(self.scene, self)
        self.view.setFrameShape(MapView.Shape.NoFrame)
        self.view.tool = SelectTool(self.scene, document, lambda _message: None)
        self.view.interactive = False
        self.following = False
        self.legend = ElevationLegend(self.view)  # the players read the heights too
        self.legend.set_scale(PLAYER_LEGEND_SCALE)
        self.legend_keeper = LegendOffTokens(self.view, self.legend)  # tokens always win
        self.scene.map_refreshed.connect(self._update_legend)
        self._update_legend()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        # Loaded here, not at import: the panel and the rules load after the GM's first frame.
        from tactical.app.panel.public_view import PublicTracker

        row = QHBoxLayout()
        row.addWidget(self.view, 1)
        self.tracker = PublicTracker(document, self)
        self.tracker.setFixedWidth(TRACKER_WIDTH)
        row.addWidget(self.tracker)
        layout.addLayout(row)
        self.tracker_action = QAction("Show the &fight's summary", self)
        self.tracker_action.setCheckable(True)
        self.tracker_action.setChecked(True)
        self.tracker_action.setShortcut(QKeySequence("T"))
        self.tracker_action.toggled.connect(self._place_tracker)
        self.addAction(self.tracker_action)
        # Window shortcuts, not key presses: the map takes Escape for itself (to
        # cancel a drag), so a key press never reached this window to leave full screen.
        for key, slot in (
            (Qt.Key.Key_F11, self.toggle_full_screen),
            (Qt.Key.Key_Escape, self.escape),
            (Qt.Key.Key_F, self.fit),
        ):
            action = QAction(self)
            action.setShortcut(QKeySequence(key))
            action.triggered.connect(slot)
            self.addAction(action)
        document.changes_done.connect(self._place_tracker)
        document.encounter_replaced.connect(self._place_tracker)
        self._place_tracker()
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._context_menu)
        self.setWindowTitle(self._title())
        document.path_changed.connect(lambda: self.setWindowTitle(self._title()))
        document.encounter_replaced.connect(self._after_replace)
        self.resize(1024, 640)
        if gm_view is not None:
            gm_view.view_changed.connect(self._follow)
        # Until shown, the view has no real size: following or fitting now would
        # leave the map a few pixels wide, so both are redone on every resize.
        self.view.resized.connect(self._follow)
        self.view.fit_map()
        self.set_following(True)

    def _update_legend(self) -> None:
        layer = self.scene.layer
        if isinstance(layer, GridLayer):
            self.legend.set_entries(layer.legend())
        self.legend_keeper.set_wanted(isinstance(layer, GridLayer))

    def _title(self) -> str:
        return f"{title_text(document_name(self.document))} — player view"

    # -- following -------------------------------------------------------------

    def set_following(self, on: bool) -> None:
        """Follow the GM's view (pan and zoom with it) or keep this view's own.

        A view that stops following before it was ever shown starts on the whole map.
        """
        self.following = on and self.gm_view is not None
        if not self.following and not self.isVisible():
            self.view.fit_map()
        self._follow()

    def _follow(self) -> None:
        if self.following and self.gm_view is not None:
            self.show_rect(self.gm_view.visible_scene_rect())

    def show_rect(self, rect: QRectF) -> None:
        scene = self.view.scene()  # None once the window is being taken down
        if not rect.isEmpty() and scene is not None:
            # The GM's view may show table past the map's margin (fitted beside its legend):
            # let this view go there too, or it would be held to the map's rect, off centre.
            self.view.setSceneRect(scene.sceneRect().united(rect))
            self.view.show_scene_rect(rect)

    def _after_replace(self) -> None:
        if self.following:
            self._follow()
        else:
            self.view.fit_map()

    # -- the players' tracker --------------------------------------------------------

    @property
    def tracker_shown(self) -> bool:
        return self.tracker.isVisibleTo(self)

    def _place_tracker(self, *_: object) -> None:
        """Show the tracker while a procedure runs, unless hidden with T or the menu.

        Runs after the tracker's own refresh (connected later), which shows it
        whenever it has a fight to show.
        """
        self.tracker.setVisible(self.tracker_action.isChecked() and bool(self.tracker.lines()))

    def _context_menu(self, pos: QPoint) -> None:
        menu = QMenu(self)
        menu.addAction(self.tracker_action)
        menu.exec(self.view.viewport().mapToGlobal(pos))

    # -- edits -------------------------------------------------------------------

    def set_edits_allowed(self, on: bool) -> None:
        """Let mouse actions in this window move tokens (off by default)."""
        self.view.interactive = on
        if not on and self.view.tool is not None:
            self.view.tool.cancel()

    @property
    def edits_allowed(self) -> bool:
        return self.view.interactive

    # -- screens -------------------------------------------------------------------

    def show_on(self, screen: QScreen, full_screen: bool = True) -> None:
        """Show on ``screen``, full screen or as a normal window there."""
        if self.isFullScreen():
            self.showNormal()
        handle = self.windowHandle()
        if handle is None:
            self.create()
            handle = self.windowHandle()
        if handle is not None:
            handle.setScreen(screen)
        geometry = screen.availableGeometry()
        self.move(geometry.topLeft())
        if full_screen:
            self.setGeometry(screen.geometry())
            self.showFullScreen()
        else:
            self.resize(min(self.width(), geometry.width()), min(self.height(), geometry.height()))
            self.show()
        self.raise_()
        self._follow()

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            screen = self.screen() or QGuiApplication.primaryScreen()
            self.show_on(screen, True)

    def escape(self) -> None:
        """Escape: drop a drag in progress (edits allowed), else leave full screen."""
        if self.view.tool is not None:
            self.view.tool.cancel()
        if self.isFullScreen():
            self.showNormal()

    def fit(self) -> None:
        """F: the whole map (a following view goes back to the GM's at the GM's next zoom)."""
        self.view.fit_map()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.view.tool is not None:
            self.view.tool.cancel()
        event.accept()

"""The player view: a second window for the screen or projector the players see.

It has its own scene over the scene shown to players (the GM's document
relayed: :mod:`tactical.app.players.shown_scene`; the GM may look at another),
built with ``player=True``: no hidden tokens, no hidden templates, no GM
overlays (reach, paths, ruler, cover), and targets only when the combat panel
has revealed them. It can follow the GM's view (while the GM looks at the
shown scene) or keep its own, and go full screen on any screen. It
edits nothing unless the GM allows it (then dragging works as in the GM's
window, with the same rules and the same undo stack).

While a combat procedure runs, the players' tracker (round, step, who acts,
the public order: a :class:`~tactical.app.players.players_summary.FightSummary`, which
the window that opens the view gives it) stands in a narrow column on the players' right of the map
(:class:`~tactical.app.players.players_summary.SummaryColumn`); T, the context menu or
the GM's Player view menu hides it. How the column and the legend stand, turn
and shrink on a battle mat: :class:`~tactical.app.players.player_layout.PlayersArrangement`.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QColor,
    QContextMenuEvent,
    QGuiApplication,
    QKeySequence,
    QScreen,
    QShowEvent,
)
from PySide6.QtWidgets import QBoxLayout, QMenu, QWidget

from tactical.app.encounter.document import EncounterDocument
from tactical.app.fog.layer import install_fog_layer
from tactical.app.map.legend import ElevationLegend
from tactical.app.map.map_view import MapView
from tactical.app.map.scene import colours
from tactical.app.map.scene.grid_layer import GridLayer
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.map.tools import SelectTool
from tactical.app.players.legend_clear import LegendOffTokens
from tactical.app.players.player_layout import PlayersArrangement
from tactical.app.players.players_summary import FightSummary, SummaryColumn
from tactical.app.players.shown_scene import shown_scene
from tactical.app.window.plain_text import title_text
from tactical.app.window.screen_menu import open_on_screen
from tactical.core.changes import ChangeSet
from tactical.core.fog_legend import PlayersLegend
from tactical.share.players import shown_name

PLAYER_LEGEND_SCALE = 1.5
"""The players' elevation legend, read from across the table, before a label size is chosen."""
NORMAL_SHARE = 0.7
"""Leaving full screen, the window takes at most this share of its screen's width and height."""


class PlayerView(QWidget):
    """A top-level window showing what the players may see of the encounter."""

    shown = Signal()
    """The window was shown (opened or reopened)."""

    def __init__(
        self, document: EncounterDocument, gm_view: MapView | None = None, *, tracker: FightSummary
    ) -> None:
        """``tracker``: what the players may read of the fight (the panel's
        :class:`~tactical.app.panel.public_view.PublicTracker`), made before the view so it
        refreshes before the view places it."""
        super().__init__(None, Qt.WindowType.Window)
        self.document = source = shown_scene(document)
        """The scene shown to players (the GM may look at another): everything here reads it."""
        self.gm_view = gm_view
        self.scene = MapScene(source, player=True, in_view=True)
        self.fog = install_fog_layer(self.scene)  # opaque: the players see only what was found
        self.view = MapView(self.scene, self)
        self.view.setFrameShape(MapView.Shape.NoFrame)
        self.view.tool = SelectTool(self.scene, source, lambda _message: None)
        self.view.interactive = False
        self.following = False
        self.legend_shown = True
        """The GM's choice: the players' legend shown (on a grid map, where no token is)."""
        self.legend = ElevationLegend(self.view)  # the players read the heights too
        self.legend.set_scale(PLAYER_LEGEND_SCALE)
        self.legend_keeper = LegendOffTokens(self.view, self.legend)  # tokens always win
        self._legend_found = PlayersLegend()  # a dab counts its own squares, not the map's
        self._legend_entries: object = None
        self.scene.map_refreshed.connect(self._update_legend)
        source.changes_done.connect(self._legend_after)
        self._update_legend()
        self.tracker = tracker  # off screen: what the summary column may say
        self.column = SummaryColumn(self.tracker, self)
        self.row = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.row.setSpacing(0)
        self.row.addWidget(self.view, 1)
        self.row.addWidget(self.column)
        self.arrangement = PlayersArrangement(
            self, self.row, self.column, self.legend, self.legend_keeper
        )
        self.tracker_action = QAction("Show the &fight's summary", self)
        self.tracker_action.setCheckable(True)
        self.tracker_action.setChecked(True)
        self.tracker_action.setShortcut(QKeySequence("T"))
        self.tracker_action.toggled.connect(self._place_tracker)
        self.addAction(self.tracker_action)
        self.close_action = QAction("&Close player view", self)
        self.close_action.triggered.connect(self.close)
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
        source.changes_done.connect(self._place_tracker)
        source.encounter_replaced.connect(self._place_tracker)
        self._place_tracker()
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._context_menu)
        self.setWindowTitle(self._title())
        # the GM shows the map's name, or not (a lambda, as before: the relay keeps
        # this window's Python side until the window goes, which its event filters need)
        source.changes_done.connect(lambda _changes: self.setWindowTitle(self._title()))
        source.encounter_replaced.connect(lambda: self.setWindowTitle(self._title()))
        source.encounter_replaced.connect(self._after_replace)
        source.gm_scene_changed.connect(self._follow)
        self.resize(1024, 640)
        self._normal_size = QSize(1024, 640)
        if gm_view is not None:
            gm_view.view_changed.connect(self._follow)
        # Until shown, the view has no real size: following or fitting now would
        # leave the map a few pixels wide, so both are redone on every resize.
        self.view.resized.connect(self._follow)
        self.view.fit_map()
        self.set_following(True)

    def _update_legend(self, *_: object) -> None:
        """The legend names only what the players have found (``legend_contents``)."""
        self._legend_found.forget()  # the map may have changed: counted again
        self._show_legend(placed=False)

    def _show_legend(self, placed: bool) -> None:
        """The legend's entries as found now; placed again unless ``placed`` (a change of
        the fog: new entries resize it, which places it; shown tokens place it too)."""
        is_grid = isinstance(self.scene.layer, GridLayer)
        if is_grid:
            entries = self._legend_found.contents(self.document.encounter)
            if entries != self._legend_entries:
                self._legend_entries = entries
                elevations, terrain = entries
                shades = [(v, QColor(*colours.elevation_rgb(v))) for v in elevations]
                self.legend.set_entries(shades, terrain)
        wanted = is_grid and self.legend_shown
        if not placed or wanted != self.legend_keeper.wanted:
            self.legend_keeper.set_wanted(wanted)

    def set_legend_shown(self, on: bool) -> None:
        """Show the players' legend (on a grid map) or not: the GM's choice."""
        self.legend_shown = on
        self._update_legend()

    def _legend_after(self, changes: ChangeSet) -> None:
        if "fog" in changes.kinds:  # found or hidden squares change what the legend may name
            if changes.touches(("terrain", "areas")):
                self._legend_found.forget()
            self._show_legend(placed=True)

    def _title(self) -> str:
        """The map's name only when the GM shows it to the players (never the file's)."""
        name = shown_name(self.document.encounter)
        return f"{title_text(name)} — player view" if name else "Player view"

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
        """Show what the GM's view shows, while following and the GM looks at this scene."""
        if self.following and self.gm_view is not None and self.document.on_gm_scene:
            self.show_rect(self.gm_view.visible_scene_rect())

    def show_rect(self, rect: QRectF) -> None:
        scene = self.view.scene()  # None once the window is being taken down
        if not rect.isEmpty() and scene is not None:
            # The GM's view may show table past the map's margin (fitted beside its legend):
            # let this view go there too, or it would be held to the map's rect, off centre.
            self.view.setSceneRect(scene.sceneRect().united(rect))
            self.view.show_scene_rect(rect)

    def _after_replace(self) -> None:
        if self.following and self.document.on_gm_scene:
            self._follow()
        else:
            self.view.fit_map()

    # -- the players' tracker --------------------------------------------------------

    @property
    def tracker_shown(self) -> bool:
        return self.column.isVisibleTo(self)

    def _place_tracker(self, *_: object) -> None:
        """Show the tracker while a procedure runs, unless hidden with T or the menu.

        Runs after the tracker's own refresh (connected later), which shows it
        whenever it has a fight to show.
        """
        self.column.setVisible(self.tracker_action.isChecked() and bool(self.tracker.lines()))
        self.column.update()

    def context_menu(self) -> QMenu:
        """The right-click menu: the summary, and always a way out (close, leave full screen)."""
        menu = QMenu(self)
        menu.addAction(self.tracker_action)
        menu.addSeparator()
        if self.isFullScreen():
            menu.addAction("&Leave full screen (Escape)", self.leave_full_screen)
        menu.addAction(self.close_action)
        return menu

    def _context_menu(self, pos: QPoint) -> None:
        self._show_menu(self.view.viewport().mapToGlobal(pos))

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """A right-click on a blackout, frozen frame or handout (they cover the map) too."""
        self._show_menu(event.globalPos())

    def _show_menu(self, at: QPoint) -> None:
        """Where the click was, on this window's screen (the TV may be a screen of its own)."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        open_on_screen(self.context_menu(), at, screen)

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
        elif self.isVisible():
            self._normal_size = self.size()  # what Escape comes back to
        handle = self.windowHandle()
        if handle is None:
            self.create()
            handle = self.windowHandle()
        if handle is not None:
            handle.setScreen(screen)
        if full_screen:
            self.move(screen.availableGeometry().topLeft())
            self.setGeometry(screen.geometry())
            self.showFullScreen()
            self.activateWindow()  # over the GM's own window, its keys (Escape) reach it here
        else:
            self.setGeometry(self._normal_rect(screen))
            self.show()
        self.raise_()
        self._follow()

    def _normal_rect(self, screen: QScreen) -> QRect:
        """A window well inside ``screen``'s free room: its title bar and edges always on it.

        At most :data:`NORMAL_SHARE` of the room each way, so the GM's own window shows
        round it when the players' window stands on the GM's screen.
        """
        room = screen.availableGeometry()
        width = min(self._normal_size.width(), round(room.width() * NORMAL_SHARE))
        height = min(self._normal_size.height(), round(room.height() * NORMAL_SHARE))
        rect = QRect(0, 0, max(200, width), max(150, height))
        rect.moveCenter(room.center())
        return rect

    def leave_full_screen(self) -> None:
        """Back to a normal window inside the screen (never one the screen's size)."""
        if not self.isFullScreen():
            return
        screen = self.screen() or QGuiApplication.primaryScreen()
        self.showNormal()
        self.setGeometry(self._normal_rect(screen))

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.leave_full_screen()
        else:
            screen = self.screen() or QGuiApplication.primaryScreen()
            self.show_on(screen, True)

    def escape(self) -> None:
        """Escape: drop a drag in progress (edits allowed), and leave full screen."""
        if self.view.tool is not None:
            self.view.tool.cancel()
        self.leave_full_screen()

    def fit(self) -> None:
        """F: the whole map (a following view goes back to the GM's at the GM's next zoom)."""
        self.view.fit_map()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.shown.emit()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.view.tool is not None:
            self.view.tool.cancel()
        event.accept()

"""Fixtures for the table app's tests: small encounters, windows with throwaway settings."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QSettings
from shiboken6 import isValid

from tactical.app.encounter.document import EncounterDocument
from tactical.app.window.main_window import MainWindow
from tactical.core.areas import Area, AreaMap, polygon_from_points
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.tokens import Token

from .services_kit import FakeServices
from .settle import settle

MAPS = Path(__file__).resolve().parents[2] / "maps"


def small_grid() -> Encounter:
    """A 10 x 8 grid: a ridge of +2 at column 5, difficult terrain, an impassable block.

    Hero (PC, speed 4) at (1, 1), Ally (PC) at (3, 1), Orc (NPC) at (1, 4),
    Ogre (NPC, size 2) at (7, 5), Spy (NPC, hidden) at (8, 1).
    """
    rows = []
    for row in range(8):
        cells = []
        for col in range(10):
            cell = "2" if col == 5 else "0"
            if (col, row) in {(2, 2), (3, 2)}:
                cell += "d"
            if (col, row) in {(7, 1), (7, 2)}:
                cell += "x"
            cells.append(cell)
        rows.append(" ".join(cells))
    grid = GridMap.from_text("\n".join(rows))
    tokens = [
        Token("hero", "Hero", "pcs", (1, 1), speed=4),
        Token("ally", "Ally", "pcs", (3, 1)),
        Token("orc", "Orc", "npcs", (1, 4)),
        Token("ogre", "Ogre", "npcs", (7, 5), size=2),
        Token("spy", "Spy", "npcs", (8, 1), hidden=True),
    ]
    return Encounter(grid, tokens, name="Small grid")


def small_areas() -> Encounter:
    """Three areas in a row, 4 x 3 units each: bar | floor | door. Brawler in the bar."""

    def box(x: float) -> list[tuple[float, float]]:
        return [(x, 0), (x + 4, 0), (x + 4, 3), (x, 3)]

    areas = [
        Area("bar", "Bar", polygon_from_points(box(0))),
        Area("floor", "Floor", polygon_from_points(box(4))),
        Area("door", "Door", polygon_from_points(box(8))),
    ]
    tokens = [
        Token("brawler", "Brawler", "pcs", "bar", speed=1),
        Token("bouncer", "Bouncer", "npcs", "floor"),
        Token("drunk", "Drunk", "npcs", "floor"),
        Token("thief", "Thief", "npcs", "door", hidden=True),
    ]
    return Encounter(AreaMap(areas), tokens, name="Small tavern", metric="chebyshev")


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


WindowFactory = Callable[..., MainWindow]


@pytest.fixture
def make_window(qtbot, settings: QSettings, tmp_path: Path) -> Iterator[WindowFactory]:  # type: ignore[no-untyped-def]
    """Build a shown main window on an encounter, with settings and recovery in tmp_path.

    Every window is closed at the end of the test without asking about unsaved
    changes, so none stays on screen under the next test's mouse, and deleted
    there and then: its destruction belongs to this test (a fault in it is
    reported here), not to the next test's first wait.
    """
    built: list[MainWindow] = []

    def build(encounter: Encounter | None = None, path: Path | None = None) -> MainWindow:
        document = EncounterDocument(encounter if encounter is not None else small_grid(), path)
        window = MainWindow(document, settings=settings, recovery_dir=tmp_path / "recovery")
        window.files.ask_unsaved = lambda: "discard"
        window.files.show_error = lambda title, text: window.errors.append((title, text))  # type: ignore[attr-defined]
        window.errors = []  # type: ignore[attr-defined]
        qtbot.addWidget(window)
        window.resize(1000, 700)
        window.show()
        qtbot.waitExposed(window)
        window.ensure_panel()
        settle(qtbot, window)  # the dock placed beside the map, and the panel's re-fit done
        window.view.fit_map()
        built.append(window)
        return window

    yield build
    for window in built:
        if not isValid(window):  # the test deleted it itself
            continue
        window.files.ask_unsaved = lambda: "discard"
        window.close()
        window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


ServicesFactory = Callable[..., FakeServices]


@pytest.fixture
def make_services(qtbot, settings: QSettings) -> Iterator[ServicesFactory]:  # type: ignore[no-untyped-def]
    """Build fake services (tests/app/services_kit.py) on an encounter: one feature is
    installed on them instead of the whole window.

    ``shown`` (the default) shows the bare window at 1000 x 700 with the map fitted,
    for tests that click or read the view. Each is closed and deleted at the end of
    the test.
    """
    built: list[FakeServices] = []

    def build(
        encounter: Encounter | None = None, path: Path | None = None, *, shown: bool = True
    ) -> FakeServices:
        services = FakeServices(
            encounter if encounter is not None else small_grid(), settings, path
        )
        qtbot.addWidget(services.host)
        built.append(services)
        if shown:
            services.host.resize(1000, 700)
            services.host.show()
            qtbot.waitExposed(services.host)
            settle(qtbot, services.host)
            services.view.fit_map()
        return services

    yield build
    for services in built:
        if isValid(services.host):
            for player in services.player_views:
                if isValid(player):
                    player.close()
                    player.deleteLater()
            # nothing selected, so the scene says nothing as it goes after the status bar;
            # as in the window, the document is the host's last child: destroyed after
            # the features that listen to its undo stack
            services.scene.clearSelection()
            services.document.setParent(services.host)
            services.host.close()
            services.host.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture
def no_button_held(qtbot) -> None:  # type: ignore[no-untyped-def]
    """No mouse button held as the test starts: a test before it in this process may have
    pressed one and never let go, and Qt's application-wide button state would then keep
    the GM "busy" (the cycle collector's idle looks never come)."""
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QWidget

    held = QGuiApplication.mouseButtons()
    if held == Qt.MouseButton.NoButton:
        return
    widget = QWidget()
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    for button in (
        Qt.MouseButton.LeftButton,
        Qt.MouseButton.RightButton,
        Qt.MouseButton.MiddleButton,
    ):
        if held & button:
            QTest.mouseRelease(widget, button, Qt.KeyboardModifier.NoModifier, QPoint(1, 1))
    assert QGuiApplication.mouseButtons() == Qt.MouseButton.NoButton

"""Issue 34: a right-click on the full-screen TV opens its menu there, where the click was.

The TV as a second X screen starts at (0, 0) like the GM's screen. The test session has
one screen, so a child Python runs Qt offscreen with two screens laid over each other
as two X screens are (the offscreen platform's screen configuration).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, QSize

from tactical.app.window.screen_menu import menu_corner

SCREENS = {
    "screens": [
        {"name": "gm", "x": 0, "y": 0, "width": 1366, "height": 768, "logicalDpi": 96},
        {"name": "tv", "x": 0, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96},
    ]
}

RIGHT_CLICK_ON_THE_TV = """
import json, sys
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QMenu
from tactical.app.encounter.document import EncounterDocument
from tactical.app.panel.public_view import PublicTracker
from tactical.app.players.player_view import PlayerView
from tactical.persistence import load_encounter

app = QApplication([])
tv = next(screen for screen in app.screens() if screen.name() == "tv")
document = EncounterDocument(load_encounter(sys.argv[1]), None)
player = PlayerView(document, None, tracker=PublicTracker(document))
player.show_on(tv, full_screen=True)
click = QPoint(int(sys.argv[2]), int(sys.argv[3]))
found = {}

def look():
    menus = [w for w in app.topLevelWidgets() if isinstance(w, QMenu) and w.isVisible()]
    found.update(
        menus=len(menus),
        screen=menus[0].screen().name() if menus else None,
        corner=[menus[0].x(), menus[0].y()] if menus else None,
    )
    for menu in menus:
        menu.close()
    app.quit()

def right_click():
    viewport = player.view.viewport()
    local = viewport.mapFromGlobal(click)
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, local, click)
    QTimer.singleShot(200, look)  # while the menu is open (a blocking menu too)
    QApplication.sendEvent(viewport, event)

QTimer.singleShot(200, right_click)
QTimer.singleShot(5000, app.quit)
app.exec()
print(json.dumps(found))
"""


def right_click_on_the_tv(tmp_path: Path, x: int, y: int) -> dict[str, object]:
    config = tmp_path / "two-x-screens.json"
    config.write_text(json.dumps(SCREENS), encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={config}")
    example = Path(__file__).resolve().parents[2] / "maps" / "crypt-fog.tactical.json"
    run = subprocess.run(
        [sys.executable, "-c", RIGHT_CLICK_ON_THE_TV, str(example), str(x), str(y)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    found: dict[str, object] = json.loads(run.stdout.strip().splitlines()[-1])
    return found


def test_a_right_click_on_the_tv_opens_the_menu_there_where_the_click_was(
    tmp_path: Path,
) -> None:
    # (1300, 700) lies on both screens: Qt took the GM's and pushed the menu inside it.
    assert right_click_on_the_tv(tmp_path, 1300, 700) == {
        "menus": 1,
        "screen": "tv",
        "corner": [1300, 700],
    }


def test_a_menu_near_the_tvs_edge_stays_on_the_tv() -> None:
    tv = QRect(0, 0, 1920, 1080)
    size = QSize(200, 80)
    assert menu_corner(QPoint(1300, 700), size, tv) == QPoint(1300, 700)
    assert menu_corner(QPoint(1850, 1050), size, tv) == QPoint(1720, 970)  # left of, above
    right = QRect(1366, 0, 1920, 1080)  # the TV right of the GM's screen on one desktop
    assert menu_corner(QPoint(3200, 10), size, right) == QPoint(3086, 10)
    assert menu_corner(QPoint(1370, 5), size, right) == QPoint(1370, 5)

"""Recovery covers every scene of an evening (issue 33): killed with SIGKILL (``kill -9``)
after the GM switched scenes, edited one, and a phone moved on a scene not on screen, the
next start gives back both changes, each on its own scene, and opens on the GM's scene."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from tactical.app.window.startup import start
from tactical.core.evening import Evening, Scene
from tactical.persistence.evening_file import save_evening
from tests.app.conftest import small_areas, small_grid
from tests.app.crash_child import START

ROOT = Path(__file__).resolve().parents[3]

CHILD = (
    START
    + r"""
import time
from tactical.core.changes import GM, phone
from tactical.core.commands import MoveToken

road = document.evening.scene("road").encounter
document.switch_scene("tavern")
app.processEvents()
document.push(MoveToken("brawler", "floor"), GM)
app.processEvents()
document.push(MoveToken("hero", (2, 1)), phone("hero", "Hero"), on=road)  # not on screen
app.processEvents()
document.push(MoveToken("bouncer", "bar"), GM)
app.processEvents()
window.autosave.wait()
print("written", flush=True)
deadline = time.monotonic() + 60
while time.monotonic() < deadline:  # killed meanwhile
    app.processEvents()
    time.sleep(0.01)
"""
)


@pytest.mark.skipif(os.name != "posix", reason="kills with SIGKILL")
def test_a_change_on_a_scene_not_on_screen_survives_a_kill(
    qtbot: QtBot, tmp_path: Path, settings: QSettings
) -> None:
    path = tmp_path / "evening.tactical.json"
    save_evening(
        Evening([Scene("road", small_grid()), Scene("tavern", small_areas())], shown="road"), path
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-c", CHILD, str(path), str(tmp_path / "data"), str(tmp_path / "c")]
    with subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True) as child:
        try:
            assert child.stdout is not None
            for line in child.stdout:  # bounded: the child gives up after 60 s
                if line.split() == ["written"]:
                    child.send_signal(signal.SIGKILL)
                    break
            else:
                pytest.fail("the child never wrote its changes")
        finally:
            child.kill()
            child.wait(30)
    offered: list[object] = []
    window = start(
        None,
        settings=settings,
        recovery_dir=tmp_path / "data",
        ask=lambda r: offered.append(r) or True,
    )
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda: "discard"
    assert offered and window.document.modified
    evening = window.document.evening
    road, tavern = evening.scene("road").encounter, evening.scene("tavern").encounter
    assert window.document.encounter is tavern  # the GM's scene
    assert road.tokens["hero"].square == (2, 1)  # the phone's move, off screen
    assert tavern.tokens["brawler"].position == "floor"
    assert tavern.tokens["bouncer"].position == "bar"

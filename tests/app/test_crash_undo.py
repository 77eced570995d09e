"""The undo history survives a crash (issue 32): killed with SIGKILL (``kill -9``) after
pushes, undos and a redo on two scenes of an evening, the next start offers the same
undo steps with the same texts; undoing them gives each scene back as it was before them,
on its own scene, and redoing them gives the work back; a step undone before the crash
can still be redone."""

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
from tactical.core.changes import GM
from tactical.core.commands import MoveToken
from tactical.core.evening import Evening, Scene
from tactical.persistence import encounter_bytes
from tactical.persistence.evening_file import save_evening
from tests.app.conftest import small_areas, small_grid
from tests.app.crash_child import START

ROOT = Path(__file__).resolve().parents[2]

CHILD = (
    START
    + r"""
import hashlib, time
from tactical.core.changes import GM, phone
from tactical.core.commands import MoveToken, PaintSquares, RevealSquares, SetFogSetting, SetStatus
from tactical.core.grid import Terrain
from tactical.persistence import encounter_bytes

stack = document.undo_stack
evening = document.evening
road, tavern = (evening.scene(i).encounter for i in ("road", "tavern"))
app.processEvents()  # opened: its base is the file


def said(word):
    digest = [hashlib.sha256(encounter_bytes(e)).hexdigest() for e in (road, tavern)]
    print(word, stack.index(), *digest, flush=True)


said("state")  # 0: as opened
for edit in [
    lambda: document.push(MoveToken("hero", (2, 1)), GM),
    lambda: document.push(SetFogSetting("enabled", True), GM),
    lambda: document.push(RevealSquares([(1, 1), (2, 1)], gesture=1), GM),
    lambda: document.push(RevealSquares([(3, 3)], gesture=1), GM),  # merged: one step
    lambda: document.push(PaintSquares([(4, 4)], elevation=3, terrain=Terrain.DIFFICULT), GM),
    lambda: document.switch_scene("tavern"),
    lambda: document.push(MoveToken("brawler", "floor"), GM),
    lambda: document.push(MoveToken("orc", (0, 6)), phone("hero", "Bram"), on=road),
    lambda: document.push(SetStatus("bouncer", "Prone", 1), GM),
    lambda: stack.undo(),  # Prone
    lambda: stack.undo(),  # the phone's move, on the road: the GM is taken there
    lambda: stack.redo(),  # the phone's move again
    lambda: stack.undo(),
]:
    edit()
    app.processEvents()
    said("state")
print("steps", "|".join(stack.text(i) for i in range(stack.count())), flush=True)
window.autosave.wait()
print("written", flush=True)
deadline = time.monotonic() + 60
while time.monotonic() < deadline:  # killed meanwhile
    app.processEvents()
    time.sleep(0.01)
"""
)


def run_and_kill(tmp_path: Path) -> tuple[dict[int, tuple[str, str]], list[str], int]:
    """Run the child until its work is written, kill it; the scenes' digests at each index
    of the history (as first seen), its steps' texts and its last index."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    command = [
        sys.executable,
        "-c",
        CHILD,
        str(tmp_path / "evening.tactical.json"),
        str(tmp_path / "data"),
        str(tmp_path / "child.ini"),
    ]
    states: dict[int, tuple[str, str]] = {}
    steps: list[str] = []
    index = -1
    with subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True) as child:
        try:
            assert child.stdout is not None
            for line in child.stdout:  # bounded: the child gives up after 60 s
                word, *rest = line.rstrip("\n").split(" ", 1)
                if word == "state":
                    at, road, tavern = rest[0].split()
                    index = int(at)
                    states[index] = (road, tavern)  # the last seen at each index
                elif word == "steps":
                    steps = rest[0].split("|")
                elif word == "written":
                    child.send_signal(signal.SIGKILL)
                    break
            else:
                pytest.fail("the child never wrote its work")
        finally:
            child.kill()
            child.wait(30)
    return states, steps, index


@pytest.mark.skipif(os.name != "posix", reason="kills with SIGKILL")
def test_after_a_kill_undo_and_redo_walk_the_same_history_on_both_scenes(
    qtbot: QtBot, tmp_path: Path, settings: QSettings
) -> None:
    import hashlib

    evening = Evening([Scene("road", small_grid()), Scene("tavern", small_areas())], shown="road")
    save_evening(evening, tmp_path / "evening.tactical.json")
    states, steps, index = run_and_kill(tmp_path)
    assert steps[:6] == [
        "Move Hero",
        "Turn fog on or off",
        "Reveal fog",
        "Paint terrain",
        "Move Brawler",
        "Move Orc",
    ], steps
    assert len(steps) == 7
    assert index == 5  # the phone's move and Prone undone
    window = start(None, settings=settings, recovery_dir=tmp_path / "data", ask=lambda r: True)
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda: "discard"
    document = window.document
    stack = document.undo_stack
    road = document.evening.scene("road").encounter
    tavern = document.evening.scene("tavern").encounter

    def digests() -> tuple[str, str]:
        return tuple(  # type: ignore[return-value]
            hashlib.sha256(encounter_bytes(e)).hexdigest() for e in (road, tavern)
        )

    assert [stack.text(i) for i in range(stack.count())] == steps
    assert stack.index() == index
    assert digests() == states[index]
    while stack.index() > 0:  # undo all: each step on its own scene
        stack.undo()
        assert digests() == states[stack.index()], stack.index()
    while stack.canRedo():  # redo all, the steps undone before the crash too
        stack.redo()
        assert digests() == states[stack.index()], stack.index()
    assert stack.index() == len(steps)
    assert tavern.tokens["bouncer"].statuses == {"Prone": 1}
    assert road.tokens["orc"].square == (0, 6)

    # the recovered work goes on in the same journal: a second crash gives back it all
    document.push(MoveToken("drunk", "bar"), GM)
    assert window.autosave.tick()
    window.autosave.stop()  # no clean close: the recovery stays
    again = start(None, settings=settings, recovery_dir=tmp_path / "data", ask=lambda r: True)
    qtbot.addWidget(again)
    again.files.ask_unsaved = lambda: "discard"
    stack = again.document.undo_stack
    road = again.document.evening.scene("road").encounter
    tavern = again.document.evening.scene("tavern").encounter
    assert [stack.text(i) for i in range(stack.count())] == [*steps, "Move Drunk"]
    assert tavern.tokens["drunk"].position == "bar"
    while stack.index() > 0:
        stack.undo()
    assert digests() == states[0]

"""Killed with SIGKILL at any moment, the app's next start gives back what was on screen.

A child process runs the app offscreen (``startup.start``, as ``tactical FILE`` does)
and makes edits as the GM makes them (one push each, an undo, a redo, a save in
the middle); after each it prints the SHA-256 of the file the encounter on screen
would save to. The test kills it with SIGKILL (``kill -9``) and starts the app
again on the same recovery folder: the recovered encounter saves to those bytes.
"""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from tactical.app.window.startup import start
from tactical.persistence import encounter_bytes, save_encounter
from tests.app.crash_child import START

from .conftest import small_grid

ROOT = Path(__file__).resolve().parents[2]

CHILD = (
    START
    + r"""
import hashlib, os, threading, time
from tactical.core.changes import GM
from tactical.core.commands import (
    AddToken, MoveToken, PaintSquares, RevealSquares, SetFogSetting, SetStatus,
)
from tactical.core.grid import Terrain
from tactical.core.tokens import Token
from tactical.persistence import encounter_bytes

stop_after, tear = int(sys.argv[4]), sys.argv[5] == "tear"
push = lambda command: document.push(command, GM)
edits = [
    lambda: push(MoveToken("hero", (2, 1))),
    lambda: push(SetFogSetting("enabled", True)),
    lambda: push(RevealSquares([(1, 1), (2, 1), (2, 2)], gesture=1)),
    lambda: push(RevealSquares([(3, 3)], gesture=1)),  # the same stroke: one step
    lambda: push(PaintSquares([(4, 4), (4, 5)], elevation=3, terrain=Terrain.DIFFICULT)),
    lambda: window.files.save_to(path),
    lambda: push(AddToken(Token("wolf", "Wolf", "npcs", (6, 6)), index=1)),
    lambda: push(SetStatus("orc", "Prone", 1)),
    lambda: document.undo_stack.undo(),
    lambda: document.undo_stack.undo(),  # back past the save: unsaved again
    lambda: document.undo_stack.redo(),
    lambda: push(MoveToken("ogre", (0, 6))),
]


def said(word, number):
    digest = hashlib.sha256(encounter_bytes(document.encounter)).hexdigest()
    print(word, number, digest, flush=True)


real_write = os.write


def torn(fd, data):
    # the next journal line: half of it written, then the app is killed
    if threading.current_thread().name != "recovery-journal":
        return real_write(fd, data)
    written = real_write(fd, bytes(data)[: max(1, len(data) // 2)])
    print("torn", flush=True)
    time.sleep(60)
    return written


for number, edit in enumerate(edits, 1):
    if tear and number == stop_after + 1:
        os.write = torn
    edit()
    app.processEvents()
    said("did", number)
    if number > stop_after:
        continue
    window.autosave.wait()
    said("written", number)
deadline = time.monotonic() + 60
while time.monotonic() < deadline:  # killed meanwhile
    app.processEvents()
    time.sleep(0.01)
"""
)


def run_and_kill(tmp_path: Path, stop_after: int, tear: bool) -> dict[str, dict[int, str]]:
    """Run the child until it said ``written stop_after`` (or ``torn``), kill it with SIGKILL;
    what it said: {"did": {n: sha}, "written": {n: sha}}."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    command = [
        sys.executable,
        "-c",
        CHILD,
        str(tmp_path / "crypt.tactical.json"),
        str(tmp_path / "data"),
        str(tmp_path / "child.ini"),
        str(stop_after),
        "tear" if tear else "kill",
    ]
    said: dict[str, dict[int, str]] = {"did": {}, "written": {}}
    with subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True) as child:
        try:
            assert child.stdout is not None
            for line in child.stdout:  # bounded: the child gives up after 60 s
                word, *rest = line.split()
                if word in said:
                    said[word][int(rest[0])] = rest[1]
                if word == "torn" or (word == "written" and int(rest[0]) == stop_after):
                    child.send_signal(signal.SIGKILL)
                    break
        finally:
            child.kill()
            child.wait(30)
            rest_of = child.stdout.read() if child.stdout is not None else ""
    for line in rest_of.splitlines():  # what it printed before it died
        word, *rest = line.split()
        if word in said:
            said[word][int(rest[0])] = rest[1]
    return said


def recovered_digest(qtbot: QtBot, tmp_path: Path, settings: QSettings) -> str:
    """Start the app again on the recovery folder, restore, and hash what it would save."""
    offered: list[object] = []
    data = tmp_path / "data"
    window = start(
        None, settings=settings, recovery_dir=data, ask=lambda r: offered.append(r) or True
    )
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda: "discard"
    assert offered, "the crash's work was not offered"
    assert window.document.modified
    return hashlib.sha256(encounter_bytes(window.document.encounter)).hexdigest()


@pytest.mark.skipif(os.name != "posix", reason="kills with SIGKILL")
@pytest.mark.parametrize("stop_after", [4, 12])
def test_killed_after_its_edits_the_next_start_gives_them_back_byte_for_byte(
    qtbot: QtBot, tmp_path: Path, settings: QSettings, stop_after: int
) -> None:
    save_encounter(small_grid(), tmp_path / "crypt.tactical.json")
    said = run_and_kill(tmp_path, stop_after, tear=False)
    assert stop_after in said["written"]
    # killed while it may already be making the next edit: that one may or may not be in
    possible = {said["written"][stop_after]}
    if stop_after + 1 in said["did"]:
        possible.add(said["did"][stop_after + 1])
    assert recovered_digest(qtbot, tmp_path, settings) in possible


@pytest.mark.skipif(os.name != "posix", reason="kills with SIGKILL")
def test_killed_while_writing_a_change_the_half_written_line_is_left_out(
    qtbot: QtBot, tmp_path: Path, settings: QSettings
) -> None:
    save_encounter(small_grid(), tmp_path / "crypt.tactical.json")
    said = run_and_kill(tmp_path, 8, tear=True)
    assert recovered_digest(qtbot, tmp_path, settings) == said["written"][8]

"""The ``tactical`` command loads its libraries with Python's cycle collector off (45-65 ms of
collections before the app's first frame, which found next to nothing): the app keeps it
off (it collects on its GUI thread), every other command switches it back on for its work."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tactical.persistence import save_encounter

from .app.conftest import small_grid

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = """
import gc, json, sys, types
seen = {}
def watch(event, args):
    if event == "import" and args[0] == "tactical.persistence":
        seen.setdefault("libraries loaded", gc.isenabled())
    if event == "open" and str(args[0]).endswith(".tactical.json"):
        seen.setdefault("validate", gc.isenabled())
sys.addaudithook(watch)
app = types.ModuleType("tactical.app.main")  # the app's window, as far as the command sees
app.run = lambda path: seen.setdefault("app", gc.isenabled()) and 0
sys.modules["tactical.app.main"] = app
from tactical.command import main
main(["validate", sys.argv[1]])  # a command's process runs one: here validate, then the app
main([sys.argv[1]])
print(json.dumps(seen))
"""


def test_the_command_loads_with_the_collector_off_and_only_the_app_keeps_it_off(
    tmp_path: Path,
) -> None:
    path = tmp_path / "crypt.tactical.json"
    save_encounter(small_grid(), path)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen == {"libraries loaded": False, "app": False, "validate": True}


def test_a_command_run_in_process_leaves_the_callers_collector_as_it_was(tmp_path: Path) -> None:
    """The test process keeps automatic collection off (cycles are collected on the GUI
    thread only, ``tests/conftest.py``): ``cli.main`` called there must not switch it on,
    or a collection on the recovery journal's thread frees a Qt object and deadlocks."""
    import gc

    from tactical import cli

    path = tmp_path / "crypt.tactical.json"
    save_encounter(small_grid(), path)
    was = gc.isenabled()
    gc.disable()
    try:
        assert cli.main(["validate", str(path)]) == 0
        assert not gc.isenabled()
    finally:
        if was:
            gc.enable()

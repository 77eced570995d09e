"""A grid map opens without the libraries of long paths and of the sight kernel; they are
imported (and the kernel compiled) afterwards."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

MAPS = Path(__file__).resolve().parents[2] / "maps"

SCRIPT = """
import sys
from pathlib import Path
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from tactical.app.startup import start
from tactical.app.warm_imports import LATER, import_later
folder = Path(sys.argv[2])
settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
window = start(Path(sys.argv[1]), settings=settings, recovery_dir=folder, ask=lambda r: False)
window.show()
app.processEvents()
print(sorted(name for name in ("networkx", "scipy", "numba") if name in sys.modules))
import_later().join(timeout=60)
print(sorted(name for name in LATER if name in sys.modules))
from tactical.core import sight_kernel
print(sight_kernel.ready(), sight_kernel.failed())
import linecache
kept = [n for n in linecache.cache if any(p in n for p in ("networkx", "scipy", "numba"))]
print(len(kept), "files of the warmed libraries' sources kept")
window.close()
"""


def test_a_grid_map_opens_without_networkx_scipy_and_numba_then_they_are_warmed(
    tmp_path: Path,
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(MAPS / "hillside-ruin.tactical.json"), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert done.returncode == 0, done.stderr
    before, after, sight, sources = done.stdout.splitlines()[-4:]
    assert before == "[]"
    assert after == "['networkx', 'scipy.sparse.csgraph']"
    assert sight == "True None"  # the sight kernel compiled (or loaded) in the background
    # PySide's import hook read every one of their sources; none is kept (about 27 MB)
    assert sources == "0 files of the warmed libraries' sources kept"


def test_forgetting_sources_keeps_the_lines_no_file_could_give_back(tmp_path: Path) -> None:
    import linecache

    from tactical.app.warm_imports import forget_sources

    source = tmp_path / "some_module.py"
    source.write_text("x = 1\n")
    assert linecache.getline(str(source), 1) == "x = 1\n"
    linecache.cache["<generated>"] = (6, None, ["y = 2\n"], "<generated>")
    forget_sources()
    assert str(source) not in linecache.cache
    assert linecache.getline("<generated>", 1) == "y = 2\n"
    assert linecache.getline(str(source), 1) == "x = 1\n"  # read again when wanted
    del linecache.cache["<generated>"]


def test_the_start_ups_source_lines_are_dropped_once_the_window_is_up(
    qtbot, monkeypatch, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    import linecache

    from tactical.app import warm_imports

    warmed: list[bool] = []
    monkeypatch.setattr(warm_imports, "import_later", lambda: warmed.append(True))
    source = tmp_path / "read_at_start_up.py"
    source.write_text("x = 1\n")
    linecache.getline(str(source), 1)
    warm_imports.warm_after_first_frame(delay_ms=50)
    qtbot.waitUntil(lambda: str(source) not in linecache.cache, timeout=1000)
    qtbot.waitUntil(lambda: warmed == [True], timeout=1000)

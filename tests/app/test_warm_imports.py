"""A grid map opens without the libraries of long paths, imported afterwards; the
example maps never import numba (the sight kernel is for big maps)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

MAPS = Path(__file__).resolve().parents[2] / "maps"

SCRIPT = """
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from tactical.app.window.startup import start
from tactical.app.runtime.warm_imports import LATER, import_later
from tactical.core import sight_kernel
from tactical.core.commands.fog import party_sight
from tactical.core.sight import Viewer, visible_squares
folder = Path(sys.argv[1])
for n, name in enumerate(sys.argv[2:]):
    settings = QSettings(str(folder / f"settings{n}.ini"), QSettings.Format.IniFormat)
    window = start(Path(name), settings=settings, recovery_dir=folder / str(n), ask=lambda r: False)
    window.show()
    app.processEvents()
    later = ("networkx", "scipy", "numba", "aiohttp", "asyncio", "tactical.app.snapshot.render")
    print(sorted(n for n in later if n in sys.modules))
    import_later().join(timeout=60)
    print(sorted(name for name in LATER if name in sys.modules))
    encounter = window.document.encounter
    grid = encounter.grid
    party_sight(encounter)  # what "Reveal what the party sees" asks
    corners = [(0, 0), (grid.width - 1, grid.height - 1), (grid.width // 2, grid.height // 2)]
    visible_squares(grid, [Viewer(square) for square in corners])
    app.processEvents()
    print(sight_kernel.warming(), sight_kernel.ready())
    window.close()
print(sorted(name for name in ("numba", "llvmlite") if name in sys.modules))
import linecache
kept = [n for n in linecache.cache if any(p in n for p in ("networkx", "scipy"))]
print(len(kept), "files of the warmed libraries' sources kept")
"""
EXAMPLES = ("hillside-ruin", "crypt-fog", "benchmark-256")
"""The default example, the one with fog, and the biggest (256 x 256)."""


def test_an_example_map_opens_and_shows_its_sight_without_numba(tmp_path: Path) -> None:
    """networkx and scipy are warmed after the first frame; numba and llvmlite (95 MB)
    are never imported on a map of the examples' size, sight asked or not."""
    maps = [str(MAPS / f"{name}.tactical.json") for name in EXAMPLES]
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path), *maps],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # the first map opened without them (nor the phones' server, asyncio, a snapshot's drawing)
    assert lines[0] == "[]"
    for n in range(len(EXAMPLES)):
        assert lines[3 * n + 1] == "['networkx', 'scipy.sparse.csgraph']"
        assert lines[3 * n + 2] == "None False"  # the sight kernel: never started
    imported, sources = lines[-2:]
    assert imported == "[]"
    # PySide's import hook read every one of their sources; none is kept (about 27 MB)
    assert sources == "0 files of the warmed libraries' sources kept"


def test_forgetting_sources_keeps_the_lines_no_file_could_give_back(tmp_path: Path) -> None:
    import linecache

    from tactical.app.runtime.warm_imports import forget_sources

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

    from tactical.app.runtime import warm_imports

    warmed: list[bool] = []
    monkeypatch.setattr(warm_imports, "import_later", lambda **_: warmed.append(True))
    source = tmp_path / "read_at_start_up.py"
    source.write_text("x = 1\n")
    linecache.getline(str(source), 1)
    warm_imports.warm_after_first_frame(delay_ms=50)
    qtbot.waitUntil(lambda: str(source) not in linecache.cache, timeout=1000)
    qtbot.waitUntil(lambda: warmed == [True], timeout=1000)


def test_a_big_map_loads_the_sight_kernel_with_the_warm_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A map of ``BIG`` squares or more loads the kernel after networkx and scipy, before
    the GM asks for sight (else the numpy path's ring tables and numba's 95 MB would meet);
    a smaller one never does."""
    from tactical.app.runtime.warm_imports import import_later
    from tactical.core import sight_kernel
    from tests import numba_switch

    monkeypatch.setattr(sight_kernel, "_kernel", None)
    monkeypatch.setattr(sight_kernel, "_failed", None)
    monkeypatch.setattr(sight_kernel, "_warming", None)
    done: list[bool] = []
    import_later(names=(), squares=sight_kernel.BIG - 1).join(timeout=60)
    assert sight_kernel.warming() is None
    import_later(names=(), done=lambda: done.append(True), squares=sight_kernel.BIG).join(300)
    assert sight_kernel.warming() is not None and done == [True]
    assert sight_kernel.ready() == numba_switch.available(), sight_kernel.failed()


def test_the_warm_up_imports_only_once_a_kernel_being_made_is_ready(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Sight asked first on a big map makes the kernel on another thread: the warm-up's
    imports wait for it, so the two never fill memory at once."""
    import threading

    from tactical.app.runtime.warm_imports import import_later
    from tactical.core import sight_kernel

    (tmp_path / "warm_probe_module.py").write_text("X = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    release = threading.Event()
    making = threading.Thread(target=release.wait, args=(60,), daemon=True)
    making.start()
    monkeypatch.setattr(sight_kernel, "_warming", making)
    thread = import_later(names=("warm_probe_module",), squares=sight_kernel.BIG)
    thread.join(timeout=0.5)  # time to import, were it not waiting (it must not)
    assert "warm_probe_module" not in sys.modules
    release.set()
    thread.join(timeout=60)
    assert "warm_probe_module" in sys.modules
    del sys.modules["warm_probe_module"]

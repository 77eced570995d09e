"""A grid map opens without the libraries of long paths; they are imported afterwards."""

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
print(sorted(name for name in ("networkx", "scipy") if name in sys.modules))
import_later().join(timeout=60)
print(sorted(name for name in LATER if name in sys.modules))
window.close()
"""


def test_a_grid_map_opens_without_networkx_and_scipy_then_they_are_imported(
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
    before, after = done.stdout.splitlines()[-2:]
    assert before == "[]"
    assert after == "['networkx', 'scipy.sparse.csgraph']"

"""What the GM needs only later is not loaded before the window's first frame.

Qt's printing module, the phones' answers (and the share's modules behind them), the
TV's calibration, handouts and player-view parts, the travel dialogs, the sight workers'
thread pools: each loads when first used, so ``tactical FILE`` shows the map without
paying for them.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

MAPS = Path(__file__).resolve().parents[2] / "maps"

LATER = (
    "concurrent.futures",
    "PySide6.QtPrintSupport",
    "tactical.app.players.phones.correction",
    "tactical.app.players.phones.hands",
    "tactical.app.players.phones.moves",
    "tactical.share.answers",
    "tactical.share.hand_view",
    "tactical.app.players.table_screen.calibration",
    "tactical.app.players.table_screen.handout_dialogs",
    "tactical.app.players.table_screen.handout_file",
    "tactical.app.players.table_screen.player_parts",
    "tactical.app.scenes.travel.exit_dialog",
    "tactical.app.scenes.travel.move_dialog",
    "tactical.app.scenes.travel.place_picker",
)

SCRIPT = """
import sys
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from tactical.app.window.startup import start
folder = Path(sys.argv[1])
settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
data = folder / "data"
window = start(Path(sys.argv[2]), settings=settings, recovery_dir=data, ask=lambda r: False)
window.show()
app.processEvents()
print(sorted(name for name in sys.argv[3:] if name in sys.modules))
window.player_controls.open()  # the TV's parts when its view opens
window.phone_sharing.hands  # the phones' answers when first asked for
app.processEvents()
print(sorted(name for name in sys.argv[3:] if name in sys.modules))
window.files.ask_unsaved = lambda: "discard"
window.close()
"""


def test_the_first_frame_comes_before_printing_phones_tv_parts_and_travel_dialogs(
    tmp_path: Path,
) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            SCRIPT,
            str(tmp_path),
            str(MAPS / "crypt-fog.tactical.json"),
            *LATER,
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert done.returncode == 0, done.stderr
    first, later = done.stdout.splitlines()[-2:]
    assert first == "[]"
    # made when wanted: the player view's parts, the phones' answers
    for name in ("player_parts", "phones.hands", "phones.correction", "share.answers"):
        assert name in later

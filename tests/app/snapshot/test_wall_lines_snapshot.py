"""Snapshots draw the wall lines (through the grid layer the print scene paints)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtGui import QImage

from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.scene import colours
from tactical.app.map.scene.wall_lines_layer import WINDOW
from tactical.app.snapshot.render import SnapshotOptions, export_snapshot

from ..wall_line_encounter import crypt


def _count(path: Path, wanted: tuple[int, int, int], slack: int = 12) -> int:
    """How many pixels of the PNG are within ``slack`` of the colour ``wanted``."""
    image = QImage(str(path)).convertToFormat(QImage.Format.Format_RGB888)
    bits = np.frombuffer(image.constBits(), dtype=np.uint8)
    rows = bits.reshape(image.height(), image.bytesPerLine())[:, : image.width() * 3]
    pixels = rows.reshape(image.height(), image.width(), 3).astype(int)
    return int((np.abs(pixels - np.array(wanted)).max(axis=2) <= slack).sum())


def test_the_players_snapshot_shows_doors_and_windows_and_no_lines_without_them(
    qtbot, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    door = colours.DOOR.getRgb()[:3]
    window = WINDOW.getRgb()[:3]
    options = SnapshotOptions(mode="players", dpi=60)
    with_lines = tmp_path / "crypt.png"
    export_snapshot(EncounterDocument(crypt()), with_lines, options, view=None)
    bare = crypt()
    assert bare.grid is not None
    bare.grid.wall_lines.clear()
    without = tmp_path / "bare.png"
    export_snapshot(EncounterDocument(bare), without, options, view=None)
    assert _count(without, door) == 0
    assert _count(with_lines, door) > 50
    # The hero's disc is light blue too: the window adds its pane to what is there.
    assert _count(with_lines, window) > _count(without, window) + 50

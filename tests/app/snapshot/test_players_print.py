"""The players' print is drawn from what they may read: names as text, the picture cut
(issues 30 and 34)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage

from tactical.app.snapshot.render import SnapshotOptions, export_encounter
from tactical.core.encounter import Encounter
from tactical.core.fog import Fog
from tactical.core.grid import GridMap
from tactical.core.pictures import Background, Picture, picture_id
from tactical.core.tokens import Token
from tactical.persistence import load_encounter

from .fights import MAPS

CRYPT = MAPS / "crypt-fog.tactical.json"
TABLE_PT = round(8 * 150 / 72) * 72 / 150
"""The table's 8-pt text as drawn at 150 dpi (a whole number of pixels): 8.16 pt."""
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<')


def words(path: Path) -> list[tuple[str, float]]:
    """Each word a reader can select in the PDF, with its height in points."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext is not installed")
    xhtml = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout
    return [(m[4], float(m[3]) - float(m[1])) for m in WORD.findall(xhtml)]


def test_the_names_on_the_players_map_are_text_of_6_pt_or_more(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "crypt.pdf"
    export_encounter(load_encounter(CRYPT), CRYPT, out, SnapshotOptions())
    found = words(out)
    table_height = max(h for w, h in found if w == "Side")  # the table's header, 8 pt
    per_pt = table_height / TABLE_PT
    for name in ("Ilse", "Bram", "Oda"):
        heights = sorted(h for w, h in found if w == name)
        assert len(heights) == 2, name  # on the map and in the table, both as text
        assert heights[0] / per_pt >= 5.95, (name, heights[0] / per_pt)


def solid_png(colour: str, width: int, height: int) -> bytes:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor(colour))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]
    return bytes(data.data())


def red_pixels(folder: Path) -> int:
    """Red pixels in every picture the PDF holds (``pdfimages`` wrote them to ``folder``)."""
    count = 0
    for path in sorted(folder.glob("*.png")):
        image = QImage(str(path)).convertToFormat(QImage.Format.Format_RGB32)
        bits = np.frombuffer(image.constBits(), dtype=np.uint8)
        bgra = bits.reshape(image.height(), image.bytesPerLine())[:, : image.width() * 4]
        bgra = bgra.reshape(image.height(), image.width(), 4)
        count += int(((bgra[..., 2] > 200) & (bgra[..., 1] < 60) & (bgra[..., 0] < 60)).sum())
    return count


def test_the_background_under_fog_is_not_in_the_players_pdf_at_all(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    if shutil.which("pdfimages") is None:
        pytest.skip("pdfimages is not installed")
    art = solid_png("#ff0000", 40, 40)  # ten picture pixels a square
    fog = Fog(enabled=True)
    revealed = np.zeros((4, 4), dtype=np.bool_)
    revealed[0, 0] = revealed[0, 1] = True
    fog.set_mask(revealed)
    encounter = Encounter(
        GridMap(4, 4),
        [Token("a", "A", "pcs", (0, 0))],
        pictures=[Picture(picture_id(art), data=art)],
        background=Background(picture_id(art), 0, 0, 10),
        fog=fog,
    )
    counts = {}
    for mode in ("players", "gm"):
        out = tmp_path / f"{mode}.pdf"
        export_encounter(encounter, None, out, SnapshotOptions(mode=mode))  # type: ignore[arg-type]
        folder = tmp_path / mode
        folder.mkdir()
        subprocess.run(["pdfimages", "-png", str(out), str(folder / "img")], check=True)
        counts[mode] = red_pixels(folder)
    assert counts["gm"] >= 40 * 40  # the whole picture (the check can fail)
    assert counts["players"] == 2 * 10 * 10  # the two squares they found, nothing else

"""Table-scale PDFs, measured from the drawing: squares of 72 pt, overlaps that line up,
pages named A1 ... with a cover, nothing hidden for the players, no half-written file."""

from __future__ import annotations

import re
import shutil
import subprocess
from datetime import datetime
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtGui import QImage

from tactical.app.encounter.document import EncounterDocument
from tactical.app.snapshot.paged import ExportCancelled
from tactical.app.snapshot.render import SnapshotOptions, export_snapshot
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.templates import Template
from tactical.core.tiling import Margins, Rect, TileSpec, plan_tiles
from tactical.core.tokens import Token
from tactical.persistence import load_encounter

from .fights import HILLSIDE, MAPS, THRUM, staged_fray, started_thrum
from .test_render import pdf_pages, pdf_text

WHEN = datetime(2024, 5, 1, 20, 30)
TABLE = SnapshotOptions(table_scale=True)
MAGENTA = "#ff00ff"


def raster(pdf: Path, page: int, dpi: int) -> np.ndarray:
    """Page ``page`` (1-based) rasterised by poppler at ``dpi``: rows x columns x RGB."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm is not installed")
    prefix = pdf.with_name(f"{pdf.stem}-{page}-{dpi}")
    pages = ["-f", str(page), "-l", str(page)]
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), *pages, "-png", "-singlefile", str(pdf), str(prefix)],
        check=True,
    )
    image = QImage(str(prefix) + ".png").convertToFormat(QImage.Format.Format_RGB888)
    data = np.frombuffer(image.constBits(), dtype=np.uint8)
    lines = data.reshape(image.height(), image.bytesPerLine())
    return lines[:, : image.width() * 3].reshape(image.height(), image.width(), 3).copy()


def empty_field(width: int = 12, height: int = 8) -> Encounter:
    return Encounter(GridMap(width, height), name="Field")


def line_centres(profile: np.ndarray) -> list[float]:
    """Centres of the runs of True in a 1-D mask."""
    padded = np.concatenate(([False], profile, [False])).astype(np.int8)
    edges = np.flatnonzero(np.diff(padded))
    return [(start + end - 1) / 2 for start, end in zip(edges[::2], edges[1::2], strict=True)]


@pytest.mark.parametrize(("square_inch", "points"), [(1.0, 72.0), (0.5, 36.0)])
def test_a_square_measures_its_size_in_points_on_the_drawn_page(
    qtbot, tmp_path: Path, square_inch: float, points: float
) -> None:  # type: ignore[no-untyped-def]
    pdf = tmp_path / "field.pdf"
    options = SnapshotOptions(table_scale=True, square_inch=square_inch)
    export_snapshot(EncounterDocument(empty_field(24, 16)), pdf, options, when=WHEN)
    dpi = 144  # 2 pixels per point
    page = raster(pdf, 2, dpi).astype(int)  # page 2: tile A1
    luma = page.sum(axis=2) / 3
    background = np.median(luma)
    # a row across the map, a little below the top (clear of the registration crosses)
    row = luma[int(0.25 * luma.shape[0])]
    dark = row < background - 25
    centres = line_centres(dark)
    steps = np.diff(centres)
    square_px = points * dpi / 72
    grid_steps = [s for s in steps if abs(s - square_px) <= 1.5]
    assert len(grid_steps) >= 8, (centres, steps)
    # the first eleven lines (ten squares) from the left edge of the map
    first = centres[: 11 if square_inch == 1.0 else 20]
    span_pt = (first[-1] - first[0]) * 72 / dpi / (len(first) - 1)
    assert span_pt == pytest.approx(points, abs=0.1)


def test_lines_and_text_are_vectors_only_the_terrain_is_a_picture(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    if shutil.which("pdfimages") is None:
        pytest.skip("pdfimages is not installed")
    pdf = tmp_path / "ruin.pdf"
    document = EncounterDocument(load_encounter(HILLSIDE), HILLSIDE)
    export_snapshot(document, pdf, TABLE, when=WHEN)
    listing = [
        line.split()
        for line in subprocess.run(
            ["pdfimages", "-list", str(pdf)], check=True, capture_output=True, text=True
        ).stdout.splitlines()[2:]
    ]
    # page, num, type, width, height, color, comp, bpc, enc, interp, object, id, x-ppi, ...
    terrain = [row for row in listing if row[2] == "image" and row[12] == "1"]
    # one picture of the terrain on each tile, one pixel per square (1 pixel per inch)
    assert sorted(int(row[0]) for row in terrain) == list(range(2, 32))
    assert any(row[0] == "1" and row[3:5] == ["48", "36"] for row in listing)  # the cover
    assert all(int(row[3]) <= 48 and int(row[4]) <= 36 for row in terrain)
    assert all(row[8] != "jpeg" for row in terrain)  # exact shades, no JPEG blur
    # the rest are small soft shadows Qt renders as pictures: never a page or a tile
    others = [row for row in listing if row[12] != "1" and row[3:5] != ["48", "36"]]
    assert all(int(row[3]) / int(row[12]) < 2.5 for row in others)
    text = pdf_text(pdf)
    assert "Brother Oswin" in text  # token names are text on the tiles, too


def test_the_hillside_tiles_into_named_pages_after_a_cover(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pdf = tmp_path / "ruin.pdf"
    document = EncounterDocument(load_encounter(HILLSIDE), HILLSIDE)
    pages = export_snapshot(document, pdf, TABLE, when=WHEN)
    assert pages == 31 == pdf_pages(pdf)  # 5 x 6 tiles of A4 landscape, and the cover
    text = pdf_text(pdf).split("\f")
    assert "Hillside ruin" in text[0] and "page 1 of 31" in text[0]
    for label in ("A1", "A5", "B1", "F5"):  # the cover's page grid names every page
        assert re.search(rf"\b{label}\b", text[0])
    assert re.search(r"^\s*A1\b", text[1], re.M)
    assert "page 2 of 31" in text[1] and "1 square = 1 inch" in text[1]
    assert "sheet of 6 x 5 pages" in text[1]
    assert re.search(r"^\s*A2\b", text[2], re.M) and re.search(r"^\s*F5\b", text[30], re.M)


def test_overlap_strips_of_neighbouring_pages_show_the_same_squares(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pdf = tmp_path / "ruin.pdf"
    document = EncounterDocument(load_encounter(HILLSIDE), HILLSIDE)
    export_snapshot(document, pdf, TABLE, when=WHEN)
    dpi = 127  # 5 pixels per millimetre: both strips start on a whole pixel
    plan = plan_tiles(TileSpec(Rect(0, 0, 48, 36), margins=Margins.uniform(6)))
    window = plan.window_mm

    def px(mm: float) -> int:
        return round(mm / 25.4 * dpi)

    trim = 2.0  # leave out the strip's edges: A1 draws its dashed cut line there
    a1, a2, b1 = raster(pdf, 2, dpi), raster(pdf, 3, dpi), raster(pdf, 7, dpi)
    top, bottom = px(window.y + 2), px(window.bottom - 2)
    right_of_a1 = a1[top:bottom, px(window.right - 10 + trim) : px(window.right - trim)]
    left_of_a2 = a2[top:bottom, px(window.x + trim) : px(window.x + 10 - trim)]
    assert right_of_a1.shape == left_of_a2.shape
    same = np.abs(right_of_a1.astype(int) - left_of_a2.astype(int)).mean()
    # the same strip half a square further on is a different picture
    shift = px(12.7)
    other = a2[top:bottom, px(window.x + trim) + shift : px(window.x + 10 - trim) + shift]
    different = np.abs(right_of_a1.astype(int) - other.astype(int)).mean()
    assert same < 1 and different > 10, (same, different)  # measured: 0.0002 and 34
    left, right = px(window.x + 2), px(window.right - 2)
    below_a1 = a1[px(window.bottom - 10 + trim) : px(window.bottom - trim), left:right]
    above_b1 = b1[px(window.y + trim) : px(window.y + 10 - trim), left:right]
    assert np.abs(below_a1.astype(int) - above_b1.astype(int)).mean() < 1


def secret_field() -> Encounter:
    tokens = [
        Token("scout", "Scout Wren", "pcs", (2, 2)),
        Token("lurker", "Lurker Vash", "npcs", (5, 3), hidden=True),
    ]
    encounter = Encounter(GridMap(12, 8), tokens, name="Field")
    encounter.templates["pit"] = Template(
        "pit", "area", 2, origin=(8, 2), label="Spiked pit", color=MAGENTA, hidden=True
    )
    return encounter


def magenta_pixels(page: np.ndarray) -> int:
    r, g, b = (page[..., i].astype(int) for i in range(3))
    return int(((r - g > 60) & (b - g > 60)).sum())


def test_the_players_tiles_hold_no_hidden_token_and_no_secret_template(
    qtbot, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    document = EncounterDocument(secret_field())
    players, gm = tmp_path / "players.pdf", tmp_path / "gm.pdf"
    export_snapshot(document, players, TABLE, when=WHEN)
    export_snapshot(document, gm, SnapshotOptions(mode="gm", table_scale=True), when=WHEN)
    players_text, gm_text = pdf_text(players), pdf_text(gm)
    assert "Scout Wren" in players_text and "Lurker" not in players_text
    assert "Lurker Vash" in gm_text
    assert magenta_pixels(raster(players, 2, 40)) == 0
    assert magenta_pixels(raster(gm, 2, 40)) > 100


def test_the_players_table_scale_of_the_fights_leaks_nothing(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    encounter, _controller = started_thrum()
    pdf = tmp_path / "tower.pdf"
    export_snapshot(EncounterDocument(encounter, THRUM), pdf, TABLE)
    text = pdf_text(pdf)
    assert "Kestrel" in text and "Ambusher" not in text and "GM:" not in text
    encounter, controller = staged_fray()
    pdf = tmp_path / "ford.pdf"
    export_snapshot(EncounterDocument(encounter), pdf, TABLE)
    text = " ".join(pdf_text(pdf).split())
    assert "Brother Bram" in text
    assert "Goblin Shaman" not in text and "Goblin Sha" not in text
    for combatant in controller.view().combatants:
        if combatant.secret:
            assert combatant.secret not in text
    gm = tmp_path / "ford-gm.pdf"
    export_snapshot(EncounterDocument(encounter), gm, SnapshotOptions(mode="gm", table_scale=True))
    assert "(secret) Fire Field" in " ".join(pdf_text(gm).split())


def test_skipping_empty_pages_keeps_the_names_of_the_rest(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    encounter = Encounter(
        GridMap(60, 20),
        [
            Token("scout", "Scout", "pcs", (5, 5)),
            Token("lurker", "Lurker", "npcs", (50, 5), hidden=True),
        ],
        name="Field",
    )
    document = EncounterDocument(encounter)
    pdf = tmp_path / "field.pdf"
    options = SnapshotOptions(table_scale=True, skip_empty=True)
    assert export_snapshot(document, pdf, options, when=WHEN) == 2  # the cover and A1
    pages = pdf_text(pdf).split("\f")
    assert "17 empty left out" in pages[1]
    gm = SnapshotOptions(mode="gm", table_scale=True, skip_empty=True)
    assert export_snapshot(document, pdf, gm, when=WHEN) == 3
    pages = pdf_text(pdf).split("\f")
    assert re.search(r"^\s*A1\b", pages[1], re.M) and re.search(r"^\s*A5\b", pages[2], re.M)


def test_a_cancelled_or_failed_export_leaves_no_file(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    document = EncounterDocument(load_encounter(HILLSIDE), HILLSIDE)
    out = tmp_path / "ruin.pdf"
    seen: list[tuple[int, int]] = []

    def stop_at_five(done: int, total: int) -> bool:
        seen.append((done, total))
        return done < 5

    with pytest.raises(ExportCancelled):
        export_snapshot(document, out, TABLE, progress=stop_at_five)
    assert seen == [(1, 31), (2, 31), (3, 31), (4, 31), (5, 31)]
    assert list(tmp_path.iterdir()) == []
    out.write_bytes(b"the old file")
    with pytest.raises(ExportCancelled):
        export_snapshot(document, out, TABLE, progress=stop_at_five)
    assert out.read_bytes() == b"the old file"  # untouched
    with pytest.raises(ValueError, match=r"table-scale print is a \.pdf"):
        export_snapshot(document, tmp_path / "ruin.png", TABLE)
    with pytest.raises(ValueError, match="at most"):
        export_snapshot(document, out, SnapshotOptions(table_scale=True, overlap_mm=200))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ruin.pdf"]
    assert out.read_bytes() == b"the old file"


EXAMPLES = sorted(
    p for p in MAPS.glob("*.tactical.json") if p.name != "benchmark-256.tactical.json"
)
"""Every example but the 256 x 256 one (1003 pages: timed by the benchmarks instead)."""


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name.split(".")[0])
def test_every_example_prints_at_table_scale_in_both_versions(
    qtbot, tmp_path: Path, path: Path
) -> None:  # type: ignore[no-untyped-def]
    encounter = load_encounter(path)
    document = EncounterDocument(encounter, path)
    shown = {t.name for t in encounter.tokens.values() if not t.hidden}
    hidden = {t.name for t in encounter.tokens.values() if t.hidden} - shown
    for mode in ("players", "gm"):
        pdf = tmp_path / f"{mode}.pdf"
        pages = export_snapshot(document, pdf, SnapshotOptions(mode=mode, table_scale=True))  # type: ignore[arg-type]
        assert pages == pdf_pages(pdf) > 1
        text = " ".join(pdf_text(pdf).split())
        assert re.search(r"\bA1\b", text)
        for name in hidden:
            assert (name in text) == (mode == "gm"), (path.name, mode, name)

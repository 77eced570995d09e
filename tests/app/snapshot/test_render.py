"""Snapshot files: a vector PDF of one or more pages, a PNG of the page's size, no secrets."""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage

from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.geometry import CELL
from tactical.app.snapshot.content import build_content
from tactical.app.snapshot.render import (
    MAP_PADDING,
    SnapshotLayout,
    SnapshotOptions,
    export_snapshot,
    make_scene,
    page_size_px,
    source_rect,
)
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.tokens import Token

from .fights import THRUM, staged_fray, started_thrum

WHEN = datetime(2024, 5, 1, 20, 30)


def pdf_text(path: Path) -> str:
    """The text a reader could copy out of the PDF (skips when poppler is not installed)."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext is not installed")
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout


def pdf_pages(path: Path) -> int:
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    return len(re.findall(rb"/Type\s*/Page(?!s)", data))


def test_pdf_and_png_of_the_watchtower_after_initiative(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    encounter, _controller = started_thrum()
    document = EncounterDocument(encounter, THRUM)
    pdf, png = tmp_path / "tower.pdf", tmp_path / "tower.png"
    assert export_snapshot(document, pdf, when=WHEN) == 1
    assert export_snapshot(document, png, when=WHEN) == 1
    assert pdf.is_file() and pdf_pages(pdf) == 1
    image = QImage(str(png))
    assert (image.width(), image.height()) == (1754, 1240)  # A4 landscape at 150 dpi
    assert round(image.dotsPerMeterX() * 0.0254) == 150
    assert image.pixelColor(5, 5).name() == "#ffffff"  # the margin is white
    text = pdf_text(pdf)
    assert "The Watchtower on Crow Hill" in text
    assert "Thrum \N{MIDDLE DOT} Settle ties and check the order" in text
    for name in ("War Hound", "Kestrel", "Bandit Captain", "Fat. Tol."):
        assert name in text
    assert "2024-05-01 20:30 \N{MIDDLE DOT} players' view" in text
    assert "thrum.tactical.json" not in text  # the file's name is the GM's
    assert "Ambusher" not in text  # hidden: neither on the map nor in the table
    assert "GM:" not in text


def test_gm_pdf_shows_the_hidden_token(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    encounter, _controller = started_thrum()
    pdf = tmp_path / "gm.pdf"
    export_snapshot(EncounterDocument(encounter, THRUM), pdf, SnapshotOptions(mode="gm"))
    text = pdf_text(pdf)
    assert "Ambusher (hidden)" in text
    assert "GM's view" in text


def test_players_pdf_of_secret_cards_holds_no_secret(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    encounter, controller = staged_fray()
    secrets = [c.secret for c in controller.view().combatants if c.secret]
    assert secrets
    pdf = tmp_path / "ford.pdf"
    export_snapshot(EncounterDocument(encounter), pdf)
    text = " ".join(pdf_text(pdf).split())
    assert "Brother Bram" in text and "Harrow Bridge" in text  # tokens and areas are there
    assert "Goblin Shaman" not in text and "Goblin Sha" not in text
    for word in ("Rebuke", "Charge", "Longbow", "Lumber", "Scurry", "Shortbow", "Fire Field"):
        assert word not in text
    gm = tmp_path / "ford-gm.pdf"
    export_snapshot(EncounterDocument(encounter), gm, SnapshotOptions(mode="gm"))
    gm_text = " ".join(pdf_text(gm).split())
    assert "Goblin Shaman (hidden)" in gm_text
    assert "(secret) Fire Field" in gm_text


def crowd(count: int) -> Encounter:
    tokens = [Token(f"t{i}", f"Soldier {i:02d}", "npcs", (i % 30, i // 30)) for i in range(count)]
    return Encounter(GridMap(30, 20), tokens, name="Crowd", show_name_to_players=True)


def test_a_long_table_continues_on_a_second_pdf_page_and_grows_a_png(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    document = EncounterDocument(crowd(90))
    pdf = tmp_path / "crowd.pdf"
    pages = export_snapshot(document, pdf)
    assert pages >= 2 and pdf_pages(pdf) == pages
    text = pdf_text(pdf)
    first, *rest = text.split("\f")
    assert "Soldier 00" in first
    assert "Crowd (continued)" in rest[0]
    assert f"page 2 of {pages}" in rest[0]
    assert "Soldier 89" in "".join(rest)
    for i in range(90):
        assert text.count(f"Soldier {i:02d}") >= 1
    png = tmp_path / "crowd.png"
    export_snapshot(document, png)
    image = QImage(str(png))
    assert image.width() == 1754 and image.height() > 1240


def test_every_row_is_on_exactly_one_page_in_order(qtbot) -> None:  # type: ignore[no-untyped-def]
    encounter = crowd(120)
    document = EncounterDocument(encounter)
    scene = make_scene(document, "players")
    content = build_content(encounter, None, "players")
    for width, height in ((1545, 1063), (1063, 1545)):  # A4 landscape and portrait at 150 dpi
        layout = SnapshotLayout(content, source_rect(scene, None), width, height, 150)
        spans = [page.rows for page in layout.pages]
        assert spans[0][0] == 0 and spans[-1][1] == 120
        for (_a, end), (start, _b) in itertools.pairwise(spans):
            assert end == start
        for page in layout.pages:
            assert page.height <= height
        assert layout.pages[0].map_rect is not None and not layout.pages[0].map_rect.isEmpty()
        assert all(page.map_rect is None for page in layout.pages[1:])


def test_whole_map_or_the_visible_part(qtbot) -> None:  # type: ignore[no-untyped-def]
    document = EncounterDocument(crowd(3))
    scene = make_scene(document, "gm")
    whole = source_rect(scene, None)
    assert whole == QRectF(
        -MAP_PADDING, -MAP_PADDING, 30 * CELL + 2 * MAP_PADDING, 20 * CELL + 2 * MAP_PADDING
    )
    part = QRectF(2 * CELL, 3 * CELL, 5 * CELL, 4 * CELL)
    assert source_rect(scene, part) == part
    assert source_rect(scene, QRectF()) == whole


def test_page_sizes() -> None:
    assert page_size_px(SnapshotOptions()).toTuple() == (1754, 1240)
    assert page_size_px(SnapshotOptions(landscape=False)).toTuple() == (1240, 1754)
    assert page_size_px(SnapshotOptions(page="Letter", dpi=100)).toTuple() == (1100, 850)


def test_only_pdf_and_png(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=r"a snapshot is a \.pdf or a \.png file"):
        export_snapshot(EncounterDocument(crowd(1)), tmp_path / "x.jpg")
    assert not (tmp_path / "x.jpg").exists()


@pytest.mark.parametrize("landscape", [True, False])
@pytest.mark.parametrize("mode", ["players", "gm"])
def test_nothing_overlaps_on_the_pages_of_every_example(qtbot, landscape: bool, mode: str) -> None:  # type: ignore[no-untyped-def]
    from tactical.app.snapshot.content import panel_view
    from tactical.persistence import load_encounter

    from .fights import MAPS

    options = SnapshotOptions(landscape=landscape)
    page = page_size_px(options)
    width, height = page.width() - 2 * 59, page.height() - 2 * 59  # 10 mm margins at 150 dpi
    for path in sorted(MAPS.glob("*.tactical.json")):
        encounter = load_encounter(path)
        document = EncounterDocument(encounter, path)
        scene = make_scene(document, mode)  # type: ignore[arg-type]
        content = build_content(encounter, panel_view(encounter), mode)  # type: ignore[arg-type]
        layout = SnapshotLayout(content, source_rect(scene, None), width, height, 150)
        bounds = QRectF(0, 0, width, height)
        for number, laid in enumerate(layout.pages):
            boxes = [
                QRectF(at.x(), at.y(), layout.table.width, layout.table.height_of(start, end))
                for at, start, end in laid.tables
                if end > start
            ]
            if laid.map_rect is not None:
                boxes += [laid.map_rect, laid.legend_at]
            for i, box in enumerate(boxes):
                assert bounds.contains(box.adjusted(1, 1, -1, -1)), (path.name, number, box)
                for other in boxes[i + 1 :]:
                    assert not box.adjusted(1, 1, -1, -1).intersects(other), (path.name, number)

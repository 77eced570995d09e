"""On paper: names of at least 6 pt or numbers with a key; fog as blank paper; pages of
nothing but fog left out with --skip-empty."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from tactical.app.encounter.document import EncounterDocument
from tactical.app.snapshot.content import build_content
from tactical.app.snapshot.map_drawing import draw_map, make_scene, source_rect
from tactical.app.snapshot.name_size import (
    KEY_SEPARATOR,
    KEY_TITLE,
    MIN_NAME_PT,
    name_pt,
    readable_layout,
)
from tactical.app.snapshot.render import (
    SnapshotOptions,
    export_snapshot,
    make_book,
    snapshot_content,
)
from tactical.core.tiling import Rect, TileSpec, empty_tiles, plan_tiles
from tactical.persistence import load_encounter

from .fights import HILLSIDE, MAPS
from .test_render import pdf_text

CRYPT = MAPS / "crypt-fog.tactical.json"


def layout_of(path: Path, width: float, height: float, dpi: float = 150.0):  # type: ignore[no-untyped-def]
    document = EncounterDocument(load_encounter(path), path)
    scene = make_scene(document, "players")
    content = build_content(document.encounter, None, "players", file_name=path.name)
    source = source_rect(scene, None)
    return scene, readable_layout(content, scene, source, width, height, dpi), dpi


def test_a_fitted_hillside_numbers_its_tokens_and_keys_them_at_6_pt(qtbot) -> None:  # type: ignore[no-untyped-def]
    scene, layout, dpi = layout_of(HILLSIDE, 1600, 1100)  # an A4 page at 150 dpi
    assert name_pt(layout, dpi) < 4  # a name at its map size would be unreadable
    printed = name_pt(layout, dpi) * scene.label_scale
    assert printed >= MIN_NAME_PT - 0.01
    key = next(line for line in layout.content.lines if line.startswith(KEY_TITLE))
    names = sorted(t.name for t in scene.encounter.tokens.values() if not t.hidden)
    labels = sorted(item.look.name for item in scene.token_items.values() if item.isVisible())
    assert labels == sorted(str(n) for n in range(1, len(labels) + 1))
    entries = key.split(": ", 1)[1].split(KEY_SEPARATOR)
    assert sorted(entry.split(" ", 1)[1] for entry in entries) == names


def test_a_small_map_keeps_its_names_at_6_pt_or_more(qtbot) -> None:  # type: ignore[no-untyped-def]
    scene, layout, dpi = layout_of(CRYPT, 1600, 1100)
    assert name_pt(layout, dpi) * scene.label_scale >= MIN_NAME_PT - 0.01
    assert not any(line.startswith(KEY_TITLE) for line in layout.content.lines)
    shown = [item.look.name for item in scene.token_items.values() if item.isVisible()]
    assert shown and not any(name.isdigit() for name in shown)  # the names themselves


def test_the_key_is_printed_on_the_page(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    document = EncounterDocument(load_encounter(HILLSIDE), HILLSIDE)
    out = tmp_path / "hillside.pdf"
    export_snapshot(document, out, SnapshotOptions())
    text = " ".join(pdf_text(out).split())
    assert f"{KEY_TITLE}: 1 " in text and "Brug the hill ogre" in text


def test_fog_on_the_players_print_is_blank_paper(qtbot) -> None:  # type: ignore[no-untyped-def]
    document = EncounterDocument(load_encounter(CRYPT), CRYPT)
    encounter = document.encounter
    grid = encounter.grid
    assert grid is not None and encounter.fog.enabled
    scene = make_scene(document, "players")
    width, height = grid.width * 10, grid.height * 10
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("black"))
    painter = QPainter(image)
    draw_map(painter, scene, QRectF(0, 0, width, height), scene.layer.scene_rect())
    painter.end()
    revealed = encounter.fog.mask(grid)
    fogged = [(c, r) for r in range(grid.height) for c in range(grid.width) if not revealed[r, c]]
    assert fogged
    for col, row in fogged:
        colour = image.pixelColor(col * 10 + 5, row * 10 + 5)
        assert colour.lightness() == 255, (col, row, colour.name())
    lit = np.argwhere(revealed)
    row, col = lit[0]
    assert image.pixelColor(int(col) * 10 + 5, int(row) * 10 + 5).name() != "#ffffff"


def test_skip_empty_leaves_out_the_players_pages_of_nothing_but_fog(qtbot) -> None:  # type: ignore[no-untyped-def]
    encounter = load_encounter(CRYPT)
    grid = encounter.grid
    assert grid is not None
    spec = TileSpec(Rect(0, 0, grid.width, grid.height), square_mm=25.4, paper="A4")
    plan = plan_tiles(spec)
    players = empty_tiles(plan, encounter, gm=False)
    gm = empty_tiles(plan, encounter, gm=True)
    assert gm < players  # pages with only fogged ground are left out for the players
    encounter.fog.enabled = False
    assert empty_tiles(plan, encounter, gm=False) == gm


def test_a_table_scale_cover_numbers_its_tokens_and_the_tiles_name_them(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path
) -> None:
    document = EncounterDocument(load_encounter(HILLSIDE), HILLSIDE)
    options = SnapshotOptions(table_scale=True)
    scene = make_scene(document, "players")
    book = make_book(document.encounter, snapshot_content(document, options), scene, options)
    ogre = next(t.id for t in document.encounter.tokens.values() if t.name == "Brug the hill ogre")
    image = QImage(book.px(297), book.px(210), QImage.Format.Format_RGB32)
    painter = QPainter(image)
    book.paint_page(painter, 0)  # the cover: the whole map on one page
    assert scene.token_items[ogre].look.name.isdigit()
    assert any(line.startswith(KEY_TITLE) for line in book.cover.content.lines)
    painter.resetTransform()
    book.paint_page(painter, book.page_count - 1)  # a tile, at one inch a square
    painter.end()
    assert scene.token_items[ogre].look.name == "Brug the hill ogre"
    assert scene.label_scale == 1.0
    out = tmp_path / "hillside-table.pdf"
    export_snapshot(document, out, options)
    assert f"{KEY_TITLE}: 1 " in " ".join(pdf_text(out).split("\f")[0].split())

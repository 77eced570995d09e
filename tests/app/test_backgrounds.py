"""Background pictures: drawn under the map, aligned, faded, refused, dropped, printed."""

from __future__ import annotations

import weakref
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import (
    QMimeData,
    QPoint,
    QPointF,
    QRectF,
    Qt,
    QUrl,
)
from PySide6.QtGui import (
    QColor,
    QDragEnterEvent,
    QDropEvent,
    QImage,
    QPainter,
    QTextDocument,
)
from PySide6.QtWidgets import QApplication

from tactical.app.backgrounds.making import MapKind
from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.geometry import CELL
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.snapshot.render import export_snapshot
from tactical.app.storage import drops
from tactical.core.alignment import Alignment
from tactical.core.areas import AreaMap
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.pictures import Background, Picture, picture_id
from tactical.core.tokens import Token
from tactical.persistence import load_encounter, save_encounter
from tests.realdata import RealData

from .qt_images import png_bytes
from .test_pictures import encoded, png_header_only

MAGENTA, CYAN = QColor("#ff00ff"), QColor("#00ffff")


def halves(width: int = 400, height: int = 300) -> bytes:
    """A PNG: left half magenta, right half cyan."""
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(CYAN)
    painter = QPainter(image)
    painter.fillRect(0, 0, width // 2, height, MAGENTA)
    painter.end()
    return png_bytes(image)


def on_picture(
    data: bytes, game_map: GridMap | AreaMap | None = None, overlay: float = 0.0
) -> Encounter:
    picture = Picture(picture_id(data), data=data)
    return Encounter(
        game_map if game_map is not None else GridMap(4, 3),
        [Token("hero", "Hero", "pcs", (0, 0))] if game_map is None else [],
        pictures=[picture],
        background=Background(picture.id, 0, 0, 100, overlay),
    )


def render(scene: MapScene, rect: QRectF) -> QImage:
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return image


def near(colour: QColor, expected: QColor, tolerance: int = 12) -> bool:
    return all(
        abs(a - b) <= tolerance
        for a, b in zip(colour.getRgb()[:3], expected.getRgb()[:3], strict=True)
    )


# -- drawing ---------------------------------------------------------------------


def test_the_picture_is_drawn_under_the_grid_aligned_to_its_squares(qapp: object) -> None:
    # 400 x 300 px at 100 px a square: 4 x 3 squares, magenta under columns 0-1.
    scene = MapScene(EncounterDocument(on_picture(halves())))
    image = render(scene, QRectF(0, 0, 4 * CELL, 3 * CELL))
    assert near(image.pixelColor(int(1.5 * CELL), int(2.5 * CELL)), MAGENTA)
    assert near(image.pixelColor(int(2.5 * CELL), int(2.5 * CELL)), CYAN)


def test_shading_is_drawn_at_the_overlay_opacity_and_level_ground_stays_clear(
    qapp: object,
) -> None:
    grid = GridMap.from_text("0 0 3 3\n0 0 3 3\n0 0 3 3")
    encounter = on_picture(halves(), grid, overlay=0.5)
    scene = MapScene(EncounterDocument(encounter))
    image = render(scene, QRectF(0, 0, 4 * CELL, 3 * CELL))
    assert near(image.pixelColor(int(0.5 * CELL), int(2.5 * CELL)), MAGENTA)  # level: art
    tinted = image.pixelColor(int(3.5 * CELL), int(2.5 * CELL))
    assert not near(tinted, CYAN)  # a height is shaded ...
    assert tinted.blue() > 100  # ... half over the cyan, not hiding it


def test_the_player_view_draws_the_picture(qapp: object) -> None:
    scene = MapScene(EncounterDocument(on_picture(halves())), player=True)
    image = render(scene, QRectF(0, 0, 4 * CELL, 3 * CELL))
    assert near(image.pixelColor(int(0.5 * CELL), int(2.5 * CELL)), MAGENTA)


def test_snapshot_png_and_pdf_draw_the_picture(qapp: object, tmp_path: Path) -> None:
    document = EncounterDocument(on_picture(halves()))
    png, pdf = tmp_path / "map.png", tmp_path / "map.pdf"
    export_snapshot(document, png)
    export_snapshot(document, pdf)
    image = QImage(str(png)).convertToFormat(QImage.Format.Format_RGB32)
    pixels = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), -1, 4)
    pixels = pixels[:, : image.width(), :3].astype(int)  # B, G, R
    magenta = (pixels[..., 2] > 230) & (pixels[..., 1] < 30) & (pixels[..., 0] > 230)
    cyan = (pixels[..., 2] < 30) & (pixels[..., 1] > 230) & (pixels[..., 0] > 230)
    assert magenta.sum() > 10_000 and cyan.sum() > 10_000
    assert np.nonzero(magenta)[1].mean() < np.nonzero(cyan)[1].mean()  # magenta left of cyan
    assert b"/Subtype /Image" in pdf.read_bytes() or b"/Subtype/Image" in pdf.read_bytes()


def test_without_a_background_the_snapshot_has_none_of_its_colours(
    qapp: object, tmp_path: Path
) -> None:
    encounter = on_picture(halves())
    encounter.background = None
    png = tmp_path / "map.png"
    export_snapshot(EncounterDocument(encounter), png)
    image = QImage(str(png))
    assert not any(
        near(image.pixelColor(x, y), MAGENTA, 30)
        for x in range(0, image.width(), 7)
        for y in range(0, image.height(), 7)
    )


# -- the window: overlay, alignment, refusals ---------------------------------------


def test_one_slider_drag_is_one_undo_step_and_the_opacity_is_saved(
    make_services, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    services = make_services(on_picture(halves(), overlay=0.5))
    services.install_backgrounds()
    tools = services.backgrounds
    assert tools.toolbar.isVisible()
    assert tools.slider.value() == 50
    stack = services.document.undo_stack
    before = stack.count()
    tools.slider.sliderPressed.emit()
    for value in (45, 38, 30):
        tools.slider.setValue(value)
    tools.slider.sliderReleased.emit()
    assert stack.count() == before + 1
    assert services.document.encounter.background.overlay_opacity == 0.3
    path = tmp_path / "faded.tactical.json"
    save_encounter(services.document.encounter, path)
    assert load_encounter(path).background.overlay_opacity == 0.3
    stack.undo()
    assert services.document.encounter.background.overlay_opacity == 0.5
    assert tools.slider.value() == 50  # the slider follows the undo


def test_alignment_resizes_the_grid_in_one_undo_step(make_services) -> None:  # type: ignore[no-untyped-def]
    services = make_services(on_picture(halves()))
    services.install_backgrounds()
    tools = services.backgrounds
    tools.ask_alignment = lambda image, current, new, kind: (Alignment(0, 25, 50), "grid")
    assert tools.align()
    encounter = services.document.encounter
    assert (encounter.grid.width, encounter.grid.height) == (8, 5)  # 400 / 50, 275 / 50
    assert encounter.background == Background(encounter.background.picture, 0, 25, 50, 0.0)
    assert services.scene.layer.grid is encounter.grid  # the scene follows the new grid
    services.document.undo_stack.undo()
    assert encounter.background.square_px == 100
    assert (encounter.grid.width, encounter.grid.height) == (4, 3)
    assert services.scene.layer.grid is encounter.grid


def test_a_picture_over_the_limit_is_refused_and_changes_nothing(
    make_services, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    services.install_backgrounds()
    errors: list[str] = []
    tools = services.backgrounds
    tools.show_error = lambda title, text: errors.append(text)
    tools.ask_alignment = lambda *args: pytest.fail("a refused picture is never aligned")
    huge = tmp_path / "huge.png"
    huge.write_bytes(png_header_only(20_000, 100))
    encounter = services.document.encounter
    before = (encounter.grid.copy(), dict(encounter.pictures), encounter.background)
    count = services.document.undo_stack.count()
    assert not tools.set_background_from_file(huge)
    assert (encounter.grid, encounter.pictures, encounter.background) == before
    assert services.document.undo_stack.count() == count
    assert "16,384" in errors[0] and "huge.png" in errors[0]
    assert "16,384" in services.host.statusBar().currentMessage()


def test_a_missing_picture_opens_the_map_without_it_and_says_so(
    make_services, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    encounter = Encounter(
        GridMap(4, 3),
        pictures=[Picture("floor", path="art/floor.png")],
        background=Background("floor", 0, 0, 100),
    )
    path = tmp_path / "lost.tactical.json"
    save_encounter(encounter, path)
    services = make_services()
    services.install_backgrounds()
    assert services.files.open_path(path)
    assert services.scene.background_art.image is None
    assert "not shown" in services.host.statusBar().currentMessage()
    assert services.backgrounds.problem_label.text() == "Picture not shown"
    services.view.viewport().grab()  # drawn without it, no exception


def test_a_missing_pictures_path_shows_literally_in_the_tooltip(
    make_services, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    encounter = Encounter(
        GridMap(4, 3),
        pictures=[Picture("floor", path="<b>floor</b>.png")],
        background=Background("floor", 0, 0, 100),
    )
    path = tmp_path / "lost.tactical.json"
    save_encounter(encounter, path)
    services = make_services()
    services.install_backgrounds()
    assert services.files.open_path(path)
    shown = QTextDocument()
    shown.setHtml(services.backgrounds.problem_label.toolTip())
    assert "<b>floor</b>.png is not shown" in shown.toPlainText()


# -- new maps and drops --------------------------------------------------------------


def answer(kind: MapKind):  # type: ignore[no-untyped-def]
    return lambda image, guess, new, k: (Alignment(13, 13, 70.4), kind)


def test_dropping_a_picture_makes_a_new_grid_map(make_services, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    picture = tmp_path / "crypt_floor.png"
    picture.write_bytes(encoded(1420, 1000, "PNG"))
    services = make_services()
    services.install_backgrounds()
    services.backgrounds.ask_alignment = answer("grid")
    drops_asked: list[Path] = []

    def ask(_window: object, path: Path) -> str:
        drops_asked.append(path)
        return "new"

    drops.ask_picture_use = ask  # type: ignore[assignment]
    try:
        mime = QMimeData()
        mime.setUrls([QUrl.fromLocalFile(str(picture))])
        viewport = services.view.viewport()
        enter = QDragEnterEvent(
            QPoint(50, 50),
            Qt.DropAction.CopyAction,
            mime,
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
        )
        QApplication.sendEvent(viewport, enter)
        assert enter.isAccepted()
        event = QDropEvent(
            QPointF(50, 50),
            Qt.DropAction.CopyAction,
            mime,
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
        )
        QApplication.sendEvent(viewport, event)
    finally:
        drops.ask_picture_use = drops._ask_picture_use
    assert drops_asked == [picture]  # an open map: the GM was asked
    encounter = services.document.encounter
    assert encounter.name == "crypt floor"
    assert (encounter.grid.width, encounter.grid.height) == (20, 14)
    assert encounter.background == Background(encounter.background.picture, 13, 13, 70.4, 0.5)
    assert encounter.pictures[encounter.background.picture].data == picture.read_bytes()
    assert services.document.path is None and services.document.modified


def test_a_new_area_map_from_a_picture_is_traced_over_it(make_services, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    picture = tmp_path / "tavern.png"
    picture.write_bytes(halves(800, 600))
    services = make_services()
    services.install_backgrounds()
    services.backgrounds.ask_alignment = lambda image, guess, new, kind: (
        Alignment(0, 0, 50),
        "areas",
    )
    assert services.backgrounds.new_map_from_file(picture)
    assert services.document.encounter.area_map is not None
    assert not services.document.encounter.area_map.areas
    assert services.scene.map_rect() == QRectF(0, 0, 16 * CELL, 12 * CELL)
    assert services.map_editing.editing  # the draw tool is ready
    assert services.view.tool is services.map_editing.draw_tool


def test_drop_table_routes_by_file_kind() -> None:
    assert drops.file_kind(Path("a.tactical.json")) == "encounter"
    assert drops.file_kind(Path("Cave.DD2VTT")) == "foreign"
    assert drops.file_kind(Path("cave.uvtt")) == "foreign"
    assert drops.file_kind(Path("art.webp")) == "picture"
    assert set(drops.HANDLERS) == {"encounter", "foreign", "picture"}


def test_the_picture_is_decoded_once_for_the_gm_the_players_and_a_snapshot(
    make_services, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    from tactical.app.storage import pictures

    decoded: list[int] = []
    real = pictures.decode_picture

    def counting(data: bytes) -> QImage:
        decoded.append(len(data))
        return real(data)

    monkeypatch.setattr(pictures, "decode_picture", counting)
    # what earlier tests decoded and still hold is shared by its bytes: not this test's
    monkeypatch.setattr(pictures, "_SHARED_DECODED", weakref.WeakValueDictionary())
    services = make_services(on_picture(halves()))
    services.install_backgrounds()
    players = MapScene(services.document, player=True)  # what the player view shows
    assert players.background_art.image is not None
    export_snapshot(services.document, tmp_path / "map.png")
    assert len(decoded) == 1
    other = halves(200, 100)
    services.document.replace_encounter(on_picture(other), None)  # another map: decoded anew
    assert len(decoded) == 2


def test_tokens_that_no_longer_fit_are_named_in_the_status_bar(make_services) -> None:  # type: ignore[no-untyped-def]
    encounter = on_picture(halves())
    encounter.add_token(Token("far", "Far", "npcs", (3, 2)))
    services = make_services(encounter)
    services.install_backgrounds()
    services.backgrounds.ask_alignment = lambda *args: (Alignment(0, 0, 200), "grid")
    assert services.backgrounds.align()
    assert services.document.encounter.tokens["far"].position is None
    assert "1 token no longer fit" in services.host.statusBar().currentMessage()
    assert (
        "far" not in services.scene.token_items or not services.scene.token_items["far"].isVisible()
    )


def test_elevation_numbers_stand_on_a_plate_even_with_no_shading(qapp: object) -> None:
    grid = GridMap.from_text("0 0 3 3\n0 0 3 3\n0 0 3 3")
    scene = MapScene(EncounterDocument(on_picture(halves(), grid, overlay=0.0)))
    image = render(scene, QRectF(0, 0, 4 * CELL, 3 * CELL))  # 48 px a square: numbers drawn
    assert near(image.pixelColor(int(3.5 * CELL), int(2.6 * CELL)), CYAN)  # no shading at 0 %
    plate = image.pixelColor(3 * CELL + 2, 2 * CELL + 14)  # the plate's lower-left corner
    assert not near(plate, CYAN, 30)


def test_a_dropped_file_that_is_no_picture_is_refused_before_asking(
    make_services, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    notes = tmp_path / "notes.txt"
    notes.write_text("not a map")
    services = make_services()
    services.install_backgrounds()
    errors: list[str] = []
    services.backgrounds.show_error = lambda title, text: errors.append(text)
    asked: list[Path] = []
    drops.ask_picture_use = lambda _window, path: asked.append(path)  # type: ignore[assignment]
    try:
        before = services.document.undo_stack.count()
        assert not drops.handle_drop(services.drops, [notes])
    finally:
        drops.ask_picture_use = drops._ask_picture_use
    assert asked == []
    assert errors == ["notes.txt is not a PNG, JPEG or WebP picture."]
    assert services.document.undo_stack.count() == before


def test_dropping_a_universal_vtt_file_imports_it(real_data: RealData, make_services) -> None:  # type: ignore[no-untyped-def]
    path = real_data("uvtt/dd-oganm-cave-test.dd2vtt")
    services = make_services()
    services.install_backgrounds()
    services.files.ask_unsaved = lambda: "discard"
    assert drops.handle_drop(services.drops, [path])
    encounter = services.document.encounter
    assert encounter.grid is not None and (encounter.grid.width, encounter.grid.height) == (20, 20)
    assert encounter.background is not None and encounter.background.square_px == 64
    assert len(encounter.grid.wall_lines) > 100
    assert services.document.path is None and services.document.modified


def test_a_turned_view_draws_the_picture_as_sharp_as_a_straight_one(qapp: object) -> None:
    # Stripes 4 pixels wide: a copy halved a few times blurs them to grey.
    stripes = QImage(400, 300, QImage.Format.Format_RGB32)
    stripes.fill(QColor("white"))
    painter = QPainter(stripes)
    for x in range(0, 400, 8):
        painter.fillRect(x, 0, 4, 300, QColor("black"))
    painter.end()
    scene = MapScene(EncounterDocument(on_picture(png_bytes(stripes))))
    rect = scene.layer.scene_rect()
    per_pixel = 400 / CELL / 4  # the picture's pixels per scene unit: drawn at 1:1 below

    def dark_share(degrees: int) -> float:
        image = QImage(400, 400, QImage.Format.Format_RGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        painter.translate(200, 200)
        painter.rotate(degrees)
        painter.scale(per_pixel, per_pixel)
        painter.translate(-rect.center())
        scene.render(painter, rect, rect)
        painter.end()
        dark = sum(
            image.pixelColor(x, y).lightness() < 60
            for x in range(0, 400, 3)
            for y in range(0, 400, 3)
        )
        return dark / (134 * 134)

    straight = dark_share(0)
    assert straight > 0.2
    for degrees in (90, 180, 270):
        assert dark_share(degrees) > 0.8 * straight, degrees


def test_dropping_several_files_says_which_one_was_used(make_services, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    first, second = tmp_path / "first.txt", tmp_path / "second.png"
    first.write_text("not a map")
    second.write_text("not a picture either")
    services = make_services()
    services.install_backgrounds()
    services.backgrounds.show_error = lambda title, text: None
    said: list[str] = []
    services.say = said.append  # type: ignore[method-assign]
    assert not drops.handle_drop(services.drops, [first, second])
    assert said[-1] == "2 files were dropped: only first.txt was used (drop one file at a time)."
    said.clear()
    drops.handle_drop(services.drops, [first])
    assert not [text for text in said if "dropped" in text]

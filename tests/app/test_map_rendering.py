"""What the map shows: terrain from one pixel per square, tokens, titles, the status bar."""

from __future__ import annotations

import itertools
from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsView

from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.geometry import CELL
from tactical.app.map.scene import colours
from tactical.app.map.scene.grid_layer import GridLayer
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.map.scene.token_item import TokenItem
from tactical.app.map.scene.token_layout import SHARED_FILL
from tactical.app.map.scene.token_paint import badge_text, initials
from tactical.core.changes import GM
from tactical.core.commands import AddToken, MoveToken, PaintSquares, SetStatus
from tactical.core.grid import Terrain
from tactical.core.tokens import Token

from .conftest import small_areas, small_grid
from .test_cover_display import pillar
from .test_drag_view import screen


def pixel(layer: GridLayer, col: int, row: int) -> QColor:
    return QColor(layer.image.pixel(col, row))


def test_terrain_image_has_one_pixel_per_square_shaded_by_elevation() -> None:
    layer = GridLayer(small_grid().map)  # type: ignore[arg-type]
    assert (layer.image.width(), layer.image.height()) == (10, 8)
    assert pixel(layer, 5, 0) == QColor(*colours.elevation_rgb(2))
    assert pixel(layer, 0, 0) == QColor(*colours.elevation_rgb(0))
    assert pixel(layer, 7, 1) == colours.IMPASSABLE
    assert colours.elevation_rgb(2) != colours.elevation_rgb(0)


def test_difficult_terrain_is_kept_as_runs_to_hatch() -> None:
    layer = GridLayer(small_grid().map)  # type: ignore[arg-type]
    assert layer._difficult_runs[2].tolist() == [[2, 4]]
    assert layer._difficult_runs[0].tolist() == []
    assert layer._row_hatch(2) == [QRectF(2 * CELL, 2 * CELL, 2 * CELL, CELL)]


def test_an_edit_repaints_only_around_the_touched_squares(qtbot) -> None:  # type: ignore[no-untyped-def]
    document = EncounterDocument(small_grid())
    scene = MapScene(document)
    invalidated: list[QRectF] = []
    original = scene.invalidate

    def spy(rect: QRectF, layers=scene.SceneLayer.AllLayers) -> None:  # type: ignore[no-untyped-def]
        invalidated.append(QRectF(rect))
        original(rect, layers)

    scene.invalidate = spy  # type: ignore[method-assign]
    document.push(PaintSquares([(4, 6)], elevation=-3, terrain=Terrain.DIFFICULT), GM)
    assert isinstance(scene.layer, GridLayer)
    assert pixel(scene.layer, 4, 6) == QColor(*colours.elevation_rgb(-3))
    assert scene.layer._difficult_runs[6].tolist() == [[4, 5]]
    assert len(invalidated) == 1
    rect = invalidated[0]
    assert rect.contains(QRectF(4 * CELL, 6 * CELL, CELL, CELL))
    assert rect.width() <= 2 * CELL and rect.height() <= 2 * CELL
    document.undo_stack.undo()
    assert pixel(scene.layer, 4, 6) == QColor(*colours.elevation_rgb(0))


def test_the_shading_over_a_picture_follows_edits_and_leaves_level_ground_clear() -> None:
    encounter = small_grid()
    layer = GridLayer(encounter.map)  # type: ignore[arg-type]
    encounter.map.elevation[6, 4] = -3  # type: ignore[union-attr]
    layer.refresh([(4, 6)])
    art = layer.art_image()
    assert QColor(art.pixel(5, 0)) == QColor(*colours.elevation_rgb(2))  # the ridge
    assert QColor(art.pixel(4, 6)) == QColor(*colours.elevation_rgb(-3))  # the edit
    assert QColor(art.pixel(7, 1)) == colours.IMPASSABLE
    assert art.pixel(0, 0) == 0  # level open ground: the picture shows through


def test_one_item_per_visible_token_at_its_square(qtbot) -> None:  # type: ignore[no-untyped-def]
    scene = MapScene(EncounterDocument(small_grid()))
    assert set(scene.token_items) == {"hero", "ally", "orc", "ogre", "spy"}
    hero = scene.token_items["hero"]
    assert hero.pos() == QPointF(1 * CELL, 1 * CELL)
    ogre = scene.token_items["ogre"]
    assert ogre.pos() == QPointF(7 * CELL, 5 * CELL)
    assert ogre.diameter == 2 * CELL  # a size-2 token covers its four squares
    assert scene.token_item_at(QPointF(8.5 * CELL, 6.5 * CELL)) is ogre
    assert scene.token_items["spy"].look.hidden  # the GM sees hidden tokens, marked


def test_no_graphics_item_per_square(qtbot) -> None:  # type: ignore[no-untyped-def]
    scene = MapScene(EncounterDocument(small_grid()))
    # 5 tokens and a fixed handful of overlays, whatever the map's size
    assert len(scene.items()) < 5 + 10


def test_token_items_follow_edits_and_undo(qtbot) -> None:  # type: ignore[no-untyped-def]
    document = EncounterDocument(small_grid())
    scene = MapScene(document)
    document.push(AddToken(Token("wolf", "Wolf", "npcs", (4, 4))), GM)
    assert scene.token_items["wolf"].pos() == QPointF(4 * CELL, 4 * CELL)
    document.push(SetStatus("wolf", "Slowed", 2), GM)
    assert scene.token_items["wolf"].look.statuses == {"Slowed": 2}
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert "wolf" not in scene.token_items


def test_tokens_sharing_a_square_stand_side_by_side(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Two-second turns' combat clusters put tokens on one square; each must be seen and grabbed.

    Found under Xvfb: in the two-second-turns example Tomas stood exactly under Rook, invisible.
    """
    document = EncounterDocument(small_grid())
    scene = MapScene(document)
    player = MapScene(document, player=True)
    document.push(MoveToken("orc", (1, 1)), GM)  # onto the hero's square
    hero, orc = scene.token_items["hero"], scene.token_items["orc"]
    square = QRectF(1 * CELL, 1 * CELL, CELL, CELL)
    for item in (hero, orc):
        disc = QRectF(item.pos(), QSizeF(item.diameter, item.diameter))
        assert square.contains(disc)
        assert item.diameter == CELL / 2 * SHARED_FILL
        assert scene.token_item_at(item.centre()) is item
    assert hero.centre() == QPointF(1.25 * CELL, 1.5 * CELL)  # first: left, halfway down
    assert orc.centre() == QPointF(1.75 * CELL, 1.5 * CELL)  # second: right of it
    document.push(MoveToken("spy", (1, 1)), GM)  # a hidden third: the players' view does not shrink
    assert scene.token_items["spy"].diameter == CELL / 2 * SHARED_FILL
    assert player.token_items["hero"].diameter == CELL / 2 * SHARED_FILL  # hero and orc share
    document.push(MoveToken("orc", (4, 4)), GM)
    assert player.token_items["hero"].diameter == CELL  # alone for the players now
    assert scene.token_items["hero"].diameter == CELL / 2 * SHARED_FILL  # the GM still sees the spy
    assert orc.diameter == CELL and orc.pos() == QPointF(4 * CELL, 4 * CELL)
    document.undo_stack.undo()
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert hero.diameter == CELL and hero.pos() == QPointF(1 * CELL, 1 * CELL)
    assert orc.pos() == QPointF(1 * CELL, 4 * CELL)


def test_badges_and_initials() -> None:
    assert badge_text("Slowed", 2) == "Slowed 2"
    assert badge_text("Dazed", 1) == "Dazed"
    assert badge_text("unconscious and bleeding", 1) == "Unconscious…"
    assert initials("Aria the Bold") == "AB"
    assert initials("orc") == "Or"


def test_acting_and_targets_are_marked(qtbot) -> None:  # type: ignore[no-untyped-def]
    document = EncounterDocument(small_grid())
    scene = MapScene(document)
    document.set_highlights({"hero"}, {"orc"})
    assert scene.token_items["hero"].acting
    assert scene.token_items["orc"].target
    assert not scene.token_items["orc"].acting


def test_view_caches_the_background(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    assert window.view.cacheMode() & QGraphicsView.CacheModeFlag.CacheBackground


def test_title_shows_the_file_and_an_unsaved_mark(make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window(path=tmp_path / "cellar.tactical.json")
    assert window.windowTitle() == "cellar[*] — tactical"
    assert not window.isWindowModified()
    window.document.push(SetStatus("hero", "Dazed", 1), GM)
    assert window.isWindowModified()
    window.document.undo_stack.undo()
    assert not window.isWindowModified()


def test_status_bar_names_the_square_under_the_cursor(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    view = window.view
    point = view.mapFromScene(QPointF(5.5 * CELL, 3.5 * CELL))
    qtbot.mouseMove(view.viewport(), point + QPoint(7, 3))  # a real move, whatever came before
    qtbot.mouseMove(view.viewport(), point)
    qtbot.waitUntil(lambda: window.status.hover_label.text() != "")
    assert window.status.hover_label.text() == "Square 5, 3 · elevation +2 · open"
    assert window.status.hover_label.textFormat() == Qt.TextFormat.PlainText


def test_status_bar_counts_an_areas_tokens_and_follows_a_drop(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(small_areas())
    view = window.view
    point = view.mapFromScene(window.scene.layer.centres()["bar"])  # type: ignore[union-attr]
    qtbot.mouseMove(view.viewport(), point + QPoint(7, 3))
    qtbot.mouseMove(view.viewport(), point)
    qtbot.waitUntil(lambda: window.status.hover_label.text() != "")
    assert window.status.hover_label.text().startswith("Area: Bar · 1 token ·")  # the brawler
    window.document.push(MoveToken("bouncer", "bar"), GM)  # a drop, the cursor still
    assert window.status.hover_label.text().startswith("Area: Bar · 2 tokens")
    window.document.undo_stack.undo()
    assert window.status.hover_label.text().startswith("Area: Bar · 1 token ·")


def test_markup_in_names_stays_text(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    encounter = small_grid()
    encounter.tokens["orc"].name = "<b>Orc</b> &amp;"
    window = make_window(encounter)
    point = window.view.mapFromScene(QPointF(1.5 * CELL, 4.5 * CELL))
    qtbot.mouseMove(window.view.viewport(), point + QPoint(5, 5))
    qtbot.mouseMove(window.view.viewport(), point)
    qtbot.waitUntil(lambda: "token" in window.status.hover_label.text())
    assert window.status.hover_label.text().endswith("token: <b>Orc</b> &amp;")
    item = window.scene.token_items["orc"]
    assert isinstance(item, TokenItem) and item.look.name == "<b>Orc</b> &amp;"


def test_a_token_with_a_picture_shows_it(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QImage

    picture = QImage(32, 32, QImage.Format.Format_RGB32)
    picture.fill(QColor("#00ff00"))
    picture.save(str(tmp_path / "hero.png"))
    encounter = small_grid()
    from tactical.core.pictures import Picture

    encounter.pictures["hero-art"] = Picture("hero-art", path="hero.png")  # beside the file
    encounter.tokens["hero"].image = "hero-art"
    scene = MapScene(EncounterDocument(encounter, tmp_path / "fight.tactical.json"))
    item = scene.token_items["hero"]
    assert item.look.picture is not None and not item.look.picture.isNull()
    image = QImage(int(CELL), int(CELL), QImage.Format.Format_ARGB32)
    image.fill(0)
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QStyleOptionGraphicsItem

    painter = QPainter(image)
    item.paint(painter, QStyleOptionGraphicsItem())
    painter.end()
    assert QColor(image.pixel(int(CELL / 2), int(CELL / 2))) == QColor("#00ff00")
    assert scene.token_items["orc"].look.picture is None  # no picture: a disc with initials


def test_the_legend_lists_the_elevations_of_the_map(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    assert [value for value, _ in window.view_menu.legend.entries] == [0, 2]
    assert window.view_menu.legend.isVisible()
    window.view_menu.legend_action.trigger()
    assert not window.view_menu.legend.isVisible()


def test_every_elevation_step_has_its_own_shade() -> None:
    """The legend of the 256 x 256 example runs -4 to +16; no two neighbours may look alike."""
    shades = [colours.elevation_rgb(e) for e in range(-6, 17)]
    for low, high in itertools.pairwise(shades):
        assert sum(abs(a - b) for a, b in zip(low, high, strict=True)) >= 15, (low, high)


# Cover from the selected attacker, as the window wires it: selection, hover, Tools > Cover.


def test_cover_mode_in_the_window_follows_the_selection_and_the_hover(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(pillar())
    viewport = window.view.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=screen(window, 6, 3))
    window.map_tools.cover_action.trigger()
    items = window.scene.token_items
    assert items["knight"].cover_mark == "cover"
    assert items["page"].cover_mark == "none"
    assert items["archer"].cover_mark is None
    qtbot.mouseMove(viewport, screen(window, 2, 3) + QPointF(3, 2).toPoint())
    qtbot.mouseMove(viewport, screen(window, 2, 3))
    qtbot.waitUntil(lambda: window.scene.cover_lines.isVisible())
    ((a, b),) = window.scene.cover_lines.segments
    assert a.x() == b.x() == 3.5 * CELL
    window.map_tools.cover_action.trigger()
    assert items["knight"].cover_mark is None

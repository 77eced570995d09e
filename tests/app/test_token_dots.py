"""Far zoomed out, tokens are drawn as dots by one item; up close and in snapshots, as before."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from tactical.app.map.geometry import CELL
from tactical.app.snapshot.map_drawing import make_scene
from tactical.core.changes import GM
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.sides import Side
from tactical.core.tokens import Token

RED, BLUE = "#d01010", "#1030d0"


def wide_field() -> Encounter:
    """A 160 x 160 open field, a red token in each corner region and a blue one in the middle."""
    tokens = [
        Token("nw", "Northwest", "red", (5, 5)),
        Token("se", "Southeast", "red", (150, 150)),
        Token("mid", "Middle", "blue", (80, 80)),
        Token("ghost", "Ghost", "blue", (120, 30), hidden=True),
    ]
    sides = [Side("red", "Red", RED), Side("blue", "Blue", BLUE)]
    return Encounter(GridMap(160, 160), tokens, sides=sides)


def close_to(colour: QColor, hex_colour: str, slack: int = 40) -> bool:
    want = QColor(hex_colour)
    return all(
        abs(a - b) <= slack
        for a, b in zip(
            (colour.red(), colour.green(), colour.blue()),
            (want.red(), want.green(), want.blue()),
            strict=True,
        )
    )


def pixel_at_token(services: Any, token_id: str) -> QColor:
    image = services.view.viewport().grab().toImage()
    centre = services.scene.token_items[token_id].centre()
    point = services.view.mapFromScene(centre)
    return image.pixelColor(point.x(), point.y())


def test_fitted_big_map_draws_tokens_as_dots_of_their_side(make_services: Any) -> None:
    services = make_services(wide_field())
    services.view.fit_map()
    services.view.viewport().repaint()
    QApplication.processEvents()
    items = services.scene.token_items
    assert all(items[t].dotted for t in ("nw", "se", "mid", "ghost"))
    assert close_to(pixel_at_token(services, "nw"), RED)
    assert close_to(pixel_at_token(services, "se"), RED)
    assert close_to(pixel_at_token(services, "mid"), BLUE)
    # still there for the hand: hit, selectable
    assert services.scene.token_item_at(items["se"].centre()) is items["se"]
    items["se"].setSelected(True)
    assert services.scene.selectedItems() == [items["se"]]


def test_a_token_scrolled_to_up_close_paints_itself_again(make_services: Any) -> None:
    services = make_services(wide_field())
    services.view.fit_map()
    services.view.viewport().repaint()
    item = services.scene.token_items["se"]
    assert item.dotted
    services.view.resetTransform()  # 1:1, a square is CELL pixels
    services.view.centerOn(item.centre())
    services.view.viewport().repaint()
    QApplication.processEvents()
    assert not item.dotted
    assert not item.flags() & item.GraphicsItemFlag.ItemHasNoContents
    # the disc is lighter than the side's colour, with its ring in that colour
    inside = pixel_at_token(services, "se")
    assert not close_to(inside, RED, slack=10)
    ring = services.view.mapFromScene(item.pos() + QPointF(item.diameter * 0.06, item.diameter / 2))
    image = services.view.viewport().grab().toImage()
    assert close_to(image.pixelColor(ring.x(), ring.y()), RED)


def test_a_moved_dot_is_drawn_where_the_token_went(make_services: Any) -> None:
    from tactical.core.commands import MoveToken

    services = make_services(wide_field())
    services.view.fit_map()
    services.view.viewport().repaint()
    old = services.scene.token_items["mid"].centre()
    services.document.push(MoveToken("mid", (40, 120)), GM)
    services.view.viewport().repaint()
    QApplication.processEvents()
    assert close_to(pixel_at_token(services, "mid"), BLUE)
    image = services.view.viewport().grab().toImage()
    was = services.view.mapFromScene(old)
    assert not close_to(image.pixelColor(was.x(), was.y()), BLUE)


def test_a_snapshot_draws_every_token_whole_while_the_window_shows_dots(
    make_services: Any,
) -> None:
    services = make_services(wide_field())
    services.view.fit_map()
    services.view.viewport().repaint()
    assert services.scene.token_items["se"].dotted
    scene = make_scene(services.document, "gm")
    try:
        assert not any(item.dotted for item in scene.token_items.values())
        item = scene.token_items["se"]
        source = QRectF(item.pos(), item.boundingRect().size()).adjusted(-4, -4, 4, 4)
        image = QImage(
            int(source.width()) * 2, int(source.height()) * 2, QImage.Format.Format_RGB32
        )
        image.fill(Qt.GlobalColor.white)
        painter = QPainter(image)
        scene.render(painter, QRectF(image.rect()), source)
        painter.end()
        scale = image.width() / source.width()
        ring = (item.pos().x() + item.diameter * 0.06 - source.left()) * scale
        middle = (item.pos().y() + item.diameter / 2 - source.top()) * scale
        assert close_to(image.pixelColor(int(ring), int(middle)), RED)
        assert item.diameter == CELL
    finally:
        scene.deleteLater()


def test_names_moved_together_while_dots_make_room_when_zoomed_in(make_services: Any) -> None:
    from tactical.core.commands import MoveToken

    services = make_services(wide_field())
    services.view.fit_map()
    services.view.viewport().repaint()
    assert services.scene.token_items["mid"].dotted
    for token_id, square in (("nw", (80, 81)), ("se", (81, 81)), ("mid", (80, 80))):
        services.document.push(MoveToken(token_id, square), GM)  # laid out while all are dots
    services.view.resetTransform()
    services.view.scale(0.35, 0.35)  # tokens again (17 px), names as boosted as at fit zoom
    services.view.centerOn(services.scene.token_items["nw"].centre())
    services.view.viewport().repaint()
    QApplication.processEvents()
    nw, se = services.scene.token_items["nw"], services.scene.token_items["se"]
    assert not nw.dotted and not se.dotted
    assert nw.crowded and se.crowded
    left = nw.mapRectToScene(nw.label_rect())
    right = se.mapRectToScene(se.label_rect())
    assert left.isEmpty() or right.isEmpty() or not left.intersects(right)


def test_a_hidden_tokens_dot_goes_when_secrets_are_hidden(make_services: Any) -> None:
    services = make_services(wide_field())
    services.view.fit_map()
    services.view.viewport().repaint()
    QApplication.processEvents()
    where = services.view.mapFromScene(services.scene.token_items["ghost"].centre())
    before = services.view.viewport().grab().toImage().pixelColor(where.x(), where.y())
    assert not close_to(before, "#ffffff", slack=30)  # a faint blue dot
    services.scene.set_player_filter(True)
    services.view.viewport().repaint()
    QApplication.processEvents()
    assert "ghost" not in services.scene.token_items
    after = services.view.viewport().grab().toImage().pixelColor(where.x(), where.y())
    assert after != before
    assert close_to(pixel_at_token(services, "mid"), BLUE)


def test_dots_under_a_few_pixels_are_drawn_as_their_squares_in_their_side_s_colour(
    make_services: Any,
) -> None:
    """Far out (a 640 x 640 field fitted: a square under 2 pixels) each dot is filled as its
    square, quick for thousands; zoomed in until a dot is a few pixels, discs again."""
    from tactical.app.map.scene.token_dots import TINY_DOT_PX

    tokens = [Token(f"t{i}", f"T{i}", "red", (8 * i % 640, 8 * (i // 80))) for i in range(400)]
    tokens.append(Token("blue", "Blue", "blue", (320, 320)))
    sides = [Side("red", "Red", RED), Side("blue", "Blue", BLUE)]
    services = make_services(Encounter(GridMap(640, 640), tokens, sides=sides))
    services.view.fit_map()
    services.view.viewport().repaint()
    QApplication.processEvents()
    dots = services.scene.token_dots
    zoom = dots.zoom
    assert zoom is not None and CELL * zoom < TINY_DOT_PX
    gathered = dots._gathered
    assert gathered is not None
    squares = {colour.name(): len(rects) for colour, _o, path, rects in gathered if rects}
    assert squares == {RED: 400, BLUE: 1}
    assert all(path.isEmpty() for _c, _o, path, _r in gathered)
    services.view.scale(5.0, 5.0)  # a dot of a few pixels: a disc again
    services.view.viewport().repaint()
    QApplication.processEvents()
    assert dots.zoom is not None and CELL * 0.88 * dots.zoom >= TINY_DOT_PX
    gathered = dots._gathered
    assert gathered is not None and any(not path.isEmpty() for _c, _o, path, _r in gathered)

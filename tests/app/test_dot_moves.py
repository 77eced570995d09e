"""A token drawn as a dot follows a drop, an undo and a redo on the GM's map and on the TV,
and a selection's ring comes and goes, each change redrawing only the dots it touched."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QPointF, QRect
from PySide6.QtGui import QColor, QPaintEvent
from PySide6.QtWidgets import QApplication, QWidget

from tactical.app.map.geometry import CELL
from tactical.core.changes import GM
from tactical.core.commands import MoveToken, SetTokenField

from .test_token_dots import BLUE, close_to, wide_field


def colour_at(view: Any, square: tuple[int, int]) -> QColor:
    image = view.viewport().grab().toImage()
    where = view.mapFromScene(QPointF((square[0] + 0.5) * CELL, (square[1] + 0.5) * CELL))
    return image.pixelColor(where.x(), where.y())


def test_a_dot_moved_undone_and_redone_is_drawn_at_its_square_on_both_screens(
    make_services: Any, qtbot: Any
) -> None:
    services = make_services(wide_field())
    services.view.fit_map()
    player = services.open_player_view()
    qtbot.addWidget(player)
    qtbot.waitExposed(player)
    views = [services.view, player.view]
    QApplication.processEvents()
    assert services.scene.token_items["mid"].dotted

    def drawn_at(square: tuple[int, int], away: tuple[int, int]) -> None:
        QApplication.processEvents()
        for view in views:
            assert close_to(colour_at(view, square), BLUE)
            assert not close_to(colour_at(view, away), BLUE)

    old, new = (80, 80), (100, 60)
    drawn_at(old, new)
    services.document.push(MoveToken("mid", new), GM)
    drawn_at(new, old)
    services.document.undo_stack.undo()
    drawn_at(old, new)
    services.document.undo_stack.redo()
    drawn_at(new, old)


def test_a_dot_selected_gets_its_ring_and_loses_it_when_deselected(make_services: Any) -> None:
    services = make_services(wide_field())
    services.view.fit_map()
    QApplication.processEvents()
    item = services.scene.token_items["mid"]
    centre = services.view.mapFromScene(item.centre())
    ring_spot = (
        centre.x() + max(2, int(item.dot_rect().width() * services.view.zoom * 0.6)),
        centre.y(),
    )

    def ring() -> QColor:
        QApplication.processEvents()
        return services.view.viewport().grab().toImage().pixelColor(*ring_spot)

    plain = ring()
    item.setSelected(True)
    assert ring() != plain
    item.setSelected(False)
    assert ring() == plain


class PaintedRegions(QObject):
    """What a viewport repaints, as its paint events say."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.rects: list[QRect] = []
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QPaintEvent):
            self.rects.append(event.region().boundingRect())
        return False


def test_a_dot_s_move_repaints_round_its_old_and_new_square_not_the_whole_map(
    make_services: Any, qtbot: Any
) -> None:
    services = make_services(wide_field())
    services.view.fit_map()
    player = services.open_player_view()
    qtbot.addWidget(player)
    qtbot.waitExposed(player)
    QApplication.processEvents()
    views = [services.view, player.view]
    services.document.push(MoveToken("mid", (90, 70)), GM)  # the first repaint after
    qtbot.waitUntil(lambda: services.scene.token_items["mid"].pos().x() > 80 * CELL)
    QApplication.processEvents()  # showing may cover the whole map: not measured
    painted = [PaintedRegions(view.viewport()) for view in views]
    services.document.push(MoveToken("mid", (100, 60)), GM)
    for view, regions in zip(views, painted, strict=True):
        qtbot.waitUntil(lambda regions=regions: bool(regions.rects))
        whole = view.viewport().rect()
        for rect in regions.rects:
            assert rect.width() * rect.height() < whole.width() * whole.height() / 4


def test_a_scene_taken_down_with_a_dot_selected_raises_nothing(make_services: Any) -> None:
    services = make_services(wide_field())
    services.view.fit_map()
    QApplication.processEvents()
    services.scene.token_items["mid"].setSelected(True)
    QApplication.processEvents()
    services.view.setScene(None)
    services.scene.clear()  # every item deleted: the selection goes with them
    QApplication.processEvents()


def test_a_dot_grown_into_a_token_leaves_no_dot_behind_when_it_moves(make_services: Any) -> None:
    services = make_services(wide_field())
    services.view.fit_map()
    QApplication.processEvents()
    item = services.scene.token_items["mid"]
    assert item.dotted
    services.document.push(SetTokenField("mid", "size", 4), GM)
    QApplication.processEvents()
    assert not item.dotted  # big enough on screen to be drawn as a token
    services.document.push(MoveToken("mid", (120, 120)), GM)
    QApplication.processEvents()
    assert not close_to(colour_at(services.view, (80, 80)), BLUE)  # its old dot's square
    assert close_to(colour_at(services.view, (121, 121)), BLUE, slack=90)  # drawn as a token

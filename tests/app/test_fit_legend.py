"""Fit ("F") leaves the elevation legend's corner free, so no square of the map is under it,
and shows every token's name whole."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect, QRectF

from tactical.app.window.main_window import MainWindow
from tactical.persistence import load_encounter

from .settle import settle


def map_on_screen(window: MainWindow) -> QRect:
    """The map's squares in viewport pixels."""
    view = window.view
    return view.mapFromScene(window.scene.layer.scene_rect()).boundingRect()


def legend_on_screen(window: MainWindow) -> QRect:
    """The legend's rectangle in viewport pixels (it is a child of the view, over the viewport)."""
    legend = window.view_menu.legend
    corner = window.view.viewport().mapFrom(window.view, legend.pos())
    return QRect(corner, legend.size())


def test_after_fit_no_square_is_under_the_legend(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.resize(1400, 700)  # the map's shape nearly the view's: it used to reach the corner
    settle(qtbot, window)  # the view laid out at the window's new size
    window.view_menu.fit_action.trigger()
    assert window.view_menu.legend.isVisible()
    shown, legend = map_on_screen(window), legend_on_screen(window)
    assert not shown.intersects(legend), (shown, legend)
    assert window.view.viewport().rect().contains(shown)
    # Whichever side it gives up, the map is still the larger part of the view.
    viewport = window.view.viewport().rect()
    assert max(shown.width() / viewport.width(), shown.height() / viewport.height()) > 0.8


def test_fit_stays_clear_of_the_legend_when_the_window_changes_shape(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    for width, height in ((1600, 900), (700, 900), (1400, 520), (1400, 700)):
        window.resize(width, height)
        settle(qtbot, window)
        window.view_menu.fit_action.trigger()
        shown, legend = map_on_screen(window), legend_on_screen(window)
        assert not shown.intersects(legend), (width, height, shown, legend)
        assert window.view.viewport().rect().contains(shown), (width, height)


def test_without_the_legend_fit_uses_the_whole_view(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.resize(1400, 730)  # a view wide enough for the map to reach the legend's corner
    settle(qtbot, window)  # the view laid out at the window's new size
    window.view_menu.fit_action.trigger()
    viewport = window.view.viewport().rect()
    with_legend = map_on_screen(window)
    assert with_legend.left() - viewport.left() > viewport.right() - with_legend.right() + 20
    # L hides it; the fitted map is centred in the view again
    window.view_menu.legend_action.trigger()
    assert not window.view_menu.legend.isVisible()
    without = map_on_screen(window)
    assert abs((without.left() - viewport.left()) - (viewport.right() - without.right())) <= 2
    assert without.size() == with_legend.size()  # here stepping aside cost nothing
    window.view_menu.legend_action.trigger()  # shown again, the fitted map steps aside
    assert not map_on_screen(window).intersects(legend_on_screen(window))


def test_when_both_sides_cost_the_map_gives_up_the_cheaper_one(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """A view of the map's own shape: the map shrinks, as little as the legend allows."""
    window = make_window()
    window.resize(1400, 700)
    settle(qtbot, window)
    view = window.view
    padded = window.scene.layer.scene_rect().adjusted(-20, -20, 20, 20)
    viewport = view.viewport().rect()
    # Make the viewport the padded map's shape by trimming its width.
    width = round(viewport.height() * padded.width() / padded.height())
    window.resize(window.width() - (viewport.width() - width), window.height())
    settle(qtbot, window)  # the view laid out at the window's new size
    window.view_menu.fit_action.trigger()
    shown, legend = map_on_screen(window), legend_on_screen(window)
    assert not shown.intersects(legend)
    viewport = view.viewport().rect()
    lost_left = legend.right() + 1 + 6
    lost_bottom = viewport.bottom() - legend.top() + 6
    cheaper = min(lost_left / viewport.width(), lost_bottom / viewport.height())
    scale = shown.width() / window.scene.layer.scene_rect().width()
    full = min((viewport.width() - 4) / padded.width(), (viewport.height() - 4) / padded.height())
    assert scale == pytest.approx(full * (1 - cheaper), rel=0.03)


# A fitted map shows the whole name of a token at its edge. QA: at the default window size
# the GM view cut "Elska the Wise" (hillside ruin, first columns) at the view's left edge: the
# fit framed the squares only, and a name centred under a token at the edge reaches past them.

HILLSIDE = Path(__file__).resolve().parents[2] / "maps" / "hillside-ruin.tactical.json"


@pytest.mark.parametrize(
    ("size", "legend"), [((1400, 900), False), ((1280, 900), False), ((1200, 900), True)]
)
def test_a_fitted_map_shows_every_name_whole(
    qtbot: Any, make_window: Any, size: tuple[int, int], legend: bool
) -> None:
    window = make_window(load_encounter(HILLSIDE), HILLSIDE)
    window.ensure_panel()  # docked beside the map, as the GM sees it
    window.view_menu.legend_action.setChecked(legend)  # the legend's corner moves the map aside
    window.resize(*size)
    view = window.view
    view.fit_map()
    settle(qtbot, window)  # laid out at its size, the map fitted to it and drawn
    items = window.scene.token_items.values()  # the names sized for the zoom, dots or not:
    qtbot.waitUntil(lambda: all(item.view_zoom == view.zoom for item in items))
    viewport = QRectF(view.viewport().rect())
    names = {}
    for token_id, item in window.scene.token_items.items():
        if item.dotted or not item.label_shown:
            continue  # drawn as a dot, or no room: no name drawn
        label = view.mapFromScene(item.mapRectToScene(item.label_rect())).boundingRect()
        names[token_id] = viewport.contains(QRectF(label))
    assert "elska" in names
    assert names == dict.fromkeys(names, True)

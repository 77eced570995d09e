"""The panel's height goes to the order first, then to the sections left to the room (Qt-free)."""

from __future__ import annotations

from tactical.app.panel.room import pane_sizes, sections_with_room

WANTED = [("steps", 80), ("dice", 75), ("roll", 75)]


def test_sections_open_in_order_while_the_room_lasts() -> None:
    assert sections_with_room(300, WANTED, 30, folded_anyway=False) == {"steps", "dice", "roll"}
    # Not all fit: the folded ones' line is counted, and the room goes in order.
    assert sections_with_room(200, WANTED, 30, folded_anyway=False) == {"steps", "dice"}
    assert sections_with_room(150, WANTED, 30, folded_anyway=False) == {"steps"}
    assert sections_with_room(110, WANTED, 30, folded_anyway=False) == {"steps"}
    assert sections_with_room(100, WANTED, 30, folded_anyway=False) == set()
    # A later section that fits opens when an earlier one does not.
    assert sections_with_room(110, [("steps", 200), ("roll", 75)], 30, False) == {"roll"}


def test_a_section_the_gm_folded_keeps_the_line_of_folded_buttons() -> None:
    assert sections_with_room(230, WANTED, 30, folded_anyway=False) == {"steps", "dice", "roll"}
    assert sections_with_room(230, WANTED, 30, folded_anyway=True) == {"steps", "dice"}


def test_panes_get_their_least_then_what_they_want_in_order_then_the_rest() -> None:
    assert pane_sizes(500, [100, 50, 50], [300, 120, 0], rest_to=2) == [300, 120, 80]
    assert pane_sizes(400, [100, 50, 50], [300, 120, 0], rest_to=2) == [300, 50, 50]
    assert pane_sizes(250, [100, 50, 50], [300, 120, 0], rest_to=2) == [150, 50, 50]
    assert pane_sizes(600, [100], [300], rest_to=0) == [600]

"""Cover from the selected attacker: marks on the other tokens, the dividing line on hover."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from tactical.app.map.geometry import CELL
from tactical.app.map.interaction.cover_display import cover_lines, cover_marks
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.tokens import Token

from .test_drag_view import screen


def pillar() -> Encounter:
    """An 8 x 8 field with one +2 pillar at (3, 3); the knight hides west of it (001 cover)."""
    grid = GridMap(8, 8)
    grid.set_square((3, 3), elevation=2)
    return Encounter(
        grid,
        [
            Token("archer", "Archer", "npcs", (6, 3)),
            Token("knight", "Knight", "pcs", (2, 3)),
            Token("page", "Page", "pcs", (6, 6)),
        ],
    )


def test_marks_come_from_the_engine() -> None:
    assert cover_marks(pillar(), "archer", ["archer", "knight", "page"]) == {
        "knight": "cover",
        "page": "none",
    }


def test_the_dividing_line_runs_through_the_pillar_perpendicular_to_the_target() -> None:
    # 001: "if the target is directly to the right of the higher ground ... the vertical line"
    (a, b), *rest = cover_lines(pillar(), "archer", "knight")
    assert rest == []
    assert a[0] == b[0] == 3.5
    assert a[1] < 3.5 < b[1]


def test_obstructed_when_both_flanks_qualify() -> None:
    encounter = pillar()
    for row in (2, 4):
        encounter.map.set_square((3, row), elevation=2)  # type: ignore[union-attr]
    assert cover_marks(encounter, "archer", ["knight"]) == {"knight": "obstructed"}


def test_cover_mode_in_the_window(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
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

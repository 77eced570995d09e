"""Cover from the selected attacker: marks on the other tokens, the dividing line on hover."""

from __future__ import annotations

from tactical.app.map.interaction.cover_display import cover_lines, cover_marks
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.tokens import Token


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

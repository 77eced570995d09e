"""The drag preview and the ruler on a Two-second turns (003, ``orthogonal``) map agree with 003.

003: "Movement is only possible along horizontal or vertical axes ... the distance is two",
"If the target is higher, the number of turns it would take to climb to that height is
included", "there is no distance cost since jumping down is a free action".
"""

from __future__ import annotations

from tactical.app.map.geometry import CELL
from tactical.app.map.interaction.drag import DragController
from tactical.app.map.interaction.events import Pointer
from tactical.app.map.interaction.ruler import Ruler
from tactical.core import Encounter, GridMap, Token


def at(col: float, row: float, **keys: bool) -> Pointer:
    return Pointer((col + 0.5) * CELL, (row + 0.5) * CELL, left=True, **keys)


def ledge(metric: str = "orthogonal") -> Encounter:
    """A 4 x 3 map with a ledge three levels high on the left."""
    grid = GridMap.from_text(
        """
        3 3 0 0
        3 3 0 0
        0 0 0 0
        """
    )
    return Encounter(
        map=grid,
        tokens=[Token(id="kara", name="Kara", side="pcs", position=(1, 0), speed=3)],
        metric=metric,  # type: ignore[arg-type]
    )


def test_the_preview_on_a_003_map_moves_by_rows_and_columns_and_jumps_down_free() -> None:
    drag = DragController(lambda: ledge())
    feedback = drag.press("kara", at(1, 0))
    assert feedback.reach == {
        (1, 0): 0,
        (0, 0): 1,
        (1, 1): 1,
        (2, 0): 1,  # jumping down three levels: the step only
        (0, 1): 2,
        (2, 1): 2,
        (3, 0): 2,
        (1, 2): 2,
        (0, 2): 3,
        (2, 2): 3,
        (3, 1): 3,
    }
    step = drag.move(at(2, 1))
    assert step is not None and step.ok
    assert step.label == "2 of 3 squares"
    assert step.path is not None and len(step.path) == 3  # no diagonal step
    refused = drag.release(at(3, 2))
    assert refused.command is None
    assert refused.message == (
        "Kara stays: it costs 4, more than the 3 this turn. "
        "Hold Shift while dropping to place it anyway."
    )


def test_climbing_back_onto_the_ledge_counts_each_level() -> None:
    encounter = ledge()
    encounter.token("kara").position = (2, 0)
    reach = DragController(lambda: encounter).press("kara", at(2, 0)).reach or {}
    assert (1, 0) not in reach  # 1 + 3 levels = 4, more than 3
    encounter.token("kara").speed = 4
    reach = DragController(lambda: encounter).press("kara", at(2, 0)).reach or {}
    assert reach[(1, 0)] == 4


def test_the_same_map_measured_chebyshev_keeps_001s_costs() -> None:
    drag = DragController(lambda: ledge("chebyshev"))
    reach = drag.press("kara", at(1, 0)).reach or {}
    assert reach[(2, 1)] == 1 + 2  # one diagonal step down three levels: 1 + 2 (001)


def test_the_ruler_measures_what_the_drag_costs() -> None:
    encounter = ledge()
    ruler = Ruler(lambda: encounter)
    ruler.press(at(1, 0))
    reading = ruler.move(at(2, 1))
    assert reading is not None and reading.label == "2 squares (10 ft)"
    reading = ruler.move(at(0, 2))
    assert reading is not None and reading.total == 3
    # From below, up onto the ledge: 1 step + 3 levels.
    ruler.clear()
    ruler.press(at(2, 0))
    reading = ruler.move(at(1, 0))
    assert reading is not None and reading.total == 4

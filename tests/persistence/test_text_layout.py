"""What a saved file looks like: fixed key order, rows on one line, trailing newline."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap, Wall
from tactical.core.tokens import Token
from tactical.persistence import dumps_encounter, loads_encounter, save_encounter

EXPECTED = """\
{
  "format": "tactical.encounter",
  "schema_version": 5,
  "app_version": "0.1.0",
  "name": "Ford",
  "show_name_to_players": false,
  "notes": "",
  "metric": "chebyshev",
  "map": {
    "kind": "grid",
    "width": 3,
    "height": 2,
    "square_feet": 5,
    "elevation": [
      [0, -2, 1],
      [0, -2, 4]
    ],
    "terrain": ["..x", ".d."],
    "walls": [
      {"a": [0, 0], "b": [0, 1], "door": false, "open": false},
      {"a": [1, 1], "b": [2, 1], "door": true, "open": true}
    ],
    "wall_lines": []
  },
  "background": null,
  "sides": [
    {"id": "pcs", "name": "Player characters", "color": "#2f7fd8", "allies": []},
    {"id": "npcs", "name": "Non-player characters", "color": "#d8432f", "allies": []}
  ],
  "tokens": [
    {
      "id": "elska",
      "name": "Elska the Wise",
      "side": "pcs",
      "position": [1, 0],
      "size": 1,
      "speed": 6,
      "image": null,
      "statuses": {"Frayed": 1},
      "figures": {"stress": 2, "note": "ford is cold"},
      "hidden": false
    }
  ],
  "templates": [],
  "procedure": null,
  "dice_log": [],
  "pictures": []
}
"""


def ford() -> Encounter:
    grid = GridMap.from_text("0 -2 1x\n0 -2d 4")
    # set in reverse order: the file still lists walls sorted by edge
    grid.set_wall((2, 1), (1, 1), Wall(door=True, open=True))
    grid.set_wall((0, 1), (0, 0), Wall())
    token = Token(
        "elska",
        "Elska the Wise",
        "pcs",
        (1, 0),
        statuses={"Frayed": 1},
        figures={"stress": 2, "note": "ford is cold"},
    )
    return Encounter(grid, [token], name="Ford")


def test_the_exact_text_of_a_small_encounter() -> None:
    assert dumps_encounter(ford()) == EXPECTED


def test_the_file_is_that_text_in_utf8(tmp_path: Path) -> None:
    encounter = ford()
    encounter.name = "Gué de l'Aulne"
    path = tmp_path / "ford.tactical.json"
    save_encounter(encounter, path)
    assert path.read_bytes() == dumps_encounter(encounter).encode("utf-8")
    assert '"name": "Gué de l\'Aulne"' in path.read_text(encoding="utf-8")


def test_numpy_numbers_are_written_as_plain_numbers() -> None:
    encounter = ford()
    token = encounter.tokens["elska"]
    token.position = (np.int64(2), np.int64(0))  # type: ignore[assignment]
    token.figures = {"load": np.float64(1.5), "wounds": np.int16(2)}  # type: ignore[dict-item]
    text = dumps_encounter(encounter)
    assert '"position": [2, 0]' in text
    assert '"figures": {"load": 1.5, "wounds": 2}' in text
    assert loads_encounter(text) == encounter


def test_a_nan_figure_cannot_be_saved_and_nothing_is_written(tmp_path: Path) -> None:
    encounter = ford()
    encounter.tokens["elska"].figures["load"] = math.nan
    path = tmp_path / "ford.tactical.json"
    with pytest.raises(ValueError, match=r"tokens\[0\]\.figures\.load: must be a finite number"):
        save_encounter(encounter, path)
    assert list(tmp_path.iterdir()) == []


def test_a_big_grid_has_one_line_per_row() -> None:
    grid = GridMap(200, 3)
    text = dumps_encounter(Encounter(grid))
    rows = [line for line in text.splitlines() if line.startswith("      [0, 0")]
    assert len(rows) == 3
    assert all(line.count(",") == 199 + (i < 2) for i, line in enumerate(rows))
    terrain = [line for line in text.splitlines() if line.strip().startswith('"' + "." * 200)]
    assert len(terrain) == 3

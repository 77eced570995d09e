"""One neutral step: a new format is one reader; the builder and the file format stay."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactical.persistence import dumps_encounter, loads_encounter
from tactical.persistence.foreign import READERS, import_map, read_foreign
from tactical.persistence.foreign.neutral import ForeignMap, ForeignPortal
from tests.realdata import RealData

from .uvtt_files import png


def read_grid_picture(path: Path) -> ForeignMap:
    """A made-up format: a picture with its grid in the name (``name.40px.grid``)."""
    return ForeignMap(
        source="picture with a grid",
        picture=png(120, 80),
        width=3,
        height=2,
        pixels_per_square=40,
        walls=(((0.0, 1.0), (3.0, 1.0)),),
        portals=(ForeignPortal((1.0, 0.0), (1.0, 1.0), closed=False),),
        name=path.name,
    )


def test_a_further_format_is_one_reader(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(READERS, ".grid", read_grid_picture)
    encounter, foreign = import_map(tmp_path / "tavern.40px.grid")
    assert foreign.source == "picture with a grid"
    assert encounter.grid is not None
    assert [(line.kind, line.a, line.b) for line in encounter.grid.wall_lines] == [
        ("wall", (0.0, 1.0), (3.0, 1.0)),
        ("window", (1.0, 0.0), (1.0, 1.0)),
    ]
    assert encounter.background is not None and encounter.background.square_px == 40
    assert encounter.notes == "Imported from picture with a grid."
    assert loads_encounter(dumps_encounter(encounter)).name == "tavern.40px.grid"


def test_lights_are_read_into_the_neutral_form_in_the_maps_frame(real_data: RealData) -> None:
    foreign = read_foreign(real_data("uvtt/dd-imagix-sampleMap.dd2vtt"))  # map_origin (2, 1)
    assert [light.position for light in foreign.lights] == [
        pytest.approx((6.570312, 8.0)),
        pytest.approx((6.007812, 1.984375)),
    ]
    assert [(light.range, light.color) for light in foreign.lights] == [
        (5.0, "ffeccd8b"),
        (5.0, "ff4dd569"),
    ]
    assert foreign.notes == ("2 lights were not kept (tactical does not draw lighting yet)",)

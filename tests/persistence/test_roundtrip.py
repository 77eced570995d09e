"""Saving then loading gives an equal encounter; saving twice gives identical bytes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactical.core.areas import Area, AreaLink, AreaMap, polygon_from_points
from tactical.core.dice_log import DiceRoll
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap, Wall
from tactical.core.pictures import Background, Picture
from tactical.core.sides import Side
from tactical.core.templates import Template
from tactical.core.tokens import Token
from tactical.core.wall_lines import WALL_LINE_KINDS, WallLine
from tactical.persistence import dumps_encounter, load_encounter, loads_encounter, save_encounter

ids = st.text(min_size=1, max_size=8)
names = st.text(max_size=12)
picture_names = st.text(st.characters(exclude_categories=["Cc", "Cs"]), max_size=12)
"""A picture's name: one line of plain text (no control character; the file cannot hold a
lone surrogate)."""
finite = st.floats(allow_nan=False, allow_infinity=False)
whole = st.integers(min_value=-(2**53), max_value=2**53)
figures = st.dictionaries(
    st.text(min_size=1, max_size=8),
    st.none() | st.booleans() | whole | finite | st.text(max_size=10),
    max_size=4,
)
statuses = st.dictionaries(
    st.text(min_size=1, max_size=8), st.integers(min_value=1, max_value=1_000_000), max_size=3
)
json_values = st.recursive(
    st.none() | st.booleans() | whole | finite | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=12,
)
colors = st.integers(min_value=0, max_value=0xFFFFFF).map(lambda v: f"#{v:06x}")


@st.composite
def sides(draw: st.DrawFn) -> list[Side]:
    side_ids = draw(st.lists(ids, min_size=1, max_size=3, unique=True))
    return [
        Side(
            side_id,
            draw(names),
            draw(colors),
            draw(st.lists(st.sampled_from(side_ids), max_size=2, unique=True)),
        )
        for side_id in side_ids
    ]


@st.composite
def grids(draw: st.DrawFn) -> GridMap:
    width = draw(st.integers(min_value=1, max_value=6))
    height = draw(st.integers(min_value=1, max_value=6))
    cells = width * height
    elevation = draw(st.lists(st.integers(-1000, 1000), min_size=cells, max_size=cells))
    terrain = draw(st.lists(st.integers(0, 2), min_size=cells, max_size=cells))
    edges = [((c, r), (c + 1, r)) for r in range(height) for c in range(width - 1)]
    edges += [((c, r), (c, r + 1)) for r in range(height - 1) for c in range(width)]
    walls: dict[Any, Wall] = {}
    if edges:
        for pair in draw(st.lists(st.sampled_from(edges), max_size=4, unique=True)):
            door = draw(st.booleans())
            walls[pair] = Wall(door=door, open=door and draw(st.booleans()))
    coordinate = st.floats(-5, 12, allow_nan=False).map(lambda v: round(v, 3))
    lines = []
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(WALL_LINE_KINDS))
        lines.append(
            WallLine(
                (draw(coordinate), draw(coordinate)),
                (draw(coordinate), draw(coordinate)),
                kind,
                kind == "door" and draw(st.booleans()),
            )
        )
    return GridMap(
        width,
        height,
        square_feet=draw(st.integers(1, 1000)),
        elevation=elevation,
        terrain=terrain,
        walls=walls,
        wall_lines=lines,
    )


@st.composite
def area_maps(draw: st.DrawFn) -> AreaMap:
    """Rectangles side by side (so neighbours share an edge), with float corners."""
    count = draw(st.integers(min_value=1, max_value=4))
    area_ids = draw(st.lists(ids, min_size=count, max_size=count, unique=True))
    x = draw(st.floats(-100, 100))
    areas = []
    for area_id in area_ids:
        width = draw(st.floats(0.5, 20))
        height = draw(st.floats(0.5, 20))
        outline = [(x, 0.0), (x + width, 0.0), (x + width, height), (x, height)]
        areas.append(
            Area(
                area_id,
                draw(names),
                polygon_from_points(outline),
                draw(st.lists(names, max_size=2)),
            )
        )
        x += width
    links = []
    if count > 1:
        for _ in range(draw(st.integers(0, 2))):
            a, b = draw(st.lists(st.sampled_from(area_ids), min_size=2, max_size=2, unique=True))
            links.append(AreaLink(a, b, draw(st.sampled_from(["add", "cut"])), draw(names)))
    return AreaMap(areas, links)


PNG_HEADER = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x05\0\0\0\x03\x08\x02\0\0\0"
"""A picture's header (5 x 3 PNG): the loader reads it, never decodes what follows."""


@st.composite
def encounters(draw: st.DrawFn) -> Encounter:
    the_map = draw(grids() | area_maps())
    the_sides = draw(sides())
    side_ids = [s.id for s in the_sides]
    pictures = [
        Picture(pid, data=PNG_HEADER + draw(st.binary(max_size=20)), name=draw(picture_names))
        if draw(st.booleans())
        else Picture(
            pid,
            path=draw(st.sampled_from(["goblin.png", "art/map.webp"])),
            name=draw(picture_names),
        )
        for pid in draw(st.lists(ids, max_size=3, unique=True))
    ]
    picture_ids = [p.id for p in pictures]
    background = None
    if picture_ids and draw(st.booleans()):
        background = Background(
            draw(st.sampled_from(picture_ids)),
            draw(st.floats(-500, 500).map(lambda v: round(v, 2))),
            draw(st.floats(-500, 500).map(lambda v: round(v, 2))),
            draw(st.floats(1, 400).map(lambda v: round(v, 3))),
            draw(st.sampled_from([0.0, 0.35, 1.0])),
        )
    tokens = []
    for token_id in draw(st.lists(ids, max_size=4, unique=True)):
        size = 1
        position: Any = None
        if isinstance(the_map, GridMap):
            size = draw(st.integers(1, min(the_map.width, the_map.height)))
            if draw(st.booleans()):
                position = (
                    draw(st.integers(0, the_map.width - size)),
                    draw(st.integers(0, the_map.height - size)),
                )
        elif draw(st.booleans()):
            position = draw(st.sampled_from(list(the_map.areas)))
        tokens.append(
            Token(
                token_id,
                draw(names) or token_id,
                draw(st.sampled_from(side_ids)),
                position,
                size=size,
                speed=draw(st.integers(0, 30)),
                image=draw(st.none() | st.sampled_from(picture_ids)) if picture_ids else None,
                statuses=draw(statuses),
                figures=draw(figures),
                hidden=draw(st.booleans()),
            )
        )
    templates = []
    steps = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)]
    for template_id in draw(st.lists(ids, max_size=3, unique=True)):
        kind = draw(st.sampled_from(["aura", "area", "line"]))
        if kind == "aura" and not tokens:
            kind = "area"
        token_id = draw(st.sampled_from([t.id for t in tokens])) if kind == "aura" else None
        origin = direction = area_id = None
        if isinstance(the_map, GridMap):
            if kind != "aura":
                origin = (
                    draw(st.integers(0, the_map.width - 1)),
                    draw(st.integers(0, the_map.height - 1)),
                )
            if kind == "line":
                direction = draw(st.sampled_from(steps))
        elif kind != "aura":
            area_id = draw(st.sampled_from(list(the_map.areas)))
        templates.append(
            Template(
                template_id,
                kind,
                draw(st.integers(1, 9)),
                token_id,
                origin,
                direction,
                area_id,
                draw(names),
                draw(colors),
                draw(st.booleans()),
                draw(st.booleans()) and token_id is not None,
            )
        )
    procedure = draw(st.none() | st.sampled_from(["fray", "thrum", "judge", "seconds", "sides"]))
    state = draw(st.dictionaries(st.text(max_size=5), json_values, max_size=3)) if procedure else {}
    dice = [
        DiceRoll(
            draw(names),
            draw(names),
            draw(names),
            draw(whole),
            tuple(draw(st.lists(st.integers(1, 20), max_size=4))),
            draw(st.booleans()),
            draw(st.booleans()),
        )
        for _ in range(draw(st.integers(0, 2)))
    ]
    return Encounter(
        the_map,
        tokens,
        the_sides,
        name=draw(names),
        show_name_to_players=draw(st.booleans()),
        templates=templates,
        procedure=procedure,
        procedure_state=state,
        dice_log=dice,
        metric=draw(st.sampled_from(["chebyshev", "orthogonal", "feet"])),
        notes=draw(st.text(max_size=30)),
        pictures=pictures,
        background=background,
    )


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encounters())
def test_dumps_then_loads_gives_an_equal_encounter_and_the_same_text(encounter: Encounter) -> None:
    text = dumps_encounter(encounter)
    loaded = loads_encounter(text)
    assert loaded == encounter
    assert dumps_encounter(loaded) == text
    assert text.endswith("\n")
    assert json.loads(text)["schema_version"] == 5


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(encounters())
def test_save_twice_gives_identical_bytes(tmp_path: Path, encounter: Encounter) -> None:
    first, second = tmp_path / "first.tactical.json", tmp_path / "second.tactical.json"
    save_encounter(encounter, first)
    save_encounter(load_encounter(first), second)
    assert first.read_bytes() == second.read_bytes()
    assert load_encounter(second) == encounter

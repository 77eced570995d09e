"""A save writes the same bytes as before it got fast, and still refuses what would not reopen.

``golden/picture-map-v3.tactical.json`` was written by the save as it was before
pictures' base64 was kept between saves and set aside by the save's check (every
picture encoded again, the whole text escaped by ``json.dumps`` and loaded back);
the example maps in ``maps/`` were that save's output too. Schema 4 gave pictures
their names: ``golden/picture-map-v4.tactical.json`` is the same map written at
version 4, and differs from the version 3 golden only by the version and the
pictures' names (:func:`test_the_version_4_golden_differs_only_by_the_names`).
Schema 5 added the GM's choice to show the map's name to the players:
``golden/picture-map.tactical.json`` differs from the version 4 golden only by the
version and that key (:func:`test_the_version_5_golden_differs_only_by_the_name_choice`).
"""

from __future__ import annotations

import base64
import difflib
import json
import struct
import zlib
from pathlib import Path

import numpy as np
import pytest

from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap, Terrain, Wall
from tactical.core.pictures import Background, Picture, picture_id
from tactical.core.tokens import Token
from tactical.core.wall_lines import WallLine
from tactical.persistence import (
    LoadError,
    Problem,
    SaveError,
    dumps_encounter,
    encounter_bytes,
    files,
    jsonfmt,
    load_encounter,
    loads_encounter,
    save_encounter,
)
from tactical.persistence import snapshot as snapshot_module
from tactical.persistence.convert import to_document
from tactical.persistence.jsonfmt import Base64Text, dumps, dumps_parts
from tactical.persistence.snapshot import snapshot_document

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets" / "tokens"
GOLDEN = Path(__file__).resolve().parent / "golden" / "picture-map.tactical.json"
GOLDEN_V3 = GOLDEN.with_name("picture-map-v3.tactical.json")
GOLDEN_V4 = GOLDEN.with_name("picture-map-v4.tactical.json")


def picture_map() -> Encounter:
    """A background, token art worn twice and a picture beside the file (not embedded)."""
    paw = (ASSETS / "paw.png").read_bytes()
    skull = (ASSETS / "skull.png").read_bytes()
    pictures = [
        Picture(picture_id(paw), data=paw, name="Paw"),
        Picture(picture_id(skull), data=skull, name="skull.png"),
        Picture("beside", path="art/door.png", name="door.png"),
    ]
    tokens = [
        Token("g1", "Goblin", "npcs", (1, 1), image=picture_id(skull)),
        Token("g2", "Goblin", "npcs", (2, 1), image=picture_id(skull)),
        Token("h", "Hero", "pcs", (0, 0), image="beside"),
    ]
    return Encounter(
        GridMap(6, 4),
        tokens,
        name="Paw print",
        pictures=pictures,
        background=Background(picture_id(paw), 3, -2.5, 40.5, 0.25),
    )


def png(width: int, height: int, tail: bytes = b"") -> bytes:
    """A PNG signature and IHDR giving this size (enough for the header check), then ``tail``."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = struct.pack(">I", len(ihdr)) + b"IHDR" + ihdr
    return b"\x89PNG\r\n\x1a\n" + chunk + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr)) + tail


def with_background(data: bytes, **encounter: object) -> Encounter:
    picture = Picture("art", data=data)
    return Encounter(
        GridMap(3, 3),
        [Token("a", str(encounter.pop("token_name", "A")), "pcs", (0, 0))],
        pictures=[picture],
        background=Background("art"),
    )


@pytest.mark.parametrize("path", sorted((ROOT / "maps").glob("*.tactical.json")), ids=str)
def test_saving_an_example_map_gives_back_its_bytes(path: Path, tmp_path: Path) -> None:
    encounter = load_encounter(path)
    assert encounter_bytes(encounter) == path.read_bytes()
    save_encounter(encounter, tmp_path / path.name)
    assert (tmp_path / path.name).read_bytes() == path.read_bytes()


def test_a_map_with_pictures_is_saved_byte_for_byte_as_before(tmp_path: Path) -> None:
    encounter = picture_map()
    golden = GOLDEN.read_bytes()
    assert b'"data": "iVBORw0KGgo' in golden  # the pictures are embedded, on lines of their own
    assert encounter_bytes(encounter) == golden
    assert encounter_bytes(encounter) == golden  # again, from the kept base64
    assert dumps_encounter(encounter).encode("utf-8") == golden
    save_encounter(encounter, tmp_path / "paw.tactical.json")
    assert (tmp_path / "paw.tactical.json").read_bytes() == golden
    reopened = load_encounter(tmp_path / "paw.tactical.json")
    assert reopened.pictures == encounter.pictures


def changed_lines(old_file: Path, new_file: Path) -> list[str]:
    old = old_file.read_text(encoding="utf-8").splitlines()
    new = new_file.read_text(encoding="utf-8").splitlines()
    return [line for line in difflib.unified_diff(old, new, n=0, lineterm="") if line[:1] in "+-"]


def test_the_version_5_golden_differs_only_by_the_name_choice() -> None:
    assert changed_lines(GOLDEN_V4, GOLDEN)[2:] == [  # after the "---" and "+++" headers
        '-  "schema_version": 4,',
        '+  "schema_version": 5,',
        '+  "show_name_to_players": false,',
    ]


def test_the_version_4_golden_differs_only_by_the_names() -> None:
    old = GOLDEN_V3.read_text(encoding="utf-8").splitlines()
    new = GOLDEN_V4.read_text(encoding="utf-8").splitlines()
    changed = [
        line for line in difflib.unified_diff(old, new, n=0, lineterm="") if line[:1] in "+-"
    ]
    assert changed[2:] == [  # after the "---" and "+++" headers
        '-  "schema_version": 3,',
        '+  "schema_version": 4,',
        '+      "name": "Paw",',
        '+      "name": "skull.png",',
        '-    {"id": "beside", "path": "art/door.png"}',
        '+    {"id": "beside", "name": "door.png", "path": "art/door.png"}',
    ]


def test_the_version_3_golden_opens_and_is_saved_at_version_5(tmp_path: Path) -> None:
    encounter = load_encounter(GOLDEN_V3)
    assert {p.id: p.name for p in encounter.pictures.values()} == {
        picture_id((ASSETS / "paw.png").read_bytes()): "",  # version 3 kept no names
        picture_id((ASSETS / "skull.png").read_bytes()): "",
        "beside": "door.png",  # a path picture: the file it names
    }
    save_encounter(encounter, tmp_path / "paw.tactical.json")
    expected = (
        GOLDEN_V3.read_text(encoding="utf-8")
        .replace('"schema_version": 3,', '"schema_version": 5,')
        .replace('"name": "Paw print",', '"name": "Paw print",\n  "show_name_to_players": false,')
        .replace('{"id": "beside", "path"', '{"id": "beside", "name": "door.png", "path"')
    )
    assert (tmp_path / "paw.tactical.json").read_text(encoding="utf-8") == expected
    assert GOLDEN_V3.read_bytes().count(b'"schema_version": 3,') == 1  # the old file untouched


def test_a_pictures_base64_is_made_once_and_kept_for_the_next_save() -> None:
    encounter = picture_map()
    first = to_document(encounter)["pictures"][0]["data"]
    second = to_document(encounter)["pictures"][0]["data"]
    assert first is second
    assert first.data == encounter.pictures[picture_id((ASSETS / "paw.png").read_bytes())].data


def test_the_kept_base64_stays_within_its_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshot_module, "_base64_cache", type(snapshot_module._base64_cache)())
    monkeypatch.setattr(snapshot_module, "_base64_chars", 0)
    monkeypatch.setattr(snapshot_module, "BASE64_CACHE_ENTRIES", 3)
    monkeypatch.setattr(snapshot_module, "BASE64_CACHE_CHARS", 100)
    for n in range(5):
        snapshot_module.base64_text(bytes([n]) * 30)  # 40 characters each
    assert [text.data for text in snapshot_module._base64_cache.values()] == [
        b"\x03" * 30,
        b"\x04" * 30,
    ]
    assert snapshot_module._base64_chars == 80
    snapshot_module.base64_text(b"x" * 300)  # longer than the whole cache: made, not kept
    assert len(snapshot_module._base64_cache) == 2


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"junk", "is not a PNG, JPEG or WebP picture"),
        (b"not a picture, and long enough for its base64 to get a line of its own" * 4, "is not"),
        (png(20_000, 10), "is 20000 x 10 pixels; tactical opens pictures up to 16,384"),
        (png(0, 0, b"\0" * 200), "is a damaged PNG: its header gives no size"),
    ],
    ids=["short junk", "long junk", "too wide", "damaged header"],
)
def test_a_damaged_picture_in_memory_is_refused_and_the_old_file_stays(
    tmp_path: Path, data: bytes, message: str
) -> None:
    target = tmp_path / "fight.tactical.json"
    save_encounter(with_background((ASSETS / "sword.png").read_bytes()), target)
    before = target.read_bytes()
    with pytest.raises(SaveError) as caught:
        save_encounter(with_background(data), target)
    assert [p.path for p in caught.value.problems] == ["pictures[0].data"]
    assert message in caught.value.problems[0].message
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.tactical.json"]


def test_an_unsaveable_name_beside_a_picture_is_refused_by_its_path_alone(tmp_path: Path) -> None:
    target = tmp_path / "fight.tactical.json"
    with pytest.raises(SaveError) as caught:
        save_encounter(with_background(png(64, 64, b"\0" * 500), token_name="N" * 280), target)
    assert caught.value.problems == [
        Problem("tokens[0].name", "may be at most 200 characters long")
    ]
    assert not target.exists()


def test_a_file_too_big_to_open_is_not_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    encounter = picture_map()
    size = len(GOLDEN.read_bytes())
    monkeypatch.setattr(files, "MAX_FILE_BYTES", size - 1)
    with pytest.raises(SaveError) as caught:
        save_encounter(encounter, tmp_path / "paw.tactical.json")
    assert [p.path for p in caught.value.problems] == ["(file)"]
    assert "is larger than" in caught.value.problems[0].message
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setattr(files, "MAX_FILE_BYTES", size)
    save_encounter(encounter, tmp_path / "paw.tactical.json")
    assert (tmp_path / "paw.tactical.json").read_bytes() == GOLDEN.read_bytes()


def test_the_checks_stand_in_for_a_picture_never_opens_from_a_file() -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    start = text.index('"data": "') + len('"data": "')
    with pytest.raises(LoadError) as caught:
        loads_encounter(text[:start] + "#0" + text[text.index('"', start) :])
    assert caught.value.problems == [
        Problem("pictures[0].data", "is not a picture written as base64")
    ]


def test_a_snapshot_is_not_changed_by_later_edits() -> None:
    encounter = picture_map()
    encounter.procedure = "thrum"
    encounter.procedure_state = {"round": 1, "order": ["g1", "h"]}
    snapshot = snapshot_document(encounter)
    before = files.dumps(snapshot_module.finish_document(snapshot))
    encounter.procedure_state["order"].append("g2")
    encounter.procedure_state["round"] = 2
    encounter.tokens["g1"].statuses["Slowed"] = 1
    encounter.tokens["g1"].figures["hp"] = 3
    encounter.sides["pcs"].allies.append("npcs")
    assert files.dumps(snapshot_module.finish_document(snapshot)) == before


def test_a_snapshot_keeps_the_grid_and_fog_it_was_taken_from() -> None:
    """Ctrl+S and autosave finish a snapshot on a worker thread while the GM paints on."""
    encounter = picture_map()
    grid = encounter.grid
    assert grid is not None
    encounter.fog.enabled = True
    encounter.fog.set_mask(np.eye(4, 6, dtype=np.bool_))
    snapshot = snapshot_document(encounter)
    before = files.dumps(snapshot_module.finish_document(snapshot))
    grid.set_square((2, 2), elevation=5, terrain=Terrain.DIFFICULT)
    grid.set_wall((0, 0), (1, 0), Wall())
    grid.set_wall_line(0, WallLine((0.5, 0.5), (3.5, 0.5)))
    assert encounter.fog.revealed is not None
    encounter.fog.revealed[3, 5] = True
    after = files.dumps(snapshot_module.finish_document(snapshot))
    assert after == before
    assert after != files.dumps(to_document(encounter))


@pytest.mark.parametrize("length", [4, 96, 100, 200, 5000])
def test_base64_is_written_as_json_dumps_would_write_it(length: int) -> None:
    data = bytes(range(256)) * 20
    text = Base64Text.of(data[: length * 3 // 4])
    for value in (
        {"id": "p", "data": text},
        [text],
        {"pictures": [{"id": "p", "data": text}, {"id": "q", "path": "a.png"}]},
    ):
        plain = json.loads(json.dumps(value))  # the same, with every string a plain str
        assert dumps(value) == dumps(plain)
        assert "".join(dumps_parts(value)) == dumps(value)


def test_long_base64_is_a_part_of_its_own_not_copied_into_the_text() -> None:
    text = Base64Text.of(b"\x00" * 3000)
    parts = dumps_parts({"pictures": [{"id": "p", "data": text}]})
    assert [part is text for part in parts] == [False, True, False]
    assert parts[0].endswith('"data": "') and parts[2].startswith('"\n')


@pytest.mark.parametrize("extra", [-1, 0, 1, 2, 3])
@pytest.mark.parametrize("slices", [0, 1, 2])
def test_base64_made_a_slice_at_a_time_is_b64encodes_text(slices: int, extra: int) -> None:
    size = max(0, slices * jsonfmt._SLICE + extra)
    data = bytes(n * 7 % 251 for n in range(size))
    text = Base64Text.of(data)
    assert text == base64.b64encode(data).decode("ascii")
    assert text.data is data

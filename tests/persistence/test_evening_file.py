"""Evening files: old files open as one scene, scenes round-trip, a damaged scene is kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tactical import cli
from tactical.core.changes import Change
from tactical.core.evening import Character, Evening, Scene
from tactical.persistence import (
    evening_bytes,
    load_encounter,
    load_evening,
    loads_evening,
    save_encounter,
)
from tactical.persistence.problems import LoadError

MAPS = Path(__file__).parents[2] / "maps"


def _evening() -> Evening:
    tavern = load_encounter(MAPS / "tavern-brawl.tactical.json")
    ruin = load_encounter(MAPS / "hillside-ruin.tactical.json")
    tavern.evening = ruin.evening = None
    return Evening(
        [Scene("tavern", tavern), Scene("road", ruin)], [Character("mira")], shown="road"
    )


def test_an_old_file_opens_as_one_scene_untouched_and_saves_back_the_same_map(
    tmp_path: Path,
) -> None:
    source = MAPS / "hillside-ruin.tactical.json"
    before = source.read_bytes()
    evening = load_evening(source)
    assert [s.name for s in evening.scenes] == ["Hillside ruin"]
    assert source.read_bytes() == before
    out = tmp_path / "ruin.tactical.json"
    save_encounter(evening.scenes[0].encounter, out)
    assert json.loads(out.read_text())["schema_version"] == 6
    again = load_evening(out).scenes[0].encounter
    alone = load_encounter(source)
    assert again == alone


def test_scenes_round_trip_with_their_order_shown_scene_and_roster() -> None:
    evening = _evening()
    data = evening_bytes(evening)
    again = loads_evening(data)
    assert [s.id for s in again.scenes] == ["tavern", "road"]
    assert again.shown_scene.id == "road"
    assert list(again.roster) == ["mira"]
    assert again.scenes[0].encounter == evening.scenes[0].encounter
    assert evening_bytes(again) == data


def test_a_damaged_scene_is_named_the_others_open_and_a_save_keeps_it(tmp_path: Path) -> None:
    raw = json.loads(evening_bytes(_evening()))
    raw["scenes"][1]["tokens"][0]["position"] = [999, 999]
    path = tmp_path / "evening.tactical.json"
    path.write_text(json.dumps(raw))
    evening = load_evening(path)
    assert [s.id for s in evening.scenes] == ["tavern"]
    (unread,) = evening.unread
    assert unread.problems[0].startswith('scenes[1] "Hillside ruin": tokens[0].position: ')
    out = tmp_path / "saved.tactical.json"
    save_encounter(evening.scenes[0].encounter, out)
    assert json.loads(out.read_text())["scenes"][1] == raw["scenes"][1]


def test_a_file_with_no_readable_scene_is_refused(tmp_path: Path) -> None:
    raw = json.loads(evening_bytes(_evening()))
    for scene in raw["scenes"]:
        scene["metric"] = "hexes"
    with pytest.raises(LoadError) as error:
        loads_evening(json.dumps(raw))
    assert str(error.value).startswith('scenes[0] "Tavern brawl at the Drowned Rat": metric:')


def test_an_unchanged_scene_is_not_made_again(monkeypatch: pytest.MonkeyPatch) -> None:
    evening = _evening()
    evening_bytes(evening)
    made: list[object] = []
    from tactical.persistence import evening_file

    real = evening_file.to_document
    monkeypatch.setattr(
        evening_file, "to_document", lambda e, **kw: made.append(e) or real(e, **kw)
    )
    evening.scenes[0].encounter.notify(Change("meta"))
    evening_bytes(evening)
    assert made == [evening.scenes[0].encounter]


def test_scenes_lists_one_line_per_scene_name_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "evening.tactical.json"
    path.write_bytes(evening_bytes(_evening()))
    assert cli.main(["scenes", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "Tavern brawl at the Drowned Rat",
        "Hillside ruin",
    ]
    assert lines[1].endswith("shown to players")


def test_an_unknown_scene_name_is_one_line_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "evening.tactical.json"
    path.write_bytes(evening_bytes(_evening()))
    assert cli.main(["validate", "--scene", "Crypt", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f'{path}: has no scene named "Crypt" (its scenes: '
        '"Tavern brawl at the Drowned Rat", "Hillside ruin")'
    ]
    assert cli.main(["validate", "--scene", "Hillside ruin", str(path)]) == 0

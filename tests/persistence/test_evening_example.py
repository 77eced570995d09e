"""maps/evening-crow-hill: three scenes linked by exits, the party in the roster, as generated."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tactical.cli import main as cli_main
from tactical.persistence import load_evening, validate_evening

ROOT = Path(__file__).resolve().parents[2]
EVENING = ROOT / "maps" / "evening-crow-hill.tactical.json"
PARTY = {"aldric", "mira", "oswin", "elska"}


def test_the_evening_validates_and_lists_its_scenes(capsys: pytest.CaptureFixture[str]) -> None:
    assert validate_evening(EVENING)[1] == []
    assert cli_main(["validate", str(EVENING)]) == 0
    capsys.readouterr()
    assert cli_main(["scenes", str(EVENING)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "The Drowned Rat",
        "The road over Crow Hill",
        "Crypt of the Hollow Saint",
    ]


def test_an_area_map_a_grid_with_heights_and_the_crypt_linked_from_first_to_last() -> None:
    evening = load_evening(EVENING)
    tavern, road, crypt = evening.scenes
    assert tavern.encounter.area_map is not None and evening.shown_scene is tavern
    assert road.encounter.grid is not None and int(road.encounter.grid.elevation.max()) > 0
    assert crypt.encounter.grid is not None and crypt.encounter.fog.enabled
    assert (
        crypt.encounter.fog.auto_reveal and not crypt.encounter.fog.mask(crypt.encounter.grid).any()
    )
    # the party: roster characters, standing in the tavern only
    assert set(evening.roster) == PARTY
    assert {t.character for t in tavern.encounter.tokens.values()} - {None} == PARTY
    assert all(t.character is None for s in (road, crypt) for t in s.encounter.tokens.values())
    # exits walk them from the first scene to the last
    reached, frontier = {tavern.id}, [tavern]
    while frontier:
        scene = frontier.pop()
        for exit_ in scene.exits:
            if exit_.to_scene not in reached:
                reached.add(exit_.to_scene)
                frontier.append(evening.scene(exit_.to_scene))
    assert reached == {tavern.id, road.id, crypt.id}
    (ambush,) = road.groups
    assert ambush.name == "Goblin ambush" and not ambush.sprung
    assert all(road.encounter.tokens[t].hidden for t in ambush.tokens)


def test_the_generator_makes_exactly_the_committed_file(tmp_path: Path) -> None:
    out = tmp_path / "evening.tactical.json"
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_evening_example.py"), str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert out.read_bytes() == EVENING.read_bytes()

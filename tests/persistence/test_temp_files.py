"""Temporary save files: short names (a 254-byte file name saves) and no leftovers (issue 14)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.persistence import files as files_module
from tactical.persistence import load_encounter, save_encounter


def test_a_legal_254_byte_file_name_can_be_saved(tmp_path: Path) -> None:
    name = "x" * (254 - len(".tactical.json")) + ".tactical.json"
    assert len(name.encode("utf-8")) == 254
    path = tmp_path / name
    save_encounter(Encounter(GridMap(2, 2), name="first"), path)
    save_encounter(Encounter(GridMap(2, 2), name="second"), path)
    assert load_encounter(path).name == "second"
    assert [p.name for p in tmp_path.iterdir()] == [name]


def test_the_temporary_name_is_short_and_ours() -> None:
    name = files_module.temp_name()
    assert len(name) == len(".tactical-12345678.tmp")
    assert files_module._OUR_TEMP.match(name)


def _aged(path: Path, seconds: float) -> Path:
    path.write_bytes(b"half a save")
    then = time.time() - seconds
    os.utime(path, (then, then))
    return path


def test_stale_temporary_files_of_killed_saves_are_removed(tmp_path: Path) -> None:
    old_ours = _aged(tmp_path / ".tactical-0badc0de.tmp", 3600)
    old_legacy = _aged(tmp_path / ".fight.tactical.json.deadbeef.tmp", 3600)
    fresh_ours = _aged(tmp_path / ".tactical-12345678.tmp", 5)  # another copy saving now
    not_ours = _aged(tmp_path / ".notes.txt.deadbeef.tmp", 3600)
    also_not_ours = _aged(tmp_path / "tactical-0badc0de.tmp", 3600)
    save_encounter(Encounter(GridMap(2, 2)), tmp_path / "fight.tactical.json")
    left = {p.name for p in tmp_path.iterdir()}
    assert old_ours.name not in left
    assert old_legacy.name not in left
    assert {fresh_ours.name, not_ours.name, also_not_ours.name, "fight.tactical.json"} == left


def test_a_folder_that_cannot_be_listed_does_not_fail_the_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(path: object) -> object:
        raise PermissionError("no listing")

    monkeypatch.setattr(files_module.os, "scandir", refuse)
    save_encounter(Encounter(GridMap(2, 2), name="kept"), tmp_path / "a.tactical.json")
    assert load_encounter(tmp_path / "a.tactical.json").name == "kept"

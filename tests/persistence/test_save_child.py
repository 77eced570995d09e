"""A save's file made in a child process: the same bytes, the same refusals, and the save
made here as before when no child answers (none starts, it dies, it talks nonsense)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from tactical.core.encounter import Encounter
from tactical.core.grid import Wall
from tactical.core.wall_lines import WallLine
from tactical.persistence import Problem, SaveError, encounter_bytes, load_encounter
from tactical.persistence import save_child as save_child_module
from tactical.persistence.files import FileParts, file_chunks
from tactical.persistence.save_child import CHILD_ARGUMENT, child_command, proven_parts
from tactical.persistence.snapshot import take_snapshot

from .test_save_bytes import picture_map, png, with_background

ROOT = Path(__file__).resolve().parents[2]
READ = "import sys; sys.stdin.buffer.read(); "
"""A child's code reading everything the app sends first."""


@pytest.fixture
def child_for_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every map is big enough for the child (the tests' maps are small)."""
    monkeypatch.setattr(save_child_module, "CHILD_FROM", 0)


@pytest.fixture
def only_the_child(child_for_all: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """This process cannot make the file: whatever is made, the child made."""

    def refuse(*_args: object, **_kwargs: object) -> FileParts:
        raise AssertionError("made in the app's process, not by the child")

    monkeypatch.setattr(save_child_module, "document_parts", refuse)


def made(encounter: Encounter) -> bytes:
    return b"".join(file_chunks(proven_parts(take_snapshot(encounter))))


def busy_map() -> Encounter:
    """The picture map with walls, a wall line, fog, statuses, figures and a procedure."""
    encounter = picture_map()
    grid = encounter.grid
    assert grid is not None
    grid.set_wall((0, 0), (1, 0), Wall(door=True))
    grid.set_wall_line(0, WallLine((0.5, 0.5), (3.5, 0.5), kind="window"))
    encounter.fog.enabled = True
    encounter.fog.set_mask(np.eye(4, 6, dtype=np.bool_))
    encounter.tokens["g1"].statuses["Slowed"] = 2
    encounter.tokens["g1"].figures.update({"hp": 7, "note": "Ünïcode ✓", "bloodied": True})
    encounter.procedure = "thrum"
    encounter.procedure_state = {"round": 3, "order": ["g1", "h"]}
    return encounter


@pytest.mark.usefixtures("only_the_child")
@pytest.mark.parametrize(
    "encounter",
    [busy_map(), *(load_encounter(p) for p in sorted((ROOT / "maps").glob("*.tactical.json")))],
    ids=lambda e: e.name,
)
def test_the_child_makes_the_bytes_a_save_here_makes(encounter: Encounter) -> None:
    assert made(encounter) == encounter_bytes(encounter)


@pytest.mark.usefixtures("only_the_child")
def test_a_file_that_would_not_reopen_is_refused_by_the_child_naming_where(
    tmp_path: Path,
) -> None:
    too_long = with_background(png(64, 64, b"\0" * 500), token_name="N" * 280)
    with pytest.raises(SaveError) as caught:
        made(too_long)
    assert caught.value.problems == [
        Problem("tokens[0].name", "may be at most 200 characters long")
    ]
    lone = with_background(png(64, 64), token_name="Orc \ud800")
    with pytest.raises(SaveError) as caught:
        made(lone)
    assert [p.path for p in caught.value.problems] == ["tokens[0].name"]


def test_a_child_that_cannot_start_leaves_the_save_to_this_process(
    child_for_all: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        save_child_module, "child_command", lambda: [str(tmp_path / "no-such-program")]
    )
    assert made(busy_map()) == encounter_bytes(busy_map())
    with pytest.raises(SaveError) as caught:  # the proof is still made, here
        made(with_background(png(64, 64), token_name="N" * 280))
    assert [p.path for p in caught.value.problems] == ["tokens[0].name"]


@pytest.mark.parametrize(
    "code",
    [
        "pass",  # gone before reading a byte
        "raise SystemExit(3)",
        READ + "print('hello')",
        READ + "sys.stdout.write('tactical-save-child 1 {\"size\": 99}\\n{')",
        READ + "sys.stdout.write('tactical-save-child 1 [1, 2]\\n')",
    ],
    ids=["exits", "fails", "nonsense", "cut-short", "not-an-answer"],
)
def test_a_child_that_gives_no_answer_leaves_the_save_to_this_process(
    child_for_all: None, code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(save_child_module, "child_command", lambda: [sys.executable, "-c", code])
    assert made(busy_map()) == encounter_bytes(busy_map())


def test_a_child_that_takes_too_long_is_stopped_and_the_save_made_here(
    child_for_all: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(save_child_module, "TIMEOUT_SECONDS", 0.5)
    sleeper = "import sys, time; sys.stdin.buffer.read(); time.sleep(60)"
    monkeypatch.setattr(save_child_module, "child_command", lambda: [sys.executable, "-c", sleeper])
    began = time.monotonic()
    assert made(busy_map()) == encounter_bytes(busy_map())
    assert time.monotonic() - began < 30


def test_a_small_map_is_made_here_without_a_child(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_child(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a child started for a small map")

    monkeypatch.setattr(save_child_module, "SaveChild", no_child)
    assert made(busy_map()) == encounter_bytes(busy_map())


def test_a_snapshot_is_not_changed_by_later_edits() -> None:
    encounter = busy_map()
    snapshot = take_snapshot(encounter)
    before = b"".join(file_chunks(proven_parts(snapshot)))
    encounter.tokens["g1"].statuses["Slowed"] = 5
    encounter.tokens["g1"].figures["hp"] = 1
    encounter.tokens["g2"].name = "Renamed"
    encounter.procedure_state["order"].append("g2")
    assert b"".join(file_chunks(proven_parts(snapshot))) == before


@pytest.mark.skipif(os.name != "posix", reason="a shell script stands in for the folder app")
@pytest.mark.usefixtures("only_the_child")
def test_the_folder_app_makes_the_file_with_its_own_program(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the PyInstaller folder app ``sys.executable`` is the app (packaging/launch.py)."""
    program = tmp_path / "tactical"
    program.write_text(
        f'#!/bin/sh\nexec "{sys.executable}" "{ROOT / "packaging" / "launch.py"}" "$@"\n',
        encoding="utf-8",
    )
    program.chmod(0o755)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(program))
    assert child_command() == [str(program), CHILD_ARGUMENT]
    assert made(busy_map()) == encounter_bytes(busy_map())

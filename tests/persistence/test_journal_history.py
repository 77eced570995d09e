"""The undo history a recovery journal rebuilds (Qt-free): each step undoes exactly what its
records changed; a journal of version 2 still recovers, without a history; a damaged step
refuses the journal naming its line."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from tactical.persistence import LoadError, encounter_bytes, save_encounter
from tactical.persistence.journal_replay import recover

from ..app.conftest import small_grid

HERO = {
    "id": "hero",
    "name": "Hero",
    "side": "pcs",
    "size": 1,
    "speed": 4,
    "image": None,
    "statuses": {},
    "figures": {},
    "hidden": False,
}


def journal(tmp_path: Path, records: list[dict[str, Any]], version: int = 3) -> Path:
    base = tmp_path / "recovery.tactical.json"
    save_encounter(small_grid(), base)
    header = {
        "format": "tactical.journal",
        "version": version,
        "base_sha256": hashlib.sha256(base.read_bytes()).hexdigest(),
    }
    lines = [header] + [{"n": n, "time": 1.0, **r} for n, r in enumerate(records, 1)]
    path = tmp_path / "recovery.journal"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return base


def push(text: str, by: str = "GM") -> list[dict[str, Any]]:
    return [{"do": "push", "text": text, "by": by}]


def moved(square: list[int]) -> dict[str, Any]:
    return {"tokens": {"put": [{**HERO, "position": square}]}}


def test_each_step_undoes_and_redoes_what_its_records_changed(tmp_path: Path) -> None:
    base = journal(
        tmp_path,
        [
            {"step": push("Move Hero"), **moved([2, 1])},
            {"step": [{"do": "merge"}], **moved([3, 1])},  # the same drag
            {"step": push("Paint terrain", "Bram's phone"), "squares": [[4, 4, 3, "d"]]},
            {"step": push("Move Hero"), **moved([5, 5])},
            {"step": [{"do": "undo"}], **moved([3, 1])},
        ],
    )
    recovered = recover(base, tmp_path / "recovery.journal")
    encounter, history = recovered.encounter, recovered.history
    assert [(s.text, s.by) for s in history.steps] == [
        ("Move Hero", "GM"),
        ("Paint terrain", "Bram's phone"),
        ("Move Hero", "GM"),
    ]
    assert history.index == 2
    assert encounter.tokens["hero"].position == (3, 1)
    grid = encounter.grid
    assert grid is not None and grid.elevation_at((4, 4)) == 3
    history.steps[1].parts.undo(encounter)
    assert grid.elevation_at((4, 4)) == 0  # as in the base
    history.steps[0].parts.undo(encounter)
    assert encounter_bytes(encounter) == encounter_bytes(small_grid())
    for step in history.steps:  # the step undone before the crash redoes too
        step.parts.redo(encounter)
    assert encounter.tokens["hero"].position == (5, 5)
    assert grid.elevation_at((4, 4)) == 3


def test_steps_from_before_the_base_are_left_out(tmp_path: Path) -> None:
    # an undo of a step the journal never saw: the steps below it cannot be undone
    base = journal(
        tmp_path,
        [
            {"step": push("Move Hero"), **moved([2, 1])},
            {"step": [{"do": "undo"}], **moved([1, 1])},
            {"step": [{"do": "undo"}], "squares": [[0, 0, 1, "."]]},  # one from before the base
            {"step": push("Move Hero"), **moved([6, 1])},
        ],
    )
    history = recover(base, tmp_path / "recovery.journal").history
    assert [s.text for s in history.steps] == ["Move Hero"] and history.index == 1


def test_a_journal_of_version_2_still_recovers_without_a_history(tmp_path: Path) -> None:
    base = journal(tmp_path, [moved([2, 1])], version=2)
    recovered = recover(base, tmp_path / "recovery.journal")
    assert recovered.encounter.tokens["hero"].position == (2, 1)
    assert recovered.history.steps == []


@pytest.mark.parametrize(
    ("step", "said"),
    [
        ([{"do": "jump"}], "recovery.journal line 3 step[0].do"),
        ({"do": "push"}, "recovery.journal line 3 step"),
        ([{"do": "push", "text": 7}], "recovery.journal line 3 step[0].text"),
    ],
)
def test_a_damaged_step_refuses_the_journal_naming_its_line(
    tmp_path: Path, step: object, said: str
) -> None:
    base = journal(tmp_path, [{"step": push("Move Hero"), **moved([2, 1])}, {"step": step}])
    before = (tmp_path / "recovery.journal").read_bytes()
    with pytest.raises(LoadError) as caught:
        recover(base, tmp_path / "recovery.journal")
    assert said in str(caught.value)
    assert (tmp_path / "recovery.journal").read_bytes() == before


def test_a_step_whose_value_is_no_token_names_its_line(tmp_path: Path) -> None:
    base = journal(
        tmp_path,
        [{"step": push("Move Hero"), "tokens": {"put": [{**HERO, "size": "huge"}]}}],
    )
    with pytest.raises(LoadError) as caught:
        recover(base, tmp_path / "recovery.journal")
    assert "recovery.journal line 2" in str(caught.value)

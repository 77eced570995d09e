"""Saving is atomic: a failure mid-save leaves the old file intact and no temporary file."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.tokens import Token
from tactical.persistence import dumps_encounter, load_encounter, save_encounter


def make_encounter(name: str) -> Encounter:
    return Encounter(
        GridMap.from_text("0 1 2\n0 0d 1x"),
        [Token("aldric", "Ser Aldric", "pcs", (0, 0))],
        name=name,
    )


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    path = tmp_path / "fight.tactical.json"
    save_encounter(make_encounter("Old"), path)
    return path


def test_save_writes_exactly_the_dumped_text(saved: Path) -> None:
    assert saved.read_text(encoding="utf-8") == dumps_encounter(make_encounter("Old"))
    assert sorted(p.name for p in saved.parent.iterdir()) == ["fight.tactical.json"]


def test_a_failing_rename_leaves_the_old_file_and_no_temp(
    saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = saved.read_bytes()

    def failing_replace(src: object, dst: object) -> None:
        raise OSError(errno.EIO, "simulated crash during rename")

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(OSError, match="simulated crash"):
        save_encounter(make_encounter("New"), saved)
    assert saved.read_bytes() == before
    assert sorted(p.name for p in saved.parent.iterdir()) == ["fight.tactical.json"]
    assert load_encounter(saved).name == "Old"


def test_a_full_disk_mid_write_leaves_the_old_file_and_no_temp(
    saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = saved.read_bytes()
    real_write = os.write
    calls = []

    def write_some_then_fail(fd: int, data: bytes | memoryview) -> int:
        calls.append(len(data))
        if len(calls) == 1:
            return real_write(fd, bytes(data[:10]))  # a short write, then the disk is full
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", write_some_then_fail)
    with pytest.raises(OSError) as caught:
        save_encounter(make_encounter("New"), saved)
    assert caught.value.errno == errno.ENOSPC
    assert len(calls) == 2
    assert saved.read_bytes() == before
    assert sorted(p.name for p in saved.parent.iterdir()) == ["fight.tactical.json"]


def test_a_failing_fsync_leaves_the_old_file(saved: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = saved.read_bytes()

    def failing_fsync(fd: int) -> None:
        raise OSError(errno.EIO, "simulated I/O error")

    monkeypatch.setattr(os, "fsync", failing_fsync)
    with pytest.raises(OSError):
        save_encounter(make_encounter("New"), saved)
    assert saved.read_bytes() == before
    assert sorted(p.name for p in saved.parent.iterdir()) == ["fight.tactical.json"]


def test_save_replaces_and_keeps_permissions(saved: Path) -> None:
    saved.chmod(0o640)
    save_encounter(make_encounter("New"), saved)
    assert load_encounter(saved).name == "New"
    assert stat.S_IMODE(saved.stat().st_mode) == 0o640


def test_save_through_a_symlink_keeps_the_link(saved: Path) -> None:
    link = saved.parent / "link.tactical.json"
    link.symlink_to(saved)
    save_encounter(make_encounter("Via link"), link)
    assert link.is_symlink()
    assert load_encounter(saved).name == "Via link"

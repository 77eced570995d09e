"""A named pipe, a device or a link to one is refused before anything reads it.

Before: a pipe hung ``validate``, ``import``, ``snapshot`` and the window forever,
and a picture that was a link to a device grew memory by a gigabyte a second.
Commands run in a subprocess with a timeout and a memory cap, in-process reads
under :func:`guarded`, so a regression fails instead of hanging.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.pictures import Picture
from tactical.core.tokens import Token
from tactical.persistence import save_encounter

from ..app.conftest import make_window, settings
from ..persistence.uvtt_files import png, uvtt, write
from .conftest import device_link, fifo, guarded, one_line, run

__all__ = ["make_window", "settings"]  # fixtures for the window tests below

PIPE = "is a named pipe, not a file: tactical reads only regular files"
DEVICE = "is a device, not a file: tactical reads only regular files"


@pytest.mark.parametrize("make", ["pipe", "zero", "urandom"])
def test_validate_refuses_a_pipe_or_a_device_at_once(tmp_path: Path, make: str) -> None:
    path = tmp_path / "map.tactical.json"
    if make == "pipe":
        fifo(path)
    else:
        device_link(path, f"/dev/{make}")
    result = run("validate", path)
    assert result.returncode == 1
    assert one_line(result.stdout) == f"{path}: {PIPE if make == 'pipe' else DEVICE}"


@pytest.mark.parametrize("command", ["snapshot", "export"])
def test_snapshot_and_export_refuse_a_pipe_as_their_encounter(tmp_path: Path, command: str) -> None:
    path = fifo(tmp_path / "map.tactical.json")
    out = tmp_path / ("out.png" if command == "snapshot" else "out.uvtt")
    args = [path, out] if command == "snapshot" else [path, "-o", out]
    result = run(command, *args)
    assert result.returncode == 1
    assert one_line(result.stderr) == f"{path}: {PIPE}"
    assert not out.exists()


def test_import_refuses_a_pipe_as_its_file(tmp_path: Path) -> None:
    path = fifo(tmp_path / "cave.dd2vtt")
    result = run("import", path)
    assert result.returncode == 1
    assert one_line(result.stderr) == f"{path}: {PIPE}"


@pytest.mark.parametrize("make", ["pipe", "urandom"])
def test_import_refuses_a_picture_beside_it_that_is_a_pipe_or_a_device(
    tmp_path: Path, make: str
) -> None:
    source = write(tmp_path / "cave.dd2vtt", uvtt(image="cave.png"))
    beside = tmp_path / "cave.png"
    fifo(beside) if make == "pipe" else device_link(beside, "/dev/urandom")
    result = run("import", source)
    assert result.returncode == 1
    line = one_line(result.stderr)
    assert line.startswith(f"{source}: image: the picture is missing")
    assert line.endswith(
        f"the picture beside the file {PIPE}"
        if make == "pipe"
        else "that path leads out of the file's folder"  # to /dev, through the link
    )
    assert not (tmp_path / "cave.tactical.json").exists()


def _token_art_encounter(folder: Path, picture_path: str) -> Path:
    encounter = Encounter(
        GridMap(4, 3),
        [Token("gob", "Goblin", "npcs", (1, 1), image="art")],
        pictures=[Picture("art", path=picture_path)],
    )
    path = folder / "fight.tactical.json"
    save_encounter(encounter, path)
    return path


@pytest.mark.parametrize("make", ["pipe", "zero"])
def test_a_snapshot_draws_a_token_whose_picture_is_a_pipe_or_a_device_as_a_plain_disc(
    tmp_path: Path, make: str
) -> None:
    path = _token_art_encounter(tmp_path, "goblin.png")
    fifo(tmp_path / "goblin.png") if make == "pipe" else device_link(tmp_path / "goblin.png")
    out = tmp_path / "shot.png"
    result = run("snapshot", path, out, "--dpi", "36")
    assert result.returncode == 0, result.stderr
    assert out.is_file()


def test_the_safe_reader_reads_at_most_its_cap_whatever_the_size_says(tmp_path: Path) -> None:
    from tactical.persistence.safe_read import ReadRefused, read_regular_file

    big = tmp_path / "big.bin"
    big.write_bytes(b"x" * 101)
    with pytest.raises(ReadRefused, match="is larger than"):
        read_regular_file(big, 100)
    assert read_regular_file(big, 101) == b"x" * 101
    with guarded(), pytest.raises(ReadRefused, match="is a device"):
        read_regular_file(device_link(tmp_path / "zero"), 100)
    with pytest.raises(ReadRefused, match="is a folder"):
        read_regular_file(tmp_path, 100)


def test_the_window_refuses_to_open_a_pipe(make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    path = fifo(tmp_path / "map.tactical.json")
    before = window.document.encounter
    with guarded():
        assert not window.files.load_path(path)
    assert window.document.encounter is before
    assert window.errors and PIPE in window.errors[0][1]


def test_the_window_refuses_to_import_a_pipe(make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from tactical.app.storage.import_export import open_foreign_file

    window = make_window()
    path = fifo(tmp_path / "cave.dd2vtt")
    with guarded():
        assert not open_foreign_file(window, path)
    assert window.errors and PIPE in window.errors[0][1]


@pytest.mark.parametrize("make", ["pipe", "zero"])
def test_a_dropped_or_chosen_picture_that_is_a_pipe_or_a_device_is_refused(
    tmp_path: Path, make: str, qapp: object
) -> None:
    from tactical.app.players.table_screen.handout_file import HandoutError, read_handout
    from tactical.app.storage.pictures import PictureError, read_picture_file

    path = tmp_path / "art.png"
    fifo(path) if make == "pipe" else device_link(path)
    with guarded(), pytest.raises(PictureError, match=PIPE if make == "pipe" else DEVICE):
        read_picture_file(path)
    with guarded(), pytest.raises(HandoutError, match="not a file"):
        read_handout(path)


@pytest.mark.parametrize("make", ["pipe", "urandom"])
def test_the_window_draws_a_token_whose_picture_is_a_pipe_or_a_device_as_a_plain_disc(
    make_window, tmp_path: Path, make: str
) -> None:  # type: ignore[no-untyped-def]
    from tactical.app.map.scene.token_pictures import token_pictures

    art = tmp_path / "goblin.png"
    fifo(art) if make == "pipe" else device_link(art, "/dev/urandom")
    path = _token_art_encounter(tmp_path, "goblin.png")
    window = make_window()
    with guarded():
        assert window.files.load_path(path)
        pictures = token_pictures(window.document)
        assert pictures.pixmap("art", 1) is None
    expected = PIPE if make == "pipe" else "its path leads out of the encounter's folder"
    assert pictures.problems["art"].startswith(expected)


def test_a_picture_beside_a_file_is_read_from_a_regular_file(tmp_path: Path) -> None:
    source = write(tmp_path / "cave.dd2vtt", uvtt(image="cave.png"))
    (tmp_path / "cave.png").write_bytes(png(40, 30))
    result = run("import", source)
    assert result.returncode == 0, result.stderr
    saved = json.loads((tmp_path / "cave.tactical.json").read_text())
    assert len(saved["pictures"]) == 1

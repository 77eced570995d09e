"""No command writes over what it reads or over a file it was not asked to replace,
and a write that cannot happen is one plain line naming the user's file."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from tactical.persistence import load_encounter, save_encounter

from ..app.conftest import make_window, settings
from ..persistence.uvtt_files import uvtt, write
from .conftest import one_line, run_here

__all__ = ["make_window", "settings"]  # fixtures for the window test below


def _uvtt_file(folder: Path, name: str = "cave.dd2vtt") -> Path:
    return write(folder / name, uvtt())


def test_export_onto_its_own_input_is_refused_and_the_file_is_kept(
    example: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = example.read_bytes()
    status, out, err = run_here(capsys, "export", example, "-o", example)
    assert status == 1 and out == ""
    assert one_line(err) == (
        f"{example}: is the file being read ({example}); name another file to write"
    )
    assert example.read_bytes() == before


def test_export_through_a_link_to_its_input_is_refused(
    example: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = example.read_bytes()
    link = example.with_name("map.uvtt")
    link.symlink_to(example.name)
    hard = example.with_name("hard.uvtt")
    os.link(example, hard)
    for out in (link, hard):
        status, _out, err = run_here(capsys, "export", example, "-o", out)
        assert status == 1 and "is the file being read" in one_line(err)
    assert example.read_bytes() == before and link.is_symlink()


def test_import_onto_its_own_input_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _uvtt_file(tmp_path)
    before = source.read_bytes()
    status, _out, err = run_here(capsys, "import", source, "-o", source)
    assert status == 1 and "is the file being read" in one_line(err)
    link = tmp_path / "out.tactical.json"
    link.symlink_to(source)
    status, _out, err = run_here(capsys, "import", source, "-o", link)
    assert status == 1 and "is the file being read" in one_line(err)
    assert source.read_bytes() == before


def test_a_snapshot_onto_its_own_input_through_a_link_is_refused(
    example: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = example.read_bytes()
    link = example.with_name("shot.png")
    link.symlink_to(example)
    status, _out, err = run_here(capsys, "snapshot", example, link)
    assert status == 1 and "is the file being read" in one_line(err)
    assert example.read_bytes() == before


def test_import_without_o_keeps_an_edited_encounter_beside_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], example: Path
) -> None:
    source = _uvtt_file(tmp_path, "crypt.dd2vtt")  # beside crypt.tactical.json, the GM's work
    before = example.read_bytes()
    tokens = len(load_encounter(example).tokens)
    assert tokens > 0
    status, out, err = run_here(capsys, "import", source)
    assert status == 1 and out == ""
    assert one_line(err) == (
        f"{example}: exists already and is kept; choose another name with -o OUT, "
        "or replace it with --force"
    )
    assert example.read_bytes() == before
    status, out, _err = run_here(capsys, "import", source, "--force")
    assert status == 0 and out.startswith(f"{example}: imported Universal VTT")
    assert len(load_encounter(example).tokens) == 0  # replaced, as asked


@pytest.mark.parametrize("command", ["snapshot", "import", "export"])
def test_a_missing_folder_or_a_folder_as_output_is_one_plain_line(
    command: str, tmp_path: Path, example: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _uvtt_file(tmp_path) if command == "import" else example
    suffix = {"snapshot": ".png", "import": ".tactical.json", "export": ".uvtt"}[command]
    missing = tmp_path / "no-such-folder" / f"out{suffix}"
    extra = ["-o"] if command != "snapshot" else []
    status, _out, err = run_here(capsys, command, source, *extra, missing)
    assert status == 1
    assert one_line(err) == f"{missing}: cannot be written: there is no folder {missing.parent}"
    folder = tmp_path / f"folder{suffix}"
    folder.mkdir()
    status, _out, err = run_here(capsys, command, source, *extra, folder)
    assert status == 1 and one_line(err) == f"{folder}: is a folder; name a file to write"
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize("command", ["snapshot", "import", "export"])
def test_a_read_only_folder_is_one_line_naming_the_users_file_not_a_temporary(
    command: str,
    tmp_path: Path,
    example: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    source = _uvtt_file(tmp_path) if command == "import" else example
    suffix = {"snapshot": ".pdf", "import": ".tactical.json", "export": ".uvtt"}[command]
    out = tmp_path / "sub" / f"out{suffix}"
    out.parent.mkdir()
    real_open = os.open

    def read_only(path: str | os.PathLike[str], flags: int, *args: int) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT) and Path(path).parent == out.parent:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", read_only)  # root may write anywhere: the folder refuses
    if command == "snapshot":  # Qt writes the PDF itself: the folder refuses it a file
        monkeypatch.setattr(
            "tactical.app.snapshot.render.print_book",
            lambda *args: (_ for _ in ()).throw(OSError(errno.EACCES, "Permission denied")),
        )
    extra = ["-o"] if command != "snapshot" else []
    status, _out, err = run_here(capsys, command, source, *extra, out)
    assert status == 1
    line = one_line(err)
    assert line.startswith(f"{out}: cannot be written: ") and "permission denied" in line
    assert ".tmp" not in line and ".part" not in line and ".tactical-" not in line
    assert list(out.parent.iterdir()) == []


@pytest.mark.parametrize("command", ["snapshot", "import", "export"])
def test_an_output_name_of_250_bytes_works(
    command: str, tmp_path: Path, example: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _uvtt_file(tmp_path) if command == "import" else example
    suffix = {"snapshot": ".png", "import": ".tactical.json", "export": ".uvtt"}[command]
    out = tmp_path / ("é" * ((250 - len(suffix)) // 2) + "x" * ((250 - len(suffix)) % 2) + suffix)
    assert len(out.name.encode()) == 250
    extra = ["-o"] if command != "snapshot" else ["--dpi", "36"]
    status, _out, err = run_here(
        capsys, command, source, *(["-o", out] if extra == ["-o"] else [out, *extra])
    )
    assert (status, err) == (0, "")
    assert out.is_file() and out.stat().st_size > 0
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_saving_into_a_missing_folder_leaves_nothing_behind(tmp_path: Path, example: Path) -> None:
    with pytest.raises(FileNotFoundError):
        save_encounter(load_encounter(example), tmp_path / "gone" / "x.tactical.json")
    assert not (tmp_path / "gone").exists()


def test_the_window_will_not_export_over_the_map_it_imported(
    make_window,  # type: ignore[no-untyped-def]
    tmp_path: Path,
) -> None:
    from tactical.app.storage.import_export import open_foreign_file

    source = _uvtt_file(tmp_path, "cave.uvtt")
    before = source.read_bytes()
    window = make_window()
    assert open_foreign_file(window, source)
    window.import_export.ask_export_path = lambda: str(source)
    window.import_export.export_action.trigger()
    assert source.read_bytes() == before
    assert window.errors == [
        (
            "Could not export",
            "cave.uvtt is the file this map was read from; export to another name so it is kept.",
        )
    ]


def test_the_window_says_a_failed_save_by_the_users_file_not_a_temporary(
    make_window,  # type: ignore[no-untyped-def]
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = make_window()
    target = tmp_path / "locked" / "cellar.tactical.json"
    target.parent.mkdir()
    real_open = os.open

    def read_only(path: str | os.PathLike[str], flags: int, *args: int) -> int:
        if flags & os.O_CREAT and Path(path).parent == target.parent:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", read_only)
    assert not window.files.save_to(target)
    assert window.errors == [
        (
            "Could not save",
            "cellar.tactical.json could not be saved:\n\n"
            "cannot be written: permission denied (is the folder read-only?)",
        )
    ]

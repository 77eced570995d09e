"""A save never replaces a named pipe, a device or a folder that has the name it writes.

QA: ``mkfifo x.tactical.json``, File > Save as… onto it, Yes to "replace?": the
pipe was replaced by a file. Every writer (save, Save as, autosave, export,
snapshot) now asks one check first and refuses such a target in one plain
line naming the user's file; the target is left as it was.
"""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from tactical.app.snapshot.paged import atomic_file
from tactical.persistence import load_encounter, save_encounter, write_atomic
from tactical.persistence.safe_write import WriteRefused

from ..app.conftest import make_window, settings
from .conftest import fifo, one_line, run_here

__all__ = ["make_window", "settings"]  # fixtures for the window test below

PIPE = "it is a named pipe, not a file; tactical replaces only regular files"


def is_pipe(path: Path) -> bool:
    return stat.S_ISFIFO(path.stat().st_mode)


def test_a_save_onto_a_pipe_or_a_link_to_one_is_refused_and_the_pipe_kept(
    tmp_path: Path, example: Path
) -> None:
    encounter = load_encounter(example)
    pipe = fifo(tmp_path / "x.tactical.json")
    link = tmp_path / "link.tactical.json"
    link.symlink_to(pipe.name)
    for target in (pipe, link):
        with pytest.raises(WriteRefused) as refused:
            save_encounter(encounter, target)
        assert refused.value.strerror == PIPE
    assert is_pipe(pipe) and link.is_symlink()
    with pytest.raises(WriteRefused):  # the autosave's and the export's writer
        write_atomic(pipe, b"{}")
    with pytest.raises(WriteRefused), atomic_file(pipe):  # the snapshot's writer
        pass
    assert is_pipe(pipe)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [example.name, pipe.name, link.name]
    )  # no temporary left behind


def test_save_as_in_the_window_says_so_by_the_users_file(
    make_window,  # type: ignore[no-untyped-def]
    tmp_path: Path,
) -> None:
    window = make_window()
    pipe = fifo(tmp_path / "x.tactical.json")
    window.files.ask_save_path = lambda: str(pipe)
    assert not window.files.save_as()
    assert window.errors == [
        ("Could not save", f"x.tactical.json could not be saved:\n\ncannot be written: {PIPE}")
    ]
    assert is_pipe(pipe) and window.document.path is None
    window.errors.clear()
    assert window.files.start_save_as()  # Ctrl+Shift+S: written on a worker thread
    window.files.background.wait()
    from PySide6.QtWidgets import QApplication

    QApplication.processEvents()
    assert window.errors == [
        ("Could not save", f"x.tactical.json could not be saved:\n\ncannot be written: {PIPE}")
    ]
    assert is_pipe(pipe)


@pytest.mark.parametrize("command", ["snapshot", "export"])
def test_a_command_refuses_a_pipe_as_its_output_in_one_line(
    command: str, tmp_path: Path, example: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pipe = fifo(tmp_path / ("out.png" if command == "snapshot" else "out.uvtt"))
    extra = ["-o"] if command != "snapshot" else []
    status, _out, err = run_here(capsys, command, example, *extra, pipe)
    assert status == 1
    assert one_line(err) == f"{pipe}: cannot be written: {PIPE}"
    assert is_pipe(pipe)

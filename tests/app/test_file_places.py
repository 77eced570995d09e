"""Where Save as…, Export as Universal VTT and Print to file start: next to the encounter,
or in the GM's documents; never in the installed examples."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtPrintSupport import QPrinter

from tactical.app.storage.file_places import (
    beside,
    documents_dir,
    open_start,
    safe_name,
    save_as_start,
)
from tactical.persistence import load_encounter
from tactical.persistence.examples import examples_dir

from .conftest import MAPS


def test_save_as_starts_next_to_the_file_or_in_the_documents(tmp_path: Path) -> None:
    examples = tmp_path / "installed" / "maps"
    docs = tmp_path / "Documents"
    crypt = tmp_path / "games" / "crypt.tactical.json"
    example = examples / "hillside-ruin.tactical.json"
    where = {"examples": examples, "documents": docs}
    assert save_as_start(crypt, None, [], **where) == crypt
    assert save_as_start(example, None, [], **where) == docs / "hillside-ruin.tactical.json"
    imported = tmp_path / "downloads" / "cave.tactical.json"
    assert save_as_start(None, imported, [], **where) == imported
    assert save_as_start(None, None, [example, crypt], **where) == (
        crypt.parent / "untitled.tactical.json"
    )
    assert save_as_start(None, None, [example], **where) == docs / "untitled.tactical.json"


def test_export_and_print_to_file_propose_a_name_next_to_the_encounter(tmp_path: Path) -> None:
    examples = tmp_path / "installed" / "maps"
    docs = tmp_path / "Documents"
    where = {"examples": examples, "documents": docs}
    crypt = tmp_path / "games" / "Crypt of the Hollow Saint.tactical.json"
    assert beside(crypt, ".uvtt", **where) == crypt.parent / "Crypt of the Hollow Saint.uvtt"
    assert beside(crypt, "-print.pdf", **where) == (
        crypt.parent / "Crypt of the Hollow Saint-print.pdf"
    )
    example = examples / "thrum.tactical.json"
    assert beside(example, ".uvtt", **where) == docs / "thrum.uvtt"
    cave = tmp_path / "cave.dd2vtt"
    assert beside(None, ".uvtt", imported_from=cave, **where) == docs / "cave.uvtt"
    assert beside(None, "-print.pdf", **where) == docs / "untitled-print.pdf"
    assert safe_name("Crypt: part 1/2") == "Crypt- part 1-2"


def test_the_window_s_dialogs_use_those_places(make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    example = MAPS / "thrum.tactical.json"
    assert examples_dir() is not None and example.parent.resolve() == examples_dir().resolve()
    window = make_window(load_encounter(example), example)
    docs = documents_dir()
    assert Path(window.files.save_start()) == docs / "thrum.tactical.json"
    assert Path(window.import_export.export_start()) == docs / "thrum.uvtt"
    printing = window.printing
    printer = QPrinter()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)  # no printer here: a PDF file
    printing.propose_file(printer)
    assert Path(printer.outputFileName()) == docs / "thrum-print.pdf"
    assert printer.docName() == "thrum-print"
    mine = tmp_path / "games" / "crypt.tactical.json"
    mine.parent.mkdir()
    window.document.path = mine
    assert Path(window.files.save_start()) == mine
    assert Path(window.import_export.export_start()) == mine.parent / "crypt.uvtt"
    printing.propose_file(printer)  # the proposal follows the file
    assert Path(printer.outputFileName()) == mine.parent / "crypt-print.pdf"
    printer.setOutputFileName(str(tmp_path / "chosen.pdf"))  # the GM chose a file: kept
    printing.propose_file(printer)
    assert Path(printer.outputFileName()) == tmp_path / "chosen.pdf"


def test_every_dialog_that_picks_a_file_starts_beside_it_or_in_the_documents(
    make_window, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """Open, import, the background picture, a token's picture and a handout: beside the
    GM's file, in the documents for an installed example, never in the examples folder."""
    from PySide6.QtWidgets import QFileDialog

    starts: list[Path] = []

    def choose_nothing(_parent: object, _title: str, start: str, *_: object) -> tuple[str, str]:
        starts.append(Path(start))
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(choose_nothing))
    example = MAPS / "crypt-fog.tactical.json"
    window = make_window(load_encounter(example), example)
    dialogs = {
        "Open": window.files._dialog_open,
        "Import": window.import_export._dialog_import,
        "Background picture": window.backgrounds._dialog_picture_path,
        "Token picture": window.token_palette._dialog_path,
        "Show a handout": window.table_screen.ask_handout,
    }
    for ask in dialogs.values():
        ask()
    assert dict(zip(dialogs, starts, strict=True)) == dict.fromkeys(dialogs, documents_dir())
    mine = tmp_path / "games" / "crypt.tactical.json"
    mine.parent.mkdir()
    window.document.path = mine
    starts.clear()
    for ask in dialogs.values():
        ask()
    assert dict(zip(dialogs, starts, strict=True)) == dict.fromkeys(dialogs, mine.parent)


def test_an_unsaved_encounter_opens_dialogs_beside_the_last_file_used(tmp_path: Path) -> None:
    examples = tmp_path / "installed" / "maps"
    docs = tmp_path / "Documents"
    where = {"examples": examples, "documents": docs}
    crypt = tmp_path / "games" / "crypt.tactical.json"
    example = examples / "thrum.tactical.json"
    assert open_start(crypt, [], **where) == crypt.parent
    assert open_start(example, [crypt], **where) == docs
    assert open_start(None, [example, crypt], **where) == crypt.parent
    assert open_start(None, [example], **where) == docs

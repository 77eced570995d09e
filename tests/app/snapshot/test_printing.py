"""File > Print… and Print preview…: the same pages as the PDF export, on the printer's paper."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtGui import QAction, QPageLayout, QPageSize
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog, QPrintPreviewWidget
from PySide6.QtWidgets import QDialogButtonBox

from tactical.app.snapshot.dialog import SnapshotDialog
from tactical.app.snapshot.printing import install_printing, printer_margins
from tactical.app.snapshot.progress import PageProgress
from tactical.app.snapshot.render import SnapshotOptions
from tactical.persistence import load_encounter

from .fights import HILLSIDE, started_thrum
from .test_render import pdf_pages, pdf_text


def to_file(path: Path, paper: QPageSize.PageSizeId | None = None, portrait: bool = False):  # type: ignore[no-untyped-def]
    """A stand-in for the print dialog: the user picks "print to file" (and a paper)."""

    def accept(printer: QPrinter) -> bool:
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(path))
        if paper is not None:
            printer.setPageSize(QPageSize(paper))
        if portrait:
            printer.setPageOrientation(QPageLayout.Orientation.Portrait)
        return True

    return accept


def media_box(path: Path) -> tuple[float, float]:
    width, height = re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", path.read_bytes())[0]
    return float(width), float(height)


def test_print_at_table_scale_to_a_pdf_printer(make_services, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    services = make_services(load_encounter(HILLSIDE), HILLSIDE)
    printing = install_printing(services)
    asked: list[bool] = []
    printing.ask_options = lambda: asked.append(True) or SnapshotOptions(table_scale=True)
    out = tmp_path / "printed.pdf"
    printing.ask_printer = to_file(out)
    printing.actions[0].trigger()
    assert asked == [True]
    # a PDF printer reports no margins: 5 x 6 tiles still, and the cover
    assert pdf_pages(out) == 31
    assert media_box(out) == pytest.approx((842, 595), abs=1)  # A4 landscape
    text = pdf_text(out).split("\f")
    assert "Hillside ruin" in text[0]
    assert re.search(r"^\s*A1\b", text[1], re.M) and "page 2 of 31" in text[1]
    assert (
        services.host.statusBar().currentMessage()
        == "Printed 31 pages (players' view, table scale)"
    )
    assert printing.last == SnapshotOptions(table_scale=True)


def test_the_printer_s_paper_and_orientation_win_and_the_players_see_no_secret(
    make_services, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    encounter, _controller = started_thrum()
    services = make_services(encounter)
    printing = install_printing(services)
    printing.ask_options = lambda: SnapshotOptions()
    out = tmp_path / "letter.pdf"
    printing.ask_printer = to_file(out, QPageSize.PageSizeId.Letter, portrait=True)
    assert printing.print_pages() == 1
    assert media_box(out) == pytest.approx((612, 792), abs=1)  # Letter, portrait
    text = pdf_text(out)
    assert "Kestrel" in text and "Ambusher" not in text


def test_a_paper_tactical_does_not_lay_out_is_refused_and_cancel_prints_nothing(
    make_services, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    printing = install_printing(services)
    errors: list[tuple[str, str]] = []
    printing.show_error = lambda title, text: errors.append((title, text))
    printing.ask_options = lambda: SnapshotOptions(table_scale=True)
    printing.ask_printer = to_file(tmp_path / "a5.pdf", QPageSize.PageSizeId.A5)
    assert printing.print_pages() is None
    assert errors == [
        (
            "Not printed",
            "tactical prints on A4, A3, Letter, Legal; the printer is set to another paper",
        )
    ]
    printing.ask_printer = lambda printer: False  # Cancel in the print dialog
    assert printing.print_pages() is None
    printing.ask_options = lambda: None  # Cancel in the options
    assert printing.print_pages() is None
    assert list(tmp_path.glob("*.pdf")) == []


def test_cancelling_a_long_print_stops_it(make_services, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    services = make_services(load_encounter(HILLSIDE), HILLSIDE)
    printing = install_printing(services)
    printing.ask_options = lambda: SnapshotOptions(table_scale=True)
    folder = tmp_path / "prints"
    folder.mkdir()
    printing.ask_printer = to_file(folder / "stopped.pdf")
    seen: list[int] = []
    printing.make_progress = lambda label: lambda done, total: seen.append(done) or done < 4
    assert printing.print_pages() is None
    assert seen == [1, 2, 3, 4]
    assert services.host.statusBar().currentMessage() == "Printing cancelled"
    assert list(folder.iterdir()) == []  # no half-printed file


def test_the_preview_shows_the_same_pages(make_services, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    services = make_services(load_encounter(HILLSIDE), HILLSIDE)
    printing = install_printing(services)
    printing.ask_options = lambda: SnapshotOptions(table_scale=True, mode="gm")
    counted: list[int] = []

    def exec_(dialog: QPrintPreviewDialog) -> int:
        preview = dialog.findChild(QPrintPreviewWidget)
        preview.updatePreview()
        counted.append(preview.pageCount())
        return 0

    monkeypatch.setattr(QPrintPreviewDialog, "exec", exec_)
    printing.actions[1].trigger()
    assert counted == [31]
    assert printing.last.mode == "players"  # the GM's view was for this preview only


def test_printer_margins_are_the_printer_s_minimum(qtbot) -> None:  # type: ignore[no-untyped-def]
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    margins = printer_margins(printer)
    assert (margins.left, margins.top, margins.right, margins.bottom) == (0, 0, 0, 0)


def test_the_progress_dialog_cancels(qtbot) -> None:  # type: ignore[no-untyped-def]
    progress = PageProgress(None, "Writing map.pdf")
    assert progress(1, 300) is True
    assert progress.dialog is not None and progress.dialog.maximum() == 300
    assert progress.dialog.labelText() == "Writing map.pdf\npage 1 of 300"
    progress.dialog.cancel()
    assert progress(2, 300) is False
    progress.close()
    assert progress.dialog is None


def test_the_preview_s_options_say_preview_and_print_says_print(make_services, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    services = make_services(load_encounter(HILLSIDE), HILLSIDE)
    printing = install_printing(services)
    asked: list[tuple[str, str]] = []

    def exec_(dialog: SnapshotDialog) -> int:
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        asked.append((dialog.windowTitle(), ok.text()))
        return 0  # cancelled: nothing printed or previewed

    monkeypatch.setattr(SnapshotDialog, "exec", exec_)
    print_action, preview_action = printing.actions
    preview_action.trigger()
    print_action.trigger()
    assert asked == [
        ("Print preview", "Preview\N{HORIZONTAL ELLIPSIS}"),
        ("Print", "Print\N{HORIZONTAL ELLIPSIS}"),
    ]


def test_a_print_to_file_replaces_an_older_print_only_when_every_page_is_done(
    make_services, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    services = make_services(load_encounter(HILLSIDE), HILLSIDE)
    printing = install_printing(services)
    printing.ask_options = lambda: SnapshotOptions(table_scale=True)
    folder = tmp_path / "prints"
    folder.mkdir()
    older = folder / "hillside-print.pdf"
    older.write_bytes(b"%PDF-1.4 last week's print")
    printing.ask_printer = to_file(older)
    printing.make_progress = lambda label: lambda done, total: done < 4
    assert printing.print_pages() is None  # cancelled after four pages
    assert older.read_bytes() == b"%PDF-1.4 last week's print"  # the older print is whole
    assert sorted(p.name for p in folder.iterdir()) == ["hillside-print.pdf"]
    printing.make_progress = lambda label: lambda done, total: True
    assert printing.print_pages() == 31
    assert pdf_pages(older) == 31  # replaced once every page was written
    assert printing.printer is not None and Path(printing.printer.outputFileName()) == older


def test_print_to_file_never_writes_over_the_open_encounter_or_a_pipe(
    make_services, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    import os

    folder = tmp_path / "games"
    folder.mkdir()
    mine = folder / "hillside.tactical.json"
    mine.write_bytes(HILLSIDE.read_bytes())
    services = make_services(load_encounter(mine), mine)
    printing = install_printing(services)
    errors: list[tuple[str, str]] = []
    printing.show_error = lambda title, text: errors.append((title, text))
    printing.ask_options = lambda: SnapshotOptions(table_scale=True)
    printing.ask_printer = to_file(mine)
    assert printing.print_pages() is None
    assert mine.read_bytes() == HILLSIDE.read_bytes()
    link = folder / "link.pdf"
    link.symlink_to(mine)
    printing.ask_printer = to_file(link)
    assert printing.print_pages() is None
    assert mine.read_bytes() == HILLSIDE.read_bytes()
    pipe = folder / "pipe.pdf"
    os.mkfifo(pipe)
    printing.ask_printer = to_file(pipe)
    assert printing.print_pages() is None
    assert [title for title, _ in errors] == ["Not printed"] * 3
    assert errors[0][1] == (
        "hillside.tactical.json is the open encounter's file; print to another file"
    )
    assert errors[1][1] == "link.pdf is the open encounter's file; print to another file"
    assert errors[2][1].startswith("pipe.pdf: it is a named pipe")
    assert sorted(p.name for p in folder.iterdir()) == [
        "hillside.tactical.json",
        "link.pdf",
        "pipe.pdf",
    ]


def test_the_preview_s_print_button_prints_as_file_print_does(
    make_services, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    mine = tmp_path / "games" / "hillside.tactical.json"
    mine.parent.mkdir()
    mine.write_bytes(HILLSIDE.read_bytes())
    services = make_services(load_encounter(mine), mine)
    printing = install_printing(services)
    printing.ask_options = lambda: SnapshotOptions(table_scale=True)
    errors: list[tuple[str, str]] = []
    printing.show_error = lambda title, text: errors.append((title, text))
    printing.ask_printer = to_file(mine)  # the GM points the print at the encounter itself
    closed: list[bool] = []

    def exec_(dialog: QPrintPreviewDialog) -> int:
        dialog.finished.connect(lambda result: closed.append(True))
        (button,) = [a for a in dialog.findChildren(QAction) if a.text() == "Print"]
        button.trigger()
        return 1

    monkeypatch.setattr(QPrintPreviewDialog, "exec", exec_)
    printing.actions[1].trigger()
    assert closed == [True]  # the preview closed, then the print dialog was asked
    assert errors == [
        (
            "Not printed",
            "hillside.tactical.json is the open encounter's file; print to another file",
        )
    ]
    assert mine.read_bytes() == HILLSIDE.read_bytes()
    out = tmp_path / "preview-print.pdf"
    printing.ask_printer = to_file(out)
    printing.actions[1].trigger()
    assert pdf_pages(out) == 31

"""File > Export snapshot: options, file name, the file, a status line (the exporter on fake
services; its File menu entry is checked with the window's menus)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage

from tactical.app.snapshot import render as render_module
from tactical.app.snapshot.dialog import SnapshotDialog, SnapshotExporter, with_suffix
from tactical.app.snapshot.render import SnapshotOptions
from tactical.app.storage import file_places
from tactical.persistence import load_encounter
from tactical.persistence.examples import examples_dir

from ..services_kit import FakeServices


def exporter_on(services: FakeServices) -> SnapshotExporter:
    """The snapshot exporter as the window makes it for File > Export snapshot."""
    return SnapshotExporter(
        services.host, services.document, services.view.visible_scene_rect, services.say
    )


def test_a_png_of_the_visible_part(make_services, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    seen: list[QRectF] = []
    real = render_module.export_snapshot  # imported by the export (the drawing, at first use)

    def spy(document, path, options, *, visible=None, **extra):  # type: ignore[no-untyped-def]
        seen.append(visible)
        return real(document, path, options, visible=visible, **extra)

    monkeypatch.setattr(render_module, "export_snapshot", spy)
    exporter = exporter_on(services)
    exporter.ask_options = lambda: SnapshotOptions(whole_map=False, landscape=False, dpi=100)
    exporter.ask_path = lambda options: str(tmp_path / "part.png")
    assert exporter.export() == tmp_path / "part.png"
    assert seen == [services.view.visible_scene_rect()]
    image = QImage(str(tmp_path / "part.png"))
    assert (image.width(), image.height()) == (827, 1169)  # A4 portrait at 100 dpi


def test_cancel_writes_nothing_and_a_failure_is_shown(make_services, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    exporter = exporter_on(services)
    errors: list[tuple[str, str]] = []
    exporter.show_error = lambda title, text: errors.append((title, text))
    exporter.ask_options = lambda: None
    exporter.ask_path = lambda options: str(tmp_path / "never.pdf")
    assert exporter.export() is None
    exporter.ask_options = lambda: SnapshotOptions()
    exporter.ask_path = lambda options: None
    assert exporter.export() is None
    assert list(tmp_path.glob("*.pdf")) == []
    missing = tmp_path / "no such folder" / "x.png"
    exporter.ask_path = lambda options: str(missing)
    assert exporter.export() is None
    assert errors and errors[0][0] == "Snapshot not saved"
    assert errors[0][1].startswith(str(missing))


def test_the_options_dialog_starts_on_the_players_view(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = SnapshotDialog(SnapshotOptions())
    qtbot.addWidget(dialog)
    assert dialog.players.isChecked() and not dialog.gm.isChecked()
    assert dialog.whole.isChecked()
    assert dialog.options() == SnapshotOptions()
    chosen = SnapshotOptions(mode="gm", whole_map=False, page="Letter", landscape=False, dpi=300)
    dialog.set_options(chosen)
    assert dialog.options() == chosen
    dialog.players.setChecked(True)
    assert dialog.options().mode == "players" and not dialog.gm.isChecked()


def test_a_name_without_a_suffix_gets_the_chosen_kind() -> None:
    assert with_suffix("fight") == Path("fight.pdf")
    assert with_suffix("fight", "PNG image (*.png)") == Path("fight.png")
    assert with_suffix("fight.PNG", "PDF document (*.pdf)") == Path("fight.PNG")
    assert with_suffix("a.b/fight.v2") == Path("a.b/fight.v2.pdf")


def test_the_dialog_offers_table_scale_with_its_own_choices(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = SnapshotDialog(SnapshotOptions())
    qtbot.addWidget(dialog)
    assert dialog.fitted.isChecked()
    assert not dialog.square.isEnabled() and not dialog.skip_empty.isEnabled()
    assert [dialog.page.itemText(i) for i in range(dialog.page.count())] == [
        "A4",
        "A3",
        "Letter",
        "Legal",
    ]
    dialog.table_scale.setChecked(True)
    assert dialog.square.isEnabled() and dialog.overlap.isEnabled()
    assert not dialog.whole.isEnabled() and not dialog.dpi.isEnabled()
    assert "A1, A2" in dialog.note.text()
    chosen = SnapshotOptions(
        page="A3", table_scale=True, square_inch=0.75, overlap_mm=15.0, skip_empty=True
    )
    dialog.set_options(chosen)
    assert dialog.options() == chosen
    printing = SnapshotDialog(SnapshotOptions(), printing=True)
    qtbot.addWidget(printing)
    assert printing.windowTitle() == "Print"


def test_a_cancelled_table_scale_export_leaves_no_file(make_services, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from .fights import HILLSIDE

    services = make_services(load_encounter(HILLSIDE), HILLSIDE)
    exporter = exporter_on(services)
    exporter.ask_options = lambda: SnapshotOptions(table_scale=True)
    folder = tmp_path / "prints"
    folder.mkdir()
    exporter.ask_path = lambda options: str(folder / "tiles")
    assert exporter.suggested_name(SnapshotOptions(table_scale=True)).endswith(
        "hillside-ruin-table-scale.pdf"
    )
    exporter.make_progress = lambda label: lambda done, total: done < 3
    assert exporter.export() is None
    assert services.host.statusBar().currentMessage() == "Snapshot cancelled: tiles.pdf not written"
    assert list(folder.iterdir()) == []
    exporter.make_progress = lambda label: lambda done, total: True
    assert exporter.export() == folder / "tiles.pdf"
    assert services.host.statusBar().currentMessage() == (
        "Snapshot saved: tiles.pdf (players' view, table scale, 31 pages)"
    )


def test_an_example_s_snapshot_is_proposed_in_the_documents(
    make_services, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """Issue 34: never in the installed examples' folder (read-only, gone at an update)."""
    documents = tmp_path / "Documents"
    documents.mkdir()
    monkeypatch.setattr(file_places, "documents_dir", lambda: documents)
    example = examples_dir() / "crypt-fog.tactical.json"
    services = make_services(load_encounter(example), example)
    exporter = exporter_on(services)
    assert exporter.suggested_name(SnapshotOptions()) == str(documents / "crypt-fog-snapshot.pdf")
    services.document.path = None  # unsaved: the documents too, not the working folder
    assert exporter.suggested_name(SnapshotOptions()) == str(documents / "untitled-snapshot.pdf")

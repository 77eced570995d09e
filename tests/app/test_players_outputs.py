"""Every players' output of the crypt through one scan (issue 30): nothing under fog, nothing
of a hidden token, not the map's name, not even where a reader would not see it.

maps/crypt-fog: the burial chamber lies under fog, its steps at +1 and its dais at +2,
"Lurking ghoul" stands there (not marked hidden), "The Hollow Saint" is marked hidden,
and the map's name, "Crypt of the Hollow Saint", gives the Saint away.

The outputs: ``tactical snapshot`` as PDF and PNG, at table scale with and without
``--skip-empty``, File > Export snapshot (PDF and PNG), File > Print to a PDF
printer, the player view on the TV (its window, drawn into a PDF so what the
scene draws under the fog shows), and the phones' links (their JSON, the cut art,
the token pictures). Each goes through :func:`tests.app.byte_scan.scan`: the text
a reader extracts, and every byte, streams inflated, metadata included.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QPoint, QRectF
from PySide6.QtGui import QPageSize, QPainter, QPdfWriter

from tactical.app.players.phones.pixels import ArtPixels
from tactical.app.snapshot.render import SnapshotOptions
from tactical.cli import main as cli_main
from tactical.core.changes import GM
from tactical.core.commands.name_shown import ShowNameToPlayers
from tactical.persistence import load_encounter, save_encounter
from tactical.share.links import Link
from tactical.share.publish import builder_for

from .byte_scan import Output, pdf_output, scan
from .conftest import MAPS
from .snapshot.test_printing import to_file

CRYPT = MAPS / "crypt-fog.tactical.json"
MAP_NAME = "Crypt of the Hollow Saint"
NAMES = ("ghoul", "Hollow Saint")
"""The fogged ghoul's name and id, the hidden Saint's name, and the map's name (it holds it)."""
FOGGED_LABELS = ("+1", "+2")
"""The heights of the burial chamber's steps and dais: every such square is under fog."""
PCS = ("ilse", "bram", "oda")


def command_outputs(tmp_path: Path, gm: bool = False, source: Path = CRYPT) -> list[Output]:
    """``tactical snapshot``: PDF and PNG fitted, and table scale with and without skipping."""
    extra = ["--gm"] if gm else []
    outputs = []
    for name, options in (
        ("snapshot.pdf", []),
        ("snapshot.png", []),
        ("table.pdf", ["--table-scale"]),
        ("table-skip.pdf", ["--table-scale", "--skip-empty"]),
    ):
        out = tmp_path / name
        assert cli_main(["snapshot", str(source), str(out), *options, *extra]) == 0
        outputs.append(
            pdf_output(name, out) if name.endswith(".pdf") else Output(name, out.read_bytes())
        )
    return outputs


def window_outputs(window, tmp_path: Path) -> list[Output]:  # type: ignore[no-untyped-def]
    """File > Export snapshot (PDF, PNG) and File > Print to a PDF printer, as the GM does."""
    outputs = []
    exporter = window.file_menu.snapshots
    for name in ("export.pdf", "export.png"):
        exporter.ask_options = lambda: SnapshotOptions()  # the dialog's default: players
        exporter.ask_path = lambda _options, name=name: str(tmp_path / name)
        assert exporter.export() == tmp_path / name
        out = tmp_path / name
        outputs.append(
            pdf_output(name, out) if name.endswith(".pdf") else Output(name, out.read_bytes())
        )
    printing = window.printing
    for name, table in (("printed.pdf", False), ("printed-table.pdf", True)):
        printing.ask_options = lambda table=table: SnapshotOptions(table_scale=table)
        printing.ask_printer = to_file(tmp_path / name)
        printing.actions[0].trigger()
        outputs.append(pdf_output(name, tmp_path / name))
    return outputs


def tv_outputs(window, qtbot, tmp_path: Path) -> list[Output]:  # type: ignore[no-untyped-def]
    """The player view: its scene as the TV draws it, and its whole window, into one PDF."""
    player = window.open_player_view()
    player.resize(1280, 720)
    qtbot.waitExposed(player)
    player.view.fit_map()
    out = tmp_path / "tv.pdf"
    writer = QPdfWriter(str(out))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    painter = QPainter(writer)
    player.view.render(painter, QRectF(0, 0, 4000, 2800))  # what the scene draws, uncached
    writer.newPage()
    player.render(painter, QPoint(0, 0))  # the window: the legend, the fight's summary
    painter.end()
    del writer
    seen = "\n".join([player.windowTitle(), *player.column.lines()])
    seen += "\n" + "\n".join(item.look.name for item in player.scene.token_items.values())
    return [Output("tv window", seen.encode("utf-8"), seen), pdf_output("tv.pdf", out)]


def phone_outputs(encounter_path: Path) -> list[Output]:
    """What the server would send each link: its JSON, its cut art, its token pictures."""
    encounter = load_encounter(encounter_path)
    art = ArtPixels(encounter_path.parent)
    build = builder_for(encounter, art.source(encounter), token_art=art.token_source(encounter))
    links = [Link("t", "table", "Table")] + [Link(pc, "character", pc, pc) for pc in PCS]
    outputs = []
    for link in links:
        view = build(link)
        text = json.dumps(view.data, ensure_ascii=False)
        outputs.append(Output(f"phone {link.label} JSON", text.encode("utf-8"), text))
        if view.art is not None:
            outputs.append(Output(f"phone {link.label} art", view.art.png))
        outputs += [Output(f"phone {link.label} picture", png) for png in view.pictures.values()]
    return outputs


def test_no_players_output_of_the_crypt_holds_the_fog_the_saint_or_the_maps_name(  # type: ignore[no-untyped-def]
    make_window, qtbot, tmp_path: Path
) -> None:
    window = make_window(load_encounter(CRYPT), CRYPT)
    outputs = command_outputs(tmp_path)
    outputs += window_outputs(window, tmp_path)
    outputs += tv_outputs(window, qtbot, tmp_path)
    outputs += phone_outputs(CRYPT)
    assert len(outputs) >= 20
    assert scan(outputs, NAMES, FOGGED_LABELS) == []
    # the scan finds them where they are: in the GM's versions of the same prints
    gm = tmp_path / "gm"
    gm.mkdir()
    leaks = scan(command_outputs(gm, gm=True), NAMES, FOGGED_LABELS)
    for word in (*NAMES, *FOGGED_LABELS):
        assert f"snapshot.pdf: text: {word}" in leaks
    assert "snapshot.pdf: bytes: Hollow Saint" in leaks  # the title in the metadata too


def test_no_phone_gets_the_picture_of_the_ghoul_or_the_saint() -> None:
    encounter = load_encounter(CRYPT)
    art = ArtPixels(CRYPT.parent).token_source(encounter)
    secret = set()
    for token_id in ("ghoul", "saint"):
        image = encounter.tokens[token_id].image
        assert image is not None
        picture = art(image)
        assert picture is not None
        secret.add(picture.png)
    sent = {output.data for output in phone_outputs(CRYPT)}
    assert sent and not secret & sent


def test_the_maps_name_reaches_every_players_output_once_the_gm_shows_it(  # type: ignore[no-untyped-def]
    make_window, qtbot, tmp_path: Path
) -> None:
    window = make_window(load_encounter(CRYPT), CRYPT)
    window.document.push(ShowNameToPlayers(True), GM)
    shown = tmp_path / "shown.tactical.json"
    save_encounter(window.document.encounter, shown)
    outputs = command_outputs(tmp_path, source=shown) + tv_outputs(window, qtbot, tmp_path)
    outputs += phone_outputs(shown)
    leaks = scan(outputs, (MAP_NAME,), ())
    for name in ("snapshot.pdf", "table.pdf", "table-skip.pdf", "tv window"):
        assert f"{name}: text: {MAP_NAME}" in leaks
    assert f"phone Table JSON: text: {MAP_NAME}" in leaks
    assert "snapshot.png: bytes: " + MAP_NAME not in leaks  # a PNG holds only its pixels
    # and nothing else of the chamber or the hidden tokens came with it
    assert scan(outputs, ("ghoul",), FOGGED_LABELS) == []

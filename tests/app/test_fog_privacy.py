"""Nothing under fog reaches the players: not the map, not a token, not its name.

The crypt example has fog on, the hall and corridor found and the burial
chamber under fog, with "Lurking ghoul" standing there NOT marked hidden.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from tactical.app.encounter.document import EncounterDocument
from tactical.app.fog.look import FLAT
from tactical.app.map.geometry import CELL
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.panel.public_view import PublicTracker, public_rows
from tactical.app.players.player_view import PlayerView
from tactical.app.players.secrets import Secrets
from tactical.app.snapshot.content import build_content
from tactical.app.snapshot.render import SnapshotOptions, export_encounter
from tactical.cli import main as cli_main
from tactical.core.changes import GM
from tactical.core.commands import RevealSquares, SetFogSetting, UndoStack
from tactical.core.commands.fog import reveal_all
from tactical.core.encounter import Encounter
from tactical.core.fog import Fog, rectangle_squares
from tactical.persistence import load_encounter
from tactical.rules import ProcedureController

MAPS = Path(__file__).resolve().parents[2] / "maps"
CRYPT = MAPS / "crypt-fog.tactical.json"
GHOUL = "Lurking ghoul"
DAIS = QColor(196, 178, 120)
"""The +2 elevation colour of the dais, in the fogged chamber."""


def crypt() -> Encounter:
    return load_encounter(CRYPT)


def test_the_example_has_the_ghoul_in_fog_and_not_marked_hidden() -> None:
    encounter = crypt()
    ghoul = encounter.tokens["ghoul"]
    assert ghoul.name == GHOUL and not ghoul.hidden
    assert encounter.fog.enabled
    grid = encounter.grid
    assert grid is not None
    found = encounter.fog.mask(grid)
    assert 0.2 < found.mean() < 0.6
    assert found[11, 3] and not found[11, 20]


def test_the_player_scene_leaves_out_a_token_in_fog_until_the_fog_lifts(qtbot) -> None:  # type: ignore[no-untyped-def]
    document = EncounterDocument(crypt())
    players, gm = MapScene(document, player=True), MapScene(document)
    assert "ghoul" not in players.token_items
    assert "ghoul" in gm.token_items
    assert "ilse" in players.token_items
    document.push(RevealSquares([(20, 11)]), GM)
    assert "ghoul" in players.token_items
    document.undo_stack.undo()
    assert "ghoul" not in players.token_items
    document.push(SetFogSetting("enabled", False), GM)
    assert "ghoul" in players.token_items
    assert "saint" not in players.token_items  # marked hidden: never, fog or not


def render(scene: MapScene, encounter: Encounter, px: int = 12) -> QImage:
    """The map of ``scene`` at ``px`` pixels per square."""
    grid = encounter.grid
    assert grid is not None
    image = QImage(grid.width * px, grid.height * px, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), QRectF(0, 0, grid.width * CELL, grid.height * CELL))
    painter.end()
    return image


def pixels(image: QImage) -> np.ndarray:
    ptr = image.constBits()
    data = np.frombuffer(ptr, dtype=np.uint8).reshape(image.height(), image.bytesPerLine())
    return data[:, : image.width() * 4].reshape(image.height(), image.width(), 4)[..., :3]


def test_every_pixel_of_a_fogged_square_is_fog_in_the_player_view(qtbot) -> None:  # type: ignore[no-untyped-def]
    encounter = crypt()
    document = EncounterDocument(encounter)
    view = PlayerView(document, tracker=PublicTracker(document))
    qtbot.addWidget(view)
    image = pixels(render(view.scene, encounter))
    grid = encounter.grid
    assert grid is not None
    found = encounter.fog.mask(grid)
    px = 12
    darkest_floor = 255
    for row in range(grid.height):
        for col in range(grid.width):
            inner = image[row * px + 1 : row * px + px - 1, col * px + 1 : col * px + px - 1]
            if found[row, col]:
                darkest_floor = min(darkest_floor, int(inner.max()))
            else:  # dark cloth only: within a few steps of the fog colour
                assert int(inner.max()) <= max(FLAT) + 20, (col, row)
    assert darkest_floor > 150  # the found floor is drawn (light), not fog
    # The same scene with the fog lifted shows the chamber: the test can fail.
    document.push(reveal_all(encounter), GM)
    lifted = pixels(render(view.scene, encounter))
    assert int(lifted[11 * px + 6, 17 * px + 6].max()) > 150
    view.close()


def test_the_fight_summary_and_secrets_leave_out_tokens_in_fog() -> None:
    encounter = load_encounter(MAPS / "thrum.tactical.json")
    controller = ProcedureController(encounter, UndoStack(encounter).push)
    pcs = [t for t in encounter.tokens.values() if t.side == "pcs"]
    npcs = [t for t in encounter.tokens.values() if t.side != "pcs" and t.square is not None]
    encounter.fog = Fog(enabled=True)
    UndoStack(encounter).push(RevealSquares([s for t in pcs for s in t.occupied()]))
    names = {name for name, *_ in public_rows(encounter, controller.view())}
    assert names == {t.name for t in pcs}
    secrets = Secrets(encounter)
    assert {t.id for t in npcs} <= secrets.hidden_ids
    assert secrets.names_hidden(f"{npcs[0].name} charges")
    encounter.fog.enabled = False
    names = {name for name, *_ in public_rows(encounter, controller.view())}
    assert {t.name for t in npcs if not t.hidden} <= names


def test_the_players_snapshot_content_names_nothing_in_fog() -> None:
    encounter = crypt()
    players = build_content(encounter, None, "players")
    assert not any(GHOUL in text for text in players.texts())
    assert players.elevations == (0,)  # the +1 steps and +2 dais are in the chamber
    assert "impassable" not in players.terrain
    gm = build_content(encounter, None, "gm")
    assert f"{GHOUL} (in fog)" in gm.texts()
    assert gm.elevations == (0, 1, 2)


def colour_count(path: Path, colour: QColor, tolerance: int = 6) -> int:
    image = QImage(str(path)).convertToFormat(QImage.Format.Format_RGB32)
    rgb = pixels(image).astype(np.int16)
    bgr = np.array([colour.blue(), colour.green(), colour.red()], dtype=np.int16)
    return int((np.abs(rgb - bgr).max(axis=2) <= tolerance).sum())


def test_the_players_png_shows_nothing_of_the_chamber_and_the_gm_png_does(
    tmp_path: Path, qtbot
) -> None:  # type: ignore[no-untyped-def]
    players, gm, clear = tmp_path / "players.png", tmp_path / "gm.png", tmp_path / "clear.png"
    assert cli_main(["snapshot", str(CRYPT), str(players)]) == 0
    assert cli_main(["snapshot", "--gm", str(CRYPT), str(gm)]) == 0
    no_fog = crypt()
    no_fog.fog.enabled = False
    export_encounter(no_fog, CRYPT, clear, SnapshotOptions(mode="players"))
    ghoul_purple = QColor("#7d3c98")
    # without fog the players' page shows the dais and the ghoul: the checks can fail
    assert colour_count(clear, DAIS, tolerance=2) > 500
    assert colour_count(clear, ghoul_purple, tolerance=30) > 0
    assert colour_count(players, DAIS, tolerance=2) == 0
    assert colour_count(players, ghoul_purple, tolerance=30) == 0
    # the GM's page shows the chamber under a tint (shifted colours), the ghoul's ring too
    assert colour_count(gm, ghoul_purple, tolerance=60) > 0


def pdf_text(path: Path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext is not installed")
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout


def test_the_players_pdf_does_not_name_the_ghoul(tmp_path: Path, qtbot) -> None:  # type: ignore[no-untyped-def]
    players, gm = tmp_path / "players.pdf", tmp_path / "gm.pdf"
    export_encounter(crypt(), CRYPT, players, SnapshotOptions(mode="players"))
    export_encounter(crypt(), CRYPT, gm, SnapshotOptions(mode="gm"))
    assert GHOUL not in pdf_text(players)
    assert "Ilse" in pdf_text(players)
    assert GHOUL in pdf_text(gm)


def test_revealing_the_chamber_lets_the_players_see_the_ghoul() -> None:
    encounter = crypt()
    UndoStack(encounter).push(RevealSquares(rectangle_squares((15, 1), (24, 14))))
    players = build_content(encounter, None, "players")
    assert any(GHOUL in text for text in players.texts())


def test_the_player_trackers_lines_never_name_a_token_in_fog(qtbot) -> None:  # type: ignore[no-untyped-def]
    from tactical.app.panel.public_view import PublicTracker
    from tactical.rules import Combatant, PanelView, StepLine

    encounter = crypt()
    encounter.procedure = "thrum"  # the tracker shows itself while a procedure runs
    document = EncounterDocument(encounter)
    tracker = PublicTracker(document)
    qtbot.addWidget(tracker)
    rows = tuple(
        Combatant(t.id, t.name, t.side, acting=t.id == "ghoul") for t in encounter.tokens.values()
    )
    view = PanelView(
        "Thrum",
        (StepLine("turn", f"{GHOUL}'s turn", status="current"),),
        "",
        rows,
        round=2,
        acting=frozenset({"ghoul"}),
    )
    tracker._view = lambda: view  # type: ignore[method-assign]
    tracker.refresh()
    lines = tracker.lines()
    assert lines and not any(GHOUL in line for line in lines)
    assert "Ilse" in lines
    document.push(RevealSquares(rectangle_squares((15, 1), (24, 14))), GM)
    assert any(GHOUL in line for line in tracker.lines())

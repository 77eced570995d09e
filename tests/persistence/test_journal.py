"""The recovery journal: a base and the records of every change set give back the encounter
byte for byte, whatever was edited (Qt-free: the journal's capture, records and replay)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pytest

from tactical.core.areas import Area, AreaLink, polygon_from_points
from tactical.core.changes import ChangeGatherer, ChangeSet
from tactical.core.commands import (
    AddPicture,
    AddToken,
    Batch,
    Command,
    LogRoll,
    MoveToken,
    PaintSquares,
    PlaceTemplate,
    PutArea,
    RemoveArea,
    RemoveTemplate,
    RemoveToken,
    RevealAreas,
    RevealSquares,
    SelectProcedure,
    SetAreaLinks,
    SetBackground,
    SetFigure,
    SetFogSetting,
    SetProcedureState,
    SetStatus,
    SetTokenField,
    SetWall,
    SetWallLine,
    UndoStack,
    toggle_door,
)
from tactical.core.commands.grid_size import ResizeGrid
from tactical.core.commands.name_shown import ShowNameToPlayers
from tactical.core.commands.sides import AddSide, SetSide
from tactical.core.dice_log import DiceRoll
from tactical.core.encounter import Encounter
from tactical.core.evening import Character, Evening, Scene, evening_of
from tactical.core.grid import Terrain, Wall
from tactical.core.pictures import Background, Picture, picture_id
from tactical.core.sides import Side
from tactical.core.templates import Template
from tactical.core.tokens import Token
from tactical.core.wall_lines import WallLine
from tactical.persistence import (
    LoadError,
    encounter_bytes,
    evening_bytes,
    loads_encounter,
    loads_evening,
)
from tactical.persistence.files import document_parts, file_chunks
from tactical.persistence.journal_capture import capture, capture_all
from tactical.persistence.journal_format import header_line, record_chunks
from tactical.persistence.journal_replay import recover
from tactical.persistence.journal_state import JournalState, base_document
from tactical.persistence.snapshot import finish_document

from ..app.conftest import small_areas, small_grid

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "tokens"


class Journaled:
    """An encounter edited through an undo stack, each change set journaled as the app
    journals it; :meth:`recovered` is what the next start would rebuild."""

    def __init__(self, encounter: Encounter, folder: Path) -> None:
        self.encounter = encounter
        self.base = folder / "recovery.tactical.json"
        self.journal = folder / "recovery.journal"
        full = capture_all(encounter)
        data = b"".join(file_chunks(document_parts(finish_document(base_document(full)))))
        self.base.write_bytes(data)
        self.lines = [header_line(hashlib.sha256(data).hexdigest())]
        self.state = JournalState(full)
        self.stack = UndoStack(encounter)
        self.gatherer = ChangeGatherer(self._send)
        encounter.subscribe(self.gatherer.add)

    def _send(self, changes: ChangeSet) -> None:
        body = self.state.record(capture(self.encounter, changes))
        if body:
            record = {"n": len(self.lines), "time": 1.0, **body}
            self.lines.append(b"".join(file_chunks(record_chunks(record))))

    def do(self, command: Command) -> None:
        with self.gatherer.operation():
            self.stack.push(command)

    def undo(self) -> None:
        with self.gatherer.operation():
            self.stack.undo()

    def redo(self) -> None:
        with self.gatherer.operation():
            self.stack.redo()

    def recovered(self) -> Encounter:
        self.journal.write_bytes(b"".join(self.lines))
        return recover(self.base, self.journal).encounter

    def check(self) -> None:
        """The recovered encounter saves to the bytes the one on screen saves to (and so
        equals it as a file reopens it: a resized map's fog keeps a mask of the old size
        until saved, which the file does not hold)."""
        recovered = self.recovered()
        saved = encounter_bytes(self.encounter)
        assert encounter_bytes(recovered) == saved
        assert recovered == loads_encounter(saved)


def paw() -> Picture:
    data = (ASSETS / "paw.png").read_bytes()
    return Picture(picture_id(data), data=data, name="paw.png")


def test_every_kind_of_grid_edit_undo_and_redo_comes_back_byte_for_byte(tmp_path: Path) -> None:
    journaled = Journaled(small_grid(), tmp_path)
    encounter = journaled.encounter
    encounter.grid.wall_lines.extend(  # type: ignore[union-attr]
        [WallLine((0.5, 0.5), (3.25, 0.5)), WallLine((4, 4), (4, 6), "door")]
    )
    journaled = Journaled(encounter, tmp_path)  # a base with wall lines
    steps: list[Command] = [
        MoveToken("hero", (2, 1)),
        MoveToken("hero", (3, 2), drag_id=1),
        AddToken(Token("wolf", "Wolf", "npcs", (6, 6)), index=1),
        RemoveToken("ally"),
        SetStatus("orc", "Slowed", 2),
        SetStatus("orc", "Prone", 1),
        SetFigure("ogre", "HP", 31),
        SetTokenField("spy", "hidden", False),
        SetTokenField("hero", "name", "Hero \u00e9 \U0001f5e1"),
        PaintSquares([(0, 0), (9, 7)], elevation=3, terrain=Terrain.DIFFICULT),
        PaintSquares([(4, 4)], terrain=Terrain.IMPASSABLE),
        SetWall((1, 1), (1, 2), Wall()),
        SetWall((2, 1), (3, 1), Wall(door=True)),
        SetWall((2, 1), (3, 1), Wall(door=True, open=True)),
        SetWall((1, 1), (1, 2), None),
        toggle_door(encounter, 1),
        SetWallLine(0, None),
        SetWallLine(1, WallLine((7.5, 0), (7.5, 3), "window")),
        SetFogSetting("enabled", True),
        RevealSquares([(1, 1), (2, 1), (3, 3)]),
        RevealSquares([(2, 1)], reveal=False),
        SetFogSetting("party", ("pcs", "npcs")),
        AddPicture(paw()),
        SetBackground(Background(paw().id, 10, -5, 64.5, 0.3)),
        SetTokenField("orc", "image", paw().id),
        AddSide(Side("wolves", "Wolves", "#aa3300", ["npcs"])),
        SetSide("wolves", "name", "Wolf pack"),
        PlaceTemplate(Template("t1", "aura", 2, token_id="ogre")),
        PlaceTemplate(Template("t2", "area", 3, origin=(1, 1), label="Fire")),
        RemoveTemplate("t1"),
        SelectProcedure("thrum", {"round": 1, "order": ["hero", "orc"]}, "Thrum"),
        SetProcedureState({"round": 2, "order": ["orc", "hero"], "notes": {"x": [1, 2.5]}}),
        LogRoll(DiceRoll("Hero", "1d20+3", "attack", 17, (14,))),
        LogRoll(DiceRoll("GM", "2d6", "", 7, (3, 4), manual=True, secret=True)),
        Batch("Remove two", [RemoveToken("orc"), RemoveToken("hero")]),
        ResizeGrid(12, 6),
        MoveToken("wolf", (11, 5)),
    ]
    for step in steps:
        journaled.do(step)
        journaled.check()
    for _ in range(12):
        journaled.undo()
        journaled.check()
    for _ in range(5):
        journaled.redo()
        journaled.check()
    journaled.do(MoveToken("ogre", (0, 0)))  # drops what was undone
    journaled.check()
    while journaled.stack.undo():
        journaled.check()
    assert journaled.recovered() == small_grid_with_lines()


def small_grid_with_lines() -> Encounter:
    encounter = small_grid()
    encounter.grid.wall_lines.extend(  # type: ignore[union-attr]
        [WallLine((0.5, 0.5), (3.25, 0.5)), WallLine((4, 4), (4, 6), "door")]
    )
    return encounter


def test_an_area_maps_edits_come_back(tmp_path: Path) -> None:
    journaled = Journaled(small_areas(), tmp_path)
    box = polygon_from_points([(0, 3), (4, 3), (4, 6), (0, 6)])
    for step in [
        PutArea(Area("cellar", "Cellar", box, ["dark"])),
        SetAreaLinks([AreaLink("bar", "cellar", "add", "trapdoor")]),
        SetFogSetting("enabled", True),
        RevealAreas(["bar", "cellar"]),
        RemoveArea("floor"),
    ]:
        journaled.do(step)
        journaled.check()
    journaled.undo()
    journaled.check()


def test_a_brush_over_a_big_map_writes_only_the_box_it_touched(tmp_path: Path) -> None:
    from tactical.core.grid import GridMap

    encounter = Encounter(GridMap(512, 512), name="Big")
    journaled = Journaled(encounter, tmp_path)
    journaled.do(SetFogSetting("enabled", True))
    region = np.zeros((512, 512), dtype=np.bool_)
    region[100:110, 200:230] = True
    journaled.do(RevealSquares(region, gesture=1))
    journaled.do(PaintSquares([(5, 5), (6, 5)], elevation=2))
    journaled.check()
    assert all(len(line) < 400 for line in journaled.lines), [len(x) for x in journaled.lines]
    whole = np.ones((512, 512), dtype=np.bool_)
    journaled.do(RevealSquares(whole))
    journaled.do(PaintSquares([(x, y) for x in range(512) for y in range(200)], elevation=1))
    journaled.check()


def test_nothing_changed_writes_no_record(tmp_path: Path) -> None:
    journaled = Journaled(small_grid(), tmp_path)
    journaled.do(SetFogSetting("style", "cloth"))  # as it was
    journaled.do(PaintSquares([(0, 0)], elevation=0))
    assert len(journaled.lines) == 1  # the header alone


def recorded(tmp_path: Path) -> Journaled:
    journaled = Journaled(small_grid(), tmp_path)
    for square in [(2, 1), (3, 1), (4, 1)]:
        journaled.do(MoveToken("hero", square))
    journaled.journal.write_bytes(b"".join(journaled.lines))
    return journaled


def test_a_torn_last_line_is_left_out(tmp_path: Path) -> None:
    journaled = recorded(tmp_path)
    data = journaled.journal.read_bytes()
    journaled.journal.write_bytes(data[:-20])  # the last record half written
    assert recover(journaled.base, journaled.journal).encounter.tokens["hero"].position == (3, 1)
    journaled.journal.write_bytes(data + b"\x00" * 4096)  # a file system's zeroed tail
    assert recover(journaled.base, journaled.journal).encounter.tokens["hero"].position == (4, 1)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (b'{"n": 2, "time": 1.0, "tokens": {"put": [}}', "recovery.journal line 3: is not JSON"),
        (b'{"n": 2, "time": 1.0, "colour": 3}', "recovery.journal line 3 colour: unknown key"),
        (b'{"n": 2, "time": 1.0, "squares": [[99, 0, 1, "."]]}', "is off the 10 x 8 map"),
        (b'{"n": 2, "time": 1.0, "squares": [[1, 0, 1, "?"]]}', "squares[0]: must be [column"),
        (b'{"n": 5, "time": 1.0}', "recovery.journal line 3: is record 5, not 2"),
        (b'{"n": 2, "time": 1.0, "tokens": {"drop": ["nobody"]}}', "removes token 'nobody'"),
        (b"[1, 2]", "recovery.journal line 3: must hold one JSON object"),
        (b"\xff\xfe", "recovery.journal line 3: is not ASCII text"),
    ],
)
def test_a_damaged_line_refuses_the_journal_naming_the_line_and_touches_nothing(
    tmp_path: Path, damage: bytes, message: str
) -> None:
    journaled = recorded(tmp_path)
    lines = journaled.journal.read_bytes().split(b"\n")
    lines[2] = damage
    journaled.journal.write_bytes(b"\n".join(lines))
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    with pytest.raises(LoadError) as caught:
        recover(journaled.base, journaled.journal)
    assert message in str(caught.value)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_record_that_makes_a_bad_encounter_is_refused_with_the_files_path(
    tmp_path: Path,
) -> None:
    journaled = recorded(tmp_path)
    token = '{"id": "hero", "side": "nobody", "position": [1, 1]}'
    with journaled.journal.open("ab") as journal:
        journal.write(b'{"n": 4, "time": 1.0, "tokens": {"put": [' + token.encode() + b"]}}\n")
    with pytest.raises(LoadError) as caught:
        recover(journaled.base, journaled.journal)
    assert "tokens[0].side" in str(caught.value)


def test_a_journal_of_an_older_base_is_not_replayed(tmp_path: Path) -> None:
    journaled = recorded(tmp_path)
    moved = small_grid()
    moved.token("hero").position = (7, 7)
    journaled.base.write_bytes(encounter_bytes(moved))  # a newer base, the journal not yet
    assert recover(journaled.base, journaled.journal).encounter == moved


def test_a_picture_record_writes_its_base64_as_it_is(tmp_path: Path) -> None:
    journaled = Journaled(small_grid(), tmp_path)
    data = (ASSETS / "paw.png").read_bytes()
    journaled.do(AddPicture(Picture(picture_id(data), data=data)))
    journaled.check()
    assert len(journaled.lines) == 2


def test_the_name_choice_of_format_5_comes_back(tmp_path: Path) -> None:
    journaled = Journaled(small_grid(), tmp_path)
    journaled.do(ShowNameToPlayers(True))
    journaled.check()
    assert journaled.recovered().show_name_to_players


def _two_scene_evening() -> Evening:
    """The evening as an app session holds it: read from its file (version 6)."""
    road, cellar = small_grid(), small_grid()
    cellar.name = "Cellar"
    for scene in (road, cellar):
        scene.tokens["hero"].character = "hero"
    evening = Evening(
        [Scene("road", road), Scene("cellar", cellar)],
        [Character("hero", "Hero", "pcs")],
        shown="cellar",
    )
    return loads_evening(evening_bytes(evening))


def test_an_evening_is_recovered_whole_with_the_records_of_the_scene_on_screen(
    tmp_path: Path,
) -> None:
    # The journal records the scene on screen (the shown scene the file opened on); its base
    # is the whole evening's file, so the other scenes, the roster and the order come back.
    evening = _two_scene_evening()
    shown = evening.shown_scene.encounter
    journaled = Journaled(shown, tmp_path)
    assert b'"scenes"' in journaled.base.read_bytes()
    journaled.do(MoveToken("orc", (2, 5)))
    journaled.do(ShowNameToPlayers(True))
    journaled.do(SetTokenField("hero", "name", "Hero the Bold"))  # a roster character
    recovered = journaled.recovered()
    again = evening_of(recovered)
    assert again is not None
    assert [s.id for s in again.scenes] == ["road", "cellar"]
    assert again.shown_scene.id == "cellar" and again.shown_scene.encounter is recovered
    assert recovered.tokens["orc"].position == (2, 5)
    assert recovered.show_name_to_players
    assert again.scene("road").encounter.tokens["hero"].name == "Hero the Bold"
    assert again.roster["hero"].name == "Hero the Bold"
    assert evening_bytes(again) == evening_bytes(evening)
    assert encounter_bytes(recovered) == encounter_bytes(shown)


def test_an_evening_with_no_records_is_its_base(tmp_path: Path) -> None:
    evening = _two_scene_evening()
    journaled = Journaled(evening.shown_scene.encounter, tmp_path)
    recovered = journaled.recovered()
    again = evening_of(recovered)
    assert again is not None and [s.id for s in again.scenes] == ["road", "cellar"]
    assert evening_bytes(again) == evening_bytes(evening)

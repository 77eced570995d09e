"""What each link of maps/crypt-fog may see (issue 25): table, and each character's own sight."""

from __future__ import annotations

import base64
import zlib

import numpy as np

from tactical.core.commands.base import UndoStack
from tactical.core.commands.fog import RevealSquares
from tactical.core.encounter import Encounter
from tactical.core.fog import Fog
from tactical.core.pictures import Background, Picture
from tactical.core.templates import Template
from tactical.persistence import load_encounter
from tactical.rules import Combatant, PanelView, ProcedureController, StepLine
from tactical.share.art import MAX_SIDE_PX
from tactical.share.public import public_rows
from tactical.share.seen import BRIGHT, DARK, DIM
from tactical.share.view import character_view, table_view
from tests.app.conftest import MAPS, small_areas
from tests.share.conftest import PCS, crypt, dumped, leaks


def _light(data: dict[str, object]) -> np.ndarray:
    grid = data["map"]
    assert isinstance(grid, dict)
    raw = base64.b64decode(grid["light"])
    return np.frombuffer(raw, dtype=np.uint8).reshape(grid["height"], grid["width"])


def _names(data: dict[str, object]) -> list[str]:
    tokens = data["tokens"]
    assert isinstance(tokens, list)
    return [t["name"] for t in tokens]


def test_no_link_names_the_hidden_saint_or_the_fogged_ghoul() -> None:
    encounter = crypt()
    views = [table_view(encounter).data] + [character_view(encounter, pc).data for pc in PCS]
    for data in views:
        assert _names(data) == ["Ilse", "Bram", "Oda"]
        assert leaks(dumped(data)) == []


def test_no_link_carries_the_gm_notes_nor_the_encounter_name() -> None:
    encounter = crypt()
    for data in [table_view(encounter).data] + [character_view(encounter, p).data for p in PCS]:
        text = dumped(data)
        assert "Fog is on" not in text
        assert "Crypt of" not in text


def test_the_table_is_bright_where_the_party_explored_and_dark_elsewhere() -> None:
    light = _light(table_view(crypt()).data)
    assert light[11, 3] == BRIGHT  # Ilse's square in the hall
    assert light[7, 12] == BRIGHT  # the corridor the party has seen
    assert light[11, 20] == DARK  # the ghoul's square in the burial chamber
    assert set(np.unique(light)) == {DARK, BRIGHT}


def test_a_character_sees_its_hall_bright_and_the_corridor_it_cannot_see_dim() -> None:
    encounter = crypt()
    ilse = _light(character_view(encounter, "ilse").data)
    oda = _light(character_view(encounter, "oda").data)
    assert ilse[7, 11] == BRIGHT and oda[7, 11] == DIM  # into the corridor from the south
    assert ilse[8, 12] == DIM
    assert ilse[11, 20] == DARK and oda[11, 20] == DARK


def test_a_token_under_fog_shows_on_no_link_until_its_square_is_revealed() -> None:
    encounter = crypt()
    encounter.fog.revealed[11, 20] = True  # the GM reveals the ghoul's square only
    assert "Lurking ghoul" in _names(table_view(encounter).data)
    for pc in PCS:  # behind the burial chamber's wall: no character sees it now
        assert leaks(dumped(character_view(encounter, pc).data)) == []


def test_a_token_out_of_one_characters_sight_shows_only_on_the_links_that_see_it() -> None:
    encounter = crypt()
    encounter.tokens["ghoul"].position = (11, 7)  # in the corridor: Ilse sees it, Oda does not
    assert "Lurking ghoul" in _names(table_view(encounter).data)
    assert "Lurking ghoul" in _names(character_view(encounter, "ilse").data)
    oda = character_view(encounter, "oda").data
    assert leaks(dumped(oda)) == []
    encounter.tokens["ghoul"].position = (13, 8)  # dim for everyone: on the table only
    assert [pc for pc in PCS if leaks(dumped(character_view(encounter, pc).data))] == []


def test_own_token_is_marked_on_its_characters_link_only() -> None:
    encounter = crypt()
    data = character_view(encounter, "bram").data
    mine = [t["name"] for t in data["tokens"] if t["mine"]]
    assert mine == ["Bram"] and data["character"] == "Bram"
    assert not any(t["mine"] for t in table_view(encounter).data["tokens"])


def test_dark_squares_carry_no_height_or_terrain() -> None:
    encounter = crypt()
    grid = encounter.grid
    assert grid is not None
    grid.elevation[11, 20] = 7
    grid.terrain[11, 20] = 2
    data = table_view(encounter).data["map"]
    height = np.frombuffer(base64.b64decode(data["elevation"]), dtype="<i2").reshape(16, 26)
    terrain = np.frombuffer(base64.b64decode(data["terrain"]), dtype=np.uint8).reshape(16, 26)
    assert height[11, 20] == 0 and terrain[11, 20] == 0
    walls = data["walls"]
    assert [20, 14, 20, 15, "wall"] not in walls  # the burial chamber's wall: both sides fogged
    assert [14, 7, 15, 7, "door"] in walls  # the chamber's door, at the end of the corridor
    assert [9, 7, 10, 7, "open"] in walls  # the hall's open door


def _png_pixels(png: bytes) -> np.ndarray:
    """RGBA pixels of a PNG written by tactical.share.art (one IDAT, filter 0)."""
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    start = png.index(b"IDAT") + 4
    size = int.from_bytes(png[start - 8 : start - 4], "big")
    raw = zlib.decompress(png[start : start + size])
    rows = np.frombuffer(raw, dtype=np.uint8).reshape(height, width * 4 + 1)
    assert not rows[:, 0].any()
    return rows[:, 1:].reshape(height, width, 4)


def test_art_under_fog_is_cut_before_it_is_sent() -> None:
    encounter = crypt()
    red = np.zeros((16 * 10, 26 * 10, 4), dtype=np.uint8)
    red[..., 0], red[..., 3] = 200, 255
    red[110:120, 200:210, 1] = 77  # a mark on the ghoul's fogged square (20, 11)
    encounter.pictures["pic-art"] = Picture("pic-art", data=b"x")
    encounter.background = Background("pic-art", square_px=10)
    link = table_view(encounter, lambda _pid: red)
    assert link.art is not None and link.data["art"]["key"] == link.art.key
    pixels = _png_pixels(link.art.png)
    assert pixels.shape == (160, 260, 4)
    assert not (pixels[..., 1] == 77).any()
    assert (pixels[115, 35] == [200, 0, 0, 255]).all()  # Ilse's square, revealed
    assert (pixels[115, 205] == 0).all()  # the ghoul's square: transparent


def test_a_big_pictures_art_is_capped() -> None:
    encounter = crypt()
    encounter.fog.enabled = False
    art = np.full((1600, 2600, 4), 255, dtype=np.uint8)
    encounter.pictures["pic-art"] = Picture("pic-art", data=b"x")
    encounter.background = Background("pic-art", square_px=100)
    link = table_view(encounter, lambda _pid: art)
    assert link.art is not None
    assert max(_png_pixels(link.art.png).shape[:2]) <= MAX_SIDE_PX


def _thrum_in_fog() -> Encounter:
    """thrum.tactical.json (a procedure running) with fog on and only the PCs' squares found."""
    encounter = load_encounter(MAPS / "thrum.tactical.json")
    pcs = [t for t in encounter.tokens.values() if t.side == "pcs"]
    encounter.fog = Fog(enabled=True)
    UndoStack(encounter).push(RevealSquares([s for t in pcs for s in t.occupied()]))
    return encounter


def test_the_tables_fight_summary_is_the_tvs() -> None:
    encounter = _thrum_in_fog()
    view = ProcedureController(encounter, UndoStack(encounter).push).view()
    tv = [name for name, *_ in public_rows(encounter, view)]
    fight = table_view(encounter).data["fight"]
    assert [row["name"] for row in fight["rows"]] == tv == ["Kestrel", "Orrin", "Sable", "Tamsin"]
    assert fight["heading"].startswith("Thrum")
    assert leaks(dumped(fight), ("Bandit", "Hound", "Ambusher", "Brute", "captain")) == []


def test_a_characters_summary_names_only_whom_it_sees() -> None:
    encounter = load_encounter(MAPS / "thrum.tactical.json")  # no fog: the TV names every foe
    table = [row["name"] for row in table_view(encounter).data["fight"]["rows"]]
    assert "Bandit Captain" in table
    encounter.tokens["kestrel"].figures["sight"] = 2  # a dark night: two squares
    kestrel = character_view(encounter, "kestrel").data
    shown = {t["name"] for t in kestrel["tokens"]}
    named = {row["name"] for row in kestrel["fight"]["rows"]}
    assert named == shown == {"Kestrel", "Orrin", "Sable", "Tamsin"}
    assert leaks(dumped(kestrel), ("Bandit", "Hound", "captain", "bowman")) == []


def test_an_area_maps_character_sees_the_area_it_stands_in() -> None:
    encounter = small_areas()
    table = table_view(encounter).data
    assert {a["id"] for a in table["map"]["areas"]} == {"bar", "floor", "door"}
    assert "Thief" not in dumped(table)  # marked hidden
    encounter.fog = Fog(enabled=True, areas={"bar", "floor"})
    brawler = character_view(encounter, "brawler").data
    lights = {a["id"]: a["light"] for a in brawler["map"]["areas"]}
    assert lights == {"bar": BRIGHT, "floor": DIM}
    assert [t["name"] for t in brawler["tokens"]] == ["Brawler"]  # the others stand on the floor
    assert leaks(dumped(brawler), ("Bouncer", "Drunk", "Thief", "door")) == []


def test_no_link_carries_a_face_down_declaration_the_instruction_or_the_notes() -> None:
    encounter = crypt()
    encounter.tokens["ghoul"].position = (11, 7)  # Ilse sees it
    view = PanelView(
        "Toy",
        (StepLine("turn", "Ilse's turn", 0, "current"),),
        "The GM rolls the ghoul's ambush in secret",
        (
            Combatant("ilse", "Ilse", "pcs", secret="Stab the ghoul", acting=True),
            Combatant("ghoul", "Lurking ghoul", "npcs", secret="Bite Ilse", revealed="Lunges"),
            Combatant("saint", "The Hollow Saint", "npcs", revealed="Watches Oda"),
        ),
        notes=("The saint wakes at midnight",),
    )
    for data in (
        table_view(encounter, view=view).data,
        character_view(encounter, "ilse", view=view).data,
    ):
        text = dumped(data)
        for secret in ("Stab the ghoul", "Bite Ilse", "rolls the ghoul", "midnight", "Watches Oda"):
            assert secret not in text
        assert {"name": "Lurking ghoul", "acting": False, "out": False, "revealed": "Lunges"} in (
            data["fight"]["rows"]
        )
    oda = dumped(character_view(encounter, "oda", view=view).data)
    assert leaks(oda) == [] and "Lunges" not in oda


def test_templates_are_cut_to_what_may_be_seen_and_never_betray_an_unseen_token() -> None:
    encounter = crypt()
    encounter.templates = {
        "fire": Template("fire", "area", 4, origin=(7, 6), label="Oda's fire"),  # spills east
        "stench": Template("stench", "aura", 2, token_id="ghoul", label="Ghoul stench"),
        "ward": Template("ward", "area", 2, origin=(2, 3), hidden=True, label="Secret ward"),
    }
    table = table_view(encounter).data
    [fire] = table["templates"]
    assert fire["label"] == "Oda's fire"
    light = _light(table)
    assert fire["cells"] and all(light[r, c] == BRIGHT for c, r in fire["cells"])
    assert [10, 6] in fire["cells"]  # the corridor, found
    assert [10, 9] not in fire["cells"] and len(fire["cells"]) == 16 - 1  # under fog: cut
    assert leaks(dumped(table), ("stench", "ghoul", "ward")) == []
    encounter.templates["fire"].label = "Fire on the ghoul"
    assert table_view(encounter).data["templates"][0]["label"] == ""

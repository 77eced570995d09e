"""Names of neighbouring tokens never overlap, however much they grow at fit zoom."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication

from tactical.app.map.scene.map_scene import MapScene
from tactical.app.map.scene.token_item import MAX_BOOST
from tactical.persistence import load_encounter

HILLSIDE = Path(__file__).resolve().parents[2] / "maps" / "hillside-ruin.tactical.json"
PARTY = ("Ser Aldric", "Mira Quickfoot", "Brother Oswin", "Elska the Wise")


def name_rects(scene: MapScene) -> dict[str, QRectF]:
    return {
        item.look.name + "/" + token_id: item.mapRectToScene(item.label_rect())
        for token_id, item in scene.token_items.items()
        if not item.label_rect().isEmpty()
    }


def clashes(rects: dict[str, QRectF]) -> list[tuple[str, str]]:
    return [(a, b) for a, b in combinations(rects, 2) if rects[a].intersects(rects[b])]


def test_no_two_names_overlap_on_the_hillside_at_fit_zoom(make_services: Any, qtbot: Any) -> None:
    services = make_services(load_encounter(HILLSIDE))
    services.host.resize(1400, 900)
    services.host.show()
    qtbot.waitExposed(services.host)
    services.view.fit_map()
    services.view.viewport().repaint()
    QApplication.processEvents()
    scene = services.scene
    assert scene.view_boost > 1.5  # zoomed out: names enlarged, where they used to clash
    rects = name_rects(scene)
    assert clashes(rects) == []
    party = [item for item in scene.token_items.values() if item.look.name in PARTY]
    assert len(party) == 4
    assert sum(1 for item in party if not item.label_rect().isEmpty()) >= 3
    assert sum(item.crowded for item in party) >= 3
    shortened = [item for item in party if item.label_room is not None or not item.label_shown]
    assert shortened and all(item.toolTip() == item.look.name for item in shortened)
    # nor a name over a neighbour's status badges
    badges = {
        item.token_id: item.mapRectToScene(item.badge_rect())
        for item in scene.token_items.values()
        if not item.badge_rect().isEmpty()
    }
    assert badges
    for token_id, item in scene.token_items.items():
        label = item.mapRectToScene(item.label_rect())
        for owner, badge in badges.items():
            assert owner == token_id or label.isEmpty() or not label.intersects(badge)
    # the full names would run into Oswin's "Frayed" badge: the test can fail
    full = [
        item.mapRectToScene(
            QRectF(
                item.diameter / 2 - item.full_label_width() / 2,
                item._label.top(),
                item.full_label_width(),
                item._label.height(),
            )
        )
        for item in party
    ]
    assert any(rect.intersects(badge) for rect in full for badge in badges.values())


def test_a_lone_token_keeps_its_whole_name(qtbot: Any) -> None:
    from tactical.app.encounter.document import EncounterDocument

    scene = MapScene(EncounterDocument(load_encounter(HILLSIDE)))
    scene.set_view_zoom(0.1)
    assert scene.view_boost == MAX_BOOST
    ogre = next(i for i in scene.token_items.values() if i.look.name == "Brug the hill ogre")
    assert ogre.label_shown and ogre.label_room is None and ogre.toolTip() == ""
    assert clashes(name_rects(scene)) == []


def test_group_by_group_gives_the_layout_of_all_at_once(qapp: Any) -> None:
    """Tokens far apart cannot take each other's room: laying names out per group of
    neighbours (what a big map does) ends exactly as laying out all of them together."""
    import random

    from PySide6.QtGui import QColor

    from tactical.app.map.geometry import CELL
    from tactical.app.map.scene import label_room
    from tactical.app.map.scene.token_item import TokenItem
    from tactical.app.map.scene.token_look import TokenLook

    rng = random.Random(22)

    def crowd() -> list[TokenItem]:
        items = []
        for n in range(260):
            # clusters round a few spots, and strays across the field
            if n % 3:
                cx, cy = rng.choice([(5, 5), (30, 8), (12, 40)])
                col, row = cx + rng.randint(-3, 3), cy + rng.randint(-2, 2)
            else:
                col, row = rng.randint(0, 60), rng.randint(0, 60)
            name = rng.choice(["Orc", "Goblin archer", "Brother Oswin of the Hill", "Mira"])
            statuses = {"Slowed": 1, "Bleeding": 2} if n % 7 == 0 else {}
            item = TokenItem(f"t{n}", TokenLook(name, QColor("#c03030"), statuses=statuses))
            item.set_boost(2.2)  # zoomed out: names grown, where they clash
            item.setPos(col * CELL, row * CELL)
            items.append(item)
        return items

    state = rng.getstate()
    grouped = crowd()
    rng.setstate(state)
    together = crowd()
    label_room.lay_out_labels(grouped)
    label_room._lay_out_group(together)
    seen = [(i.crowded, i.label_room, i.label_shown) for i in grouped]
    assert seen == [(i.crowded, i.label_room, i.label_shown) for i in together]
    assert any(not shown for _c, _r, shown in seen)  # some names squeezed out
    assert any(room is not None for _c, room, _s in seen)  # some shortened
    assert any(not crowded for crowded, _r, _s in seen)  # and strays left alone

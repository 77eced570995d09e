"""Token names on paper: at least 6 pt, or numbers on the map and a key above it.

A fitted snapshot shrinks the whole map to the page, and a name drawn at its
map size came out at about 2.4 pt: unreadable. On paper a name is drawn at
least :data:`MIN_NAME_PT` tall. Where that would make names much larger than
the squares they label (more than :data:`MAX_NAME_GROW` times their map size),
each token on the printed part of the map shows a number instead, at the same
readable size, and a key under the title names them ("Tokens by number: 1 Ser
Aldric · 2 Goblin archer · ..."), only the tokens this print shows.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QRectF

from tactical.app.scene.map_scene import MapScene
from tactical.app.scene.token_item import LABEL_PX, TokenItem
from tactical.app.snapshot.content import SnapshotContent
from tactical.app.snapshot.page_layout import SnapshotLayout

MIN_NAME_PT = 6.0
"""The smallest name on paper, in points."""
MAX_NAME_GROW = 1.5
"""Names grow up to this many times their map size; beyond, numbers and a key."""
KEY_TITLE = "Tokens by number"
KEY_SEPARATOR = " \N{MIDDLE DOT} "
"""Between the key's entries (names may hold commas)."""


def name_pt(layout: SnapshotLayout, dpi: float) -> float:
    """How tall a name at its map size prints on ``layout``'s first page, in points."""
    page = layout.pages[0]
    if page.map_rect is None or layout.source.width() <= 0 or page.map_rect.isEmpty():
        return float("inf")
    scale = page.map_rect.width() / layout.source.width()  # device pixels per scene unit
    return LABEL_PX * scale / dpi * 72.0


def printed_tokens(scene: MapScene, source: QRectF) -> list[TokenItem]:
    """The tokens drawn on the printed part of the map, top row first, left to right."""
    items = [
        item
        for item in scene.token_items.values()
        if item.isVisible() and item.sceneBoundingRect().intersects(source)
    ]
    return sorted(items, key=lambda item: (round(item.pos().y()), round(item.pos().x())))


def readable_layout(
    content: SnapshotContent,
    scene: MapScene,
    source: QRectF,
    width: float,
    height: float,
    dpi: float,
    *,
    grow: bool = False,
) -> SnapshotLayout:
    """The snapshot's layout with the scene's names made readable on paper (see the
    module's docstring); a key of numbers joins the content's lines when needed."""
    layout = SnapshotLayout(content, source, width, height, dpi, grow=grow)
    needed = MIN_NAME_PT / name_pt(layout, dpi)
    if needed <= MAX_NAME_GROW:
        scene.set_label_scale(max(1.0, needed))
        return layout
    items = printed_tokens(scene, source)
    if not items:
        return layout
    key = []
    for number, item in enumerate(items, start=1):
        key.append(f"{number} {item.look.name}")
        item.set_look(replace(item.look, name=str(number)))
    lines = (*content.lines, f"{KEY_TITLE}: " + KEY_SEPARATOR.join(key))
    layout = SnapshotLayout(replace(content, lines=lines), source, width, height, dpi, grow=grow)
    scene.set_label_scale(MIN_NAME_PT / name_pt(layout, dpi))
    return layout

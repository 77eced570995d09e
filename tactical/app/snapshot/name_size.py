"""Token names on paper: at least 6 pt, or numbers on the map and a key above it.

A fitted snapshot shrinks the whole map to the page, and a name drawn at its
map size came out at about 2.4 pt: unreadable. On paper a name is drawn at
least :data:`MIN_NAME_PT` tall. Where that would make names much larger than
the squares they label (more than :data:`MAX_NAME_GROW` times their map size),
each token on the printed part of the map shows a number instead, at the same
readable size, and a key under the title names them ("Tokens by number: 1 Ser
Aldric · 2 Goblin archer · ..."), only the tokens this print shows. A
table-scale print's cover follows the same rule; its tiles, at miniature
scale, show the names themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from PySide6.QtCore import QRectF

from tactical.app.map.scene.map_scene import MapScene
from tactical.app.map.scene.token_item import LABEL_PX, TokenItem
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


@dataclass
class PaperNames:
    """What the tokens' labels say on one print, and how large they are drawn.

    :meth:`apply` puts them on the scene; :meth:`restore` gives the tokens their
    own names at their map size again (a table-scale print's tiles, after its cover).
    """

    scale: float = 1.0
    numbers: dict[str, str] = field(default_factory=dict)
    """Token id -> the number its label shows (empty: the names themselves)."""
    names: dict[str, str] = field(default_factory=dict)
    """Token id -> its own name, to put back."""

    def apply(self, scene: MapScene) -> None:
        self._label(scene, self.numbers)
        scene.set_label_scale(self.scale)

    def restore(self, scene: MapScene) -> None:
        self._label(scene, self.names)
        scene.set_label_scale(1.0)

    @staticmethod
    def _label(scene: MapScene, labels: dict[str, str]) -> None:
        for token_id, text in labels.items():
            item = scene.token_items.get(token_id)
            if item is not None and item.look.name != text:
                item.set_look(replace(item.look, name=text))


def plan_names(
    content: SnapshotContent,
    scene: MapScene,
    source: QRectF,
    width: float,
    height: float,
    dpi: float,
    *,
    grow: bool = False,
) -> tuple[SnapshotLayout, PaperNames]:
    """The snapshot's layout and the names that make it readable on paper (see the module's
    docstring); a key of numbers joins the content's lines when needed."""
    layout = SnapshotLayout(content, source, width, height, dpi, grow=grow)
    needed = MIN_NAME_PT / name_pt(layout, dpi)
    if needed <= MAX_NAME_GROW:
        return layout, PaperNames(scale=max(1.0, needed))
    items = printed_tokens(scene, source)
    if not items:
        return layout, PaperNames(scale=max(1.0, needed))
    names = PaperNames()
    key = []
    for number, item in enumerate(items, start=1):
        key.append(f"{number} {item.look.name}")
        names.numbers[item.token_id] = str(number)
        names.names[item.token_id] = item.look.name
    lines = (*content.lines, f"{KEY_TITLE}: " + KEY_SEPARATOR.join(key))
    layout = SnapshotLayout(replace(content, lines=lines), source, width, height, dpi, grow=grow)
    names.scale = MIN_NAME_PT / name_pt(layout, dpi)
    return layout, names


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
    """:func:`plan_names`, its names put on the scene at once (a fitted snapshot)."""
    layout, names = plan_names(content, scene, source, width, height, dpi, grow=grow)
    names.apply(scene)
    return layout

"""Room for token names: neighbouring names (and badges) never overlap.

Enlarged for a far zoom or a TV, the names and status badges of a tight group
(a party side by side) would run into each other. A token with another one
close by is *crowded*: its badges are no wider than its disc. Then each name
gets the room its neighbours leave it on its row:

- two names on overlapping rows share the distance between their tokens'
  centres (a name that fits keeps its width and the other gets the rest, else
  both stop short of the midpoint): names are centred under their tokens, so
  half-widths that add up to less than that distance never meet;
- a name stops short of a neighbour's badges on its row.

A name drawn shorter is elided, the full name on hover (the item's tooltip). A
name left narrower than :data:`MIN_CHARS` letters is not drawn at all (hover
shows it), and its room goes back to its neighbours.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence

from PySide6.QtCore import QRectF

from tactical.app.map.scene.token_fonts import shared_metrics
from tactical.app.map.scene.token_item import TokenItem

GAP = 3.0
"""Scene units kept clear between two names, or a name and a badge."""
MIN_CHARS = 3
"""A name gets at least room for this many average letters, or is not drawn."""


def lay_out_labels(items: Sequence[TokenItem]) -> None:
    """Give every visible item's name (and badges) the room its neighbours leave it.

    Only neighbours can take room, so the items are laid out group by group
    (:func:`_groups`); a token with nobody within reach (most of a big map's)
    keeps its full name and badges without the search. A token drawn as a dot
    (:mod:`tactical.app.map.scene.token_dots`) shows no name: it is left out, and
    laid out when the view's zoom makes it a token again.
    """
    for group in _groups([item for item in items if item.isVisible() and not item.dotted]):
        if len(group) == 1:
            group[0].set_crowded(False)
            group[0].set_label_room(None)
        else:
            _lay_out_group(group)


def _reach(item: TokenItem) -> QRectF:
    """Everything of the item another's name or badges could meet: its disc, its name at
    full width and its badges as wide as they get, with the gap around (noted on the item
    until it moves or is measured again)."""
    if item.reach is not None:
        return item.reach
    d = item.diameter
    zone = QRectF(item.pos().x(), item.pos().y(), d, d).united(_full_rect(item))
    badge = item.badge_rect(crowded=False)
    if not badge.isEmpty():
        zone = zone.united(badge.translated(item.pos()))
    item.reach = zone.adjusted(-GAP, -GAP, GAP, GAP)
    return item.reach


def _groups(items: Sequence[TokenItem]) -> list[list[TokenItem]]:
    """The items in groups whose reaches touch (chains included), each in the given order."""
    if not items:
        return []
    zones = [_reach(item) for item in items]
    size = max(max(r.width(), r.height()) for r in zones)
    parent = list(range(len(items)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    cells = _buckets(dict(enumerate(zones)), size)
    for (cx, cy), members in cells.items():
        for dx, dy in ((0, 0), (1, -1), (1, 0), (1, 1), (0, 1)):  # each pair of cells once
            for j in cells.get((cx + dx, cy + dy), ()):
                for i in members:
                    if ((dx, dy) != (0, 0) or j > i) and zones[i].intersects(zones[j]):
                        parent[root(i)] = root(j)
    found: dict[int, list[TokenItem]] = defaultdict(list)
    for i, item in enumerate(items):
        found[root(i)].append(item)
    return list(found.values())


def _lay_out_group(shown: Sequence[TokenItem]) -> None:
    """Lay out the names of items whose reaches touch.

    Names too squeezed to show are hidden one at a time, the most squeezed first; a
    name hidden changes only the room of the names near it, so only theirs is worked
    out again (a crowd of 5,000 tokens hides hundreds of names).
    """
    for item, crowded in zip(shown, _crowded(shown), strict=True):
        item.set_crowded(crowded)
    rects = {i: _full_rect(item) for i, item in enumerate(shown)}
    badges = {
        i: item.mapRectToScene(item.badge_rect())
        for i, item in enumerate(shown)
        if not item.badge_rect().isEmpty()
    }
    near = _Near(rects, badges)
    half = {i: near.room(i) for i in rects}
    least: dict[int, float] = {}

    def squeezed(i: int) -> bool:
        if 2 * half[i] >= rects[i].width() - 0.5:
            return False
        if i not in least:
            least[i] = _least_width(shown[i])
        return 2 * half[i] < least[i]

    narrow = {i for i in half if squeezed(i)}
    hidden: set[int] = set()
    while narrow:
        gone = min(narrow, key=lambda i: (half[i], -i))  # the most squeezed first
        hidden.add(gone)
        narrow.discard(gone)
        del half[gone]
        for i in near.hide(gone):
            half[i] = near.room(i)
            if squeezed(i):
                narrow.add(i)
            else:
                narrow.discard(i)
    for i, item in enumerate(shown):
        if i in hidden:
            item.set_label_room(None, shown=False)
        elif 2 * half[i] < rects[i].width() - 0.5:
            item.set_label_room(2 * half[i])
        else:
            item.set_label_room(None)


class _Near:
    """The names still shown and every badge, bucketed by cells a little larger than the
    widest of them: whatever limits a name lies in its cell or a neighbouring one."""

    def __init__(self, rects: dict[int, QRectF], badges: dict[int, QRectF]) -> None:
        self.rects = rects
        self.badges = badges
        every = [*rects.values(), *badges.values()]
        self.size = max((max(r.width(), r.height()) for r in every), default=0.0) + GAP
        self.cells = _buckets(rects, self.size)
        self.badge_cells = _buckets(badges, self.size)
        self.gone: set[int] = set()

    def _cell(self, rect: QRectF) -> tuple[int, int]:
        centre = rect.center()
        return math.floor(centre.x() / self.size), math.floor(centre.y() / self.size)

    def _around(self, cells: dict[tuple[int, int], list[int]], i: int) -> list[int]:
        cx, cy = self._cell(self.rects[i])
        return [
            j for dx in (-1, 0, 1) for dy in (-1, 0, 1) for j in cells.get((cx + dx, cy + dy), ())
        ]

    def hide(self, i: int) -> list[int]:
        """Take name ``i`` away; the shown names whose room it may have limited."""
        self.gone.add(i)
        return [j for j in self._around(self.cells, i) if j not in self.gone]

    def room(self, i: int) -> float:
        """The half-width name ``i`` may take, given the names shown and every badge."""
        rect = self.rects[i]
        half = rect.width() / 2
        for j in self._around(self.cells, i):
            if j != i and j not in self.gone and _same_row(rect, self.rects[j]):
                half = min(half, _limit(rect, self.rects[j]))
        centre = rect.center().x()
        for owner in self._around(self.badge_cells, i):
            badge = self.badges[owner]
            if owner == i or not _same_row(rect, badge):
                continue
            if badge.left() > centre:
                half = min(half, badge.left() - centre - GAP)
            elif badge.right() < centre:
                half = min(half, centre - badge.right() - GAP)
            else:
                half = 0.0
        return half


def _crowded(items: Sequence[TokenItem]) -> list[bool]:
    """Which items reach another's disc with their full name or badges."""
    zones: dict[int, QRectF] = {}
    discs: dict[int, QRectF] = {}
    for i, item in enumerate(items):
        d = item.diameter
        disc = QRectF(item.pos().x(), item.pos().y(), d, d)
        zone = disc.united(_full_rect(item))
        badge = item.badge_rect(crowded=False)
        if not badge.isEmpty():
            zone = zone.united(badge.translated(item.pos()))
        zones[i], discs[i] = zone, disc
    crowded = [False] * len(items)
    if not zones:
        return crowded
    size = max(max(r.width(), r.height()) for r in zones.values())
    cells = _buckets(discs, size)
    for i, zone in zones.items():
        cx = math.floor(zone.center().x() / size)
        cy = math.floor(zone.center().y() / size)
        crowded[i] = any(
            j != i and zone.intersects(discs[j])
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            for j in cells.get((cx + dx, cy + dy), ())
        )
    return crowded


def _full_rect(item: TokenItem) -> QRectF:
    """The item's name label at full width, in scene coordinates."""
    width = item.full_label_width()
    centre = item.pos().x() + item.diameter / 2
    top = item.pos().y() + item._label.top()
    return QRectF(centre - width / 2, top, width, item._label.height())


def _buckets(rects: dict[int, QRectF], size: float) -> dict[tuple[int, int], list[int]]:
    cells: dict[tuple[int, int], list[int]] = defaultdict(list)
    for index, rect in rects.items():
        centre = rect.center()
        cells[(math.floor(centre.x() / size), math.floor(centre.y() / size))].append(index)
    return cells


def _same_row(a: QRectF, b: QRectF) -> bool:
    return a.top() < b.bottom() and b.top() < a.bottom()


def _limit(a: QRectF, b: QRectF) -> float:
    """The half-width name ``a`` may take beside name ``b`` on its row: the two share the
    distance between their centres (a name that fits keeps its width and the other gets
    the rest, else both stop short of the midpoint); infinite when both fit."""
    share = abs(a.center().x() - b.center().x()) - GAP
    wa, wb = a.width() / 2, b.width() / 2
    if wa + wb <= share or wa <= share / 2:
        return math.inf
    if wb <= share / 2:
        return share - wb
    return share / 2


def _least_width(item: TokenItem) -> float:
    """Room for MIN_CHARS letters and the ellipsis, with the label's padding."""
    metrics = shared_metrics(item._font.pixelSize())
    return metrics.averageCharWidth() * (MIN_CHARS + 1) + 8

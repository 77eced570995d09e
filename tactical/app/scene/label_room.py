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

from tactical.app.scene.token_fonts import shared_metrics
from tactical.app.scene.token_item import TokenItem

GAP = 3.0
"""Scene units kept clear between two names, or a name and a badge."""
MIN_CHARS = 3
"""A name gets at least room for this many average letters, or is not drawn."""


def lay_out_labels(items: Sequence[TokenItem]) -> None:
    """Give every visible item's name (and badges) the room its neighbours leave it.

    Only neighbours can take room, so the items are laid out group by group
    (:func:`_groups`); a token with nobody within reach (most of a big map's)
    simply keeps its full name and badges, without the search.
    """
    for group in _groups([item for item in items if item.isVisible()]):
        if len(group) == 1:
            group[0].set_crowded(False)
            group[0].set_label_room(None)
        else:
            _lay_out_group(group)


def _reach(item: TokenItem) -> QRectF:
    """Everything of the item another's name or badges could meet: its disc, its name at
    full width and its badges as wide as they get, with the gap around."""
    d = item.diameter
    zone = QRectF(item.pos().x(), item.pos().y(), d, d).united(_full_rect(item))
    badge = item.badge_rect(crowded=False)
    if not badge.isEmpty():
        zone = zone.united(badge.translated(item.pos()))
    return zone.adjusted(-GAP, -GAP, GAP, GAP)


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
                    if (dx, dy) == (0, 0) and j <= i:
                        continue
                    if zones[i].intersects(zones[j]):
                        parent[root(i)] = root(j)
    found: dict[int, list[TokenItem]] = defaultdict(list)
    for i, item in enumerate(items):
        found[root(i)].append(item)
    return list(found.values())


def _lay_out_group(shown: Sequence[TokenItem]) -> None:
    """Lay out the names of items whose reaches touch (see the module's docstring)."""
    for item, crowded in zip(shown, _crowded(shown), strict=True):
        item.set_crowded(crowded)
    rects = {i: _full_rect(item) for i, item in enumerate(shown)}
    badges = {
        i: item.mapRectToScene(item.badge_rect())
        for i, item in enumerate(shown)
        if not item.badge_rect().isEmpty()
    }
    hidden: set[int] = set()
    while True:
        half = _rooms({i: r for i, r in rects.items() if i not in hidden}, badges)
        narrow = {
            i
            for i, h in half.items()
            if 2 * h < rects[i].width() - 0.5 and 2 * h < _least_width(shown[i])
        }
        if not narrow:
            break
        hidden.add(min(narrow, key=lambda i: (half[i], -i)))  # the most squeezed first
    for i, item in enumerate(shown):
        if i in hidden:
            item.set_label_room(None, shown=False)
        elif 2 * half[i] < rects[i].width() - 0.5:
            item.set_label_room(2 * half[i])
        else:
            item.set_label_room(None)


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


def _rooms(rects: dict[int, QRectF], badges: dict[int, QRectF]) -> dict[int, float]:
    """The half-width each label in ``rects`` may take."""
    half = {i: r.width() / 2 for i, r in rects.items()}
    if not rects:
        return half
    every = [*rects.values(), *badges.values()]
    size = max(max(r.width(), r.height()) for r in every) + GAP
    cells = _buckets(rects, size)
    for (cx, cy), members in cells.items():
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for j in cells.get((cx + dx, cy + dy), ()):
                    for i in members:
                        if j > i and _same_row(rects[i], rects[j]):
                            _share(half, rects, i, j)
    for owner, badge in badges.items():
        for i, rect in rects.items():
            if i == owner or not _same_row(rect, badge):
                continue
            centre = rect.center().x()
            if badge.left() > centre:
                half[i] = min(half[i], badge.left() - centre - GAP)
            elif badge.right() < centre:
                half[i] = min(half[i], centre - badge.right() - GAP)
            else:
                half[i] = 0.0
    return half


def _share(half: dict[int, float], rects: dict[int, QRectF], i: int, j: int) -> None:
    """Split the distance between two names' centres so they cannot meet."""
    a, b = rects[i], rects[j]
    share = abs(a.center().x() - b.center().x()) - GAP
    wa, wb = a.width() / 2, b.width() / 2
    if wa + wb <= share:
        return
    if wa <= share / 2:
        half[j] = min(half[j], share - wa)
    elif wb <= share / 2:
        half[i] = min(half[i], share - wb)
    else:
        half[i] = min(half[i], share / 2)
        half[j] = min(half[j], share / 2)


def _least_width(item: TokenItem) -> float:
    """Room for MIN_CHARS letters and the ellipsis, with the label's padding."""
    metrics = shared_metrics(item._font.pixelSize())
    return metrics.averageCharWidth() * (MIN_CHARS + 1) + 8

"""Where token items stand: on their squares, side by side when they share one, in their areas.

The token layer (:class:`~tactical.app.map.scene.token_sync.TokenSync`) places each
item where the model has it; a drag's preview shows an item where it would
stand without touching the model.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping

from shapely.geometry import Polygon
from shapely.geometry import box as shapely_box

from tactical.app.map.geometry import CELL, square_origin
from tactical.app.map.scene.area_layer import AreaLayer
from tactical.app.map.scene.context import SceneContext
from tactical.app.map.scene.label_room import lay_out_labels
from tactical.app.map.scene.token_item import TokenItem
from tactical.core.area_layout import Placement, layout_tokens
from tactical.core.grid import Square
from tactical.core.tokens import Position

AREA_GAP = 0.9
"""Space between token discs in an area, in token widths: room for their name labels."""
SHARED_FILL = 0.94
"""How much of its slot a token takes when several stand on one square (a combat cluster)."""


class TokenLayout:
    """Places the token items of one scene (see the module's docstring)."""

    def __init__(
        self,
        context: SceneContext,
        made_items: Callable[[], Iterable[TokenItem]],
        items: Mapping[str, TokenItem],
    ) -> None:
        """``made_items()``: the items made so far (not the pending ones); ``items``: every
        shown token's item (reading it makes the pending ones)."""
        self.context = context
        self.made_items = made_items
        self.items = items
        self.layouts: dict[str, Placement] = {}
        """The last placement of the tokens in each area, by area id."""

    def place(self, item: TokenItem, position: Position) -> set[Square]:
        """Put an item where the model says; the squares whose tokens need a new layout.

        Area tokens are placed by :meth:`relayout_areas`, tokens sharing a square by
        :meth:`relayout_squares`.
        """
        touched = {item.square} if item.square is not None else set()
        if isinstance(position, tuple):
            item.square = position
            item.set_scale_factor(1.0)
            x, y = square_origin(position)
            item.move_to(x, y)
            item.show_on_map(True)
            touched.add(position)
        else:
            item.square = None
            item.show_on_map(position is not None)
        return touched

    def relayout_squares(self, squares: Iterable[Square]) -> None:
        """Tokens standing on one square (a combat cluster) side by side, smaller, none hidden.

        A lone token fills its footprint as usual. Two or more on the same
        square share the footprint of the largest in a k x k grid (k = ceil of
        the square root of how many), in encounter order, rows centred, so every one of them
        can be seen and grabbed.
        """
        wanted = set(squares)
        if not wanted:
            return
        groups: dict[Square, list[TokenItem]] = {}
        for item in self.made_items():  # a pending token stands alone, on no square touched
            if item.square in wanted:
                groups.setdefault(item.square, []).append(item)
        order: dict[str, int] | None = None
        for square, items in groups.items():
            if len(items) > 1:  # side by side in encounter order (the items' may differ)
                if order is None:
                    order = {
                        token_id: i for i, token_id in enumerate(self.context.encounter.tokens)
                    }
                items.sort(key=lambda item: order.get(item.token_id, -1))
            x0, y0 = square_origin(square)
            if len(items) == 1:
                items[0].set_scale_factor(1.0)
                items[0].move_to(x0, y0)
                continue
            k = math.ceil(math.sqrt(len(items)))
            slot = max(item.look.size for item in items) * CELL / k
            rows = math.ceil(len(items) / k)
            top = y0 + (k - rows) * slot / 2  # fewer rows than k: centred top to bottom
            inset = slot * (1 - SHARED_FILL) / 2
            for i, item in enumerate(items):
                item.set_scale_factor(slot * SHARED_FILL / (item.look.size * CELL))
                item.move_to(x0 + (i % k) * slot + inset, top + (i // k) * slot + inset)

    def relayout_areas(self, area_ids: Iterable[str]) -> None:
        area_map = self.context.encounter.area_map
        if area_map is None:
            return
        for area_id in area_ids:
            area = area_map.areas.get(area_id)
            if area is None:
                continue
            tokens = [
                t for t in self.context.encounter.tokens_in_area(area_id) if t.id in self.items
            ]
            placement = self.placement(area_id, area.polygon, [t.size for t in tokens])
            self.layouts[area_id] = placement
            for token, (x, y) in zip(tokens, placement.centres, strict=True):
                item = self.items[token.id]
                item.set_scale_factor(placement.scale)
                radius = item.diameter / 2
                item.move_to(x * CELL - radius, y * CELL - radius)

    def placement(self, area_id: str, polygon: Polygon, sizes: list[int]) -> Placement:
        """Token spots in an area, keeping clear of the area's name when there is room."""
        layer = self.context.layer
        label = layer.label_box(area_id) if isinstance(layer, AreaLayer) else None
        if label is not None and sizes:
            x0, y0, x1, y1 = label
            carved = polygon.difference(shapely_box(x0 - 0.05, y0 - 0.05, x1 + 0.05, y1 + 0.05))
            if not carved.is_empty:
                placement = layout_tokens(carved, sizes, gap=AREA_GAP)
                if not placement.crowded:
                    return placement
        return layout_tokens(polygon, sizes, gap=AREA_GAP)

    def restore(self, token_id: str) -> None:
        """Put a token's item back where the model has it (after a refused drop)."""
        token = self.context.encounter.tokens.get(token_id)
        item = self.items.get(token_id)
        if token is None or item is None:
            return
        self.relayout_squares(self.place(item, token.position))
        if token.area:
            self.relayout_areas([token.area])
        lay_out_labels(list(self.items.values()))

    def preview(self, token_id: str, position: Position) -> None:
        """Show a dragged token at ``position`` without touching the model."""
        item = self.items.get(token_id)
        if item is None:
            return
        if isinstance(position, tuple):
            item.set_scale_factor(1.0)  # full size while held, whatever it shared before
            x, y = square_origin(position)
            item.move_to(x, y)
        elif isinstance(position, str) and self.context.encounter.area_map is not None:
            area = self.context.encounter.area_map.areas.get(position)
            token = self.context.encounter.tokens.get(token_id)
            if area is None or token is None:
                return
            # Where it would stand after the drop: after the tokens already there.
            others = [
                t
                for t in self.context.encounter.tokens_in_area(position)
                if t.id in self.items and t.id != token_id
            ]
            placement = self.placement(
                position, area.polygon, [*(t.size for t in others), token.size]
            )
            x, y = placement.centres[-1]
            radius = token.size * CELL * placement.scale / 2
            item.move_to(x * CELL - radius, y * CELL - radius)

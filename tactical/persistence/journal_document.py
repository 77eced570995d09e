"""The base's JSON document as a journal's records change it, and what undoes each record.

:class:`JournalDocument` applies records (:mod:`tactical.persistence.journal_format`) to
one scene's document; :meth:`JournalDocument.inverse` gives, before a record is applied,
the record that would put back what it changes (its before-values: a token's object, a
square, the fog's bits of its box), from which the recovered undo history is built
(:mod:`tactical.persistence.journal_history`).
"""

from __future__ import annotations

from typing import Any

from tactical.persistence.fog_bits import FogBitsError, decode_mask, encode_mask
from tactical.persistence.journal_format import FogBox, JournalRecord, Splice


class Misfit(ValueError):
    """A record the document before it cannot take; the message says why."""


class JournalDocument:
    """The base's JSON document as the records change it.

    The parts records change square by square or token by token are held in a
    handier form while records apply (rows of terrain as bytes, tokens by id,
    the fog's squares as an array) and written back by :meth:`flush`.
    """

    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw
        self._terrain: list[bytearray] | None = None
        self._walls: dict[tuple[tuple[int, int], tuple[int, int]], dict[str, Any]] | None = None
        self._mask: Any = None
        self._tokens: dict[str, dict[str, Any]] | None = None
        self._pictures: dict[str, dict[str, Any]] | None = None

    def apply(self, record: JournalRecord) -> None:
        if record.set:
            self.flush()  # a part replaced whole replaces what is held of it
            self.raw.update(record.set)
        if record.squares:
            self._squares(record.squares)
        if record.walls is not None:
            walls = self._wall_table()
            for wall in record.walls.set:
                walls[_key(wall.a, wall.b)] = wall.model_dump()
            for a, b in record.walls.drop:
                if walls.pop(_key(a, b), None) is None:
                    raise Misfit("removes a wall that is not there")
        if record.wall_lines is not None:
            _splice(self._grid()["wall_lines"], record.wall_lines, "wall lines")
        if record.fog_box is not None:
            self._fog_box(record)
        if record.tokens is not None:
            self._token_patch(record)
        if record.dice_log is not None:
            _splice(self.raw["dice_log"], record.dice_log, "dice rolls")
        if record.pictures is not None:
            self._picture_patch(record)

    def inverse(self, record: JournalRecord) -> dict[str, Any]:
        """The record that puts back what ``record`` changes (call before applying it): its
        parts' values in this document now. Misfit when the record does not fit it."""
        out: dict[str, Any] = {}
        if record.set:
            self.flush()
            out["set"] = {k: self.raw.get(k) for k in record.set}
        if record.squares:
            out["squares"] = self._old_squares(record.squares)
        if record.walls is not None:
            walls = self._wall_table()
            put = [_key(w.a, w.b) for w in record.walls.set]
            put += [_key(a, b) for a, b in record.walls.drop]
            out["walls"] = {
                "set": [walls[k] for k in dict.fromkeys(put) if k in walls],
                "drop": [[list(a), list(b)] for a, b in dict.fromkeys(put) if (a, b) not in walls],
            }
        if record.wall_lines is not None:
            lines = self._grid()["wall_lines"]
            out["wall_lines"] = _inverse_splice(lines, record.wall_lines, "wall lines")
        if record.fog_box is not None:
            out["fog_box"] = self._old_fog_box(record)
        if record.tokens is not None:
            out["tokens"] = self._old_tokens(record)
        if record.dice_log is not None:
            out["dice_log"] = _inverse_splice(self.raw["dice_log"], record.dice_log, "dice rolls")
        if record.pictures is not None:
            if self._pictures is None:
                self._pictures = {_id(p, "picture"): p for p in self.raw["pictures"]}
            pictures = self._pictures
            added = {_id(p, "picture") for p in record.pictures.add}
            out["pictures"] = {
                "order": list(pictures),
                "add": [
                    p for i, p in pictures.items() if i in added or i not in record.pictures.order
                ],
            }
        return out

    def _old_squares(self, squares: list[list[Any]]) -> list[list[Any]]:
        elevation, terrain = self._ground(squares)
        old: dict[tuple[int, int], list[Any]] = {}
        for column, row, _height, _kind in squares:
            old.setdefault(
                (column, row), [column, row, elevation[row][column], chr(terrain[row][column])]
            )
        return list(old.values())

    def _old_fog_box(self, record: JournalRecord) -> dict[str, Any]:
        box = record.fog_box
        assert box is not None
        bits = self._fog_mask(box)[box.y : box.y + box.height, box.x : box.x + box.width]
        return {**box.model_dump(), "bits": encode_mask(bits)}

    def _old_tokens(self, record: JournalRecord) -> dict[str, Any]:
        patch = record.tokens
        assert patch is not None
        if self._tokens is None:
            self._tokens = {_id(t, "token"): t for t in self.raw["tokens"]}
        tokens = self._tokens
        put_ids = [_id(t, "token") for t in patch.put]
        old_puts = [tokens[i] for i in put_ids if i in tokens]
        old_puts += [tokens[i] for i in patch.drop if i in tokens]
        new_ids = [i for i in put_ids if i not in tokens]
        out: dict[str, Any] = {"put": old_puts, "drop": new_ids}
        if new_ids or patch.drop or patch.order is not None:
            out["order"] = list(tokens)
        return out

    def flush(self) -> None:
        grid = self.raw.get("map")
        if self._terrain is not None:
            grid["terrain"] = [row.decode("ascii") for row in self._terrain]  # type: ignore[index]
        if self._walls is not None:
            grid["walls"] = list(self._walls.values())  # type: ignore[index]
        if self._mask is not None:
            self.raw["fog"]["revealed"] = encode_mask(self._mask)
        if self._tokens is not None:
            self.raw["tokens"] = list(self._tokens.values())
        if self._pictures is not None:
            self.raw["pictures"] = list(self._pictures.values())
        self._terrain = self._walls = self._mask = self._tokens = self._pictures = None

    # -- the grid --------------------------------------------------------------------

    def _grid(self) -> dict[str, Any]:
        grid = self.raw.get("map")
        if not isinstance(grid, dict) or grid.get("kind") != "grid":
            raise Misfit("changes a grid, and the map is no grid")
        return grid

    def _ground(self, squares: list[list[Any]]) -> tuple[list[list[int]], list[bytearray]]:
        """The grid's heights and terrain rows (made editable once), after checking that every
        square of ``squares`` lies on the map."""
        grid = self._grid()
        width, height = grid["width"], grid["height"]
        for column, row, _height, _kind in squares:
            if column >= width or row >= height:
                raise Misfit(f"square ({column}, {row}) is off the {width} x {height} map")
        if self._terrain is None:
            self._terrain = [bytearray(row.encode("ascii")) for row in grid["terrain"]]
        return grid["elevation"], self._terrain

    def _squares(self, squares: list[list[Any]]) -> None:
        elevation, terrain = self._ground(squares)
        for column, row, height_, kind in squares:
            elevation[row][column] = height_
            terrain[row][column] = ord(kind)

    def _wall_table(self) -> dict[tuple[tuple[int, int], tuple[int, int]], dict[str, Any]]:
        if self._walls is None:
            self._walls = {_key(w["a"], w["b"]): w for w in self._grid()["walls"]}
        return self._walls

    def _fog_mask(self, box: FogBox) -> Any:
        """The map's whole fog mask, decoded once, after checking that ``box`` lies on it."""
        grid = self._grid()
        width, height = grid["width"], grid["height"]
        fog = self.raw.get("fog")
        if not isinstance(fog, dict):
            raise Misfit("changes the fog of a map without fog")
        if box.x + box.width > width or box.y + box.height > height:
            raise Misfit(f"its fog box is off the {width} x {height} map")
        try:
            if self._mask is None:
                self._mask = decode_mask(fog["revealed"], width, height)
        except FogBitsError as error:
            raise Misfit(f"fog: {error}") from None
        return self._mask

    def _fog_box(self, record: JournalRecord) -> None:
        box = record.fog_box
        assert box is not None
        mask = self._fog_mask(box)
        try:
            bits = decode_mask(box.bits, box.width, box.height)
        except FogBitsError as error:
            raise Misfit(f"fog: {error}") from None
        mask[box.y : box.y + box.height, box.x : box.x + box.width] = bits

    # -- tokens and pictures ---------------------------------------------------------

    def _token_patch(self, record: JournalRecord) -> None:
        patch = record.tokens
        assert patch is not None
        if self._tokens is None:
            self._tokens = {_id(t, "token"): t for t in self.raw["tokens"]}
        tokens = self._tokens
        for token in patch.put:
            tokens[_id(token, "token")] = token
        for token_id in patch.drop:
            if tokens.pop(token_id, None) is None:
                raise Misfit(f"removes token '{token_id}', which is not there")
        if patch.order is not None:
            if sorted(patch.order) != sorted(tokens):
                raise Misfit("orders other tokens than there are")
            self._tokens = {i: tokens[i] for i in patch.order}

    def _picture_patch(self, record: JournalRecord) -> None:
        patch = record.pictures
        assert patch is not None
        if self._pictures is None:
            self._pictures = {_id(p, "picture"): p for p in self.raw["pictures"]}
        pictures = self._pictures
        for picture in patch.add:
            pictures[_id(picture, "picture")] = picture
        missing = [i for i in patch.order if i not in pictures]
        if missing:
            raise Misfit(f"names picture '{missing[0]}', which is not there")
        self._pictures = {i: pictures[i] for i in patch.order}


def _key(a: list[int], b: list[int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """A wall's edge as the map keeps it (``grid.edge``: the smaller square first)."""
    first, second = (a[0], a[1]), (b[0], b[1])
    return (first, second) if first <= second else (second, first)


def _id(item: Any, what: str) -> str:
    found = item.get("id") if isinstance(item, dict) else None
    if isinstance(found, str):
        return found
    raise Misfit(f"holds a {what} without an id")


def _spliced(items: Any, splice: Splice, what: str) -> list[Any]:
    """``items``, once sure they hold the run ``splice`` replaces."""
    if not isinstance(items, list) or splice.at + splice.drop > len(items):
        raise Misfit(f"changes {what} that are not there")
    return items


def _splice(items: Any, splice: Splice, what: str) -> None:
    _spliced(items, splice, what)[splice.at : splice.at + splice.drop] = splice.add


def _inverse_splice(items: Any, splice: Splice, what: str) -> dict[str, Any]:
    items = _spliced(items, splice, what)
    return {
        "at": splice.at,
        "drop": len(splice.add),
        "add": list(items[splice.at : splice.at + splice.drop]),
    }

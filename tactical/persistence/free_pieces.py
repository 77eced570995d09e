"""Big lists freed a slice at a time, so freeing them holds Python's lock only briefly.

The last reference to a list going frees everything only it holds in one call
into C: the save's 10,000 tokens' documents, their parsed JSON, their models,
the proof's encounter, or the 300,000 pieces the writer joins, each held
Python's lock 3-10 ms at once on the save's worker while the GUI thread waited
for it. :func:`free_in_pieces` empties such a list (or dict) a slice at a time,
a checkpoint of the GUI's gate between slices (``core.give_way``).
"""

from __future__ import annotations

from typing import Any

from tactical.core.give_way import checkpoint

FREED_A_PIECE = 500
"""Items freed between two checkpoints (well under a millisecond for a token's objects)."""


def free_in_pieces(items: list[Any] | dict[Any, Any], piece: int = FREED_A_PIECE) -> None:
    """Empty ``items`` (the caller's own), ``piece`` items at a time from its end."""
    if isinstance(items, dict):
        while items:
            for _ in range(min(piece, len(items))):
                items.popitem()
            checkpoint()
        return
    while items:
        del items[-piece:]
        checkpoint()


def free_document(document: dict[str, Any]) -> None:
    """Empty a file's document made for one save (``snapshot.finish_document``: its tokens'
    list and its grid's rows are its own) a piece at a time, once its text is made."""
    tokens = document.get("tokens")
    if isinstance(tokens, list):
        free_in_pieces(tokens)
    grid = document.get("map")
    if isinstance(grid, dict) and isinstance(grid.get("elevation"), list):
        free_in_pieces(grid["elevation"], 64)  # a million heights, 64 rows a slice

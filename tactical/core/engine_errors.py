"""The one error the rules engine raises for a question it cannot answer."""

from __future__ import annotations


class EngineError(ValueError):
    """A question that does not fit the encounter (a token off the map, a grid-only
    question on an area map, a malformed template)."""

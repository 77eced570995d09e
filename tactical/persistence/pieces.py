"""A file's long lists validated a slice at a time, so no one call holds Python's lock long.

pydantic validates a document in one call into its compiled core, which holds
Python's lock throughout: 10,000 tokens take about 40 ms of it, during which no
other thread of the app runs (the GUI thread, while the save proves its file on
a worker). Here the document is validated without its tokens, then the tokens
a few hundred at a time with the same model, and put together. When any slice
is refused, None is returned and the caller validates the whole document at
once, so a bad file's problems are said exactly as before.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter, ValidationError

from tactical.core.give_way import checkpoint
from tactical.persistence.schema import MAX_TOKENS, EncounterModel, TokenModel

SLICE = 500
"""Tokens validated per call: about 2 ms."""

_TOKENS = TypeAdapter(list[TokenModel])


def validate_in_pieces(raw: dict[str, Any]) -> EncounterModel | None:
    """The model of ``raw``, its tokens validated a slice at a time; None when the document
    has few tokens (one call is short) or any part is refused (the caller says why)."""
    tokens = raw.get("tokens")
    if not isinstance(tokens, list) or not SLICE < len(tokens) <= MAX_TOKENS:
        return None
    try:
        model = EncounterModel.model_validate({**raw, "tokens": []})
        models: list[TokenModel] = []
        for start in range(0, len(tokens), SLICE):
            checkpoint()  # the save's proof gives way here to a busy GUI (core.give_way)
            models += _TOKENS.validate_python(tokens[start : start + SLICE])
    except ValidationError:
        return None
    model.tokens = models
    return model

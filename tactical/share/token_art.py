"""Token pictures for the phones: small square PNGs, named by their bytes, sent only in view.

The TV draws each token's picture in its disc; a phone should too, without
learning what it may not see. So a link's view names a token's picture only
when that token is in the view, and by an opaque key (a digest of the small PNG
sent, never the picture's id or file name: a name such as ``saint-reveal.png``
could give a secret away). The server answers a picture's key only while it is
in that link's current view (:mod:`tactical.share.server`).

Decoding is the app's (Qt, with the size read from the header first); this
module gets the square RGBA pixels, already resampled to at most
:data:`TOKEN_ART_SIDE` a side, and writes the PNG. Tokens sharing a picture share
its key, so forty goblins cost one small picture.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tactical.core.tokens import Token
from tactical.share.art import Rgba, png_bytes

TOKEN_ART_SIDE = 128
"""The longest side of a token picture a device gets, in pixels: sharp on a phone."""


@dataclass(frozen=True)
class TokenArt:
    """One token picture as a device gets it: PNG bytes and the key the page asks for."""

    png: bytes
    key: str


TokenArtSource = Callable[[str], TokenArt | None]
"""A picture id -> its small PNG for the phones (None when it cannot be read)."""


def token_art(pixels: Rgba) -> TokenArt:
    """``pixels`` (RGBA, at most :data:`TOKEN_ART_SIDE` a side) as PNG and its key."""
    height, width = pixels.shape[:2]
    if max(height, width) > TOKEN_ART_SIDE:
        raise ValueError(f"a token picture for a phone is at most {TOKEN_ART_SIDE} px a side")
    png = png_bytes(pixels)
    return TokenArt(png, hashlib.sha256(png).hexdigest()[:32])


def pictures_in_view(
    tokens: Iterable[Token], source: TokenArtSource | None
) -> tuple[dict[str, str], dict[str, bytes]]:
    """(token id -> picture key, key -> PNG) for ``tokens``: the ones a view shows, no other."""
    keys: dict[str, str] = {}
    pngs: dict[str, bytes] = {}
    if source is None:
        return keys, pngs
    for token in tokens:
        if not token.image:
            continue
        art = source(token.image)
        if art is None:
            continue
        keys[token.id] = art.key
        pngs[art.key] = art.png
    return keys, pngs

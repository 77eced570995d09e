"""Fog's revealed squares in a file: packed bits, deflated, base64 (one short string).

A 1024 x 1024 map's mask is 131,072 bytes packed; explored fog comes in
blobs, so deflate takes that to a few kilobytes, and even noise stays under
180,000 characters. Reading refuses a string that does not inflate to exactly
the map's size (and never inflates more than that: no zip bombs).
"""

from __future__ import annotations

import base64
import binascii
import zlib

import numpy as np
import numpy.typing as npt

MAX_FOG_TEXT = 200_000
"""The longest ``fog.revealed`` string a file may hold (a noisy 1024 x 1024 mask fits)."""


class FogBitsError(ValueError):
    """A ``fog.revealed`` string that does not decode to the map's squares."""


def encode_mask(mask: npt.NDArray[np.bool_] | None) -> str:
    """The file text of a revealed mask (``""`` when nothing is revealed)."""
    if mask is None or not mask.any():
        return ""
    packed = np.packbits(mask.astype(np.bool_).reshape(-1)).tobytes()
    return base64.b64encode(zlib.compress(packed, 9)).decode("ascii")


def decode_mask(text: str, width: int, height: int) -> npt.NDArray[np.bool_]:
    """The ``[row, column]`` mask a file's text describes for a ``width`` x ``height`` map."""
    if not text:
        return np.zeros((height, width), dtype=np.bool_)
    size = (width * height + 7) // 8
    try:
        raw = binascii.a2b_base64(text, strict_mode=True)
        inflater = zlib.decompressobj()
        packed = inflater.decompress(raw, size + 1)
    except (binascii.Error, ValueError, zlib.error):
        raise FogBitsError("is not fog written as base64 of deflated bits") from None
    if len(packed) != size or inflater.unconsumed_tail or not inflater.eof:
        raise FogBitsError(f"does not hold the {width} x {height} squares of this map")
    bits = np.unpackbits(np.frombuffer(packed, dtype=np.uint8), count=width * height)
    return bits.astype(np.bool_).reshape(height, width)

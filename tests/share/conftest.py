"""maps/crypt-fog for the phones' tests: its secrets, every byte a link would send, and its
token pictures as solid colours (no Qt here)."""

from __future__ import annotations

import json
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from tactical.core.encounter import Encounter
from tactical.persistence import load_encounter
from tactical.share.links import Link, links_for
from tactical.share.publish import builder_for
from tactical.share.server import ShareServer
from tactical.share.token_art import TokenArt, TokenArtSource, token_art

CRYPT = Path(__file__).resolve().parents[2] / "maps" / "crypt-fog.tactical.json"
PCS = ("ilse", "bram", "oda")
SECRET_WORDS = ("Lurking ghoul", "ghoul", "The Hollow Saint", "saint")
"""Names and ids of the ghoul (in fog) and the saint (marked hidden)."""


def link_named(server: ShareServer, label: str) -> Link:
    """The server's link labelled ``label`` ("Table" or a character's name)."""
    return next(x for x in server.links.all() if x.label == label)


def crypt() -> Encounter:
    return load_encounter(CRYPT)


@pytest.fixture
def shared() -> Iterator[tuple[ShareServer, Encounter]]:
    """crypt-fog's pages served on 127.0.0.1 (a free port), stopped after the test."""
    encounter = crypt()
    server = ShareServer(links_for(encounter), "127.0.0.1", 0)
    server.start()
    server.publish(builder_for(encounter))
    try:
        yield server, encounter
    finally:
        server.stop()


def leaks(text: str, words: tuple[str, ...] = SECRET_WORDS) -> list[str]:
    """The secret words found in ``text`` (case-insensitive)."""
    low = text.lower()
    return [w for w in words if w.lower() in low]


def dumped(data: object) -> str:
    return json.dumps(data, ensure_ascii=False)


PICTURE_COLOURS = {
    "Sword": (0, 200, 90),
    "Shield": (230, 120, 0),
    "Paw": (200, 30, 30),
    "Skull": (20, 220, 220),
}
"""A solid colour for each of crypt-fog's token pictures (by picture name) in the Qt-free
tests: Ilse's sword, Bram's shield, the ghoul's paw (fog hides it), the Saint's skull (hidden)."""
PICTURE_WORDS = ("Sword", "Shield", "Paw", "Skull", "pic-")
"""The pictures' names and the start of every picture id: never sent to a device."""


def solid_art(encounter: Encounter, side: int = 32) -> TokenArtSource:
    """Token pictures as the app would send them, each a square of its picture's colour
    (:data:`PICTURE_COLOURS`), without Qt."""
    made: dict[str, TokenArt] = {}

    def source(picture_id: str) -> TokenArt | None:
        picture = encounter.pictures.get(picture_id)
        if picture is None or picture.name not in PICTURE_COLOURS:
            return None
        if picture_id not in made:
            pixels = np.zeros((side, side, 4), dtype=np.uint8)
            pixels[..., :3], pixels[..., 3] = PICTURE_COLOURS[picture.name], 255
            made[picture_id] = token_art(pixels)
        return made[picture_id]

    return source


def picture_key(encounter: Encounter, token_id: str) -> str:
    """The key under which ``token_id``'s picture would be sent (:func:`solid_art`)."""
    image = encounter.tokens[token_id].image
    assert image is not None
    art = solid_art(encounter)(image)
    assert art is not None
    return art.key


def png_rgba(png: bytes) -> npt.NDArray[np.uint8]:
    """The RGBA pixels of any 8-bit RGB or RGBA PNG (all five row filters: a browser's
    screenshot), for small pictures: it decodes row by row in Python."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    depth, kind = png[24], png[25]
    assert depth == 8 and kind in (2, 6), (depth, kind)
    channels = 4 if kind == 6 else 3
    data, at = b"", 8
    while at < len(png):
        (size,) = struct.unpack(">I", png[at : at + 4])
        if png[at + 4 : at + 8] == b"IDAT":
            data += png[at + 8 : at + 8 + size]
        at += 12 + size
    raw = zlib.decompress(data)
    stride = width * channels
    out = np.zeros((height, stride), dtype=np.int32)
    previous = np.zeros(stride, dtype=np.int32)
    for row in range(height):
        line = raw[row * (stride + 1) : (row + 1) * (stride + 1)]
        kind_of_filter, cur = line[0], np.frombuffer(line[1:], dtype=np.uint8).astype(np.int32)
        if kind_of_filter == 2:
            cur = (cur + previous) % 256
        elif kind_of_filter in (1, 3, 4):
            values = cur.tolist()
            above = previous.tolist()
            for i in range(stride):
                left = values[i - channels] if i >= channels else 0
                up, corner = above[i], above[i - channels] if i >= channels else 0
                if kind_of_filter == 1:
                    guess = left
                elif kind_of_filter == 3:
                    guess = (left + up) // 2
                else:
                    p = left + up - corner
                    pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                    guess = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                values[i] = (values[i] + guess) % 256
            cur = np.array(values, dtype=np.int32)
        out[row] = cur
        previous = cur
    pixels = out.astype(np.uint8).reshape(height, width, channels)
    if channels == 3:
        pixels = np.concatenate([pixels, np.full((height, width, 1), 255, np.uint8)], axis=-1)
    return pixels

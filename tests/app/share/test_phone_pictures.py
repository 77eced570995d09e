"""Token pictures for the phones, decoded on the GM's side with Qt (maps/crypt-fog's marks).

Each picture's size is read from its header before it is decoded; it is cut to
its centred square as the TV cuts it, made at most TOKEN_ART_SIDE a side, written
as PNG once, and served only to a link whose view shows its token.
"""

from __future__ import annotations

import hashlib
import struct
import urllib.error
import urllib.request
import zlib
from pathlib import Path
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage

from tactical.app.players.phones.install import PhoneSharing
from tactical.app.players.phones.pixels import ArtPixels
from tactical.core.pictures import Picture
from tactical.core.tokens import Token
from tactical.persistence import load_encounter
from tactical.share.token_art import TOKEN_ART_SIDE, TokenArt
from tactical.share.view import table_view
from tests.app.share.test_share_window import Page

CRYPT = Path(__file__).resolve().parents[3] / "maps" / "crypt-fog.tactical.json"


def _png(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]
    return bytes(data.data())


def _decoded(art: TokenArt) -> QImage:
    image = QImage.fromData(art.png)
    assert not image.isNull()
    return image


def test_a_mark_becomes_a_small_png_named_by_its_bytes(qapp: Any) -> None:
    encounter = load_encounter(CRYPT)
    source = ArtPixels(None).token_source(encounter)
    sword_id = encounter.tokens["ilse"].image
    assert sword_id is not None
    art = source(sword_id)
    assert art is not None
    image = _decoded(art)
    assert (image.width(), image.height()) == (TOKEN_ART_SIDE, TOKEN_ART_SIDE)  # the mark: 192
    assert image.pixelColor(3, 3) == QColor("#e9e2cf")  # the mark's light ground, corner kept
    assert art.key == hashlib.sha256(art.png).hexdigest()[:32]
    assert sword_id.removeprefix("pic-") not in art.key
    assert source(sword_id) is art  # made once
    other = source(str(encounter.tokens["bram"].image))
    assert other is not None and other.key != art.key


def test_a_portrait_is_cut_to_its_centred_square_as_the_tv_cuts_it(qapp: Any) -> None:
    portrait = QImage(300, 600, QImage.Format.Format_RGBA8888)
    portrait.fill(QColor(200, 0, 0))
    for y in range(150, 450):  # the centred square green, the margins above and below red
        for x in range(300):
            portrait.setPixelColor(x, y, QColor(0, 160, 0))
    encounter = load_encounter(CRYPT)
    data = _png(portrait)
    encounter.pictures["pic-portrait"] = Picture("pic-portrait", data=data, name="Portrait")
    art = ArtPixels(None).token_source(encounter)("pic-portrait")
    assert art is not None
    image = _decoded(art)
    assert (image.width(), image.height()) == (TOKEN_ART_SIDE, TOKEN_ART_SIDE)
    for x, y in ((1, 1), (64, 1), (64, 126), (126, 126)):
        assert image.pixelColor(x, y).green() > 120 and image.pixelColor(x, y).red() < 60


def _huge_png_header() -> bytes:
    """A PNG whose header says 20000 x 20000 pixels: over the limits, never to be decoded."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body)
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", 20_000, 20_000, 8, 6, 0, 0, 0)
    rows = chunk(b"IDAT", zlib.compress(bytes(81)))  # a few rows' worth, not 1.6 GB of pixels
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + rows + chunk(b"IEND", b"")


def test_a_picture_over_the_limits_is_refused_by_its_header_and_its_token_stays_a_disc(
    qapp: Any,
) -> None:
    encounter = load_encounter(CRYPT)
    encounter.pictures["pic-huge"] = Picture("pic-huge", data=_huge_png_header(), name="Huge")
    encounter.tokens["oda"].image = "pic-huge"
    pixels = ArtPixels(None)
    assert pixels.token_source(encounter)("pic-huge") is None
    assert "20000 x 20000 pixels" in pixels.problems["pic-huge"]  # said by its header
    view = table_view(encounter, token_art=pixels.token_source(encounter))
    oda = next(t for t in view.data["tokens"] if t["id"] == "oda")
    assert "picture" not in oda


def _status(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_the_gms_window_sends_a_visible_tokens_picture_and_never_a_hidden_ones(
    make_window: Any, qtbot: Any
) -> None:
    encounter = load_encounter(CRYPT)
    shield = encounter.tokens["bram"].image
    encounter.add_token(Token("gob", "Goblin", "npcs", (2, 3), image=shield))  # shares it
    window = make_window(encounter)
    phones: PhoneSharing = window.phone_sharing
    session = phones.start("127.0.0.1", 0)
    assert session is not None
    table = next(x for x in session.links.all() if x.label == "Table")
    page = Page(session.url(table))
    try:
        view = page.latest(qtbot, lambda m: m.get("type") == "view")
        keys = {t["id"]: t.get("picture") for t in view["tokens"]}
        assert keys["gob"] == keys["bram"] and keys["oda"] is None
        source = ArtPixels(None).token_source(encounter)
        sword = source(str(encounter.tokens["ilse"].image))
        skull = source(str(encounter.tokens["saint"].image))
        assert sword is not None and skull is not None
        assert keys["ilse"] == sword.key
        base = session.url(table) + "/art/"
        status, body = _status(base + sword.key + ".png")
        assert status == 200 and body == sword.png
        assert _status(base + skull.key + ".png")[0] == 404  # the Saint is marked hidden
    finally:
        page.close()
        phones.stop()

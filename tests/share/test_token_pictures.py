"""Token pictures on the phones (Qt-free): named by an opaque key, and only for tokens in view.

maps/crypt-fog gives Ilse a sword, Bram a shield, the ghoul (under fog) a paw and
the Saint (marked hidden) a skull; Oda has none. The pictures here are solid
colours (tests/share/conftest.py), as the app would send them after decoding.
"""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from tactical.core.tokens import Token
from tactical.share.links import links_for
from tactical.share.publish import builder_for
from tactical.share.token_art import TOKEN_ART_SIDE, token_art
from tactical.share.view import LinkView, character_view, table_view
from tests.share.conftest import (
    PCS,
    PICTURE_WORDS,
    crypt,
    dumped,
    leaks,
    picture_key,
    png_rgba,
    solid_art,
)


def _keys(view: LinkView) -> dict[str, str]:
    """Token id -> the picture key its view names."""
    return {t["id"]: t["picture"] for t in view.data["tokens"] if "picture" in t}


def test_each_link_names_the_pictures_of_the_tokens_it_shows_and_sends_no_other() -> None:
    encounter = crypt()
    art = solid_art(encounter)
    sword, shield = picture_key(encounter, "ilse"), picture_key(encounter, "bram")
    paw, skull = picture_key(encounter, "ghoul"), picture_key(encounter, "saint")
    views = [table_view(encounter, token_art=art)]
    views += [character_view(encounter, pc, token_art=art) for pc in PCS]
    for view in views:
        assert _keys(view) == {"ilse": sword, "bram": shield}  # Oda has no picture: a disc
        assert set(view.pictures) == {sword, shield}
        text = dumped(view.data)
        assert paw not in text and skull not in text
        assert [w for w in PICTURE_WORDS if w in text] == []  # no picture's id or name
        assert leaks(text) == []


def test_a_token_seen_by_one_character_sends_its_picture_to_that_link_only() -> None:
    encounter = crypt()
    encounter.tokens["ghoul"].position = (11, 7)  # in the corridor: Ilse sees it, Oda does not
    art = solid_art(encounter)
    paw = picture_key(encounter, "ghoul")
    assert paw in table_view(encounter, token_art=art).pictures
    assert paw in character_view(encounter, "ilse", token_art=art).pictures
    for pc in ("bram", "oda"):
        view = character_view(encounter, pc, token_art=art)
        assert paw not in view.pictures and paw not in dumped(view.data)


def test_a_token_walking_into_fog_takes_its_picture_out_of_the_view() -> None:
    encounter = crypt()
    art = solid_art(encounter)
    sword = picture_key(encounter, "ilse")
    assert sword in table_view(encounter, token_art=art).pictures
    encounter.tokens["ilse"].position = (20, 3)  # the burial chamber, under fog
    view = table_view(encounter, token_art=art)
    assert sword not in view.pictures and sword not in dumped(view.data)
    assert "ilse" not in _keys(view)


def test_forty_goblins_sharing_a_picture_send_it_once() -> None:
    encounter = crypt()
    shield = encounter.tokens["bram"].image
    for index in range(40):
        square = (1 + index % 8, 3 + index // 8)  # in the hall, revealed
        encounter.add_token(Token(f"gob-{index}", "Goblin", "npcs", square, image=shield))
    view = table_view(encounter, token_art=solid_art(encounter))
    keys = _keys(view)
    assert len(keys) == 42 and len(set(keys.values())) == 2
    assert len(view.pictures) == 2


def test_a_paused_link_sends_no_picture() -> None:
    encounter = crypt()
    build = builder_for(encounter, paused=True, token_art=solid_art(encounter))
    for link in links_for(encounter).all():
        assert build(link).pictures == {}


def test_the_key_is_a_digest_of_the_png_sent_and_never_the_picture_id() -> None:
    encounter = crypt()
    image = encounter.tokens["ilse"].image
    assert image is not None
    art = solid_art(encounter)(image)
    assert art is not None
    assert art.key == hashlib.sha256(art.png).hexdigest()[:32]
    assert image.removeprefix("pic-") not in art.key
    pixels = png_rgba(art.png)
    assert pixels.shape == (32, 32, 4) and tuple(pixels[5, 5]) == (0, 200, 90, 255)


def test_a_token_picture_over_the_phone_size_is_refused() -> None:
    with pytest.raises(ValueError, match="at most"):
        token_art(np.zeros((TOKEN_ART_SIDE + 1, TOKEN_ART_SIDE + 1, 4), dtype=np.uint8))

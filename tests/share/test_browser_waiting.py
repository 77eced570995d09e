"""A character not in the scene shown to players waits on a plain page (issue 33), in Chromium.

Bram's phone shows the tavern; the GM shows the crypt, where Bram is not: his page reads
"Waiting for the game master…" and every byte it received carries nothing of the crypt (its
name, its tokens, its size); the tavern shown again, his page shows it again. Traffic stays
on 127.0.0.1; every wait is bounded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tactical.share.links import links_for
from tactical.share.publish import builder_for
from tactical.share.server import ShareServer
from tests.app.shown.evenings import CRYPT_SECRETS, evening
from tests.share.test_browser import (  # noqa: F401
    PHONE,
    _open,
    _received,
    _wait,
    driver,
    pytestmark,
)


def _waiting(browser: Any) -> tuple[bool, str]:
    return browser.execute_script(
        "const w = document.getElementById('waiting'); return [!w.hidden, w.textContent];"
    )


def test_a_character_not_in_the_shown_scene_waits_and_gets_nothing_of_it(
    driver: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    night = evening(shown="tavern")
    tavern, crypt = night.scene("tavern").encounter, night.scene("crypt").encounter
    crypt.show_name_to_players = True  # the table may read it; Bram's page may not
    server = ShareServer(links_for(tavern), "127.0.0.1", 0)
    server.start()
    try:
        server.publish(builder_for(tavern))
        _received(driver)  # forget earlier pages' traffic
        _open(driver, server, "Bram", PHONE)
        assert _waiting(driver)[0] is False
        texts = _received(driver)[0]
        night.shown = "crypt"
        server.publish(builder_for(crypt))
        assert _wait(lambda: _waiting(driver)[0] and _waiting(driver)) == [
            True,
            "Waiting for the game master…",
        ]
        assert driver.title == "tactical"
        driver.save_screenshot(str(tmp_path / "phone-waiting.png"))
        texts += _received(driver)[0]
        night.shown = "tavern"
        server.publish(builder_for(tavern))
        _wait(lambda: not _waiting(driver)[0])
        assert driver.execute_script("return document.getElementById('who').textContent") == (
            "Bram"
        )
        texts += _received(driver)[0]
    finally:
        server.stop()
    assert any('"waiting":true' in t for t in texts)  # the capture saw the waiting view
    for text in texts:
        assert not [w for w in CRYPT_SECRETS if w.lower() in text.lower()], text[:200]
        assert '"width":12' not in text, text[:200]

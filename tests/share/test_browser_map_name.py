"""The phone's page names the map only once the GM shows its name to the players (issue 30)."""

from __future__ import annotations

from typing import Any

from tactical.core.commands.base import UndoStack
from tactical.core.commands.name_shown import ShowNameToPlayers
from tactical.share.links import links_for
from tactical.share.publish import builder_for
from tactical.share.server import ShareServer
from tests.share.conftest import crypt, solid_art
from tests.share.test_browser import PHONE, _open, _wait, driver, pytestmark  # noqa: F401

MAP_NAME = "Crypt of the Hollow Saint"


def _place(browser: Any) -> tuple[str, bool]:
    return browser.execute_script(
        "const p = document.getElementById('place'); return [p.textContent, !p.hidden];"
    )


def test_the_page_names_the_map_only_when_the_gm_shows_it(driver: Any) -> None:  # noqa: F811
    encounter = crypt()
    server = ShareServer(links_for(encounter), "127.0.0.1", 0)
    server.start()
    try:
        server.publish(builder_for(encounter, token_art=solid_art(encounter)))
        _open(driver, server, "Table", PHONE)
        assert driver.title == "tactical: the table"
        assert _place(driver) == ["", False]
        UndoStack(encounter).push(ShowNameToPlayers(True))
        server.publish(builder_for(encounter, token_art=solid_art(encounter)))
        _wait(lambda: driver.title == f"tactical: {MAP_NAME}")
        assert _place(driver) == [MAP_NAME, True]
    finally:
        server.stop()

"""The phones' page in a real browser (Debian's chromium + chromium-driver, driven by selenium).

The leak test captures every byte the browser receives on each link of
maps/crypt-fog (HTTP bodies and WebSocket frames, through Chrome's DevTools
network events) and finds no name or id of a token that link may not see, no
pixel of art under fog, no picture of a hidden or fogged token, and no
picture's id or name. All traffic stays on 127.0.0.1; every wait is bounded.
"""

from __future__ import annotations

import base64
import json
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tactical.core.encounter import Encounter
from tactical.core.pictures import Background, Picture
from tactical.core.tokens import Token
from tactical.share.links import Link, links_for
from tactical.share.publish import builder_for
from tactical.share.server import ShareServer
from tests.app.conftest import small_areas
from tests.realdata import required
from tests.share.conftest import (
    PICTURE_COLOURS,
    PICTURE_WORDS,
    crypt,
    leaks,
    link_named,
    picture_key,
    png_rgba,
    solid_art,
)
from tests.share.test_link_views import _png_pixels

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
NO_BROWSER = "needs Debian's chromium and chromium-driver (packaging/debian-deps.sh --browser)"
if required() and (CHROMIUM is None or DRIVER is None):
    # CI installs them (.ci/run): there, a missing browser fails instead of skipping the leak test.
    pytest.fail(f"{NO_BROWSER}, and CI=true runs these tests", pytrace=False)
webdriver = pytest.importorskip("selenium.webdriver")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None or DRIVER is None, reason=NO_BROWSER),
]
PHONE, TABLET, DESKTOP = (390, 844), (820, 1180), (1280, 800)
FOGGED = (255, 0, 255)
"""The art's colour on the burial chamber, all under fog: no device may get one such pixel."""
WAIT = 10.0


def _wait(check: Callable[[], object], seconds: float = WAIT) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:  # kept: polls the page until a deadline
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("the page did not get there in time")


def _art() -> np.ndarray:
    """Art 10 px a square: stone grey, magenta over the burial chamber (columns 15 to 24)."""
    art = np.zeros((160, 260, 4), dtype=np.uint8)
    art[..., :3], art[..., 3] = (120, 118, 110), 255
    art[:, 150:250, :3] = FOGGED
    return art


def _encounter() -> Encounter:
    encounter = crypt()
    encounter.tokens["ghoul"].position = (11, 7)  # Ilse sees it; Bram and Oda do not
    encounter.pictures["pic-art"] = Picture("pic-art", data=b"x")
    encounter.background = Background("pic-art", square_px=10)
    return encounter


def chromium(wait: float, *extra: str) -> Any:
    """A headless Chromium that reaches 127.0.0.1 only and logs its network events (every byte
    it receives); ``extra`` arguments besides; pages and scripts wait at most ``wait`` s."""
    options = webdriver.ChromeOptions()
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-extensions",
        *extra,
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ):
        options.add_argument(argument)
    options.binary_location = CHROMIUM
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    service = webdriver.ChromeService(executable_path=DRIVER)
    browser = webdriver.Chrome(options=options, service=service)
    browser.set_page_load_timeout(wait)
    browser.set_script_timeout(wait)
    return browser


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    browser = chromium(WAIT)
    try:
        yield browser
    finally:
        browser.quit()


@pytest.fixture
def shared() -> Iterator[tuple[ShareServer, Encounter]]:
    encounter = _encounter()
    art = _art()
    server = ShareServer(links_for(encounter), "127.0.0.1", 0)
    server.start()
    server.publish(builder_for(encounter, lambda _pid: art, token_art=solid_art(encounter)))
    try:
        yield server, encounter
    finally:
        server.stop()


def _received(browser: Any) -> tuple[list[str], list[bytes]]:
    """Every text and every picture the browser received since the last call."""
    texts: list[str] = []
    pictures: list[bytes] = []
    finished: list[str] = []
    for entry in browser.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        method, params = message.get("method"), message.get("params", {})
        if method == "Network.webSocketFrameReceived":
            texts.append(params["response"]["payloadData"])
        elif method == "Network.loadingFinished":
            finished.append(params["requestId"])
    for request in finished:
        try:
            body = browser.execute_cdp_cmd("Network.getResponseBody", {"requestId": request})
        except Exception:  # a body the browser no longer keeps (none of ours: all are small)
            continue
        if body.get("base64Encoded"):
            pictures.append(base64.b64decode(body["body"]))
        else:
            texts.append(body["body"])
    return texts, pictures


def _open(browser: Any, server: ShareServer, label: str, size: tuple[int, int]) -> None:
    browser.set_window_size(*size)
    browser.get(server.url(link_named(server, label)))
    _wait(
        lambda: (
            browser.execute_script("return document.getElementById('who').textContent")
            == ("Table" if label == "Table" else label)
        )
    )


def _has(pixels: np.ndarray, colour: tuple[int, int, int]) -> bool:
    return bool((pixels[..., :3] == colour).all(axis=-1).any())


@pytest.mark.parametrize(
    ("label", "secrets", "hidden_art"),
    [
        ("Table", ("The Hollow Saint", "saint"), ("saint",)),
        ("Ilse", ("The Hollow Saint", "saint"), ("saint",)),
        ("Bram", ("The Hollow Saint", "saint", "Lurking ghoul", "ghoul"), ("saint", "ghoul")),
        ("Oda", ("The Hollow Saint", "saint", "Lurking ghoul", "ghoul"), ("saint", "ghoul")),
    ],
)
def test_no_byte_a_link_receives_names_what_it_may_not_see(
    driver: Any,
    shared: tuple[ShareServer, Encounter],
    label: str,
    secrets: tuple[str, ...],
    hidden_art: tuple[str, ...],
    tmp_path: Path,
) -> None:
    server, encounter = shared
    _received(driver)  # forget earlier pages' traffic
    _open(driver, server, label, PHONE)
    _wait(lambda: driver.execute_script("return document.querySelector('canvas').width > 0"))
    texts: list[str] = []
    pictures: list[bytes] = []

    def art_arrived() -> bool:  # the art and pictures come after the view: wait (bounded)
        more_texts, more_pictures = _received(driver)
        texts.extend(more_texts)
        pictures.extend(more_pictures)
        drawn = driver.execute_script("return window.tacticalPage.showsPicture('bram')")
        return drawn and any(_has(png_rgba(x), (120, 118, 110)) for x in pictures)

    _wait(art_arrived)
    # Kept: a window for anything else sent with it (what must not come has no event to wait on).
    time.sleep(0.2)
    more_texts, more_pictures = _received(driver)
    texts.extend(more_texts)
    pictures.extend(more_pictures)
    assert any('"type":"view"' in t for t in texts)  # the capture did see the view
    assert pictures, "the cut art reached the page"
    secret_keys = [picture_key(encounter, token) for token in hidden_art]
    secret_colours = [
        PICTURE_COLOURS[encounter.pictures[str(encounter.tokens[t].image)].name] for t in hidden_art
    ]
    for text in texts:
        assert leaks(text, secrets) == [], text[:200]
        assert [w for w in PICTURE_WORDS if w in text] == [], text[:200]
        assert [k for k in secret_keys if k in text] == [], text[:200]
    for png in pictures:
        pixels = _png_pixels(png)
        assert not _has(pixels, FOGGED)
        assert [c for c in secret_colours if _has(pixels, c)] == []
    decoded = [_png_pixels(png) for png in pictures]
    assert any(_has(x, (120, 118, 110)) for x in decoded)  # the hall's stone came
    assert any(_has(x, PICTURE_COLOURS["Shield"]) for x in decoded)  # and Bram's picture
    sees_ghoul = label in ("Table", "Ilse")
    assert any("Lurking ghoul" in t for t in texts) == sees_ghoul  # the capture is not blind
    assert any(_has(x, PICTURE_COLOURS["Paw"]) for x in decoded) == sees_ghoul
    driver.save_screenshot(str(tmp_path / f"{label}-phone.png"))


def test_the_table_fits_a_desktop_a_tablet_and_a_phone_and_reads_paused(
    driver: Any, shared: tuple[ShareServer, Encounter], tmp_path: Path
) -> None:
    server, encounter = shared
    for size in (DESKTOP, TABLET, PHONE, PHONE[::-1]):
        _open(driver, server, "Table", size)
        width = driver.execute_script("return document.documentElement.scrollWidth")
        assert width <= driver.execute_script("return window.innerWidth")
        text = driver.execute_script(
            "return parseFloat(getComputedStyle(document.getElementById('who')).fontSize)"
        )
        assert text >= 18  # readable at arm's length
        driver.save_screenshot(str(tmp_path / f"table-{size[0]}x{size[1]}.png"))
    server.publish(builder_for(encounter, paused=True))
    _wait(lambda: driver.execute_script("return !document.getElementById('paused').hidden"))
    assert driver.find_element("id", "paused").text == "Paused by the GM"


def _status(browser: Any) -> str:
    return str(
        browser.execute_script(
            "const s = document.getElementById('status'); return s.hidden ? '' : s.textContent"
        )
    )


def _wifi_drop(server: ShareServer) -> None:
    """Every connection cut without a goodbye, as when a phone's Wi-Fi drops."""
    assert server.listener is not None and server.listener.guard is not None
    guard = server.listener.guard
    assert server._loop is not None
    server._loop.call_soon_threadsafe(guard.close_all)


def test_the_page_reconnects_by_itself_and_says_so_while_away(
    driver: Any, shared: tuple[ShareServer, Encounter]
) -> None:
    server, _ = shared
    _open(driver, server, "Oda", PHONE)
    _wifi_drop(server)
    assert "reconnecting" in _wait(lambda: _status(driver))
    _wait(lambda: driver.execute_script("return document.getElementById('status').hidden"))


def test_stopping_sharing_says_so_plainly_and_the_page_stops_trying(
    driver: Any, shared: tuple[ShareServer, Encounter], tmp_path: Path
) -> None:
    server, _ = shared
    _open(driver, server, "Oda", PHONE)
    _requested(driver)
    server.stop()
    assert _wait(lambda: _status(driver)) == "The GM stopped sharing"
    assert driver.execute_script("return document.body.classList.contains('ended')")
    time.sleep(3)  # kept: longer than the page's longest wait before trying again (none must come)
    assert _status(driver) == "The GM stopped sharing"
    assert _requested(driver) == []
    driver.save_screenshot(str(tmp_path / "stopped.png"))


def test_a_phone_drags_its_own_token_and_hears_why_a_move_is_refused(
    driver: Any, shared: tuple[ShareServer, Encounter]
) -> None:
    server, encounter = shared
    asked: list[dict[str, Any]] = []

    def refuse(_link: Link, data: dict[str, Any]) -> str | None:
        asked.append(data)
        return "Ilse stays: that square costs 7 of 6 squares."

    server.on_move = refuse
    link = link_named(server, "Ilse")
    server.links.set_moves(link.token, True)
    server.publish(builder_for(encounter, lambda _pid: _art()))
    _open(driver, server, "Ilse", PHONE)
    _wait(lambda: driver.execute_script("return window.tacticalPage.screenOf('ilse')"))
    x, y = driver.execute_script("return window.tacticalPage.screenOf('ilse')")
    square = driver.execute_script("return window.tacticalPage.squareSize()")
    canvas = driver.find_element("id", "map")
    width, height = canvas.rect["width"], canvas.rect["height"]
    actions = webdriver.ActionChains(driver)
    actions.move_to_element_with_offset(canvas, int(x - width / 2), int(y - height / 2))
    actions.click_and_hold()
    actions.move_by_offset(int(square), 0)
    actions.move_by_offset(int(square), int(-square))
    actions.release()
    actions.perform()
    _wait(lambda: asked)
    assert asked[0]["type"] == "move" and asked[0]["token"] == "ilse"
    assert (asked[0]["col"], asked[0]["row"]) == (5, 10)  # two east, one north of (3, 11)
    toast = _wait(
        lambda: driver.execute_script(
            "const t = document.getElementById('toast'); return t.hidden ? '' : t.textContent"
        )
    )
    assert toast == "Ilse stays: that square costs 7 of 6 squares."


def test_a_double_tap_centres_on_your_character(
    driver: Any, shared: tuple[ShareServer, Encounter]
) -> None:
    server, _ = shared
    _open(driver, server, "Bram", PHONE)
    canvas = driver.find_element("id", "map")
    width, height = canvas.rect["width"], canvas.rect["height"]
    before = driver.execute_script("return window.tacticalPage.screenOf('bram')")
    assert abs(before[0] - width / 2) > 20 or abs(before[1] - height / 2) > 20
    actions = webdriver.ActionChains(driver)
    actions.move_to_element_with_offset(canvas, 0, -int(height / 4)).click().click()
    actions.perform()
    after = _wait(
        lambda: (lambda p: p if abs(p[0] - width / 2) < 2 else None)(
            driver.execute_script("return window.tacticalPage.screenOf('bram')")
        )
    )
    assert abs(after[1] - height / 2) < 2


def test_a_room_revealed_off_the_screen_is_brought_into_view_and_glows(
    driver: Any, shared: tuple[ShareServer, Encounter]
) -> None:
    server, encounter = shared
    _open(driver, server, "Ilse", PHONE)
    canvas = driver.find_element("id", "map")
    width, height = canvas.rect["width"], canvas.rect["height"]

    def on_screen() -> bool:
        x, y = driver.execute_script("return window.tacticalPage.toScreen(21.5, 8.5)")
        return bool(0 <= x <= width and 60 <= y <= height)

    assert not on_screen()  # the burial chamber is off the phone's screen, east
    encounter.fog.revealed[6:11, 17:25] = True  # the GM lifts the fog from it
    server.publish(builder_for(encounter, lambda _pid: _art(), token_art=solid_art(encounter)))
    _wait(on_screen)
    assert driver.execute_script("return window.tacticalPage.freshSquares()") == 5 * 8
    toast = driver.execute_script("return document.getElementById('toast').textContent")
    assert toast == "New squares seen: double tap to go back to yours"


def test_on_an_area_map_a_phone_drops_its_token_on_an_area(driver: Any) -> None:
    encounter = small_areas()
    links = links_for(encounter)
    server = ShareServer(links, "127.0.0.1", 0)
    asked: list[dict[str, Any]] = []
    server.on_move = lambda _link, data: asked.append(data)  # type: ignore[func-returns-value]
    server.start()
    try:
        link = next(x for x in links.all() if x.label == "Brawler")
        links.set_moves(link.token, True)
        server.publish(builder_for(encounter))
        driver.set_window_size(*PHONE)
        driver.get(server.url(link))
        _wait(lambda: driver.execute_script("return window.tacticalPage.screenOf('brawler')"))
        start = driver.execute_script("return window.tacticalPage.screenOf('brawler')")
        area_map = encounter.area_map
        assert area_map is not None
        point = area_map.areas["floor"].polygon.representative_point()
        goal = driver.execute_script(f"return window.tacticalPage.toScreen({point.x}, {point.y})")
        canvas = driver.find_element("id", "map")
        width, height = canvas.rect["width"], canvas.rect["height"]
        actions = webdriver.ActionChains(driver)
        actions.move_to_element_with_offset(
            canvas, int(start[0] - width / 2), int(start[1] - height / 2)
        )
        actions.click_and_hold()
        actions.move_by_offset(int((goal[0] - start[0]) / 2), int((goal[1] - start[1]) / 2))
        actions.move_by_offset(int((goal[0] - start[0]) / 2), int((goal[1] - start[1]) / 2))
        actions.release()
        actions.perform()
        _wait(lambda: asked)
        assert asked[0] == {"type": "move", "token": "brawler", "area": "floor"}
    finally:
        server.stop()


def test_a_link_sharing_no_longer_knows_says_so_and_stops_trying(
    driver: Any, shared: tuple[ShareServer, Encounter]
) -> None:
    server, _ = shared
    bram = link_named(server, "Bram")
    _open(driver, server, "Bram", PHONE)
    server.links.revoke(bram.token)  # forgotten while the phone was away, without a word
    _wifi_drop(server)
    status = _wait(lambda: _status(driver).startswith("This link") and _status(driver))
    assert status == "This link no longer works: ask the GM for a new one"


def _pixel(browser: Any, x: float, y: float) -> tuple[int, int, int]:
    """The colour the browser shows at CSS pixel (x, y), from a screenshot of that spot."""
    shot = browser.execute_cdp_cmd(
        "Page.captureScreenshot",
        {"format": "png", "clip": {"x": x - 1, "y": y - 1, "width": 3, "height": 3, "scale": 1}},
    )
    pixels = png_rgba(base64.b64decode(shot["data"]))
    return tuple(int(v) for v in pixels[pixels.shape[0] // 2, pixels.shape[1] // 2, :3])  # type: ignore[return-value]


def test_a_visible_tokens_picture_is_drawn_in_its_disc_and_goes_when_it_walks_into_fog(
    driver: Any, shared: tuple[ShareServer, Encounter], tmp_path: Path
) -> None:
    server, encounter = shared
    _open(driver, server, "Bram", PHONE)
    _wait(lambda: driver.execute_script("return window.tacticalPage.showsPicture('ilse')"))
    driver.save_screenshot(str(tmp_path / "bram-pictures.png"))
    x, y = driver.execute_script("return window.tacticalPage.screenOf('ilse')")
    assert _pixel(driver, x, y) == PICTURE_COLOURS["Sword"]
    radius = 0.42 * driver.execute_script("return window.tacticalPage.squareSize()")
    assert _pixel(driver, x + radius * 0.9, y) == (0x2F, 0x7F, 0xD8)  # the side's ring
    x, y = driver.execute_script("return window.tacticalPage.screenOf('oda')")
    assert _pixel(driver, x, y) == (0x2F, 0x7F, 0xD8)  # no picture: a disc of the side's colour
    sword = picture_key(encounter, "ilse")
    assert sword in driver.execute_script("return window.tacticalPage.heldPictures()")
    encounter.tokens["ilse"].position = (20, 3)  # into the burial chamber, under fog
    server.publish(builder_for(encounter, lambda _pid: _art(), token_art=solid_art(encounter)))
    _wait(lambda: driver.execute_script("return window.tacticalPage.screenOf('ilse') === null"))
    assert sword not in driver.execute_script("return window.tacticalPage.heldPictures()")


def _requested(browser: Any) -> list[str]:
    """The URLs the browser asked for since the last look at its log."""
    urls = []
    for entry in browser.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def test_a_page_fetches_a_picture_once_for_all_its_tokens_and_not_again_on_a_move(
    driver: Any, shared: tuple[ShareServer, Encounter]
) -> None:
    server, encounter = shared
    shield = encounter.tokens["bram"].image
    for index in range(6):  # Bram's shield on six more tokens in the hall
        encounter.add_token(Token(f"guard-{index}", "Guard", "pcs", (1 + index, 3), image=shield))
    server.publish(builder_for(encounter, lambda _pid: _art(), token_art=solid_art(encounter)))
    _requested(driver)
    _open(driver, server, "Table", PHONE)
    _wait(lambda: driver.execute_script("return window.tacticalPage.showsPicture('guard-5')"))
    key = picture_key(encounter, "bram")
    asked = [u for u in _requested(driver) if key in u]
    assert asked == [server.url(link_named(server, "Table")) + f"/art/{key}.png"]  # once for seven
    count = "return window.tacticalPage.picturesAsked()"
    assert driver.execute_script(count) == 3  # the shield, the sword, the ghoul's paw
    where = "return window.tacticalPage.screenOf('bram')"
    before = driver.execute_script(where)
    encounter.tokens["bram"].position = (6, 12)  # the GM moves Bram: a new view, the same keys
    server.publish(builder_for(encounter, lambda _pid: _art(), token_art=solid_art(encounter)))
    _wait(lambda: driver.execute_script(where) != before)
    time.sleep(0.3)  # kept: a window for a fetch that must not come (no event to wait on)
    assert [u for u in _requested(driver) if key in u] == []
    assert driver.execute_script(count) == 3

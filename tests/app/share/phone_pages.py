"""Phones' pages in real Chromium beside the GM's window (issue 31): helpers for the tests.

Each phone is its own Chromium (its own WebSocket, its own captured bytes). Every wait
spins Qt's loop (the GM's thread answers the phones) and is bounded.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from tests.share.test_browser import chromium as browser_for_tests

PHONE = (360, 740)
"""The narrowest phone the page is made for, held upright."""
WAIT_MS = 10_000

TAP = """
const b = [...document.querySelectorAll('.ask button')].find(
  (x) => x.dataset.field === arguments[0] && x.textContent.startsWith(arguments[1]));
if (!b) return false;
b.click();
const on = '.ask button[data-field="' + arguments[0] + '"][aria-pressed=true]';
return document.querySelector(on) !== null;
"""
"""Taps an ask's option by its field and the start of its label; whether it is now picked."""


def chromium() -> Any:
    return browser_for_tests(WAIT_MS / 1000, "--hide-scrollbars")


@contextmanager
def browsers(count: int) -> Iterator[list[Any]]:
    with ExitStack() as stack:
        made = []
        for _ in range(count):
            browser = chromium()
            stack.callback(browser.quit)
            made.append(browser)
        yield made


class Phone:
    """One player's phone: a Chromium on a character's link."""

    def __init__(self, qtbot: Any, browser: Any, url: str, name: str) -> None:
        self.qtbot, self.browser, self.name = qtbot, browser, name
        self.frames: list[str] = []
        """Every WebSocket frame this phone received (read by :meth:`received`)."""
        browser.set_window_size(*PHONE)
        browser.get_log("performance")  # forget an earlier page's traffic
        browser.get(url)
        self.until(lambda: self.script("return document.getElementById('who').textContent") == name)

    def script(self, code: str, *args: Any) -> Any:
        return self.browser.execute_script(code, *args)

    def until(self, check: Callable[[], object], timeout: int = WAIT_MS) -> None:
        self.qtbot.waitUntil(lambda: bool(check()), timeout=timeout)

    def received(self) -> list[str]:
        """The WebSocket frames received since the page opened (its every byte of data)."""
        for entry in self.browser.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.webSocketFrameReceived":
                self.frames.append(message["params"]["response"]["payloadData"])
        return self.frames

    def tab(self, which: str) -> None:
        self.click(f"#tabs button[data-tab={which}]")

    def click(self, selector: str) -> None:
        self.until(lambda: self.script("return !!document.querySelector(arguments[0])", selector))
        found = self.browser.find_element("css selector", selector)
        self.script("arguments[0].scrollIntoView({block: 'center'})", found)
        found.click()

    def text(self) -> str:
        return str(self.script("return document.body.innerText"))

    def pick(self, field: str, label: str) -> None:
        """Tap the option of ``field`` whose label starts with ``label``."""

        def tapped() -> bool:
            return bool(self.script(TAP, field, label))

        self.until(tapped)

    def send(self) -> None:
        """Press the ask's own button (put down, declare)."""
        self.click(".ask button.go:not([disabled])")

    def type_dice(self, faces: list[int]) -> None:
        """Type the dice rolled on the table into the roll ask, and enter them."""
        self.until(lambda: self.script("return document.querySelectorAll('div.dice input').length"))
        for box, face in zip(
            self.browser.find_elements("css selector", "div.dice input"), faces, strict=True
        ):
            box.clear()
            box.send_keys(str(face))
        self.click(".ask:has(div.dice) button.go")

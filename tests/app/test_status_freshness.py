"""The status bar says what the last action did, or nothing: never a step behind."""

from __future__ import annotations

from tactical.app.map.geometry import CELL
from tactical.app.map.interaction.events import Pointer
from tactical.app.window.status_freshness import install_status_freshness


def _drag(window, start: tuple[int, int], end: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    tool = window.select_tool
    sx, sy = ((c + 0.5) * CELL for c in start)
    ex, ey = ((c + 0.5) * CELL for c in end)
    tool.press(Pointer(sx, sy, left=True))
    tool.move(Pointer(ex, ey, left=True))
    tool.release(Pointer(ex, ey))


def test_a_move_message_goes_with_the_next_undo_or_selection(make_services) -> None:  # type: ignore[no-untyped-def]
    window = make_services()
    bar = window.host.statusBar()
    freshness = install_status_freshness(bar, window.document, window.scene)
    now = [100.0]
    freshness.clock = lambda: now[0]
    _drag(window, (1, 4), (1, 6))
    assert bar.currentMessage().startswith("Orc moved")  # said just after its push: kept
    now[0] += 2
    window.scene.token_items["hero"].setSelected(True)  # the GM goes on: a new selection
    assert bar.currentMessage() == ""
    window.say("Hero is ready.")
    now[0] += 2
    window.document.undo_stack.undo()  # the undo says what it undid, nothing older stays
    assert "Hero is ready." not in bar.currentMessage()
    window.say("A fresh word.")
    window.scene.token_items["ally"].setSelected(True)  # within a moment: the word stays
    assert bar.currentMessage() == "A fresh word."

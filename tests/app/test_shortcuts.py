"""Every key of the main window does one thing: no two actions share a shortcut.

Qt fires neither action of an ambiguous shortcut (it only logs "Ambiguous
shortcut overload"), so a clash made by two branches merging silently kills
both keys.
"""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtGui import QAction

from .conftest import WindowFactory


def test_no_two_actions_of_the_window_share_a_key(make_window: WindowFactory) -> None:
    window = make_window()
    keys: dict[str, set[str]] = defaultdict(set)
    for action in window.findChildren(QAction):
        for shortcut in action.shortcuts():
            if not shortcut.isEmpty():
                keys[shortcut.toString()].add(action.text().replace("&", ""))
    clashes = {key: sorted(texts) for key, texts in keys.items() if len(texts) > 1}
    assert clashes == {}

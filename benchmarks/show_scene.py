"""Show to players: how soon the TV and the phones are on the new scene (issue 33).

``python -m benchmarks.show_scene [--repeat N]`` (from the repository root) prints a Markdown
table. An evening of the three example maps (``tavern-brawl``, an area map; ``hillside-ruin``,
a grid with heights; ``crypt-fog``, fog and the imported crypt's picture) opens in the real
window, offscreen, 1600 x 1000, with the player view open at 1280 x 720 and 8 phone pages
connected to the app's own share server on 127.0.0.1 (the table and the characters' links in
turn, as ``benchmarks.phones`` drives them). The GM looks at the next scene (not timed), then
Player view > Show this scene to players is triggered, and each row's map is the scene shown:

- *TV's first frame*: from the trigger until the curtain is up and the player view has
  repainted the new scene with its fog (the repaint is included: the map's ``repaint()``,
  synchronous);
  the reference is a repaint of the player view on that scene, nothing changed.
- *8 pages have it*: from the trigger until every page whose view changed (the table, the
  characters who arrive or leave; a character waiting on both scenes gets nothing) received
  its new view, measured by the pages' own threads; the reference is a party token's move on
  that scene reaching the same pages.

Medians of ``--repeat`` shows of each scene. The target: 300 ms for both.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from benchmarks.timing import print_table, settle, timed  # noqa: E402

SCENES = ("tavern-brawl", "hillside-ruin", "crypt-fog")
PAGES = 8
TARGET_MS = 300.0
_settle = functools.partial(settle, most=10.0, pause=0.001)
"""The event loop run until a page or the TV is there (the TV's timing waits in it)."""


class Evening:
    """The window on an evening of the example maps, the player view and 8 pages."""

    def __init__(self, folder: Path) -> None:
        from PySide6.QtCore import QSettings

        from benchmarks.phones import Pages
        from tactical.app.encounter.document import EncounterDocument
        from tactical.app.window.main_window import MainWindow
        from tactical.core.evening import Evening as Night
        from tactical.core.evening import Scene
        from tactical.persistence import load_encounter

        scenes = [
            Scene(name, load_encounter(ROOT / "maps" / f"{name}.tactical.json")) for name in SCENES
        ]
        self.night = Night(scenes, shown=SCENES[0])
        path = ROOT / "maps" / f"{SCENES[0]}.tactical.json"  # pictures are read beside it
        settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
        self.window = window = MainWindow(
            EncounterDocument(scenes[0].encounter, path), settings=settings, recovery_dir=folder
        )
        window.files.ask_unsaved = lambda: "discard"
        window.resize(1600, 1000)
        window.show()
        self.player = window.open_player_view()
        self.player.resize(1280, 720)
        self.player.show()
        _settle()
        parts = window.table_screen.parts
        assert parts is not None
        self.curtain = parts.scene_curtain
        session = window.phone_sharing.start("127.0.0.1", 0)
        assert not isinstance(session, str), session
        self.session = session
        links = session.links.all()
        self.pages = Pages([session.url(links[i % len(links)]) for i in range(PAGES)])
        self.action = window.action_registry.action("show_scene_to_players")

    def look_at(self, name: str) -> None:
        """The GM goes to the scene (as the Scenes dock does), the players stay on theirs."""
        document = self.window.document
        document.replace_encounter(self.night.scene(name).encounter, document.path)
        _settle()
        time.sleep(0.05)  # the pages hear nothing of it; let any late view arrive first

    def show(self) -> tuple[float, float]:
        """Show the GM's scene: (ms to the TV's first frame, ms until the 8 pages have it)."""
        before = self._texts(self.night.shown_scene.encounter)
        after = self._texts(self.window.document.encounter)
        changed = [i for i in range(PAGES) if before[i] != after[i]]
        counts = list(self.pages.seen)
        start = time.perf_counter()
        self.action.trigger()
        _settle(lambda: not self.curtain.is_down)
        self.player.view.viewport().repaint()
        tv = (time.perf_counter() - start) * 1000
        phones = (self.pages.wait_for(counts, changed) - start) * 1000
        return tv, phones

    def move_reference(self) -> float:
        """A party token of the shown scene moves a step: ms until every page whose view it
        changes has it (as ``benchmarks.phones`` times a change)."""
        from tactical.core.changes import GM
        from tactical.core.commands import MoveToken

        document = self.window.document
        encounter = document.encounter
        token = next(t for t in encounter.tokens.values() if t.side in encounter.fog.party)
        start_at, target = token.position, self._step(encounter, token.id)
        before = self._texts(encounter)
        token.position = target
        after = self._texts(encounter)
        token.position = start_at
        changed = [i for i in range(PAGES) if before[i] != after[i]]
        counts = list(self.pages.seen)
        start = time.perf_counter()
        document.push(MoveToken(token.id, target), GM)
        _settle(lambda: all(self.pages.seen[i] > counts[i] for i in changed))  # its timer runs
        return (self.pages.wait_for(counts, changed) - start) * 1000

    def _texts(self, encounter: Any) -> list[str]:
        from tactical.share.publish import builder_for

        build = builder_for(encounter)
        links = self.session.links.all()
        return [json.dumps(build(links[i % len(links)]).data) for i in range(PAGES)]

    @staticmethod
    def _step(encounter: Any, token_id: str) -> Any:
        token = encounter.tokens[token_id]
        if token.area is not None:
            return sorted(encounter.area_map.neighbours(token.area))[0]
        col, row = token.square
        return (col + 1, row) if (col + 1) < encounter.grid.width else (col - 1, row)

    def close(self) -> None:
        self.pages.close()
        self.window.phone_sharing.stop()
        self.window.close()


def run(repeat: int) -> list[tuple[str, ...]]:
    from PySide6.QtWidgets import QApplication

    QApplication.instance() or QApplication(sys.argv[:1])
    times: dict[str, dict[str, list[float]]] = {n: {"tv": [], "phones": []} for n in SCENES}
    references: dict[str, tuple[float, float]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        evening = Evening(Path(scratch))
        try:
            order = [*SCENES[1:], SCENES[0]] * repeat
            for name in order:
                evening.look_at(name)
                tv, phones = evening.show()
                times[name]["tv"].append(tv)
                times[name]["phones"].append(phones)
                if name not in references:
                    repaint = timed(evening.player.view.viewport().repaint, 5)
                    references[name] = (repaint, evening.move_reference())
        finally:
            evening.close()
    rows = []
    for name in SCENES:
        tv, phones = (statistics.median(times[name][k]) for k in ("tv", "phones"))
        repaint, move = references[name]
        worst = max(tv, phones)
        rows.append(
            (
                name,
                f"{tv:.0f}",
                f"{repaint:.1f}",
                f"{phones:.0f}",
                f"{move:.0f}",
                f"{'ok' if worst < TARGET_MS else 'over'} (under {TARGET_MS:.0f} ms)",
            )
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5, help="shows of each scene")
    args = parser.parse_args(argv)
    rows = run(max(1, args.repeat))
    header = (
        "scene shown",
        "TV's first frame ms",
        "TV repaint alone ms (reference)",
        "8 pages have it ms",
        "a party move reaches them ms (reference)",
        "target",
    )
    print_table(header, rows, 4)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

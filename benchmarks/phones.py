"""Time the phones' server: how soon a GM's change reaches the pages, what it costs the GM.

``python -m benchmarks.phones`` (from the repository root) prints a Markdown table.

- *update latency*: from the GM's thread handing over a change until every
  connected page whose view it changes has the new view, median over
  ``--repeat`` changes, with 1 and 8 pages (the table and character links in
  turn), real WebSockets on 127.0.0.1. The change: a PC moves a square (what a
  GM's drop does), or the whole party does (every character's sight is looked
  for again: the worst case). The issue's target: 150 ms (median, 8 pages).
- *GM's thread per change*: what the GM's hand pays for each published change
  (copying the encounter and handing it over; the views are built in the
  server's threads), against a frame of 16 ms.
- *drag step*: the engine work of one drag-preview step on the GM's thread (a
  path 5 squares east): alone, and while 8 pages are connected and the party
  moves every 20 ms on the same map size (the server's threads share the
  2 cores and Python's lock with the GM's hand).
- *a phone's move, GM's thread*: what the GM's hand pays to hold a phone's drop against
  its link's shading (that character's sight and :func:`tactical.share.reach.link_reach`),
  with the sight looked for again (the character moved since) and kept; the reference is
  the engine work of the GM's own drag pressing the same token (its reach).
- *memory the server adds*: the process's resident size with the server
  running, 8 pages connected and the updates above sent, less before it started.
"""

from __future__ import annotations

import argparse
import json
import statistics
import threading
import time
from pathlib import Path

from benchmarks.pages import Pages
from benchmarks.timing import print_table, timed
from tactical.core import sight_kernel
from tactical.core.encounter import Encounter
from tactical.core.movement import find_path, reachable
from tactical.persistence import load_encounter
from tactical.share import seen
from tactical.share.links import Link, links_for
from tactical.share.publish import builder_for
from tactical.share.reach import link_reach
from tactical.share.server import ShareServer

ROOT = Path(__file__).resolve().parent.parent
MAPS = {
    "crypt-fog": ROOT / "maps" / "crypt-fog.tactical.json",
    "benchmark-256": ROOT / "maps" / "benchmark-256.tactical.json",
}
TARGET_MS = 150.0


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _step(encounter: Encounter, step: int, party: bool) -> None:
    """One party token (``party``: every one) a square east on odd steps, back on even ones."""
    shift = 1 if step % 2 else -1
    for token in encounter.tokens.values():
        if token.side in encounter.fog.party and token.square is not None:
            col, row = token.square
            token.position = (col + shift, row)
            if not party:
                return


def _texts(encounter: Encounter, links: list[Link]) -> list[str]:
    build = builder_for(encounter)
    return [json.dumps(build(link).data) for link in links]


def latency(
    encounter: Encounter, pages: int, repeat: int, party: bool
) -> tuple[float, float, float]:
    """(median ms until every page whose view changed has it, GM-thread ms, MB added)."""
    rss = _rss_mb()
    links = links_for(encounter)
    server = ShareServer(links, "127.0.0.1", 0)
    server.start()
    server.publish(builder_for(encounter))
    every = links.all()
    watched = [every[i % len(every)] for i in range(pages)]
    watchers = Pages([server.url(link) for link in watched])
    times = []
    try:
        for step in range(1, repeat + 1):
            counts = list(watchers.seen)
            cached = dict(seen._SIGHT)  # the sights the server knows from its last update
            before = _texts(encounter, watched)
            _step(encounter, step, party)
            after = _texts(encounter, watched)
            changed = [i for i in range(pages) if before[i] != after[i]]
            seen._SIGHT.clear()  # what the server has not looked for yet it must look for now
            if not party:
                seen._SIGHT.update(cached)
            start = time.perf_counter()
            server.publish(builder_for(encounter))
            times.append((watchers.wait_for(counts, changed) - start) * 1000)
        gm = timed(lambda: server.publish(builder_for(encounter)), repeat)
        added = _rss_mb() - rss
    finally:
        watchers.close()
        server.stop()
    return statistics.median(times), gm, added


def drag_steps(encounter: Encounter, repeat: int, pages: int) -> float:
    """Median ms of a drag step's engine work (a path 5 squares east, budget 12) on this
    thread while ``pages`` pages are connected and the party moves every 20 ms (0: no server)."""
    token = next(t for t in encounter.tokens.values() if t.side in encounter.fog.party)
    assert token.square is not None
    goal = (token.square[0] + 5, token.square[1])
    if not pages:
        return timed(lambda: find_path(encounter, token.id, goal, budget=12), repeat)
    other = load_encounter(
        MAPS["benchmark-256"]
        if encounter.grid and encounter.grid.width > 100
        else MAPS["crypt-fog"]
    )
    links = links_for(other)
    server = ShareServer(links, "127.0.0.1", 0)
    server.start()
    server.publish(builder_for(other))
    every = links.all()
    watchers = Pages([server.url(every[i % len(every)]) for i in range(pages)])
    stop = threading.Event()

    def gm_moves() -> None:
        step = 0
        while not stop.wait(0.02):
            step += 1
            _step(other, step, True)
            seen._SIGHT.clear()
            server.publish(builder_for(other))

    mover = threading.Thread(target=gm_moves, daemon=True)
    mover.start()
    try:
        time.sleep(0.2)
        return timed(lambda: find_path(encounter, token.id, goal, budget=12), repeat)
    finally:
        stop.set()
        mover.join(5)
        watchers.close()
        server.stop()


def move_checks(encounter: Encounter, repeat: int) -> tuple[float, float, float]:
    """Median ms of holding a phone's drop against its link's shading on the GM's thread
    (the sight looked for again, and kept) and of the GM's drag press (the reference)."""
    token = next(t for t in encounter.tokens.values() if t.side in encounter.fog.party)

    def check() -> object:
        return link_reach(
            encounter, token.id, token.speed, seen.character_seen(encounter, token), None
        )

    def fresh() -> object:
        seen._SIGHT.clear()
        return check()

    check()
    return (
        timed(fresh, repeat),
        timed(check, repeat),
        timed(lambda: reachable(encounter, token.id, token.speed), repeat),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30, help="changes timed per row")
    parser.add_argument("--small", action="store_true", help="crypt-fog only (quick)")
    options = parser.parse_args(argv)
    rows = []
    for name, path in MAPS.items():
        if options.small and name != "crypt-fog":
            continue
        for pages, party in ((1, False), (8, False), (8, True)):
            encounter = load_encounter(path)
            median, gm, added = latency(encounter, pages, options.repeat, party)
            verdict = "ok" if median <= TARGET_MS else "over"
            moved = "the party moves" if party else "a PC moves"
            rows.append(
                (
                    f"{name}, {pages} page{'s' if pages > 1 else ''}, {moved}",
                    f"{median:.1f}",
                    f"{gm:.2f}",
                    f"{added:.1f}",
                    f"{verdict} (target {TARGET_MS:.0f} ms median; a frame is 16 ms)",
                )
            )
    steps = []
    for name, path in MAPS.items():
        if options.small and name != "crypt-fog":
            continue
        encounter = load_encounter(path)
        alone = drag_steps(encounter, options.repeat, 0)
        busy = drag_steps(encounter, options.repeat, 8)
        steps.append((name, f"{alone:.2f}", f"{busy:.2f}", "under 16 ms a step"))
    sight_kernel.warm()  # as sharing does when it starts
    checks = []
    for name, path in MAPS.items():
        if options.small and name != "crypt-fog":
            continue
        fresh, kept, press = move_checks(load_encounter(path), options.repeat)
        checks.append((name, f"{fresh:.2f}", f"{kept:.2f}", f"{press:.2f}", "under 16 ms"))
    print_table(
        ("map", "drag step ms, no sharing", "drag step ms, 8 pages updating", "target"),
        steps,
        numbers=2,
    )
    print()
    print_table(
        (
            "map",
            "phone's move check ms, sight looked for",
            "sight kept",
            "GM's drag press ms (reference)",
            "target",
        ),
        checks,
        numbers=3,
    )
    print()
    print_table(
        (
            "map, pages, change",
            "update latency ms",
            "GM's thread ms",
            "MB added",
            "target",
        ),
        rows,
        numbers=3,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

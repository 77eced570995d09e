"""The phones' pages built after a change, as the share server's worker builds them (issue 32).

``python -m benchmarks.phone_pages [--size N] [--repeat N]``: the generated map (1024 x 1024,
200 tokens; fog on, its top half revealed), the table's link and 7 characters' (8 pages, as
``benchmarks.session`` connects them). After each change the server's worker thread copies
nothing more: it builds every page from the GM's frozen copy and writes its message
(``tactical.share.server._build_all``), holding Python's lock the GUI thread waits for
wherever it runs Python. Measured: that thread's CPU for the 8 pages and the text they are
sent, after a token's move (the ground unchanged: each page sent without it) and after a fog
change (a row of squares revealed: each page sent the delta from the ground it holds),
medians of ``--repeat``. The reference, in the same run: a fog change sent to pages that hold
no ground (the whole ground cut again, written and sent to each, as before the deltas).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.timing import print_table  # noqa: E402

PAGES = 8


def _cpu_ms(work: Callable[[], object]) -> float:
    start = time.thread_time()
    work()
    return (time.thread_time() - start) * 1000


def measure(size: int, repeat: int) -> dict[str, tuple[float, float, float]]:
    """Median milliseconds of the building thread's CPU, kilobytes sent to the 8 pages and of
    it the ground's: after a move, after a fog change (deltas), after one (the whole ground,
    the reference)."""
    import numpy as np

    from benchmarks import big
    from tactical.core.commands.fog import RevealSquares
    from tactical.core.commands.tokens import MoveToken
    from tactical.persistence import load_encounter
    from tactical.share.links import links_for
    from tactical.share.publish import builder_for
    from tactical.share.server import _build_all
    from tactical.share.wire import Wire

    with tempfile.TemporaryDirectory() as scratch:
        encounter = load_encounter(big.map_file(size, Path(scratch)))
    grid = encounter.grid
    assert grid is not None
    revealed = np.zeros((grid.height, grid.width), dtype=np.bool_)
    revealed[: grid.height // 2] = True
    encounter.fog.enabled = True
    encounter.fog.set_mask(revealed)
    links = links_for(encounter).all()[:PAGES]
    mover = next(t for t in encounter.tokens.values() if t.square is not None)
    held: dict[str, Wire] = {}
    sent: list[tuple[int, int]] = []

    def build(whole: bool = False) -> None:
        """The pages' texts as the server sends them: each page holding its last ground
        (the ground left out, or a delta), or (``whole``) holding none."""
        built = _build_all(builder_for(encounter), links, {} if whole else held)
        sent.clear()
        for token, (wire, _pictures) in built.items():
            last = held.get(token)
            holds = last.ground if last is not None and not whole else ""
            text = wire.for_socket(holds).encode()
            sent.append((len(text), len(text) - len(wire.kept.encode())))
            held[token] = wire

    build(whole=True)
    got: dict[str, list[tuple[float, float, float]]] = {"move": [], "fog": [], "whole": []}

    def kb() -> tuple[float, float]:
        return sum(n for n, _ in sent) / 1000, sum(g for _, g in sent) / 1000

    for turn in range(repeat):
        assert mover.square is not None
        col, row = mover.square
        step = 1 if turn % 2 == 0 else -1
        MoveToken(mover.id, (col + step, row)).do(encounter)
        got["move"].append((_cpu_ms(build), *kb()))
        for kind in ("fog", "whole"):
            line = grid.height // 2 + 2 * turn + (kind == "whole")
            RevealSquares([(c, line) for c in range(grid.width)]).do(encounter)
            cpu = _cpu_ms(lambda whole=kind == "whole": build(whole))
            got[kind].append((cpu, *kb()))
    return {
        kind: (
            statistics.median(row[0] for row in rows),
            statistics.median(row[1] for row in rows),
            statistics.median(row[2] for row in rows),
        )
        for kind, rows in got.items()
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=1024, help="the generated map's side")
    parser.add_argument("--repeat", type=int, default=9, help="changes of each kind")
    args = parser.parse_args(argv)
    got = measure(args.size, args.repeat)
    side = f"{args.size} x {args.size}"
    names = {
        "move": f"{side}: {PAGES} pages after a token's move",
        "fog": f"{side}: {PAGES} pages after a fog change (a delta each)",
        "whole": f"{side}: {PAGES} pages after a fog change (the whole ground: reference)",
    }
    rows = [
        (names[k], f"{cpu:.1f} ms", f"{kb:,.1f} kB", f"{ground:,.1f} kB")
        for k, (cpu, kb, ground) in got.items()
    ]
    header = ("the share server's worker", "CPU, median", "sent, median", "of it the ground")
    print_table(header, rows, 3)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The ``tactical`` command: open the app, or check map files without opening it.

``tactical [FILE]`` opens the app (on FILE, or on the example hillside ruin);
``tactical validate FILE...`` reports every problem in each file and exits 1
if there is any; ``tactical snapshot FILE OUT.pdf|OUT.png [--gm]`` prints the
fight to a file without a window (``--table-scale``: the map at miniature
scale over pages to tape together); ``tactical --version`` prints the version.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from tactical import __version__
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.persistence import LoadError, load_encounter, validate_file
from tactical.persistence.examples import default_example

EXAMPLE = default_example()
"""The example map opened when no file is given (from a checkout or the installed data)."""

SUBCOMMANDS = ("open", "validate", "snapshot")
PAPERS = ("A4", "A3", "Letter", "Legal")
UVTT_SUFFIXES = (".dd2vtt", ".uvtt", ".df2vtt")
"""Universal VTT maps: the desktop entry offers tactical for them; importing is still to come."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tactical",
        description="A battle map and combat-procedure companion for a game master.",
        epilog="With no subcommand, 'tactical [FILE]' is the same as 'tactical open [FILE]'.",
    )
    parser.add_argument("--version", action="version", version=f"tactical {__version__}")
    commands = parser.add_subparsers(dest="command", title="subcommands", metavar="COMMAND")
    open_parser = commands.add_parser(
        "open",
        help="open the app on an encounter file (the example map when none is given)",
        description="Open the app on an encounter file.",
    )
    open_parser.add_argument("file", nargs="?", help="a .tactical.json file")
    validate = commands.add_parser(
        "validate",
        help="check encounter files; exit 0 when all are sound, 1 with every problem otherwise",
        description="Check that encounter files are sound. Prints every problem as "
        "FILE: JSON-PATH: what is wrong.",
    )
    validate.add_argument("files", nargs="+", metavar="FILE", help="a .tactical.json file")
    snapshot_parser = commands.add_parser(
        "snapshot",
        help="print the fight (map, legend, combatants) to a PDF or PNG file, no window needed",
        description="Write a printable snapshot of an encounter: the players' view "
        "(no hidden tokens, no secrets) unless --gm is given.",
    )
    snapshot_parser.add_argument("file", metavar="FILE", help="a .tactical.json file")
    snapshot_parser.add_argument("out", metavar="OUT", help="the .pdf or .png file to write")
    snapshot_parser.add_argument(
        "--gm", action="store_true", help="the GM's view: hidden tokens and secrets included"
    )
    snapshot_parser.add_argument(
        "--paper", "--page", dest="page", choices=PAPERS, default="A4", help="(default A4)"
    )
    snapshot_parser.add_argument("--portrait", action="store_true", help="(default: landscape)")
    snapshot_parser.add_argument(
        "--dpi", type=int, default=150, help="resolution of a PNG (default 150)"
    )
    table = snapshot_parser.add_argument_group(
        "table scale",
        "The map at miniature scale over pages to tape together, after a cover page with "
        "the whole map and the fight (a .pdf only).",
    )
    table.add_argument(
        "--table-scale", action="store_true", help="print one square at --square-inch"
    )
    table.add_argument(
        "--square-inch", type=float, default=1.0, help="printed size of a square (default 1.0)"
    )
    table.add_argument(
        "--overlap-mm",
        type=float,
        default=10.0,
        help="map repeated along the edges neighbouring pages share (default 10)",
    )
    table.add_argument(
        "--margin-mm",
        type=float,
        default=6.0,
        help="what the printer cannot print at each edge of the paper (default 6)",
    )
    table.add_argument(
        "--skip-empty",
        action="store_true",
        help="leave out pages holding nothing but empty open ground (the rest keep their names)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    A reader that stops early (``tactical validate ... | head``) or Ctrl+C ends
    the command quietly with a failing status, never with a traceback.
    """
    try:
        status = _run(argv)
        sys.stdout.flush()  # a closed pipe shows up here, not at interpreter exit
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except KeyboardInterrupt:
        print("tactical: interrupted", file=sys.stderr)
        return 130
    return status


def _silence_stdout() -> None:
    """Point stdout at the null device so Python's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):
        pass


def _run(argv: Sequence[str] | None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    # `tactical FILE` is `tactical open FILE`: argparse cannot have an optional
    # positional beside subcommands, so insert the subcommand ourselves.
    if not args or (args[0] not in SUBCOMMANDS and not args[0].startswith("-")):
        args.insert(0, "open")
    options = _parser().parse_args(args)
    if options.command == "validate":
        return validate(options.files)
    if options.command == "snapshot":
        return snapshot(options.file, options.out, options)
    return open_app(options.file)


def validate(files: Sequence[str]) -> int:
    """Print ``FILE: ok`` or each problem as ``FILE: path: message``; 1 if any problem."""
    failed = False
    for name in files:
        problems = validate_file(name)
        if not problems:
            print(f"{name}: ok")
            continue
        failed = True
        for problem in problems:
            print(f"{name}: {problem}")
    return 1 if failed else 0


def snapshot(file: str, out: str, options: argparse.Namespace) -> int:
    """Write a snapshot of ``file`` to ``out``; 1 with the loader's messages on a bad file."""
    if Path(out).suffix.lower() not in (".pdf", ".png"):
        print(f"{out}: a snapshot is a .pdf or a .png file", file=sys.stderr)
        return 1
    try:
        encounter = load_encounter(file)
    except LoadError as error:
        for problem in error.problems:
            print(f"{file}: {problem}", file=sys.stderr)
        return 1
    if options.table_scale and Path(out).suffix.lower() != ".pdf":
        print(f"{out}: a table-scale print is a .pdf file", file=sys.stderr)
        return 1
    try:  # Qt is loaded only now
        from tactical.app.snapshot.render import SnapshotOptions, export_encounter
    except ImportError as error:
        print(f"Snapshots need the app's Qt libraries: {error}", file=sys.stderr)
        return 1
    settings = SnapshotOptions(
        mode="gm" if options.gm else "players",
        page=options.page,
        landscape=not options.portrait,
        dpi=max(36, min(1200, options.dpi)),
        table_scale=options.table_scale,
        square_inch=options.square_inch,
        overlap_mm=options.overlap_mm,
        skip_empty=options.skip_empty,
    )
    try:
        pages = export_encounter(
            encounter, Path(file), out, settings, options.margin_mm, _progress(out)
        )
    except (OSError, ValueError) as error:
        print(f"{out}: {error}", file=sys.stderr)
        return 1
    print(f"{out}: {pages} page{'s' if pages != 1 else ''}")
    return 0


def _progress(out: str) -> Callable[[int, int], bool]:
    """Page counts on stderr: one line rewritten on a terminal, else a line each tenth."""
    live = sys.stderr.isatty()
    shown = [-1]

    def report(done: int, total: int) -> bool:
        if total < 20:
            return True
        if live:
            end = "\n" if done == total else ""
            print(f"\r{out}: page {done} of {total}", end=end, file=sys.stderr, flush=True)
        elif done * 10 // total > shown[0]:
            shown[0] = done * 10 // total
            print(f"{out}: page {done} of {total}", file=sys.stderr, flush=True)
        return True

    return report


def open_app(file: str | None) -> int:
    """Open the app; until the app exists, print what the encounter holds instead."""
    if file is not None and Path(file).suffix.lower() in UVTT_SUFFIXES:
        return _refuse_uvtt(file)
    path = file if file is not None else (str(EXAMPLE) if EXAMPLE is not None else None)
    try:
        from tactical.app.main import run  # Qt is loaded only when a window is wanted
    except ImportError as error:
        if error.name != "tactical.app.main":
            print(f"The app window cannot open: {error}", file=sys.stderr)
        return _summarise(path)
    return run(path)


def _refuse_uvtt(file: str) -> int:
    """Say that Universal VTT import is not there yet: on stderr, and in a window when the
    file was double-clicked (no terminal to read stderr)."""
    message = (
        f"{file}: this is a Universal VTT map; this version of tactical cannot import it "
        "yet. It opens encounter files (.tactical.json)."
    )
    print(message, file=sys.stderr)
    if not sys.stderr.isatty():
        try:
            from tactical.app.main import tell
        except ImportError:
            return 1
        tell("Cannot import this map yet", message)
    return 1


def _summarise(path: str | None) -> int:
    if path is None:
        encounter = Encounter(GridMap(30, 20), name="New encounter")
    else:
        try:
            encounter = load_encounter(path)
        except LoadError as error:
            for problem in error.problems:
                print(f"{path}: {problem}", file=sys.stderr)
            return 1
    print("The app window is not available; here is what the encounter holds.")
    print(summary(encounter))
    return 0


def summary(encounter: Encounter) -> str:
    """A few lines a GM can read: name, map, sides and tokens."""
    lines = [f"Encounter: {encounter.name or '(unnamed)'}"]
    grid, area_map = encounter.grid, encounter.area_map
    if grid is not None:
        lines.append(
            f"Map: grid {grid.width} x {grid.height} squares of {grid.square_feet} ft, "
            f"elevation {int(grid.elevation.min())} to {int(grid.elevation.max())}, "
            f"{len(grid.walls)} walls"
        )
    elif area_map is not None:
        names = ", ".join(a.name or a.id for a in area_map.areas.values())
        lines.append(f"Map: {len(area_map.areas)} areas: {names}")
    for side in encounter.sides.values():
        tokens = list(encounter.tokens_of_side(side.id))
        lines.append(f"Side {side.name}: {len(tokens)} tokens")
        for token in tokens[:20]:
            where = token.position if token.position is not None else "off the map"
            lines.append(f"  {token.name} at {where}")
        if len(tokens) > 20:
            lines.append(f"  ... and {len(tokens) - 20} more")
    return "\n".join(lines)

"""The ``tactical`` command: open the app, or check map files without opening it.

``tactical [FILE]`` opens the app (on FILE, or on the example hillside ruin);
``tactical validate FILE...`` reports every problem in each file and exits 1
if there is any; ``tactical snapshot FILE OUT.pdf|OUT.png [--gm]`` prints the
fight to a file without a window (``--table-scale``: the map at miniature
scale over pages to tape together); ``tactical import FILE.dd2vtt -o OUT.tactical.json``
turns a Universal VTT map into an encounter and ``tactical export FILE --format uvtt
-o OUT.uvtt`` does the reverse; ``tactical share FILE`` shows the fight on phones
over the local network (a table link and one per player character, read-only);
``tactical --version`` prints the version.
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from tactical import __version__, cli_evening
from tactical.command_checks import number_in, refuse_output, same_file, write_problem
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.persistence import LoadError, load_encounter
from tactical.persistence.examples import default_example
from tactical.persistence.problems import MAX_REPORTED

EXAMPLE = default_example()
"""The example map opened when no file is given (from a checkout or the installed data)."""

SUBCOMMANDS = ("open", "validate", "snapshot", "import", "export", "share", "scenes")
PAPERS = ("A4", "A3", "Letter", "Legal")
MIN_DPI, MAX_DPI = 36, 1200
MAX_SQUARE_INCH = 12.0
"""The largest printed square (a foot: bigger is no battle mat)."""
MAX_PAPER_MM = 100.0
"""The widest overlap or margin, in millimetres (more than most of a page)."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a wrong option is one line: what is wrong, and where help is."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
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
        "FILE: JSON-PATH: what is wrong, and a warning for each picture the file names "
        "beside it that is not there (the file opens without it).",
    )
    validate.add_argument("files", nargs="+", metavar="FILE", help="a .tactical.json file")
    scenes = commands.add_parser("scenes", help="list an evening's scenes, one line each")
    scenes.add_argument("file", metavar="FILE", help="a .tactical.json file")
    _scene_option(validate)
    snapshot_parser = commands.add_parser(
        "snapshot",
        help="print the fight (map, legend, combatants) to a PDF or PNG file, no window needed",
        description="Write a printable snapshot of an encounter: the players' view "
        "(no hidden tokens, no secrets) unless --gm is given.",
    )
    snapshot_parser.add_argument("file", metavar="FILE", help="a .tactical.json file")
    _scene_option(snapshot_parser)
    snapshot_parser.add_argument("out", metavar="OUT", help="the .pdf or .png file to write")
    snapshot_parser.add_argument(
        "--gm", action="store_true", help="the GM's view: hidden tokens and secrets included"
    )
    snapshot_parser.add_argument(
        "--paper", "--page", dest="page", choices=PAPERS, default="A4", help="(default A4)"
    )
    snapshot_parser.add_argument("--portrait", action="store_true", help="(default: landscape)")
    snapshot_parser.add_argument(
        "--dpi",
        type=number_in(MIN_DPI, MAX_DPI, whole=True),
        default=150,
        help=f"resolution of a PNG, {MIN_DPI} to {MAX_DPI} (default 150)",
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
        "--square-inch",
        type=number_in(0, MAX_SQUARE_INCH, above=True),
        default=1.0,
        help=f"printed size of a square, at most {MAX_SQUARE_INCH:g} (default 1.0)",
    )
    table.add_argument(
        "--overlap-mm",
        type=number_in(0, MAX_PAPER_MM),
        default=10.0,
        help="map repeated along the edges neighbouring pages share (default 10)",
    )
    table.add_argument(
        "--margin-mm",
        type=number_in(0, MAX_PAPER_MM),
        default=6.0,
        help="what the printer cannot print at each edge of the paper (default 6)",
    )
    table.add_argument(
        "--skip-empty",
        action="store_true",
        help="leave out pages holding nothing but empty open ground, or (the players' version) "
        "only fog (the rest keep their names)",
    )
    _foreign_parsers(commands)
    _share_parser(commands)
    return parser


def _share_parser(commands: argparse._SubParsersAction[_Parser]) -> None:
    share = commands.add_parser(
        "share",
        help="show the fight on phones over the local network (read-only; follows the file)",
        description="Serve a table link and one link per player character to phones' "
        "browsers on the local network (plain HTTP: anyone on the network with a link can "
        "watch). Prints one link a line; Ctrl+C stops.",
    )
    share.add_argument("file", help="a .tactical.json file")
    _scene_option(share)
    share.add_argument("--host", help="the address to listen on (default: the LAN address)")
    share.add_argument(
        "--port", type=int, default=8765, help="the port (0 picks a free one; default 8765)"
    )


def _foreign_parsers(commands: argparse._SubParsersAction[_Parser]) -> None:
    importer = commands.add_parser(
        "import",
        help="turn a Universal VTT map (.dd2vtt, .uvtt, .df2vtt) into an encounter file",
        description="Import a map exported by Dungeondraft, DungeonFog, Dungeon Alchemist or "
        "another tool as Universal VTT: its picture becomes the background, its walls, "
        "doors and windows become wall lines.",
    )
    importer.add_argument(
        "file", metavar="FILE", nargs="+", help="a .dd2vtt, .uvtt or .df2vtt file"
    )
    importer.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="the .tactical.json file to write (default: beside FILE, same name; "
        "an existing file there is replaced only with --force)",
    )
    importer.add_argument(
        "--force",
        action="store_true",
        help="replace the .tactical.json file beside FILE when it exists already",
    )
    exporter = commands.add_parser(
        "export",
        help="write an encounter's grid map as a Universal VTT file for other tools",
        description="Export a grid map as Universal VTT 0.3: the map as the players' "
        "snapshot draws it as the picture, walls, doors and windows as data.",
    )
    exporter.add_argument("file", metavar="FILE", help="a .tactical.json file")
    _scene_option(exporter)
    exporter.add_argument("--format", choices=("uvtt",), default="uvtt")
    exporter.add_argument("-o", "--output", metavar="OUT", required=True, help="the .uvtt file")


def _scene_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scene", metavar="NAME", help="one scene of the evening (default: shown)")


def main(argv: Sequence[str] | None = None, *, collector_paused: bool = False) -> int:
    """Run the command line; returns the exit status.

    A reader that stops early (``tactical validate ... | head``) or Ctrl+C ends
    the command quietly with a failing status, never with a traceback.
    ``collector_paused``: :mod:`tactical.command` switched Python's automatic cycle
    collection off while the libraries loaded; every command but the app switches it
    on again. A caller that did not switch it off (a test) keeps its own setting.
    """
    try:
        status = _run(argv, collector_paused)
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


def _run(argv: Sequence[str] | None, collector_paused: bool) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    # `tactical FILE` is `tactical open FILE`: argparse cannot have an optional
    # positional beside subcommands, so insert the subcommand ourselves.
    if not args or (args[0] not in SUBCOMMANDS and not args[0].startswith("-")):
        args.insert(0, "open")
    options = _parser().parse_args(args)
    if options.command != "open" and collector_paused:
        gc.enable()  # off while the command loaded (tactical.command); only the app has its own
    if options.command == "scenes":
        return cli_evening.scenes(options.file)
    if options.command == "validate":
        return validate(options.files, scene=options.scene)
    if options.command == "snapshot":
        return snapshot(options.file, options.out, options)
    if options.command == "import" and len(options.file) > 1:
        return cli_evening.import_many(
            options.file, options.output, _decoder(), force=options.force
        )
    if options.command == "import":
        return import_foreign(options.file[0], options.output, force=options.force)
    if options.command == "export":
        return export_foreign(options.file, options.output, options.scene)
    if options.command == "share":
        from tactical.app.players.phones.command import share_file

        return share_file(options.file, options.host, options.port, scene=options.scene)
    return open_app(options.file, collector_paused=collector_paused)


def validate(files: Sequence[str], scene: str | None = None) -> int:
    """Print ``FILE: ok`` or each problem as ``FILE: path: message``; 1 if any problem.

    A picture the file names beside it that is not there is a warning
    (``FILE: path: warning: ...``): the file opens, without that picture.
    """
    from tactical.persistence.files import picture_problems
    from tactical.persistence.picture_files import missing_pictures

    failed = False
    decode = _decoder()
    for name in files:
        try:
            encounter, problems = cli_evening.checked(name, scene)
        except LoadError as error:
            problems = error.problems
        else:
            if not problems and decode is not None:
                problems = picture_problems(encounter, decode)
            if not problems:
                for warning in missing_pictures(encounter, Path(name).parent)[:MAX_REPORTED]:
                    print(f"{name}: {warning.path}: warning: {warning.message}")
                print(f"{name}: ok")
                continue
        failed = True
        for problem in problems[:MAX_REPORTED]:
            print(f"{name}: {problem}")
        if len(problems) > MAX_REPORTED:
            print(f"{name}: {len(problems)} problems in all, the first {MAX_REPORTED} shown above")
    return 1 if failed else 0


def snapshot(file: str, out: str, options: argparse.Namespace) -> int:
    """Write a snapshot of ``file`` to ``out``; 1 with the loader's messages on a bad file."""
    if Path(out).suffix.lower() not in (".pdf", ".png"):
        print(f"{out}: a snapshot is a .pdf or a .png file", file=sys.stderr)
        return 1
    if refuse_output(file, out):
        return 1
    try:
        encounter = cli_evening.load_scene(file, options.scene)
    except LoadError as error:
        for problem in error.problems[:MAX_REPORTED]:
            print(f"{file}: {problem}", file=sys.stderr)
        if len(error.problems) > MAX_REPORTED:
            print(f"{file}: {len(error.problems)} problems in all", file=sys.stderr)
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
        dpi=options.dpi,
        table_scale=options.table_scale,
        square_inch=options.square_inch,
        overlap_mm=options.overlap_mm,
        skip_empty=options.skip_empty,
    )
    try:
        pages = export_encounter(
            encounter, Path(file), out, settings, options.margin_mm, _progress(out)
        )
    except OSError as error:
        print(f"{out}: cannot be written: {write_problem(error, out)}", file=sys.stderr)
        return 1
    except ValueError as error:
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


def _decoder() -> Callable[[bytes], str | None] | None:
    """The app's picture decoder (Qt), or None where Qt cannot load: headers are still read."""
    try:
        from tactical.app.storage.pictures import check_decodes
    except ImportError:
        return None
    return check_decodes


def import_foreign(file: str, out: str | None, *, force: bool = False) -> int:
    """Import a Universal VTT file into an encounter file; 1 with the reasons otherwise.

    Without ``out`` the encounter goes beside ``file``; a file already there
    (perhaps edited since the last import) is kept unless ``force``.
    """
    from tactical.persistence import save_encounter
    from tactical.persistence.foreign import import_map
    from tactical.persistence.foreign.builder import describe

    source = Path(file)
    if out is None:
        name = source.name.rsplit(".", 1)[0] if "." in source.name else source.name
        out = str(source.with_name(name + ".tactical.json"))
        if not force and os.path.lexists(out) and not same_file(file, out):
            print(
                f"{out}: exists already and is kept; choose another name with -o OUT, "
                "or replace it with --force",
                file=sys.stderr,
            )
            return 1
    if refuse_output(file, out):
        return 1
    try:
        encounter, foreign = import_map(source, _decoder())
    except LoadError as error:
        for problem in error.problems:
            print(f"{file}: {problem}", file=sys.stderr)
        return 1
    try:
        save_encounter(encounter, out)
    except OSError as error:
        print(f"{out}: cannot be written: {write_problem(error, out)}", file=sys.stderr)
        return 1
    except ValueError as error:
        print(f"{out}: could not be written: {error}", file=sys.stderr)
        return 1
    print(f"{out}: {describe(encounter, foreign)}")
    return 0


def export_foreign(file: str, out: str, scene: str | None = None) -> int:
    """Export an encounter's grid map as a Universal VTT file; 1 with the reason otherwise."""
    if refuse_output(file, out):
        return 1
    try:
        encounter = cli_evening.load_scene(file, scene)
    except LoadError as error:
        for problem in error.problems:
            print(f"{file}: {problem}", file=sys.stderr)
        return 1
    if encounter.grid is None:
        print(f"{file}: only grid maps can be exported to Universal VTT", file=sys.stderr)
        return 1
    try:  # Qt is loaded only now: the picture is drawn as the snapshot draws it
        from tactical.app.storage.uvtt_export import export_uvtt_headless
        from tactical.persistence.foreign.uvtt_write import export_changes
    except ImportError as error:
        print(f"Exporting needs the app's Qt libraries: {error}", file=sys.stderr)
        return 1
    try:
        pixels = export_uvtt_headless(encounter, Path(file), out)
    except OSError as error:
        print(f"{out}: cannot be written: {write_problem(error, out)}", file=sys.stderr)
        return 1
    except ValueError as error:
        print(f"{out}: {error}", file=sys.stderr)
        return 1
    grid = encounter.grid
    print(
        f"{out}: Universal VTT 0.3, {grid.width} x {grid.height} squares at "
        f"{pixels} pixels per square"
    )
    for change in export_changes(encounter):
        print(f"{out}: {change}")
    return 0


def open_app(file: str | None, *, collector_paused: bool = False) -> int:
    """Open the app; until the app exists, print what the encounter holds instead."""
    path = file if file is not None else (str(EXAMPLE) if EXAMPLE is not None else None)
    if file is not None and not Path(file).exists():
        # Nothing to open: say so where the command was typed, no window, exit 1.
        print(f"{file}: there is no such file", file=sys.stderr)
        return 1
    try:
        from tactical.app.main import run  # Qt is loaded only when a window is wanted
    except ImportError as error:
        if error.name != "tactical.app.main":
            print(f"The app window cannot open: {error}", file=sys.stderr)
        if collector_paused:
            gc.enable()  # no app to collect on its GUI thread
        return _summarise(path)
    return run(path)  # the app's collector runs on its GUI thread (gui_thread_gc)


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

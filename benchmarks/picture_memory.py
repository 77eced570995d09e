"""Peak memory of pictures: eight picture entries naming one 6000 x 6000 PNG.

``python -m benchmarks.picture_memory`` (from the repository root) prints a
Markdown table. A saved encounter has eight picture entries that all name one
6000 x 6000 PNG beside it (eight token pictures pointing at one battle map, as
a hand-edited or hostile file may): the background uses the first, eight
tokens one each. Each case runs in a fresh process, which opens the file into
a document and builds the GM's scene (the background and every token drawn),
and reports its peak resident memory (``ru_maxrss``):

- *reference*: the same process stopping before the scene (Qt loaded, the
  encounter opened, nothing decoded) — what the pictures add is the difference;
- *scene*: the GM's scene, with the pictures decoded as the app decodes them;
- *GM + TV*: the same, then the TV's scene on the same scene (the player view's, read
  through the shown scene's relay, a picture cache of its own): what the second screen adds
  (a second decode of the background before pictures were shared by their bytes).

``--side`` changes the picture's side (``--side 2000`` for a quick run).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if "DISPLAY" not in os.environ:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ENTRIES = 8


def make_files(folder: Path, side: int) -> Path:
    """The PNG (noise in colour, so it is not tiny) and the encounter naming it eight times."""
    from PySide6.QtGui import QColor, QImage

    from tactical.core.encounter import Encounter
    from tactical.core.grid import GridMap
    from tactical.core.pictures import Background, Picture
    from tactical.core.tokens import Token
    from tactical.persistence import save_encounter

    image = QImage(side, side, QImage.Format.Format_RGB32)
    image.fill(QColor("#6b5a48"))
    for i in range(0, side, 97):
        image.setPixelColor(i, (i * 31) % side, QColor(i % 255, 80, 120))
    assert image.save(str(folder / "map.png"), "PNG")
    pictures = [Picture(f"entry-{n}", path="map.png") for n in range(ENTRIES)]
    tokens = [
        Token(f"t{n}", f"Token {n}", "npcs", (n, 1), image=f"entry-{n}") for n in range(ENTRIES)
    ]
    encounter = Encounter(GridMap(20, 20), tokens, pictures=pictures)
    encounter.background = Background("entry-0", square_px=side / 20)
    path = folder / "eight.tactical.json"
    save_encounter(encounter, path)
    return path


def measure(path: Path, scene: bool, tv: bool = False) -> int:
    """In this process: open ``path`` (and build its scene, and with ``tv`` the TV's too);
    peak resident memory in bytes."""
    from PySide6.QtWidgets import QApplication

    from tactical.app.encounter.document import EncounterDocument
    from tactical.persistence import load_encounter

    _app = QApplication.instance() or QApplication(sys.argv[:1])
    document = EncounterDocument(load_encounter(path), path)
    if scene:
        from tactical.app.map.scene.map_scene import MapScene

        built = MapScene(document)
        for token in document.encounter.tokens.values():
            built.token_pictures.pixmap(token.image, token.size)
        if tv:
            from tactical.app.players.shown_scene import shown_scene

            players = MapScene(shown_scene(document), player=True)
            assert players.background_art.image is not None
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def run_case(path: Path, scene: bool, tv: bool = False) -> int:
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.picture_memory", "--measure", str(path)]
        + (["--scene"] if scene else [])
        + (["--tv"] if tv else []),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return int(result.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", type=int, default=6000, help="the PNG's side (default 6000)")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--scene", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--tv", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.measure is not None:
        print(measure(options.measure, options.scene, options.tv))
        return 0
    from PySide6.QtWidgets import QApplication

    _app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder:
        path = make_files(Path(folder), options.side)
        reference = run_case(path, scene=False)
        scene = run_case(path, scene=True)
        both = run_case(path, scene=True, tv=True)
    mib = 1024 * 1024
    decoded = options.side * options.side * 4 / mib
    print(
        f"{ENTRIES} entries naming one {options.side} x {options.side} PNG "
        f"({decoded:.0f} MiB decoded)\n"
    )
    print("| case | peak resident memory | pictures add |")
    print("|---|---|---|")
    print(f"| reference: file opened, nothing decoded | {reference / mib:.0f} MiB | |")
    print(
        f"| GM's scene: background and 8 tokens | {scene / mib:.0f} MiB "
        f"| {(scene - reference) / mib:.0f} MiB |"
    )
    print(
        f"| GM's scene and the TV's on one scene | {both / mib:.0f} MiB "
        f"| the TV: {(both - scene) / mib:.0f} MiB |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

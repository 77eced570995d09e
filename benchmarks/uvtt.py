"""Time the Universal VTT import and opening what it makes (``python -m benchmarks.uvtt``).

A 6144 x 3456 battle-map picture (the size Dungeon Alchemist exports; drawn
here from noise and shapes so it compresses like art, neither flat nor pure
noise) with 500 wall lines (walls, objects, doors, windows; some off the
cropped map) is written as a Universal VTT file, as WebP and as PNG, in a
temporary folder (nothing is committed). Measured, medians of ``--repeat``
runs:

- *import*: ``tactical import`` minus the process start: read and check the
  UVTT file, decode the base64 picture, read its header, build the encounter
  and save it atomically (target < 5 s);
- *open*: ``load_encounter`` on the result: size check, JSON parse, schema,
  checks with the picture's header, model (target < 2 s);
- *decode*: the app decoding the picture once for display (QImage), for scale:
  the app decodes it when the background is first drawn.
"""

from __future__ import annotations

import argparse
import base64
import json
import math
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np  # noqa: E402
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, Qt  # noqa: E402
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPen  # noqa: E402

from benchmarks.timing import print_table, timed  # noqa: E402
from tactical.persistence import load_encounter, save_encounter  # noqa: E402
from tactical.persistence.foreign import import_map  # noqa: E402

WIDTH, HEIGHT, PPG = 6144, 3456, 128
LINES = 500


def picture(fmt: str, width: int = WIDTH, height: int = HEIGHT) -> bytes:
    """A battle-map-like picture: blotches of colour, grid lines and per-pixel texture.

    The texture makes it compress like painted art (tens of MiB as PNG), not like a flat fill.
    """
    rng = random.Random(8)
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("#6b5a44"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    for _ in range(1500):
        colour = QColor.fromHsv(
            rng.randrange(20, 120), rng.randrange(40, 160), rng.randrange(60, 200)
        )
        painter.setBrush(colour)
        painter.setPen(Qt.PenStyle.NoPen)
        r = rng.uniform(20, 300)
        painter.drawEllipse(QPointF(rng.uniform(0, width), rng.uniform(0, height)), r, r * 0.7)
    painter.setPen(QPen(QColor(0, 0, 0, 60), 2))
    for x in range(0, width, PPG):
        painter.drawLine(x, 0, x, height)
    for y in range(0, height, PPG):
        painter.drawLine(0, y, width, y)
    painter.end()
    pixels = np.frombuffer(image.bits(), dtype=np.uint8).reshape(height, image.bytesPerLine())
    noise = np.random.default_rng(8).integers(-12, 13, size=pixels.shape, dtype=np.int16)
    pixels[:] = np.clip(pixels.astype(np.int16) + noise, 0, 255).astype(np.uint8)  # texture
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, fmt, 80 if fmt == "WEBP" else -1)
    return bytes(data.data())


def uvtt_document(image: bytes, lines: int = LINES) -> dict[str, Any]:
    rng = random.Random(3)
    squares_x, squares_y = WIDTH / PPG, HEIGHT / PPG

    def point() -> dict[str, float]:  # origin (2, 1): a cropped export, some walls off the map
        return {
            "x": round(rng.uniform(0, squares_x + 4), 6),
            "y": round(rng.uniform(0, squares_y + 2), 6),
        }

    walls = []
    for _ in range(lines * 8 // 10 // 5):
        start = point()
        polyline = [start]
        for _ in range(5):
            last = polyline[-1]
            angle = rng.uniform(0, 2 * math.pi)
            polyline.append(
                {
                    "x": round(last["x"] + 2 * math.cos(angle), 6),
                    "y": round(last["y"] + 2 * math.sin(angle), 6),
                }
            )
        walls.append(polyline)
    objects = [[point(), point()] for _ in range(lines // 10)]
    portals = []
    for index in range(lines // 10):
        a = point()
        b = {"x": a["x"] + 1, "y": a["y"]}
        portals.append(
            {
                "position": {"x": a["x"] + 0.5, "y": a["y"]},
                "bounds": [a, b],
                "rotation": 0,
                "closed": index % 3 != 0,
                "freestanding": False,
            }
        )
    return {
        "format": 0.3,
        "resolution": {
            "map_origin": {"x": 2, "y": 1},
            "map_size": {"x": squares_x, "y": squares_y},
            "pixels_per_grid": PPG,
        },
        "line_of_sight": walls,
        "objects_line_of_sight": objects,
        "portals": portals,
        "environment": {"baked_lighting": False, "ambient_light": "ffffffff"},
        "lights": [],
        "image": base64.b64encode(image).decode("ascii"),
    }


def seconds(value: float) -> str:
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


def measure(
    fmt: str, folder: Path, repeat: int, width: int, height: int
) -> list[tuple[str, str, str]]:
    image = picture(fmt, width, height)
    source = folder / f"bench-{fmt.lower()}.dd2vtt"
    source.write_text(json.dumps(uvtt_document(image)), encoding="utf-8")
    out = folder / f"bench-{fmt.lower()}.tactical.json"

    def do_import() -> None:
        encounter, _ = import_map(source)
        save_encounter(encounter, out)

    imported = timed(do_import, repeat) / 1000
    opened = timed(lambda: load_encounter(out), repeat) / 1000
    encounter = load_encounter(out)
    assert encounter.grid is not None and encounter.background is not None
    data = encounter.pictures[encounter.background.picture].data
    assert data is not None
    decoded = timed(lambda: QImage.fromData(data), repeat) / 1000
    label = f"{fmt} {width} x {height}, {LINES} lines ({len(encounter.grid.wall_lines)} on the map)"
    mib = f"{source.stat().st_size / 2**20:.1f} MiB UVTT"
    return [
        (f"import ({label}, {mib})", seconds(imported), "< 5 s"),
        (f"open the encounter ({label})", seconds(opened), "< 2 s"),
        (f"decode the picture for display ({fmt})", seconds(decoded), ""),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--small", action="store_true", help="a 640 x 360 picture (a quick check)")
    options = parser.parse_args(argv)
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    width, height = (640, 360) if options.small else (WIDTH, HEIGHT)
    rows: list[tuple[str, str, str]] = []
    with tempfile.TemporaryDirectory() as folder:
        for fmt in ("WEBP", "PNG"):
            rows += measure(fmt, Path(folder), options.repeat, width, height)
    print_table(("measure", "figure", "target"), rows)
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

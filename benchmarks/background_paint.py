"""Time a big background picture: decoding it, painting it zoomed out and in, the overlay slider.

``python -m benchmarks.background_paint`` (from the repository root) prints a
Markdown table. A 6144 x 3456 picture (a large battle-map export) with a
drawn grid of 70.4 px squares lies under an 87 x 49 grid; frames are rendered
into a 1400 x 900 image as the GM's view would be.

Measured for a PNG and a WebP picture (what Universal VTT files hold), with the
JPEG of before beside them as the reference.

- *open*: reading the picture's header, decoding it and the first whole-map
  frame (halved copies made on first need).
- *whole map*: a frame with the whole map in view (the picture drawn from a
  small halved copy).
- *1:1*: a frame of a 1400 x 900 pixel part of the picture at full size.
- *overlay step*: one slider step (a command pushed, the map repainted).
- *grid guess*: the spacing and offset guessed from the picture's lines.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if "DISPLAY" not in os.environ:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF  # noqa: E402
from PySide6.QtGui import QColor, QImage, QPainter, QPen  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from benchmarks.timing import timed  # noqa: E402

WIDTH, HEIGHT, SQUARE, OFFSET = 6144, 3456, 70.4, 13.0
FRAME = (1400, 900)


FORMATS = ("PNG", "WEBP", "JPEG")
"""Universal VTT art is PNG or WebP; JPEG (the row of before) stays as the reference."""


def picture_bytes(kind: str = "PNG") -> bytes:
    """A battle map in ``kind``: a gradient floor with blobs and a dark grid."""
    image = QImage(WIDTH, HEIGHT, QImage.Format.Format_RGB32)
    image.fill(QColor("#7d7062"))
    painter = QPainter(image)
    for i in range(400):
        painter.fillRect(
            QRectF((i * 977) % WIDTH, (i * 613) % HEIGHT, 120, 80),
            QColor.fromHsv((i * 7) % 60, 80, 90 + i % 60),
        )
    painter.setPen(QPen(QColor(20, 20, 20), 2))
    x = OFFSET
    while x < WIDTH:
        painter.drawLine(QPointF(x, 0), QPointF(x, HEIGHT))
        x += SQUARE
    y = OFFSET
    while y < HEIGHT:
        painter.drawLine(QPointF(0, y), QPointF(WIDTH, y))
        y += SQUARE
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, kind, 85)
    return bytes(data.data())


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    columns = {kind: measure(kind) for kind in FORMATS}
    names = ("PNG", "WEBP", "JPEG (the reference of before)")
    print(
        f"| measure ({WIDTH} x {HEIGHT} picture, {FRAME[0]} x {FRAME[1]} frame) | "
        + " | ".join(names)
        + " |"
    )
    print("| --- | " + " | ".join("---:" for _ in names) + " |")
    for name in columns["PNG"]:
        print(f"| {name} | " + " | ".join(f"{columns[k][name]:.1f} ms" for k in FORMATS) + " |")
    del app
    return 0


def measure(kind: str) -> dict[str, float]:
    """The figures for one picture format."""
    from tactical.app.backgrounds.making import grey_array, new_encounter
    from tactical.app.encounter.document import EncounterDocument
    from tactical.app.map.scene.map_scene import MapScene
    from tactical.app.storage.pictures import decode_picture
    from tactical.core.alignment import Alignment
    from tactical.core.changes import GM
    from tactical.core.commands.pictures import SetBackground
    from tactical.core.grid_guess import guess_grid
    from tactical.core.pictures import Picture, picture_id

    data = picture_bytes(kind)
    picture = Picture(picture_id(data), data=data)
    image = decode_picture(data)
    encounter = new_encounter(picture, image, Alignment(OFFSET, OFFSET, SQUARE), "grid")
    frame = QImage(*FRAME, QImage.Format.Format_RGB32)

    def render(scene: MapScene, source: QRectF) -> None:
        painter = QPainter(frame)
        scene.render(painter, QRectF(frame.rect()), source)
        painter.end()

    start = time.perf_counter()
    document = EncounterDocument(encounter)
    scene = MapScene(document)
    whole = scene.map_rect()
    render(scene, whole)
    opened = (time.perf_counter() - start) * 1000
    unit = scene.background_art.scene_rect(encounter.background).width() / WIDTH
    near = QRectF(2000 * unit, 1000 * unit, FRAME[0] * unit, FRAME[1] * unit)
    whole_ms = timed(lambda: render(scene, whole), 9)
    near_ms = timed(lambda: render(scene, near), 9)
    steps = iter(range(1, 1000))

    def overlay_step() -> None:
        background = document.encounter.background
        assert background is not None
        value = (next(steps) % 100) / 100
        document.push(
            SetBackground(
                type(background)(
                    background.picture, background.x, background.y, background.square_px, value
                ),
                gesture="bench",
            ),
            GM,
        )
        render(scene, whole)

    step_ms = timed(overlay_step, 9)
    guess_ms = timed(lambda: guess_grid(grey_array(image)), 3)
    return {
        "open: decode and first whole-map frame": opened,
        "whole-map frame": whole_ms,
        "1:1 frame": near_ms,
        "overlay slider step (push + whole-map frame)": step_ms,
        "grid guess from the picture's lines": guess_ms,
    }


if __name__ == "__main__":
    raise SystemExit(main())

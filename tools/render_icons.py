"""Render the app icon's PNGs (16 to 512 pixels) from ``assets/icons/tactical.svg``.

The PNGs are committed so that neither the app nor ``packaging/install-desktop.sh``
needs Qt's SVG module; run this again after changing the SVG:

    QT_QPA_PLATFORM=offscreen python tools/render_icons.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICONS = Path(__file__).resolve().parents[1] / "assets" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def render(svg: Path, size: int, out: Path) -> None:
    """Write ``svg`` drawn on a transparent ``size`` x ``size`` square to ``out``."""
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"{svg}: not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    if not image.save(str(out)):
        raise SystemExit(f"{out}: could not write")


def main() -> int:
    app = QGuiApplication(sys.argv[:1])
    for size in SIZES:
        out = ICONS / f"tactical-{size}.png"
        render(ICONS / "tactical.svg", size, out)
        print(f"wrote {out.relative_to(ICONS.parents[1])}")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())

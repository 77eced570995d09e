"""Render the token marks' PNGs (``assets/tokens/*.png``) from their SVGs.

The PNGs are committed: the example maps embed them byte for byte (so the
generators stay deterministic without Qt), and the token palette offers them
without needing Qt's SVG module. Run this again after changing an SVG:

    QT_QPA_PLATFORM=offscreen python tools/render_token_marks.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtGui import QGuiApplication

from tactical.app.tokens.palette.marks import render_mark

TOKENS = Path(__file__).resolve().parents[1] / "assets" / "tokens"


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv)
    for svg in sorted(TOKENS.glob("*.svg")):
        data = render_mark(svg)
        if data is None:
            raise SystemExit(f"{svg}: not a valid SVG")
        svg.with_suffix(".png").write_bytes(data)
        print(f"wrote {svg.with_suffix('.png')}")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())

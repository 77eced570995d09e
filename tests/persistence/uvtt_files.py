"""Helpers for the Universal VTT tests: small files made here (real exports: ``real_data``)."""

from __future__ import annotations

import base64
import json
import struct
import zlib
from pathlib import Path
from typing import Any


def png(width: int, height: int) -> bytes:
    """A real (tiny-content) PNG: one colour, zlib-compressed rows."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    rows = b"".join(b"\0" + b"\x80\x90\xa0" * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def uvtt(**changes: Any) -> dict[str, Any]:
    """A small sound Universal VTT 0.3 map: 4 x 3 squares at 10 px, one wall, one door."""
    document: dict[str, Any] = {
        "format": 0.3,
        "resolution": {
            "map_origin": {"x": 0, "y": 0},
            "map_size": {"x": 4, "y": 3},
            "pixels_per_grid": 10,
        },
        "line_of_sight": [[{"x": 2, "y": 0}, {"x": 2, "y": 1}]],
        "objects_line_of_sight": [],
        "portals": [
            {
                "position": {"x": 2, "y": 1.5},
                "bounds": [{"x": 2, "y": 1}, {"x": 2, "y": 2}],
                "rotation": 1.570796,
                "closed": True,
                "freestanding": False,
            }
        ],
        "lights": [],
        "image": base64.b64encode(png(40, 30)).decode("ascii"),
    }
    document.update(changes)
    return document


def write(path: Path, document: dict[str, Any] | str | bytes) -> Path:
    if isinstance(document, dict):
        document = json.dumps(document)
    path.write_bytes(document if isinstance(document, bytes) else document.encode("utf-8"))
    return path

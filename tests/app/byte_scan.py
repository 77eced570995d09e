"""One scan for every players' output: what a reader could extract, and every raw byte.

A PDF is read twice: as ``pdftotext`` extracts it (what select-all and search
find, covered or not), and byte by byte, each stream inflated (content, fonts'
maps, the XMP metadata) and the document's information dictionary, in UTF-8 and
in UTF-16 (PDF strings). Any other output (a PNG, a phone's JSON, a picture) is
read byte by byte in the same encodings.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import zlib
from dataclasses import dataclass
from pathlib import Path

import pytest

STREAM = re.compile(rb"<<(?P<dict>(?:(?!>>\s*stream).)*?)>>\s*stream\r?\n", re.S)


@dataclass(frozen=True)
class Output:
    """One thing a players' output writes: its name, its bytes, and the text a reader sees."""

    name: str
    data: bytes
    text: str = ""
    """What a reader extracts (a PDF's text; a window's title and labels); "" for bytes only."""


def pdf_text(path: Path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext is not installed")
    result = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True
    )
    return result.stdout


def pdf_output(name: str, path: Path) -> Output:
    return Output(name, path.read_bytes(), pdf_text(path))


def pdf_parts(data: bytes) -> list[bytes]:
    """The file itself and every stream, inflated where it is deflated."""
    parts = [data]
    for match in STREAM.finditer(data):
        start = match.end()
        end = data.find(b"endstream", start)
        raw = data[start:end]
        if b"/FlateDecode" in match.group("dict"):
            try:
                raw = zlib.decompressobj().decompress(raw)
            except zlib.error:
                continue
        parts.append(raw)
    return parts


def readings(blob: bytes) -> list[str]:
    """``blob`` read as single bytes, as UTF-8 and as UTF-16 at both alignments, lowered."""
    return [
        blob.decode("latin-1").lower(),
        blob.decode("utf-8", errors="ignore").lower(),
        blob.decode("utf-16-be", errors="ignore").lower(),
        blob[1:].decode("utf-16-be", errors="ignore").lower(),
    ]


def found_in_bytes(output: Output, words: tuple[str, ...]) -> list[str]:
    parts = pdf_parts(output.data) if output.data.startswith(b"%PDF") else [output.data]
    found: list[str] = []
    for word in words:
        low = word.lower()
        if any(low in reading for part in parts for reading in readings(part)):
            found.append(word)
    return found


def found_labels(text: str, labels: tuple[str, ...]) -> list[str]:
    """Labels (``+2``) standing as words of ``text``."""
    words = set(text.split())
    return [label for label in labels if label in words]


def scan(outputs: list[Output], names: tuple[str, ...], labels: tuple[str, ...]) -> list[str]:
    """Every leak of every output: ``output: text|bytes: word``."""
    leaks: list[str] = []
    for output in outputs:
        low = output.text.lower()
        leaks += [f"{output.name}: text: {w}" for w in names if w.lower() in low]
        leaks += [f"{output.name}: text: {w}" for w in found_labels(output.text, labels)]
        leaks += [f"{output.name}: bytes: {w}" for w in found_in_bytes(output, names)]
    return leaks

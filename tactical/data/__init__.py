"""The example maps and ``assets/`` as they travel inside an installed copy.

A source checkout keeps them at the top (``maps/``, ``assets/``) and has none here;
``setup.py`` copies them into ``tactical/data/`` of the wheel (and PyInstaller's
spec into the folder app), so a plain ``pip install tactical-*.whl`` carries them.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def _checkout_folder(name: str) -> Path | None:
    for parent in Path(__file__).resolve().parents:
        candidate = parent / name
        if candidate.is_dir() and (parent / "pyproject.toml").is_file():
            return candidate
    return None


def data_folder(name: str) -> Path | None:
    """``maps``, ``assets`` or ``docs``: the packaged copy, else the checkout's, else None."""
    packaged = files(__name__) / name
    if isinstance(packaged, Path) and packaged.is_dir():
        return packaged
    return _checkout_folder(name)


def asset(name: str) -> Path | None:
    """A file in ``assets/`` (``"icons/tactical.svg"``), or None when it is not there."""
    folder = data_folder("assets")
    path = folder / name if folder is not None else None
    return path if path is not None and path.is_file() else None


def mark_png(name: str) -> bytes | None:
    """The committed PNG of the token mark ``name`` (``assets/tokens/NAME.png``), or None."""
    path = asset(f"tokens/{name}.png")
    return path.read_bytes() if path is not None else None

"""Where the example encounters are: ``maps/`` in a source checkout, or package data.

A wheel carries the maps as ``tactical/data/maps`` (setup.py copies them there) and
so does the folder app; an editable install reads the checkout's ``maps/``
(:func:`tactical.data.data_folder`). Both the CLI and the app's "New from template"
menu ask here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from tactical.core.encounter import Encounter
from tactical.data import data_folder
from tactical.persistence.files import save_encounter

SUFFIX = ".tactical.json"
DEFAULT_EXAMPLE = "hillside-ruin" + SUFFIX
"""The example opened when the app is started without a file."""


def examples_dir() -> Path | None:
    """The folder holding the example encounters, or None when there is none."""
    folder = data_folder("maps")
    if folder is not None and any(folder.glob("*" + SUFFIX)):
        return folder
    return None


def example_files() -> list[Path]:
    """Every example encounter, sorted by name."""
    folder = examples_dir()
    return sorted(folder.glob("*" + SUFFIX)) if folder is not None else []


def default_example() -> Path | None:
    """The hillside ruin example, if it can be found."""
    folder = examples_dir()
    path = folder / DEFAULT_EXAMPLE if folder is not None else None
    return path if path is not None and path.exists() else None


def write_example(build: Callable[[], Encounter], default_out: Path, argv: Sequence[str]) -> int:
    """An example builder's command line: ``script.py [OUT]`` saves what ``build`` makes."""
    out = Path(argv[1]) if len(argv) > 1 else default_out
    save_encounter(build(), out)
    print(f"wrote {out}")
    return 0

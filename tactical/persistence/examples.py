"""Where the example encounters are: ``maps/`` in a source checkout, or installed data.

An editable install runs from the checkout; a plain ``pip install .`` copies the
maps to ``<prefix>/share/tactical/maps`` (pyproject's data-files). Both the CLI
and the app's "New from template" menu ask here.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from tactical.core.encounter import Encounter
from tactical.persistence.files import save_encounter

SUFFIX = ".tactical.json"
DEFAULT_EXAMPLE = "hillside-ruin" + SUFFIX
"""The example opened when the app is started without a file."""


def _candidates(prefixes: Iterable[str]) -> list[Path]:
    checkout = [parent / "maps" for parent in Path(__file__).resolve().parents]
    installed = [Path(prefix) / "share" / "tactical" / "maps" for prefix in prefixes]
    return checkout + installed


def examples_dir(prefixes: Iterable[str] | None = None) -> Path | None:
    """The first folder holding example encounters, or None when none is found."""
    if prefixes is None:
        prefixes = dict.fromkeys((sys.prefix, sys.base_prefix))
    for candidate in _candidates(prefixes):
        if candidate.is_dir() and any(candidate.glob("*" + SUFFIX)):
            return candidate
    return None


def example_files(prefixes: Iterable[str] | None = None) -> list[Path]:
    """Every example encounter, sorted by name."""
    folder = examples_dir(prefixes)
    return sorted(folder.glob("*" + SUFFIX)) if folder is not None else []


def default_example(prefixes: Iterable[str] | None = None) -> Path | None:
    """The hillside ruin example, if it can be found."""
    folder = examples_dir(prefixes)
    path = folder / DEFAULT_EXAMPLE if folder is not None else None
    return path if path is not None and path.exists() else None


def write_example(build: Callable[[], Encounter], default_out: Path, argv: Sequence[str]) -> int:
    """An example builder's command line: ``script.py [OUT]`` saves what ``build`` makes."""
    out = Path(argv[1]) if len(argv) > 1 else default_out
    save_encounter(build(), out)
    print(f"wrote {out}")
    return 0

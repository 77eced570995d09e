"""Where the frozen folder app keeps the compiled sight kernel, so a start loads it.

numba caches a compiled function beside its source file or in the user's cache
folder, keyed by the source file. The folder app has no source file, and numba's
own frozen fallback keys its cache by the program's path relative to the working
folder: compiling again (about 2 s of a core and 25 MB more) at every start. Here
(imported by numba through ``NUMBA_CACHE_LOCATOR_CLASSES``, set by
:mod:`tactical.core.sight_kernel` in the frozen app only) the cache is a folder of
the user's (:func:`cache_folder`), first filled from the copy the build made and
shipped in the app (``sight-cache`` beside the app's modules): a start on a
processor like the builder's loads that; another processor compiles once, and
the next starts load what it saved. numba's cache key still holds the loop's
bytecode, the signature and the processor, so a wrong entry is never loaded.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

from numba.core.caching import _CacheLocator

import tactical

SHIPPED = "sight-cache"
"""The folder, beside the frozen app's modules, holding the cache the build made."""
FOLDER_VARIABLE = "TACTICAL_SIGHT_CACHE"
"""Names the cache folder instead of the user's (the build fills the shipped copy so)."""


def cache_folder() -> Path:
    """The user's cache of the compiled kernel, one per version of the app."""
    named = os.environ.get(FOLDER_VARIABLE)
    if named:
        return Path(named)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tactical" / f"sight-{tactical.__version__}"


def shipped_folder() -> Path | None:
    """The copy the build made, inside the frozen app (None when not frozen)."""
    root = getattr(sys, "_MEIPASS", None)
    return Path(root) / SHIPPED if root else None


def seed(folder: Path) -> None:
    """Copy the shipped files the user's folder lacks (never over what it has)."""
    shipped = shipped_folder()
    if shipped is None or not shipped.is_dir() or folder == shipped:
        return
    folder.mkdir(parents=True, exist_ok=True)
    for path in shipped.iterdir():
        if path.is_file() and not (folder / path.name).exists():
            shutil.copyfile(path, folder / path.name)


class FrozenCacheLocator(_CacheLocator):
    """numba's cache locator for the frozen app (any function; only the kernel is cached)."""

    def __init__(self, py_func: Any, folder: Path) -> None:
        self._lineno = py_func.__code__.co_firstlineno
        self._folder = folder

    def get_cache_path(self) -> str:
        return str(self._folder)

    def get_source_stamp(self) -> str:
        # no source to stamp: the version stands for it (the key holds the bytecode too)
        return f"tactical {tactical.__version__}"

    def get_disambiguator(self) -> str:
        return str(self._lineno)

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> FrozenCacheLocator | None:
        folder = cache_folder()
        try:
            seed(folder)
            self = cls(py_func, folder)
            self.ensure_cache_path()  # type: ignore[no-untyped-call]  # numba saves there
        except OSError:
            return None  # numba's own locators are tried next, or no cache
        return self

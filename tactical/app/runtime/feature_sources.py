"""PySide's import hook asks each new module whether it uses PySide without keeping its lines.

PySide6 (shiboken's ``__feature__`` support) asks of every module imported after PySide
whether it uses PySide (``inspect.getsource``, looking for "PySide6"), and ``linecache``
keeps every line it read: about 9 MB for the app's start-up, and numba's sources about
18 MB at the moment the sight kernel loads, a peak of the warm-up on a big map
(:func:`tactical.core.source_lines.forget_sources` dropped them only afterwards). Here
the same question is answered from the file's bytes, which nothing keeps. With a PySide
that asks it another way nothing changes: the lines are still dropped after the imports.
"""

from __future__ import annotations

import sys
from types import ModuleType

HOOK_MODULE = "shibokensupport.feature"
HOOK = "_mod_uses_pyside"


def install() -> bool:
    """Answer PySide's question from the files from now on (True when PySide asks it so)."""
    feature = sys.modules.get(HOOK_MODULE)
    if feature is None or not callable(getattr(feature, HOOK, None)):
        return False
    setattr(feature, HOOK, uses_pyside)
    return True


def uses_pyside(module: ModuleType) -> bool:
    """PySide's own answer: "PySide6" in the module's source file (False without one, as
    for a built-in or compiled module, whose source ``inspect`` cannot find either)."""
    path = getattr(module, "__file__", None)
    if not isinstance(path, str) or not path.endswith(".py"):
        return False
    try:
        with open(path, "rb") as file:
            return b"PySide6" in file.read()
    except OSError:
        return False

"""Source lines Python keeps for tracebacks, dropped after big imports.

PySide's import hook reads the source of every module imported after PySide
(``inspect.getsource``, looking for ``from __feature__``), and ``linecache`` keeps
every line of it for good: 7 MB for the app's start-up, 27 MB more for networkx,
scipy and numba. They are dropped after those imports; a traceback reads them again
from the file.
"""

from __future__ import annotations

import linecache


def forget_sources() -> None:
    """Drop the lines ``linecache`` keeps of source files (read again when a traceback
    wants them); lines registered without a file (no modification time) stay, as
    nothing could read them again."""
    cache = linecache.cache
    for name in list(cache):
        entry = cache.get(name)
        if entry is not None and len(entry) == 4 and entry[1] is not None:
            cache.pop(name, None)

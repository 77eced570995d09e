"""The ``tactical`` command's entry point: the console script, ``python -m tactical`` and the
folder app start here (the command itself is :mod:`tactical.cli`).

Python's automatic cycle collection is off while the command's libraries load (numpy,
pydantic, Qt, the app's modules: about 150 young and one full collection, 45-65 ms before
the first frame of ``tactical FILE``, which found next to nothing to free). The app
then collects on its GUI thread only (:mod:`tactical.app.runtime.gui_thread_gc`); every
other command switches it back on before its work (:mod:`tactical.cli`).
"""

from __future__ import annotations

import gc
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tactical`` command (see :func:`tactical.cli.main`); returns the exit status."""
    paused = gc.isenabled()
    gc.disable()
    from tactical.cli import main as command

    return command(argv, collector_paused=paused)

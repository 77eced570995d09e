"""Copies the top-level ``maps/`` and ``assets/`` (and from ``docs/`` the pages the Help menu
shows: ``app.md`` for Keys and mouse, ``getting-started.md`` with its pictures) into the wheel
as package data.

Everything else is in pyproject.toml. The files live once in git, at the top of the
checkout (``tools/make_example_maps.py`` writes ``maps/``); a built wheel carries them
as ``tactical/data/maps`` and ``tactical/data/assets`` (see ``tactical/data``).
An editable install reads them from the checkout and gets no copy.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
DATA = {
    "maps": ("*.tactical.json",),
    "assets": ("**/*",),
    "docs": ("app.md", "getting-started.md", "getting-started-*.png"),
}


class BuildPyWithData(build_py):
    """``build_py`` plus the example maps and assets under ``tactical/data``."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for folder, patterns in DATA.items():
            source = HERE / folder
            target = Path(self.build_lib) / "tactical" / "data" / folder
            for path in sorted(p for pattern in patterns for p in source.glob(pattern)):
                if path.is_file():
                    out = target / path.relative_to(source)
                    out.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(path, out)


setup(cmdclass={"build_py": BuildPyWithData})

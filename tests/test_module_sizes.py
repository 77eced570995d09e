"""Small modules with one job each: no class over 300 lines, no module over 500 in tactical/,
and no script of the phones' page over 500 either.

A class or module that grows past these is doing several jobs; split it (see
docs/app.md, "How the window is built") rather than raising the limits.
"""

from __future__ import annotations

import ast
from pathlib import Path

import tactical

PACKAGE = Path(tactical.__file__).parent
MAX_CLASS_LINES = 300
MAX_MODULE_LINES = 500


def sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_the_walk_finds_the_package() -> None:
    names = {path.relative_to(PACKAGE).as_posix() for path in sources()}
    assert {"app/window/main_window.py", "app/map/scene/map_scene.py", "core/encounter.py"} <= names


def test_no_module_is_over_500_lines() -> None:
    too_long = {
        path.relative_to(PACKAGE).as_posix(): lines
        for path in sources()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert too_long == {}


def test_no_page_script_is_over_500_lines() -> None:
    """The phones' page is split by job too (page.js, paint.js, gestures.js, tokens.js...)."""
    scripts = sorted((PACKAGE / "share" / "page").glob("*.js"))
    assert "page.js" in {path.name for path in scripts}
    too_long = {
        path.name: lines
        for path in scripts
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert too_long == {}


def test_no_class_is_over_300_lines() -> None:
    too_long: dict[str, int] = {}
    for path in sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_CLASS_LINES:
                    too_long[f"{path.relative_to(PACKAGE).as_posix()}:{node.name}"] = lines
    assert too_long == {}


def test_only_the_module_that_builds_the_window_imports_it() -> None:
    """The same rule as the import-linter contract, read from the source (type hints too)."""
    importers = set()
    for path in sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.ImportFrom)
                and node.module == "tactical.app.window.main_window"
            ):
                importers.add(path.relative_to(PACKAGE).as_posix())
    assert importers == {"app/window/startup.py"}

"""The main window is composed of parts in small modules, and neither they nor map editing
import it back."""

from __future__ import annotations

import ast
from pathlib import Path

import tactical

APP = Path(tactical.__file__).parent / "app"


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, type-checking-only imports included."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_map_editing_does_not_import_the_main_window() -> None:
    for path in sorted((APP / "editing").glob("*.py")):
        assert "tactical.app.window.main_window" not in imported_modules(path), path.name


def test_the_window_parts_do_not_import_the_main_window() -> None:
    for name in (
        "status_line",
        "file_menu",
        "edit_menu",
        "view_menu",
        "map_tools",
        "template_options",
        "player_controls",
        "side_docks",
    ):
        path = APP / "window" / f"{name}.py"
        assert "tactical.app.window.main_window" not in imported_modules(path), path.name


def test_the_main_window_is_no_mixin() -> None:
    from tactical.app.window.main_window import MainWindow

    assert [base.__name__ for base in MainWindow.__bases__] == ["QMainWindow"]
    assert not list((APP / "window").glob("window_*.py"))


def test_the_main_window_and_the_editing_tools_stay_small() -> None:
    for path in (APP / "window" / "main_window.py", APP / "editing" / "tools.py"):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines < 500, f"{path.name}: {lines} lines"

"""No import circle anywhere in tactical/: each module can be read, and changed, from the
modules below it up.

Every import of a tactical module counts, wherever it stands: at the top, inside a
function, under ``if TYPE_CHECKING:`` (a type-only circle still ties the modules' meaning
together and turns into a real one the day the hint is needed at run time), and a
``import_module("tactical...")`` with a literal name.

How a package's ``__init__`` counts: it is the module named by the package
(``tactical.app.map.scene``). Importing ``tactical.app.map.scene.map_scene`` runs
``tactical/app/map/scene/__init__.py`` first, so an import of ``a.b.c`` depends on ``a.b.c``
and on the packages ``a.b`` and ``a`` too, except those that hold the importer: Python has
already started them before the importer runs. ``from a.b import name`` depends on the
submodule ``a.b.name`` when there is one, else on the package ``a.b`` itself. So an
``__init__`` that re-exports its submodules is no circle by itself, but one whose
re-export leads back to a module that imports the package from outside is.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import networkx as nx

import tactical

PACKAGE = Path(tactical.__file__).parent
ROOT = "tactical"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _absolute(importer: str, is_package: bool, level: int, module: str | None) -> str:
    """The absolute name of a ``from`` import's module (``level`` dots before ``module``)."""
    if level == 0:
        return module or ""
    base = importer.split(".")
    if not is_package:
        base.pop()
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, module] if module else base)


def imported(importer: str, is_package: bool, source: str, known: set[str]) -> Iterator[str]:
    """Every module ``importer`` names in an import, anywhere in its ``source``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(importer, is_package, node.level, node.module)
            for alias in node.names:
                submodule = f"{module}.{alias.name}"
                yield submodule if submodule in known else module
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name | ast.Attribute)
            and (node.func.id if isinstance(node.func, ast.Name) else node.func.attr)
            == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.args[0].value


def _runs(importer: str, target: str, known: set[str]) -> Iterator[str]:
    """The modules an import of ``target`` runs that ``importer`` has not already started:
    ``target`` and its packages, less those holding ``importer``."""
    parts = target.split(".")
    for end in range(1, len(parts) + 1):
        name = ".".join(parts[:end])
        holds_importer = importer == name or importer.startswith(name + ".")
        if name in known and not holds_importer:
            yield name


def import_graph() -> nx.DiGraph:
    found = modules()
    known = set(found)
    graph = nx.DiGraph()
    graph.add_nodes_from(known)
    for importer, path in found.items():
        source = path.read_text(encoding="utf-8")
        for target in imported(importer, path.name == "__init__.py", source, known):
            if target == ROOT or target.startswith(ROOT + "."):
                for name in _runs(importer, target, known):
                    if name != importer:
                        graph.add_edge(importer, name)
    return graph


def circles(graph: nx.DiGraph) -> list[list[str]]:
    """The groups of modules that import each other round (strongly connected), each
    sorted, the biggest first."""
    groups = [sorted(group) for group in nx.strongly_connected_components(graph)]
    return sorted((group for group in groups if len(group) > 1), key=lambda g: (-len(g), g))


def describe(graph: nx.DiGraph) -> str:
    """Each group, with one circle through it, from its first module round and back."""
    lines = []
    for group in circles(graph):
        cycle = [edge[0] for edge in nx.find_cycle(graph.subgraph(group), source=group[0])]
        lines.append(f"{len(group)} modules: {', '.join(group)}")
        lines.append("  e.g. " + " -> ".join([*cycle, cycle[0]]))
    return "\n".join(lines)


def test_the_graph_sees_the_package_and_its_imports() -> None:
    graph = import_graph()
    assert graph.has_edge("tactical.app.window.startup", "tactical.app.window.main_window")
    # a relative import, and a package's __init__ run by an import of its submodule
    assert graph.has_edge("tactical.app.panel.dock", "tactical.app.panel.layout")
    assert graph.has_edge("tactical.app.window.main_window", "tactical.app.map.scene")
    assert not graph.has_edge("tactical.app.map.scene.map_scene", "tactical.app.map.scene")


def test_type_only_late_and_relative_imports_count() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from tactical.core import changes\n"
        "def later() -> None:\n    from ..rules import registry\n"
        "from . import not_a_module\n"
        "import_module('tactical.share')\n"
    )
    names = set(imported("tactical.app.x", False, source, set(modules())))
    assert names == {
        "typing",
        "tactical.core.changes",
        "tactical.rules.registry",
        "tactical.app",
        "tactical.share",
    }


def test_a_circle_is_found_and_shown() -> None:
    graph = nx.DiGraph([("a.c", "a.d"), ("a.d", "a.b"), ("a.b", "a.c"), ("a.d", "a.e")])
    assert circles(graph) == [["a.b", "a.c", "a.d"]]
    assert describe(graph).splitlines()[1] == "  e.g. a.b -> a.c -> a.d -> a.b"


def test_no_module_imports_itself_round_a_circle() -> None:
    graph = import_graph()
    assert not circles(graph), "import circles in tactical/:\n" + describe(graph)

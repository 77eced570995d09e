"""PySide's import hook still learns which modules use PySide, but no longer leaves every line
of every module imported after it in ``linecache`` (numba's: about 18 MB at the moment the
sight kernel loads on a big map)."""

from __future__ import annotations

import importlib
import linecache
import sys
from pathlib import Path

import pytest

from tactical.app.runtime import feature_sources


@pytest.fixture
def hook_restored(monkeypatch: pytest.MonkeyPatch) -> None:
    import PySide6.QtCore  # noqa: F401  (its import hook: the one asked)

    feature = sys.modules[feature_sources.HOOK_MODULE]
    monkeypatch.setattr(feature, feature_sources.HOOK, getattr(feature, feature_sources.HOOK))


def test_a_module_imported_after_pyside_leaves_no_lines_and_is_told_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hook_restored: None
) -> None:
    assert feature_sources.install()
    plain = tmp_path / "feature_probe_plain.py"
    plain.write_text("".join(f"X{n} = {n}\n" for n in range(1000)))
    qt = tmp_path / "feature_probe_qt.py"
    qt.write_text("from PySide6 import QtCore\nY = QtCore.QPoint(1, 2)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("feature_probe_plain", "feature_probe_qt"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    importlib.invalidate_caches()
    try:
        __import__("feature_probe_plain")
        __import__("feature_probe_qt")
        assert str(plain) not in linecache.cache and str(qt) not in linecache.cache
        told = sys.modules[feature_sources.HOOK_MODULE].pyside_feature_dict
        assert told["feature_probe_plain"] == -1  # no PySide: features ignored
        assert told["feature_probe_qt"] == 0  # uses PySide: features at their default
    finally:
        for name in ("feature_probe_plain", "feature_probe_qt"):
            sys.modules.pop(name, None)


def test_pysides_question_is_answered_from_the_file_or_not_at_all(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text("import PySide6\n")
    module = type(sys)("m")
    module.__file__ = str(source)
    assert feature_sources.uses_pyside(module)
    module.__file__ = str(tmp_path / "gone.py")
    assert not feature_sources.uses_pyside(module)
    assert not feature_sources.uses_pyside(sys)  # built in: no source

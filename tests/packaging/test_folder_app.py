"""The one-folder app built by packaging/build-folder-app.sh runs on its own.

Slow (PyInstaller takes half a minute or more) and needs PyInstaller (the ``freeze``
extra), so it runs only when asked:

    TACTICAL_BUILD_FOLDER_APP=1 .venv/bin/python -m pytest -q tests/packaging/test_folder_app.py
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OPT_IN = "TACTICAL_BUILD_FOLDER_APP"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        os.environ.get(OPT_IN) != "1", reason=f"builds the folder app: set {OPT_IN}=1 to run"
    ),
]


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built folder, moved away from the build so nothing else on disk is at hand."""
    work = tmp_path_factory.mktemp("freeze")
    bash = shutil.which("bash")
    assert bash is not None
    subprocess.run(
        [
            bash,
            str(ROOT / "packaging" / "build-folder-app.sh"),
            "--dist",
            str(work / "dist"),
            "--work",
            str(work / "build"),
            "--python",
            sys.executable,
        ],
        check=True,
    )
    moved = work / "somewhere else" / "tactical"
    moved.parent.mkdir()
    shutil.move(work / "dist" / "tactical", moved)
    shutil.rmtree(work / "build")
    return moved


def run(app: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the built program with a bare environment, from a folder with nothing in it."""
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(cwd),
        "QT_QPA_PLATFORM": "offscreen",
        "LANG": "C.UTF-8",
    }
    return subprocess.run(
        [str(app / "tactical"), *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_built_program_validates_its_examples(app: Path, tmp_path: Path) -> None:
    version = run(app, "--version", cwd=tmp_path)
    assert version.returncode == 0, version.stderr
    from tactical import __version__

    assert version.stdout == f"tactical {__version__}\n"
    maps = sorted((app / "_internal" / "tactical" / "data" / "maps").glob("*.tactical.json"))
    assert [m.name for m in maps] == sorted(p.name for p in (ROOT / "maps").glob("*.json"))
    result = run(app, "validate", *map(str, maps), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "".join(f"{m}: ok\n" for m in maps)


def test_the_built_program_writes_a_snapshot(app: Path, tmp_path: Path) -> None:
    example = app / "_internal" / "tactical" / "data" / "maps" / "hillside-ruin.tactical.json"
    out = tmp_path / "hillside.png"
    result = run(app, "snapshot", str(example), str(out), "--dpi", "72", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"{out}: 1 page\n"
    header = out.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    # A4 landscape at 72 dpi: 842 x 595 pixels
    assert (int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")) == (
        842,
        595,
    )


def test_the_folder_holds_only_the_qt_modules_the_app_uses(app: Path) -> None:
    modules = sorted(p.name.split(".")[0] for p in (app / "_internal" / "PySide6").glob("Qt*.so"))
    assert modules == ["QtCore", "QtDBus", "QtGui", "QtWidgets"]
    libraries = sorted(
        p.name.split(".")[0] for p in (app / "_internal" / "PySide6" / "Qt" / "lib").iterdir()
    )
    assert not [name for name in libraries if name.startswith(("libQt6Svg", "libQt6Qml"))]
    assert not list((app / "_internal").glob("libgtk*"))


def test_the_folder_carries_its_desktop_installer(app: Path, tmp_path: Path) -> None:
    bash = shutil.which("bash")
    assert bash is not None
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    result = subprocess.run(
        [bash, str(app / "desktop" / "install-desktop.sh")],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    entry = (tmp_path / "data" / "applications" / "tactical.desktop").read_text()
    assert f'Exec="{app / "tactical"}" %f\n' in entry


def test_the_built_program_shares_a_fight_with_phones(app: Path, tmp_path: Path) -> None:
    """``tactical share`` runs from the folder: aiohttp is in it and so is the phones' page."""
    import select
    import signal
    import urllib.request

    example = app / "_internal" / "tactical" / "data" / "maps" / "crypt-fog.tactical.json"
    process = subprocess.Popen(
        [str(app / "tactical"), "share", str(example), "--host", "127.0.0.1", "--port", "0"],
        cwd=tmp_path,
        env={
            "PATH": "/usr/bin:/bin",
            "HOME": str(tmp_path),
            "LANG": "C.UTF-8",
            "QT_QPA_PLATFORM": "offscreen",
        },
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], 60)  # a bounded wait
        assert ready, "no link printed within a minute"
        first = process.stdout.readline()  # the table link
        assert first.startswith("table: http://127.0.0.1:"), first
        url = first.split(": ", 1)[1].strip()
        with urllib.request.urlopen(url, timeout=10) as page:
            assert b"/static/page.js" in page.read()
        base = url.split("/s/")[0]
        with urllib.request.urlopen(base + "/static/page.js", timeout=10) as script:
            assert b"WebSocket" in script.read()
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=10) == 0
    finally:
        _stop(process)


def _stop(process: subprocess.Popen[str] | subprocess.Popen[bytes]) -> None:
    """Kill a ``tactical share`` still running after a failed check, and close its pipes."""
    if process.poll() is None:
        process.kill()
        process.wait(timeout=10)
    for pipe in (process.stdout, process.stderr):
        if pipe is not None:
            pipe.close()


def _warm_sight(app: Path, home: Path, env: dict[str, str] | None = None) -> dict[str, object]:
    """The folder's program warming the sight kernel (hidden argument, ``packaging/launch.py``)."""
    import json

    done = subprocess.run(
        [str(app / "tactical"), "--tactical-warm-sight"],
        cwd=home,
        env={"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8", **(env or {})},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert "Traceback" not in done.stderr, done.stderr
    said: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    assert done.returncode == (0 if said["ready"] else 1)
    return said


def test_the_built_program_loads_its_shipped_sight_kernel(app: Path, tmp_path: Path) -> None:
    """The build compiles the sight kernel and ships numba's cache of it: a first start on
    this processor loads it (seeding the user's cache folder), and so does every later
    one; none compiles. Checked against the numpy path before it answers; with numba's
    JIT off the numpy path stays."""
    shipped = sorted(p.suffix for p in (app / "_internal" / "sight-cache").iterdir())
    assert ".nbi" in shipped and ".nbc" in shipped
    for _ in range(2):
        said = _warm_sight(app, tmp_path)
        assert said["ready"] and said["from_cache"], said
    from tactical import __version__

    assert list((tmp_path / ".cache" / "tactical" / f"sight-{__version__}").glob("*.nbi"))
    off = _warm_sight(app, tmp_path, {"NUMBA_DISABLE_JIT": "1"})
    assert not off["ready"] and "NUMBA_DISABLE_JIT" in str(off["failed"])

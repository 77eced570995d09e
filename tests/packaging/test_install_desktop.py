"""packaging/install-desktop.sh puts tactical on the desktop; --uninstall takes it off."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "packaging" / "install-desktop.sh"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def run(home: Path, *args: str, path: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CONFIG_HOME": str(home / "config"),
        "PATH": path if path is not None else os.environ.get("PATH", "/usr/bin:/bin"),
    }
    bash = shutil.which("bash")
    assert bash is not None
    return subprocess.run(
        [bash, str(SCRIPT), *args], env=env, capture_output=True, text=True, check=False
    )


@pytest.fixture
def app(tmp_path: Path) -> Path:
    """A stand-in for the tactical command, in a folder with a space in its name."""
    folder = tmp_path / "my apps"
    folder.mkdir()
    command = folder / "tactical"
    command.write_text("#!/bin/sh\n")
    command.chmod(0o755)
    return command


def test_install_writes_the_desktop_files_and_uninstall_removes_them(
    tmp_path: Path, app: Path
) -> None:
    home = tmp_path / "home"
    data = home / "data"
    result = run(home, "--exec", str(app))
    assert result.returncode == 0, result.stderr
    entry = (data / "applications" / "tactical.desktop").read_text()
    assert f'Exec="{app}" %f\n' in entry
    assert "MimeType=application/x-tactical-encounter;application/x-universal-vtt;" in entry
    assert "Icon=tactical\n" in entry
    mime = (data / "mime" / "packages" / "tactical.xml").read_text()
    assert '<glob pattern="*.tactical.json" weight="80"/>' in mime
    for suffix in ("dd2vtt", "uvtt", "df2vtt"):
        assert f'<glob pattern="*.{suffix}"/>' in mime
    assert (data / "icons/hicolor/scalable/apps/tactical.svg").read_bytes() == (
        ROOT / "assets/icons/tactical.svg"
    ).read_bytes()
    for size in SIZES:
        assert (data / f"icons/hicolor/{size}x{size}/apps/tactical.png").is_file()
    assert (data / "metainfo" / "io.github.tactical.Tactical.metainfo.xml").is_file()
    defaults = (home / "config" / "mimeapps.list").read_text()
    assert "application/x-tactical-encounter=tactical.desktop" in defaults
    if shutil.which("update-mime-database"):
        globs = (data / "mime" / "globs2").read_text()
        assert "application/x-tactical-encounter:*.tactical.json" in globs

    result = run(home, "--uninstall")
    assert result.returncode == 0, result.stderr
    left = sorted(
        str(p.relative_to(home)) for p in home.rglob("*") if "tactical" in p.name and p.is_file()
    )
    assert left == []
    assert "tactical.desktop" not in (home / "config" / "mimeapps.list").read_text()


def test_uninstall_keeps_the_users_other_defaults(tmp_path: Path, app: Path) -> None:
    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    (home / "config" / "mimeapps.list").write_text(
        "[Default Applications]\ntext/plain=editor.desktop\n"
    )
    assert run(home, "--exec", str(app)).returncode == 0
    assert run(home, "--uninstall").returncode == 0
    assert (home / "config" / "mimeapps.list").read_text().splitlines() == [
        "[Default Applications]",
        "text/plain=editor.desktop",
    ]


def test_without_xdg_mime_the_defaults_are_written_directly(tmp_path: Path, app: Path) -> None:
    # Only what bash and sed need on PATH: no xdg-mime, no update-mime-database.
    tools = tmp_path / "tools"
    tools.mkdir()
    for tool in ("sed", "mkdir", "cp", "mv", "rm", "grep", "dirname", "id", "cat"):
        found = shutil.which(tool)
        assert found is not None
        (tools / tool).symlink_to(found)
    home = tmp_path / "home"
    result = run(home, "--exec", str(app), path=str(tools))
    assert result.returncode == 0, result.stderr
    assert (home / "config" / "mimeapps.list").read_text().splitlines() == [
        "[Default Applications]",
        "application/x-universal-vtt=tactical.desktop;",
        "application/x-tactical-encounter=tactical.desktop;",
    ]


def test_a_missing_or_relative_command_is_refused(tmp_path: Path) -> None:
    home = tmp_path / "home"
    relative = run(home, "--exec", "tactical")
    assert relative.returncode == 2
    assert "--exec needs an absolute path" in relative.stderr
    missing = run(home, "--exec", str(tmp_path / "nothing"))
    assert missing.returncode == 2
    assert "is not an executable file" in missing.stderr
    assert not (home / "data" / "applications" / "tactical.desktop").exists()


def test_the_shipped_icon_pngs_have_their_sizes() -> None:
    # Read from the PNG header (bytes 16-24: width, height), without decoding the picture.
    for size in SIZES:
        header = (ROOT / "assets" / "icons" / f"tactical-{size}.png").read_bytes()[:24]
        assert header[:8] == b"\x89PNG\r\n\x1a\n"
        assert int.from_bytes(header[16:20], "big") == size
        assert int.from_bytes(header[20:24], "big") == size


def test_a_plain_path_stays_bare_in_the_exec_line(tmp_path: Path) -> None:
    # xdg-open's generic fallback splits Exec= on spaces: quote only when the spec needs it.
    command = tmp_path / "bin" / "tactical"
    command.parent.mkdir()
    command.write_text("#!/bin/sh\n")
    command.chmod(0o755)
    home = tmp_path / "home"
    assert run(home, "--exec", str(command)).returncode == 0
    entry = (home / "data" / "applications" / "tactical.desktop").read_text()
    assert f"Exec={command} %f\n" in entry

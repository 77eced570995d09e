"""``tactical snapshot FILE OUT.pdf|OUT.png [--gm]``: no window; a bad file: the loader's words."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from tactical import cli

from .fights import HILLSIDE, THRUM


def test_snapshot_writes_a_pdf(qtbot, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "tower.pdf"
    assert cli.main(["snapshot", str(THRUM), str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert capsys.readouterr().out == f"{out}: 1 page\n"


def test_snapshot_gm_png_with_page_options(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "ruin.png"
    args = ["snapshot", str(HILLSIDE), str(out), "--gm", "--page", "Letter", "--portrait"]
    assert cli.main([*args, "--dpi", "100"]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (850, 1100)


def test_snapshot_refuses_a_bad_file_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.tactical.json"
    document = json.loads(HILLSIDE.read_text(encoding="utf-8"))
    document["tokens"][0]["position"] = [999, 1]
    bad.write_text(json.dumps(document), encoding="utf-8")
    out = tmp_path / "bad.pdf"
    assert cli.main(["snapshot", str(bad), str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{bad}: tokens[0].position: ")
    assert not out.exists()
    missing = tmp_path / "missing.tactical.json"
    assert cli.main(["snapshot", str(missing), str(out)]) == 1
    assert capsys.readouterr().err == f"{missing}: there is no such file\n"


def test_snapshot_refuses_another_kind_of_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "tower.jpg"
    assert cli.main(["snapshot", str(THRUM), str(out)]) == 1
    assert capsys.readouterr().err == f"{out}: a snapshot is a .pdf or a .png file\n"
    assert not out.exists()


@pytest.mark.slow
def test_snapshot_runs_in_a_fresh_process_without_a_display(tmp_path: Path) -> None:
    out = tmp_path / "tower.png"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "tactical", "snapshot", str(THRUM), str(out)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert QImage(str(out)).size().toTuple() == (1754, 1240)


def test_snapshot_at_table_scale_reports_progress_on_stderr(
    qtbot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "ruin.pdf"
    assert cli.main(["snapshot", str(HILLSIDE), str(out), "--table-scale"]) == 0
    captured = capsys.readouterr()
    assert captured.out == f"{out}: 31 pages\n"
    progress = captured.err.splitlines()
    assert progress[0] == f"{out}: page 1 of 31" and progress[-1] == f"{out}: page 31 of 31"
    assert 5 <= len(progress) <= 12  # about one line a tenth, not one a page
    assert [p.name for p in tmp_path.iterdir()] == ["ruin.pdf"]  # no temporary left over


def test_snapshot_table_scale_options(
    qtbot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "ruin.pdf"
    args = ["snapshot", str(HILLSIDE), str(out), "--table-scale", "--gm", "--paper", "A3"]
    args += ["--portrait", "--square-inch", "0.5", "--overlap-mm", "10", "--skip-empty"]
    assert cli.main(args) == 0
    assert capsys.readouterr().out == f"{out}: 7 pages\n"  # 3 x 2 pages of A3 and the cover
    width, height = re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", out.read_bytes())[0]
    assert (float(width), float(height)) == pytest.approx((841.9, 1190.6), abs=0.5)  # A3


def test_snapshot_table_scale_refusals_write_nothing(
    qtbot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    png = tmp_path / "ruin.png"
    assert cli.main(["snapshot", str(HILLSIDE), str(png), "--table-scale"]) == 1
    assert capsys.readouterr().err == f"{png}: a table-scale print is a .pdf file\n"
    pdf = tmp_path / "ruin.pdf"
    assert (
        cli.main(["snapshot", str(HILLSIDE), str(pdf), "--table-scale", "--overlap-mm", "99"]) == 1
    )
    assert capsys.readouterr().err == f"{pdf}: the overlap can be at most 88 mm on this paper\n"
    assert list(tmp_path.iterdir()) == []

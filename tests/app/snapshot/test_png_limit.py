"""A PNG snapshot's size is capped before any memory is taken, with a true message (issue 14)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from tactical import cli

from .fights import HILLSIDE


@pytest.mark.slow
def test_a_png_too_big_is_refused_with_a_true_message_before_any_memory_is_taken(
    qtbot,  # type: ignore[no-untyped-def]
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """600 dpi with a long combatants' table gave an unreadable PNG (or a 3.3 GB one)."""
    from tactical.app.snapshot import png_limit, render

    allocated: list[object] = []

    class CountingImage(QImage):
        def __init__(self, *args: object) -> None:
            allocated.append(args)
            super().__init__(*args)  # type: ignore[call-overload]

    monkeypatch.setattr(render, "QImage", CountingImage)
    out = tmp_path / "ruin.png"
    assert cli.main(["snapshot", str(HILLSIDE), str(out), "--gm", "--dpi", "1200"]) == 1
    err = capsys.readouterr().err
    said = re.fullmatch(
        re.escape(f"{out}: a PNG at 1200 dpi would be ")
        + r"(\d+) x (\d+) pixels \((\d+) megapixels\), more than the 60 megapixels a "
        r"snapshot may have; choose (\d+) dpi or less, or a PDF\n",
        err,
    )
    assert said is not None, err
    width, height, megapixels, fits = map(int, said.groups())
    assert width * height > png_limit.MAX_PNG_PIXELS
    assert megapixels == round(width * height / 1e6)
    assert 500 < fits < 1200
    assert allocated == [] and not out.exists()
    assert cli.main(["snapshot", str(HILLSIDE), str(out), "--gm", "--dpi", str(fits)]) == 0
    image = QImage(str(out))
    assert not image.isNull()
    assert image.width() * image.height() <= png_limit.MAX_PNG_PIXELS


def test_a_resolution_out_of_range_is_said_not_changed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ruin.png"
    with pytest.raises(SystemExit) as refused:
        cli.main(["snapshot", str(HILLSIDE), str(out), "--dpi", "5000"])
    assert refused.value.code == 2
    assert capsys.readouterr().err == (
        "tactical snapshot: argument --dpi: '5000' is not 36 to 1200"
        " (see tactical snapshot --help)\n"
    )
    assert not out.exists()

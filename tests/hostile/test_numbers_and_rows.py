"""Numeric options refuse nan, inf, negative and absurd values in one line; a version-1
file with one bad square says that square once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import one_line, run_here

BAD_NUMBERS = [
    ("--square-inch", "inf"),
    ("--square-inch", "nan"),
    ("--square-inch", "0"),
    ("--square-inch", "-1"),
    ("--square-inch", "1e9"),
    ("--margin-mm", "nan"),
    ("--margin-mm", "-3"),
    ("--margin-mm", "1e300"),
    ("--overlap-mm", "nan"),
    ("--overlap-mm", "-inf"),
    ("--overlap-mm", "5000"),
    ("--dpi", "-150"),
    ("--dpi", "100000"),
    ("--dpi", "1.5"),
    ("--dpi", "nan"),
]


@pytest.mark.parametrize("option, value", BAD_NUMBERS)
def test_a_numeric_option_out_of_range_is_one_line_naming_it(
    option: str, value: str, example: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = example.with_name("shot.pdf")
    status, stdout, err = run_here(
        capsys, "snapshot", example, out, "--table-scale", f"{option}={value}"
    )
    assert status == 2 and stdout == ""
    line = one_line(err)
    assert line.startswith(f"tactical snapshot: argument {option}: {value!r} is not ")
    assert line.endswith("(see tactical snapshot --help)")
    assert not out.exists()


def test_sound_numbers_still_print(example: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = example.with_name("shot.pdf")
    status, _out, err = run_here(
        capsys,
        "snapshot",
        example,
        out,
        "--table-scale",
        "--square-inch",
        "0.5",
        "--margin-mm",
        "0",
        "--overlap-mm",
        "0",
    )
    assert (status, err) == (0, "")
    assert out.is_file()


def version_1(rows: list[str]) -> dict[str, object]:
    return {
        "format": "tactical.encounter",
        "schema_version": 1,
        "app_version": "0.0.1",
        "name": "Old crypt",
        "map": {"kind": "grid", "square_feet": 5, "rows": rows},
        "sides": [],
        "tokens": [],
    }


@pytest.mark.parametrize("row", [0, 5])
def test_one_bad_square_in_a_version_1_row_is_reported_once(
    row: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [" ".join(["0"] * 12) for _ in range(37)]
    cells = rows[row].split()
    cells[3] = "zz"
    rows[row] = " ".join(cells)
    path = tmp_path / "old.tactical.json"
    path.write_text(json.dumps(version_1(rows)))
    status, out, _err = run_here(capsys, "validate", path)
    assert status == 1
    assert one_line(out) == (
        f"{path}: map.rows[{row}]: square 3 must be an elevation optionally followed by "
        "'d' (difficult) or 'x' (impassable)"
    )


def test_a_version_1_row_of_another_length_is_still_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = ["0 0 0", "0 0", "0 0 0"]
    path = tmp_path / "old.tactical.json"
    path.write_text(json.dumps(version_1(rows)))
    status, out, _err = run_here(capsys, "validate", path)
    assert status == 1
    assert one_line(out) == f"{path}: map.rows[1]: has 2 squares, the first row has 3"

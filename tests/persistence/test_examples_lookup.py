"""The example encounters are found in a checkout, and in the installed data folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactical.persistence import examples
from tactical.persistence.examples import default_example, example_files, examples_dir

CHECKOUT_MAPS = Path(__file__).resolve().parents[2] / "maps"


def test_a_checkout_finds_its_maps_folder() -> None:
    assert examples_dir(prefixes=[]) == CHECKOUT_MAPS
    assert default_example(prefixes=[]) == CHECKOUT_MAPS / "hillside-ruin.tactical.json"
    names = [p.name for p in example_files(prefixes=[])]
    assert "tavern-brawl.tactical.json" in names and names == sorted(names)


def test_an_installed_copy_finds_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As after `pip install .`: no maps/ above the package, the data files under the prefix.
    monkeypatch.setattr(examples, "__file__", str(tmp_path / "site" / "tactical" / "x.py"))
    data = tmp_path / "prefix" / "share" / "tactical" / "maps"
    assert examples_dir(prefixes=[str(tmp_path / "prefix")]) is None
    data.mkdir(parents=True)
    (data / "hillside-ruin.tactical.json").write_text("{}")
    assert examples_dir(prefixes=[str(tmp_path / "prefix")]) == data
    assert (
        default_example(prefixes=[str(tmp_path / "prefix")]) == data / "hillside-ruin.tactical.json"
    )


def test_pyproject_ships_the_maps_as_data_files() -> None:
    pyproject = (CHECKOUT_MAPS.parent / "pyproject.toml").read_text()
    assert '"share/tactical/maps" = ["maps/*.tactical.json"]' in pyproject

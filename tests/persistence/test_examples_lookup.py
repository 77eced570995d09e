"""The example encounters are found in a checkout, and as package data in an installed copy."""

from __future__ import annotations

from pathlib import Path

import pytest

import tactical.data
from tactical.data import asset, data_folder
from tactical.persistence.examples import default_example, example_files, examples_dir

CHECKOUT = Path(__file__).resolve().parents[2]


def test_a_checkout_finds_its_maps_folder() -> None:
    assert examples_dir() == CHECKOUT / "maps"
    assert default_example() == CHECKOUT / "maps" / "hillside-ruin.tactical.json"
    names = [p.name for p in example_files()]
    assert "tavern-brawl.tactical.json" in names and names == sorted(names)


def test_an_installed_copy_finds_its_package_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As in a wheel: tactical/data/maps beside tactical/data/__init__.py, no checkout above.
    site = tmp_path / "site" / "tactical" / "data"
    (site / "maps").mkdir(parents=True)
    (site / "assets" / "icons").mkdir(parents=True)
    init = site / "__init__.py"
    init.write_text("")
    monkeypatch.setattr(tactical.data, "__file__", str(init))
    monkeypatch.setattr(tactical.data, "files", lambda _name: site)
    assert examples_dir() is None  # an empty maps folder is no examples
    (site / "maps" / "hillside-ruin.tactical.json").write_text("{}")
    assert examples_dir() == site / "maps"
    assert default_example() == site / "maps" / "hillside-ruin.tactical.json"
    assert data_folder("assets") == site / "assets"
    assert asset("icons/tactical.svg") is None
    (site / "assets" / "icons" / "tactical.svg").write_text("<svg/>")
    assert asset("icons/tactical.svg") == site / "assets" / "icons" / "tactical.svg"


def test_the_checkout_is_not_copied_into_the_package() -> None:
    # setup.py copies maps/ and assets/ into the wheel only: git holds them once.
    assert not (CHECKOUT / "tactical" / "data" / "maps").exists()
    assert data_folder("assets") == CHECKOUT / "assets"

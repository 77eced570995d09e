"""The real-data tests skip where ../shared/realdata is missing, and fail there under CI=true."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.realdata import REALDATA, RealData, real_data_path


def test_a_missing_file_skips_the_test_saying_where_it_looked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception) as skipped:
        real_data_path("uvtt/map.dd2vtt", root=tmp_path / "realdata")
    assert str(skipped.value) == (
        f"real data is not here: {tmp_path / 'realdata'} has no uvtt/map.dd2vtt"
    )


@pytest.mark.parametrize("value", ["true", "True", "1"])
def test_in_ci_a_missing_file_fails_the_test(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("CI", value)
    with pytest.raises(pytest.fail.Exception) as failed:
        real_data_path("uvtt/map.dd2vtt", root=tmp_path / "realdata")
    assert str(failed.value).endswith("has no uvtt/map.dd2vtt, and CI=true needs it")


def test_a_file_that_is_there_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    (tmp_path / "uvtt").mkdir()
    (tmp_path / "uvtt" / "map.dd2vtt").write_text("{}")
    assert real_data_path("uvtt/map.dd2vtt", root=tmp_path) == tmp_path / "uvtt" / "map.dd2vtt"


def test_the_real_data_is_looked_for_beside_the_checkout() -> None:
    checkout = Path(__file__).resolve().parents[1]
    assert (checkout / "pyproject.toml").is_file()
    assert checkout.parent / "shared" / "realdata" == REALDATA


def test_the_real_data_fixture_notes_the_file_on_the_test(
    real_data: RealData, request: pytest.FixtureRequest
) -> None:
    """So the run can count the real-data tests (its README; a skip where it is absent)."""
    assert real_data("README.md").name == "README.md"
    assert ("real_data", "README.md") in request.node.user_properties

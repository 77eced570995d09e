"""The ``tactical`` command line: validate, version, help, and opening a file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import tactical
from tactical import cli
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.pictures import Background, Picture
from tactical.core.tokens import Token
from tactical.persistence import save_encounter

MAPS = Path(__file__).resolve().parent.parent / "maps"


@pytest.fixture
def good(tmp_path: Path) -> Path:
    path = tmp_path / "good.tactical.json"
    save_encounter(
        Encounter(GridMap(5, 4), [Token("aldric", "Ser Aldric", "pcs", (1, 1))], name="Good"), path
    )
    return path


@pytest.fixture
def bad(good: Path) -> Path:
    path = good.with_name("bad.tactical.json")
    document = json.loads(good.read_text(encoding="utf-8"))
    document["tokens"][0]["position"] = [9, 1]
    document["tokens"][0]["mood"] = "grim"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_validate_sound_files(good: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["validate", str(good)]) == 0
    assert capsys.readouterr().out == f"{good}: ok\n"


def test_validate_reports_every_problem_with_its_path(
    good: Path, bad: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = bad.read_bytes()
    assert cli.main(["validate", str(good), str(bad)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{good}: ok",
        f"{bad}: tokens[0].mood: unknown key (not part of the file format)",
    ]
    assert bad.read_bytes() == before


def test_validate_a_semantic_problem(bad: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document = json.loads(bad.read_text(encoding="utf-8"))
    del document["tokens"][0]["mood"]
    bad.write_text(json.dumps(document), encoding="utf-8")
    assert cli.main(["validate", str(bad)]) == 1
    assert capsys.readouterr().out == f"{bad}: tokens[0].position: square is off the 5 x 4 map\n"


def test_validate_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.tactical.json"
    assert cli.main(["validate", str(missing)]) == 1
    assert capsys.readouterr().out == f"{missing}: there is no such file\n"


def test_validate_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main(["validate"])
    assert exited.value.code == 2
    assert "the following arguments are required: FILE" in capsys.readouterr().err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main(["--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out == f"tactical {tactical.__version__}\n"


def test_help_lists_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    for name in cli.SUBCOMMANDS:
        assert f"    {name} " in out


def test_the_example_maps_validate(capsys: pytest.CaptureFixture[str]) -> None:
    names = ["hillside-ruin", "tavern-brawl", "benchmark-256"]
    files = [str(MAPS / f"{name}.tactical.json") for name in names]
    assert cli.main(["validate", *files]) == 0
    assert capsys.readouterr().out == "".join(f"{f}: ok\n" for f in files)


def test_opening_a_file_runs_the_app_on_it(good: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str | None] = []

    def fake_run(path: str | None) -> int:
        opened.append(path)
        return 0

    app_main = pytest.importorskip("tactical.app.main")
    monkeypatch.setattr(app_main, "run", fake_run)
    assert cli.main([str(good)]) == 0
    assert cli.main(["open", str(good)]) == 0
    assert cli.main([]) == 0
    assert opened == [str(good), str(good), str(cli.EXAMPLE)]


def test_without_the_app_it_prints_what_the_file_holds(
    good: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "tactical.app.main", None)  # import fails
    assert cli.main([str(good)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "The app window is not available; here is what the encounter holds.",
        "Encounter: Good",
        "Map: grid 5 x 4 squares of 5 ft, elevation 0 to 0, 0 walls",
        "Side Player characters: 1 tokens",
        "  Ser Aldric at (1, 1)",
        "Side Non-player characters: 0 tokens",
    ]


def test_without_the_app_a_bad_file_prints_its_problems(
    bad: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "tactical.app.main", None)
    assert cli.main([str(bad)]) == 1
    assert capsys.readouterr().err == (
        f"{bad}: tokens[0].mood: unknown key (not part of the file format)\n"
    )


def test_python_dash_m_tactical(good: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tactical", "validate", str(good)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, result.stdout) == (0, f"{good}: ok\n")


def test_readme_opens_with_the_two_commands_and_ci_runs_the_second() -> None:
    root = Path(__file__).resolve().parent.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    blocks = readme.split("```")[1::2]
    assert (
        blocks[0]
        .strip()
        .splitlines()[-1]
        .endswith(".venv/bin/tactical maps/hillside-ruin.tactical.json")
    )
    test_command = blocks[1].strip().splitlines()[-1]
    assert test_command.endswith(".venv/bin/python -m pytest -q -n auto")  # in parallel
    extracted = subprocess.run(
        ["awk", "/^```/ { fence++; next } fence == 3 { print }", str(root / "README.md")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert extracted == test_command
    assert "awk '/^```/ { fence++; next } fence == 3 { print }' README.md" in (
        root / ".ci" / "run"
    ).read_text(encoding="utf-8")


def test_a_reader_that_stops_early_gets_no_traceback(bad: Path) -> None:
    """``tactical validate ... | head -1``: the rest is dropped quietly, the status says so."""
    files = [str(bad)] * 2000  # more than a pipe's buffer holds
    with subprocess.Popen(  # closes its pipes when done
        [sys.executable, "-m", "tactical", "validate", *files],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        first = process.stdout.readline().decode()
        process.stdout.close()
        errors = process.stderr.read().decode()
        assert process.wait(timeout=60) == 1
    assert first == f"{bad}: tokens[0].mood: unknown key (not part of the file format)\n"
    assert errors == ""


def test_every_map_in_maps_validates(capsys: pytest.CaptureFixture[str]) -> None:
    """What CI runs: ``tactical validate maps/*.tactical.json``, every example and test map."""
    files = sorted(str(path) for path in MAPS.glob("*.tactical.json"))
    assert len(files) >= 3
    assert cli.main(["validate", *files]) == 0
    assert capsys.readouterr().out == "".join(f"{f}: ok\n" for f in files)


def test_ctrl_c_ends_quietly(
    good: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(files: object, scene: object = None) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "validate", interrupted)
    assert cli.main(["validate", str(good)]) == 130
    assert capsys.readouterr().err == "tactical: interrupted\n"


@pytest.mark.parametrize("name", ["cave.dd2vtt", "cave.uvtt", "Cave.DF2VTT"])
def test_a_universal_vtt_map_opens_the_app_on_it(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The desktop entry offers tactical for these files; the app imports them on opening.
    opened: list[str | None] = []
    app_main = pytest.importorskip("tactical.app.main")
    monkeypatch.setattr(app_main, "run", lambda path: opened.append(path) or 0)
    path = tmp_path / name
    path.write_text('{"format": 0.3}')
    assert cli.main([str(path)]) == 0
    assert opened == [str(path)]


def test_opening_a_missing_file_says_so_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.tactical.json"
    assert cli.main([str(missing)]) == 1
    assert capsys.readouterr().err == f"{missing}: there is no such file\n"


def test_an_empty_file_says_it_is_empty(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.tactical.json"
    empty.write_text("\n")
    assert cli.main(["validate", str(empty)]) == 1
    assert "is empty" in capsys.readouterr().out


def test_the_readme_names_every_example_map() -> None:
    root = Path(__file__).resolve().parents[1]
    readme = (root / "README.md").read_text(encoding="utf-8")
    for path in sorted((root / "maps").glob("*.tactical.json")):
        name = path.name.removesuffix(".tactical.json")
        assert f"`{name}`" in readme, name


def test_validate_warns_of_pictures_not_beside_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A missing token picture or background is said, as the app says it on open."""
    encounter = Encounter(
        GridMap(4, 4),
        [
            Token("alice", "Alice", "pcs", (1, 1), image="hero"),
            Token("bob", "Bob", "pcs", (2, 1), image="hero"),
            Token("orc", "Orc", "npcs", (3, 3), image="orc"),
        ],
        pictures=[
            Picture("hero", path="art/hero.png", name="hero.png"),
            Picture("orc", path="orc.png", name="orc.png"),
            Picture("floor", path="floor.png", name="floor.png"),
        ],
        background=Background("floor", 0, 0, 100, 0.5),
    )
    (tmp_path / "orc.png").write_bytes(b"there")
    path = tmp_path / "fight.tactical.json"
    save_encounter(encounter, path)
    assert cli.main(["validate", str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{path}: pictures[0].path: warning: art/hero.png is not in the file's folder: "
        "Alice, Bob show initials",
        f"{path}: pictures[2].path: warning: floor.png is not in the file's folder: "
        "the map is drawn without its background",
        f"{path}: ok",
    ]

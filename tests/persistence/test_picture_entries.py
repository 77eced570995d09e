"""Picture entries of an encounter file are judged on load: header limits, type, safe paths."""

from __future__ import annotations

import base64
import copy
import json
from pathlib import Path

import pytest

from tactical import cli
from tactical.persistence import LoadError, loads_encounter

from .conftest import GRID_DOCUMENT
from .test_picture_header import png_header, webp_vp8x


def with_pictures(*pictures: dict[str, str]) -> str:
    document = copy.deepcopy(GRID_DOCUMENT)
    document["pictures"] = list(pictures)
    return json.dumps(document)


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def problems(text: str) -> list[str]:
    with pytest.raises(LoadError) as error:
        loads_encounter(text)
    return [str(p) for p in error.value.problems]


def test_sound_pictures_load() -> None:
    encounter = loads_encounter(
        with_pictures(
            {"id": "map", "data": b64(png_header(4000, 3000))},
            {"id": "goblin", "path": "art/goblin.webp"},
        )
    )
    assert set(encounter.pictures) == {"map", "goblin"}


def test_an_embedded_picture_over_the_limits_or_not_a_picture_is_named_by_its_path() -> None:
    assert problems(
        with_pictures(
            {"id": "a", "data": b64(png_header(10, 10))},
            {"id": "b", "data": b64(b"GIF89a" + b"\0" * 20)},
            {"id": "c", "data": b64(webp_vp8x(20_000, 10))},
            {"id": "d", "data": b64(png_header(15_000, 15_000))},
        )
    ) == [
        "pictures[1].data: is not a PNG, JPEG or WebP picture",
        "pictures[2].data: is 20000 x 10 pixels; tactical opens pictures up to 16,384 pixels"
        " a side",
        "pictures[3].data: is 15000 x 15000 pixels; tactical opens pictures up to 200 megapixels",
    ]


@pytest.mark.parametrize(
    "path, words",
    [
        ("/home/gm/map.png", "is an absolute path"),
        ("../../.ssh/id_rsa", "leaves the encounter's folder"),
        ("file:///etc/passwd", "is a file:// URL"),
        ("C:\\Users\\gm\\map.png", "is an absolute Windows path"),
        ("\\\\server\\share\\map.png", "is a network (UNC) path"),
    ],
)
def test_an_unsafe_picture_path_is_a_problem_validate_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], path: str, words: str
) -> None:
    file = tmp_path / "sent.tactical.json"
    file.write_text(with_pictures({"id": "map", "path": path}), encoding="utf-8")
    assert cli.main(["validate", str(file)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{file}: pictures[0].path: {words}")


def test_an_embedded_picture_is_decoded_from_base64_once_on_load(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import binascii

    data = png_header(40, 30)
    text = b64(data)
    seen: list[str] = []
    real = binascii.a2b_base64

    def counting(value: str, **kwargs: bool) -> bytes:
        if value == text:
            seen.append(value)
        return real(value, **kwargs)

    monkeypatch.setattr(binascii, "a2b_base64", counting)
    encounter = loads_encounter(with_pictures({"id": "map", "data": text}))
    assert encounter.pictures["map"].data == data
    assert len(seen) == 1

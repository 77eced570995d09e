"""Pictures: read only from inside the encounter's folder, decoded once and bounded,
and a picture the app accepts is a picture it draws (or it is refused by name)."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from PySide6.QtCore import QBuffer, QIODevice
from PySide6.QtGui import QColor, QImage

from tactical import cli
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.pictures import Background, Picture, picture_id
from tactical.persistence import save_encounter

from ..persistence.uvtt_files import png, uvtt, write
from .conftest import guarded, one_line


def encoded(width: int, height: int, kind: str) -> bytes:
    """A picture of two colours (so no format can store it as nothing) as ``kind`` bytes."""
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor(200, 40, 40))
    for y in range(0, height, 7):
        for x in range(0, width, 5):
            image.setPixelColor(x, y, QColor(20, 90, 200))
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, kind)
    return bytes(buffer.data().data())


def test_a_picture_path_leading_out_of_the_folder_through_a_link_is_refused(
    tmp_path: Path, qapp: object
) -> None:
    from tactical.app.storage.pictures import PictureCache

    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "secret.png").write_bytes(encoded(8, 8, "PNG"))
    folder = tmp_path / "encounter"
    folder.mkdir()
    (folder / "art").symlink_to(outside)  # "art/secret.png" is textually inside
    (folder / "own.png").write_bytes(encoded(8, 8, "PNG"))
    encounter = Encounter(
        GridMap(2, 2),
        pictures=[Picture("out", path="art/secret.png"), Picture("in", path="own.png")],
    )
    cache = PictureCache()
    assert cache.image(encounter, "out", folder) is None
    assert cache.problems == {"out": "its path leads out of the encounter's folder through a link"}
    assert cache.image(encounter, "in", folder) is not None


def test_eight_entries_naming_one_picture_are_decoded_once(
    tmp_path: Path, qapp: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tactical.app.storage import pictures

    (tmp_path / "map.png").write_bytes(encoded(600, 600, "PNG"))
    entries = [Picture(f"copy-{n}", path="map.png") for n in range(8)]
    encounter = Encounter(GridMap(2, 2), pictures=entries)
    decoded: list[int] = []
    real = pictures.decode_picture

    def counting(data: bytes, fit: int | None = None) -> QImage:
        decoded.append(len(data))
        return real(data) if fit is None else real(data, fit)

    monkeypatch.setattr(pictures, "decode_picture", counting)
    cache = pictures.PictureCache()
    images = [cache.image(encounter, f"copy-{n}", tmp_path) for n in range(8)]
    assert len(decoded) == 1
    assert all(image is images[0] for image in images)


def test_token_art_is_decoded_at_the_size_a_token_draws(tmp_path: Path, qapp: object) -> None:
    from tactical.app.encounter.document import EncounterDocument
    from tactical.app.map.scene.token_pictures import MAX_COPY_SIDE, token_pictures

    data = encoded(3000, 2000, "JPEG")
    encounter = Encounter(GridMap(4, 4), pictures=[Picture(picture_id(data), data=data)])
    pictures = token_pictures(EncounterDocument(encounter))
    assert pictures.pixmap(picture_id(data), 64) is not None  # the largest token there is
    held = pictures.cache.held_bytes
    assert 0 < held <= (MAX_COPY_SIDE * 3 // 2) * MAX_COPY_SIDE * 4  # not 3000 x 2000


def test_the_cache_keeps_decoded_pictures_within_its_budget(qapp: object) -> None:
    from tactical.app.storage.pictures import PictureCache

    datas = [encoded(400, 400 + n, "PNG") for n in range(4)]  # 640 kB each decoded
    encounter = Encounter(GridMap(2, 2), pictures=[Picture(picture_id(d), data=d) for d in datas])
    cache = PictureCache(budget=1_500_000)
    for data in datas:
        image = cache.image(encounter, picture_id(data))
        assert image is not None and image.height() == 400 + datas.index(data)
    assert cache.held_bytes <= 1_500_000
    assert cache.image(encounter, picture_id(datas[0])) is not None  # decoded again on need


@pytest.mark.slow
def test_an_8400_pixel_battle_map_the_format_allows_is_drawn(
    tmp_path: Path, qapp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    """Qt's reader refused past 256 MiB: an ordinary 42 x 42 Dungeondraft map at 200 px
    (269 MiB decoded) imported with exit 0 and never showed."""
    from tactical.app.storage.pictures import decode_picture

    data = png(8400, 8400)
    with guarded(more_memory=2 * 1024**3):
        image = decode_picture(data)
        assert (image.width(), image.height()) == (8400, 8400)
        assert image.pixelColor(8399, 8399) == QColor(0x80, 0x90, 0xA0)
        del image
        source = write(
            tmp_path / "big.dd2vtt",
            uvtt(
                image=base64.b64encode(data).decode(),
                resolution={
                    "map_origin": {"x": 0, "y": 0},
                    "map_size": {"x": 42, "y": 42},
                    "pixels_per_grid": 200,
                },
            ),
        )
        assert cli.main(["import", str(source)]) == 0
    assert "42 x 42 squares" in capsys.readouterr().out


def _cut(kind: str) -> bytes:
    data = encoded(300, 200, kind)
    return data[: len(data) * 2 // 3]


@pytest.mark.parametrize("kind, name", [("PNG", "PNG"), ("WEBP", "WebP"), ("JPEG", "JPEG")])
def test_import_refuses_a_truncated_picture_by_name(
    tmp_path: Path, qapp: object, capsys: pytest.CaptureFixture[str], kind: str, name: str
) -> None:
    source = write(tmp_path / "cut.dd2vtt", uvtt(image=base64.b64encode(_cut(kind)).decode()))
    with guarded():
        assert cli.main(["import", str(source)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert one_line(captured.err) == (
        f"{source}: image: the picture is a damaged {name}: its pixels could not be decoded"
    )
    assert not (tmp_path / "cut.tactical.json").exists()


@pytest.mark.parametrize("kind, name", [("PNG", "PNG"), ("WEBP", "WebP"), ("JPEG", "JPEG")])
def test_validate_reports_a_truncated_embedded_picture_by_its_place(
    tmp_path: Path, qapp: object, capsys: pytest.CaptureFixture[str], kind: str, name: str
) -> None:
    data = _cut(kind)
    whole = encoded(30, 20, "PNG")
    pictures = [Picture(picture_id(whole), data=whole), Picture(picture_id(data), data=data)]
    encounter = Encounter(GridMap(4, 3), pictures=pictures)
    encounter.background = Background(picture_id(data), square_px=70)
    path = tmp_path / "cut.tactical.json"
    save_encounter(encounter, path)  # the header is sound: only decoding finds the damage
    with guarded():
        assert cli.main(["validate", str(path)]) == 1
    assert one_line(capsys.readouterr().out) == (
        f"{path}: pictures[1].data: the picture is a damaged {name}: "
        "its pixels could not be decoded"
    )


def test_token_art_chosen_in_the_palette_that_does_not_decode_is_refused_by_name(
    tmp_path: Path, qapp: object
) -> None:
    from PySide6.QtWidgets import QWidget

    from tactical.app.encounter.document import EncounterDocument
    from tactical.app.tokens.palette.adding import TokenAdder

    said: list[str] = []
    parent = QWidget()
    adder = TokenAdder(parent, EncounterDocument(Encounter(GridMap(2, 2))), said.append)
    cut = tmp_path / "wolf.jpg"
    cut.write_bytes(_cut("JPEG"))
    assert adder.choose_file(cut) is None
    assert said == ["Refused: wolf.jpg is a damaged JPEG: its pixels could not be decoded."]
    whole = tmp_path / "bear.jpg"
    whole.write_bytes(encoded(300, 200, "JPEG"))
    assert adder.choose_file(whole) is not None

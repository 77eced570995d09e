"""Token pictures: decoded once per picture, cut to a square and scaled once per size.

Every scene of a document (the GM's, the player view, snapshots, the table-scale
print) reads token art through :func:`token_pictures`, which sits on the
document's shared :class:`~tactical.app.storage.pictures.PictureCache`: a picture used
by twenty goblins is decoded once, and its square copy for a 1 x 1 token is
scaled once. :class:`~tactical.app.map.scene.token_item.TokenItem` clips the copy to
a circle inside the ring of the token's side.

A token whose picture is missing, unsafe (an absolute path, ``..``) or over
the limits is drawn as a plain disc with initials; :attr:`TokenPictures.problems`
says why, and :meth:`TokenPictures.take_new_problems` hands each reason out once
(the window says it in the status bar).
"""

from __future__ import annotations

import weakref
from pathlib import Path

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QImage, QPixmap

from tactical.app.map.geometry import CELL
from tactical.app.map.scene.background import shared_cache
from tactical.app.map.scene.source import MapSource
from tactical.app.storage.pictures import TOKEN_DECODE_SIDE

PIXELS_PER_SQUARE = int(CELL * 2)
"""Pixels a side of a token picture's scaled copy per square of the token's size:
twice the scene's square, sharp when the GM zooms in."""
MAX_COPY_SIDE = TOKEN_DECODE_SIDE


def square_crop(image: QImage) -> QImage:
    """The centred square of ``image`` (a portrait loses its top and bottom margins)."""
    side = min(image.width(), image.height())
    x = (image.width() - side) // 2
    y = (image.height() - side) // 2
    return image.copy(QRect(x, y, side, side))


class TokenPictures:
    """Scaled square copies of the pictures of one document's tokens, by (picture, size)."""

    def __init__(self, document: MapSource) -> None:
        self.document = document
        self.cache = shared_cache(document)
        self._copies: dict[tuple[str, int, str | None], QPixmap | None] = {}
        self.problems: dict[str, str] = {}
        """Why a token picture is not drawn, by picture id."""
        self._said: set[tuple[str, str]] = set()
        document.encounter_replaced.connect(self.clear)

    def clear(self) -> None:
        self._copies.clear()
        self.problems.clear()
        self._said.clear()

    def pixmap(self, picture: str | None, size: int) -> QPixmap | None:
        """The square copy of ``picture`` for a token ``size`` squares wide, or None."""
        if not picture:
            return None
        path = self.document.path
        folder = None if path is None else path.parent
        key = (picture, size, None if folder is None else str(folder))
        if key not in self._copies:
            self._copies[key] = self._make(picture, size, folder)
        return self._copies[key]

    def _make(self, picture: str, size: int, folder: Path | None) -> QPixmap | None:
        encounter = self.document.encounter
        if picture not in encounter.pictures:
            self.problems[picture] = "is not among the encounter's pictures"
            return None
        image = self.cache.image(encounter, picture, folder, fit=TOKEN_DECODE_SIDE)
        if image is None:
            self.problems[picture] = self.cache.problems.get(picture, "cannot be read")
            return None
        self.problems.pop(picture, None)
        side = min(MAX_COPY_SIDE, PIXELS_PER_SQUARE * size)
        square = square_crop(image).scaled(
            side,
            side,
            Qt.AspectRatioMode.IgnoreAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
        return QPixmap.fromImage(square)

    def forget(self, picture: str) -> None:
        """Drop the copies of ``picture`` (it was added or removed by an edit)."""
        for key in [k for k in self._copies if k[0] == picture]:
            del self._copies[key]
        self.problems.pop(picture, None)

    def take_new_problems(self) -> list[str]:
        """Each token picture problem not handed out before, as a sentence for the GM."""
        said = []
        for picture, reason in sorted(self.problems.items()):
            if (picture, reason) in self._said:
                continue
            self._said.add((picture, reason))
            encounter = self.document.encounter
            entry = encounter.pictures.get(picture)
            shown = entry.path if entry is not None and entry.path else picture
            names = sorted(t.name for t in encounter.tokens.values() if t.image == picture)
            who = f": {', '.join(names)} {'shows' if len(names) == 1 else 'show'} initials"
            said.append(f"Token picture {shown} not shown ({reason}){who if names else ''}.")
        return said


_SHARED: weakref.WeakKeyDictionary[MapSource, TokenPictures] = weakref.WeakKeyDictionary()


def token_pictures(document: MapSource) -> TokenPictures:
    """The one :class:`TokenPictures` of a document, shared by all its scenes."""
    found = _SHARED.get(document)
    if found is None:
        found = _SHARED[document] = TokenPictures(document)
    return found


def lend_token_pictures(borrower: MapSource, owner: MapSource) -> None:
    """Let ``borrower`` (a players' print's copy of ``owner``'s encounter, same picture ids)
    draw with ``owner``'s scaled copies: each picture is decoded and scaled once."""
    _SHARED[borrower] = token_pictures(owner)

"""Adding a token through the one form: from the palette, a dropped picture or a right-click.

:class:`TokenAdder` knows the pictures the form offers (a plain disc, the
ready-made marks, the encounter's token pictures, files the GM chose), the
side last used, and pushes ``Batch(AddPicture, AddToken)``: one undo step.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QIcon, QImage, QPixmap
from PySide6.QtWidgets import QWidget

from tactical.app.encounter.document import EncounterDocument
from tactical.app.storage.pictures import (
    TOKEN_DECODE_SIDE,
    PictureError,
    decode_picture,
    read_picture_file,
)
from tactical.app.tokens.palette.form import PictureChoice, TokenForm, ask_token
from tactical.app.tokens.palette.marks import ready_marks
from tactical.app.tokens.palette.picture_names import PictureNames
from tactical.app.tokens.palette.spec import (
    TokenSpec,
    add_token_command,
    check_spec,
    default_side,
    default_speed,
    figure_defaults,
    figure_labels,
)
from tactical.core.changes import GM
from tactical.core.encounter import Encounter
from tactical.core.pictures import Picture
from tactical.core.tokens import Position, Token

ICON_PIXELS = 48
PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")


def picture_icon(picture: Picture | None) -> QIcon | None:
    """A small icon of embedded art (None for a plain disc or a path picture)."""
    if picture is None or picture.data is None:
        return None
    try:
        image: QImage = decode_picture(picture.data, ICON_PIXELS)  # never the full picture
    except PictureError:
        return None
    return QIcon(QPixmap.fromImage(image.scaled(ICON_PIXELS, ICON_PIXELS)))


class TokenAdder:
    """The add-token form and what it adds, for one window."""

    def __init__(
        self, parent: QWidget, document: EncounterDocument, say: Callable[[str], None]
    ) -> None:
        self.parent = parent
        self.document = document
        self.say = say
        self.last_side: str | None = None
        """The side chosen last in this window's form (the next form's default)."""
        self.chosen: list[Picture] = []
        """Picture files the GM chose this session, in the order chosen."""
        self.names = PictureNames()
        """What each picture is called (the name it came with, kept in the file)."""
        self.ask: Callable[[TokenForm], TokenSpec | None] = ask_token
        """Shows the form (tests answer it instead)."""
        self._icons: dict[str, QIcon | None] = {}
        self.shows: Callable[[Token], bool] = lambda token: True
        """Whether a token may be named on this screen (not while secrets are hidden)."""

    # -- pictures ----------------------------------------------------------------

    def picture_choices(self) -> list[PictureChoice]:
        """What the form's picture list offers, a plain disc first.

        The order stays put as tokens come and go, so the picture the GM picked
        stays the one picked: the encounter's token pictures that came with the
        file, then the files the GM chose, then the ready-made marks.
        """
        choices = [PictureChoice("Plain disc", None)]
        later = {p.id for p in self.chosen} | {p.id for _label, p in ready_marks()}
        seen: set[str] = set()

        def offer(picture: Picture) -> None:
            if picture.id in seen:
                return
            seen.add(picture.id)
            if picture.id not in self._icons:
                self._icons[picture.id] = picture_icon(picture)
            choices.append(PictureChoice(self.names.of(picture), picture, self._icons[picture.id]))

        encounter = self.document.encounter
        for token in encounter.tokens.values():
            entry = encounter.pictures.get(token.image or "")
            if entry is not None and entry.id not in later and self.shows(token):
                offer(entry)
        for picture in self.chosen:
            offer(picture)
        for _label, picture in ready_marks():
            offer(picture)
        return choices

    def choose_file(self, path: Path) -> Picture | None:
        """Read a picture file the GM chose (sniffed, header checked, decoded once at token
        size so a damaged one is refused by name); None and a message if not.

        The picture is named by the file; the same picture already here (in the
        encounter or chosen before) keeps the name it has, so choosing a copy of
        ``goblin.png`` under another name lists it once, as ``goblin.png``.
        """
        try:
            picture, _info = read_picture_file(path)
            assert picture.data is not None
            decode_picture(picture.data, TOKEN_DECODE_SIDE)  # a damaged one is no token art
        except PictureError as error:
            self.say(f"Refused: {path.name} {error}.")
            return None
        known = [self.document.encounter.pictures.get(picture.id)]
        known += [p for p in self.chosen if p.id == picture.id]
        picture = next((p for p in known if p is not None and p.name), picture)
        for index, chosen in enumerate(self.chosen):
            if chosen.id == picture.id:
                self.chosen[index] = picture  # it stays where it was in the list
                break
        else:
            self.chosen.append(picture)
        return picture

    def name_for(self, picture: Picture | None) -> str:
        """The token name a picture proposes: from its file's name (``giant-wolf.png`` ->
        ``Giant wolf``); none for a plain disc, a mark or a numbered picture."""
        if picture is None:
            return ""
        name = self.names.of(picture)
        if Path(name).suffix.lower() not in PICTURE_SUFFIXES:
            return ""
        return name_from_file(Path(name))

    def index_of(self, picture: Picture | None) -> int:
        """Where ``picture`` stands in :meth:`picture_choices` (0: the plain disc)."""
        for index, choice in enumerate(self.picture_choices()):
            if (
                picture is not None
                and choice.picture is not None
                and choice.picture.id == picture.id
            ):
                return index
        return 0

    # -- the form ----------------------------------------------------------------

    def form(self, *, picture: Picture | None = None, name: str = "") -> TokenForm:
        encounter = self.document.encounter
        side = default_side(encounter, self.last_side)
        return TokenForm(
            self.parent,
            encounter,
            side=side,
            side_note=side_note(encounter, side, self.last_side),
            speed=default_speed(encounter),
            pictures=self.picture_choices(),
            picture_index=self.index_of(picture),
            name=name,
            figure_labels=figure_labels(encounter),
            figure_defaults=figure_defaults(encounter),
        )

    def add_at(
        self, position: Position, *, picture: Picture | None = None, name: str = ""
    ) -> str | None:
        """Ask with the form and add the token at ``position``; its id, or None."""
        if not self.document.encounter.sides:
            self.say("Refused: add a side first.")
            return None
        try:
            spec = self.ask(self.form(picture=picture, name=name))
        except ValueError as error:
            self.say(f"Refused: {error}.")
            return None
        if spec is None:
            return None
        return self.add_spec(spec, position)

    def add_spec(self, spec: TokenSpec, position: Position) -> str | None:
        problem = check_spec(spec, self.document.encounter)
        if problem is not None:
            self.say(f"Refused: {problem}.")
            return None
        command, token_id = add_token_command(self.document.encounter, spec, position)
        self.document.push(command, GM)
        self.last_side = spec.side
        return token_id


def side_note(encounter: Encounter, side: str, last: str | None) -> str:
    """Why the form proposes ``side``: said beside it, so the GM sees it before Enter."""
    if side == last:
        return "as the last token added"
    if side not in encounter.fog.party and len(encounter.sides) > 1:
        return "not the party"
    return ""


def name_from_file(path: Path) -> str:
    """A token name from a picture's file name: ``giant-rat.png`` -> ``Giant rat``."""
    stem = path.name.split(".")[0].replace("_", " ").replace("-", " ").strip()
    return (stem[:1].upper() + stem[1:])[:80] if stem else "Token"

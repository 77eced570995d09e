"""Every string a user or a file supplies is shown as plain text, never as markup.

Qt guesses: a QLabel, a tooltip or a message box whose text "might be rich
text" (``Qt.mightBeRichText``: a tag on its first line) renders it as HTML. A
token named ``<b>Brute</b>`` would then show bold, and ``<img src="...">`` in
a name from someone else's file would draw a local picture on the players'
screen (or read ``/dev/zero`` until memory runs out). The app shows user text
only through these helpers:

- :func:`plain_label` / :func:`make_plain`: a QLabel that never reads markup;
- :func:`tooltip` / :func:`set_tooltip`: tooltips, escaped when Qt would guess HTML;
- :func:`plain_message_box`: a message box that shows its text literally;
- :func:`add_plain_row`: a form row whose label is plain text;
- :func:`menu_text`: a menu or button text whose ``&`` is shown, not a shortcut;
- :func:`title_text`: a file name in a window title whose ``[*]`` is shown, not the
  "modified" mark.

Item views (list, table and tree cells), button texts and window titles are
always plain in Qt; their tooltips are not, so they go through :func:`tooltip`.
"""

from __future__ import annotations

import html
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QFormLayout, QLabel, QMessageBox, QWidget


class _HasToolTip(Protocol):
    def setToolTip(self, text: str, /) -> None: ...


def make_plain(label: QLabel) -> QLabel:
    """``label`` set to show its text literally, whatever it looks like."""
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def plain_label(text: str = "", parent: QWidget | None = None) -> QLabel:
    """A QLabel showing ``text`` literally."""
    label = make_plain(QLabel(parent))
    label.setText(text)
    return label


def tooltip(text: str) -> str:
    """``text`` as a tooltip that shows it literally.

    Text Qt would read as plain stays as it is; text it would read as HTML is
    escaped inside ``<qt>`` (line breaks kept), so the tags show as typed.
    """
    if not GuiQt.mightBeRichText(text):
        return text
    lines = [html.escape(line, quote=False) for line in text.split("\n")]
    return "<qt>" + "<br>".join(lines) + "</qt>"


def set_tooltip(target: _HasToolTip, text: str) -> None:
    """Give a widget, an action or an item view cell a tooltip that shows ``text`` literally."""
    target.setToolTip(tooltip(text))


def plain_message_box(
    parent: QWidget | None, icon: QMessageBox.Icon, title: str, text: str
) -> QMessageBox:
    """A message box that shows ``text`` literally (names, file names, loader messages)."""
    box = QMessageBox(parent)
    box.setIcon(icon)
    box.setWindowTitle(title)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(text)
    return box


def add_plain_row(form: QFormLayout, label: str, field: QWidget) -> QLabel:
    """``form.addRow(label, field)`` with a plain-text label; returns the label."""
    shown = plain_label(label)
    form.addRow(shown, field)
    return shown


def title_text(text: str) -> str:
    """User text for a window title: a literal ``[*]`` (Qt's "modified" placeholder) kept."""
    return text.replace("[*]", "[*][*]")


def menu_text(text: str) -> str:
    """User text for a menu entry or a button: '&' shown literally, not as a shortcut marker."""
    return text.replace("&", "&&")


def shown_text(text: str) -> str:
    """A menu entry's text as the GM reads it (the inverse of :func:`menu_text`):
    shortcut markers dropped, ``&&`` a literal '&' ("&Ruler" -> "Ruler")."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")

"""The token palette: add tokens from pictures or plain discs, copy, delete, hide; edit sides."""

from tactical.app.tokens.palette.install import install_palette

__all__ = ["install_palette"]

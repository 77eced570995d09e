"""Background pictures in the main window: set, align, fade, and new maps from pictures."""

from tactical.app.backgrounds.install import BackgroundTools, install_backgrounds

__all__ = ["BackgroundTools", "install_backgrounds"]

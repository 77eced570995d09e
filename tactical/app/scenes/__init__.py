"""Scenes: the evening's maps listed in a dock, added, renamed, reordered, deleted and opened."""

from tactical.app.scenes.install import Scenes, install_scenes

__all__ = ["Scenes", "install_scenes"]

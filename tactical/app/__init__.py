"""The Qt application: the only layer that imports PySide6."""

"""Map editing in the app: terrain and elevation brushes, walls and doors, areas, new maps."""

from tactical.app.editing.install import MapEditing, install_edit_tools

__all__ = ["MapEditing", "install_edit_tools"]

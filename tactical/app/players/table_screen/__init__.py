"""The table screen: the player view as a battle mat on a TV (scale, frame, curtains, touch)."""

from tactical.app.players.table_screen.install import TableScreen, install_table_screen

__all__ = ["TableScreen", "install_table_screen"]

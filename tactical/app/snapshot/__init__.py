"""Printable snapshots of the fight: PDF and PNG pages of the map and the combatants.

``content`` (Qt-free) decides what a page says and filters the players'
version; ``render`` lays it out with QPainter; ``dialog`` is the File menu's
export. Importing this package loads no Qt: import the submodules.
"""

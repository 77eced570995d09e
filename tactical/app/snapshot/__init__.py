"""Printable snapshots of the fight: PDF and PNG pages of the map and the combatants.

``content`` (Qt-free) decides what a page says and filters the players'
version; ``players_scene`` draws the players' map from their copy of the
encounter (:mod:`tactical.share.players_copy`); ``page_layout`` places it on
pages, with ``table``, ``legend``, ``map_drawing`` and ``typeset`` for the
parts; ``render`` writes the files;
``dialog`` is the File menu's export. Importing this package loads no Qt:
import the submodules.
"""

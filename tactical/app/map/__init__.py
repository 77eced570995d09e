"""The GM's map: the graphics view and its gestures, the thin Qt tools over the Qt-free
``interaction`` state machines, scene geometry, the elevation legend drawn over a map, and
``scene`` (what the map shows: layers, token items, overlays, colours).
"""

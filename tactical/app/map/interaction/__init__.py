"""Mouse interaction as Qt-free state machines (drag, ruler, templates, cover).

They take :class:`~tactical.app.map.interaction.events.Pointer` events in scene
coordinates and return what to show and which core command to push; the thin
Qt adapters in :mod:`tactical.app.map.tools` do the drawing.
"""

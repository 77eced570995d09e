"""The process around the window: the log file, the crash dialog, the cycle collector kept on the
GUI thread, libraries warmed up while the GM looks at the map. Nothing here draws the map or
edits the encounter.
"""

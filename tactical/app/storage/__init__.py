"""Files on disk: open, save, save as and recent files, where the dialogs start, autosave and
recovery, saving on a worker thread, import and Universal VTT export, files dropped on the
window, and reading pictures safely.
"""

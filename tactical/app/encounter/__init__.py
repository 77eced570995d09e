"""The open encounter as the app holds it: the document every edit is pushed on, its undo history,
what the running procedure says now, the rules engine as the app calls it, and the file format's
limits as the app's inputs need them. Qt sees the model through here.
"""

"""The GM's main window and how it is put together: the window and its mixins (``window_*``),
startup, the services and action registry features are installed with, menu and toolbar places,
the tool options row, the status bar, the Help menu's pages and the small Qt helpers every part
uses (plain text, the screen's menu, the icon). A new menu, toolbar or window-wide behaviour
starts here.
"""

"""The GM's main window and how it is put together: the window and its parts (the status line,
the File, Edit and View menus, the map tools and Template row, the player view's controls, the
side docks), startup, the services and action registry features are installed with, menu and
toolbar places, the tool options row, the Help menu's pages and the small Qt helpers every part
uses (plain text, the screen's menu, the icon). A new menu, toolbar or window-wide behaviour
starts here.
"""

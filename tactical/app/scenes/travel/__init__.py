"""The evening at the table: the party's roster, moving tokens between scenes, the GM's
exits, and encounters that spring (installed as the window's ``travel`` feature)."""

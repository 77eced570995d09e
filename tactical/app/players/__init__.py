"""What the players see: the player view (a second window), its legend and fight summary, the map's
name shown or not, the hide-secrets masking, ``table_screen`` (the player view as a battle mat
on a TV) and ``phones`` (phones at the table).
"""

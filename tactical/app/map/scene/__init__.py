"""What the map shows: cached terrain layers, token items and overlays."""

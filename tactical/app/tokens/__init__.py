"""Tokens and templates edited from the window's menus, how GM-facing text names tokens, and
``palette`` (the token palette dock: add, copy, delete, edit tokens).
"""

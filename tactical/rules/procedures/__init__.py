"""One module or package per combat procedure; each registers itself on import."""

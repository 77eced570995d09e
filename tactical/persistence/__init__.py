"""File formats: versioned JSON encounters, validated by pydantic, saved atomically."""

"""Benchmarks of the rules engine: ``python -m benchmarks`` prints the table."""

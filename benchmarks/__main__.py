"""``python -m benchmarks``: run the engine benchmarks and print the table."""

from benchmarks.run import main

raise SystemExit(main())

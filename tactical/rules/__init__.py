"""The combat procedures of the five rule texts, as Qt-free state machines."""

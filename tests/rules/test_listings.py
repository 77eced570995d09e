"""The procedures are listed without importing them, and the listing says what each says."""

from __future__ import annotations

import subprocess
import sys

from tactical.rules import registry

LISTED_COLD = """
import sys
from tactical.rules.registry import listed
print([listing.title for listing in listed()])
print(sorted(m for m in sys.modules if m.startswith("tactical.rules.procedures.")))
"""


def test_every_listing_is_what_its_procedure_says_in_the_order_available_gives() -> None:
    listings = registry.listed()
    assert [listing.id for listing in listings] == registry.available()
    for listing in listings:
        assert listing == registry.Listing.of(registry.get(listing.id))
    assert {listing.id for listing in registry.LISTINGS} == set(registry.available())


def test_the_procedures_are_listed_without_importing_one() -> None:
    done = subprocess.run(
        [sys.executable, "-c", LISTED_COLD], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    titles, imported = done.stdout.strip().splitlines()
    assert titles == str(
        ["Approximated Fray", "Thrum", "Game Judge phases", "Two-second turns", "Side initiative"]
    )
    assert imported == "[]"


def test_a_procedure_without_a_listing_is_imported_and_listed(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(registry, "LISTINGS", registry.LISTINGS[1:])
    titles = [listing.title for listing in registry.listed()]
    assert titles[0] == "Approximated Fray"  # read from its class
    assert registry.listed()[0] == registry.Listing.of(registry.get("approximated-fray"))

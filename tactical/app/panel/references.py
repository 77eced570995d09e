"""Rule-text references ("(001 line 22)") kept out of the panel's lines and shown on hover.

The procedures cite the seed text a note comes from, which is right for the
GM who checks a ruling but clutters the line read at the table. The panel
shows each line without its references and gives the lines with them as the
label's tooltip.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

REFERENCE = re.compile(r"\s*\(\d{3} lines? [0-9][0-9\-\u2013]*(?: (?:to|and) [0-9]+)?\)")
"""`(001 line 22)`, `(004 lines 125-133)`, `(003 lines 35 to 47)`, `(003 lines 15 and 17)`."""


def without_references(text: str) -> str:
    """``text`` as the panel shows it: every rule-text reference taken out."""
    return REFERENCE.sub("", text)


def references_tooltip(lines: Sequence[str]) -> str:
    """The lines that cite the rule text, whole, one a line (empty when none does)."""
    return "\n".join(line for line in lines if REFERENCE.search(line))

"""What a screen the players can read may say: hidden tokens' names and secrets left out.

Qt-free, shared by the players' snapshot (:mod:`tactical.app.snapshot.content`),
the GM window's "Hide secrets on this screen" mode (the combat panel) and the
phones' links (:mod:`tactical.share.view`: there a character's link also hides
the tokens that character cannot see now).

A text names a hidden token when it holds the token's name or id as a whole
word (:func:`hidden_words`): ``Bandit Captain`` is not blanked for a hidden
``cap``. A hidden token named like a shown one also masks the shown one's
mentions, which errs on the safe side.

How :class:`Secrets` masks (the choices of the hide-secrets mode):

* rows of hidden tokens are left out; a secret declaration reads ``face down``;
  any other cell that names a hidden token is blank;
* an instruction, a note or a message naming a hidden token is replaced whole
  by a neutral line (it may tell the hidden token's secret card or target);
* an action label or hint keeps its wording with each hidden name replaced by
  ``hidden combatant`` (numbered when several are hidden), so the GM can still
  act for it: the labels are the procedures' fixed wordings around a name;
* an action bound to a hidden token is bound to no one (its row is gone, so it
  is listed with the unbound actions).

That a hidden combatant exists is not a secret here: the GM has one to run.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from tactical.core.encounter import Encounter
from tactical.core.fog_queries import hidden_from_players
from tactical.core.tokens import Token
from tactical.rules import Action, Combatant, PanelView

HIDDEN_ACTS = "A hidden combatant acts: turn off Hide secrets to see it."
"""The instruction when it names a hidden token."""
HIDDEN_NOTE = "A note about a hidden combatant: turn off Hide secrets to see it."
HIDDEN_MESSAGE = "Done for a hidden combatant: turn off Hide secrets to see it."
FACE_DOWN = "face down"
"""What a secret declaration reads as."""
SECRET_ROLL = "secret roll"
HIDDEN_COMBATANT = "hidden combatant"


def hidden_words(tokens: Iterable[Token]) -> re.Pattern[str] | None:
    """A pattern matching a hidden token's name or id as a whole word, or None."""
    return _words_pattern(frozenset(w for t in tokens if t.hidden for w in (t.name, t.id)))


@functools.lru_cache(maxsize=64)
def _words_pattern(names: frozenset[str]) -> re.Pattern[str] | None:
    """A pattern matching any of ``names`` (blank ones left out) as a whole word, or None.
    Kept for the next screen that hides the same tokens (each phone page asks it anew)."""
    words = sorted((w for w in names if w.strip()), key=len)
    if not words:
        return None
    alternatives = "|".join(re.escape(w) for w in reversed(words))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")


class Secrets:
    """The hidden tokens of one encounter, and how texts that name them are masked."""

    def __init__(self, encounter: Encounter, unseen: frozenset[str] | None = None) -> None:
        if unseen is None:
            unseen = hidden_from_players(encounter)  # marked hidden, or standing in fog
        hidden = [t for t in encounter.tokens.values() if t.id in unseen]
        self.hidden_ids = frozenset(t.id for t in hidden)
        self.pattern = _words_pattern(frozenset(w for t in hidden for w in (t.name, t.id)))
        self.aliases: dict[str, str] = {}
        """A hidden token's name or id -> what stands for it in a label."""
        for number, token in enumerate(hidden, start=1):
            alias = HIDDEN_COMBATANT if len(hidden) == 1 else f"{HIDDEN_COMBATANT} {number}"
            for word in (token.name, token.id):
                self.aliases.setdefault(word, alias)

    def names_hidden(self, text: str) -> bool:
        return bool(text) and self.pattern is not None and self.pattern.search(text) is not None

    def clean(self, text: str, neutral: str = "") -> str:
        """``text``, or ``neutral`` when it names a hidden token."""
        return neutral if self.names_hidden(text) else text

    def alias(self, token_id: str, name: str) -> str:
        """How a token is called on the screen: its name, or ``Hidden combatant`` when hidden."""
        if token_id in self.hidden_ids:
            alias = self.aliases.get(token_id, HIDDEN_COMBATANT)
            return alias[:1].upper() + alias[1:]
        return name

    def relabel(self, text: str) -> str:
        """Each hidden name in ``text`` replaced by its alias (capitalised at the start)."""
        if self.pattern is None or not text:
            return text

        def sub(match: re.Match[str]) -> str:
            alias = self.aliases.get(match.group(0), HIDDEN_COMBATANT)
            return alias[:1].upper() + alias[1:] if match.start() == 0 else alias

        return self.pattern.sub(sub, text)

    # -- the combat panel ---------------------------------------------------------

    def combatant(self, combatant: Combatant) -> Combatant:
        """A shown combatant's row: its secret face down, cells naming hidden tokens blank."""
        return replace(
            combatant,
            order=self.clean(combatant.order),
            figures={key: self.clean(value) for key, value in combatant.figures.items()},
            secret=FACE_DOWN if combatant.secret else "",
            revealed=self.clean(combatant.revealed),
        )

    def combatants(self, rows: Iterable[Combatant]) -> list[Combatant]:
        return [self.combatant(row) for row in rows if row.token_id not in self.hidden_ids]

    def view(self, view: PanelView) -> PanelView:
        """``view`` as the table may read it (``acting`` and the targets are left alone)."""
        notes: list[str] = []
        for note in view.notes:
            cleaned = self.clean(note, HIDDEN_NOTE)
            if cleaned not in notes:
                notes.append(cleaned)
        return replace(
            view,
            steps=tuple(replace(s, title=self.relabel(s.title)) for s in view.steps),
            instruction=self.clean(view.instruction, HIDDEN_ACTS),
            combatants=tuple(self.combatants(view.combatants)),
            notes=tuple(notes),
        )

    def action(self, action: Action) -> Action:
        """Same id and params (it still works), a label and hint without hidden names."""
        hidden_owner = action.token_id in self.hidden_ids
        if not hidden_owner and not self.names_hidden(action.label + "\n" + action.hint):
            return action
        return replace(
            action,
            label=self.relabel(action.label),
            hint=self.relabel(action.hint),
            token_id=None if hidden_owner else action.token_id,
        )

    def actions(self, actions: Sequence[Action]) -> list[Action]:
        return [self.action(a) for a in actions]

"""What a printed snapshot says, as plain data: title lines, the combatants' table, legend.

Qt-free on purpose: this is where the players' version is filtered, so the
filtering is tested without a window. The renderer only lays out what it gets.
What the players may read is the players' projection's answer
(:func:`tactical.share.players.players_view`), as on the TV and the phones.

The players' version (``mode="players"``) holds what the player view and the
public tracker show and nothing more:

* no hidden token: neither its row, nor its side when no shown token is on it;
* no ``Combatant.secret``, no GM instruction, no GM notes;
* the map's name as its title only when the GM shows it to the players, else
  ``Players' view``; no file name in its footer (the GM's too); a step title
  naming a hidden token names a ``hidden combatant`` instead;
* a cell (order, figure, status, declaration) that names a hidden token, by its
  name or its id as a whole word, is left blank: a procedure may write one
  (``Charge on Ambusher``), and a blank cell tells the players nothing.
  Matching whole words avoids blanking ``Bandit Captain`` for a hidden ``cap``;
  a hidden token named like a shown one does blank the shown one's mentions,
  which errs on the safe side.

The GM's version (``mode="gm"``) shows everything: hidden tokens marked
``(hidden)``, secret declarations marked ``(secret)``, the instruction and notes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from tactical.app.tokens import token_names
from tactical.core.commands.base import Command
from tactical.core.encounter import Encounter
from tactical.core.fog_queries import fogged_token_ids, legend_contents
from tactical.core.tokens import Figure, Token
from tactical.rules import Combatant, PanelView, ProcedureController
from tactical.rules.registry import tracked_figures
from tactical.share.players import players_view

Mode = Literal["players", "gm"]
MODE_LABELS: dict[Mode, str] = {"players": "players' view", "gm": "GM's view"}

ACTING_MARK = "\N{BLACK RIGHT-POINTING TRIANGLE} "
"""Before the name of whoever acts now (as in the combat panel)."""
SECRET_MARK = "(secret) "
HIDDEN_MARK = token_names.HIDDEN_MARK
IN_FOG_MARK = token_names.IN_FOG_MARK
"""After a token the players do not see because it stands in fog (GM's version)."""


@dataclass(frozen=True)
class Column:
    key: str
    """``name``, ``side``, ``order``, ``declared``, ``where``, ``statuses`` or ``figure:<key>``."""
    label: str


@dataclass(frozen=True)
class Row:
    """One combatant (or token) of the table, its cells in the columns' order."""

    cells: tuple[str, ...]
    side_colour: str = ""
    acting: bool = False
    done: bool = False
    out: bool = False
    hidden: bool = False
    """Only ever true in the GM's version."""


@dataclass(frozen=True)
class SnapshotContent:
    """Everything a snapshot page prints besides the map itself."""

    mode: Mode
    title: str
    subtitle: str
    lines: tuple[str, ...]
    """Under the subtitle: who acts now, the fight's end; the GM's instruction and notes."""
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    elevations: tuple[int, ...]
    """The elevations on a grid map, lowest first (empty for an area map)."""
    terrain: tuple[str, ...]
    """``difficult`` and/or ``impassable`` when the grid has such squares."""
    sides: tuple[tuple[str, str], ...]
    """(name, colour) of the sides with a shown token."""
    footer: str

    def texts(self) -> list[str]:
        """Every text the page prints apart from the map (tests look for secrets in it)."""
        texts = [self.title, self.subtitle, *self.lines, self.footer]
        texts += [c.label for c in self.columns]
        texts += [cell for row in self.rows for cell in row.cells]
        texts += [name for name, _colour in self.sides]
        return [t for t in texts if t]


def _ignore(_command: Command) -> None:
    raise RuntimeError("a snapshot only reads the procedure")


def panel_view(encounter: Encounter) -> PanelView | None:
    """The active procedure's view, or None without one or when its state does not load."""
    if not encounter.procedure:
        return None
    try:
        return ProcedureController(encounter, _ignore).view()
    except Exception:  # the GM's panel reports the problem; a snapshot prints the tokens
        return None


def figure_text(value: Figure) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def statuses_text(statuses: dict[str, int]) -> str:
    """``prone, bleeding 2``: one stack is shown by the name alone (as in the panel)."""
    return ", ".join(
        name if stacks == 1 else f"{name} {stacks}" for name, stacks in statuses.items()
    )


def round_text(view: PanelView) -> str:
    """``Round 3``, or nothing before the first round."""
    return view.round_text()


def current_step(view: PanelView) -> str:
    """The current step the header names: not the round a second time (PanelView.current_title)."""
    return view.current_title(view.round_text())


def where(encounter: Encounter, token: Token) -> str:
    """A token's place as the GM reads it: ``12, 7`` on a grid, the area's name on areas."""
    if isinstance(token.position, tuple):
        return f"{token.position[0]}, {token.position[1]}"
    area_map = encounter.area_map
    if token.position is not None and area_map is not None:
        area = area_map.areas.get(token.position)
        return area.name or area.id if area is not None else token.position
    return "off the map"


class _Builder:
    def __init__(self, encounter: Encounter, mode: Mode) -> None:
        self.encounter = encounter
        self.mode = mode
        self.gm = mode == "gm"
        self.players = players_view(encounter)
        self.unseen = self.players.unseen
        """Marked hidden or standing in fog: the players' version shows none of them."""
        self.in_fog = fogged_token_ids(encounter)

    def shown(self, token: Token | None) -> bool:
        return token is not None and (self.gm or token.id not in self.unseen)

    def clean(self, text: str) -> str:
        """``text`` if the players may read it; blank when it names a hidden token."""
        return text if self.gm else self.players.secrets.clean(text)

    def name(self, token: Token | None, name: str, acting: bool) -> str:
        text = ACTING_MARK + name if acting else name
        if self.gm and token is not None and token.hidden:
            text += HIDDEN_MARK
        elif self.gm and token is not None and token.id in self.in_fog:
            text += IN_FOG_MARK
        return text

    def side(self, side_id: str) -> tuple[str, str]:
        side = self.encounter.sides.get(side_id)
        return (side.name, side.color) if side is not None else (side_id, "#808080")

    # -- with a procedure ----------------------------------------------------

    def procedure_table(
        self, view: PanelView, figure_labels: dict[str, str]
    ) -> tuple[list[Column], list[Row]]:
        rows = [c for c in view.combatants if self.shown(self.encounter.tokens.get(c.token_id))]
        labels = dict(figure_labels)
        for combatant in rows:
            for key in combatant.figures:
                labels.setdefault(key, key.replace("_", " ").capitalize())
        declared = [self.declared(c) for c in rows]
        columns = [Column("name", "Name"), Column("side", "Side")]
        if any(c.order for c in rows):
            columns.append(Column("order", "Order"))
        if any(declared):
            columns.append(Column("declared", "Declared"))
        columns += [Column(f"figure:{key}", label) for key, label in labels.items()]
        columns.append(Column("statuses", "Statuses"))
        table = []
        for combatant, declaration in zip(rows, declared, strict=True):
            token = self.encounter.tokens.get(combatant.token_id)
            cells = []
            for column in columns:
                cells.append(self.procedure_cell(combatant, token, column.key, declaration))
            table.append(
                Row(
                    tuple(cells),
                    self.side(combatant.side)[1],
                    combatant.acting,
                    combatant.done,
                    combatant.out,
                    bool(token is not None and token.id in self.unseen),
                )
            )
        return columns, table

    def declared(self, combatant: Combatant) -> str:
        if self.gm and combatant.secret:
            return SECRET_MARK + combatant.secret
        return self.clean(combatant.revealed)

    def procedure_cell(
        self, combatant: Combatant, token: Token | None, key: str, declaration: str
    ) -> str:
        if key == "name":
            return self.name(token, combatant.name, combatant.acting)
        if key == "side":
            return self.side(combatant.side)[0]
        if key == "order":
            return self.clean(combatant.order)
        if key == "declared":
            return declaration
        if key == "statuses":
            return self.clean(statuses_text(combatant.statuses))
        figure = key.removeprefix("figure:")
        if figure in combatant.figures:
            return self.clean(combatant.figures[figure])
        raw = token.figures.get(figure) if token is not None else None
        return self.clean(figure_text(raw))

    # -- without one -----------------------------------------------------------

    def token_table(self) -> tuple[list[Column], list[Row]]:
        columns = [
            Column("name", "Name"),
            Column("side", "Side"),
            Column("where", "Where"),
            Column("statuses", "Statuses"),
        ]
        rows = []
        side_ids = list(self.encounter.sides)
        side_ids += [t.side for t in self.encounter.tokens.values() if t.side not in side_ids]
        for side_id in dict.fromkeys(side_ids):
            for token in self.encounter.tokens.values():
                if token.side != side_id or not self.shown(token):
                    continue
                side_name, colour = self.side(side_id)
                cells = (
                    self.name(token, token.name, False),
                    side_name,
                    where(self.encounter, token),
                    self.clean(statuses_text(token.statuses)),
                )
                rows.append(Row(cells, colour, hidden=token.id in self.unseen))
        return columns, rows

    # -- the page ----------------------------------------------------------------

    def heading(self, view: PanelView | None) -> tuple[str, list[str]]:
        if view is None:
            return "Tokens by side (no combat procedure running)", []
        step = current_step(view)
        if not self.gm:  # a step naming a token the players may not see names an alias
            step = self.players.secrets.relabel(step)
        parts = [part for part in (view.title, round_text(view), step) if part]
        lines = []
        if view.ended:
            lines.append("The fight is over")
        else:
            in_order = [c.token_id for c in view.combatants if c.token_id in view.acting]
            in_order += sorted(view.acting - set(in_order))
            acting = [
                self.name(token, token.name, False)
                for token_id in in_order
                if (token := self.encounter.tokens.get(token_id)) is not None and self.shown(token)
            ]
            if acting:
                lines.append("Now: " + ", ".join(acting))
        if self.gm:
            if view.instruction:
                lines.append("GM: " + view.instruction)
            lines += [f"Note: {note}" for note in view.notes]
        return " \N{MIDDLE DOT} ".join(parts), lines

    def legend(self) -> tuple[tuple[int, ...], tuple[str, ...]]:
        return legend_contents(self.encounter, players=not self.gm)

    def sides(self, rows_side_ids: Iterable[str]) -> tuple[tuple[str, str], ...]:
        shown = set(rows_side_ids)
        return tuple(
            (side.name, side.color) for side in self.encounter.sides.values() if side.id in shown
        )


def build_content(
    encounter: Encounter,
    view: PanelView | None,
    mode: Mode = "players",
    *,
    figure_labels: dict[str, str] | None = None,
    file_name: str = "",
    when: datetime | None = None,
) -> SnapshotContent:
    """The snapshot of ``encounter`` at ``view`` (None: no procedure) for ``mode``'s readers.

    ``figure_labels`` default to the active procedure's; ``file_name`` and
    ``when`` (default: now) make the footer.
    """
    builder = _Builder(encounter, mode)
    if view is not None:
        labels = (
            tracked_figures(encounter.procedure, printed=True)
            if figure_labels is None
            else figure_labels
        )
        columns, rows = builder.procedure_table(view, labels)
    else:
        columns, rows = builder.token_table()
    subtitle, lines = builder.heading(view)
    elevations, terrain = builder.legend()
    shown_sides = [t.side for t in encounter.tokens.values() if builder.shown(t)]
    stamp = (when or datetime.now()).strftime("%Y-%m-%d %H:%M")
    footer_parts: tuple[str, ...]
    if mode == "gm":
        title = encounter.name or file_name or "Untitled encounter"
        footer_parts = (file_name or "Untitled", stamp, MODE_LABELS[mode])
    else:  # the map's name and the file's are the GM's: only what the GM shows
        title = builder.players.heading
        footer_parts = (stamp, MODE_LABELS[mode])
    footer = " \N{MIDDLE DOT} ".join(part for part in footer_parts if part)
    return SnapshotContent(
        mode=mode,
        title=title,
        subtitle=subtitle,
        lines=tuple(lines),
        columns=tuple(columns),
        rows=tuple(rows),
        elevations=elevations,
        terrain=terrain,
        sides=builder.sides(shown_sides),
        footer=footer,
    )

"""The warband builder screen (``tactica build``).

Left: the catalogue, filtered by faction (the warband's, WB-1), alignment,
most cost and a keyword; middle: the stat card under the cursor; right:
the warband with its limits (points, creatures, costliest creature) and
every problem the engine's ``check_warband`` finds (WB-1..7), updated on
every change.  Keys: ``a``/Enter add the highlighted card, ``d``/Delete
remove (the highlighted creature of the warband, or a copy of the
highlighted card), ``ctrl+s`` save, ``ctrl+b`` save and start a battle
(after asking who plays the other side: the AI by default, as ``tactica
play``), Escape leave (after asking, when the warband has changes not
saved).  The card preview follows the focused table only, so ``a`` keeps
showing the card just added.  The screen dismisses with a ``BuildResult``.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Label, Select

from tactica.content.draft import DEFAULT_NAME, POINT_LIMITS, WarbandDraft, filter_cards, save_draft
from tactica.engine import ALIGNMENTS, FACTIONS, CreatureCard

from ..widgets.card_view import CardView
from ..widgets.warband_limits import Limits, WarbandLimits
from .choice import ChoiceModal

#: ``ctrl+b``'s question: who plays the other side, and the ``BuildResult.opponent`` of each answer
#: (an AI level of ``tactica.ai.bots.LEVELS``, or "human" for hot-seat).  The first is the default,
#: the same as ``tactica play``'s.
OPPONENTS: tuple[tuple[str, str], ...] = (
    ("The AI (normal) — as tactica play", "normal"),
    ("The AI (greedy: easier)", "greedy"),
    ("The AI (hard)", "hard"),
    ("A second player at this keyboard (hot-seat)", "human"),
)


@dataclass(frozen=True)
class BuildResult:
    """How the builder ended.

    Attributes:
        saved: the last file saved (None if nothing was saved).
        battle: the player asked to start a battle with it.
        opponent: who plays the other side of that battle: an AI level ("normal", "greedy",
            "hard") or "human" (hot-seat); the AI's "normal" unless the player chose.
    """

    saved: Path | None = None
    battle: bool = False
    opponent: str = "normal"


class BuilderScreen(Screen[BuildResult]):
    """Build a warband from the catalogue with the limits shown live.

    Args:
        catalogue: card id -> card.
        draft: the warband to start from (a new one, or ``--edit``'s).
        save_path: the file to save to (``--edit``); None saves in the
            user's data folder (``content.draft.user_warband_dir``).
        other_side: what ``ctrl+b``'s question says the other side plays, given the point limit
            and faction (e.g. "the shipped warband Iron Vanguard on Crossroads Ruin"), or None.
    """

    DEFAULT_CSS = """
    BuilderScreen #top { height: 3; }
    BuilderScreen #top Label { padding: 1 1 0 1; }
    BuilderScreen #name { width: 1fr; }
    BuilderScreen #points { width: 16; }
    BuilderScreen #faction { width: 22; }
    BuilderScreen #filters { height: 3; }
    BuilderScreen #alignment { width: 21; }
    BuilderScreen #max-cost { width: 12; }
    BuilderScreen #keyword { width: 1fr; }
    BuilderScreen #catalogue-pane { width: 1fr; }
    BuilderScreen CardView { width: 36; }
    BuilderScreen #warband-pane { width: 38; border: round $secondary; }
    BuilderScreen #roster { height: 1fr; }
    """

    BINDINGS = [
        Binding("a", "add", "Add"),
        Binding("d,delete", "remove", "Remove"),
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("ctrl+b", "battle", "Save & battle", priority=True),
        Binding("escape", "leave", "Leave"),
    ]

    def __init__(self, catalogue: dict[str, CreatureCard], draft: WarbandDraft | None = None,
                 save_path: Path | None = None, other_side=None) -> None:
        super().__init__()
        self.catalogue = catalogue
        self.draft = draft or WarbandDraft()
        self.save_path = save_path
        self.other_side = other_side
        self.saved: Path | None = None
        self.shown: list[CreatureCard] = []
        #: The draft as last saved (or as given): Esc asks first when it differs.
        self.kept = self.fingerprint()

    def fingerprint(self) -> tuple:
        """The draft's name, faction, point limit and card ids: what saving would write."""
        d = self.draft
        return (d.name, d.faction, d.points, tuple(c.id for c in d.cards))

    def unsaved(self) -> bool:
        """The warband has changes that were not saved (a new, empty one has none)."""
        return self.fingerprint() != self.kept and (bool(self.draft.cards) or self.saved is not None
                                                    or self.save_path is not None)

    def compose(self) -> ComposeResult:
        """Name, point limit and faction on top; catalogue, card and warband below."""
        d = self.draft
        with Horizontal(id="top"):
            yield Label("Warband")
            # the default name is a placeholder: typing a name replaces it instead of appending
            yield Input("" if d.name == DEFAULT_NAME else d.name, placeholder=f"{DEFAULT_NAME} (type a name)",
                        id="name")
            yield Select([(f"{p} pts", p) for p in POINT_LIMITS], value=d.points, allow_blank=False,
                         id="points")
            yield Select([(f, f) for f in FACTIONS], value=d.faction, allow_blank=False, id="faction")
        with Horizontal():
            with Vertical(id="catalogue-pane"):
                with Horizontal(id="filters"):
                    yield Select([("any alignment", "")] + [(a, a) for a in ALIGNMENTS], value="",
                                 allow_blank=False, id="alignment")
                    yield Input(placeholder="max pts", type="integer", id="max-cost")
                    yield Input(placeholder="keyword or name", id="keyword")
                yield DataTable(id="catalogue", cursor_type="row", zebra_stripes=True)
            yield CardView()
            with Vertical(id="warband-pane"):
                yield WarbandLimits()
                yield DataTable(id="roster", cursor_type="row")
        yield Footer()

    def on_mount(self) -> None:
        """Fill the tables and put the focus on the catalogue."""
        self.query_one("#catalogue", DataTable).add_columns("Card", "Cost", "Align", "Lv", "AC", "DEF",
                                                            "Spd", "HP", "Keywords")
        self.query_one("#roster", DataTable).add_columns("Creature", "Cost")
        self.refresh_catalogue()
        self.refresh_warband()
        self.query_one("#catalogue", DataTable).focus()

    # -- catalogue ------------------------------------------------------------------
    def filters(self) -> dict:
        """The catalogue filters as ``filter_cards`` keywords."""
        alignment = self.query_one("#alignment", Select).value
        cost_text = self.query_one("#max-cost", Input).value.strip()
        return {"faction": self.draft.faction, "alignment": alignment or None,
                "max_cost": int(cost_text) if cost_text.lstrip("-").isdigit() else None,
                "keyword": self.query_one("#keyword", Input).value}

    def refresh_catalogue(self) -> None:
        """Refill the catalogue table from the filters."""
        table = self.query_one("#catalogue", DataTable)
        self.shown = filter_cards(self.catalogue, **self.filters())
        table.clear()
        for card in self.shown:
            table.add_row(card.name, str(card.cost), card.alignment[0], str(card.level), str(card.ac),
                          str(card.defense), str(card.speed), str(card.hp), ", ".join(card.keywords),
                          key=card.id)
        self.query_one(CardView).card = self.shown[0] if self.shown else None

    def highlighted_card(self) -> CreatureCard | None:
        """The catalogue card under the cursor."""
        row = self.query_one("#catalogue", DataTable).cursor_row
        return self.shown[row] if 0 <= row < len(self.shown) else None

    # -- warband --------------------------------------------------------------------
    def refresh_warband(self) -> None:
        """Redraw the roster and the limits (the engine's check_warband decides legality)."""
        roster = self.query_one("#roster", DataTable)
        row = roster.cursor_row
        roster.clear()
        for i, card in enumerate(self.draft.cards):
            roster.add_row(card.name, str(card.cost), key=str(i))
        if self.draft.cards:
            roster.move_cursor(row=min(max(row, 0), len(self.draft.cards) - 1))
        self.query_one(WarbandLimits).limits = Limits.of(self.draft)

    def action_add(self) -> None:
        """Add the highlighted catalogue card to the warband."""
        card = self.highlighted_card()
        if card is not None:
            self.draft.add(card)
            self.refresh_warband()

    def action_remove(self) -> None:
        """Remove the highlighted creature (roster focused) or a copy of the highlighted card."""
        roster = self.query_one("#roster", DataTable)
        if roster.has_focus:
            self.draft.remove(roster.cursor_row)
        else:
            card = self.highlighted_card()
            ids = [c.id for c in self.draft.cards]
            if card is None or card.id not in ids:
                return
            self.draft.remove(len(ids) - 1 - ids[::-1].index(card.id))
        self.refresh_warband()

    def save(self) -> Path | None:
        """Save the draft (if legal); notifies the path or the reason it was not saved."""
        try:
            path = save_draft(self.draft, self.save_path)
        except (ValueError, OSError) as err:
            self.notify(f"Not saved: {err}", severity="error")
            return None
        self.saved = path
        self.kept = self.fingerprint()
        self.notify(f"Saved {path}")
        return path

    def action_save(self) -> None:
        """Save the warband."""
        self.save()

    def action_battle(self) -> None:
        """Save, then ask who plays the other side (the AI by default; Esc stays in the builder)
        and leave the builder to start that battle with the warband."""
        if self.save() is None:
            return
        other = self.other_side(self.draft.points, self.draft.faction) if self.other_side else None
        body = (f"{self.draft.name} ({self.draft.points} points) against {other}." if other else
                f"{self.draft.name} against a shipped warband of {self.draft.points} points.")

        def chosen(index: int | None) -> None:
            if index is not None and index < len(OPPONENTS):
                self.dismiss(BuildResult(self.saved, battle=True, opponent=OPPONENTS[index][1]))

        self.app.push_screen(ChoiceModal("Who plays the other side?", body,
                                         [o[0] for o in OPPONENTS] + ["Back to the builder"],
                                         escape=len(OPPONENTS)), chosen)

    def action_leave(self) -> None:
        """Leave the builder (what was saved stays saved); with changes not saved, ask first:
        stay (the default and Esc), save and leave, or leave without saving."""
        if not self.unsaved():
            self.dismiss(BuildResult(self.saved, battle=False))
            return

        def chosen(index: int | None) -> None:
            if index == 1 and self.save() is not None or index == 2:
                self.dismiss(BuildResult(self.saved, battle=False))

        self.app.push_screen(ChoiceModal(f"{self.draft.name} has changes that are not saved",
                                         "Leaving now discards them.",
                                         ["Stay in the builder", "Save and leave", "Leave without saving"],
                                         escape=0), chosen)

    # -- messages up from the widgets -----------------------------------------------
    def on_input_changed(self, event: Input.Changed) -> None:
        """The name renames the warband; the other inputs are catalogue filters."""
        if event.input.id == "name":
            self.draft.name = event.value.strip() or DEFAULT_NAME
        else:
            self.refresh_catalogue()

    def on_select_changed(self, event: Select.Changed) -> None:
        """Point limit and faction change the warband (and its limits); alignment filters."""
        if event.select.id == "points" and isinstance(event.value, int):
            self.draft.points = event.value
            self.refresh_warband()
        elif event.select.id == "faction" and isinstance(event.value, str):
            self.draft.faction = event.value
            self.refresh_catalogue()
            self.refresh_warband()
        elif event.select.id == "alignment":
            self.refresh_catalogue()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Show the card under the cursor of the focused table (the roster's redraw after ``a`` moves
        its cursor while the catalogue has the focus: the card just added stays shown)."""
        if event.data_table.id == "catalogue" and not self.query_one("#roster", DataTable).has_focus:
            self.query_one(CardView).card = self.highlighted_card()
        elif event.data_table.id == "roster" and event.data_table.has_focus \
                and 0 <= event.cursor_row < len(self.draft.cards):
            self.query_one(CardView).card = self.draft.cards[event.cursor_row]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter adds from the catalogue and removes from the warband."""
        if event.data_table.id == "catalogue":
            self.action_add()
        elif event.data_table.id == "roster":
            self.action_remove()

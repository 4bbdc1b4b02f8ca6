"""A stat card from the catalogue (CARD-1..3), for the warband builder.

Unlike ``StatCard`` (a creature in battle, with its HP and conditions) this
shows a ``CreatureCard`` as printed: cost, alignment, factions, numbers,
attack lines, keywords, champion rating and powers, card text and flavour.
The parent sets ``card``.
"""
from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from tactica.engine import CreatureCard

ALIGNMENT_STYLE = {"Good": "bold bright_cyan", "Evil": "bold bright_red", "Unaligned": "bold white"}


def card_summary(card: CreatureCard) -> Text:
    """The printed stat card of ``card`` as Rich text."""
    t = Text()
    t.append(f"{card.name}\n", style="bold reverse")
    t.append(f"{card.cost} points", style="bold")
    t.append(f" · level {card.level}")
    if card.unique:
        t.append(" · Unique", style="bold yellow")
    t.append("\n")
    t.append(card.alignment, style=ALIGNMENT_STYLE.get(card.alignment, "bold"))
    t.append(f" · {', '.join(card.factions)}\n", style="italic")
    for label, value in (("AC", card.ac), ("DEF", card.defense), ("Speed", card.speed), ("HP", card.hp)):
        t.append(f"{label} ", style="bold")
        t.append(f"{value}  ")
    t.append("\nAttacks\n", style="bold underline")
    for i, a in enumerate(card.attacks, 1):
        t.append(f"{i}", style="bold reverse")
        t.append(f" {a.name}" + (" (basic)" if a is card.basic_attack else "") + "\n", style="bold")
        dmg = a.describe_damage()  # "15+10 cold", "20 + 10 fire" (CL-6)
        t.append(f"  {'+' if a.bonus >= 0 else ''}{a.bonus} vs {a.defense.value} · {dmg} damage\n")
        extra = f"  {a.kind.value} · {a.describe_reach()}"
        if a.uses:  # CARD-4
            extra += " · " + "☐" * a.uses
        if a.recharge is not None:
            extra += f" · {a.recharge}"
        t.append(extra + "\n", style="bright_black")
    if card.keywords:
        t.append("Keywords ", style="bold")
        t.append(", ".join(card.keywords) + "\n")
    for power in card.special_powers:  # SPW-1
        t.append(f"◆ {power}\n")
    if card.champion:  # CHP-1
        t.append(f"Champion {card.champion}\n", style="bold")
        for champion_power in card.champion_powers:
            t.append(f" {champion_power}\n")
    if card.text:
        t.append(card.text + "\n", style="italic")
    if card.flavor:
        t.append(card.flavor, style="italic bright_black")
    return t


class CardView(Static):
    """Shows the stat card of the card under the catalogue's cursor."""

    DEFAULT_CSS = """
    CardView {
        padding: 0 1;
        height: 1fr;
        border: round $primary;
    }
    """

    card: reactive[CreatureCard | None] = reactive(None, layout=True)
    """The card shown; None shows a hint."""

    def render(self) -> Text:
        """The card, or a hint when there is none."""
        if self.card is None:
            return Text("Move the cursor onto a card to see it.", style="bright_black")
        return card_summary(self.card)

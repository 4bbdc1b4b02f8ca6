"""The stat card panel: everything on a creature's card and its current state (CARD-1).

The parent sets ``creature`` (and ``active_uid`` / ``actions_left``); the
card shows name and label, side, cost, factions, alignment, level, AC, DEF,
speed, an HP bar with the bloodied state (HP-2), the numbered attacks with
their numbers (CARD-3), keywords and abilities, champion rating, current
conditions and whether it has been activated this round.
"""
from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from tactica.client.describe import FATIGUE_WORDS, duration_words
from tactica.engine import (
    AURA_EFFECTS,
    ActiveEffect,
    ChainEffect,
    ConditionEffect,
    Creature,
    EscalateEffect,
    FollowUpEffect,
    ForcedMoveEffect,
    GameState,
    HealEffect,
    OngoingEffect,
    Trigger,
    activations_per_round,
    active_modules,
    attack_key,
    auras_covering,
    bloodied_threshold,
    champion_budget_left,
    creature_height,
    fatigue_of,
    move_rest,
    power_key,
    rubble_dug,
    used_count,
)

from ..sides import SIDE_BG as SIDE_STYLE


def digging(state: GameState, c: Creature) -> list[tuple[tuple[int, int], int]]:
    """The rubble squares next to ``c`` (any square of its body) that are partly dug out, with the
    feet dug so far (UG-RUBBLE: 5 clear the square; ``rubble_dug``), in row order: the digging it
    may go on with.  Empty off the map or with none."""
    if state.map is None or c.pos is None or not state.notes:
        return []
    bmap = state.battle_map
    near = {(x + dx, y + dy) for x, y in c.squares for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    found = [(sq, rubble_dug(state, sq)) for sq in near
             if bmap.in_bounds(sq) and bmap.rules_at(sq).rubble]
    return sorted(((sq, feet) for sq, feet in found if feet), key=lambda f: (f[0][1], f[0][0]))


def hp_bar(hp: int, max_hp: int, width: int = 14) -> Text:
    """A bar of ``width`` cells, full for ``max_hp``; red when bloodied (HP-2)."""
    filled = 0 if max_hp <= 0 else round(width * max(0, hp) / max_hp)
    bloodied = hp <= bloodied_threshold(max_hp)
    bar = Text("█" * filled, style="red" if bloodied else "green")
    bar.append("░" * (width - filled), style="bright_black")
    return bar


def effect_text(effect) -> str:
    """An attack effect as card text, e.g. "hit: dazed (end of next turn)", "hit: regains 5 HP"."""
    when = {Trigger.HIT: "hit", Trigger.MISS: "miss", Trigger.ALWAYS: "hit or miss",
            Trigger.CRITICAL: "critical hit", Trigger.DESTROYS: "destroys its target"}[effect.on]
    if not effect.when.always:  # CL-7: "hit, when the target is bloodied: dazed (…)"
        when += ", " + effect.when.words()
    if isinstance(effect, EscalateEffect):  # CL-7
        what = f"escalate {effect} ({effect.duration.value})"
    elif isinstance(effect, ChainEffect):  # CL-8
        line = f" with {effect.attack}" if effect.attack else ""
        most = f", at most {effect.jumps} more" if effect.jumps else ""
        what = f"chain{line} to the nearest enemy within {effect.distance} of the last hit{most}, until a miss"
    elif isinstance(effect, ConditionEffect):
        what = f"{effect.condition} ({effect.duration.value})"
    elif isinstance(effect, OngoingEffect):
        kind = f" {effect.damage_type}" if effect.damage_type else ""
        what = f"ongoing {effect.amount}{kind} damage ({effect.duration.value})"
    elif isinstance(effect, HealEffect):
        what = f"it regains {effect.amount} HP"
    elif isinstance(effect, FollowUpEffect):
        what = f"then {effect.attack}"
    elif isinstance(effect, ForcedMoveEffect):
        what = f"{effect.kind.value} {effect.distance}"  # MOV-14: "push 1", "teleport 4"
    else:  # pragma: no cover - every effect kind is listed above
        what = str(effect)
    return f"{when}: {what}"


def condition_text(e: ActiveEffect) -> str:
    """A current condition with its duration, e.g. "dazed (save ends)", "ongoing 5 fire (save ends)"."""
    if e.is_ongoing:
        kind = f" {e.damage_type}" if e.damage_type else ""
        return f"ongoing {e.amount}{kind} ({e.duration.value})"
    return f"{e.name} ({duration_words(e.name, e.duration.value)})"


def aura_lines(state: GameState, c: Creature) -> list[str]:
    """The auras covering ``c`` now, e.g. ["Gate Hymn: +2 attack (Gatehouse Hymnwarden)"]."""
    out = []
    for effect in AURA_EFFECTS:
        for aura, source in auras_covering(state, c, effect):
            out.append(f"{aura.name or 'Aura'}: {aura.describe_what()} ({source.label})")
    return out


def boxes(total: int, ticked: int) -> str:
    """Check boxes as text (CARD-4): ☒ for each ticked box, then ☐ for each one left."""
    ticked = min(total, ticked)
    return "☒" * ticked + "☐" * (total - ticked)


def hang_wrap(line: Text, width: int, indent: int) -> list[Text]:
    """``line`` (no newline) broken into lines of at most ``width`` cells at spaces, every line
    after the first indented by ``indent`` spaces (a hanging indent).  A line breaks at its last
    " · " separator that fits when it has one (the separator is dropped: "melee · adjacent" then
    "basic"), else at its last space; a word longer than a line is cut where it must be."""
    plain = line.plain
    if cell_len(plain) <= width or width <= indent + 4:
        return [line]
    out: list[Text] = []
    start = 0
    while start < len(plain):
        room = width if not out else width - indent
        if cell_len(plain[start:]) <= room:
            end = nxt = len(plain)
        else:
            space: int | None = None
            sep: int | None = None
            for i in range(start + 1, len(plain)):
                if cell_len(plain[start:i]) > room:
                    break
                if plain[i] == " " and plain[i - 1] != " ":
                    space = i
                    if plain[i - 2:i] == " ·" and i - 2 > start:
                        sep = i  # "melee · adjacent · basic": rather break at a separator
            found = sep if sep is not None else space
            if found is None:  # one word longer than the line
                end = nxt = start + max(1, room)
            else:
                end = found
                nxt = end + 1
                if plain[start:end].endswith(" ·") and end - 2 > start:
                    end -= 2
        piece = line[start:end]
        piece.rstrip()
        out.append(piece if not out else Text(" " * indent) + piece)
        start = nxt
        while start < len(plain) and plain[start] == " ":
            start += 1
    return out


def _indent_of(plain: str, first: bool, label: str) -> int:
    """The hanging indent of one card line: past the label badge on the name line, past a
    bullet ("• ", "◆ ", " •• ") or an attack number, two for a titled line, else its own
    leading spaces (an attack's details)."""
    if first:
        return len(label) + 3
    lead = len(plain) - len(plain.lstrip(" "))
    rest = plain[lead:]
    bullets = len(rest) - len(rest.lstrip("•◆"))
    if bullets:
        return lead + bullets + 1
    if lead:
        return lead
    if rest[:1].isdigit() or rest.startswith(("Keywords ", "Conditions ", "Auras on it ", "Champion ", "Fatigue ")):
        return 2
    return 0


def fit_card(t: Text, width: int, label: str) -> Text:
    """The card text ``t`` with every line longer than ``width`` cells wrapped with a hanging
    indent (``hang_wrap``, ``_indent_of``), so a continuation never starts under the line's
    title or bullet at the left edge."""
    out = Text()
    for n, line in enumerate(t.split("\n", allow_blank=True)):
        if n:
            out.append("\n")
        out.append_text(Text("\n").join(hang_wrap(line, width, _indent_of(line.plain, n == 0, label))))
    return out


def card_text(c: Creature, *, active: bool = False, move_used: bool = False,
              attack_used: bool = False, state: GameState | None = None, width: int | None = None) -> Text:
    """The stat card of ``c`` as Rich text (also used by the help and tests).

    With ``state``, the auras covering ``c`` are listed too.  With ``width`` (columns),
    long lines are wrapped to it with hanging indents (``fit_card``).
    """
    t = _card_text(c, active=active, move_used=move_used, attack_used=attack_used, state=state)
    return t if width is None else fit_card(t, width, c.label)


def _card_text(c: Creature, *, active: bool, move_used: bool, attack_used: bool,
               state: GameState | None) -> Text:
    card = c.card
    t = Text()
    t.append(f" {c.label} ", style=SIDE_STYLE[c.player])
    t.append(f" {card.name}\n", style="bold")
    t.append(f"Player {c.player + 1} · {card.cost} pts · Lv {card.level}\n")
    t.append(f"{card.alignment} · {', '.join(card.factions)}\n", style="italic")
    if card.size > 1:  # MOV-13: Large 2×2, Huge 3×3
        t.append(f"{'Large' if card.size == 2 else 'Huge'} ({card.size}×{card.size} squares)\n", style="bold")
    t.append("AC ", style="bold")
    t.append(f"{card.ac}  ")
    t.append("DEF ", style="bold")
    t.append(f"{card.defense}  ")
    t.append("Speed ", style="bold")
    t.append(f"{card.speed}\n")
    t.append("HP ", style="bold")
    t.append_text(hp_bar(c.hp, card.hp))
    t.append(f" {c.hp}/{card.hp}")
    if c.destroyed:
        t.append("\nDESTROYED", style="bold red")
    elif c.bloodied:
        t.append("\nBLOODIED", style="bold red")
        t.append(f" (at or below {bloodied_threshold(card.hp)})", style="red")
    if state is not None and state.map is not None and c.alive and "underground" in active_modules(state):
        # UG-FATIGUE and UG-LOW under the HP, where the card's first rows show it at 80×24 (nm-ug 9: at
        # the card's end its value fell below the panel)
        tired = fatigue_of(state, c)  # in words (not colour alone)
        t.append("\nFatigue ", style="bold")
        t.append("fresh" if tired == "fresh" else f"{tired.upper()}: {FATIGUE_WORDS[tired]} (UG-FATIGUE)",
                 style=None if tired == "fresh" else "bold yellow")
        # beside "fresh" it fits the panel's line; after a tired creature's words, on a line of its own
        # (s20 newcomer: "Height 6 ft" broke across two lines at 80 columns)
        t.append("  Height " if tired == "fresh" else "\nHeight ", style="bold")
        t.append(f"{creature_height(c)} ft")
    t.append("\nAttacks\n", style="bold underline")
    if not card.attacks:  # CL-16
        t.append("  none: it never attacks\n", style="bright_black")
    for i, a in enumerate(card.attacks, 1):
        t.append(f"{i}", style="bold reverse")
        t.append(f" {a.name}\n", style="bold")
        dmg = a.describe_damage()  # "15+10 cold", "20 + 10 fire" (CL-6)
        t.append(f"  {'+' if a.bonus >= 0 else ''}{a.bonus} vs {a.defense.value} · "
                 f"{dmg} damage\n")
        extra = f"  {a.kind.value} · {a.describe_reach()}"
        if a is card.basic_attack:
            extra += " · basic"
        t.append(extra, style="bright_black")
        if a.uses:  # CARD-4: check boxes, ticked ones crossed
            t.append("  " + boxes(a.uses, used_count(c, attack_key(a))), style="bold yellow")
        if a.recharge is not None:
            t.append(f" {a.recharge}", style="bright_black")
        t.append("\n")
        for effect in a.effects:
            t.append(f"  {effect_text(effect)}\n", style="cyan")
    if card.keywords:
        t.append("Keywords ", style="bold")
        t.append(", ".join(card.keywords) + "\n")
    for ability in card.abilities:
        t.append(f"• {ability}\n")
    for power in card.special_powers:  # SPW-1, CARD-4
        t.append(f"◆ {power.name}", style="bold")
        if power.uses:
            t.append(" " + boxes(power.uses, used_count(c, power_key(power))), style="bold yellow")
        t.append(f"  {str(power).split(': ', 1)[1] if ': ' in str(power) else ''}\n", style="bright_black")
    for reaction in card.reactions:  # CL-10: words made from the data
        t.append(f"↺ {reaction}\n")
    for change in card.dice:  # CL-13
        t.append(f"⚄ {change}\n")
    if c.form or card.forms:  # CL-14: the form it is in, and the others it may take
        forms = (c.natural or card).forms
        if c.form:
            t.append("In form ", style="bold")
            t.append(f"{c.form}", style="bold magenta")
            t.append(" (its power changes it back)\n", style="bright_black")
        for form in forms:
            if form.name != c.form:
                t.append(f"  {form}\n", style="bright_black")
    if card.champion:  # CHP-1: the budget left this battle
        left = champion_budget_left(c)
        t.append(f"Champion {card.champion}", style="bold")
        t.append(f" · {left} of {card.champion} points left (• = 1 point)\n",
                 style="bold yellow" if left else "bright_black")
        for champion_power in card.champion_powers:
            t.append(f" {champion_power}\n", style=None if champion_power.cost <= left else "bright_black")
    if getattr(card, "text", ""):
        t.append(card.text + "\n", style="italic")
    if c.effects:
        t.append("Conditions ", style="bold")
        t.append(", ".join(condition_text(e) for e in c.effects) + "\n", style="yellow")
    if state is not None and state.geo is not None and c.alive:
        covered = aura_lines(state, c)
        if covered:
            t.append("Auras on it ", style="bold")
            t.append("; ".join(covered) + "\n", style="magenta")
    if state is not None and state.map is not None and c.alive and "underground" in active_modules(state):
        for (x, y), feet in digging(state, c):  # UG-RUBBLE: rubble beside it half dug out
            t.append("Digging ", style="bold")
            t.append(f"column {x + 1}, row {y + 1}: {feet} of 5 feet dug (g digs on, UG-RUBBLE)\n")
    if active:
        t.append("ACTIVE", style="bold black on bright_cyan")
        rest = move_rest(state) if state is not None and state.active_uid == c.uid else 0
        moving = f"{rest} square{'s' if rest != 1 else ''} left" if rest else "✗" if move_used else "✓"
        t.append(f"  move {moving}  attack {'✗' if attack_used else '✓'}")  # G5E-SPLIT: the rest of a move
    elif c.alive:
        times = activations_per_round(card) if card.abilities else 1
        if times == 0:  # CL-16: an object takes no turns
            t.append("Never activated (an object)", style="bright_black")
        elif times > 1:
            t.append(f"Activated {c.activations} of {times} times this round",
                     style="bright_black" if c.activated else "bold")
        else:
            t.append("Activated this round" if c.activated else "Not yet activated",
                     style="bright_black" if c.activated else "bold")
    return t


class StatCard(Static):
    """Shows the stat card of the selected or hovered creature."""

    DEFAULT_CSS = """
    StatCard {
        padding: 0 1;
        height: auto;
    }
    """

    creature: reactive[Creature | None] = reactive(None, layout=True)
    """The creature shown; None shows a hint."""

    active_uid: reactive[str | None] = reactive(None)
    """The active creature's uid (its card shows the actions left)."""

    actions_used: reactive[tuple[bool, bool]] = reactive((False, False))
    """(move used, attack used) of the active creature."""

    state: GameState | None = None
    """The battle, when known: the card then lists the auras covering the creature."""

    square_note: reactive[str] = reactive("", layout=True)
    """What the square under the cursor is, shown when no creature is (e.g. whose VP zone it is);
    a new note resizes the card, so a long one is never cut."""

    def render(self) -> Text:
        c = self.creature
        if c is None:
            hint = Text("Move the cursor onto a creature to see its card.", style="bright_black")
            if self.square_note:
                hint = Text(self.square_note + "\n\n") + hint
            return hint
        move_used, attack_used = self.actions_used
        return card_text(c, active=c.uid == self.active_uid, move_used=move_used, attack_used=attack_used,
                         state=self.state, width=self.size.width or None)

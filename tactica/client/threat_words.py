"""The threat view's words for the square under the cursor (no Textual here).

With the threat view on, the side panel says under the cursor's column and row who could attack that
square next turn and how, one enemy a line, the nearest danger first, each line led by the glyph the
map marks its level with (``overlay.THREAT_GLYPHS``): "! br3 attacks without moving (Heavy
Crossbow)", "! ga3 shifts to column 5, row 7, then attacks (Bow)", "? wa1 moves 4, then attacks
(Greataxe)", "' og2 moves and charges: 9 squares (Club)".
The words only say what the engine's ``threat_way`` answered.
"""
from __future__ import annotations

from tactica.engine import GameState, ThreatLevel, ThreatWay

from .overlay import REACH_GLYPH, THREAT_GLYPHS

THREAT_LINES = 3
"""Lines the side panel gives the threat view under the cursor's square (its height stays the same
from square to square, so the stat card under it does not jump)."""


def way_words(state: GameState, way: ThreatWay, width: int | None = None) -> str:
    """One enemy's way to attack a square, led by its level's glyph: "! br3 attacks without moving
    (Bow)", "! br3 shifts to column 5, row 7, then attacks (Bow)" (MOV-12: the square it shifts to, as
    the move preview names squares; s18 ux 4), "? wa1 moves 4, then attacks (Axe)" (MOV-1), "' og2 moves
    and charges: 9 squares (Club)" (CHG-1); within ``width`` characters when given, shorter forms
    ("! br3 now: Bow", "! br3 shift to col 5 row 7: Bow", "? wa1 move 4: Axe", "' og2 charge 9: Club";
    a shift's square before its attack: "! br3 shift to col 5 row 7", "! br3 shift col 5 row 7"), then
    cut short with "…"."""
    who = state.find(way.uid)
    label = who.label if who is not None else way.uid
    glyph = THREAT_GLYPHS[way.level]
    bare: list[str] = []  # forms without the attack's name (a shift's square matters more)
    if way.level is ThreatLevel.NOW and way.shift:
        if way.to is not None:
            col, row = way.to[0] + 1, way.to[1] + 1
            how, short = f"shifts to column {col}, row {row}, then attacks", f"shift to col {col} row {row}"
            bare = [f"{glyph} {label} {short}", f"{glyph} {label} shift col {col} row {row}"]
        else:
            how, short = "shifts, then attacks", "shift"
    elif way.level is ThreatLevel.NOW:
        how, short = "attacks without moving", "now"
    elif way.level is ThreatLevel.MOVE:
        how, short = f"moves {way.squares}, then attacks", f"move {way.squares}"
    else:
        how, short = f"moves and charges: {way.squares} squares", f"charge {way.squares}"
    for text in (f"{glyph} {label} {how} ({way.attack})", f"{glyph} {label} {short}: {way.attack}", *bare):
        if width is None or len(text) <= width:
            return text
    return text[:max(1, (width or 0) - 1)] + "…"


def targets_line(targets: list[str], width: int | None = None, nearest_only: bool = True) -> str:
    """The side panel's line for the viewer's own creature: the enemies it could attack
    (``ThreatView.own_targets``), led by the ``†`` the map marks an enemy's reach with (``REACH_GLYPH``): "† can
    attack now: br3, wa1" in the "now" mode (``nearest_only``), "† can attack next turn: br3" in the other
    ("† no enemy in reach now" / "… next turn" for none, "† none in reach …" where that does not fit);
    within ``width`` characters when given: "† next turn: br3, wa1" where the longer words do not fit,
    then the labels that do not fit counted ("† can attack now: br3, +2")."""
    when = "now" if nearest_only else "next turn"
    if not targets:
        for text in (f"{REACH_GLYPH} no enemy in reach {when}", f"{REACH_GLYPH} none in reach {when}",
                     f"{REACH_GLYPH} none in reach"):
            if width is None or len(text) <= width:
                break
        return text
    heads = ((f"{REACH_GLYPH} can attack {when}: ",) if nearest_only
             else (f"{REACH_GLYPH} can attack {when}: ", f"{REACH_GLYPH} {when}: "))
    text = heads[0] + ", ".join(targets)
    if width is None or len(text) <= width:
        return text
    for n in range(len(targets), -1, -1):
        for head in heads:
            text = head + ", ".join([*targets[:n], *([f"+{len(targets) - n}"] if n < len(targets) else [])])
            if len(text) <= width:
                return text
    return text[:max(1, width - 1)] + "…"


def threat_lines(state: GameState, ways: list[ThreatWay], *, nearest_only: bool, creature: bool,
                 width: int | None = None, lines: int = THREAT_LINES,
                 targets: list[str] | None = None, enemy: bool = False) -> list[str]:
    """The side panel's threat lines for the square under the cursor: at most ``lines`` lines of
    ``width`` characters (when given) naming the enemies of ``ways`` (``ThreatView.threateners``,
    nearest first), the last saying how many more there are when they do not fit, by level ("+4 more:
    1 now, 3 after a move", "+4 more: 1 now, 3 move", "+4 more: 1! 3?"); with no way, that no enemy
    could attack it ("No enemy can attack here without moving." in the "now" mode, ``nearest_only``;
    "No enemy can attack here next turn." else; "it" for the creature standing there, ``creature``;
    "✓ safe now", "✓ safe next turn" where that does not fit).  ``targets``: for the viewer's own
    creature, the enemies it could attack (now, or next turn), said first (``targets_line``; the map
    marks no ``†`` for it), the others in the lines left.  ``enemy``: the creature there is the viewer's
    enemy, whose own enemies are the viewer's creatures: none of them in reach is said so ("None of your
    creatures can attack it next turn.", "none of yours in reach now"), not as "safe" (s22 newcomer).
    Returns the lines, without line ends."""
    if targets is not None:
        return [targets_line(targets, width, nearest_only),
                *threat_lines(state, ways, nearest_only=nearest_only, creature=creature, width=width,
                              lines=lines - 1)]
    if not ways:
        when = "without moving." if nearest_only else "next turn."
        if creature and enemy:
            text = f"None of your creatures can attack it {when}"
            if width is not None and len(text) > width:
                text = f"none of yours in reach {'now' if nearest_only else 'next turn'}"
            return [text]
        where = "it" if creature else "here"
        text = f"No enemy can attack {where} {when}"
        if width is not None and len(text) > width:
            text = f"✓ safe {'now' if nearest_only else 'next turn'}"
        return [text]
    if len(ways) <= lines:
        return [way_words(state, w, width) for w in ways]
    shown, rest = ways[:lines - 1], ways[lines - 1:]
    counts = [(sum(1 for w in rest if w.level is lv), lv) for lv in ThreatLevel]
    more = ""
    for words in (("now", "after a move", "charging"), ("now", "move", "charge"), None):
        parts = [(f"{n} {words[lv - 1]}" if words else f"{n}{THREAT_GLYPHS[lv]}") for n, lv in counts if n]
        more = f"+{len(rest)} more: " + (", " if words else " ").join(parts)
        if width is None or len(more) <= width:
            break
    return [way_words(state, w, width) for w in shown] + [more]


THREAT_TOASTS = {
    "now": "Threats now: ! an enemy can attack there without moving (or after a shift); † the one under the "
           "cursor can. {key} again: next turn.",
    "all": "Threats next turn: ! without moving, ? after a move, ' after a move and a charge; † the enemy "
           "under the cursor. {key} again: off.",
    "off": "Threat view off.",
}
"""What the battle screen says as the threat view's key switches it to each mode (``ThreatView.mode``);
``{key}`` is the key it is bound to.  Each leaves the short hint room beside it in the status line's
three rows at 80 columns (s18 ux 10: "now" took them all, the hint shown as "…")."""

"""The battle screen's words that are not the log's: confirmations, the VP-zone note, Sealed warbands.

Textual-free: the battle screen (``tactica.tui.screens.battle_confirm``) asks
here which of a human's actions waits for its key again and what the warning
and the cancellation say; the stat card's note on a VP zone and the log's
opening lines about a Sealed battle are worded here too.
"""
from __future__ import annotations

from tactica.client.describe import LogLine, creature_name, player_name
from tactica.client.session import GameSession
from tactica.client.settings import KeyWords, key_display, key_words
from tactica.engine import (
    Action,
    AreaAttack,
    Attack,
    Charge,
    Dig,
    EndActivation,
    GameState,
    Move,
    Square,
    Squeeze,
    Terrain,
    provokers_of_attack,
    rubble_dug,
)

CONFIRM_TITLES = ("Opportunity attack", "Pit", "End activation?", "Run", "Dig")
"""Titles of the warning toasts of actions that wait for their key again (``asks_first``)."""

Pending = tuple[str, Action]
"""An action waiting for its key again: (the key that asked for it, the action)."""


def opening_line(session: GameSession) -> LogLine:
    """The log's first line: a new battle's seed (and how to replay its dice) and save, or that a
    resumed battle's log so far follows."""
    s = session
    if s.resumed:
        note = f" — {s.resume_note}" if s.resume_note else ""
        return LogLine(f"Resumed battle {s.save_id or ''}, seed {s.seed}: the log so far{note}", "info")
    return LogLine(f"New battle, seed {s.seed} (tactica play --seed {s.seed} replays these dice)"
                   + (f"; autosaved as {s.save_id}" if s.save_id else ""), "info")


def zone_note(st: GameState, square: Square) -> str:
    """Whose VP zone ``square`` is, in words ("" when it is none's or start areas are not chosen yet)."""
    if not st.areas:
        return ""
    for p in range(st.players):
        if square in st.vp_zone(p):
            when = ("when only its creatures stand in it" if st.rules.uncontested  # SCN-UNCONTESTED
                    else "for holding it")
            return (f"◆ {player_name(p)}'s VP zone: {player_name(p)} scores {st.rules.held_zone_vp} VP "
                    f"{when} at the end of each round (it lies toward the other side).")
    return ""


def _kind_name(kind: object) -> str:
    """A terrain kind's name for the side panel: "Difficult", "Rubble choke"; "" for clear ground."""
    if kind is Terrain.CLEAR:
        return ""
    name = str(getattr(kind, "value", kind))
    return name[:1].upper() + name[1:]


_WHERE_FORMS = (lambda x, y: f"column {x}, row {y}", lambda x, y: f"col {x} row {y}", lambda x, y: f"c{x} r{y}")
"""The square's column and row, longest first (``square_words`` keeps one per map and width)."""


def square_words(st: GameState, square: Square, width: int | None = None) -> str:
    """The cursor's square in words for the side panel: "column 23, row 9 · Rubble Choke" (1-based,
    as the log counts them; the terrain's name unless it is clear ground), and on rubble partly
    dug out the feet dug so far ("· 3 of 5 ft dug", UG-RUBBLE).  Within ``width`` characters when
    given, in one form for the whole map (s16 B4: not "column 28, row 10" on clear ground and "c28
    r15 · Difficult" beside it): the longest of "column 23, row 9", "col 23 row 9", "c23 r9" in which
    the map's farthest square and its longest terrain name (and, with rubble, the digging) fit; then
    the digging before the name as "dug 3/5", then the name cut short with "…".  Empty before the map
    is chosen."""
    if st.map is None:
        return ""
    bmap = st.battle_map
    x, y = square[0] + 1, square[1] + 1
    name = _kind_name(bmap.terrain_at(square))
    feet = rubble_dug(st, square) if st.notes else 0
    form = _WHERE_FORMS[0]
    if width is not None:
        names = {_kind_name(k) for row in bmap.terrain for k in row} - {""}
        longest = max(map(len, names), default=0)
        reserve = 3 + longest if longest else 0  # " · Difficult"
        if "Rubble" in names:  # UG-RUBBLE: room for " · dug 3/5" too
            reserve += 10
        form = next((f for f in _WHERE_FORMS if len(f(bmap.width, bmap.height)) + reserve <= width),
                    _WHERE_FORMS[-1])
    where = form(x, y)
    dug = f"{feet} of 5 ft dug" if feet else ""  # UG-RUBBLE: a square half dug out
    text = " · ".join(p for p in (where, name, dug) if p)
    if width is None or len(text) <= width:
        return text
    dug = f"dug {feet}/5" if feet else ""
    text = " · ".join(p for p in (where, dug, name) if p)  # the digging kept before a name cut short
    if len(text) <= width:
        return text
    return text[:max(len(where), width - 1)] + "…"


def sealed_lines(st: GameState) -> list[LogLine]:
    """Log lines naming each Sealed warband (SCN-SEALED): built from two packs drawn with the seed."""
    if not st.rules.sealed:
        return []
    out = [LogLine("Sealed: each warband was built from two random packs of creatures drawn with this "
                   "battle's seed (any faction or alignment, Unique waived); Assault victory.", "info")]
    for p, wb in enumerate(st.warbands):
        names = ", ".join(c.name for c in wb.cards)
        out.append(LogLine(f"{player_name(p)}'s warband ({wb.cost} points): {names}", "setup", p))
    return out


def asks_first(session: GameSession, action: Action) -> str:
    """The title of the warning ``action`` needs before it is made (one of ``CONFIRM_TITLES``), ""
    when none: a move or a charge that provokes opportunity attacks (OA-1, CHG-1); a move, charge or end of activation
    after which a pit destroys the active creature (TER-PIT, the engine's answer
    ``GameSession.pit_ending``); a ranged or area attack made next to an enemy, which provokes (OA-1);
    an end of an activation that used neither its move nor its attack action (ACT-1); a move that is
    a run (G35-RUN: both actions, no attack after), which the shading does not tell from a move."""
    if isinstance(action, (Move, Squeeze, Charge)) and session.provokers(tuple(action.path)):
        return "Opportunity attack"
    if isinstance(action, (Attack, AreaAttack)) and attack_provokers(session.state, action):
        return "Opportunity attack"  # a ranged or area attack next to an enemy (OA-1; nm-g5e 12)
    if isinstance(action, (Move, Squeeze, Charge, EndActivation)) and session.pit_ending(action):
        return "Pit"
    if isinstance(action, EndActivation) and not (session.state.move_used or session.state.attack_used):
        return "End activation?"
    if isinstance(action, Move) and _runs(session, action):
        return "Run"
    if isinstance(action, Dig):  # UG-RUBBLE: the whole activation for a roll of feet
        return "Dig"
    return ""


def attack_provokers(st: GameState, action: Attack | AreaAttack) -> tuple[str, ...]:
    """The enemies whose opportunity attacks ``action`` of the active creature provokes (OA-1: a ranged
    or area attack made next to an enemy), by uid; () for a melee attack or none."""
    me = st.active_creature
    if me is None or not 0 <= action.attack < len(me.card.attacks):
        return ()
    return tuple(provokers_of_attack(st, me, me.card.attacks[action.attack]))


def _runs(session: GameSession, action: Move) -> bool:
    """True when ``action`` is a run (G35-RUN: more squares of movement than the creature's speed)."""
    price = session.move_price(tuple(action.path)) if session.state.actor is not None else None
    return price is not None and price.run


def confirm_text(session: GameSession, pending: Pending | None, room: int | None = None,
                 keys: KeyWords | None = None) -> str:
    """The warning shown while ``pending`` waits for its key again ("" when nothing waits); longer
    than ``room`` characters, it names creatures by label alone ("OG1").  ``keys``: the battle keys
    as bound (``settings.key_words``; None: the defaults), for the shift it suggests."""
    keys = keys if keys is not None else key_words()
    text = _confirm_words(session, pending, False, keys)
    if room is not None and len(text) > room:
        text = _confirm_words(session, pending, True, keys)
    return text


def _confirm_words(session: GameSession, pending: Pending | None, short: bool, keys: KeyWords) -> str:
    """``confirm_text``, creatures by label when ``short``."""
    if pending is None:
        return ""
    key, action = pending
    st = session.state
    press = key_display(key)
    me = st.actor  # only the active creature's actions wait for their key again
    name = me.label if short else creature_name(st, me.uid)
    if isinstance(action, Dig):
        others = tuple(tuple(a.square) for a in session.of_type(Dig) if tuple(a.square) != tuple(action.square))
        return dig_words(st, action, name, press, others)
    pit = session.pit_ending(action)
    if isinstance(action, EndActivation):
        if pit:
            return (f"{name} ends its turn over a pit: it is destroyed (TER-PIT)! Press {press} again to end "
                    f"anyway; any other key cancels.")
        return (f"{name} has used neither its move nor its attack action. Press {press} again to end its "
                f"activation anyway; any other key cancels.")
    if isinstance(action, (Attack, AreaAttack)):
        strikers = [st.creature(u).label if short else creature_name(st, u) for u in attack_provokers(st, action)]
        whom = strikers[0] if len(strikers) == 1 else ", ".join(strikers[:-1]) + " and " + strikers[-1]
        attacks = "an opportunity attack" if len(strikers) == 1 else "opportunity attacks"
        return (f"This attack gives {whom} {attacks} first: a ranged or area attack next to an enemy provokes "
                f"(OA-1)! Press {press} again to attack anyway; any other key cancels.")
    assert isinstance(action, (Move, Squeeze, Charge))  # only these ask first (``asks_first``)
    names = [st.creature(u).label if short else creature_name(st, u)
             for u in session.provokers(tuple(action.path))]
    if isinstance(action, Move) and not names and not pit and _runs(session, action):
        return (f"This move is a run: {name} takes both its actions and cannot attack after it (G35-RUN). "
                f"Press {press} again to run anyway; any other key cancels.")
    if isinstance(action, Charge):
        if not names:
            return (f"This charge ends {name}'s activation over a pit: it is destroyed (TER-PIT)! Press "
                    f"{press} again to charge anyway; any other key cancels.")
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        attacks = "an opportunity attack" if len(names) == 1 else "opportunity attacks"
        also = " and ends its activation over a pit: it is destroyed (TER-PIT)" if pit else ""
        return (f"This charge gives {who} {attacks} on the way (OA-1){also}! Press {press} again to charge "
                f"anyway; any other key cancels.")
    if not names:
        return (f"This move ends {name}'s activation over a pit: it is destroyed (TER-PIT)! Press "
                f"{press} again to move anyway; any other key cancels.")
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    attacks = "an opportunity attack" if len(names) == 1 else "opportunity attacks"
    also = " and ends its activation over a pit: it is destroyed (TER-PIT)" if pit else ""
    if isinstance(action, Move) and _runs(session, action):  # the run's own warning too (nm-g35 11)
        also += f"; it is a run: {name} takes both its actions, no attack after (G35-RUN)"
    return (f"This move gives {who} {attacks} (OA-1){also}! Press {press} again to move anyway; any other key "
            f"cancels ({keys['shift']} shifts one square without provoking).")


DIG_DICE = {"loose": "1d4 feet", "partial": "2d4 feet", "solid": "1 foot (solid rock, with a pick)"}
"""What one activation of digging clears, by rubble kind (UG-RUBBLE; docs/modules/underground.md)."""


def dig_words(state: GameState, action: Dig, name: str, press: str,
              others: tuple[Square, ...] = ()) -> str:
    """The warning before a dig (UG-RUBBLE): what it rolls, that it takes the whole activation, and
    the key that digs; ``others``: the other rubble squares it could dig instead (the key digs the one
    under the cursor), named with how to choose one (nm-ug: two touching rubble squares)."""
    x, y = action.square
    kind = state.battle_map.rules_at((x, y)).rubble
    dice = DIG_DICE.get(kind, "1d4 feet")
    where = " or ".join(f"column {ox + 1}, row {oy + 1}" for ox, oy in others)
    choice = f" (the cursor on {where}, then {press}: digs there)" if others else ""
    return (f"Dig at column {x + 1}, row {y + 1}{choice}: {name} digs {dice} of the 5 the square needs, and that "
            f"takes its whole activation (UG-RUBBLE). Press {press} again to dig; any other key cancels.")


def cancelled_text(session: GameSession, action: Action, keys: KeyWords | None = None) -> str:
    """What the status line says when a key other than the confirming one called ``action`` off;
    ``keys``: the battle keys as bound (``settings.key_words``; None: the defaults)."""
    k = keys if keys is not None else key_words()
    if isinstance(action, EndActivation):
        return f"The activation goes on: choose what it does ({k['end']} ends it, and asks again)."
    if isinstance(action, Dig):
        return f"No digging. The activation goes on ({k['dig']} digs, and asks again)."
    if isinstance(action, Charge):
        if session.provokers(tuple(action.path)):
            return ("Charge cancelled: nobody gets an opportunity attack. Move the cursor to another end "
                    f"square, or {k['cancel']} (a provoking charge always asks twice).")
        return f"Charge cancelled. Move the cursor to another end square, or {k['cancel']}."
    if isinstance(action, (Attack, AreaAttack)):
        return (f"Attack cancelled: nobody gets an opportunity attack. Choose another target or attack, or "
                f"{k['cancel']} (an attack that provokes always asks twice).")
    assert isinstance(action, (Move, Squeeze))  # only these ask first (``asks_first``)
    if session.provokers(tuple(action.path)):
        return ("Move cancelled: nobody gets an opportunity attack. Move the cursor to choose again "
                "(a provoking move always asks twice).")
    if isinstance(action, Move) and _runs(session, action):
        return "Run cancelled. Move the cursor to a square a move reaches, or choose again (a run always asks twice)."
    return "Move cancelled. Move the cursor to choose again."


LEAVE_KEY = "y"
"""The key that answers yes to the leave question besides the quit key again (``leave_words``)."""


def leave_words(what: str, kept: str, quit_key: str = "q") -> str:
    """The question the first quit key asks, one form for a battle and the tutorial (issue 20):
    "Leave the battle? It is saved: 'tactica resume' goes on from there. q again or y leaves, any
    other key stays."

    Args:
        what: what is left ("battle", "tutorial").
        kept: what stays and where the player goes on from ("It is saved: 'tactica resume' goes on
            from there"), without its full stop.
        quit_key: the quit key as the player presses it ("q").
    Returns the question, one sentence of what is kept and the keys that answer it.
    """
    return (f"Leave the {what}? {kept}. {quit_key} again or {LEAVE_KEY} leaves, any other key stays.")


def battle_kept(session: GameSession, title_first: bool) -> str:
    """What ``leave_words`` says is kept of a battle: that it is saved and how to go on with it
    (Continue on the title screen when the battle was opened from it, else ``tactica resume``); that
    it is not, for a battle kept in no store (a test's, or one whose store could not be opened)."""
    if session.recorder is None:
        return "It keeps no save: it ends here"
    if title_first:
        return "It is saved: Continue on the title screen goes on from there"
    return "It is saved: 'tactica resume' goes on from there"

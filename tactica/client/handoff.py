"""The hot-seat hand-off: when the keyboard passes from one human player to another, and what to tell
the player who takes it (issue 20 item 3).

Between two human players' turns the interface hides the board behind a hand-off screen
("Player 2 — press Enter when ready") with a summary of what happened since that player last held
the keyboard: moves, hits and misses, creatures destroyed, VP scored, rounds begun.  This module
decides when the screen is due (``HandOff``) and words its summary (``summary_lines``); the Textual
screen only shows them.  It is never due against a single human (a battle against the AI) and it is
switched off by the settings file's ``handoff = false`` or ``tactica play --no-handoff``
(``--handoff`` turns it back on over the file).

Against the AI the same summary, said short, is the recap the battle screen pins where the log is
when the AI's turn ends (``TurnRecap``, ``recap_rows``; issue 20: at 80×24 the player's own result had
scrolled off the log's four lines while the AI played).
"""
from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tactica.engine import (
    ActivationEnded,
    AttackRolled,
    ChampionPowerUsed,
    ConditionApplied,
    CreatureActivated,
    CreatureDestroyed,
    CreatureDrifted,
    CreatureFellDown,
    CreatureHealed,
    CreatureMoved,
    CreatureStoodUp,
    DamageDealt,
    Event,
    FatigueChanged,
    FirstPlayerChosen,
    GameState,
    Phase,
    RollWon,
    RoundEnded,
    RoundStarted,
    RubbleDug,
    Square,
    TurnStarted,
    VictoryPointsScored,
)

from .describe import creature_name as full_name
from .describe import describe_power, duration_words, player_name, square_name

__all__ = ["HandOff", "TurnRecap", "handoff_rows", "handoff_title", "human_activation", "keyboard_seat",
           "left_out_note", "ranked_summary", "recap_rows", "summary_lines"]

#: The phases in which a player holds the keyboard for a turn (``GameState.turn_player``): the
#: questions of the setup and a champion power's window hand nothing over (the initiative: CHOICE_PHASES).
TURN_PHASES = frozenset({Phase.ACTIVATE, Phase.ACTING})
#: The phases in which a player holds the keyboard to answer a question of its own
#: (``GameState.decider``): who goes first this round (RND-1), asked of the initiative's winner.
CHOICE_PHASES = frozenset({Phase.CHOOSE_FIRST})


def keyboard_seat(state: GameState) -> int | None:
    """The seat that holds the keyboard in ``state``: the turn's player (``TURN_PHASES``), the player
    choosing who goes first (``CHOICE_PHASES``, issue 20: handed the keyboard before the question is
    asked), else None (set-up questions, a champion power's window)."""
    if state.phase in TURN_PHASES:
        return state.turn_player
    if state.phase in CHOICE_PHASES:
        return state.decider
    return None

_MOVED = {"move": "moved", "run": "ran", "shift": "shifted", "charge": "charged", "squeeze": "squeezed",
          "teleport": "teleported"}
#: Conditions a hand-off names when a creature gains them (the rest show in its stat card).
_TOLD = frozenset({"prone", "dazed", "stunned", "helpless", "immobilized", "confused", "petrified", "blinded",
                   "restrained", "staggered", "slowed"})


def _squares(n: int) -> str:
    return f"{n} square{'s' if n != 1 else ''}"


#: How much a recap line matters when the recap must leave lines out (``recap_rows``): the lowest go
#: first.  A turn's line ("Player 2's turn.") is never left out.
RANK_MOVE = 0       # a plain move, shift or run; a round beginning
RANK_MISS = 1       # a miss; standing up, drifting, fatigue, digging
RANK_EFFECT = 2     # a condition, a champion power, damage from elsewhere, a fall, a round's end
RANK_HIT = 3        # a hit
RANK_ARRIVAL = 4    # a charge, a move into a VP zone: where a creature came from; a round's initiative;
#                     a hit on a creature of the player the recap is for (``ranked_summary``'s ``yours``)
RANK_KILL = 5       # a creature destroyed; VP scored (both change who wins: s18 ux 1, the recap left out
#                     the VP that took the score from 0–14 to 0–45)
RANK_TURN = 6       # a turn's line


def summary_lines(events: Sequence[Event], state: GameState, short: bool = False) -> list[str]:
    """What ``events`` did, one plain line each, for the player taking the keyboard
    (``ranked_summary``'s lines without their ranks)."""
    return [line for line, _ in ranked_summary(events, state, short)]


def ranked_summary(events: Sequence[Event], state: GameState, short: bool = False,
                   yours: frozenset[int] = frozenset()) -> list[tuple[str, int]]:
    """What ``events`` did, one plain line each, for the player taking the keyboard, each with how much
    it matters when lines must be left out (``RANK_MOVE`` … ``RANK_TURN``).

    Args:
        events: the battle's events since the player last held the keyboard, oldest first.
        state: the battle's state now (creatures' names; a destroyed creature keeps its name).
        short: name creatures by their map labels alone ("GB1"): the recap after the AI's turn
            (``TurnRecap``), read beside the map in a few rows.  Either way a move says where it ended
            ("GB1 moved 4 squares to column 7, row 4."; one that ends in a VP zone says so: "…, into its
            VP zone" or "…, into Player 1's VP zone"; nm s16: the hand-off said how far, not where).
        yours: the seats the summary is for: a hit on one of their creatures ranks as a charge does
            (nm s16 F1: the AI's hit on the player's creature was left out, the player's own miss kept).
    Returns (line, rank) pairs, oldest first; the lines are such as "Player 2's turn." (not ``short``: with
    who activated, "Player 2's turn: Goblin (GB1) and Orc (OR1) activated."), "Round 2: Player 2 won the
    initiative and goes first." (RND-1; "Round 2 began." until the roll is made), "Goblin (GB1) moved 4
    squares to column 7, row 4.", "Goblin (GB1) hit Guard (GU1) with Spear: 10 damage, 20 HP left." (a champion
    power's extra damage or heal on the creature just hit, CHP-2, is told on the hit's line with the HP after
    it: "…: 10 damage and 10 more from Captain (CA1)'s Press the Attack (champion power), 20 HP left."), a champion
    power used as the log says it ("Shaman (SH1) uses champion power Knot of Ill Luck (•, 1 left): …"), "Guard
    (GU1) was destroyed: Player 2 scored 20 VP (40 in all)." (the VP a destruction scores told on its line, so
    a recap never keeps it without the kill), "Player 2 scored 10 VP (VP zone); 40 in all.", "Orc (or1) is
    prone (until it stands up).", and the modules' "stood up", "drifted off its way in the dark", "fell 20 feet",
    "is fatigued now",
    "dug into the rubble (3 of 5 feet)"; an attack that hit and its damage make one line, a charge and its attack
    one line ("Orc (or1) charged 4 squares to column 9, row 3 and missed Guard (GU1) with Axe."; nm s17 F3: the
    charge said nothing of its result), and the pieces of one
    creature's movement of one kind in one activation (a charge cut by opportunity attacks, two moves) one line
    with their squares added up. Events that change nothing a player looks for (activations starting or ending,
    dice) give none, and a turn in which nothing of the rest happened says so ("Player 2's turn: nothing moved,
    attacked or scored."), but the turn beginning now (the last line) is left out.
    """
    def creature_name(st: GameState, uid: str) -> str:  # the label alone when ``short``
        found = st.find(uid) if short else None
        return found.label if found is not None else full_name(st, uid)

    lines: list[str] = []
    ranks: list[int] = []  # each line's rank, as the lines grow (a hit's damage keeps its line's)
    turns: set[int] = set()  # the indexes of the "Player N's turn." lines
    hit: tuple[AttackRolled, int] | None = None  # an attack that hit, and the index of its line
    # the last hit whose damage a line told, until the activation ends or another attack is rolled:
    # (its target, its line, the line's head, the damages told so far); damage the target takes after it
    # (a champion power's extra damage, CHP-2) is told on that line, with the HP after it all (s16: the
    # recap said "30 HP left" and the card 20, the champion's line having been left out)
    struck: tuple[str, int, str, list[str]] | None = None
    power: ChampionPowerUsed | None = None  # a champion power's extra damage on ``struck``'s target, to come
    moved: dict[tuple[str, str], tuple[int, int]] = {}  # (uid, mode) → (its line, squares so far)
    began: tuple[int, int] | None = None  # the line of the round begun last, and its number
    won: int | None = None  # who won that round's initiative (RND-1)
    acted: dict[int, list[str]] = {}  # a turn's line → the creatures activated in that turn
    rounds: dict[int, int | None] = {}  # a turn's line → its round, once known (a summary over two rounds)
    spans = False  # whether a round ends or begins in the events: then the recap's turn lines say their round
    again: int | None = None  # the line of a champion power that makes a missed attack again (a reroll)
    # the line of the creature just destroyed and the VP its destruction scored so far: the VP is told on
    # that line, never on one of its own that a recap could keep without the kill (s19 ux 5)
    killed: tuple[int, str, list[str]] | None = None

    def power_line(used: ChampionPowerUsed) -> str:
        text = describe_power(used, state).text  # (nm-g35 7)
        if short:  # the recap names creatures by their labels (nm s17 F2: "Warlord of the Broken Tusk (WA1)")
            for uid in {used.champion, used.ally, used.enemy} - {""}:
                text = text.replace(full_name(state, uid), creature_name(state, uid))
        return text + "."

    for event in [*events, None]:
        if power is not None and not isinstance(event, (DamageDealt, CreatureHealed)):
            lines.append(power_line(power))  # a power held for the hit's line that changed no HP after all
            ranks.append(RANK_EFFECT)
            power = None
        if event is None:
            break
        if isinstance(event, ActivationEnded):
            for key in [k for k in moved if k[0] == event.uid]:
                del moved[key]
        if isinstance(event, (ActivationEnded, AttackRolled, TurnStarted, RoundEnded)):
            struck = None
        if not isinstance(event, (CreatureDestroyed, VictoryPointsScored)):
            killed = None  # the VP of a destruction comes right after it
        before = len(lines)
        rank = _event_rank(event)
        if isinstance(event, RoundEnded):
            spans = True
            rounds.update({i: event.round for i, n in rounds.items() if n is None})  # the turns before it
            lines.append(f"Round {event.round} ended.")
        elif isinstance(event, RoundStarted):
            spans = True
            rounds.update({i: event.round - 1 for i, n in rounds.items() if n is None})
            began, won = (len(lines), event.round), None
            lines.append(f"Round {event.round} began.")
        elif isinstance(event, RollWon) and event.purpose == "initiative" and began is not None:
            won = event.player  # "Round 2: Player 1 won the initiative." (RND-1; issue 20)
            lines[began[0]] = f"Round {began[1]}: {player_name(won)} won the initiative."
            ranks[began[0]] = RANK_ARRIVAL
            continue
        elif isinstance(event, FirstPlayerChosen) and began is not None and won == event.chooser:
            goes = ("goes first" if event.player == event.chooser else "goes second" if state.players == 2
                    else f"lets {player_name(event.player)} go first")
            lines[began[0]] = f"Round {began[1]}: {player_name(won)} won the initiative and {goes}."
            continue
        elif isinstance(event, TurnStarted):
            turns.add(len(lines))
            acted[len(lines)] = []
            rounds[len(lines)] = began[1] if began is not None else None
            lines.append(f"{player_name(event.player)}'s turn.")
        elif isinstance(event, CreatureActivated) and not short and turns:
            acted[max(turns)].append(full_name(state, event.uid))
            continue
        elif isinstance(event, CreatureMoved):
            if event.mode == "expand":  # the end of a squeeze (docs/rules.md): no square moved
                continue
            steps = 1 if event.mode == "teleport" else len(event.path)
            key = (event.uid, event.mode)
            if key in moved and event.mode != "teleport":  # the rest of the same creature's movement
                at, before = moved[key]
                steps += before
            else:
                at = len(lines)
                lines.append("")
            moved[key] = (at, steps)
            where = f" to {square_name(event.path[-1])}" if event.path else ""
            zone = _zone_owner(state, event.path[-1]) if event.path else None
            if zone is not None:
                mover = state.find(event.uid)
                where += (", into its VP zone" if mover is not None and mover.player == zone
                          else f", into {player_name(zone)}'s VP zone")
            lines[at] = f"{creature_name(state, event.uid)} {_MOVED.get(event.mode, 'moved')} {_squares(steps)}{where}."
            ranks.extend([RANK_MOVE] * (len(lines) - len(ranks)))
            if event.mode == "charge" or zone is not None:  # a charge, or a move onto the zones' VP
                ranks[at] = max(ranks[at], RANK_ARRIVAL)
            continue
        elif isinstance(event, AttackRolled):
            who, whom = creature_name(state, event.attacker), creature_name(state, event.target)
            verb = "hit" if event.hit else "missed"
            critical = " (critical)" if event.critical else ""
            charge = moved.pop((event.attacker, "charge"), None) if event.kind == "charge" else None
            if charge is not None:  # the charge's attack on the charge's line: what it came to (nm s17 F3)
                at = charge[0]
                lines[at] = f"{lines[at][:-1]} and {verb} {whom} with {event.attack}{critical}."
                hit = (event, at) if event.hit else None
                continue  # the line keeps its rank: a charge's, above a hit's
            kind = " (opportunity attack)" if event.kind == "opportunity" else ""  # not an act of the turn's
            lines.append(f"{who} {verb} {whom} with {event.attack}{kind}{critical}.")  # player (nm s17 F14)
            hit = (event, len(lines) - 1) if event.hit else None
            target = state.find(event.target)
            if event.hit and target is not None and target.player in yours:
                rank = RANK_ARRIVAL
        elif isinstance(event, DamageDealt):
            whom = creature_name(state, event.target)
            left = f"{event.amount} damage, {event.hp_left} HP left"
            if hit is not None and hit[0].target == event.target and event.cause == "attack":
                struck = (event.target, hit[1], lines[hit[1]][:-1], [f"{event.amount} damage"])
                lines[hit[1]] = lines[hit[1]][:-1] + f": {left}."
            elif struck is not None and struck[0] == event.target and event.cause != "attack":
                how = (f"from {creature_name(state, power.champion)}'s {power.power} (champion power)"
                       if power is not None and event.cause == "champion"
                       else f"({_DAMAGE_CAUSES.get(event.cause, event.cause)})")
                _, at, head, told = struck
                told.append(f"{event.amount} more {how}")
                lines[at] = f"{head}: {' and '.join(told)}, {event.hp_left} HP left."
                power = None
                continue
            else:
                lines.append(f"{whom} took {left} ({event.cause}).")
                rank = RANK_EFFECT
            hit = None
        elif isinstance(event, CreatureHealed) and struck is not None and struck[0] == event.uid:
            how = (f"by {creature_name(state, power.champion)}'s {power.power} (champion power)"
                   if power is not None and power.effect == "heal" else f"({event.cause})")
            _, at, head, told = struck
            told.append(f"healed {event.amount} {how}")
            lines[at] = f"{head}: {' and '.join(told)}, {event.hp} HP left."
            power = None
            continue
        elif isinstance(event, ConditionApplied) and event.condition in _TOLD:
            lines.append(f"{creature_name(state, event.uid)} is {event.condition} "
                         f"({duration_words(event.condition, event.duration)}).")
        elif isinstance(event, ChampionPowerUsed):  # a reroll, extra damage…: why an attack comes twice
            hit = None
            if struck is not None and struck[0] == (event.enemy if event.effect == "extra damage" else
                                                    event.ally if event.effect == "heal" else None):
                power = event  # told on the hit's line, with the damage it adds or the HP it gives back
                continue
            lines.append(power_line(event))
        elif isinstance(event, CreatureStoodUp):  # G5E-PRONE (nm-ug 6)
            lines.append(f"{creature_name(state, event.uid)} stood up.")
        elif isinstance(event, CreatureDrifted):  # UG-DARK
            lines.append(f"{creature_name(state, event.uid)} drifted off its way in the dark.")
        elif isinstance(event, CreatureFellDown):  # UG-FALL
            lines.append(f"{creature_name(state, event.uid)} fell {event.feet} feet.")
        elif isinstance(event, FatigueChanged):  # UG-FATIGUE
            lines.append(f"{creature_name(state, event.uid)} is {event.level} now.")
        elif isinstance(event, RubbleDug):  # UG-RUBBLE
            progress = "and cleared it" if event.cleared else f"({event.total} of 5 feet)"
            lines.append(f"{creature_name(state, event.uid)} dug into the rubble {progress}.")
        elif isinstance(event, CreatureDestroyed):
            lines.append(f"{creature_name(state, event.uid)} was destroyed.")
            killed = (len(lines) - 1, creature_name(state, event.uid), [])
            if struck is not None and struck[0] == event.uid:  # the killing blow weighs as the kill: the recap
                ranks[struck[1]] = max(ranks[struck[1]], RANK_KILL)  # keeps its cause (nm2 s17)
        elif isinstance(event, VictoryPointsScored) and event.reason == "destroyed" and killed is not None:
            at, name, scored = killed
            scored.append(f"{player_name(event.player)} scored {event.amount} VP ({event.total} in all)")
            lines[at] = f"{name} was destroyed: {'; '.join(scored)}."
            continue
        elif isinstance(event, VictoryPointsScored):
            why = "VP zone" if event.reason == "vp zone" else event.reason
            lines.append(f"{player_name(event.player)} scored {event.amount} VP ({why}); "
                         f"{event.total} in all.")
        ranks.extend([rank] * (len(lines) - before))
        if isinstance(event, ChampionPowerUsed) and event.effect in ("reroll", "set die") and len(lines) > before:
            again = len(lines) - 1  # the power that makes a missed attack again ...
        elif isinstance(event, AttackRolled) and again is not None:  # ... weighs as that attack's line: the
            ranks[again] = max(ranks[again], rank)                      # recap tells why it came twice (nm2 s17)
            again = None
    empty = {i for i in turns if i + 1 == len(lines) or i + 1 in turns or lines[i + 1].startswith("Round ")}
    out = []
    for i, line in enumerate(lines):
        who = " and ".join(acted.get(i, ()))  # the hand-off's turn line names who activated (issue 20)
        if i in turns and who:
            line = f"{line[:-1]}: {who} activated."
        if i in turns and spans and short and rounds.get(i):  # the recap, which may leave the rounds' lines
            line = f"Round {rounds[i]} {ROUND_MARK} {line}"  # out: two "Player 2's turn" told apart (nm s17 F14)
        if i not in empty:
            out.append((line, ranks[i]))
        elif i + 1 < len(lines):  # a turn that passed with nothing to tell: say so (not the turn beginning now)
            out.append((line[:-1] + ("; " if who else ": ") + "nothing moved, attacked or scored.", ranks[i]))
    return out


#: A cause of damage (``DamageDealt.cause``) as a summary says it on the line of the hit before it.
_DAMAGE_CAUSES = {"champion": "champion power", "ongoing": "ongoing damage", "aura": "an aura",
                  "reaction": "a reaction", "fall": "a fall", "pit": "a pit"}


def _zone_owner(state: GameState, square: Square) -> int | None:
    """The player whose VP zone ``square`` is (0-based), None when it is none's or the start areas
    are not chosen yet."""
    if not state.areas:
        return None
    return next((p for p in range(state.players) if square in state.vp_zone(p)), None)


def _event_rank(event: Event) -> int:
    """The rank of the line ``event`` adds to a summary (``ranked_summary``; a move's own is set there)."""
    if isinstance(event, TurnStarted):
        return RANK_TURN
    if isinstance(event, (CreatureDestroyed, VictoryPointsScored)):
        return RANK_KILL
    if isinstance(event, AttackRolled):
        return RANK_HIT if event.hit else RANK_MISS
    if isinstance(event, (ConditionApplied, ChampionPowerUsed, DamageDealt, CreatureFellDown, RoundEnded)):
        return RANK_EFFECT
    if isinstance(event, (CreatureStoodUp, CreatureDrifted, FatigueChanged, RubbleDug)):
        return RANK_MISS
    return RANK_MOVE


def handoff_rows(lines: Sequence[str]) -> list[str]:
    """The hand-off screen's rows for ``lines`` (``summary_lines``, oldest first): a turn's line heads
    the lines of that turn, unbulleted ("Player 1's turn: Guard (GA1) and Lancer (LA1) activated."),
    and those lines follow it as bullets indented two spaces ("  • Guard (GA1) moved …"); a round's
    line ("Round 1 ended.", "Round 2: Player 1 won the initiative and goes first.") stands unbulleted
    at the left; any other line there is a bullet ("• …").  (Issue 20: the summary began with a
    bullet "• Player 1's turn." that said nothing; now the turn says who activated, its lines what they
    did.)"""
    rows: list[str] = []
    inside = False  # whether the lines now belong to a turn's line above them
    for line in lines:
        if _row_start(line):
            rows.append(line)
            inside = True
        elif line.startswith("Round ") and (line.endswith(" ended.") or line.endswith(" began.") or ": " in line):
            rows.append(line)
            inside = False
        else:
            rows.append(("  • " if inside else "• ") + line)
    return rows


def handoff_title(player: int) -> str:
    """The hand-off screen's title for seat ``player`` (0-based): "Player 2 — press Enter when ready"."""
    return f"{player_name(player)} — press Enter when ready"


@dataclass
class HandOff:
    """When the keyboard passes between human players, and the events each has not seen.

    Args:
        humans: the seats played at this keyboard (0-based).  With fewer than two, no hand-off is
            ever due.
        enabled: False turns the hand-off off (``--no-handoff``).
    Attributes:
        holder: the human seat holding the keyboard, or None before the first turn (a new or a
            resumed battle: whoever sits there has seen the board).
    """

    humans: frozenset[int]
    enabled: bool = True
    holder: int | None = None
    _unseen: dict[int, list[tuple[int, Event]]] = field(default_factory=dict)  # (the state's step after, event)
    _turn: int | None = None  # who holds the keyboard as the next events happen (``keyboard_seat``)
    _turning: bool = True  # whether that is its turn (``TURN_PHASES``), not its choice of who goes first

    @classmethod
    def for_battle(cls, state: GameState, ai_seats: Iterable[int], enabled: bool = True,
                   events: Sequence[Event] = ()) -> HandOff:
        """The hand-off of the battle ``state`` (new or resumed), the AI playing ``ai_seats``: a
        human whose turn it is now holds the keyboard already.  ``events``: the battle's events so far,
        oldest first; when no turn has begun in the round now (a new battle at its first question), the
        round's beginning and its initiative (RND-1) are unseen by every other human, so the first
        hand-off says who won it (s18 ux 7: from round 2 on it did, not in round 1)."""
        ai = set(ai_seats)
        handoff = cls(frozenset(p for p in range(state.players) if p not in ai), enabled)
        handoff._turn, handoff._turning = keyboard_seat(state), state.phase in TURN_PHASES
        if handoff._turn in handoff.humans:
            handoff.holder = handoff._turn
        began = max((i for i, e in enumerate(events) if isinstance(e, RoundStarted)), default=None)
        if began is not None and not any(isinstance(e, TurnStarted) for e in events[began:]):
            for human in handoff.humans - {handoff.holder}:  # noted at step 0: no undo takes them back
                handoff._unseen[human] = [(0, e) for e in events[began:]]
        return handoff

    @property
    def active(self) -> bool:
        """True when a hand-off can ever be due: switched on, and two humans or more."""
        return self.enabled and len(self.humans) >= 2

    def after(self, events: Sequence[Event], state: GameState) -> int | None:
        """Note ``events`` (just applied, ``state`` the state after them); the human seat to hand
        the keyboard to now, or None.

        A human has seen only its own turns: every event of another player's turn, the AI's included,
        is unseen by it, and so is the part of its own turn's last action that ends the turn (from
        the end of its last activation on: not its own last move, which it made).  A hand-off is due
        when a turn (``TURN_PHASES``) or the choice of who goes first (``CHOICE_PHASES``: before that
        question is asked, issue 20) belongs to a human seat other than the holder (``keyboard_seat``);
        that seat becomes the holder (its unseen events are then ``take``n by the screen); the choice
        and the start of the turn it gives are seen by the player who chose.  None when not ``active``,
        before the first turn (the first holder is set without a hand-off), when the battle is over,
        or while the AI plays.
        """
        if not self.active:
            return None
        noted = [(state.step, e) for e in events]
        turn_over = any(isinstance(e, (TurnStarted, RoundStarted)) for e in events)
        kept: int | None = None  # where the holder's own turn's end begins in its unseen events
        for human in self.humans:
            if human != self.holder or self._turn != human:
                self._unseen.setdefault(human, []).extend(noted)
            elif turn_over and self._turning:  # the holder's own turn ended: how it ended, and after
                ended = next(i for i, e in enumerate(events)
                             if isinstance(e, (ActivationEnded, TurnStarted, RoundStarted)))
                kept = len(self._unseen.setdefault(human, []))
                self._unseen[human].extend(noted[ended:])
        seat_now = keyboard_seat(state)
        if seat_now is not None or state.phase is not Phase.CHAMPION:
            # a champion power's window in the middle of a turn hands nothing over: the turn's player
            # still holds the keyboard for the rest of its action (nm-g35 8: the rest of a charge cut by
            # the window was told to the charger's own player at its next hand-off)
            self._turn, self._turning = seat_now, state.phase in TURN_PHASES
        seat = self._turn
        if kept is not None and seat == self.holder and self.holder is not None:
            # the holder keeps the keyboard (its turn ends and its next one begins, a round's end
            # between): it saw all of that on its screen (nm-g35 4, 12)
            del self._unseen[self.holder][kept:]
        if seat is None or seat not in self.humans or seat == self.holder:
            return None
        before, self.holder = self.holder, seat
        if before is None:
            self._unseen.pop(seat, None)
            return None
        return seat

    def undone(self, state: GameState) -> None:
        """Undo took the battle back to ``state``: forget the events of the actions taken back, so no
        summary tells a player of a move that never happened."""
        for seat, noted in self._unseen.items():
            self._unseen[seat] = [(step, e) for step, e in noted if step <= state.step]

    def take(self, seat: int) -> list[Event]:
        """The events ``seat`` has not seen, oldest first; forgotten once taken."""
        return [e for _, e in self._unseen.pop(seat, [])]


#: The recap's words before the lines of the human's own last activation.
RECAP_YOU = "You: "
#: What stands in the recap for the lines left out (they are in the log): "… 3 more in the log (PgUp)".
RECAP_GAP = "…"


def left_out_note(count: int) -> str:
    """The recap's last row when ``count`` lines were left out: how many, and that Page Up shows them
    ("… 3 more in the log: PgUp")."""
    return f"{RECAP_GAP} {count} more in the log: PgUp"


#: Between a turn's round and the turn in a summary over two rounds: "Round 3 — Player 2's turn."
ROUND_MARK = "—"


def _row_start(line: str) -> bool:
    """A summary line that begins a row of its own in the recap: a turn's ("Player 2's turn.", "Round 3 —
    Player 2's turn.")."""
    if line.startswith("Round ") and f" {ROUND_MARK} " in line:
        line = line.split(f" {ROUND_MARK} ", 1)[1]
    return line.startswith("Player ") and (line.endswith("'s turn.") or "'s turn:" in line)


def _pack(lines: Sequence[str], width: int) -> list[str]:
    """``lines`` side by side in rows of ``width`` characters, two spaces apart; a turn's line ("Player
    2's turn:") begins a row, a line too long for the room left wraps, its rest indented two spaces, and
    a line that goes on the same turn in a row of its own is indented so too (it reads as the same paragraph;
    a round's line is not: it stands between turns);
    the note of the lines left out (``left_out_note``) ends the last row where it fits whole, else
    begins one."""
    rows: list[str] = []
    for line in lines:
        if _row_start(line) and line.endswith("'s turn."):
            line = line[:-1] + ":"  # "Player 2's turn: br1 moved …"
        if line.startswith(RECAP_GAP + " ") and not (rows and len(rows[-1]) + 2 + len(line) <= width):
            rows.extend(textwrap.wrap(line, width, subsequent_indent="  "))
        elif rows and not _row_start(line) and len(rows[-1]) + 2 + len(line) <= width:
            rows[-1] += "  " + line
        elif rows and not _row_start(line) and width - len(rows[-1]) - 2 >= 12:  # fill the row, then wrap
            room = width - len(rows[-1]) - 2
            head = textwrap.wrap(line, room)[0]
            rows[-1] += "  " + head
            rows.extend(textwrap.wrap(line[len(head):].strip(), width, initial_indent="  ",
                                      subsequent_indent="  "))
        else:  # a row of its own: indented as the wrapped rows above it when it goes on the same turn (nm2 s17)
            indent = "  " if rows and not _row_start(line) and not line.startswith("Round ") else ""
            rows.extend(textwrap.wrap(line, width, initial_indent=indent, subsequent_indent="  ") or [""])
    return rows


#: How many ranks lower a line of the human's own last activation counts when the recap must leave lines
#: out (``recap_rows``): the human watched it happen (nm s17 F2: their own result took every row at 80×24
#: and the AI's hit on their creature was left out); so their own kill weighs as the AI's hit on their
#: creature, their own hit as an effect, and within a weight the older lines (theirs first) go first.
OWN_WATCHED = 1


def _round_line(line: str) -> bool:
    """A round's line of a summary ("Round 1 ended.", "Round 2 began.", "Round 2: Player 1 won the
    initiative …"): it stands between turns, under none."""
    return line.startswith("Round ") and not _row_start(line) and (
        line.endswith((" ended.", " began.")) or ": " in line)


def _bare_headings(lines: Sequence[str], own: int) -> set[int]:
    """The indexes of the turn's lines among ``lines`` (the first ``own`` the human's own) that say
    nothing by themselves ("Round 3 — Player 2's turn.", not "…: nothing moved, attacked or scored.") and
    have no line of their turn under them: the next line is another turn's, a round's, or none."""
    bare: set[int] = set()
    for i, line in enumerate(lines):
        if i >= own and _row_start(line) and line.endswith("'s turn."):
            after = lines[i + 1] if i + 1 < len(lines) else None
            if after is None or _row_start(after) or _round_line(after):
                bare.add(i)
    return bare


def recap_rows(lines: Sequence[str], width: int, rows: int, own: int = 0,
               ranks: Sequence[int] | None = None) -> list[str]:
    """The recap's rows: ``lines`` (``TurnRecap.take``) packed in at most ``rows`` rows of ``width``
    characters, never a line cut short.

    Args:
        lines: the summary's lines, oldest first; the first ``own`` of them are the human's own last
            activation (they come first, the first led by ``RECAP_YOU``).
        width, rows: the room (characters, rows).
        ranks: each line's rank (``RANK_MOVE`` … ``RANK_TURN``, ``ranked_summary``); None: all alike.
    Returns the rows.  When they do not fit, whole lines are left out one at a time, the lowest rank
    first (plain moves and rounds begun, then misses, then effects and rounds ended, then hits; charges,
    moves into a VP zone, the initiative and the AI's hits on the human's creatures after those, since
    they say where a creature came from and what the human lost; creatures destroyed and VP scored after
    those, since they change who wins; a turn's line last), the oldest first within a rank: the newest
    lines are kept longest (issue 20: the AI's first charge was left out and its creature seemed to come
    from nowhere; s18 ux 1: an older kill was kept and the newest turn's hit, kill and VP left out).  The
    human's own lines count ``OWN_WATCHED`` ranks lower: they saw them happen (nm s17 F2); being the
    oldest, they go first within a rank, so a line of the AI's hit on the human's creature is never left
    out while an older line of no higher rank is kept.  A turn's line with none of its lines left under
    it is left out too and counted with them (s18 ux 1: "Round 3 — Player 2's turn:  … 7 more in the log"
    showed a heading over nothing).  What is kept keeps its order (``RECAP_YOU`` before the first of the
    human's own lines kept), and a last row says how many were left out and that Page Up shows them
    (``left_out_note``; the log has them all).  Only that note is cut, when it alone does not fit.
    [] when ``rows`` < 1 or ``width`` < 16.
    """
    if rows < 1 or width < 16:
        return []
    packed = _pack(lines, width)
    if len(packed) <= rows:
        return packed
    bare = [line[len(RECAP_YOU):] if i == 0 and own and line.startswith(RECAP_YOU) else line
            for i, line in enumerate(lines)]
    weights = list(ranks) if ranks is not None else [RANK_MOVE] * len(lines)
    weights = [RANK_TURN if i >= own and _row_start(line) else weights[i] - (OWN_WATCHED if i < own else 0)
               for i, line in enumerate(bare)]
    order = sorted(range(len(lines)), key=lambda i: (weights[i], i))  # the lowest weight, the oldest, first
    gone: set[int] = set()
    for i in order:
        gone.add(i)
        kept = [j for j in range(len(lines)) if j not in gone]
        empty = _bare_headings([bare[j] for j in kept], sum(1 for j in kept if j < own))
        kept = [j for n, j in enumerate(kept) if n not in empty]
        shown = [(RECAP_YOU if j == kept[0] and j < own else "") + bare[j] for j in kept]
        packed = _pack(shown + [left_out_note(len(lines) - len(kept))], width)
        if len(packed) <= rows:
            return packed
    return packed[:rows]  # the note alone, cut


def human_activation(events: Sequence[Event], state: GameState, humans: frozenset[int] | set[int]) -> bool:
    """Whether ``events`` (``state`` the state after them) begin an activation of a creature of one of
    the ``humans`` seats: where the recap after the AI's turn starts again (``TurnRecap``)."""
    return any(isinstance(e, CreatureActivated) and (c := state.find(e.uid)) is not None and c.player in humans
               for e in events)


@dataclass
class TurnRecap:
    """Against the AI (issue 20): the events of the human's last activation and everything since,
    for the recap the battle screen shows when the AI's turn ends, until the human acts.

    Args:
        humans: the seats played at this keyboard (0-based); the AI plays the others.
    """

    humans: frozenset[int]
    _events: list[Event] = field(default_factory=list)
    _steps: list[int] = field(default_factory=list)  # the state's step after each of ``_events``
    _ai_played: bool = False
    _humans_turn: bool = False  # whether ``_events`` begin with a human activation

    def after(self, events: Sequence[Event], state: GameState, by_human: bool) -> bool:
        """Note ``events``, just applied (``state`` the state after them), the human's (``by_human``)
        or the AI's.  A human activation beginning starts the recap again: then True."""
        fresh = by_human and human_activation(events, state, self.humans)
        if fresh:
            self._events, self._steps, self._humans_turn = [], [], True
        self._events.extend(events)
        self._steps.extend([state.step] * len(events))
        if not by_human and any(isinstance(e, CreatureActivated) for e in events):
            self._ai_played = True  # an activation of the AI's (not its answer in a champion power's window)
        return fresh

    def undone(self, state: GameState) -> None:
        """Undo took the battle back to ``state``: forget the events of the actions taken back, so the
        recap never tells of a move that did not happen (as ``HandOff.undone``)."""
        kept = [i for i, step in enumerate(self._steps) if step <= state.step]
        self._events = [self._events[i] for i in kept]
        self._steps = [self._steps[i] for i in kept]

    @property
    def due(self) -> bool:
        """True when the AI has activated a creature since the recap was last taken (a recap is worth
        showing; its answer to a champion power's window in the human's turn is not enough)."""
        return self._ai_played

    def take(self, state: GameState) -> tuple[list[str], int, list[int]]:
        """The recap's lines now (``ranked_summary`` said short; the human's own activation's first, its
        first line led by ``RECAP_YOU``), how many are the human's own, and each line's rank (for
        ``recap_rows``); the recap is no longer due."""
        self._ai_played = False
        own_events: list[Event] = []
        if self._humans_turn:
            for i, e in enumerate(self._events):
                if isinstance(e, (ActivationEnded, TurnStarted, RoundEnded)) and i:
                    own_events = self._events[:i]
                    break
        own = summary_lines(own_events, state, short=True) if own_events else []
        ranked = ranked_summary(self._events, state, short=True, yours=self.humans)
        lines = [line for line, _ in ranked]
        n = len(own) if lines[:len(own)] == own else 0
        if n:
            lines[0] = RECAP_YOU + lines[0]
        return lines, n, [rank for _, rank in ranked]

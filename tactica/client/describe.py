"""Events into words: the battle log's sentences (no Textual import).

``describe_events(events, state)`` turns the engine's past-tense event data
into ``LogLine`` values.  An attack roll and what followed from it (damage,
destruction, the VP scored) become one line that shows every number::

    Ogre (OG1) → Kobold (ko1): Club d20 14 +9 +2 combat advantage = 25 vs AC 16: HIT, 15 damage
    (Kobold destroyed, +12 VP)

Reusable by any client (a CLI log export, for instance).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tactica.engine import (
    REACTION_TRIGGERS,
    ActivationEnded,
    AttackRolled,
    AttackWithoutRoll,
    AuraHarmed,
    BattleWon,
    CaveCheck,
    ChainJumped,
    ChampionPowerDeclined,
    ChampionPowerOffered,
    ChampionPowerUsed,
    ConditionApplied,
    ConditionEnded,
    ConditionPrevented,
    ConfusionRolled,
    CreatureActivated,
    CreatureCaughtOn,
    CreatureDestroyed,
    CreatureDrifted,
    CreatureDroppedProne,
    CreatureFell,
    CreatureFellDown,
    CreatureForced,
    CreatureHealed,
    CreatureMoved,
    CreaturePlaced,
    CreatureSettled,
    CreatureSlid,
    CreatureSlipped,
    CreatureStoodUp,
    DamageDealt,
    DieChanged,
    DieRolled,
    Event,
    FatigueChanged,
    FirstPlayerChosen,
    FlierFell,
    FormChanged,
    GameState,
    MapChosen,
    OpportunityAttackProvoked,
    PowerOutOfSight,
    PowerRecharged,
    ReactionUsed,
    RechargeRolled,
    RegenerationStopped,
    RollWon,
    RoundEnded,
    RoundStarted,
    RubbleDug,
    SavingThrowRolled,
    SpecialPowerUsed,
    Square,
    StartAreaChosen,
    TemplatePlaced,
    TieBroken,
    TurnEnded,
    TurnStarted,
    UseReaction,
    UseSpent,
    VictoryPointsScored,
    forced_moves_not_made,
    lost_to_destruction,
    movement_spent,
)


@dataclass(frozen=True)
class LogLine:
    """One line of the battle log.

    Attributes:
        text: the sentence.
        kind: what it is about, for colouring: "banner" (setup and
            initiative rolls), "round", "turn", "attack", "hit", "miss",
            "move", "vp", "setup", "info", "victory".
        player: the player it concerns (0 or 1), for colouring; None if none.
        prominent: True for lines the screen should also pop up (rolls, victory).
    """

    text: str
    kind: str = "info"
    player: int | None = None
    prominent: bool = False



def duration_words(condition: str, duration: str) -> str:
    """How long ``condition`` lasts, for a player: ``duration`` (a Duration value such as "save ends"),
    but "until it expands" for a squeeze (docs/rules.md Squeeze) and "until it stands up" for prone,
    which lasts no set time (the battle's end is only the engine's bound, G5E-PRONE, UG-SLIP)."""
    if condition == "squeezing":
        return "until it expands"
    if condition == "prone" and duration == "end of battle":
        return "until it stands up"
    return duration

def player_name(player: int) -> str:
    """ "Player 1" for 0, "Player 2" for 1."""
    return f"Player {player + 1}"


def creature_name(state: GameState, uid: str) -> str:
    """A creature's card name and map label, e.g. "Ogre (OG1)"; the uid if unknown."""
    c = state.find(uid)
    if c is None:
        return uid
    return f"{c.card.name} ({c.label})"


def _short(state: GameState, uid: str) -> str:
    c = state.find(uid)
    return c.card.name if c is not None else uid


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def describe_roll(e: AttackRolled, state: GameState) -> str:
    """The arithmetic of one attack roll: "Club d20 14 +9 +2 combat advantage = 25 vs AC 16: HIT"."""
    label = e.attack
    if e.kind == "charge":
        label += " (charge)"
    elif e.kind == "opportunity":
        label += " (opportunity attack)"
    elif e.kind == "pit":
        label += " (second roll: into the pit)"
    elif e.kind == "follow-up":
        label += " (follow-up)"
    elif e.kind == "chain":
        label += " (chain)"  # CL-8
    elif e.kind == "reaction":  # CL-10
        label += " (reaction)"
    parts = [f"{label} d20 {e.natural}", _signed(e.bonus)]
    parts += [f"{_signed(v)} {name}" for name, v in e.modifiers]
    text = " ".join(parts) + f" = {e.total} vs {e.defense} {e.target_number}: "
    if e.critical:
        text += "CRITICAL HIT (natural 20)"
    elif e.hit and getattr(e, "critical_prevented", False):  # CL-15
        text += f"HIT (natural {e.natural}; immune to critical hits: ordinary damage)"
    elif e.hit:
        text += "HIT"
    elif e.natural == 1:
        text += "MISS (natural 1)"
    else:
        text += "MISS"
    return text


def _rolls(rolls: list[DieRolled], players: int = 2) -> str:
    """"Player 1 rolls 17, Player 2 rolls 9" (with re-rolls and double rolls).

    A player who rolls twice says why (SET-1, RND-1: the warband with the higher champion rating rolls
    twice and keeps the better roll; "highest" with three or four ``players``): "Player 1 rolls twice
    for the higher champion rating: 3 and 12, keeps 12".  A new round of rolls begins when a player
    rolls again (a tie: with three or four players only the tied players roll again, SCN-MULTI).
    """
    rating = "higher" if players <= 2 else "highest"
    chunks: list[list[str]] = []
    seen: set[int] = set()
    for r in rolls:
        if r.player in seen or not chunks:
            chunks.append([])
            seen = set()
        seen.add(r.player)
        if len(r.faces) > 1:
            faces = " and ".join(str(f) for f in r.faces)
            chunks[-1].append(f"{player_name(r.player)} rolls twice for the {rating} champion rating: "
                              f"{faces}, keeps {r.kept}")
        else:
            chunks[-1].append(f"{player_name(r.player)} rolls {r.kept}")
    return "; tie, roll again: ".join(", ".join(c) for c in chunks)


def _charge_rest(events: Sequence[Event], start: int, uid: str) -> int:
    """Squares ``uid``'s charge goes on after opportunity attacks cut it, from ``events[start:]``
    (its later charge moves up to the end of the activation; 0 when none)."""
    rest = 0
    for e in events[start:]:
        if isinstance(e, (ActivationEnded, CreatureActivated)):
            break
        if isinstance(e, CreatureMoved) and e.uid == uid and e.mode == "charge":
            rest += len(e.path)
    return rest


def describe_events(events: Sequence[Event], state: GameState, quick: bool = False) -> list[LogLine]:
    """Turn ``events`` (in order) into log lines.

    ``state`` is any state of the same battle (names and labels are looked
    up by uid; destroyed creatures stay in the state).  Events the log need
    not show (turn and activation ends) produce no line.  ``quick``: the
    quick setup made the set-up choices (map, start areas), not the players,
    and the log says so instead of "Player 2 chooses start area A".
    """
    out: list[LogLine] = []
    i, n = 0, len(events)
    pending_rolls: list[DieRolled] = []
    ended: set[tuple[str, str]] = set()
    charged: dict[str, int] = {}  # squares charged so far by uid: a charge cut by opportunity attacks goes on
    while i < n:
        e = events[i]
        i += 1
        if isinstance(e, DieRolled):
            pending_rolls.append(e)
        elif isinstance(e, RollWon):
            text = _rolls(pending_rolls, state.players)
            pending_rolls = []
            who = player_name(e.player)
            why = " (tie broken by champion rating)" if e.reason == "champion" else ""
            if e.purpose == "initiative":
                text = f"Initiative: {text} — {who} chooses who goes first{why}"
            else:
                if len(state.maps) > 1:
                    follow = f"{who} chooses the map"
                else:
                    follow = f"{who} wins the setup roll and deploys first"
                text = f"Setup roll: {text} — {follow}{why}"
            out.append(LogLine(text, "banner", e.player, prominent=True))
        elif isinstance(e, MapChosen):
            if len(state.maps) > 1 and quick:
                out.append(LogLine(f"The quick setup picks the map for {player_name(e.player)}: {e.map_name}",
                                   "setup", e.player))
            elif len(state.maps) > 1:
                out.append(LogLine(f"{player_name(e.player)} chooses the map: {e.map_name}", "setup", e.player))
            else:
                out.append(LogLine(f"The battle is fought on {e.map_name}", "setup"))
        elif isinstance(e, StartAreaChosen):
            nxt = events[i] if i < n else None
            if isinstance(nxt, StartAreaChosen):
                rest: list[StartAreaChosen] = []
                while i < n and isinstance(chosen := events[i], StartAreaChosen):
                    rest.append(chosen)
                    i += 1
                takes = "; ".join(f"{player_name(r.player)} takes {r.area}" for r in rest)
                chose = (f"is given start area {e.area} (quick setup; tactica play --setup to choose)"
                         if quick else f"chooses start area {e.area}")
                out.append(LogLine(f"{player_name(e.player)} {chose}; {takes}", "setup", e.player))
            else:
                out.append(LogLine(f"{player_name(e.player)} takes start area {e.area}", "setup", e.player))
        elif isinstance(e, CreaturePlaced):
            placed = [e]
            while i < n and isinstance(more := events[i], CreaturePlaced):
                placed.append(more)
                i += 1
            out.extend(_placements(placed, state))
        elif isinstance(e, RoundStarted):
            out.append(LogLine(f"── Round {e.round} ──", "round"))
        elif isinstance(e, FirstPlayerChosen):
            who = "goes first" if e.chooser == e.player else f"lets {player_name(e.player)} go first"
            out.append(LogLine(f"{player_name(e.chooser)} {who}", "turn", e.chooser))
        elif isinstance(e, TurnStarted):
            acts = "1 activation" if e.activations == 1 else f"{e.activations} activations"
            out.append(LogLine(f"{player_name(e.player)}'s turn ({acts})", "turn", e.player))
        elif isinstance(e, ActivationEnded):
            charged.pop(e.uid, None)
            out.append(LogLine(f"{creature_name(state, e.uid)} ends its activation", "info", _owner(state, e.uid)))
        elif isinstance(e, CreatureActivated):
            out.append(LogLine(f"{creature_name(state, e.uid)} activates", "info", _owner(state, e.uid)))
        elif isinstance(e, CreatureMoved):
            steps = len(e.path)
            if e.mode == "teleport":
                x, y = e.path[-1]
                text = f"{creature_name(state, e.uid)} teleports to column {x + 1}, row {y + 1}"
            elif e.mode == "expand":  # docs/rules.md Squeeze: the squeezed block grows back
                x, y = e.path[-1]
                text = f"{creature_name(state, e.uid)} expands into the space at column {x + 1}, row {y + 1}"
            elif e.mode == "charge" and e.uid in charged:  # the rest of one charge (CHG-1), not a new one
                charged[e.uid] += steps
                noun = "square" if steps == 1 else "squares"
                text = (f"{creature_name(state, e.uid)} charges on {steps} more {noun} to {_ended(e)} "
                        f"({charged[e.uid]} in all)")
            else:
                verb = {"shift": "shifts", "charge": "charges", "squeeze": "squeezes", "run": "runs"}.get(e.mode,
                                                                                                         "moves")
                noun = "square" if steps == 1 else "squares"
                text = f"{creature_name(state, e.uid)} {verb} {steps} {noun} to {_ended(e)}"
                if e.mode == "charge":
                    charged[e.uid] = steps
                    whole = steps + _charge_rest(events, i, e.uid)
                    if whole > steps:  # cut by opportunity attacks: say it is one charge
                        text = (f"{creature_name(state, e.uid)} begins a {whole}-square charge ({steps} {noun} "
                                f"to {_ended(e)})")
            if e.mode in ("move", "charge", "squeeze", "run"):  # a run's cost too (G35-RUN; nm-g35 5)
                spent = movement_spent(state, e.uid, e.start, e.path, squeezed=e.mode == "squeeze")
                if spent != steps:  # difficult terrain (MOV-8) or a rule module's prices: say both
                    text += f" ({spent} squares of movement)"
            out.append(LogLine(text, "move", _owner(state, e.uid)))
        elif isinstance(e, CreatureForced):
            out.append(LogLine(describe_forced(e, state), "move", _owner(state, e.by)))
        elif isinstance(e, CreatureFell):
            out.append(LogLine(f"{creature_name(state, e.uid)} falls into the pit at {_square(e.square)}",
                               "hit", _owner(state, e.uid)))
        elif isinstance(e, CreatureSettled):
            out.append(LogLine(f"{creature_name(state, e.uid)} climbs out of the pit to {_square(e.square)}",
                               "move", _owner(state, e.uid)))
        elif isinstance(e, TieBroken):
            out.append(LogLine(f"{len(e.options)} squares are equally near: a d{e.sides} rolls {e.face}, "
                               f"{_square(e.chosen)} (G35-NEAREST)", "info"))
        elif isinstance(e, CreatureDroppedProne):  # grid5e, G5E-PRONE
            out.append(LogLine(f"{creature_name(state, e.uid)} drops prone (G5E-PRONE)", "move",
                               _owner(state, e.uid)))
        elif isinstance(e, CreatureStoodUp) and e.cost == 0:  # underground: after a slip (UG-SLIP)
            out.append(LogLine(f"{creature_name(state, e.uid)} gets up off the ice: that takes its whole "
                               "activation (UG-SLIP)", "move", _owner(state, e.uid)))
        elif isinstance(e, CreatureStoodUp):
            out.append(LogLine(f"{creature_name(state, e.uid)} stands up, spending {e.cost} squares "
                               "of movement (G5E-PRONE)", "move", _owner(state, e.uid)))
        elif isinstance(e, (CaveCheck, CreatureFellDown, CreatureCaughtOn, CreatureSlid, CreatureDrifted,
                            CreatureSlipped, FatigueChanged, RubbleDug)):  # the underground module
            out.append(LogLine(_cave_words(e, state), "hit" if isinstance(e, (CreatureFellDown, CreatureSlipped))
                               else "info", _owner(state, e.uid)))
        elif isinstance(e, FlierFell):  # grid5e, G5E-FALL
            out.append(LogLine(f"{creature_name(state, e.uid)} is {e.cause} in the air and falls at "
                               f"{_square(e.square)} (G5E-FALL)", "hit", _owner(state, e.uid)))
        elif isinstance(e, TemplatePlaced):
            hit = ", ".join(_short(state, t) for t in e.targets) or "no creature"
            out.append(LogLine(f"{creature_name(state, e.attacker)} uses {e.attack} on "
                               f"{len(e.squares)} squares, striking {hit}", "info", _owner(state, e.attacker)))
        elif isinstance(e, SavingThrowRolled):
            result = "ends it" if e.success else "it continues"
            mods = getattr(e, "modifiers", ())  # CL-1: bonuses to saving throws
            roll = f"d20 {e.natural}" + "".join(f" {_signed(v)} {name}" for name, v in mods)
            if mods:
                roll += f" = {e.natural + sum(v for _, v in mods)}"
            out.append(LogLine(f"{creature_name(state, e.uid)} saves against {e.condition}: "
                               f"{roll} vs 10 — {result}", "hit" if not e.success else "miss",
                               _owner(state, e.uid)))
        elif isinstance(e, ConfusionRolled):
            out.append(LogLine(f"{creature_name(state, e.uid)} is confused: d20 {e.natural} — {e.result}"
                               f" ({player_name(e.controller)} decides its turn)", "banner",
                               _owner(state, e.uid), prominent=True))
        elif isinstance(e, ConditionApplied):
            what = (f"ongoing {e.amount}{' ' + e.damage_type if e.damage_type else ''} damage"
                    if e.condition == "ongoing" else e.condition)
            until = duration_words(e.condition, e.duration)
            out.append(LogLine(f"{creature_name(state, e.uid)} is {what} ({until})"
                               if e.condition != "ongoing" else
                               f"{creature_name(state, e.uid)} takes {what} ({e.duration})",
                               "hit", _owner(state, e.uid)))
        elif isinstance(e, ConditionEnded):
            if (e.uid, e.condition) in ended:
                continue  # two records of one condition ending together: one line says it
            ended.add((e.uid, e.condition))
            why = {"save": "saved", "champion": "champion power", "power": "special power"}.get(
                e.reason, "duration over")
            name = "ongoing damage" if e.condition == "ongoing" else e.condition
            out.append(LogLine(f"{creature_name(state, e.uid)} is no longer {name}" if e.condition != "ongoing"
                               else f"{creature_name(state, e.uid)}'s ongoing damage ends ({why})",
                               "info", _owner(state, e.uid)))
        elif isinstance(e, FormChanged):  # CL-14
            who = creature_name(state, e.uid)
            text = (f"{who} changes back to its natural form ({e.power})" if not e.form
                    else f"{who} takes {e.form} form ({e.power})")
            out.append(LogLine(text, "info", _owner(state, e.uid)))
        elif isinstance(e, ConditionPrevented):
            out.append(LogLine(f"{creature_name(state, e.uid)} is immune to {e.condition}", "info",
                               _owner(state, e.uid)))
        elif isinstance(e, CreatureHealed):
            source = getattr(e, "source", None)
            why = e.cause
            if e.cause == "aura" and source:
                why = f"aura of {creature_name(state, source)}"
            elif e.cause == "heal":
                why = "healing"
            elif e.cause in ("champion", "power"):  # CHP-2, SPW-1
                why = {"champion": "champion power", "power": "special power"}[e.cause]
            out.append(LogLine(f"{creature_name(state, e.uid)} regains {e.amount} HP ({why}) — "
                               f"{e.hp} HP", "info", _owner(state, e.uid)))
        elif isinstance(e, RegenerationStopped):
            out.append(LogLine(f"{creature_name(state, e.uid)} does not regenerate this turn", "info",
                               _owner(state, e.uid)))
        elif isinstance(e, AuraHarmed):
            out.append(LogLine(f"{creature_name(state, e.target)} starts its turn in the {e.aura} aura "
                               f"of {creature_name(state, e.source)}", "info", _owner(state, e.source)))
        elif isinstance(e, OpportunityAttackProvoked):
            why = "by leaving an adjacent square" if e.cause == "move" else "by a ranged attack while adjacent"
            out.append(LogLine(f"{creature_name(state, e.mover)} provokes an opportunity attack from "
                               f"{creature_name(state, e.attacker)} {why}", "info", _owner(state, e.attacker)))
        elif isinstance(e, AttackRolled):
            line, i = _attack_line(e, events, i, state)
            out.append(line)
        elif isinstance(e, AttackWithoutRoll):  # CL-9
            out.append(_no_roll_line(e, state))
        elif isinstance(e, ChainJumped):  # CL-8
            out.append(_chain_line(e, state))
        elif isinstance(e, DamageDealt):
            why = {"ongoing": " ongoing", "aura": " aura", "champion": " extra", "reaction": " reaction",
                   "fall": " falling", "slide": " sliding", "bump": " bumping", "stumble": " stumbling"}.get(
                getattr(e, "cause", "attack"), "")
            kind = f" {e.damage_type}" if e.damage_type else ""
            out.append(LogLine(f"{creature_name(state, e.target)} takes {e.amount}{why}{kind} damage"
                               f"{_adjusted(e)} ({e.hp_left} HP left)", "hit"))
        elif isinstance(e, CreatureDestroyed):
            why = {"pit": " — it ended its turn in a pit (TER-PIT)",
                   "fall": " — the second roll hit it in the pit (TER-PIT)"}.get(e.cause, "")
            out.append(LogLine(f"{creature_name(state, e.uid)} is destroyed{why}", "hit", e.by_player))
        elif isinstance(e, VictoryPointsScored):
            why = "for holding its VP zone" if e.reason == "vp zone" else f"({e.reason})"
            out.append(LogLine(f"{player_name(e.player)} scores {e.amount} VP {why} — total {e.total}",
                               "vp", e.player))
        elif isinstance(e, RoundEnded):
            quiet = ""
            if e.quiet_rounds:
                left = state.rules.tie_rounds - e.quiet_rounds  # SCN-TIE: say what the count is for
                then = (f"{left} more and" if left > 0 else "now") + " the tie-breaker ends the battle, SCN-TIE"
                quiet = (f" ({e.quiet_rounds} round{'s' if e.quiet_rounds > 1 else ''} in a row without combat; "
                         f"{then})")
            out.append(LogLine(f"Round {e.round} ends{quiet}", "round"))
        elif isinstance(e, (UseSpent, RechargeRolled, PowerRecharged, SpecialPowerUsed,
                            ChampionPowerOffered, ChampionPowerUsed, ChampionPowerDeclined)):
            out.append(describe_power(e, state))
        elif isinstance(e, (DieChanged, ReactionUsed, PowerOutOfSight)):  # CL-10, CL-12, CL-13
            out.append(describe_trigger(e, state))
        elif isinstance(e, BattleWon):
            reason = win_reason(e.reason, e.vp, state.rules.target)
            out.append(LogLine(f"{player_name(e.winner)} wins ({reason}) — VP {'–'.join(map(str, e.vp))}",
                               "victory", e.winner, prominent=True))
    if pending_rolls:
        out.append(LogLine(_rolls(pending_rolls, state.players), "banner"))
    return out


def square_name(sq: Square) -> str:
    """The log's words for a square: "column 3, row 2" for (2, 1) (columns and rows counted from 1, as
    the map's rulers count them)."""
    return f"column {sq[0] + 1}, row {sq[1] + 1}"


_square = square_name


def _ended(e: CreatureMoved) -> str:
    """Where the move ``e`` ended, in the log's square words ("column 7, row 4": the square its path
    ends on, a Large creature's top-left one), so a line says where a creature went (issue 20: the
    AI's "og2 moves" did not, at 80×24 with its creature off screen); its start when the path is empty."""
    return _square(e.path[-1] if e.path else e.start)


FATIGUE_WORDS = {"fresh": "no fatigue penalty", "fatigued": "−2 to attack, −5 damage, its fatigue checks at −2",
                 "exhausted": "−4 to attack, −10 damage"}
"""What each fatigue level does (UG-FATIGUE, docs/modules/underground.md: −2 to attack and −5 damage, the
skirmish's −2 in fives; saving throws are not changed), for the log and the stat card."""


def _cave_words(e: Event, state: GameState) -> str:
    """The log words of an event of the underground module (docs/modules/underground.md)."""
    who = creature_name(state, getattr(e, "uid", ""))
    if isinstance(e, CaveCheck):
        mod = ""
        if e.modifier:  # the fatigued creature's endurance check (UG-FATIGUE): its −2 named and added
            why = " fatigued" if e.rule == "UG-FATIGUE" else ""
            mod = f" {_signed(e.modifier)}{why} = {e.face + e.modifier}"
        return f"{who}: {e.what}: d20 {e.face}{mod} vs {e.need} — {'passes' if e.passed else 'fails'} ({e.rule})"
    if isinstance(e, CreatureFellDown):
        ground = "" if e.landing == "hard" else f" onto {e.landing} ground"
        return f"{who} falls {e.feet} feet into {_square(e.square)}{ground} (UG-FALL)"
    if isinstance(e, CreatureCaughtOn):
        return f"{who} catches on the wall and hangs on at {_square(e.square)} (UG-FALL)"
    if isinstance(e, CreatureSlid):
        return f"{who} slides {e.feet} feet down the slope to {_square(e.end)} (UG-SLIDE)"
    if isinstance(e, CreatureDrifted):
        if e.start == e.end and not e.turn:
            return f"{who} keeps its way in the dark: d12 {e.face} −{e.short} (UG-DARK)"
        side = "right" if e.turn > 0 else "left"
        where = (f"and ends at {_square(e.end)}" if e.end != e.start
                 else "but a wall, a creature or a drop that way keeps it where it is")
        return f"{who} drifts {abs(e.turn)}° {side} in the dark: d12 {e.face} −{e.short}, {where} (UG-DARK)"
    if isinstance(e, CreatureSlipped):
        why = {"turn": "turning", "stop": "stopping", "run": "charging", "melee": "swinging"}.get(e.cause, e.cause)
        return f"{who} slips {why} on the ice at {_square(e.square)} and falls prone (UG-SLIP)"
    if isinstance(e, FatigueChanged):
        return f"{who} is {e.level} now: {FATIGUE_WORDS.get(e.level, e.level)} (UG-FATIGUE)"
    assert isinstance(e, RubbleDug)
    feet = f"{e.feet} foot" if e.feet == 1 else f"{e.feet} feet"
    if e.rolls:  # the dice, as every roll in the log: "2d4 3+2 = 5 feet"
        sum_ = "+".join(str(r) for r in e.rolls)
        feet = f"{len(e.rolls)}d4 {sum_} = {feet}" if len(e.rolls) > 1 else f"d4 {e.rolls[0]}: {feet}"
    if e.cleared:
        return f"{who} digs {feet} and clears the rubble at {_square(e.square)} (UG-RUBBLE)"
    return f"{who} digs {feet} into the rubble at {_square(e.square)}: {e.total} of 5 feet dug (UG-RUBBLE)"


def describe_forced(e: CreatureForced, state: GameState) -> str:
    """A forced movement as words (MOV-14), e.g. "Ogre (OG1) pushes Kobold (ko1) 2 squares"."""
    by, who = creature_name(state, e.by), creature_name(state, e.uid)
    if e.by == e.uid:  # CL-11: its own movement power
        if e.kind == "teleport":
            return f"{who} teleports to {_square(e.path[-1])}"
        steps = len(e.path)
        verb = "shifts" if e.kind == "shift" else "slides"
        return f"{who} {verb} {steps} square{'s' if steps != 1 else ''} (no opportunity attacks)"
    if e.kind in ("teleport", "place"):
        verb = "teleports" if e.kind == "teleport" else "places"
        return f"{by} {verb} {who} to {_square(e.path[-1])}"
    steps = len(e.path)
    verb = {"push": "pushes", "pull": "pulls", "slide": "slides", "shift": "shifts"}.get(e.kind, e.kind)
    return f"{by} {verb} {who} {steps} square{'s' if steps != 1 else ''} (no opportunity attacks)"


def describe_power(e: Event, state: GameState) -> LogLine:
    """One log line for a check-box, recharge, special-power or champion-power event (CARD-4, SPW-1, CHP-1..3)."""
    if isinstance(e, UseSpent):
        left = "no uses left" if not e.left else f"{e.left} use{'s' if e.left > 1 else ''} left"
        return LogLine(f"{creature_name(state, e.uid)} ticks a box of {e.name} ({left})", "info",
                       _owner(state, e.uid))
    if isinstance(e, RechargeRolled):
        result = "recharged" if e.success else "not yet"
        return LogLine(f"{creature_name(state, e.uid)} rolls to recharge {e.name}: d20 {e.natural} "
                       f"(needs {e.needed}+) — {result}", "info", _owner(state, e.uid))
    if isinstance(e, PowerRecharged):
        why = {"bloodied": "bloodied", "ally destroyed": "an ally was destroyed",
               "destroys enemy": "it destroyed an enemy", "roll": "roll",
               "bloodies enemy": "it bloodied an enemy", "start of round": "a new round"}.get(e.reason, e.reason)
        return LogLine(f"{creature_name(state, e.uid)}'s {e.name} recharges ({why})", "info",
                       _owner(state, e.uid))
    if isinstance(e, SpecialPowerUsed):
        how = "by itself" if e.action == "triggered" else f"with its {e.action} action"
        on = "" if e.target == e.uid else f" on {creature_name(state, e.target)}"
        return LogLine(f"{creature_name(state, e.uid)} uses {e.power}{on} ({how})", "info",
                       _owner(state, e.uid))
    if isinstance(e, ChampionPowerOffered):
        many = "a champion power" if e.options == 1 else f"one of {e.options} champion power uses"
        if (any(o.trigger in REACTION_TRIGGERS for o in state.window)  # CL-10: its uses are reactions
                and not any(c.card.champion_powers for c in state.alive(e.player))):
            many = "a reaction" if e.options == 1 else f"one of {e.options} reactions"
        return LogLine(f"{player_name(e.player)} may use {many} now", "info", e.player)
    if isinstance(e, ChampionPowerUsed):
        about = creature_name(state, e.ally)
        if e.effect == "extra damage":
            what = f"{creature_name(state, e.enemy)} takes extra damage from {about}'s hit"
        elif e.effect == "reroll":
            what = f"{about} rolls again against {creature_name(state, e.enemy)}"
        elif e.effect == "heal":
            what = f"{about} is healed"
        elif e.effect == "damage near":  # CL-12
            what = f"each enemy it sees near {about} takes damage"
        elif e.effect == "set die":  # CL-12
            what = f"{about} attacks {creature_name(state, e.enemy)} again with a set die"
        else:
            what = f"{about}'s conditions end"
        return LogLine(f"{creature_name(state, e.champion)} uses champion power {e.power} "
                       f"({'•' * e.cost}, {e.left} left): {what}", "info", _owner(state, e.champion))
    assert isinstance(e, ChampionPowerDeclined)
    return LogLine(f"{player_name(e.player)} uses no champion power", "info", e.player)


def describe_trigger(e: Event, state: GameState) -> LogLine:
    """One log line for a changed die (CL-13), a reaction (CL-10) or a champion power's enemies out of
    sight (CL-12), in words made from the event, e.g. "Duelist (D1) rerolls its attack: 3 → 15 (Lucky)"."""
    if isinstance(e, DieChanged):
        who = creature_name(state, e.uid)
        roll = "attack" if e.roll == "attack" else "saving throw"
        if e.change == "better of two":
            what = f"rolls two dice for its {roll}: {' and '.join(map(str, e.faces))}, keeps {e.kept}"
        elif e.change == "reroll":
            what = f"rerolls its {roll}: {e.faces[0]} → {e.kept}"
        elif e.change == "champion":
            what = f"makes its {roll} as a natural {e.kept}, set by {e.name}"
            return LogLine(f"{who} {what}", "info", _owner(state, e.uid))
        else:
            what = f"counts its {roll} of {e.faces[0]} as a natural {e.kept}"
        return LogLine(f"{who} {what} ({e.name})", "info", _owner(state, e.uid))
    if isinstance(e, ReactionUsed):
        why = {"it is hit": "it was hit", "adjacent enemy attacks it": "an adjacent enemy attacked it",
               "ally destroyed nearby": "an ally nearby was destroyed",
               "enemy moves adjacent": "an enemy moved next to it"}.get(e.trigger, e.trigger)
        on = "" if e.target == e.uid else f" against {creature_name(state, e.target)}"
        return LogLine(f"{creature_name(state, e.uid)} reacts with {e.name}{on} ({why})", "info",
                       _owner(state, e.uid))
    assert isinstance(e, PowerOutOfSight)
    names = ", ".join(creature_name(state, u) for u in e.unseen)
    return LogLine(f"{e.power} does not reach {names}: {creature_name(state, e.champion)} cannot see "
                   f"{'it' if len(e.unseen) == 1 else 'them'}", "info", _owner(state, e.champion))


def describe_champion_option(state: GameState, action) -> str:
    """A ``UseChampionPower`` (or a ``UseReaction``, CL-10) as words for the yes/no prompt (CHP-1, CHP-2).

    E.g. "Captain (CA1): Press the Attack (•, 1 of 2 points left after) — Kobold (ko1) takes +10
    damage from Soldier's hit".
    """
    if isinstance(action, UseReaction):
        me = state.creature(action.creature)
        r = me.card.reactions[action.reaction]
        what = r.effect_words().replace("that enemy", creature_name(state, action.target))
        return f"{creature_name(state, me.uid)}: reaction {r.name} — {what}"
    return _describe_champion_use(state, action)


#: How an attack's kind reads in the champion prompt's line about the hit it answers.
_ATTACK_KINDS = {"opportunity": "opportunity attack", "charge": "charge attack", "follow-up": "follow-up",
                 "chain": "chained attack", "reaction": "reaction"}


def describe_window(state: GameState, player: int) -> str:
    """The attacks the open champion window answers for ``player``'s side (CHP-2), as words for its
    prompt, e.g. "Brother Aldric (BA1) hit Mira (M1) with an opportunity attack (Sword), round 3";
    several joined by "; ".  The window opens right after the attack (in the middle of its action),
    so this names the log line just above.  Empty when the window answers no attack (a turn's start
    or end, a move).  Takes a state in ``Phase.CHAMPION``; returns a string."""
    team = state.team_of(player)
    said: list[str] = []
    for o in state.window:
        ally = state.find(o.ally)
        if not o.attack or ally is None or ally.team != team:
            continue
        kind = _ATTACK_KINDS.get(o.kind, "attack")
        how = f"with {'an' if kind[0] in 'aeiou' else 'a'} {kind} ({o.attack})"
        if o.trigger == "ally is hit":
            line = f"{creature_name(state, o.enemy)} hit {creature_name(state, o.ally)} {how}"
        elif o.trigger == "ally hits":
            line = f"{creature_name(state, o.ally)} hit {creature_name(state, o.enemy)} {how}"
        elif o.trigger == "ally misses":
            line = f"{creature_name(state, o.ally)} missed {creature_name(state, o.enemy)} {how}"
        else:
            continue
        if line not in said:
            said.append(line)
    return "; ".join(f"{line}, round {state.round}" for line in said)


def win_reason(reason: str, vp: Sequence[int] = (), target: int | None = None) -> str:
    """The engine's BattleWon reason as words for the player; with the final ``vp`` (one per seat)
    and the VP ``target``, a round that brought two sides to the target at once says that the higher
    total won (SCN-ASSAULT; our reading: the higher total of those at the target)."""
    if reason == "victory points" and target and sum(v >= target for v in vp) >= 2:
        return "more than one side reached the victory point target in the same round: the higher total wins"
    return {
        "victory points": "reached the victory point target",
        "no enemy creatures left": "no enemy creatures left",
        "both warbands destroyed": "both warbands destroyed; tie-breaker",
        "tie-breaker": "10 rounds without combat; tie-breaker",
    }.get(reason, reason)


def _adjusted(dmg: DamageDealt) -> str:
    """The abilities that changed a damage amount, e.g. " (sneak attack +10, resist −5)"; for an
    attack of several damage types (CL-6) its parts first: " (20 + 10 fire; resist −5)"."""
    adj = getattr(dmg, "adjustments", ())
    parts = getattr(dmg, "parts", ())
    rolled = " + ".join(f"{v} {t}" if t else str(v) for t, v in parts)
    if not adj:
        return f" ({rolled})" if rolled else ""
    changes = ", ".join(f"{name.replace('-', ' ')} {_signed(v)}" for name, v in adj)
    return f" ({rolled}; {changes})" if rolled else f" ({changes})"


def _owner(state: GameState, uid: str) -> int | None:
    c = state.find(uid)
    return None if c is None else c.player


def _placements(placed: list[CreaturePlaced], state: GameState) -> list[LogLine]:
    if len(placed) == 1:
        p = placed[0]
        x, y = p.square
        return [LogLine(f"{creature_name(state, p.uid)} is placed on column {x + 1}, row {y + 1}",
                        "setup", _owner(state, p.uid))]
    out = []
    by_player: dict[int | None, list[str]] = {}
    for p in placed:
        c = state.find(p.uid)
        by_player.setdefault(_owner(state, p.uid), []).append(c.label if c else p.uid)
    for player, labels in by_player.items():
        who = player_name(player) if player is not None else "Someone"
        out.append(LogLine(f"{who} deploys {len(labels)} creatures: {', '.join(labels)}", "setup", player))
    return out


def _attack_line(e: AttackRolled, events: Sequence[Event], i: int,
                 state: GameState) -> tuple[LogLine, int]:
    """One attack roll plus the damage, destruction and VP that follow it."""
    text = f"{creature_name(state, e.attacker)} → {creature_name(state, e.target)}: {describe_roll(e, state)}"
    n = len(events)
    if i < n and isinstance(dmg := events[i], DamageDealt) and dmg.target == e.target:
        i += 1
        kind = f" {dmg.damage_type}" if dmg.damage_type else ""
        parts = getattr(dmg, "parts", ())
        if parts:  # CL-6: "25 damage (rolled 20 + 10 fire; resist fire −5)"
            kind = ""
        text += f", {dmg.amount}{kind} damage{_adjusted(dmg)}"
        if i < n and isinstance(gone := events[i], CreatureDestroyed) and gone.uid == e.target:
            i += 1
            vp = ""
            if i < n and isinstance(scored := events[i], VictoryPointsScored) and scored.reason == "destroyed":
                vp = f", +{scored.amount} VP"
                i += 1
            text += f" ({_short(state, e.target)} destroyed{vp})"
        else:
            bloodied = ", bloodied" if dmg.bloodied else ""
            text += f" ({_short(state, e.target)} {dmg.hp_left} HP left{bloodied})"
    attacker = state.peek(e.attacker)
    attack = attacker.card.attack_named(e.attack) if attacker is not None else None
    skipped = forced_moves_not_made(attack, e.hit, e.kind) if attack is not None else ()
    if skipped and (target := state.peek(e.target)) is not None and target.alive:
        kinds = " or ".join(dict.fromkeys(f.kind.value for f in skipped))
        text += f"; no {kinds} from an opportunity attack (it would break off the move)"
    return LogLine(text, "hit" if e.hit else "miss", _owner(state, e.attacker)), i


def _no_roll_line(e: AttackWithoutRoll, state: GameState) -> LogLine:
    """An attack line with no attack roll (CL-9): "Shrieker (SH1) → Kobold (ko1): Shriek, no attack
    roll: HIT" or "…: Dust, no attack roll: save 11 (needs 12+): FAILED, hit"."""
    text = f"{creature_name(state, e.attacker)} → {creature_name(state, e.target)}: {e.attack}"
    if e.kind == "chain":
        text += " (chain)"
    if e.save:
        verdict = "FAILED, hit" if e.hit else "SAVED"
        text += f", no attack roll: save {e.face} (needs {e.save}+): {verdict}"
    else:
        text += ", no attack roll: HIT"
    return LogLine(text, "hit" if e.hit else "miss", _owner(state, e.attacker))


def _chain_line(e: ChainJumped, state: GameState) -> LogLine:
    """A chain's jump or end (CL-8): "Leaping Spark leaps from Kobold (ko1) to Goblin (go1), 2 squares"
    or "Leaping Spark's chain ends: a miss"."""
    if e.target:
        text = (f"{e.attack} leaps from {creature_name(state, e.source)} to {creature_name(state, e.target)}, "
                f"{e.distance} square{'s' if e.distance != 1 else ''} away")
    else:
        why = {"miss": "a miss", "jumps": "no jumps left",
               "no creature in reach": "no other enemy in reach"}.get(e.reason, e.reason)
        text = f"{e.attack}'s chain ends: {why}"
    return LogLine(text, "info", _owner(state, e.attacker))


def _expected(p) -> str:
    """The preview's expected damage as words: the HP the target is expected to lose.

    ``p.expected_loss`` is the engine's mean (hit chance × damage, each hit
    capped at the HP left, criticals included); when every hit destroys
    the target the words add "(a hit takes all its HP)".
    """
    text = f"{p.expected_loss:.1f} damage"
    more = getattr(p, "damage_modifiers", ())  # CL-1: conditional damage bonuses that hold
    if more:
        text += " (" + ", ".join(f"{name} {_signed(v)}" for name, v in more) + " on a hit)"
    if p.hit_chance > 0 and p.kill_chance >= p.hit_chance:
        text += " (a hit takes all its HP)"
    return text


def describe_preview(attack: str, target: str, p, defense: str = "", short: bool = False,
                     notes: Mapping[str, str] | None = None) -> str:
    """An attack preview (combat.preview) as words.

    e.g. "Club → Kobold (ko1): d20 +9 +2 combat advantage vs AC 16 — needs 5+,
    80% to hit, expected 12.8 damage, 35% to destroy."  ``p`` is an
    AttackPreview or None.  The expected damage is the engine's
    ``expected_loss`` (capped at the target's HP hit by hit), so an 80% hit
    for 10 on a 10-HP target reads "expected 8.0 damage (a hit takes all
    its HP), 80% to destroy".  ``short`` (a small status line) leaves out the roll's bonus and the
    modifiers' notes, keeping the modifiers themselves (why the roll needed is what it is):
    "Club → ko1: needs 5+ (+2 combat advantage), 80% to hit, ~12.8 damage, 35% to destroy."  ``notes``: words said in
    brackets after a modifier, by its name: {"cover": "br1 in the way"} reads "−2 cover (br1 in the way)".
    """
    if p is None:
        return f"{attack} → {target}."
    if len(p.modifiers) == 1 and (p.modifiers[0][0] == "no attack roll" or p.modifiers[0][0].startswith("save ")):
        how = p.modifiers[0][0] if p.modifiers[0][0] == "no attack roll" else \
            f"no attack roll, the target saves on {p.modifiers[0][0][5:]}"  # CL-9
        destroy = f", {p.kill_chance:.0%} to destroy" if p.kill_chance > 0 else ""
        return f"{attack} → {target}: {how} — {p.hit_chance:.0%} to hit, expected {_expected(p)}{destroy}."
    notes = notes or {}
    mods = "".join(f" {_signed(v)} {name}" + (f" ({notes[name]})" if notes.get(name) else "")
                   for name, v in p.modifiers)
    total = p.bonus + sum(v for _, v in p.modifiers)
    need = min(20, max(2, p.target_number - total))
    if short:
        destroy = f", {p.kill_chance:.0%} to destroy" if p.kill_chance > 0 else ""
        why = ", ".join(f"{_signed(v)} {name}" for name, v in p.modifiers)
        why = f" ({why})" if why else ""
        return (f"{attack} → {target}: needs {need}+{why}, {p.hit_chance:.0%} to hit, "
                f"~{p.expected_loss:.1f} damage{destroy}.")
    against = f"{defense} " if defense else ""
    text = (f"{attack} → {target}: d20 {_signed(p.bonus)}{mods} vs {against}{p.target_number} — needs {need}+, "
            f"{p.hit_chance:.0%} to hit, expected {_expected(p)}")
    if p.kill_chance > 0:
        text += f", {p.kill_chance:.0%} to destroy"
    return text + "."


def lost_power_lines(state: GameState, events: Sequence[Event]) -> list[LogLine]:
    """One log line for each champion power one action's ``events`` would have triggered but that
    was not offered because the hit destroyed its subject (the engine's ``lost_to_destruction``,
    CHP-2), e.g. "Captain (CA1): Ward (ally is hit) not offered — Archer (AR1) was destroyed by the
    hit."  ``state`` is the state after the action; [] when there is none."""
    out = []
    for champion, index, subject in lost_to_destruction(state, list(events)):
        who = state.creature(champion)
        power = who.card.champion_powers[index]
        out.append(LogLine(f"{creature_name(state, champion)}: {power.name} ({power.trigger.value}) not offered "
                           f"— {creature_name(state, subject)} was destroyed by the hit.", "info", who.player))
    return out


def action_lines(state: GameState, events: Sequence[Event]) -> list[LogLine]:
    """The log lines of one action's ``events`` (``describe_events``) with the champion powers its
    hits could not offer (``lost_power_lines``, CHP-2) said right after the hits, before the end of
    the activation, turn or round those events go on to (so "Player 1's turn" never comes between a
    hit and why no champion prompt followed it).  ``state`` is the state after the action."""
    lost = lost_power_lines(state, events)
    if not lost:
        return describe_events(events, state)
    cut = _after_hits(events)
    return describe_events(events[:cut], state) + lost + describe_events(events[cut:], state)


def _after_hits(events: Sequence[Event]) -> int:
    """Where an action's ``events`` go on past its hits: the index of the first end of an activation,
    turn or round (``_FLOW``) after the last ``CreatureDestroyed``; ``len(events)`` when none."""
    last = max((i for i, e in enumerate(events) if isinstance(e, CreatureDestroyed)), default=-1)
    return next((i for i in range(last + 1, len(events)) if isinstance(events[i], _FLOW)), len(events))


#: Events that carry the battle on past an action's hits (where ``action_lines`` says lost powers).
_FLOW = (ActivationEnded, TurnEnded, RoundEnded, TurnStarted, RoundStarted, BattleWon)


def _describe_champion_use(state: GameState, action) -> str:
    """``describe_champion_option`` of a ``UseChampionPower``."""
    champion = state.creature(action.champion)
    power = champion.card.champion_powers[action.power]
    left = max(0, champion.card.champion - champion.champion_spent - power.cost)
    own = action.ally == action.champion  # the champion is its own ally unless the power says another
    ally = "it" if own else creature_name(state, action.ally)
    effect = power.effect.value
    if effect == "extra damage":
        hit = f"{creature_name(state, action.champion)}'s own hit" if own else f"{ally}'s hit"
        struck = state.creature(action.enemy)
        what = (f"{creature_name(state, action.enemy)} ({struck.hp} HP left) takes +{power.amount} damage "
                f"from {hit}")
    elif effect == "reroll":
        what = f"{ally} rolls its missed attack against {creature_name(state, action.enemy)} again"
    elif effect == "heal":
        healed = state.creature(action.ally)
        after = min(healed.card.hp, healed.hp + power.amount)
        what = (f"{ally} regains up to {power.amount} HP ({healed.hp} of {healed.card.hp} now, "
                f"{after} after)")
    elif effect == "damage near":  # CL-12
        what = f"each enemy it sees within {power.near} of {ally} takes {power.amount} damage"
    elif effect == "set die":  # CL-12
        what = f"{ally} makes its missed attack again as a natural {power.natural}"
    else:
        whose = "its" if own else f"{ally}'s"
        what = f"{whose} conditions and ongoing damage end"
    return (f"{creature_name(state, action.champion)}: {power.name} ({'•' * power.cost}, "
            f"{left} of {champion.card.champion} champion points left after) — {what}")


def saved_log(steps: Sequence[Sequence[Event]], states: Sequence[GameState],
              notes: Sequence[tuple[int, int | None, str]] = (), quick: bool = False) -> list[LogLine]:
    """The log of a battle rebuilt from its save (``tactica resume``), as the live battle showed it.

    Args:
        steps: the events of each step: step 0 ``new_game``'s (the setup roll), then one per action
            (``Rebuilt.events``).
        states: the state after each step, as many as ``steps`` (``Rebuilt.states``).
        notes: the save's (step, player, text) lines that are no events (``SaveFile.notes``: the
            AI's intent), each put before the lines of action ``step``.
        quick: the quick setup made the set-up choices (``describe_events``).
    Returns the events described (``describe_events``, names from the last state); after an action
    whose hit destroyed the subject of a champion power, the line saying it was not offered
    (``lost_power_lines``, CHP-2; after the hits, before the end of the activation, as
    ``action_lines``), which the engine derives from that action's events and the state after it;
    and the notes in their places.  With no such line and no note it is
    ``describe_events`` of all the events.
    """
    final = states[-1]
    before: dict[int, list[LogLine]] = {}
    for step, player, text in notes:
        before.setdefault(step, []).append(LogLine(text, "info", player))
    out: list[LogLine] = []
    run: list[Event] = []  # events described together (a run of placements is one line, as live)
    for i, events in enumerate(steps):
        if i in before:
            out += describe_events(run, final, quick) + before[i]
            run = []
        lost = lost_power_lines(states[i], events) if i else []
        if lost:  # said after the hits, before the end of the activation or turn (``action_lines``)
            cut = _after_hits(events)
            out += describe_events(run + list(events[:cut]), final, quick) + lost
            run = list(events[cut:])
        else:
            run.extend(events)
    return out + describe_events(run, final, quick)

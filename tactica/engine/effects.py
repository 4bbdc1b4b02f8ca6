"""When conditions act and end: the start and end of turns and rounds.

Hooks the flow in ``game`` calls:

* ``start_of_activation`` — Regeneration (ABL), heal and harm auras
  (``aura_start_of_turn``), ongoing damage (docs/rules.md:
  at the start of the creature's turn), then the confusion table (CON-6,
  docs/rules.md April 2008).
* ``end_of_activation`` — a creature ending its turn in a pit is destroyed
  (TER-PIT); EFF-1 durations end, then one saving throw per *save ends*
  effect (SAV-1: unmodified d20, 10+ ends it); control of a confused
  creature goes back to its owner.
* ``end_of_player_turn`` — "until end of player's next turn" (EFF-2).
* ``end_of_round`` — "until end of round" (EFF-2), and player-turn
  durations whose player has no creatures left (docs/rules.md).

EFF-3: nothing here looks at whether the source creature still exists.
"""
from __future__ import annotations

from . import auras, rolls
from . import events as ev
from .abilities import defend, regeneration
from .combat import deal_damage, destroy
from .conditions import end_effects, ongoing_damage, stone_resist
from .footprint import footprint
from .members import DIE_ROLL_SAVE, DURATION_NEXT_TURN, DURATION_PLAYER_NEXT_TURN, DURATION_ROUND, DURATION_SAVE_ENDS
from .model import Square
from .numbers import save_bonuses
from .state import Creature, GameState

#: Lowest saving-throw face that ends an effect (SAV-1; docs/rules.md).
SAVE_SUCCESS = 10
#: Confusion table faces (CON-6; docs/rules.md): up to OWN the owner controls it,
#: up to IDLE it takes no action, above that the opponent controls it.
CONFUSED_OWN, CONFUSED_IDLE = 5, 15


def start_of_activation(state: GameState, me: Creature, out: list[ev.Event]) -> bool:
    """Start ``me``'s turn: count it, regenerate, deal ongoing damage, roll for confusion.

    Regeneration comes before heal auras, harm auras and ongoing damage (our
    choice: the owner would choose that order) and never raises HP above the card's.  Ongoing damage
    meets the creature's Immune / Vulnerable / Resist (not Insubstantial,
    which halves damage from attacks).  Mutates ``state``; returns False
    when ``me`` was destroyed (by ongoing damage).  A confused creature rolls a d20: 1–5 its player controls it;
    6–15 it takes no action (``state.no_action``); 16–20 the opponent
    controls it for the rest of its turn (``me.player`` becomes the
    opponent, ``me.owner`` remembers the owner, ``state.decider`` follows).
    """
    me.turns += 1
    regain = min(regeneration(me.card), me.card.hp - me.hp) if me.card.abilities else 0
    if me.regeneration_stopped:  # damage of its stopping type since its last turn (docs/rules.md ABL)
        me.regeneration_stopped = False
        if regain > 0:
            out.append(ev.RegenerationStopped(me.uid))
        regain = 0
    if regain > 0:
        me.hp += regain
        out.append(ev.CreatureHealed(me.uid, regain, me.hp))
    if state.facts().auras and not aura_start_of_turn(state, me, out):  # heal, then harm auras (ABL "Aura X")
        return False
    if not me.effects:  # no ongoing damage, not confused
        return True
    for damage_type, amount in ongoing_damage(me):
        state.round_had_combat = True
        source = next((e.source_player for e in me.effects
                       if e.is_ongoing and e.damage_type == damage_type), None)
        by = state.blame(me.player) if source is None else source
        steps: list[tuple[str, int]] = []
        if me.card.abilities:
            amount, steps = defend(me.card, amount, damage_type, attack=False)
        amount, stone = stone_resist(me, amount)  # CL-18: petrified resists 20
        steps += stone
        deal_damage(state, me, amount, damage_type, by, out, cause="ongoing", adjustments=tuple(steps))
        if not me.alive:
            return False
    if "confused" in me.conditions:
        face, state.dice = state.dice.roll(20)
        if face <= CONFUSED_OWN:
            result = "own control"
        elif face <= CONFUSED_IDLE:
            result = "no action"
            state.no_action = True
        else:
            result = "opponent control"
            me.owner = me.player
            me.player = state.opponent(me.player)
            state.decider = me.player
        out.append(ev.ConfusionRolled(me.uid, face, result, me.player))
    return True


def release_control(state: GameState, me: Creature | None) -> None:
    """Give a confused creature back to its owner and the decision to the turn player (CON-6)."""
    if me is not None and me.owner is not None:
        me.player, me.owner = me.owner, None
    state.no_action = False
    state.decider = state.turn_player


def ends_in_pit(state: GameState, me: Creature, anchor: Square | None = None) -> bool:
    """True when ``me`` ending its turn with its anchor square on ``anchor`` (default: where it stands)
    would be destroyed by the pit it is in (TER-PIT: every square it covers is a pit; a multi-square
    creature with one square on solid ground stays).  A pure query for clients too: the battle screen
    warns before such a move or end of activation, and the AI scores such a square as a loss.
    False for a creature off the map (destroyed, or not yet placed) when ``anchor`` is not given.
    """
    if anchor is None:
        if not me.alive or me.pos is None:
            return False
        anchor = me.pos
    if not state.geometry.pits:  # no pit on the map: no square destroys (TER-PIT; Geometry.pits)
        return False
    squares = footprint(anchor, me.card.size)
    rules_at = state.battle_map.rules_at
    return all(rules_at(sq).destroys for sq in squares)


def end_of_activation(state: GameState, me: Creature, out: list[ev.Event]) -> None:
    """End ``me``'s turn: a pit destroys it (TER-PIT); else EFF-1 durations run out, then saving
    throws (SAV-1).

    Durations first: an effect that ends now needs no save.  Then one d20 per
    *save ends* record in the order they were applied; 10 or more ends it, the
    card's conditional bonuses to saves that hold added (CL-1).
    A saving throw counts as combat for the tie-breaker (SCN-TIE).
    Mutates ``me`` and the dice.  Does nothing for a destroyed creature.
    """
    if not me.alive:
        return
    if ends_in_pit(state, me):  # TER-PIT: ends its turn in a pit
        me.hp = 0
        destroy(state, me, state.blame(me.player), out, cause="pit")
        return
    if state.facts().auras and not aura_start_of_turn(state, me, out, at="end"):  # CL-3: at a turn's end
        return
    if not me.effects:  # no durations to run out, no saving throws
        return
    expired = [e for e in me.effects
               if e.duration is DURATION_NEXT_TURN and e.until_turn <= me.turns]
    end_effects(me, expired, "duration", out)
    saved = []
    for e in me.effects:
        if e.duration is not DURATION_SAVE_ENDS:
            continue
        if me.card.dice:  # CL-13: the card changes its own saving throws
            face = rolls.roll_d20(state, me, DIE_ROLL_SAVE, lambda n: n >= SAVE_SUCCESS, out)
        else:
            face, state.dice = state.dice.roll(20)
        state.round_had_combat = True
        mods = tuple(save_bonuses(state, me)) if me.card.abilities else ()  # CL-1: bonuses to saves
        success = face + sum(v for _, v in mods) >= SAVE_SUCCESS
        out.append(ev.SavingThrowRolled(me.uid, e.name, face, success, modifiers=mods))
        if success:
            saved.append(e)
    end_effects(me, saved, "save", out)


def end_of_player_turn(state: GameState, player: int, out: list[ev.Event]) -> None:
    """End "until end of player's next turn" effects whose time has come (EFF-2)."""
    count = state.player_turns[player]
    for c in state.creatures:
        if not c.effects:
            continue
        done = [e for e in c.effects if e.duration is DURATION_PLAYER_NEXT_TURN
                and e.source_player == player and e.until_player_turn <= count]
        if done:
            end_effects(state.own(c), done, "duration", out)


def end_of_round(state: GameState, out: list[ev.Event]) -> None:
    """End "until end of round" effects, and player-turn effects of a player with no creatures left.

    Called after VP zones are scored and victory is checked (docs/rules.md
    "End of round").
    """
    left = {c.warband_player for c in state.creatures if c.alive}
    for c in state.creatures:
        if not c.effects:
            continue
        done = [e for e in c.effects if e.duration is DURATION_ROUND
                or (e.duration is DURATION_PLAYER_NEXT_TURN and e.source_player not in left)]
        if done:
            end_effects(state.own(c), done, "duration", out)


def next_player_turn(state: GameState, player: int) -> None:
    """Count the turn ``player`` begins now (``state.player_turns``)."""
    turns = list(state.player_turns)
    turns[player] += 1
    state.player_turns = tuple(turns)


def aura_start_of_turn(state: GameState, me: Creature, out: list[ev.Event], *, at: str = "start") -> bool:
    """Heal and harm auras on ``me`` as its turn starts (docs/rules.md ABL "Aura X") -- or, with
    ``at="end"``, as it ends (CL-3: auras whose ``timing`` is "end" or "both"); returns False
    if it was destroyed.

    Heal auras first (each distinct one: CreatureHealed, cause "aura"), never
    above the card's HP; then each distinct harm aura deals its damage
    (AuraHarmed, then DamageDealt with cause "aura"), meeting ``me``'s
    Immune / Vulnerable / Resist (not Insubstantial: not an attack).
    Damage is scored for the aura creature's player.
    """
    if not auras.any_auras(state):
        return True
    for aura, source in auras.covering(state, me, "heal"):
        if aura.timing not in (at, "both"):  # CL-3
            continue
        regain = min(aura.amount, me.card.hp - me.hp)
        if regain > 0:
            me.hp += regain
            out.append(ev.CreatureHealed(me.uid, regain, me.hp, "aura", source.uid))
    for aura, source in auras.covering(state, me, "harm"):
        if aura.timing not in (at, "both"):  # CL-3
            continue
        state.round_had_combat = True
        amount, steps = defend(me.card, aura.amount, aura.damage_type, attack=False,
                               auras=auras.resist_auras(state, me))
        out.append(ev.AuraHarmed(source.uid, me.uid, auras.label(aura)))
        deal_damage(state, me, amount, aura.damage_type, source.player, out, cause="aura",
                    adjustments=tuple(steps))
        if not me.alive:
            return False
    return True


__all__ = ["start_of_activation", "end_of_activation", "end_of_player_turn", "end_of_round",
           "release_control", "next_player_turn", "SAVE_SUCCESS"]

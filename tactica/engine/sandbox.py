"""Small battles drawn as text, for tests and rule examples.

``battle()`` turns a board like::

    ..#..
    .A.b.

into a state in the middle of an activation: upper-case letters are player
1's creatures, lower-case player 2's; each creature's uid *is* its letter.
Terrain uses ``terrain.SYMBOLS`` (as the rules cases do): '.'
clear, '#' wall, '^' difficult, 'T' forest, 'O' pit, '*' smoke, 'S' statue,
'%' blood rock, '+' sacred circle, '@' teleporter — so the letters T, O and
S are terrain, never creatures.  To put a creature *on* terrain, name it in
``under`` ({"A": Terrain.FOREST}).  A Large or Huge creature (its card's
``size`` 2 or 3) stands with its top-left square on the first occurrence of
its letter; the board may repeat the letter over the rest of its footprint
(later occurrences are only drawing).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from .dice import ScriptedDice
from .geometry import Geometry
from .members import (
    ATTACK_KIND_AREA,
    ATTACK_KIND_CLOSE,
    ATTACK_KIND_MELEE,
    ATTACK_KIND_RANGED,
    DEFENSE_AC,
    DEFENSE_DEF,
    PHASE_ACTING,
    PHASE_ACTIVATE,
    REACH_ADJACENT,
    REACH_BURST,
    REACH_LARGE_CONE,
    REACH_RANGE,
    REACH_SIGHT,
    REACH_SMALL_CONE,
)
from .model import AttackDef, CreatureCard, MapDef, Reach, Square, WarbandDef
from .state import ActiveEffect, Creature, GameState, Ruleset
from .terrain import SYMBOLS, Terrain


def melee(name: str = "Sword", bonus: int = 8, damage: int = 10, *, basic: bool = True, **kw: Any) -> AttackDef:
    """A melee attack line (RNG-1) vs AC."""
    return AttackDef(name=name, kind=ATTACK_KIND_MELEE, reach=REACH_ADJACENT, bonus=bonus,
                     defense=kw.pop("defense", DEFENSE_AC), damage=damage, basic=basic, **kw)


def ranged(name: str = "Bow", bonus: int = 6, damage: int = 10, *, reach: Reach = REACH_SIGHT,
           range: int | None = None, basic: bool = False, **kw: Any) -> AttackDef:
    """A ranged attack line (RNG-2) vs AC; ``range`` implies Reach.RANGE."""
    if range is not None:
        reach = REACH_RANGE
    return AttackDef(name=name, kind=kw.pop("kind", ATTACK_KIND_RANGED), reach=reach, range=range,
                     bonus=bonus, defense=kw.pop("defense", DEFENSE_AC), damage=damage, basic=basic, **kw)


def close(name: str = "Breath", reach: Reach = REACH_BURST, size: int | None = 1, bonus: int = 6,
          damage: int = 10, *, basic: bool = False, **kw: Any) -> AttackDef:
    """A close attack line (RNG-3) vs DEF: ``burst size`` by default; ``line size``; cones ignore size."""
    if reach in (REACH_SMALL_CONE, REACH_LARGE_CONE):
        size = None
    return AttackDef(name=name, kind=ATTACK_KIND_CLOSE, reach=reach, range=size, bonus=bonus,
                     defense=kw.pop("defense", DEFENSE_DEF), damage=damage, basic=basic, **kw)


def area(name: str = "Fireball", range: int | None = 10, radius: int = 1, bonus: int = 6,
         damage: int = 10, *, reach: Reach = REACH_RANGE, basic: bool = False, **kw: Any) -> AttackDef:
    """An area attack line (RNG-4) vs DEF: ``range X, radius R`` (``reach`` SIGHT or NEAREST without range)."""
    if reach is not REACH_RANGE:
        range = None
    return AttackDef(name=name, kind=ATTACK_KIND_AREA, reach=reach, range=range, radius=radius,
                     bonus=bonus, defense=kw.pop("defense", DEFENSE_DEF), damage=damage, basic=basic,
                     **kw)


def card(name: str = "Soldier", **kw: Any) -> CreatureCard:
    """A plain test creature: 20 points, AC 15, DEF 13, speed 6, 50 HP, a +8 melee for 10."""
    base: dict[str, Any] = dict(id=name.lower().replace(" ", "-"), name=name, cost=20, alignment="Unaligned",
                factions=("Civilization",), level=2, ac=15, defense=13, speed=6, hp=50,
                attacks=(melee(),))
    base.update(kw)
    return CreatureCard(**base)


def battle(board: str, cards: dict[str, CreatureCard] | None = None, *, dice: tuple[int, ...] = (),
           active: str | None = None, turn_player: int | None = None, rules: Ruleset | None = None,
           conditions: dict[str, set[str]] | None = None, hp: dict[str, int] | None = None,
           vp_zones: dict[str, set[Square]] | None = None,
           effects: dict[str, tuple[ActiveEffect, ...]] | None = None,
           under: dict[str, Terrain] | None = None,
           owners: dict[str, int] | None = None) -> GameState:
    """Build a battle from a text board.

    Args:
        board: text rows (see module doc).
        cards: card per letter; letters without one get ``card()``.
        dice: faces the scripted dice return, in order.
        active: letter of the creature whose activation is under way (its
            move and attack actions unused); None leaves the game waiting for
            ``turn_player`` to activate a creature.
        turn_player: whose turn it is (default: the active creature's owner, or 0).
        rules: battle settings.
        conditions: letter -> condition names (each lasting until the end of
            the battle).
        effects: letter -> ActiveEffect records (after those conditions).
        hp: letter -> current HP.
        vp_zones: {"A": squares, "B": squares}; player 1 uses area A.
        under: letter -> the terrain of that creature's square (else clear).
        owners: letter -> seat (0-based) for battles of three or four players
            (SCN-MULTI); letters not named follow the case rule.  Player p
            uses start area "ABCD"[p]; ``rules.teams`` gives the teams.
    Returns a GameState in Phase.ACTING (or Phase.ACTIVATE).
    """
    rows = [r for r in board.strip("\n").splitlines()]
    cards = dict(cards or {})
    creatures: list[Creature] = []
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch.isalpha() and ch not in SYMBOLS:
                if any(c.uid == ch for c in creatures):
                    continue  # the rest of a Large or Huge creature's footprint
                player = (owners or {}).get(ch, 0 if ch.isupper() else 1)
                c = cards.get(ch) or card(name=f"Creature {ch}")
                made = Creature(uid=ch, card=c, player=player, label=ch, pos=(x, y),
                                hp=(hp or {}).get(ch, c.hp), teams=(rules.teams if rules else ()))
                made.conditions = (conditions or {}).get(ch, ())
                made.effects += tuple((effects or {}).get(ch, ()))
                creatures.append(made)
    symbol = {t: s for s, t in SYMBOLS.items()}
    ground = [''.join(symbol[(under or {})[ch]] if ch in (under or {}) else ch for ch in row)
              for row in rows]
    map_ = MapDef.from_rows(ground, vp_zones={k: frozenset(v) for k, v in (vp_zones or {}).items()})
    n = max([2, len(rules.teams if rules else ())] + [c.player + 1 for c in creatures])
    wbs = tuple(WarbandDef(name=f"Player {p + 1}", faction="Civilization",
                           cards=tuple(c.card for c in creatures if c.player == p)) for p in range(n))
    st = GameState(rules=rules or Ruleset(), warbands=wbs, maps=(map_,), creatures=creatures,
                   dice=ScriptedDice(tuple(dice)), map=map_, geo=Geometry.for_map(map_), round=1,
                   areas={p: "ABCD"[p] for p in range(n)}, vp=[0] * n, player_turns=(0,) * n)
    if active is not None:
        me = st.creature(active)
        st.turn_player = me.player if turn_player is None else turn_player
        st.active_uid = active
        st.phase = PHASE_ACTING
        st.activations_left = 2
        me.turns = 1  # its activation has begun (durations count it)
    else:
        st.turn_player = turn_player or 0
        st.phase = PHASE_ACTIVATE
        st.activations_left = 2
    st.decider = st.turn_player
    st.first_turn = False
    if active is not None:  # the current turn has begun (durations count it)
        st.player_turns = tuple(1 if p == st.turn_player else 0 for p in range(n))
    # Like a state in the middle of a battle: its creatures are shared (copy-on-write, see
    # GameState.copy), so ``apply`` on a board meets shared creatures as it does in play;
    # ``st.creature(uid)`` still gives a changeable one for setting a test up.
    st.freeze()
    return st.copy()


__all__ = ["battle", "card", "melee", "ranged", "close", "area", "replace"]

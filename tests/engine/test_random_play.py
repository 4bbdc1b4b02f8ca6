"""Seeded random battles: invariants after every action, and determinism.

Each battle is set up through ``new_game`` and ``tactica.ai.setup.auto_setup``,
then played by picking among ``legal_actions``: uniformly with a seeded
generator, or (the invariant tests) by an index hypothesis draws at every step,
so a failing battle shrinks to the simplest run of choices that still fails
(the first legal action wherever the choice does not matter) and a small seed.  After every action:
no two creatures share a square, nobody stands on a wall, HP stays within
0..max, VP never go down, the deciding player always has something to do,
``check`` agrees with ``apply`` (on the chosen action, on a sample of other
legal actions and on some made-up illegal ones), and the same seed replays to
the same events and final state.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from hypothesis import HealthCheck, given, settings, strategies

from tactica.ai.setup import auto_setup
from tactica.engine import (
    Activate,
    Attack,
    Charge,
    ChooseFirstPlayer,
    GameState,
    IllegalAction,
    MapDef,
    Move,
    Phase,
    Reach,
    Shift,
    apply,
    check,
    legal_actions,
    new_game,
)
from tactica.engine.model import ConditionEffect, Duration, OngoingEffect
from tactica.engine.sandbox import area, card, close, melee, ranged

from ._util import warband

ROWS = [
    "..........",
    "...#......",
    "..^^..#...",
    "....#.^^..",
    "..........",
    "......#...",
]


def _map():
    w, h = len(ROWS[0]), len(ROWS)
    a = {(x, y) for x in range(2) for y in range(h) if ROWS[y][x] != "#"}
    b = {(x, y) for x in range(w - 2, w) for y in range(h) if ROWS[y][x] != "#"}
    return MapDef.from_rows(ROWS, id="fuzz", start_areas={"A": frozenset(a), "B": frozenset(b)},
                            vp_zones={"A": frozenset({(6, 0), (7, 0), (6, 1)}),
                                      "B": frozenset({(3, 4), (2, 5), (3, 5)})})


def _warbands():
    soldier = card("Soldier", hp=30, cost=25)
    captain = card("Captain", hp=40, cost=40, champion=2,
                   attacks=(melee("Blade", bonus=7, damage=15),
                            melee("Cleave", bonus=5, damage=25, basic=False,
                                  effects=(ConditionEffect("dazed", Duration.SAVE_ENDS),))))
    archer = card("Archer", hp=20, cost=30, speed=5,
                  attacks=(ranged("Bow", bonus=6, damage=10, range=8, basic=True),
                           melee("Knife", bonus=2, damage=5, basic=False,
                                 effects=(ConditionEffect("confused"),
                                          ConditionEffect("slowed", Duration.PLAYER_NEXT_TURN)))))
    volley = card("Volley", hp=20, cost=30, speed=4,
                  attacks=(melee("Staff", bonus=3, damage=5),
                           ranged("Volley", bonus=4, damage=5, reach=Reach.SIGHT, targets=2, basic=False),
                           ranged("Dart", bonus=5, damage=10, reach=Reach.NEAREST, basic=False,
                                  effects=(OngoingEffect(5, "fire"),
                                           ConditionEffect("immobilized", Duration.ROUND)))))
    scout = card("Scout", hp=10, cost=10, speed=8,
                 attacks=(melee("Knife", bonus=6, damage=10), close("Flash", size=1, damage=5),
                          area("Flare", range=5, radius=1, damage=5),
                          close("Spray", Reach.SMALL_CONE, damage=5), close("Bolt", Reach.LINE, 3, damage=5)))
    return (warband(captain, archer, soldier, scout, name="Red"),
            warband(soldier, volley, card("Brute", hp=50, cost=50, speed=4, champion=1), scout,
                    name="Blue"))


def _snapshot(st: GameState):
    return (st.phase, st.round, st.vp[0], st.vp[1], st.winner, st.dice.state, st.dice.rolls,
            tuple((c.uid, c.pos, c.hp, c.activated, c.destroyed) for c in st.creatures))


def _made_up_actions(st: GameState, rng: random.Random):
    """A few actions, mostly illegal, built from random pieces of the state."""
    uids = [c.uid for c in st.creatures] + ["nobody"]
    sq = (rng.randrange(-1, st.map.width + 1), rng.randrange(-1, st.map.height + 1))
    return [Activate(rng.choice(uids)), Move((sq,)), Shift(sq), ChooseFirstPlayer(rng.randrange(3)),
            Attack(rng.randrange(3), (rng.choice(uids),)), Charge(rng.choice(uids), (sq,))]


def _agree(st: GameState, action) -> bool:
    """Assert that ``check`` and ``apply`` agree on ``action``; return True if it is legal."""
    problem = check(st, action)
    try:
        apply(st, action)
    except IllegalAction as raised:
        assert problem is not None, f"check accepted {action!r}, apply refused: {raised.code}"
        assert problem.code == raised.code
        return False
    assert problem is None, f"check refused {action!r} ({problem.code}), apply accepted it"
    return True


def _check_invariants(before: GameState, st: GameState):
    squares = [c.pos for c in st.creatures if c.alive]
    assert len(squares) == len(set(squares)), "two creatures share a square"
    for c in st.creatures:
        assert 0 <= c.hp <= c.card.hp
        if c.alive:
            assert not st.geo.is_wall(c.pos) and c.hp > 0
        if c.destroyed:
            assert c.pos is None and c.hp == 0
    assert st.vp[0] >= before.vp[0] and st.vp[1] >= before.vp[1]
    assert st.round >= before.round
    if st.phase is Phase.ACTIVATE:
        assert st.unactivated(st.turn_player)
    if st.phase is Phase.ACTING:
        assert st.active_creature is not None and st.active_creature.alive
    if st.phase is Phase.OVER:
        assert st.winner in (0, 1) and legal_actions(st) == []
    # Conditions (CON-6, EFF-2): control comes back when the activation ends.
    if st.phase is not Phase.ACTING:
        assert not st.no_action and all(c.owner is None for c in st.creatures)
    if st.phase in (Phase.ACTIVATE, Phase.ACTING) and st.active_creature is not None:
        me = st.active_creature
        assert st.decider == (me.player if me.owner is not None else st.turn_player)
    for c in st.creatures:
        assert c.destroyed or c.player == int(c.uid[1]) - 1 or c.uid == st.active_uid
        if c.alive:
            assert all(e.duration is not Duration.ROUND for e in c.effects) or st.phase in (
                Phase.ACTIVATE, Phase.ACTING)


def play(seed: int, max_actions: int = 160, probe: bool = True, *, warbands=None, map_=None,
         choose: Callable[[Sequence], object] | None = None):
    """Play one random battle; return (events, final state, actions taken).

    ``seed`` seeds the battle's dice and the generator that picks the probes (and the actions,
    unless ``choose`` picks each action from the legal ones instead).
    """
    rng = random.Random(seed)
    pick = choose or rng.choice
    st, events = new_game(warbands or _warbands(), (map_ or _map(),), seed=seed)
    st, more = auto_setup(st)
    events += more
    taken = []
    for _ in range(max_actions):
        if st.phase is Phase.OVER:
            break
        options = legal_actions(st)
        assert options, f"no legal action in phase {st.phase}"
        assert len(set(options)) == len(options), "duplicate legal actions"
        action = pick(options)
        if probe:
            refused = [(a, check(st, a).code) for a in options if check(st, a) is not None]
            assert refused == [], "legal_actions lists actions that check refuses"
            for other in rng.sample(options, min(3, len(options))):
                assert _agree(st, other)
            for made_up in _made_up_actions(st, rng):
                _agree(st, made_up)
        new, out = apply(st, action)
        _check_invariants(st, new)
        st = new
        events += out
        taken.append(action)
    return events, st, taken


#: Battle seeds: the dice and the probes (any 32-bit number).
seeds = strategies.integers(min_value=0, max_value=2**32 - 1)


def battles(examples: int) -> settings:
    """Hypothesis settings for ``examples`` whole battles (one battle takes most of a second: no deadline)."""
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def drawn(data) -> Callable[[Sequence], object]:
    """Pick each action by an index drawn from ``data`` (hypothesis shrinks it toward 0, the first)."""
    return lambda options: options[data.draw(strategies.integers(0, len(options) - 1))]


@battles(6)
@given(seed=seeds, data=strategies.data())
def test_random_battles_keep_the_invariants(seed, data):
    events, st, taken = play(seed, choose=drawn(data))
    assert taken, "the battle never got going"
    assert st.round >= 1


TERRAIN_ROWS = [
    "....T.....",
    "..%.TO.@..",
    "..^^..#+..",
    "..+.#.^^..",
    "..@.OT.%..",
    "....*S*...",
]


def _terrain_battle():
    """Every terrain kind, and creatures with every ability (TER-*, MOV-9..11, ABL-1, ABL-2)."""
    from tactica.engine import abilities as ab
    rows = TERRAIN_ROWS
    w, h = len(rows[0]), len(rows)
    a = {(x, y) for x in range(2) for y in range(h)}
    b = {(x, y) for x in range(w - 2, w) for y in range(h)}
    m = MapDef.from_rows(rows, id="fuzz-terrain", start_areas={"A": frozenset(a), "B": frozenset(b)},
                         vp_zones={"A": frozenset({(7, 0), (8, 0)}), "B": frozenset({(1, 5), (2, 5)})})
    red, blue = _warbands()
    gifts = [(ab.Flight(), ab.SneakAttack(10)), (ab.Burrow(), ab.Resist(5, "all")),
             (ab.Phasing(), ab.Insubstantial()), (ab.ThreateningReach(), ab.Regeneration(5)),
             (ab.Flight(), ab.MultipleThreats(), ab.PowerfulCharge(10)),
             (ab.Vulnerable(5, "fire"), ab.Immune(condition="dazed")), (ab.Immune(damage_type="fire"),),
             (ab.MultiActivation(2), ab.Aura(2, "attack", 2, name="Hymn")),
             (ab.Aura(1, "harm", 5, "enemies", damage_type="poison"), ab.Aura(2, "heal", 5)),
             (ab.Aura(2, "speed", -2, "enemies"), ab.Aura(1, "defense", 2, include_self=True),
              ab.Aura(1, "resist", 5, damage_type="all"), ab.Aura(2, "damage", 5, "all"))]
    cards = [replace(c, abilities=gifts[i % len(gifts)]) for i, c in enumerate(red.cards + blue.cards)]
    n = len(red.cards)
    return (replace(red, cards=tuple(cards[:n])), replace(blue, cards=tuple(cards[n:]))), m


@battles(3)
@given(seed=seeds, data=strategies.data())
def test_random_battles_on_every_terrain_with_abilities_keep_the_invariants(seed, data):
    warbands, m = _terrain_battle()
    events, st, taken = play(seed, max_actions=200, warbands=warbands, map_=m, choose=drawn(data))
    assert taken and st.round >= 1
    for c in st.creatures:
        if c.alive:
            assert st.map.rules_at(c.pos).can_stop                       # never on a statue
            if st.map.rules_at(c.pos).fliers_only:                       # TER-PIT
                assert c.uid == st.active_uid and c.card.abilities[0].kind == "flight"


def test_random_battles_reach_the_end_sometimes():
    # Without probing, play long enough that some battle is won (so the end is exercised).
    endings = [play(seed, max_actions=600, probe=False)[1].phase for seed in (21, 34)]
    assert Phase.OVER in endings


def test_same_seed_and_actions_replay_to_the_same_events():
    events1, st1, taken = play(7, probe=False)
    events2, st2, _ = play(7, probe=False)
    assert events1 == events2 and _snapshot(st1) == _snapshot(st2)
    # Replaying the recorded actions (not the random picks) gives the same again.
    st, ev3 = new_game(_warbands(), (_map(),), seed=7)
    st, more = auto_setup(st)
    ev3 += more
    for action in taken:
        st, out = apply(st, action)
        ev3 += out
    assert ev3 == events1 and _snapshot(st) == _snapshot(st1)


def test_different_seeds_give_different_battles():
    assert play(7, max_actions=40, probe=False)[0] != play(8, max_actions=40, probe=False)[0]


def test_apply_never_changes_its_input_state():
    _, st, _ = play(11, max_actions=30, probe=False)
    before = _snapshot(st)
    for action in legal_actions(st)[:20]:
        apply(st, action)
        assert _snapshot(st) == before

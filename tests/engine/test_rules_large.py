"""Large (2×2) and Huge (3×3) creatures: MOV-13 and every rule that looks at squares.

A big creature stands with its top-left square (its anchor, ``pos``) on the
first occurrence of its letter; the boards repeat the letter over the rest of
its footprint for the reader.
"""
from __future__ import annotations

from tactica.engine import (
    AreaAttack,
    Attack,
    Charge,
    ChooseStartArea,
    Move,
    Phase,
    Place,
    Shift,
    Terrain,
    legal_actions,
    new_game,
)
from tactica.engine import events as ev
from tactica.engine.combat import flanking, has_cover, in_reach, modifiers
from tactica.engine.footprint import footprint, gap, touching
from tactica.engine.movement import routes
from tactica.engine.sandbox import battle, card, close, ranged

from ._util import of, open_map, refused, run, warband, with_terrain

OGRE = card("Ogre", size=2, speed=5, hp=80)
GIANT = card("Giant", size=3, speed=6, hp=120)


def _dests(st):
    return {a.path[-1] for a in legal_actions(st) if isinstance(a, Move)}


def test_mov_13_footprint_is_the_block_right_and_down_from_the_anchor():
    assert footprint((2, 3), 1) == ((2, 3),)
    assert footprint((2, 3), 2) == ((2, 3), (3, 3), (2, 4), (3, 4))
    assert len(footprint((0, 0), 3)) == 9 and footprint((0, 0), 3)[-1] == (2, 2)
    st = battle("LL.b\nLL..", {"L": OGRE}, active="L")
    assert st.creature("L").squares == ((0, 0), (1, 0), (0, 1), (1, 1))
    assert st.creature_at((1, 1)).uid == "L" and st.creature_at((2, 1)) is None
    assert gap((0, 0), 2, (3, 0), 1) == 2 and touching((0, 0), 2, (2, 1), 1)


def test_mov_13_large_creature_passes_no_square_holding_an_enemy():
    # The ogre fills (0,0)-(1,1).  One step right (1..2, 0..1) is free; a second step right
    # would cover b's square (3,1), so it may not pass there, not even on its way.
    board = ("LL.....\n"
             "LL.b...\n"
             ".......\n"
             ".......")
    st = battle(board, {"L": OGRE}, active="L")
    assert refused(st, Move(((1, 0), (2, 0)))) == "enemy"
    assert refused(st, Move(((1, 1), (2, 1)))) == "enemy"
    dests = _dests(st)
    assert (1, 0) in dests and (2, 0) not in dests and (2, 1) not in dests
    # Going round below b is fine: (3,2) fills (3..4, 2..3).
    # (1,2) puts its square (2,2) next to b, so leaving it provokes b (a natural 1 misses).
    st.dice = st.dice.__class__((1,))
    st2, out = run(st, Move(((0, 1), (1, 2), (2, 2), (3, 2))))
    assert st2.creature("L").pos == (3, 2)
    assert of(out, ev.OpportunityAttackProvoked) == [ev.OpportunityAttackProvoked("b", "L", "move")]
    # An ally is passed through, never stopped on.
    st = battle(board.replace("b", "B"), {"L": OGRE}, active="L")
    st2, _ = run(st, Move(((1, 0), (2, 0), (3, 0), (4, 0))))
    assert st2.creature("L").pos == (4, 0)
    assert refused(st, Move(((1, 0), (2, 0)))) == "occupied"


def test_mov_13_leaving_difficult_terrain_ignores_the_squares_it_started_in():
    st = battle("LL....\nLL....\n......", {"L": OGRE}, active="L")
    # Its four squares and the column x=2 are difficult; x=3 is clear.
    st = with_terrain(st, {sq: Terrain.DIFFICULT for sq in ((0, 0), (1, 0), (0, 1), (1, 1), (2, 0), (2, 1))})
    found = routes(st, st.creature("L"), 5)
    # One step right enters (2,0),(2,1): difficult, 2.  The second enters (3,0),(3,1): clear, 1,
    # though (2,0),(2,1) are still under it.
    assert found[(1, 0)].cost == 2
    assert found[(2, 0)].cost == 3
    # Stepping down enters (0,2),(1,2): clear, so 1, though (0,1),(1,1) stay difficult.
    assert found[(0, 1)].cost == 1
    # With a speed of 5: right 2 squares (3) then 2 more clear steps (5).
    assert found[(4, 0)].cost == 5 and (5, 0) not in found
    st2, out = run(st, Move(((1, 0), (2, 0), (3, 0), (4, 0))))
    assert st2.creature("L").pos == (4, 0)


def test_mov_13_entering_difficult_terrain_still_costs_two():
    st = battle("LL....\nLL....\n......", {"L": OGRE}, active="L")
    # One difficult square in the column it enters is enough.
    st = with_terrain(st, {(2, 1): Terrain.DIFFICULT})
    found = routes(st, st.creature("L"), 5)
    assert found[(1, 0)].cost == 2
    assert found[(1, 1)].cost == 2     # diagonal: enters (2,1),(2,2),(1,2)
    assert found[(0, 1)].cost == 1     # down: enters (0,2),(1,2), both clear
    # Right four squares: 2 + 1 + 1 + 1 = 5, all its speed.
    st2, _ = run(st, Move(((1, 0), (2, 0), (3, 0), (4, 0))))
    assert st2.creature("L").pos == (4, 0)
    wide = with_terrain(battle("LL.....\nLL.....\n.......", {"L": OGRE}, active="L"),
                        {(2, 1): Terrain.DIFFICULT})
    assert refused(wide, Move(((1, 0), (2, 0), (3, 0), (4, 0), (5, 0)))) == "too-far"
    # A single-square creature in the same place pays only for what it enters.
    small = with_terrain(battle("A.....\n......", active="A"), {(2, 1): Terrain.DIFFICULT})
    assert routes(small, small.creature("A"), 6)[(2, 0)].cost == 2


def test_mov_13_large_creature_needs_room_for_its_whole_footprint():
    # A corridor one square wide stops the ogre; two squares wide lets it through.
    narrow = ("LL#....\n"
              "LL.....\n"
              "..#....")
    st = battle(narrow, {"L": OGRE}, active="L")
    assert refused(st, Move(((1, 0),))) == "wall"
    assert (1, 0) not in _dests(st) and (1, 1) not in _dests(st)
    assert (0, 1) in _dests(st)            # down one: (0..1, 1..2) is clear
    wide = ("LL.....\n"
            "LL.....\n"
            "..#....")
    st = battle(wide, {"L": OGRE}, active="L")
    assert (3, 0) in _dests(st) and (5, 0) in _dests(st)
    # It may not stop with a square on a statue, nor off the map.
    st = with_terrain(battle("LL...\nLL...\n.....", {"L": OGRE}, active="L"), {(3, 1): Terrain.STATUE})
    assert refused(st, Move(((1, 0), (2, 0)))) == "no-stop"
    assert refused(st, Move(((0, 1), (0, 2)))) == "wall"   # (0..1, 2..3): row 3 is off the map


def test_mov_13_shift_of_a_large_creature_enters_no_difficult_square():
    st = with_terrain(battle("LL..\nLL..\n....", {"L": OGRE}, active="L"), {(2, 1): Terrain.DIFFICULT})
    assert refused(st, Shift((1, 0))) == "bad-shift"      # would enter (2,0) and (2,1)
    st2, out = run(st, Shift((0, 1)))                       # enters (0,2), (1,2): clear
    assert st2.creature("L").pos == (0, 1)
    assert of(out, ev.CreatureMoved) == [ev.CreatureMoved("L", (0, 0), ((0, 1),), "shift")]


def test_rng_01_large_creature_is_adjacent_through_any_of_its_squares():
    bite = card("Biter")
    st = battle("LL..\nLLb.\n....", {"L": OGRE, "b": bite}, active="b", dice=(15,))
    # b at (2,1) touches L's square (1,1) (and (1,0) diagonally), not its anchor (0,0).
    assert in_reach(st, st.creature("b"), st.creature("L"), bite.basic_attack) is None
    st2, out = run(st, Attack(0, ("L",)))
    assert of(out, ev.DamageDealt)[0].target == "L"
    # The ogre reaches b from any of its squares too; one square away it does not.
    st = battle("LL...\nLL.b.\n.....", {"L": OGRE}, active="L")
    assert in_reach(st, st.creature("L"), st.creature("b"), OGRE.basic_attack)[0] == "not-adjacent"


def test_los_01_large_creature_is_seen_through_any_of_its_squares():
    board = ("A.#..\n"
             "..#gg\n"
             "...gg\n"
             ".....")
    bow = ranged(range=10)
    st = battle(board, {"A": card("Archer", attacks=(bow,)), "g": card("Ogre", size=2)}, active="A")
    # The anchor (3,1) is hidden behind the wall; (3,2) is in plain sight.
    assert not st.geo.line_of_sight((0, 0), (3, 1)) and st.geo.line_of_sight((0, 0), (3, 2))
    assert in_reach(st, st.creature("A"), st.creature("g"), bow) is None
    small = battle(board.replace("gg", "l.", 1).replace("gg", ".."), {"A": card("Archer", attacks=(bow,))},
                   active="A")
    assert small.creature("l").pos == (3, 1)
    assert in_reach(small, small.creature("A"), small.creature("l"), bow)[0] == "no-sight"


def test_flk_1_large_target_flanked_through_any_of_its_squares():
    # The ogre fills (2,1)-(3,2).
    st = battle("......\n.Agg.B\n..gg..\n......", {"g": OGRE}, active="A")
    a, g = st.creature("A"), st.creature("g")
    assert not flanking(st, a, g)            # B at (5,1) is not adjacent to g
    st = battle("......\n.Agg..\n..ggB.\n......", {"g": OGRE}, active="A")
    # A (1,1) and B (4,2): the line between their centres crosses g's square (2,1) west to east.
    assert flanking(st, st.creature("A"), st.creature("g"))
    assert ("combat advantage", 2) in modifiers(st, st.creature("A"), st.creature("g"), melee_of(st, "A"))
    st = battle(".....\n.Agg.\n..gg.\n..B..", {"g": OGRE}, active="A")
    # A (1,1) and B (2,3): the line enters (2,2) from the west and leaves south: no two opposite sides.
    assert not flanking(st, st.creature("A"), st.creature("g"))


def test_flk_1_large_attacker_flanks_from_any_of_its_squares():
    st = battle("LL...\nLLbA.\n.....", {"L": OGRE}, active="L")
    # The centre of L's square (1,1) and of A (3,1) line up through b (2,1), west to east.
    assert flanking(st, st.creature("L"), st.creature("b"))
    st = battle("LL...\nLLb..\n...A.", {"L": OGRE}, active="L")
    # From L's (1,0) through b's NW and SE corners to A (3,2): opposite corners.
    assert flanking(st, st.creature("L"), st.creature("b"))


def melee_of(st, uid):
    return st.creature(uid).card.basic_attack


def test_cov_2_large_target_uses_its_least_covered_square():
    board = ("A......\n"
             ".......\n"
             "..#LL..\n"
             "...LL..")
    bow = ranged(range=10)
    st = battle(board, {"A": card("Archer", attacks=(bow,)), "L": card("Ogre", size=2)}, active="A")
    assert not has_cover(st, st.creature("A"), st.creature("L"), bow)
    # A single creature on the ogre's anchor square (3,2) would have cover from the wall.
    small = battle(board.replace("LL", "l.", 1).replace("LL", ".."), {"A": card("Archer", attacks=(bow,))},
                   active="A")
    assert has_cover(small, small.creature("A"), small.creature("l"), bow)


def test_cov_4_large_enemy_gives_cover_with_any_of_its_squares():
    bow = ranged(range=10)
    board = ("..gg...\n"
             "A.gg.b.\n"
             ".......")
    st = battle(board.replace("b", "c"), {"A": card("Archer", attacks=(bow,)), "g": OGRE}, active="A")
    # g (player 2's ogre, (2,0)-(3,1)) stands between A and c: c has cover (COV-4).
    assert has_cover(st, st.creature("A"), st.creature("c"), bow)
    # A single creature on g's anchor square alone would not block those lines.
    small = battle(board.replace("b", "c").replace("gg", "g.", 1).replace("gg", ".."),
                   {"A": card("Archer", attacks=(bow,))}, active="A")
    assert not has_cover(small, small.creature("A"), small.creature("c"), bow)
    # An attacker's own Large ally never gives cover.
    ally = battle(board.replace("b", "c").replace("g", "G"), {"A": card("Archer", attacks=(bow,)), "G": OGRE},
                  active="A")
    assert not has_cover(ally, ally.creature("A"), ally.creature("c"), bow)


def test_rng_3_burst_attacks_a_large_creature_once():
    burst = close(size=1)
    st = battle(".....\n...gg\n..Agg\n.....", {"A": card("Mage", attacks=(burst,)), "g": OGRE},
                active="A", dice=(15,))
    acts = [a for a in legal_actions(st) if isinstance(a, AreaAttack)]
    assert acts == [AreaAttack(0, (2, 2), ("g",), 0)]
    st2, out = run(st, acts[0])
    assert [e.target for e in of(out, ev.AttackRolled)] == ["g"]
    assert len(of(out, ev.DamageDealt)) == 1 and st2.creature("g").hp == 70


def test_rng_3_burst_of_a_large_creature_spreads_from_every_square():
    burst = close(size=1)
    st = battle("......\n.LL...\n.LL...\n...b..", {"L": card("Ogre", size=2, attacks=(burst,))},
                active="L", dice=(15,))
    acts = [a for a in legal_actions(st) if isinstance(a, AreaAttack)]
    # b at (3,3) is diagonally next to L's square (2,2): inside the burst.
    assert acts == [AreaAttack(0, (1, 1), ("b",), 0)]


def test_oa_1_large_creature_threatens_from_any_of_its_squares():
    st = battle("LL...\nLLb..\n.....", {"L": OGRE}, active="b", dice=(1,))
    st2, out = run(st, Move(((3, 1),)))
    assert of(out, ev.OpportunityAttackProvoked) == [ev.OpportunityAttackProvoked("L", "b", "move")]


def test_chg_3_large_charger_ends_on_the_nearest_space_from_which_it_can_attack():
    st = battle("LL...b.\nLL.....\n.......\n.......", {"L": OGRE}, active="L", dice=(15,))
    charges = [a for a in legal_actions(st) if isinstance(a, Charge)]
    # b is at (5,0); the ogre needs its footprint next to b: (3,0) or (3,1), 3 steps away.
    assert {c.path[-1] for c in charges} == {(3, 0), (3, 1)}
    st2, out = run(st, Charge("b", ((1, 0), (2, 0), (3, 0))))
    assert st2.creature("L").pos == (3, 0)
    assert of(out, ev.AttackRolled)[0].kind == "charge"


def test_set_3_large_creature_deploys_wholly_inside_its_start_area():
    area_a = {(x, y) for x in (0, 1) for y in range(4)}
    m = open_map(6, 4, a=area_a)
    st, _ = new_game((warband(OGRE, card("Squire")), warband(card("Foe"))), (m,),
                     dice=__import__("tactica.engine", fromlist=["ScriptedDice"]).ScriptedDice((15, 5)))
    st, _ = run(st, ChooseStartArea("B"))   # player 2 chose B: player 1 (the roll winner) deploys in A
    assert st.phase is Phase.DEPLOY and st.decider == 0
    places = [a for a in legal_actions(st) if isinstance(a, Place)]
    assert [p.square for p in places] == [(0, 0), (0, 1), (0, 2)]
    assert refused(st, Place(places[0].uid, (1, 0))) == "bad-square"   # (2,0) is outside the area
    st, _ = run(st, Place(places[0].uid, (0, 1)))
    # The squire may take only the squares the ogre left free.
    places = [a.square for a in legal_actions(st) if isinstance(a, Place)]
    assert places == [(0, 0), (1, 0), (0, 3), (1, 3)]


def test_set_3_large_creature_placed_as_near_as_possible_when_the_area_is_too_small():
    m = open_map(6, 4, a={(0, 0), (0, 1)})
    from tactica.engine import ScriptedDice
    st, _ = new_game((warband(OGRE), warband(card("Foe"))), (m,), dice=ScriptedDice((15, 5)))
    st, _ = run(st, ChooseStartArea("B"))
    places = [a.square for a in legal_actions(st) if isinstance(a, Place)]
    # No 2×2 space fits in a 1×2 area; the spaces whose farthest square is 1 from it.
    assert places == [(0, 0), (0, 1)]


# -- Huge creatures: squeeze (docs/rules.md glossary) -------------------------------------------

def test_mov_13_squeeze_moves_as_2x2_half_speed_and_ends_in_a_3x3_space():
    # A corridor 2 squares wide (x = 4, 5) through a wall; the giant (speed 6) squeezes 3 squares.
    board = ("..GGG...\n"
             "..GGG...\n"
             "..GGG...\n"
             "###..###\n"
             "........\n"
             "........\n"
             "........")
    st = battle(board, {"G": GIANT}, active="G")
    me = st.creature("G")
    assert me.pos == (2, 0)
    # A plain move cannot get the 3×3 body through the 2-wide gap.
    assert not any(y >= 2 for _, y in _dests(st))
    squeezes = [a for a in legal_actions(st) if type(a).__name__ == "Squeeze"]
    ends = {a.path[-1] for a in squeezes}
    # Speed 6 gives 3 squares of squeezing: not enough to get the whole 3×3 body past row 3
    # (the first 3×3 space below the wall is anchored at (3,4), 4 steps away).
    assert all(y < 3 for _, y in ends)
    from tactica.engine.actions import Squeeze
    fast = battle(board, {"G": card("Giant", size=3, speed=8)}, active="G")
    ends = {a.path[-1] for a in legal_actions(fast) if isinstance(a, Squeeze)}
    assert (3, 4) in ends                       # 4 steps = half of 8, out below the wall
    assert refused(fast, Squeeze(((3, 1), (3, 2), (3, 3)))) == "wall"       # a 3×3 at (3,3) overlaps walls
    assert refused(fast, Squeeze(((3, 1), (3, 2), (3, 3), (3, 4), (3, 4)))) in ("not-adjacent", "too-far")
    assert refused(st, Squeeze(((3, 1), (3, 2), (3, 3), (3, 4)))) == "too-far"     # 4 > 6 // 2
    st2, out = run(fast, Squeeze(((3, 1), (3, 2), (3, 3), (3, 4))))
    g = st2.creature("G")
    assert g.pos == (3, 4) and "squeezing" not in g.conditions      # expanded: the squeeze is over
    assert of(out, ev.CreatureMoved) == [ev.CreatureMoved("G", (2, 0), ((3, 1), (3, 2), (3, 3), (3, 4)),
                                                          "squeeze")]
    assert of(out, ev.ConditionEnded) == [ev.ConditionEnded("G", "squeezing", "expanded")]
    # Not for smaller creatures.
    ogre = battle("LL..\nLL..\n....", {"L": OGRE}, active="L")
    assert refused(ogre, Squeeze(((1, 0),))) == "not-huge"


def test_mov_13_squeezing_grants_combat_advantage_and_attacks_at_minus_5():
    from tactica.engine import ActiveEffect, Duration
    board = ("GGG.....\n"
             "GGG.....\n"
             "GGG.....\n"
             "...b....")
    squeezing = {"G": (ActiveEffect("squeezing", Duration.BATTLE),)}
    st = battle(board, {"G": card("Giant", size=3, speed=8)}, active="G", dice=(15,), effects=squeezing)
    g, b = st.creature("G"), st.creature("b")
    assert ("squeezing", -5) in modifiers(st, g, b, g.card.basic_attack)
    assert ("combat advantage", 2) in modifiers(st, b, g, b.card.basic_attack)
    _, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.AttackRolled)[0].total == 15 + 8 - 5


def test_mov_13_squeeze_penalties_last_for_the_squeezing_move_only():
    # docs/rules.md Squeeze: combat advantage against it and -5 to its attacks during that move
    # only.  a (3,0) touches the giant where the squeeze starts: its opportunity attack has
    # combat advantage; once the giant has expanded (to 1..3, 1..3, still touching a), a would
    # attack it without, and the giant's own attack on a takes no -5.
    from tactica.engine.actions import Squeeze
    board = ("GGGa....\n"
             "GGG.....\n"
             "GGG.....\n"
             "........")
    st = battle(board, {"G": card("Giant", size=3, speed=8)}, active="G", dice=(1, 15))
    st2, out = run(st, Squeeze(((1, 1),)))
    oa, = of(out, ev.AttackRolled)
    assert oa.attacker == "a" and ("combat advantage", 2) in oa.modifiers
    assert [type(e).__name__ for e in out if isinstance(e, (ev.ConditionApplied, ev.ConditionEnded,
                                                             ev.CreatureMoved))] == [
        "ConditionApplied", "CreatureMoved", "ConditionEnded"]
    g, a = st2.creature("G"), st2.creature("a")
    assert "squeezing" not in g.conditions
    assert tuple(modifiers(st2, g, a, g.card.basic_attack)) == ()
    assert tuple(modifiers(st2, a, g, a.card.basic_attack)) == ()
    _, out = run(st2, Attack(0, ("a",)))
    roll, = of(out, ev.AttackRolled)
    assert roll.total == 15 + 8 and roll.modifiers == ()


def test_mov_13_squeeze_expands_into_any_legal_3x3_space_holding_its_2x2_end():
    # A gap two squares wide (x = 1, 2) in a wall on row 3.  The giant (speed 8: 4 squeezed
    # squares) squeezes its 2×2 block down to (1, 4): squares (1..2, 4..5).  The space down
    # and to the right, (1..3, 4..6), holds a statue at (3, 6): no stop there.  The space one
    # square left, (0..2, 4..6), is clear: it may expand there (docs/rules.md Squeeze).
    from tactica.engine.actions import Squeeze
    board = ("GGG.....\n"
             "GGG.....\n"
             "GGG.....\n"
             "#..#####\n"
             "........\n"
             "........\n"
             "...S....")
    st = battle(board, {"G": card("Giant", size=3, speed=8)}, active="G", dice=(1,))
    path = ((1, 1), (1, 2), (1, 3), (1, 4))
    by_end = {a.destination: a for a in legal_actions(st) if isinstance(a, Squeeze)}
    assert by_end[(0, 4)] == Squeeze(path, (0, 4))
    assert (1, 4) not in by_end                                     # down-right: the statue
    assert refused(st, Squeeze(path)) == "no-stop"
    assert refused(st, Squeeze(path, (2, 4))) == "bad-expand"       # does not hold (1..2, 4..5)
    assert refused(st, Squeeze(path, (0, 3))) == "bad-expand"       # holds it, but the wall
    st2, out = run(st, Squeeze(path, (0, 4)))
    g = st2.creature("G")
    assert g.pos == (0, 4) and g.squares == footprint((0, 4), 3)
    assert of(out, ev.CreatureMoved) == [ev.CreatureMoved("G", (0, 0), path, "squeeze"),
                                         ev.CreatureMoved("G", (1, 4), ((0, 4),), "expand")]
    assert "squeezing" not in g.conditions


def test_mov_13_squeeze_may_expand_up_and_left_past_its_start_side():
    # Every space that holds the 2×2 end is offered when it is legal, once, with the cheapest
    # squeeze that reaches it; never the space it started in.  Speed 2: one squeezed square.
    from tactica.engine.actions import Squeeze
    board = ("........\n"
             "........\n"
             "........\n"
             "...GGG..\n"
             "...GGG..\n"
             "...GGG..")
    st = battle(board, {"G": card("Giant", size=3, speed=2)}, active="G")
    squeezes = [a for a in legal_actions(st) if isinstance(a, Squeeze)]
    ends = {a.destination: a for a in squeezes}
    assert len(ends) == len(squeezes)
    assert ends[(2, 1)] == Squeeze(((2, 2),), (2, 1))               # up-left one, then expand up
    assert ends[(3, 2)] == Squeeze(((3, 2),))                        # up one, expand down and right
    assert ends[(1, 1)] == Squeeze(((2, 2),), (1, 1))               # up-left one, expand up and left
    assert (3, 3) not in ends                                        # back where it started: no move
    assert all(len(a.path) == 1 for a in squeezes)


def test_mov_13_squeeze_provokes_only_enemies_adjacent_at_the_start():
    from tactica.engine.actions import Squeeze
    board = ("GGGa....\n"
             "GGG.....\n"
             "GGG.b...\n"
             "........\n"
             "........\n"
             "........")
    st = battle(board, {"G": card("Giant", size=3, speed=8)}, active="G", dice=(1,))
    # a (3,0) touches the giant at the start.  b (4,2) is touched only on the way, when the
    # 2×2 body stands at (2,1) (squares (2..3, 1..2)); a plain move would provoke it there.
    st2, out = run(st, Squeeze(((1, 0), (2, 1), (1, 2))))
    assert st2.creature("G").pos == (1, 2)
    assert of(out, ev.OpportunityAttackProvoked) == [ev.OpportunityAttackProvoked("a", "G", "move")]
    # The opportunity attack is made with combat advantage: the giant is squeezing.
    assert ("combat advantage", 2) in of(out, ev.AttackRolled)[0].modifiers


def test_mov_13_aura_of_a_large_creature_reaches_from_any_of_its_squares():
    from tactica.engine.abilities import Aura
    from tactica.engine.auras import reaches, squares
    hymn = Aura(radius=1, effect="attack", amount=2, name="War Drum")
    drummer = card("Drummer", size=2, abilities=(hymn,))
    st = battle("HH...\nHH...\n..A..\n....b", {"H": drummer}, active="A")
    # A (2,2) is 2 from the anchor (0,0) but diagonally next to H's square (1,1).
    assert reaches(st, st.creature("H"), hymn, st.creature("A"))
    assert ("War Drum", 2) in modifiers(st, st.creature("A"), st.creature("b"), st.creature("A").card.basic_attack)
    assert (2, 2) in squares(st, st.creature("H"), hymn) and (3, 3) not in squares(st, st.creature("H"), hymn)

"""Multiplayer (SCN-MULTI): teams sharing a start area and a VP total, and free-for-all."""
from __future__ import annotations

import pytest

from tactica.engine import (
    Activate,
    AreaAttack,
    Attack,
    ChooseFirstPlayer,
    ChooseStartArea,
    EndActivation,
    MapDef,
    Phase,
    Ruleset,
    ScriptedDice,
    legal_actions,
    new_game,
)
from tactica.engine import events as ev
from tactica.engine.combat import flanking
from tactica.engine.sandbox import battle, card, close

from ._util import deploy_all, of, refused, run, warband

TEAMS = Ruleset(teams=(0, 1, 0, 1), vp_target=300)


def corner_map(size: int = 8) -> MapDef:
    """An open square map with a 2×2 start area in each corner: A NW, B NE, C SW, D SE."""
    far = size - 2
    block = lambda x0, y0: frozenset((x, y) for x in (x0, x0 + 1) for y in (y0, y0 + 1))  # noqa: E731
    return MapDef.from_rows(["." * size] * size, id="corners",
                            start_areas={"A": block(0, 0), "B": block(far, 0), "C": block(0, far),
                                         "D": block(far, far)})


# -- teams ---------------------------------------------------------------------


def test_scn_multi_teams_share_a_vp_total_and_win_together():
    st = battle("AbC.d", {"b": card("Ogre", cost=30, hp=10)}, active="A", dice=(10,),
                owners={"C": 2, "d": 3}, rules=TEAMS)
    st.vp[:] = [150, 0, 130, 0]
    st, out = run(st, Attack(0, ("b",)))
    assert st.vp == [180, 0, 130, 0] and st.team_vp(0) == 310
    assert (st.phase, st.winner, st.win_reason) == (Phase.OVER, 0, "victory points")
    assert of(out, ev.BattleWon) == [ev.BattleWon(0, "victory points", (180, 0, 130, 0))]


def test_scn_multi_teams_below_the_target_play_on():
    st = battle("AbC.d", {"b": card("Ogre", cost=30, hp=10)}, active="A", dice=(10,),
                owners={"C": 2, "d": 3}, rules=TEAMS)
    st.vp[:] = [150, 0, 100, 0]
    st, _ = run(st, Attack(0, ("b",)))
    assert st.team_vp(0) == 280 and not st.is_over


def test_scn_multi_teammates_are_allies_flank_together_and_are_not_targets():
    st = battle("AbC\n...\n..d", active="A", owners={"C": 2, "d": 3}, rules=TEAMS)
    assert flanking(st, st.creature("A"), st.creature("b"))
    st2 = battle("ACb\n...\n..d", active="A", owners={"C": 2, "d": 3}, rules=TEAMS)
    assert refused(st2, Attack(0, ("C",))) == "ally"
    assert [c.uid for c in st2.enemy_creatures(0)] == ["b", "d"]


def test_scn_multi_teams_share_a_start_area_and_deploy_in_seat_order():
    wbs = tuple(warband(card(f"S{p}"), name=f"W{p}") for p in range(4))
    m = MapDef.from_rows(["......"] * 4, id="m", start_areas={"A": frozenset({(0, y) for y in range(4)}),
                                                              "B": frozenset({(5, y) for y in range(4)})})
    # setup roll: seat 1 wins (faces 3, 17, 5, 9); its opponent (seat 2) picks an area
    st, out = new_game(wbs, (m,), dice=ScriptedDice((3, 17, 5, 9, 20, 1, 2, 3)), rules=TEAMS)
    assert st.setup_winner == 1 and st.decider == 2
    st, out = run(st, ChooseStartArea("B"))
    assert [(e.player, e.area) for e in of(out, ev.StartAreaChosen)] == [(2, "B"), (3, "A"), (0, "B"), (1, "A")]
    assert st.deploy_order == (1, 2, 3, 0)
    st, out = deploy_all(st)
    assert [e.uid for e in of(out, ev.CreaturePlaced)] == ["p2c1", "p3c1", "p4c1", "p1c1"]
    assert st.creature("p1c1").pos[0] == 5 and st.creature("p3c1").pos[0] == 5


def test_scn_multi_teams_a_shared_vp_zone_scores_once_per_round():
    zone = {(0, 0), (1, 0)}
    st = battle("AC..b\n....d", active="A", owners={"C": 2, "d": 3}, rules=TEAMS,
                vp_zones={"A": zone, "C": zone}, dice=(5, 6, 7, 8))
    st.areas.update({2: "A", 3: "B"})  # teammates share a start area and so a VP zone
    for uid in "Cbd":
        st.creature(uid).activated = True
    st, out = run(st, EndActivation())
    assert of(out, ev.VictoryPointsScored) == [ev.VictoryPointsScored(0, 10, "vp zone", 10)]


def test_scn_multi_teams_destroying_a_teammate_scores_for_the_other_team():
    st = battle("DAb\n...\n..C", {"A": card("Mage", attacks=(close(bonus=6),)),
                                  "D": card("Page", cost=45, hp=10)},
                active="A", dice=(15, 1), owners={"C": 2, "D": 2}, rules=TEAMS)
    st, out = run(st, AreaAttack(0, (1, 0), ("D", "b")))
    # the owner's opponent (the next enemy seat after seat 2) scores it for the other team
    assert of(out, ev.VictoryPointsScored) == [ev.VictoryPointsScored(3, 45, "destroyed", 45)]
    assert (st.team_vp(0), st.team_vp(1)) == (0, 45)


# -- free-for-all ----------------------------------------------------------------


def test_scn_multi_ffa_an_enemy_destroyed_scores_for_its_destroyer():
    st = battle("Ac..b", {"c": card("Ogre", cost=30, hp=10)}, active="A", dice=(10,), owners={"c": 2})
    assert st.free_for_all and st.players == 3
    st, out = run(st, Attack(0, ("c",)))
    assert st.vp == [30, 0, 0]
    assert of(out, ev.VictoryPointsScored) == [ev.VictoryPointsScored(0, 30, "destroyed", 30)]


def test_scn_multi_ffa_own_creature_destroyed_splits_its_cost_rounded_down():
    st = battle("DAb\n...\n..c", {"A": card("Mage", attacks=(close(bonus=6),)),
                                  "D": card("Page", cost=45, hp=10)},
                active="A", dice=(15, 1), owners={"c": 2})
    st, out = run(st, AreaAttack(0, (1, 0), ("D", "b")))
    assert of(out, ev.CreatureDestroyed) == [ev.CreatureDestroyed("D", 0)]
    assert of(out, ev.VictoryPointsScored) == [ev.VictoryPointsScored(1, 22, "destroyed", 22),
                                               ev.VictoryPointsScored(2, 22, "destroyed", 22)]
    assert st.vp == [0, 22, 22]


def test_scn_multi_ffa_four_players_split_three_ways():
    st = battle("DAb\n...\nc.e", {"A": card("Mage", attacks=(close(bonus=6),)),
                                  "D": card("Page", cost=20, hp=10)},
                active="A", dice=(15, 1), owners={"c": 2, "e": 3})
    st, _ = run(st, AreaAttack(0, (1, 0), ("D", "b")))
    assert st.vp == [0, 6, 6, 6]


def test_scn_multi_ffa_first_to_200_wins():
    st = battle("Ac..b", {"c": card("Ogre", cost=30, hp=10)}, active="A", dice=(10,), owners={"c": 2})
    st.vp[:] = [175, 190, 0]
    st, out = run(st, Attack(0, ("c",)))
    assert (st.winner, st.win_reason) == (0, "victory points")


def test_scn_multi_ffa_last_player_with_creatures_wins():
    st = battle("Ab..c", {"b": card("Ogre", cost=30, hp=10)}, active="A", dice=(10,), owners={"c": 2})
    gone = st.creature("c")  # seat 2's warband was destroyed earlier
    gone.destroyed, gone.pos = True, None
    st, out = run(st, Attack(0, ("b",)))
    assert (st.winner, st.win_reason) == (0, "no enemy creatures left")
    assert of(out, ev.BattleWon) == [ev.BattleWon(0, "no enemy creatures left", (30, 0, 0))]


def test_scn_multi_ffa_two_of_three_left_play_on():
    st = battle("Ab..c", {"b": card("Ogre", cost=30, hp=10)}, active="A", dice=(10,), owners={"c": 2})
    st, out = run(st, Attack(0, ("b",)))
    assert not st.is_over and [c.uid for c in st.enemy_creatures(0)] == ["c"]


def test_scn_multi_ffa_corners_are_chosen_in_initiative_order():
    wbs = tuple(warband(card(f"S{p}"), name=f"W{p}") for p in range(4))
    # setup roll: seat 1 wins with 17; it chooses first, then seats 2, 3, 0
    st, out = new_game(wbs, (corner_map(),), dice=ScriptedDice((3, 17, 5, 9, 12, 4, 6, 8)))
    assert st.free_for_all and st.setup_winner == 1 and st.decider == 1
    assert legal_actions(st) == [ChooseStartArea(a) for a in "ABCD"]
    st, _ = run(st, ChooseStartArea("D"))
    assert st.decider == 2 and legal_actions(st) == [ChooseStartArea(a) for a in "ABC"]
    assert refused(st, ChooseStartArea("D")) == "area-taken"
    st, _ = run(st, ChooseStartArea("A"))
    st, _ = run(st, ChooseStartArea("C"))
    assert st.decider == 0 and legal_actions(st) == [ChooseStartArea("B")]
    st, _ = run(st, ChooseStartArea("B"))
    assert st.areas == {1: "D", 2: "A", 3: "C", 0: "B"}
    assert st.phase is Phase.DEPLOY and st.deploy_order == (1, 2, 3, 0)
    st, out = deploy_all(st)
    assert st.creature("p2c1").pos in st.map.start_areas["D"]
    assert st.creature("p1c1").pos in st.map.start_areas["B"]
    # round 1 initiative: 12, 4, 6, 8 -> seat 0 chooses the first player
    assert st.phase is Phase.CHOOSE_FIRST and st.decider == 0
    assert legal_actions(st) == [ChooseFirstPlayer(p) for p in range(4)]


def test_scn_multi_initiative_ties_reroll_only_the_tied_players():
    wbs = tuple(warband(card(f"S{p}"), name=f"W{p}") for p in range(3))
    st, out = new_game(wbs, (corner_map(),), dice=ScriptedDice((10, 15, 15, 4, 9)))
    rolls = [(e.player, e.faces) for e in of(out, ev.DieRolled)]
    assert rolls == [(0, (10,)), (1, (15,)), (2, (15,)), (1, (4,)), (2, (9,))]
    assert st.setup_winner == 2


def test_scn_multi_initiative_tie_goes_to_the_higher_champion_rating():
    wbs = (warband(card("A")), warband(card("B", champion=2)), warband(card("C", champion=1)))
    # seat 1 rolls twice (highest rating): 15 and 3 -> 15; seat 2 also 15
    st, out = new_game(wbs, (corner_map(),), dice=ScriptedDice((10, 15, 3, 15)))
    assert st.setup_winner == 1 and of(out, ev.RollWon) == [ev.RollWon("setup", 1, "champion")]


def _ffa_battle(counts=(1, 2, 2), first=1):
    wbs = tuple(warband(*[card(f"S{p}{i}") for i in range(n)], name=f"W{p}") for p, n in enumerate(counts))
    faces = ([20] + [1] * (len(counts) - 1)) * 3
    st, _ = new_game(wbs, (corner_map(),), dice=ScriptedDice(tuple(faces)))
    while st.phase is Phase.CHOOSE_AREA:
        st, _ = run(st, legal_actions(st)[0])
    st, _ = deploy_all(st)
    st, _ = run(st, ChooseFirstPlayer(first))
    return st


def test_scn_multi_turns_go_round_the_table_from_the_first_player():
    st = _ffa_battle((1, 2, 3), first=1)
    order = []
    while st.round == 1 and not st.is_over:
        st, out = run(st, Activate(st.unactivated(st.turn_player)[0].uid))
        order.append(st.turn_player)
        st, out = run(st, EndActivation())
    # RND-3: one activation for the first player; then two a turn, round the table;
    # RND-4: seats with nothing left are passed over
    assert order == [1, 2, 2, 0, 1, 2]


def test_scn_multi_ffa_hostile_helpers():
    st = battle("Ab..c", owners={"c": 2}, active="A")
    assert st.enemies(0) == [1, 2] and st.opponent(2) == 0 and st.next_player(2) == 0
    assert st.blame(1) == 1
    two = battle("Ab", active="A")
    assert two.enemies(0) == [1] and two.opponent(1) == 0 and two.blame(0) == 1


@pytest.mark.parametrize("n", [1, 5])
def test_scn_multi_two_to_four_players(n):
    wbs = tuple(warband(card(f"S{p}")) for p in range(n))
    with pytest.raises(ValueError):
        new_game(wbs, (corner_map(),), seed=1)


def test_scn_multi_two_sides_on_a_four_corner_map_take_opposite_corners():
    wbs = (warband(card("S0")), warband(card("S1")))
    st, _ = new_game(wbs, (corner_map(),), dice=ScriptedDice((20, 1)))
    assert legal_actions(st) == [ChooseStartArea(a) for a in "ABCD"]
    st, out = run(st, ChooseStartArea("B"))
    assert st.areas == {1: "B", 0: "C"}


def test_scn_multi_ffa_needs_a_start_area_for_every_side():
    from tactica.engine.warband import check_battle

    from ._util import open_map
    bands = tuple(warband(card("Guard"), name=f"W{p}") for p in range(3))
    two_areas = open_map()
    problems = check_battle(bands, (two_areas,))
    assert [p.code for p in problems] == ["too-few-start-areas"]
    assert "3 sides" in problems[0].message
    assert check_battle(bands, (corner_map(),)) == []
    assert check_battle(bands + (warband(card("Guard")),), (two_areas,), teams=(0, 1, 0, 1)) == []

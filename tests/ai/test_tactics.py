"""What ``normal`` and ``hard`` choose on small boards: area attacks, several targets, teleporters,
scenario VP, the killing blow that removes a threat, and a legal fallback for anything unscored."""
from __future__ import annotations

import textwrap
from dataclasses import replace

import pytest

from tactica.ai import LEVELS, make_bot
from tactica.ai import normal as normal_mod
from tactica.ai.aiming import threat_value
from tactica.ai.board import Board, PlannerOptions, place_value
from tactica.ai.hard import MAX_REPLIES, HardBot, outcomes
from tactica.ai.normal import NormalBot
from tactica.ai.planner import Plan, plan_creature
from tactica.ai.stakes import kill_vp
from tactica.ai.values import attack_value, oa_kill_chance
from tactica.ai.weights import ALTERNATIVES
from tactica.engine import (
    Activate,
    AreaAttack,
    Attack,
    Charge,
    EndActivation,
    Move,
    Phase,
    Ruleset,
    SeededDice,
    Shift,
    Teleport,
    actions_of_kind,
    apply,
    chebyshev,
    check,
    preview,
)
from tactica.engine.model import Reach
from tactica.engine.sandbox import area, card, close, melee, ranged
from tactica.engine.sandbox import battle as _battle


def battle(board: str, *args, **kw):
    """``sandbox.battle`` with the board indented like the code around it."""
    return _battle(textwrap.dedent(board).strip("\n"), *args, **kw)

WEAK = card("Weakling", hp=30, ac=12, defense=11)


def test_normal_bursts_three_enemies_rather_than_one_sword_blow():
    burst = card("Dragon", attacks=(melee(), close("Breath", size=1, bonus=8, damage=10)))
    st = battle("""
        .......
        ..bAc..
        ...d...
        .......
    """, {"A": burst, "b": WEAK, "c": WEAK, "d": WEAK}, active="A")
    action = NormalBot().choose(st)
    assert isinstance(action, AreaAttack)
    assert set(action.targets) == {"b", "c", "d"}


def test_normal_aims_an_area_attack_at_a_cluster_and_spares_its_ally():
    mage = card("Mage", attacks=(melee(), area("Fireball", range=10, radius=1, bonus=8)))
    st = battle("""
        A.........
        ..........
        ......bc..
        ......dB..
        ..........
    """, {"A": mage, "b": WEAK, "c": WEAK, "d": WEAK, "B": WEAK}, active="A")
    st.dice = SeededDice.from_seed(2)
    action = _first_attack(NormalBot(), st)
    assert isinstance(action, AreaAttack), action
    assert "B" not in action.targets
    assert len(action.targets) >= 2


def _first_attack(bot, st):
    """Play the active creature's activation until it attacks; return that attack action."""
    for _ in range(4):
        action = bot.choose(st)
        if not isinstance(action, (Move, Shift)):
            return action
        st, _ = apply(st, action)
    return None


def test_normal_uses_both_targets_of_a_two_target_attack():
    caster = card("Caster", attacks=(melee(), ranged("Chain", range=8, bonus=8, targets=2)))
    st = battle("""
        A.....
        ......
        ....b.
        ....c.
    """, {"A": caster, "b": WEAK, "c": WEAK}, active="A")
    st.dice = SeededDice.from_seed(2)
    action = _first_attack(NormalBot(), st)
    assert isinstance(action, Attack) and set(action.targets) == {"b", "c"}


def test_normal_jumps_through_a_teleporter_to_reach_an_enemy():
    st = battle("""
        A.........
        ..........
        .........b
        ........@.
    """, {"b": WEAK}, active="A", under={"A": _teleporter()})
    action = NormalBot().choose(st)
    assert action == Teleport((8, 3))


def test_ter_teleport_normal_stops_on_a_teleporter_mid_move_jumps_and_carries_on_to_attack():
    # b is 14 squares away on foot; A walks 2 squares onto the teleporter at (2,0), jumps to (12,0)
    # and carries on 1 square with its move's rest to attack b: no action spent but the move.
    st = battle("""
        A.@.........@..
        ..............b
    """, {"b": WEAK}, active="A", dice=(15,) * 20)
    bot = NormalBot()
    first = bot.choose(st)
    assert first == Move(((1, 0), (2, 0)))
    st, _ = apply(st, first)
    assert bot.choose(st) == Teleport((12, 0))
    st, _ = apply(st, Teleport((12, 0)))
    nxt = bot.choose(st)
    assert isinstance(nxt, Move) and chebyshev(nxt.destination, (14, 1)) == 1
    st, _ = apply(st, nxt)
    assert not st.attack_used and isinstance(bot.choose(st), Attack)


def _teleporter():
    from tactica.engine.model import Terrain
    return Terrain.TELEPORTER


def test_bounty_kill_is_worth_the_bounty_not_the_cost():
    big = card("Giant", cost=80, hp=10, ac=5)
    assault = battle("Ab", {"b": big}, active="A")
    bounty = battle("Ab", {"b": big}, active="A", rules=Ruleset.for_scenario("bounty"))
    assert kill_vp(assault, assault.creature("b")) == 80
    assert kill_vp(bounty, bounty.creature("b")) == 5
    a, b = assault.creature("A"), assault.creature("b")
    worth_assault = attack_value(assault, a, b, a.card.basic_melee)
    a, b = bounty.creature("A"), bounty.creature("b")
    assert attack_value(bounty, a, b, a.card.basic_melee) < worth_assault - 50


def test_uncontested_values_standing_in_the_enemy_zone():
    rows = """
        A......
        .......
        .....b.
    """
    zones = {"A": {(0, 2)}, "B": {(4, 2), (5, 2), (6, 2)}}  # B scores for player 2, who holds it
    plain = battle(rows, vp_zones=zones, active="A")
    unc = battle(rows, vp_zones=zones, active="A", rules=Ruleset.for_scenario("uncontested"))
    sq = (4, 2)
    values = []
    for st in (plain, unc):
        me = st.creature("A")
        board = Board(st, 0)
        values.append(place_value(board, me, sq, board.threats_to(me)))
    assert values[1] > values[0] + 3


def test_outcomes_enumerate_the_attack_roll_with_the_previews_chances():
    st = battle("Ab", {"b": WEAK}, active="A")
    a, b = st.creature("A"), st.creature("b")
    p = preview(st, a, b, a.card.basic_melee)
    results = outcomes(st, Attack(0, ("b",)), seed=3)
    assert sum(w for w, _ in results) == pytest.approx(1.0)
    hit = sum(w for w, s in results if s.creature("b").hp < b.hp)
    dealt = sum(w * (b.hp - s.creature("b").hp) for w, s in results)
    assert hit == pytest.approx(p.hit_chance)
    assert dealt == pytest.approx(p.expected_damage)
    assert len(results) == 3  # miss, hit, critical hit
    assert st.dice.rolls == 0  # the game's dice were never touched


def test_threat_counts_a_move_then_charge():
    runner = card("Runner", speed=4, attacks=(melee(damage=20),))
    st = battle("""
        A........b
    """, {"b": runner}, turn_player=0)
    b, victims = st.creature("b"), st.alive(0)
    assert threat_value(st, b, victims) > 0  # 9 squares: a move of 4, then a charge of 4
    far = battle("A..........b", {"b": runner}, turn_player=0)
    assert threat_value(far, far.creature("b"), far.alive(0)) == 0


def two_bloodied_enemies():
    """A and B each face a bloodied enemy one blow from death: y (an imp) is worth a little more,
    x (a brute) hits far harder.  Player 1's turn, fixed dice."""
    brute = card("Brute", attacks=(melee(bonus=12, damage=40),))
    imp = card("Imp", cost=22, attacks=(melee(bonus=2, damage=5),))
    st = battle("""
        Ax.....yB
    """, {"x": brute, "y": imp}, hp={"x": 10, "y": 10}, turn_player=0)
    st.dice = SeededDice.from_seed(1)
    return st


def test_hard_kills_the_enemy_that_would_strike_back_hardest():
    # normal takes y, worth a little more; x would strike back far harder: hard kills x first.
    st = two_bloodied_enemies()
    st.activations_left = 1  # the last activation of our turn: the enemy's turn comes next (RND-2)
    assert NormalBot().choose(st) == Activate("B")
    bot = HardBot(4)
    assert bot.choose(st) == Activate("A")
    after, _ = apply(st, Activate("A"))
    assert bot.choose(after) == Attack(0, ("x",))


def test_RND_2_hard_counts_on_its_second_activation_to_finish_the_replier_first():
    # The same board at the start of a two-activation turn (RND-2): whichever kill comes first, the
    # other of our creatures acts before x could strike back, so hard takes the bigger gain first.
    st = two_bloodied_enemies()
    assert st.activations_left == 2
    assert HardBot(4).choose(st) == Activate("B")


def test_hard_predicts_the_reply_of_the_most_dangerous_enemy():
    # It is player 1's turn (A to act); x, a brute that hits on anything but a natural 1 for far more
    # than A's 50 HP, is 3 squares away; y, an imp, is nearer. hard's reply model picks x, plays its
    # activation with normal's policy and counts A as lost (cost and half again) 19 times in 20.
    brute = card("Brute", attacks=(melee(bonus=40, damage=60),))
    imp = card("Imp", cost=22, attacks=(melee(bonus=2, damage=5),))
    st = battle("""
        .y..............
        A..x...........B
    """, {"x": brute, "y": imp}, turn_player=0)
    bot = HardBot(1)
    loss = bot._leaf_loss(st, 0, 5)
    assert loss == pytest.approx(0.95 * 20 * 1.5, abs=0.5)
    far = battle("AB" + "." * 20 + "x", {"x": brute}, turn_player=0)
    assert bot._leaf_loss(far, 0, 5) == 0  # out of its reach: no loss


def test_hard_search_is_bounded_by_its_budget():
    st = battle("""
        A..b....
        B..c....
        C..d....
    """, turn_player=0)
    bot = HardBot(1, budget=1)
    bot.choose(st)
    tried, work = bot.last_search
    assert tried == 1


def test_hard_starts_no_option_it_expects_to_overrun_its_budget():
    # With the budget unbounded, hard tries several options, the first costing ``first`` units.  With a
    # budget of 1.5 × that, the first leaves work < budget, but a second option of the same average
    # cost would overrun it: hard stops after the first (it used to start the second).
    st = battle("""
        A..b....
        B..c....
        C..d....
    """, turn_player=0)
    wide = HardBot(1, budget=10_000)
    wide.choose(st)
    assert wide.last_search[0] >= 2
    probe = HardBot(1, budget=0)  # budget 0: only the first option is tried, its cost is the work
    probe.choose(st)
    assert probe.last_search[0] == 1
    first = probe.last_search[1]
    bot = HardBot(1, budget=first + first // 2)
    bot.choose(st)
    assert bot.last_search == (1, first)
    roomy = HardBot(1, budget=2 * first)  # room for one more option of the average cost
    roomy.choose(st)
    assert roomy.last_search[0] >= 2


def test_hard_given_planner_options_plans_and_plays_out_with_them():
    # A variant's options replace the level's own in its planner and in its own playouts; the default
    # bot keeps the level's; the predicted replies keep normal's whatever they are.
    st = battle("""
        A..b....
        B..c....
    """, turn_player=0)
    mine = replace(HardBot.planner_options, exposure_share=0.6)
    bot = HardBot(1, planner_options=mine)
    assert bot.board(st, 0).options == mine and bot._own.planner_options == mine
    assert HardBot(1).board(st, 0).options == HardBot.planner_options
    assert bot._inner.planner_options.exposure_share == 1.0


def test_a_bot_whose_plan_is_illegal_still_plays_a_legal_action(monkeypatch):
    st = battle("Ab", {"b": WEAK}, active="A")
    monkeypatch.setattr(normal_mod, "plan_creature",
                        lambda state, me, board: Plan(1.0, me.uid, Attack(7, ("nobody",))))
    action = NormalBot().choose(st)
    assert check(st, action) is None


def test_fallback_prefers_the_option_that_gains_material():
    st = battle("Ab", {"A": card("Sure", attacks=(melee(bonus=40),)), "b": WEAK},
                hp={"b": 5}, active="A", conditions={"A": {"immobilized"}})
    action = make_bot("normal", 1).choose_other(st)
    assert action == Attack(0, ("b",))


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plays_legally_with_every_action_kind(level):
    """Area, close, two-target, teleporter options and a Large creature on one board: 40 legal
    choices, no crash."""
    wizard = card("Wizard", attacks=(melee(), close("Breath", reach=Reach.SMALL_CONE),
                                     area("Fireball", range=8, radius=1),
                                     ranged("Chain", range=6, targets=2)))
    st = battle("""
        A...@.....
        ..B.......
        ....bc....
        ...@..d...
        ........e.
        ..........
    """, {"A": wizard, "b": wizard, "B": card("Lancer", attacks=(melee(), close("Line", reach=Reach.LINE, size=3))),
          "e": card("Ogre", size=2, hp=80)},
        turn_player=0, under={"A": _teleporter()})
    st.dice = SeededDice.from_seed(11)
    bots = [make_bot(level, 1), make_bot(level, 2)]
    for _ in range(40):
        if st.is_over:
            break
        action = bots[st.decider].choose(st)
        assert check(st, action) is None, action
        st, _ = apply(st, action)


def test_SCN_ASSAULT_a_death_that_ends_the_battle_weighs_the_battle():
    from tactica.ai.stakes import decides_battle
    from tactica.ai.values import oa_risk
    from tactica.ai.weights import BATTLE
    brute = card("Brute", attacks=(melee("Maul", 10, 20),))
    alone = battle("Ab.", {"b": brute}, active="A", hp={"A": 10})
    helped = battle("Ab.\n..C", {"b": brute}, active="A", hp={"A": 10})
    assert decides_battle(alone, alone.creature("A")) and not decides_battle(helped, helped.creature("A"))
    risk_alone = oa_risk(alone, alone.creature("A"), ("b",))
    assert risk_alone - oa_risk(helped, helped.creature("A"), ("b",)) == BATTLE  # a sure kill: the whole battle
    helped.vp[1] = helped.rules.target - 5  # b's side needs only A's VP to win
    assert decides_battle(helped, helped.creature("A"))


def test_SCN_ASSAULT_holding_the_zone_that_would_win_is_worth_the_battle():
    from tactica.ai.board import Board
    st = battle("A...b", vp_zones={"A": {(3, 0)}, "B": {(1, 0)}})
    assert not Board(st, 0).zone_wins
    st.vp[0] = st.rules.target - 10
    assert Board(st, 0).zone_wins


def test_RND_2_hard_counts_both_activations_of_the_enemy_turn_that_follows():
    # It is the enemy's turn with two activations (RND-2): two brutes that each hit A (50 HP) for 30
    # on anything but a natural 1.  One reply leaves A bloodied; the two in a row destroy it, so the
    # loss counted is A's cost and half again (19/20 × 19/20 of the time), not one blow's damage.
    # (B, far off, keeps the battle going.)
    brute = card("Brute", attacks=(melee(bonus=40, damage=30),))
    st = battle("""
        ...x..........................
        A............................B
        ...y..........................
    """, {"x": brute, "y": brute}, turn_player=1)
    st.activations_left = 2
    bot = HardBot(1)
    assert bot._replies(st, 0, 2) == 2
    both = bot._leaf_loss(st, 0, 5)
    st.activations_left = 1
    assert bot._replies(st, 0, 2) == 1
    one = bot._leaf_loss(st, 0, 5)
    a_cost = st.creature("A").card.cost
    assert both == pytest.approx(0.95 * 0.95 * a_cost * 1.5 + 0.1 * one, rel=0.2)
    assert both > 2 * one


def test_RND_4_hard_counts_every_enemy_activation_when_its_side_has_none_left():
    st = battle("""
        A...x
        ....y
        ....z
    """, turn_player=1)
    st.activations_left = 2
    st.creature("A").activated = True
    bot = HardBot(1)
    assert bot._replies(st, 0, 3) == min(3, MAX_REPLIES)  # nothing of ours left: they all come
    st.creature("A").activated = False
    assert bot._replies(st, 0, 3) == 2                    # a turn of two (RND-2)
    st.turn_player = 0
    assert bot._replies(st, 0, 3) == 1                    # our second activation first


def test_threat_value_of_an_area_attack_counts_the_cluster_it_would_catch():
    mage = card("Mage", attacks=(area("Fireball", range=10, radius=1, bonus=8),))
    lone = battle("""
        A.......
        ........
        .....x..
    """, {"x": mage}, turn_player=1)
    crowd = battle("""
        AB......
        CD......
        .....x..
    """, {"x": mage}, turn_player=1)
    one = threat_value(lone, lone.creature("x"), lone.alive(0))
    four = threat_value(crowd, crowd.creature("x"), crowd.alive(0))
    assert one > 0
    assert four > 3 * one  # one victim alone would be worth about one


def test_ACT_1_hard_closes_in_from_the_edge_of_reach_where_normal_idles():
    # A stands 7 squares from two knights, just outside their move-and-attack reach. normal's end
    # squares count only what could attack A there, so it stays; hard's planner also counts what A
    # could attack next turn from there (Board.offense), so it moves in instead of idling.
    ogre = card("Ogre", cost=32, hp=90, speed=6, attacks=(melee(bonus=10, damage=20),))
    knight = card("Knight", cost=40, hp=60, speed=6, attacks=(melee(bonus=10, damage=18),))
    st = battle("""
        ........b
        A.......c
    """, {"A": ogre, "b": knight, "c": knight}, turn_player=0)
    assert normal_mod.best_plans(st, 0)[0].action == EndActivation()
    plan = normal_mod.best_plans(st, 0, options=PlannerOptions(offense=HardBot.planner_options.offense))[0]
    assert isinstance(plan.action, Move) and plan.action.path[-1] == (6, 0)
    board = Board(st, 0, PlannerOptions(offense=True))
    assert board.offense_at(st.creature("A"), (6, 0)) > 0 == board.offense_at(st.creature("A"), (0, 1))


def _activation(bot, st, uid):
    """Play ``uid``'s whole activation with ``bot``: (actions taken, state after)."""
    acts = []
    while True:
        action = bot.choose(st)
        acts.append(action)
        st, _ = apply(st, action)
        if st.phase is Phase.ACTIVATE or st.active_uid != uid or st.is_over:
            return acts, st


def test_CHG_1_hard_moves_then_charges_instead_of_ending_next_to_its_target():
    # b, a bloodied knight, is 7 squares from A (speed 5): no charge from where A stands (CHG-3).
    # normal's plans know a move, or a charge from where it stands, so A walks 5 squares, then spends
    # its attack action on a second move and ends next to b without attacking. hard also plans a move
    # and then a charge (ACT-1, ACT-3, CHG-1): it stops where a charge can follow, and charges.
    hob = card("Hobgoblin", cost=14, hp=35, ac=18, speed=5, attacks=(melee(bonus=8, damage=10),))
    knight = card("Knight", cost=48, hp=80, ac=18, speed=5, attacks=(melee(bonus=6, damage=10),))
    st = battle("""
        ........
        A......b
        ........
    """, {"A": hob, "b": knight}, turn_player=0, hp={"b": 30})
    st.dice = SeededDice.from_seed(2)
    acts, after = _activation(NormalBot(), st, "A")
    assert [type(a) for a in acts] == [Activate, Move, Move]
    ax, ay = after.creature("A").pos
    assert max(abs(ax - 7), abs(ay - 1)) == 1 and after.creature("b").hp == 30  # next to b, no attack
    acts, after = _activation(HardBot(3), st, "A")
    assert [type(a) for a in acts] == [Activate, Move, Charge]
    assert acts[1].path[-1] in ((4, 0), (4, 1), (4, 2)) and acts[2].target == "b"


def test_OA_2_hard_shifts_clear_of_two_enemies_before_moving_away():
    # A, a wounded archer (25 HP), stands next to two brutes. Walking away provokes both (OA-1);
    # normal's plans know only moves, so it stays and stabs (its way out costs both attacks). A shift
    # provokes nothing (OA-2): hard shifts to (3, 0), next to neither, then walks on with its attack
    # action (ACT-3), out of the slow brutes' reach, without a single opportunity attack.
    archer = card("Archer", cost=14, hp=35, ac=16, speed=6,
                  attacks=(ranged(bonus=7, damage=10, range=10, basic=True), melee("Knife", bonus=3, damage=5,
                                                                                 basic=False)))
    brute = card("Brute", cost=30, hp=80, ac=21, speed=3, attacks=(melee(bonus=8, damage=15),))
    st = battle("""
        ..............
        .bA...........
        ..c...........
        .............B
    """, {"A": archer, "b": brute, "c": brute}, turn_player=0, hp={"A": 25})
    st.dice = SeededDice.from_seed(1)
    plan = normal_mod.best_plans(st, 0, everyone=True)
    plan_a = next(p for p in plan if p.uid == "A")
    assert not any(isinstance(a, Shift) for _, a in plan_a.notes["alternatives"])
    acts, after = _activation(HardBot(1), st, "A")
    assert acts[:2] == [Activate("A"), Shift((3, 0))] and isinstance(acts[2], Move)
    a = after.creature("A")
    assert a.hp == 25 and min(max(abs(a.pos[0] - x), abs(a.pos[1] - y)) for x, y in ((1, 1), (2, 2))) > 1


def test_CHG_3_hard_weighs_one_charge_a_target_against_other_choices():
    # A may charge the captain b (AC 21: +8, +1 for the charge, hits on 12 or more) from (0, 1),
    # ending on either of two equally near squares (CHG-3). hard tries a plan's few best *different*
    # first actions; the two charges are one choice, so the other slots go to something else
    # (here a move and an attack), which the lookahead then weighs against the low-odds charge.
    hob = card("Hobgoblin", cost=14, hp=35, ac=18, speed=5, attacks=(melee(bonus=8, damage=10),))
    captain = card("Captain", cost=48, hp=80, ac=21, speed=6, attacks=(melee(bonus=12, damage=20),))
    st = battle("""
        .........
        A....b...
    """, {"A": hob, "b": captain}, turn_player=0)
    plan = normal_mod.best_plans(st, 0, options=PlannerOptions(offense=True, move_charge=True, shift=True))[0]
    first = st.copy()
    first, _ = apply(first, Activate("A"))
    assert len({c.path[-1] for c in actions_of_kind(first, Charge)}) == 2
    kinds = [type(a) for _, a in plan.notes["alternatives"]]
    assert kinds.count(Charge) == 1 and len(kinds) == ALTERNATIVES == 4


def _past_the_brute(hp_a: int):
    """A (a hobgoblin with ``hp_a`` HP) stands next to x, a brute; y, a bloodied lord, waits 4 squares on."""
    hob = card("Hobgoblin", cost=14, hp=35, ac=18, speed=5, attacks=(melee(bonus=8, damage=10),))
    brute = card("Brute", cost=30, hp=80, ac=17, speed=5, attacks=(melee(bonus=10, damage=20),))
    lord = card("Lord", cost=48, hp=80, ac=16, speed=5, attacks=(melee(bonus=6, damage=10),))
    return battle("""
        ..........
        .xA...y...
        ..........
        .........B
    """, {"A": hob, "x": brute, "y": lord}, turn_player=0, hp={"A": hp_a, "y": 10})


def test_OA_4_an_attack_after_a_provoking_charge_counts_only_if_the_charger_survives():
    # x's opportunity attack (+10 vs AC 18: hits on 8 or more, 20 damage) comes before A goes on
    # (OA-4). With 15 HP any hit destroys A (0.65); with 25 HP only a critical hit does (0.05), where
    # the expected damage (17 of 25) would have made it look likely.
    st = _past_the_brute(15)
    assert oa_kill_chance(st, st.creature("A"), ("x",)) == pytest.approx(0.65)
    st25 = _past_the_brute(25)
    assert oa_kill_chance(st25, st25.creature("A"), ("x",)) == pytest.approx(0.05)
    # normal counts the charge at y in full (its price is only x's attack): it charges past x. hard
    # counts the kill of y only if A survives x first, so it attacks x where it stands.
    me = st.creature("A")
    assert isinstance(plan_creature(st, me, Board(st, 0)).action, Charge)
    plan = plan_creature(st, me, Board(st, 0, PlannerOptions(offense=True, move_charge=True, oa_first=True)))
    assert plan.action == Attack(0, ("x",))


def test_OA_2_hard_shifts_clear_and_then_charges():
    # The same board: a shift (OA-2: it provokes nothing) to a square next to no enemy, and then a
    # charge at y (CHG-1) from there, beats both charging past x and staying.
    # (hard may activate B first: A is activated here, and hard plays A's activation.)
    st = _past_the_brute(15)
    st.dice = SeededDice.from_seed(1)
    st, _ = apply(st, Activate("A"))
    acts, after = _activation(HardBot(1), st, "A")
    assert isinstance(acts[0], Shift) and isinstance(acts[1], Charge)
    assert acts[1].target == "y" and after.creature("A").hp == 15


def test_ACT_1_offense_at_is_the_best_attack_in_next_turn_reach():
    """ACT-1: ``Board.offense_at`` (a per-creature table, most valuable first) equals the best value
    over every allowed attack line and every enemy within that line's next-turn reach of the square."""
    from tactica.ai import scenarios
    from tactica.ai.board import next_turn_reach
    from tactica.ai.values import damage_value, expected_basic
    from tactica.engine import apply, new_game
    from tactica.engine.attacking import attack_allowed
    wb = (scenarios.warband(6, name="Blue"), scenarios.warband(6, offset=3, name="Red"))
    m = scenarios.battle_map(16, 12, seed=4)
    bots = [make_bot("random", 1), make_bot("random", 2)]
    state, _ = new_game(wb, (m,), seed=4)
    checked = 0
    while not state.is_over and checked < 3000:
        if state.phase is Phase.ACTING:
            board = Board(state, state.decider, PlannerOptions(offense=True))
            for me in state.alive(state.decider):
                for sq in [(x, y) for x in range(0, 16, 3) for y in range(0, 12, 3)]:
                    want = 0.0
                    for a in me.card.attacks:
                        if not attack_allowed(me, a):
                            continue
                        r = next_turn_reach(state, me, a)
                        for e in board.enemies:
                            if abs(e.pos[0] - sq[0]) <= r and abs(e.pos[1] - sq[1]) <= r:
                                dmg = expected_basic(a, e)
                                kill = min(1.0, dmg / max(1, e.hp))
                                want = max(want, kill * e.card.cost + damage_value(e, dmg) * (1 - kill))
                    assert board.offense_at(me, sq) == want
                    checked += 1
        state, _ = apply(state, bots[state.decider].choose(state))
    assert checked >= 3000

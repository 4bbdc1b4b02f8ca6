"""The bot's intent sentences: a move says "toward" only when it closes the distance."""
from __future__ import annotations

from tactica.ai.intent import explain_action
from tactica.engine import EndActivation, Move
from tactica.engine.sandbox import battle

BOARD = "..........\n...A.b....\n.........."


def test_a_move_that_closes_in_says_toward():
    st = battle(BOARD, active="A")
    text = explain_action(st, Move(path=((4, 1),)))
    assert text.startswith("moves toward Creature b (b)"), text
    assert "1 square away after the move" in text


def test_a_move_that_retreats_says_away_from_not_toward():
    st = battle(BOARD, active="A")
    text = explain_action(st, Move(path=((2, 1), (1, 1), (0, 1))))
    assert "toward" not in text, text
    assert text.startswith("moves away from Creature b (b) (5 squares away after the move, 2 before)"), text


def test_a_move_at_the_same_distance_is_neutral():
    st = battle(BOARD, active="A")
    text = explain_action(st, Move(path=((3, 0),)))
    assert "toward" not in text and "away from" not in text, text
    assert "still 2 squares away" in text


ARCHER_BOARD = ".....b...\n.........\nA.......c\n........."


def _archer_battle(active):
    from tactica.engine.sandbox import card, ranged
    archer = card("Archer", attacks=(ranged("Bow", range=4, basic=True),), speed=4)
    guard = card("Guard", ac=30)                          # nearest after the move, but not worth a shot
    return battle(ARCHER_BOARD, {"A": archer, "b": guard}, active=active, turn_player=0, hp={"c": 5})


def test_a_move_made_for_an_attack_names_the_target_the_bot_then_attacks():
    # A newcomer read "moves toward Guard (b)" and saw the creature shoot c: the move's sentence
    # named the enemy nearest its end square, not the target of the attack it was made for.
    from tactica.ai.bots import make_bot
    from tactica.engine import Attack, apply
    for level in ("greedy", "normal", "hard"):
        bot = make_bot(level)
        st = _archer_battle("A")
        move = bot.choose(st)
        assert isinstance(move, Move), level
        text = bot.explain()
        assert text.startswith("moves 4 squares, then attacks Creature c (c) with Bow: 60% to hit"), (level, text)
        assert "Guard" not in text, (level, text)
        st, _ = apply(st, move)
        attack = bot.choose(st)
        assert isinstance(attack, Attack) and attack.targets == ("c",), (level, attack)


def test_an_activation_that_begins_with_such_a_move_names_the_same_target():
    from tactica.ai.bots import make_bot
    from tactica.engine import Activate, Attack, apply
    for level in ("normal", "hard"):
        bot = make_bot(level)
        st = _archer_battle(None)
        activate = bot.choose(st)
        assert activate == Activate("A"), level
        assert bot.explain() == ("activates Archer (A) — it moves 4 squares, then attacks Creature c (c) "
                                 "with Bow: 60% to hit, 60% to destroy it (bloodied)"), level
        st, _ = apply(st, activate)
        st, _ = apply(st, bot.choose(st))
        attack = bot.choose(st)
        assert isinstance(attack, Attack) and attack.targets == ("c",), level


def test_a_move_without_an_attack_after_it_still_says_where_it_goes():
    from tactica.ai.bots import make_bot
    bot = make_bot("normal")
    st = battle("A.............\n..............\n.............b", active="A")  # out of reach: it closes in
    bot.choose(st)
    assert bot.explain().startswith("moves toward Creature b (b)")


def test_a_move_made_for_a_charge_says_so():
    from tactica.ai.bots import make_bot
    bot = make_bot("normal")
    st = battle("A.........\n..........\n.........b", active="A")
    bot.choose(st)
    assert bot.explain() == "moves 6 squares, then charges Creature b (b): 75% to hit, about 8 damage expected"


def test_SCN_ASSAULT_two_moves_into_the_zone_say_the_zone_not_an_enemy():
    # A newcomer read "moves toward Cobblestone Militia (CO1) (3 squares away after the move)" and
    # saw hard's warlord end its second move in its own VP zone: the first move was made for the zone.
    from tactica.ai.hard import HardBot
    from tactica.engine import Activate, SeededDice, apply
    from tactica.engine.sandbox import card, melee
    hob = card("Hobgoblin", cost=14, hp=35, ac=18, speed=5, attacks=(melee(bonus=8, damage=10),))
    knight = card("Knight", cost=48, hp=80, ac=22, speed=5, attacks=(melee(bonus=6, damage=10),))
    zone = {(0, 1), (1, 1)}
    st = battle("..............\n.........Ab...\n..............\n.............c",
                {"A": hob, "b": knight, "c": knight}, turn_player=0, vp_zones={"A": zone, "B": {(13, 0)}})
    st.dice = SeededDice.from_seed(1)
    st.vp[0] = 191  # holding the zone this round wins
    bot = HardBot(1)
    assert bot.choose(st) == Activate("A")
    said = bot.explain()
    assert said == ("activates Hobgoblin (A) — it moves 5 squares, risking opportunity attacks from "
                    "Knight (b), then moves into its VP zone (holding it scores 10 VP at the end of the round)")
    st, _ = apply(st, Activate("A"))
    first = bot.choose(st)
    assert isinstance(first, Move)
    said = bot.explain()
    assert "toward" not in said and "then moves into its VP zone" in said, said
    st, _ = apply(st, first)
    second = bot.choose(st)
    assert isinstance(second, Move) and second.path[-1] in zone
    assert bot.explain().startswith("moves into its VP zone (holding it scores 10 VP"), bot.explain()


def test_SCN_ASSAULT_a_move_inside_the_zone_it_already_holds_says_within_not_into():
    # A newcomer read "moves into its VP zone" for a creature that was in it already.
    from tactica.ai.intent import explain_action
    zone = {(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)}
    st = battle("A.........\n..........\n.........b", active="A", vp_zones={"A": zone, "B": {(9, 2)}})
    assert explain_action(st, Move(((1, 1),))).startswith("moves within its VP zone (holding it scores")
    assert explain_action(st, Move(((1, 1),)), then=(st, EndActivation())).startswith(
        "moves 1 square within its VP zone, then")
    outside = battle("...A......\n..........\n.........b", active="A", vp_zones={"A": zone, "B": {(9, 2)}})
    assert explain_action(outside, Move(((2, 1),))).startswith("moves into its VP zone (holding it scores")


def test_intent_toward_the_vp_zone_names_it_and_counts_the_walk_around_walls():
    """SCN-ASSAULT: "toward the VP zone it scores in" names the zone's square and the walk left; a
    step nearer a zone behind a wall as the crow flies but farther on foot is not toward it."""
    board = (".......A\n"
             "#######.\n"
             "........\n"
             "........\n"
             "........\n"
             "........\n"
             "........\n"
             "........\n"
             "........\n"
             "b.......")
    st = battle(board, active="A", vp_zones={"A": {(0, 2)}})
    text = explain_action(st, Move(((6, 0), (5, 0), (4, 0), (3, 0))))
    assert "VP zone" not in text, text
    text = explain_action(st, Move(((7, 1), (6, 2), (5, 2))))
    assert "toward the VP zone it scores in (column 1, row 3: 5 squares away after the move)" in text, text


def test_MOV_12_a_shift_says_why_it_is_made():
    """s22 newcomer: "shifts one square (shifting provokes no opportunity attacks)" said nothing of why.
    A shift made for an attack names it; else it says where the step takes the creature."""
    from tactica.engine import Attack, Shift, apply
    st = battle(BOARD, active="A")
    alone = explain_action(st, Shift((4, 1)))
    assert alone.startswith("shifts one square toward Creature b (b)") and alone.endswith("(no opportunity attacks)")
    after, _ = apply(st, Shift((4, 1)))
    then = explain_action(st, Shift((4, 1)), then=(after, Attack(0, ("b",))))
    assert then.startswith("shifts one square (no opportunity attacks), then attacks Creature b (b) with Sword"), then

"""What the move preview says under the optional rule modules (issue 19): the cost counted the
module's way against what is left, the steps that cost more marked on the path, a grid35 run, the
grid5e move pool, and the checks a move meets in the dark or on ice (docs/modules/*.md)."""
from __future__ import annotations

from tactica.client.hints import Hints
from tactica.client.modes import ModeMachine
from tactica.client.overlay import map_overlay
from tactica.client.session import GameSession
from tactica.engine import Move, Ruleset, move_checks, move_price
from tactica.engine.sandbox import battle, card
from tactica.tui.widgets.stat_card import card_text
from tests.engine.test_rules_underground import cave

G35, G5E, UG = (Ruleset(modules=(name,)) for name in ("grid35", "grid5e", "underground"))

OPEN = """
..........
..........
..........
...^......
..........
..........
...A......
"""


def _hints(st) -> tuple[GameSession, ModeMachine, Hints]:
    session = GameSession(state=st, seed=0)
    machine = ModeMachine(session)
    return session, machine, Hints(machine)


def test_G35_DIAG_the_move_preview_counts_diagonals_1_2_1_2_against_the_speed():
    st = battle(OPEN, active="A", rules=G35)
    price = move_price(st, ((4, 5), (5, 4), (6, 3), (7, 2)))
    assert (price.steps, price.total, price.left, price.takes, price.run) == ((1, 2, 1, 2), 6, 6, "move action", False)
    _, _, hints = _hints(st)  # three diagonals: any three-step way is all diagonals
    assert hints.hint((6, 3)).startswith("Move 3 squares here (cost 1+2+1 = 4 of 6): m or Enter.")


CORRIDOR = """
###.###
###.###
###^###
###.###
###.###
###A###
"""


def test_G35_HAMPER_the_path_marks_the_hampered_step_with_its_cost():
    st = battle(CORRIDOR, active="A", rules=G35)
    st.attack_used = True  # no run: the move alone
    session, machine, hints = _hints(st)
    overlay = map_overlay(machine, (3, 1))
    assert overlay.path == ((3, 4), (3, 3), (3, 2), (3, 1))
    assert overlay.costs == (((3, 2), 2),)  # difficult terrain: one hampering cause, x2
    assert "(cost 1+1+2+1 = 5 of 6)" in hints.hint((3, 1))


def test_G35_RUN_the_preview_says_a_run_takes_both_actions():
    st = battle(OPEN, active="A", rules=G35)
    path = tuple((x, 6) for x in range(4, 10)) + ((9, 5),)  # 7 squares: more than speed 6
    price = move_price(st, path)
    assert (price.total, price.run_left, price.takes, price.run) == (7, 24, "both actions", True)
    _, machine, hints = _hints(st)
    assert hints.hint((9, 5)).startswith("Move 6 squares here (cost 6 of 6): m or Enter.")  # no run
    run = hints.hint((9, 3))  # 3 diagonals and 3 straight: 7
    assert run.startswith("Run 6 squares here (cost ") and run.endswith(
        " = 7 of 24; more than its speed 6: a run takes both actions, no attack after, G35-RUN): m or Enter. "
        "No opportunity attacks.")
    assert "or runs up to 24: no attack after, G35-RUN" in hints.hint((3, 6))


def test_G5E_DIFF_the_preview_counts_difficult_terrain_plus_one_and_the_pool_left():
    _, machine, hints = _hints(battle(CORRIDOR, active="A", rules=G5E))
    assert hints.hint((3, 1)).startswith("Move 4 squares here (cost 1+1+2+1 = 5 of 6): m or Enter.")
    assert map_overlay(machine, (3, 1)).costs == (((3, 2), 2),)
    st = battle(OPEN, active="A", rules=G5E)
    st.move_used, st.move_spent = True, 2  # G5E-SPLIT: it moved 2 of 6
    session, _, hints = _hints(st)
    assert move_price(st, ((3, 5), (3, 4))).takes == "rest"
    assert hints.hint((3, 4)).startswith("Move 2 squares here (cost 2 of the 4 left of its move: no action, "
                                         "G5E-SPLIT): m or Enter.")
    assert "(move: 4 left  attack ✓)" in hints.hint((3, 6))


def test_G5E_SPLIT_the_stat_card_shows_the_move_spent_only_when_the_pool_is_empty():
    st = battle(OPEN, active="A", rules=G5E)
    st.move_used, st.move_spent = True, 2
    me = st.creature("A")
    assert "move 4 squares left  attack ✓" in card_text(me, active=True, move_used=True, state=st).plain
    st.move_spent = 6
    assert "move ✗  attack ✓" in card_text(me, active=True, move_used=True, state=st).plain


def test_UG_LOW_the_preview_counts_stooping_2_1_2():
    st = cave("""
A111......
####......
""")
    _, machine, hints = _hints(st)
    assert hints.hint((3, 0)).startswith("Move 3 squares here (cost 2+1+2 = 5 of 6): m or Enter.")
    assert map_overlay(machine, (3, 0)).costs == (((1, 0), 2), ((3, 0), 2))


def test_UG_DARK_the_preview_warns_of_a_bump_and_of_the_drift_naming_the_rule():
    st = cave("""
#.........
A0000.....
#.........
""")
    fast = Move(((1, 1), (2, 1), (3, 1)))
    assert move_checks(st, fast) == (("UG-DARK", "bump in the dark"), ("UG-DARK", "drift"))
    assert move_checks(st, Move(((1, 1),))) == ()  # 1 square of speed 6: slow enough, a wall beside
    _, _, hints = _hints(st)
    text = hints.hint((3, 1))
    assert "Into the dark too fast: a d20 of 10 or it bumps for 5 damage (UG-DARK)" in text
    assert "ends in the dark with no wall beside: it may drift off its way (UG-DARK)" in text
    assert hints.hint((1, 1)).endswith("Into the dark slowly enough: no check (UG-DARK).")


def test_UG_SLIP_the_preview_warns_of_a_turn_on_ice_and_crampons_remove_it():
    st = cave("""
A***......
###*......
###*......
""")
    turn = Move(((1, 0), (2, 0), (3, 0), (3, 1)))
    assert move_checks(st, turn) == (("UG-SLIP", "turn on ice"),)
    _, _, hints = _hints(st)
    assert "Turns on ice: a d20 of 10 or it falls prone and loses its activation (UG-SLIP)" in hints.hint((3, 2))
    from tactica.engine.abilities import Crampons
    shod = cave("""
A***......
...*......
""", cards={"A": card(name="Iceman", abilities=(Crampons(),))})
    assert move_checks(shod, turn) == ()
    assert "UG-SLIP" not in _hints(shod)[2].hint((3, 1))


def test_the_skirmish_preview_keeps_its_words_on_open_ground():
    _, _, hints = _hints(battle(OPEN, active="A"))
    assert hints.hint((3, 4)).startswith("Move 2 squares here: m or Enter.")


def test_UG_SLIP_the_attack_preview_of_a_melee_attack_from_ice_counts_the_slip_check():
    from tests.engine._util import with_terrain
    from tests.engine.test_rules_underground import ICE
    st = with_terrain(cave("Ab..\n...."), {(0, 0): ICE})
    session, _, hints = _hints(st)
    me = st.active_creature
    p = session.attack_preview(0, "b")
    text = hints.preview(me.card.attacks[0], "b", p)
    chance = p.hit_chance * 0.55  # the d20 of 10 passes 11 times in 20
    said = f"On ice: a d20 of 10 first, or it misses and falls prone (UG-SLIP): {chance:.0%} to hit in all."
    assert said in text
    dry = cave("Ab..\n....")
    assert "UG-SLIP" not in _hints(dry)[2].preview(dry.active_creature.card.attacks[0], "b",
                                                   GameSession(state=dry, seed=0).attack_preview(0, "b"))


def test_UG_DARK_a_charge_refused_for_an_enemy_in_the_dark_names_the_darkness_not_a_wall():
    from tests.engine._util import with_terrain
    from tests.engine.test_rules_underground import DARK
    st = with_terrain(cave("A...b.\n......"), {(4, 0): DARK})
    text = _hints(st)[2].charge_refusal()
    assert "in the dark: unseen unless adjacent or by darkvision (UG-DARK)" in text and "CHG-2" not in text

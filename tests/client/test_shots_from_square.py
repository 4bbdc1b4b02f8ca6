"""The move preview names what the active creature could attack from the square it would move to, with
the chance to hit from there and whether the target has cover (nm s16 B1: the cover of a shot could
only be seen by moving first)."""
from __future__ import annotations

from tactica.client.hints import Hints
from tactica.client.modes import ModeMachine
from tactica.client.session import GameSession
from tactica.engine import attacks_from, charges_from
from tactica.engine.sandbox import battle, card, melee, ranged

ARCHER = card("Archer", speed=6, attacks=(melee("Dagger", bonus=4, damage=5),
                                          ranged("Bow", bonus=6, damage=10, range=6)))
YARD = ("A....\n"
        ".....\n"
        "..#..\n"
        ".....\n"
        "....b")


def _hints(st) -> Hints:
    return Hints(ModeMachine(GameSession(state=st, seed=0)))


def test_COV_2_the_move_preview_says_the_chance_from_there_and_the_cover():
    st = battle(YARD, {"A": ARCHER}, active="A")
    hints = _hints(st)
    clear = round(100 * attacks_from(st, (0, 4))[0].hit_chance)
    covered = round(100 * attacks_from(st, (1, 0))[0].hit_chance)
    assert covered == clear - 10                                  # −2 cover: two faces of twenty
    assert f"Move 4 squares here: m or Enter. From there: b {clear}%." in hints.hint((0, 4))
    assert f"From there: b {covered}% (cover)." in hints.hint((1, 0))


def test_ACT_3_no_shot_is_named_when_the_move_takes_the_attack_action():
    """After its move action is used, a second move takes the attack action (ACT-3): no attack after
    it, so the preview names none."""
    st = battle(YARD, {"A": ARCHER}, active="A")
    moved = st.copy()
    moved.move_used = True
    hints = _hints(moved.seal())
    text = hints.hint((0, 4))
    assert text.startswith("Move 4 squares here") and "From there" not in text


WARRIOR = card("Warrior", speed=6, attacks=(melee("Sword", bonus=6, damage=10),))
FIELD = ("W.........\n"
         "..........\n"
         "..........\n"
         "..........\n"
         ".........b")


def test_CHG_1_the_move_preview_names_a_charge_the_move_puts_in_reach():
    """A move then a charge (ACT-3, CHG-1): from column 5 the goblin 5 squares away can be charged, with
    the charge's chance from its end square (nm s17 F9: the preview named only attacks without moving)."""
    st = battle(FIELD, {"W": WARRIOR}, active="W")
    (charge,) = charges_from(st, (4, 0))
    assert charge.target == "b" and charge.attack == "Sword"
    assert f"From there: charge b {round(100 * charge.hit_chance)}%." in _hints(st).hint((4, 0))


def test_CHG_3_no_charge_is_named_from_a_square_next_to_the_target_or_beyond_reach():
    """From next to the goblin a charge cannot move its 2 squares (CHG-3); from 9 squares away it cannot
    reach with speed 6 (CHG-1): nothing to name."""
    st = battle(FIELD, {"W": WARRIOR}, active="W")
    assert charges_from(st, (8, 4)) == () and charges_from(st, (0, 1)) == ()
    assert "From there" not in _hints(st).hint((0, 1))


def test_CHG_1_a_charge_refused_as_too_far_says_to_move_first():
    """``c`` with every enemy beyond charging distance says that a move first may bring one in reach
    (nm s17 F9), and stops saying it once the move action is used (ACT-1)."""
    st = battle(FIELD, {"W": WARRIOR}, active="W")
    hints = _hints(st)
    text = hints.charge_refusal()
    assert text.startswith("No enemy in reach of a charge:") and "Move first (m): from there a charge may reach" in text
    moved = st.copy()
    moved.move_used = True
    assert "Move first" not in _hints(moved.seal()).charge_refusal()


def test_CHG_1_a_charge_refusal_counts_the_enemies_it_does_not_name_by_reason():
    """s22 newcomer: "; 7 more" said neither why nor which rule; the rest are counted by reason, each
    reason with its rule."""
    from tactica.client.hints import _the_rest
    assert _the_rest([]) == ""
    assert _the_rest(["too far (CHG-1)"] * 3) == "; 3 more too far (CHG-1)"
    assert _the_rest(["too far (CHG-1)", "no line of sight (CHG-2)", "too far (CHG-1)"]) == (
        "; 3 more: 2 too far (CHG-1), 1 no line of sight (CHG-2)")

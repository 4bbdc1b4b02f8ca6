"""The move preview names what the active creature could attack from the square it would move to, with
the chance to hit from there and whether the target has cover (nm s16 B1: the cover of a shot could
only be seen by moving first)."""
from __future__ import annotations

from tactica.client.hints import Hints
from tactica.client.modes import ModeMachine
from tactica.client.session import GameSession
from tactica.engine import attacks_from
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
